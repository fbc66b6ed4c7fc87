"""Keys that give a right: an event's director's key, a series' key, a season's
organiser's key and its venues' keys.

Each is made once (192 random bits, 32 URL-safe characters), handed over once, and
stored only as its SHA-256, compared in constant time. A key that long needs no slow
hash: nobody can try enough keys to find one whose SHA-256 matches, and the hash alone
opens nothing.

A browser that holds keys of several things of one kind (the series it directs, the
seasons it organises) keeps them in one cookie, a :class:`Ring`.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

from flask import Response, current_app, request

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


def derived_key(key: str, purpose: str) -> str:
    """A key made from ``key`` for ``purpose`` (a season's venue's, from the organiser's):
    whoever holds ``key`` can make it again, nobody else can. 192 bits, as every key.

    >>> one = derived_key(new_key(), "venue:abc")
    >>> bool(KEY.fullmatch(one))
    True
    """
    digest = hmac.new(key.encode("ascii"), purpose.encode("utf-8"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode("ascii")


@dataclass(frozen=True)
class Ring:
    """The keys one browser holds for things of one kind, in the cookie ``cookie``: pairs
    ``<id>.<key>`` joined by ``~``, newest first, at most ``held`` (the oldest is
    forgotten past that). HttpOnly, SameSite=Lax, for every page of the site; kept
    ``days`` days (browsers keep a cookie at most 400)."""

    cookie: str
    ids: str
    """A regular expression every id matches."""
    held: int = 20
    days: int = 400

    def keys(self) -> dict[str, str]:
        """The keys this browser's cookie holds, by id (not yet checked)."""
        pair = re.compile(rf"({self.ids})\.({KEY.pattern})")
        matches = (pair.fullmatch(part) for part in request.cookies.get(self.cookie, "").split("~"))
        return {match[1]: match[2] for match in matches if match}

    def remember(self, response: Response, thing: str, key: str) -> Response:
        """This browser holds ``key`` for ``thing`` from now on."""
        held = {thing: key, **{t: k for t, k in self.keys().items() if t != thing}}
        value = "~".join(f"{t}.{k}" for t, k in list(held.items())[:self.held])
        response.set_cookie(
            self.cookie, value, max_age=self.days * 24 * 3600, path="/", httponly=True,
            samesite="Lax", secure=bool(current_app.config["SESSION_COOKIE_SECURE"]))
        return response
