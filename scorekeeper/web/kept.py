"""The one place the app keeps a value from one request for the next.

A kept value is served to every later request that asks with the same key, whoever
sends it. So its key must name everything the value depends on, and a reader should be
able to check that from the call alone: each key part is a named argument
(``kept("static gzip", build, path=..., mtime_ns=..., size=...)``).

What is kept here depends on files only (a static file's hash, version and quoted
path, its gzip, what a module imports: :mod:`.assets`). Nothing of a request (its
language, the prefix it is served under, its visitor) is part of a kept value, and no
page markup is kept: pages are rendered for each request, and made fast by what they
compute, not by reusing it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from flask import Flask, current_app

T = TypeVar("T")


def kept(kind: str, build: Callable[[], T], **key: Hashable) -> T:
    """``build()`` for this ``kind`` and ``key``, built on first use and kept by the app.

    Two threads asking at once may both build it; one of the equal values is kept.
    """
    store: dict[tuple, object] = current_app.extensions["kept"]
    full = (kind, *key.items())
    try:
        return store[full]  # type: ignore[return-value]
    except KeyError:
        return store.setdefault(full, build())  # type: ignore[return-value]


def init_app(app: Flask) -> None:
    app.extensions["kept"] = {}
