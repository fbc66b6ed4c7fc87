"""Imports never stall the tables: the largest event file posted over and over while a
phone enters deals (docs/api.md, Imports never stall the tables).

The server is the one ``python -m scorekeeper`` starts (waitress with the same options,
``server_options``), in a process of its own with a fresh database, its write
transactions timed from the moment each holds the write lock to its commit (the lock
hold time). Meanwhile:

- ``--importers`` clients each post the largest event file the app takes (200 players,
  20 rounds, 1,000 tables of 4, one deal each: :func:`largest_event_file`) back to back,
  on connections of their own, as fast as the server answers;
- a phone adds a deal every ``--every`` seconds to an ordinary game (a new game when one
  ends), and every answer's latency is kept.

It reports the deals' latency (p50, p95, worst), every answer of 500 or more (there must
be none), the imports stored and refused (429 past the bound, with ``Retry-After``), and
the lock hold time of every write transaction (p50, p95, worst; the promise: never over
0.2 s), as wall time and as the serving thread's own CPU time meanwhile (on a busy machine
the wall time also holds the moments the thread waited for a core). Three runs: the phone
alone (``quiet``, the baseline the others compare with), with the app's own bounds on
imports (``bounded``: most imports refused with 429), and with the bounds lifted
(``unbounded``: every import is stored, one at a time, the worst a server meets).

``--source DIR`` serves another checkout of the app (``git archive main | tar -x -C DIR``)
with the same clients, to compare with the code before a change.

Run: ``.venv/bin/python benchmarks/bench_import_flood.py`` (about 80 s), or
``--seconds 10 --runs unbounded``. ``tests/test_events_import_flood.py`` runs it briefly.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

PLAYERS = ["Ann", "Bob", "Cas", "Dirk"]
DEAL = dict.fromkeys(PLAYERS, 6)  # 24 a deal, the fewest four players hand out: 11 deals
TIMEOUT = 60.0
UNBOUNDED = {"event": [1_000_000, 1], "backup": [1_000_000, 1]}


def largest_event_file(rounds: int = 20, players: int = 200) -> dict:
    """A valid event file as large as the app takes (its JSON, as the director's download
    writes it, stays under 256 KB): every round seated as the app seats it (round 1 as the
    seed draws it), one deal at each table that ends its game."""
    from scorekeeper.engine.seating import draw_round, table_sizes
    from scorekeeper.events.transfer import FORMAT, VERSION

    names = [f"P{n:03d}" for n in range(1, players + 1)]
    seed, at, name = 20_261_127, "2026-11-27T19:00:00Z", "Clubavond november 2026"
    tables = []
    for number in range(1, rounds + 1):
        if number == 1:
            seating = draw_round(names, seed)
        else:  # any seating of the same sizes: the app's later rounds follow the standings
            shift = [names[(i * 7 + number) % players] for i in range(players)]
            sizes, seating, start = table_sizes(players), [], 0
            for size in sizes:
                seating.append(shift[start:start + size])
                start += size
        for table, seated in enumerate(seating, 1):
            values = [70] + [10] * (len(seated) - 1)
            tables.append({"round": number, "table": table, "players": seated,
                           "reopened": False, "paper": None,
                           "game": {"created_at": at, "note":
                                    f"{name} · event round {number} · table {table}",
                                    "log": [["deal", 1, values, at]]}})
    return {"format": FORMAT, "version": VERSION, "exported_at": at, "name": name,
            "created_at": at, "players": names, "rounds": rounds, "seed": seed,
            "threshold": 66, "fixed_deals": None, "virgin_doubling": False, "changes": [],
            "tables": tables, "replaced": [], "history": []}


def file_bytes(data: dict) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


# --- The server, its write transactions timed ---------------------------------------------


def serve(port: int, database: str, limits: str, holds_path: str) -> None:
    """``python -m scorekeeper``'s server, each outermost write transaction timed; the app
    of the checkout it runs in (its working directory, ``--source``)."""
    sys.path[:] = [os.getcwd(), *(p for p in sys.path if p != str(ROOT))]
    from contextlib import contextmanager

    from waitress import serve as waitress_serve

    from scorekeeper.web import db

    holds: list[tuple[float, float]] = []
    untimed = db.transaction

    @contextmanager
    def timed(conn):
        if conn.in_transaction:
            with untimed(conn) as inner:
                yield inner
            return
        start = cpu = None
        try:
            with untimed(conn) as inner:
                start = time.perf_counter()  # BEGIN IMMEDIATE returned: the lock is held
                cpu = time.thread_time()
                yield inner
        finally:
            if start is not None and cpu is not None:
                holds.append((time.perf_counter() - start, time.thread_time() - cpu))

    db.transaction = timed  # before the features import it

    def stop(_signum, _frame):
        Path(holds_path).write_text(json.dumps(holds))
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)
    from scorekeeper import create_app
    from scorekeeper.__main__ import server_options

    config = {"DATABASE": database, "SECRET_KEY": "bench"}
    if limits == "unbounded":
        config["IMPORT_LIMITS"] = UNBOUNDED
    app = create_app(config)
    waitress_serve(app, **server_options(app, "127.0.0.1", port))


class Server:
    def __init__(self, limits: str, folder: Path, source: Path = ROOT) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.holds_path = folder / f"holds-{limits}.json"
        command = [sys.executable, __file__, "--serve", str(self.port),
                   str(folder / f"{limits}.sqlite"), limits, str(self.holds_path)]
        self.process = subprocess.Popen(command, cwd=source, env={**os.environ,
                                                                  "PYTHONPATH": str(source)})
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if request(self.port, "GET", "/healthz")[0] == 200:
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the server did not answer /healthz within 60 s")

    def stop(self) -> list[list[float]]:
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        return json.loads(self.holds_path.read_text()) if self.holds_path.exists() else []


# --- Clients ---------------------------------------------------------------------------------


def request(port: int, method: str, path: str, body: bytes | None = None,
            headers: dict | None = None) -> tuple[int, dict, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
    try:
        sent = {"Connection": "close", **(headers or {})}
        if body is not None:
            sent["Content-Type"] = "application/json"
        conn.request(method, path, body=body, headers=sent)
        answer = conn.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
    finally:
        conn.close()


class Client:
    """A browser's session: its cookie and CSRF token."""

    def __init__(self, port: int) -> None:
        self.port = port
        status, headers, body = request(port, "GET", "/pwa/csrf-token")
        assert status == 200, status
        self.cookie = headers["set-cookie"].split(";", 1)[0]
        self.token = json.loads(body)["csrf_token"]

    def post(self, path: str, body: bytes) -> tuple[int, dict, bytes]:
        return request(self.port, "POST", path, body,
                       {"Cookie": self.cookie, "X-CSRFToken": self.token})


