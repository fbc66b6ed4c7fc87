"""The one place the app keeps a value from one request for the next.

A kept value is served to every later request that asks with the same key, whoever
sends it. So its key must name everything the value depends on, and a reader should be
able to check that from the call alone: each key part is a named argument
(``kept("static gzip", build, path=..., mtime_ns=..., size=...)``).

What :func:`kept` keeps depends on files only (a static file's hash, version and quoted
path, its gzip, a stylesheet made compact, what a module imports: :mod:`.assets`), and a
page's catalog of sentences on the language named in its key and the translations,
which Flask-Babel reads once per process (:mod:`.catalog`). Nothing of a request (its
prefix, its visitor) is part of a kept value, and no page markup is kept: pages are
rendered for each request, and made fast by what they compute, not by reusing it.

:func:`kept_lately` keeps what is made from what a request's page holds, where the
same is asked again soon: a PDF, by the HTML it is laid out from
(:func:`scorekeeper.web.pdf.render`). Only the latest few of a kind are kept.

:func:`kept_on` keeps what is computed from stored rows, one value per thing (a series'
season, :func:`scorekeeper.series.season.kept_season`), with the state of the rows it was
computed from: a request that finds the state unchanged is served the kept value; one
that finds it changed computes anew, going on from the value before where it can.
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


def kept_on(kind: str, build: Callable[[T | None], T], limit: int, of: Hashable,
            state: Hashable) -> T:
    """``build(before)`` for ``of`` as it stands in ``state``, kept while ``state`` holds
    and ``of`` is among the ``limit`` of its kind used last. One value per ``of``: when
    its state has changed, the value kept for the state before is handed to ``build`` to
    go on from (None when there is none), and the new one takes its place. ``build``
    must answer what it would answer from None; the caller's tests hold that.

    Two threads asking at once may both build; the one finished last is kept.
    """
    store: OrderedDict[Hashable, tuple[Hashable, object]] = current_app.extensions[
        "kept on"].setdefault(kind, OrderedDict())
    lock: threading.Lock = current_app.extensions["kept lately lock"]
    with lock:
        before = store.get(of)
        if before is not None:
            store.move_to_end(of)
            if before[0] == state:
                return before[1]  # type: ignore[return-value]
    value = build(None if before is None else before[1])  # type: ignore[arg-type]
    with lock:
        store[of] = (state, value)
        store.move_to_end(of)
        while len(store) > limit:
            store.popitem(last=False)
    return value


def init_app(app: Flask) -> None:
    app.extensions["kept"] = {}
    app.extensions["kept lately"] = {}
    app.extensions["kept on"] = {}
    app.extensions["kept lately lock"] = threading.Lock()
