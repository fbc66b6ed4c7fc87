"""Heavy answers (every PDF) made apart from the serving threads, by a bounded number of
worker processes.

WeasyPrint lays a page out in Python, for up to seconds, and an event's or a series'
standings are computed in Python too. Made in a serving thread, they hold the
interpreter's lock (the GIL) and one of waitress's four threads all that time: four
clients asking for PDFs kept ``/healthz`` waiting up to 9 s. So a view marked
:func:`heavy` is answered by a worker process instead. The serving thread sends it the
request (method, address, headers, body), waits without holding the GIL, and answers
what the worker hands back (status, headers, body). The worker runs the very same view,
in an app the application factory made from the same configuration, so the answer is
the one the view would have given in place. Heavy views set no cookie: the serving
process's own hooks set those a request needs (the language's), as for any answer.

Bounded: at most ``HEAVY_WORKERS`` answers are made at once and ``HEAVY_QUEUE`` more wait
their turn. One beyond that is refused at once with 503 (:class:`Busy`, with
``Retry-After``), so at most ``HEAVY_WORKERS + HEAVY_QUEUE`` of waitress's threads ever
wait on a heavy answer and the others serve the rest of the site as if none was asked.
``HEAVY_WORKERS = 0`` makes heavy answers in the serving thread, as before (the
benchmarks of the work itself). What repeats is kept by the worker: a PDF by the HTML it
is made from (:func:`scorekeeper.web.pdf.render`).

A worker runs at a lower priority than its server (``nice``), so on a small machine a
layout never keeps the serving threads from the processor. A worker that dies (killed,
out of memory) is replaced at the next heavy request, the request it was making
answered 503. A worker whose server is gone (killed with SIGKILL)
ends itself within a second.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import pickle
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as TookTooLong
from concurrent.futures.process import BrokenProcessPool
from functools import wraps
from typing import Any

from flask import Flask, Response, current_app, request

from ..engine.errors import N_, RulesError

#: Worker processes (``HEAVY_WORKERS``): one leaves the other core of a small server to
#: everything else.
WORKERS = 1
#: Heavy requests that may wait for a worker besides those being made (``HEAVY_QUEUE``):
#: with one worker, three of waitress's four threads at most.
QUEUE = 2
#: How long a serving thread waits for its answer before it gives up (503).
TIMEOUT = 60
#: What a refused request is told to wait, in seconds.
RETRY_AFTER = 5
#: Apps a worker keeps, by their configuration (the tests make many).
APPS_KEPT = 4
#: Request headers the worker is not sent: the serving process compresses the answer and
#: knows the body's length; the host is part of the address.
_NOT_SENT = {"host", "content-length", "accept-encoding"}
#: Answer headers not handed back: heavy views set no cookie (the serving process's hooks
#: set the language's), and the length is the serving process's to set.
_NOT_KEPT = {"content-length", "set-cookie"}


class Busy(RulesError):
    status = 503
    template = N_("Other PDFs are being made right now. Please try again in a few seconds.")


def heavy(view: Callable[..., Any]) -> Callable[..., Any]:
    """Mark a view whose answer is made by a worker process (this module's docstring).
    It may read the request and the database and write nothing; it sets no cookie."""

    @wraps(view)
    def answered(*args: Any, **kwargs: Any) -> Any:
        gate: Gate | None = current_app.extensions.get("heavy")
        if _in_worker or gate is None or gate.workers == 0:
            return view(*args, **kwargs)
        return gate.answer()

    return answered


# --- The serving process ------------------------------------------------------------


_pools: dict[int, ProcessPoolExecutor] = {}
_pools_lock = threading.Lock()


def _pool(workers: int) -> ProcessPoolExecutor:
    """The process's pool of ``workers`` processes (shared by every app it serves)."""
    with _pools_lock:
        pool = _pools.get(workers)
        if pool is None:
            # spawn: a fork of a process whose threads hold locks can deadlock.
            pool = ProcessPoolExecutor(max_workers=workers,
                                       mp_context=multiprocessing.get_context("spawn"),
                                       initializer=_start_worker, initargs=(os.getpid(),))
            _pools[workers] = pool
        return pool


def _forget(workers: int, pool: ProcessPoolExecutor) -> None:
    """A broken pool (a worker died) is replaced at the next request."""
    with _pools_lock:
        if _pools.get(workers) is pool:
            del _pools[workers]
    pool.shutdown(wait=False, cancel_futures=True)


def stop() -> None:
    """End every worker now, with what it was making (a server's end: nobody waits for
    those answers any more), and wait for none of them: a worker at its lower priority
    may be laying out a PDF for long on a busy machine. The next heavy request, if any,
    starts a new pool."""
    with _pools_lock:
        pools = list(_pools.values())
        _pools.clear()
    for pool in pools:
        # The executor has no public way to end its processes before Python 3.14
        # (terminate_workers).
        processes = getattr(pool, "_processes", None) or {}
        for process in list(processes.values()):
            process.terminate()
        pool.shutdown(wait=False, cancel_futures=True)


class Gate:
    """An app's way to its workers: how many, how many may wait, and its factory."""

    def __init__(self, app: Flask, factory: Callable[[dict], Flask]) -> None:
        self.workers = int(app.config.get("HEAVY_WORKERS", WORKERS))
        self.slots = threading.BoundedSemaphore(
            self.workers + int(app.config.get("HEAVY_QUEUE", QUEUE)))
        self.factory = factory

    def answer(self) -> Response:
        """The request's answer made by a worker, or :class:`Busy` when every slot is
        taken. A slot is given back when the worker is done, not when the serving
        thread stops waiting, so the bound holds for the workers' load too."""
        if not self.slots.acquire(blocking=False):
            raise Busy()
        config = pickle.dumps(dict(current_app.config))
        call = _call()
        pool = _pool(self.workers)
        try:
            future: Future = pool.submit(_answer, self.factory, config, call)
        except BrokenProcessPool:
            self.slots.release()
            _forget(self.workers, pool)
            raise Busy() from None
        future.add_done_callback(lambda _done: self.slots.release())
        try:
            status, headers, body = future.result(timeout=TIMEOUT)
        except TookTooLong:
            raise Busy() from None
        except BrokenProcessPool:
            _forget(self.workers, pool)
            raise Busy() from None
        return Response(body, status=status, headers=headers)

    def warm(self) -> None:
        """Start the workers now (a server's start), not at the first PDF."""
        if self.workers:
            _pool(self.workers).submit(time.sleep, 0)


def _call() -> dict[str, Any]:
    """The request as the worker replays it."""
    return {
        "method": request.method,
        "path": request.path,
        "query_string": request.query_string.decode("latin-1"),
        "base_url": request.host_url.rstrip("/") + request.script_root + "/",
        "headers": [(k, v) for k, v in request.headers.items()
                    if k.lower() not in _NOT_SENT],
        "data": request.get_data(),
        "environ_base": {"REMOTE_ADDR": request.remote_addr or ""},
    }


def busy(error: Busy) -> Response:
    """A refused heavy request: its sentence, and when to ask again."""
    from .errors import answer

    body, status = answer(error)
    response = current_app.make_response((body, status))
    response.headers["Retry-After"] = str(RETRY_AFTER)
    return response


def init_app(app: Flask, factory: Callable[[dict], Flask]) -> None:
    """``factory`` makes the app a worker answers with, from this app's configuration
    (the application factory; it must be importable by its name)."""
    app.extensions["heavy"] = Gate(app, factory)
    app.register_error_handler(Busy, busy)


# --- A worker process ----------------------------------------------------------------


_in_worker = False
_apps: OrderedDict[tuple[str, str], Flask] = OrderedDict()


#: How much lower a worker's claim on the processor is than its server's (``nice``): on
#: a small machine a layout never keeps the serving threads from the processor.
NICENESS = 10


def _start_worker(server: int) -> None:
    global _in_worker
    _in_worker = True
    os.nice(NICENESS)
    threading.Thread(target=_end_with, args=(server,), daemon=True).start()


def _end_with(server: int) -> None:
    """End this worker once its server is gone (a SIGKILL leaves it behind otherwise)."""
    while os.getppid() == server:
        time.sleep(1)
    os._exit(0)


def _answer(factory: Callable[[dict], Flask], config: bytes,
            call: dict[str, Any]) -> tuple[int, list[tuple[str, str]], bytes]:
    """In a worker: the request answered by an app made from ``config``."""
    key = (f"{factory.__module__}.{factory.__qualname__}", hashlib.sha256(config).hexdigest())
    app = _apps.get(key)
    if app is None:
        app = _apps[key] = factory(pickle.loads(config))
        while len(_apps) > APPS_KEPT:
            _apps.popitem(last=False)
    _apps.move_to_end(key)
    with app.test_client(use_cookies=False) as client:
        answer = client.open(**call)
        body = answer.get_data()
        headers = [(k, v) for k, v in answer.headers.items() if k.lower() not in _NOT_KEPT]
        return answer.status_code, headers, body