@dataclass
class Record:
    lock: threading.Lock = field(default_factory=threading.Lock)
    deals: list[float] = field(default_factory=list)
    deal_statuses: dict[int, int] = field(default_factory=dict)
    imports: dict[int, int] = field(default_factory=dict)
    import_seconds: list[float] = field(default_factory=list)
    retry_after: set[str] = field(default_factory=set)
    failures: list[str] = field(default_factory=list)

    def count(self, table: dict[int, int], status: int) -> None:
        with self.lock:
            table[status] = table.get(status, 0) + 1


def importer(port: int, body: bytes, until: float, record: Record) -> None:
    client = Client(port)
    while time.monotonic() < until:
        started = time.monotonic()
        try:
            status, headers, answer = client.post("/api/v1/events/import", body)
        except OSError as exc:
            record.failures.append(f"import: {exc}")
            continue
        record.count(record.imports, status)
        if status == 201:
            record.import_seconds.append(time.monotonic() - started)
        elif status == 429:
            record.retry_after.add(headers.get("retry-after", "none"))
            time.sleep(0.2)  # a client that does not wait still gets its 429 at once
        elif status >= 500:
            record.failures.append(f"import {status}: {answer[:200]!r}")


def phone(port: int, every: float, until: float, record: Record) -> None:
    client = Client(port)
    game, number = None, 0
    next_at = time.monotonic()
    while time.monotonic() < until:
        if game is None or number == 11:
            status, _, answer = client.post("/api/v1/games", json.dumps(
                {"players": PLAYERS}).encode())
            if status != 201:
                record.failures.append(f"new game {status}: {answer[:200]!r}")
                time.sleep(every)
                continue
            game, number = json.loads(answer)["id"], 0
        number += 1
        body = json.dumps({"number": number, "bullheads": DEAL,
                           "client_id": f"{game}-{number}"}).encode()
        started = time.monotonic()
        try:
            status, _, answer = client.post(f"/api/v1/games/{game}/deals", body)
        except OSError as exc:
            record.failures.append(f"deal: {exc}")
            status = 0
        with record.lock:
            record.deals.append(time.monotonic() - started)
        record.count(record.deal_statuses, status)
        if status not in (200, 201):
            record.failures.append(f"deal {status}: {answer[:200]!r}")
            game = None
        next_at += every
        time.sleep(max(0.0, next_at - time.monotonic()))


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@dataclass
class Outcome:
    record: Record
    holds: list[list[float]]
    """Per write transaction: seconds it held the lock, and its thread's CPU seconds."""

    @property
    def errors(self) -> int:
        return sum(n for s, n in (*self.record.deal_statuses.items(),
                                  *self.record.imports.items()) if s >= 500 or s == 0)

    @property
    def deal_p95(self) -> float:
        return percentile(self.record.deals, 0.95)

    def report(self, name: str) -> str:
        r = self.record
        holds, cpu = [h[0] for h in self.holds], [h[1] for h in self.holds]
        lines = [
            f"{name}: deals {len(r.deals)}, answers {dict(sorted(r.deal_statuses.items()))}; "
            f"latency p50 {statistics.median(r.deals) * 1000:.0f} ms, p95 "
            f"{self.deal_p95 * 1000:.0f} ms, worst {max(r.deals) * 1000:.0f} ms",
            f"  imports: answers {dict(sorted(r.imports.items()))}, Retry-After "
            f"{sorted(r.retry_after) or '-'}; a stored import took p50 "
            + (f"{statistics.median(r.import_seconds):.2f} s" if r.import_seconds else "-"),
            f"  write lock held by each of {len(holds)} transactions: p50 "
            f"{percentile(holds, 0.5) * 1000:.1f} ms, p95 {percentile(holds, 0.95) * 1000:.1f} "
            f"ms, worst {max(holds, default=0) * 1000:.1f} ms; its thread's CPU meanwhile "
            f"p95 {percentile(cpu, 0.95) * 1000:.1f} ms, worst {max(cpu, default=0) * 1000:.1f} ms",
            f"  answers of 500 or more (or none): {self.errors}",
        ]
        lines += [f"  ! {failure}" for failure in r.failures[:5]]
        return "\n".join(lines)


