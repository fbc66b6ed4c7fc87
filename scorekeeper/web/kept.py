"""The one place the app keeps a value from one request for the next.

A kept value is served to every later request that asks with the same key, whoever
sends it. So its key must name everything the value depends on, and a reader should be
able to check that from the call alone: each key part is a named argument
(``kept("static gzip", build, path=..., mtime_ns=..., size=...)``).

What :func:`kept` keeps depends on files only (a static file's hash, version and quoted
path, its gzip, what a module imports: :mod:`.assets`). Nothing of a request (its
language, the prefix it is served under, its visitor) is part of a kept value, and no
page markup is kept: pages are rendered for each request, and made fast by what they
compute, not by reusing it.

:func:`kept_lately` keeps what is made from what a request's page holds, where the
same is asked again soon: a PDF, by the HTML it is laid out from
(:func:`scorekeeper.web.pdf.render`). Only the latest few of a kind are kept.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
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


def kept_lately(kind: str, build: Callable[[], T], limit: int, **key: Hashable) -> T:
    """``build()`` for this ``kind`` and ``key``, kept while it is among the ``limit``
    values of its kind used last (the oldest is forgotten first).

    Two threads asking at once may both build it; one of the equal values is kept.
    """
    store: OrderedDict[tuple, object] = current_app.extensions["kept lately"].setdefault(
        kind, OrderedDict())
    full = tuple(key.items())
    lock: threading.Lock = current_app.extensions["kept lately lock"]
    with lock:
        if full in store:
            store.move_to_end(full)
            return store[full]  # type: ignore[return-value]
    value = build()
    with lock:
        store[full] = value
        while len(store) > limit:
            store.popitem(last=False)
    return value


def init_app(app: Flask) -> None:
    app.extensions["kept"] = {}
    app.extensions["kept lately"] = {}
    app.extensions["kept lately lock"] = threading.Lock()
