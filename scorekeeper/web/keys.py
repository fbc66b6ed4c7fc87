"""Keys that give a right: an event's director's key, a series' key.

Each is made once (192 random bits, 32 URL-safe characters), handed over once, and
stored only as its SHA-256, compared in constant time. A key that long needs no slow
hash: nobody can try enough keys to find one whose SHA-256 matches, and the hash alone
opens nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

#: What every key :func:`new_key` makes looks like; anything else opens nothing.
KEY = re.compile(r"[A-Za-z0-9_-]{32}")


def new_key() -> str:
    """192 random bits, URL-safe (32 characters)."""
    return secrets.token_urlsafe(24)


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("ascii", "replace")).hexdigest()


def opens(stored_hash: str | None, key: object) -> bool:
    """Whether ``key`` is the key whose hash is ``stored_hash`` (in constant time)."""
    if stored_hash is None or not isinstance(key, str) or not KEY.fullmatch(key):
        return False
    return hmac.compare_digest(key_hash(key), stored_hash)