def run(limits: str, seconds: float, importers: int, every: float, folder: Path,
        source: Path = ROOT) -> Outcome:
    """One run: ``importers`` clients (none for ``quiet``) and the phone for ``seconds``."""
    body = file_bytes(largest_event_file())
    server = Server(limits, folder, source)
    importers = 0 if limits == "quiet" else importers
    record = Record()
    try:
        until = time.monotonic() + seconds
        threads = [threading.Thread(target=importer, args=(server.port, body, until, record))
                   for _ in range(importers)]
        threads.append(threading.Thread(target=phone,
                                        args=(server.port, every, until, record)))
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        holds = server.stop()
    return Outcome(record, holds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--importers", type=int, default=3)
    parser.add_argument("--every", type=float, default=0.1)
    parser.add_argument("--runs", default="quiet,bounded,unbounded")
    parser.add_argument("--source", type=Path, default=ROOT)
    parser.add_argument("--serve", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        port, database, limits, holds = args.serve
        serve(int(port), database, limits, holds)
        return
    body = file_bytes(largest_event_file())
    print(f"largest event file: {len(body) / 1024:.0f} KB, 200 players, 20 rounds, "
          f"1000 tables; {args.source}; load average {os.getloadavg()[0]:.1f}")
    quiet = None
    with tempfile.TemporaryDirectory() as folder:
        for limits in args.runs.split(","):
            outcome = run(limits, args.seconds, args.importers, args.every, Path(folder),
                          args.source)
            print(outcome.report(limits))
            if limits == "quiet":
                quiet = outcome
            elif quiet is not None and quiet.record.deals:
                ratio = outcome.deal_p95 / quiet.deal_p95
                print(f"  deals' p95 against the quiet run: {ratio:.1f}x")


if __name__ == "__main__":
    main()
