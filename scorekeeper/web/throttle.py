"""How often a visitor may ask for the heaviest writes: importing a file.

An event file stores up to a thousand games, a game backup twenty; anyone may send one,
so each kind is bounded per client (its address as the server sees it) and per stretch of
time, and event files are read and stored one at a time (an attempt refused because
another is being stored does not count). A request past a bound is refused before its
file is read, with 429, ``Retry-After`` and a sentence in the visitor's language
(docs/api.md, Imports never stall the tables). The counts live in the application (one
process serves the site), so a restart forgets them, and each test's app starts afresh.

Behind a proxy every visitor comes from the proxy's address: the bound is then the
proxy's, shared by everyone behind it, which still keeps the database's writers free.
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager

from flask import Flask, current_app, request

from ..engine.errors import N_, RulesError

#: Imports of each kind one client may start in a stretch of time: (count, seconds).
#: ``IMPORT_LIMITS`` in the configuration may change them.
LIMITS = {"event": (6, 600), "backup": (30, 600)}
#: When a refused client is told to try again while another event file is being stored.
BUSY_RETRY = 5


class TooManyImports(RulesError):
    """More imports from one client than the bound allows in its stretch of time."""

    status = 429
    template = N_("Too many files were imported from here lately: try again in "
                  "%(retry_after)s seconds.")
    retry_after: int


class ImportBusy(RulesError):
    """Another event file is being stored: one at a time, so the tables keep writing."""

    status = 429
    template = N_("Another event file is being imported right now: try again in "
                  "%(retry_after)s seconds.")
    retry_after: int = BUSY_RETRY


class _Counts:
    """Per kind and client, the moments of their latest imports; one lock for all."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.seen: dict[tuple[str, str], deque[float]] = {}
        self.storing = threading.Lock()


def _counts() -> _Counts:
    return current_app.extensions["throttle"]


def count_import(kind: str) -> None:
    """Count one import of ``kind`` for the asking client, or refuse it
    (:class:`TooManyImports`) when the client started its bound of them already."""
    limit, seconds = current_app.config.get("IMPORT_LIMITS", LIMITS)[kind]
    counts, now = _counts(), time.monotonic()
    client = request.remote_addr or "?"
    with counts.lock:
        times = counts.seen.setdefault((kind, client), deque())
        while times and times[0] <= now - seconds:
            times.popleft()
        if len(times) >= limit:
            raise TooManyImports(retry_after=max(1, math.ceil(times[0] + seconds - now)))
        times.append(now)
        if len(counts.seen) > 10_000:  # forget clients whose stretch has passed
            for key in [k for k, v in counts.seen.items() if v[-1] <= now - seconds]:
                del counts.seen[key]


@contextmanager
def one_at_a_time() -> Iterator[None]:
    """Store one event file at a time; another asked meanwhile is refused
    (:class:`ImportBusy`), never kept waiting on a serving thread."""
    storing = _counts().storing
    if not storing.acquire(blocking=False):
        raise ImportBusy()
    try:
        yield
    finally:
        storing.release()


def retry_after(error: RulesError) -> dict[str, str]:
    """The header of a page that words a 429 in its own form."""
    return {"Retry-After": str(getattr(error, "retry_after", BUSY_RETRY))}


def init_app(app: Flask) -> None:
    app.extensions["throttle"] = _Counts()
