"""How soon another phone sees a deal, with 200 score sheets open: polling or long polling.

Each run starts the server ``make run`` starts (``python -m scorekeeper``: waitress,
4 threads, at most 100 open connections) on a free port of 127.0.0.1 with a fresh
database, or that server with the settings a run names changed. Then ``--games`` games
are played at once, each of four players with a phone: every phone keeps the game's
sheet open on its own keep-alive connection, as a browser does, and one phone per game
saves a deal every ``--every`` seconds (on a connection of its own, closed after each
save). The benchmark measures

- the delay from a save (the moment the saving phone sends it) to each phone's sheet
  holding the deal: p50, p95 and the worst (a deal a sheet never saw before the end
  counts as seen at the end, a save never answered as never seen);
- ``/healthz`` latency meanwhile, asked every 0.2 s on a new connection, as a monitor
  does (goal: under 50 ms);
- the saves' own latency, the server's CPU time, and the machine's load average: other
  work on the machine slows the server as much as the sheets do, so a run on a busy
  machine says little.

Mechanisms:

- ``poll``: every sheet asks ``GET /api/v1/games/<id>`` with ``If-None-Match`` holding the
  ETag it has, every ``--interval`` seconds (each phone starting at its own moment);
  the answer is 304 while nothing changed (one read of the game's row).
- ``sheet``: the requests the score sheet's script (``static/js/game/sync.js``) makes: the
  same conditional GET every ``--interval`` seconds with ``If-None-Match: "<version>"``
  of the log it keeps, and on a 200 that moved the version the game's whole log
  (``/games/<id>/export.json``), which it draws from; a deal counts as seen once that
  log holds it.
- ``longpoll``: every sheet asks a route that the server holds until the game's version
  moves past the one the sheet has (or 25 s pass), then asks again at once. The route
  exists only in this benchmark (``add_long_poll``): a write wakes the waiting requests
  through a condition variable, the best a long poll can do in one process. A held
  request holds one of waitress's threads for as long as it waits.

Before the runs it measures, in the process and without sockets, what one poll costs the
application: the 304, the 200 with a game of 20 deals, and ``/healthz`` for scale.

Server-sent events are not run: in waitress an open event stream holds a thread for the
whole time a sheet is open, as a long poll does while it waits, so the long poll's
numbers are the best an event stream could reach here.

The last two runs open half as many sheets again: more than the long poll's threads.

Run: ``.venv/bin/python benchmarks/bench_sync.py`` (about three minutes), or quickly:
``.venv/bin/python benchmarks/bench_sync.py --sheets 40 --seconds 6``; ``--runs poll``
runs only the runs whose name starts with ``poll``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Ann", "Bob", "Cas", "Dirk"]
DEAL = {"Ann": 6, "Bob": 6, "Cas": 6, "Dirk": 6}  # 24: the fewest four players hand out
LONG_POLL_SECONDS = 25.0
MONITOR_EVERY = 0.2
#: A request unanswered this long counts as a timeout (and this long in the latencies).
TIMEOUT = 30.0


@dataclass(frozen=True)
class Run:
    name: str
    mechanism: str
    """``poll`` or ``longpoll``."""
    waitress: dict = field(default_factory=dict)
    """Waitress settings changed from those of ``python -m scorekeeper``."""
    more_sheets: float = 1.0
    """Open sheets as a multiple of ``--sheets``."""


RUNS = [
    Run("poll, waitress's default connection_limit 100", "poll", {"connection_limit": 100}),
    Run("poll, make run's server", "poll"),
    Run("sheet (static/js/game/sync.js's requests), make run's server", "sheet"),
    Run("longpoll, make run's server", "longpoll"),
    Run("longpoll, threads 250", "longpoll", {"threads": 250}),
    # Past the threads a long poll can hold, and the poll with as many sheets.
    Run("longpoll, threads 250, 1.5 times the sheets", "longpoll", {"threads": 250}, 1.5),
    Run("poll, make run's server, 1.5 times the sheets", "poll", {}, 1.5),
]


# --- The server: python -m scorekeeper, its settings changed only where a run says ---


def add_long_poll(app) -> None:
    """``GET /bench/wait/<game_id>?version=N``: answers the game once its version is not N,
    or 304 after :data:`LONG_POLL_SECONDS`. Every kept write wakes the waiting requests."""
    from flask import Response, abort, jsonify, request

    from scorekeeper.games import api, store
    from scorekeeper.web.db import get_db

    changed = threading.Condition()
    generation = [0]

    @app.after_request
    def wake(response):
        if request.method != "GET" and response.status_code in (200, 201):
            with changed:
                generation[0] += 1
                changed.notify_all()
        return response

    @app.get("/bench/wait/<game_id>")
    def wait(game_id: str):
        seen = request.args.get("version", type=int)
        deadline = time.monotonic() + LONG_POLL_SECONDS
        db = get_db()
        while True:
            with changed:
                current = generation[0]
            version = store.version_of(db, game_id)
            if version is None:
                abort(404)
            left = deadline - time.monotonic()
            if version != seen or left <= 0:
                break
            with changed:
                if generation[0] == current:  # no write since the version was read
                    changed.wait(timeout=left)
        if version == seen:
            return Response(status=304)
        game = store.load(db, game_id)
        assert game is not None
        return jsonify(api.game_json(game))


def serve(port: int, changes: dict, long_poll: bool) -> None:
    """What ``python -m scorekeeper --port PORT`` runs, with ``changes`` to its settings."""
    from waitress import serve as waitress_serve

    from scorekeeper import create_app
    from scorekeeper.__main__ import server_options

    app = create_app()
    if long_poll:
        add_long_poll(app)
    waitress_serve(app, **{**server_options(app, "127.0.0.1", port), **changes})


class Server:
    def __init__(self, run: Run, database: Path) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        if run.waitress or run.mechanism == "longpoll":
            command = [sys.executable, __file__, "--serve", str(self.port),
                       json.dumps(run.waitress), run.mechanism]
        else:  # exactly what make run starts
            command = [sys.executable, "-m", "scorekeeper", "--host", "127.0.0.1",
                       "--port", str(self.port)]
        env = {**os.environ, "SCOREKEEPER_DATABASE": str(database),
               "PYTHONPATH": str(ROOT)}
        self.process = subprocess.Popen(command, cwd=ROOT, env=env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if request("127.0.0.1", self.port, "GET", "/healthz")[0] == 200:
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the server did not answer /healthz within 30 s")

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


# --- Clients ---


def request(host: str, port: int, method: str, path: str, body: dict | None = None,
            headers: dict | None = None) -> tuple[int, dict, bytes]:
    """One request on a connection of its own, closed after the answer."""
    conn = http.client.HTTPConnection(host, port, timeout=TIMEOUT)
    try:
        data = None if body is None else json.dumps(body).encode()
        sent = {"Connection": "close", **(headers or {})}
        if data is not None:
            sent["Content-Type"] = "application/json"
        conn.request(method, path, body=data, headers=sent)
        answer = conn.getresponse()
        return answer.status, dict(answer.getheaders()), answer.read()
    finally:
        conn.close()


def cookie(headers: dict, jar: dict) -> None:
    for name, value in headers.items():
        if name.lower() == "set-cookie":
            key, _, rest = value.partition("=")
            jar[key] = rest.split(";", 1)[0]


@dataclass
class Record:
    """What every thread reports, under one lock."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    saved: dict = field(default_factory=dict)
    """(game, version) -> when the save was sent."""
    seen: list = field(default_factory=list)
    """(game, version, when a sheet first held it)."""
    saves: list = field(default_factory=list)
    health: list = field(default_factory=list)
    waiting: dict = field(default_factory=dict)
    """A save or a /healthz still unanswered: its thread -> (when it was sent, its game)."""
    seen_never: list = field(default_factory=list)
    """(game, seconds) of each save still unanswered at the end."""
    timeouts: int = 0
    errors: list = field(default_factory=list)

    def sent(self, game: str | None = None) -> float:
        start = time.monotonic()
        with self.lock:
            self.waiting[threading.get_ident()] = (start, game)
        return start

    def answered(self) -> float:
        with self.lock:
            self.waiting.pop(threading.get_ident(), None)
        return time.monotonic()

    def failed(self, what: str, stop: threading.Event) -> None:
        if not stop.is_set():  # hanging up at the end is no failure
            with self.lock:
                self.timeouts += 1
                self.errors.append(what)


class Writer:
    """The phone of a game that saves its deals: its session, a fresh connection a save."""

    def __init__(self, port: int) -> None:
        self.port, self.jar = port, {}
        _, headers, body = request("127.0.0.1", port, "GET", "/pwa/csrf-token")
        cookie(headers, self.jar)
        self.token = json.loads(body)["csrf_token"]

    def send(self, method: str, path: str, body: dict) -> tuple[int, dict]:
        headers = {"X-CSRFToken": self.token,
                   "Cookie": "; ".join(f"{k}={v}" for k, v in self.jar.items())}
        status, answer_headers, data = request("127.0.0.1", self.port, method, path, body,
                                               headers)
        cookie(answer_headers, self.jar)
        return status, json.loads(data)

    def play(self, game: str, every: float, stop: threading.Event, record: Record,
             rng: random.Random) -> None:
        number = 1
        stop.wait(rng.uniform(0, every))
        while not stop.is_set():
            start = record.sent(game)
            try:
                status, answer = self.send("POST", f"/api/v1/games/{game}/deals", {
                    "number": number, "bullheads": DEAL, "client_id": str(uuid.uuid4())})
            except OSError as failed:
                record.answered()
                record.failed(f"save: {failed!r}", stop)
                continue
            done = record.answered()
            if stop.is_set():  # answered after the end: counted there as unanswered
                break
            with record.lock:
                record.saves.append(done - start)
                if status == 201:
                    record.saved[(game, answer["version"])] = start
                else:
                    record.errors.append(f"save answered {status}")
            number += 1
            stop.wait(max(0.0, every - (time.monotonic() - start)))


class Sheet:
    """An open score sheet: one keep-alive connection, kept like a browser keeps it."""

    def __init__(self, port: int, game: str, version: int) -> None:
        self.port, self.game, self.version = port, game, version
        self.etag: str | None = None
        self.jar: dict = {}
        self.conn: http.client.HTTPConnection | None = None

    def get(self, path: str, headers: dict) -> tuple[int, dict, bytes]:
        if self.conn is None:
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
        if self.jar:
            headers = {**headers, "Cookie": "; ".join(f"{k}={v}" for k, v in self.jar.items())}
        try:
            self.conn.request("GET", path, headers=headers)
            answer = self.conn.getresponse()
            body = answer.read()
        except (OSError, http.client.HTTPException):
            self.conn.close()
            self.conn = None
            raise
        answer_headers = dict(answer.getheaders())
        cookie(answer_headers, self.jar)
        return answer.status, answer_headers, body

    def saw(self, status: int, body: bytes, record: Record) -> None:
        if status != 200:
            return
        version = json.loads(body)["version"]
        now = time.monotonic()
        with record.lock:
            for number in range(self.version + 1, version + 1):
                record.seen.append((self.game, number, now))
        self.version = max(self.version, version)

    def ask(self, path: str, headers: dict, record: Record, stop: threading.Event) -> None:
        try:
            status, answer_headers, body = self.get(path, headers)
        except (OSError, http.client.HTTPException) as failed:
            record.failed(f"sheet: {failed!r}", stop)
            return
        self.etag = answer_headers.get("ETag", self.etag)
        self.saw(status, body, record)

    def poll(self, interval: float, stop: threading.Event, record: Record,
             rng: random.Random) -> None:
        due = time.monotonic() + rng.uniform(0, interval)
        while not stop.wait(max(0.0, due - time.monotonic())):
            headers = {"If-None-Match": self.etag} if self.etag else {}
            self.ask(f"/api/v1/games/{self.game}", headers, record, stop)
            due = max(due + interval, time.monotonic())

    def sheet(self, interval: float, stop: threading.Event, record: Record,
              rng: random.Random) -> None:
        due = time.monotonic() + rng.uniform(0, interval)
        while not stop.wait(max(0.0, due - time.monotonic())):
            try:
                status, _, body = self.get(f"/api/v1/games/{self.game}",
                                           {"If-None-Match": f'"{self.version}"'})
                if status == 200 and json.loads(body)["version"] != self.version:
                    status, _, body = self.get(f"/games/{self.game}/export.json", {})
                    if status == 200:
                        version = len(json.loads(body)["events"])
                        self.saw(200, json.dumps({"version": version}).encode(), record)
            except (OSError, http.client.HTTPException) as failed:
                record.failed(f"sheet: {failed!r}", stop)
            due = max(due + interval, time.monotonic())

    def long_poll(self, _interval: float, stop: threading.Event, record: Record,
                  _rng: random.Random) -> None:
        while not stop.is_set():
            self.ask(f"/bench/wait/{self.game}?version={self.version}", {}, record, stop)

    def close(self) -> None:
        """Hang up, waking a request still waiting for its answer."""
        if self.conn is not None and self.conn.sock is not None:
            self.conn.sock.shutdown(socket.SHUT_RDWR)


def monitor(port: int, stop: threading.Event, record: Record) -> None:
    while not stop.wait(MONITOR_EVERY):
        start = record.sent()
        try:
            status = request("127.0.0.1", port, "GET", "/healthz")[0]
        except OSError:
            status = 0
        done = record.answered()
        if stop.is_set():  # answered after the end: counted there as unanswered
            break
        with record.lock:
            record.health.append(done - start)
        if status != 200:
            record.failed(f"healthz answered {status}", stop)


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def spread(values: list[float]) -> dict:
    return {"p50": percentile(values, 0.5), "p95": percentile(values, 0.95),
            "max": max(values, default=float("nan")), "n": len(values)}


def threads_for(targets: list[tuple[Callable, tuple]]) -> list[threading.Thread]:
    threads = [threading.Thread(target=target, args=args, daemon=True)
               for target, args in targets]
    for thread in threads:
        thread.start()
    return threads


def measure(run: Run, sheets: int, games: int, seconds: float, every: float,
            interval: float, seed: int = 6) -> dict:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(run, Path(tmp) / "bench.sqlite")
        try:
            writers = [Writer(server.port) for _ in range(games)]
            ids = []
            for writer in writers:
                status, game = writer.send("POST", "/api/v1/games",
                                           {"players": PLAYERS, "threshold": 1000})
                assert status == 201, game
                ids.append(game["id"])
            open_sheets = [Sheet(server.port, ids[i % games], 0) for i in range(sheets)]
            record, stop = Record(), threading.Event()
            mechanism = {"poll": Sheet.poll, "sheet": Sheet.sheet}.get(run.mechanism,
                                                                      Sheet.long_poll)
            cpu, load = server.cpu_seconds(), os.getloadavg()[0]
            threads = threads_for(
                [(mechanism, (sheet, interval, stop, record, random.Random(rng.random())))
                 for sheet in open_sheets]
                + [(Writer.play, (w, game, every, stop, record, random.Random(rng.random())))
                   for w, game in zip(writers, ids, strict=True)]
                + [(monitor, (server.port, stop, record))])
            time.sleep(seconds)
            stop.set()
            end = time.monotonic()
            with record.lock:  # still unanswered: as long as they have waited, at least
                unanswered = dict(record.waiting)
                record.waiting.clear()
            cpu = server.cpu_seconds() - cpu
            load = max(load, os.getloadavg()[0])
            for sheet in open_sheets:
                sheet.close()
            for thread in threads:  # daemons: one that still waits is left behind
                thread.join(timeout=max(0.0, end + 2 - time.monotonic()))
        finally:
            server.stop()
    late_saves = []
    for start, game in unanswered.values():
        if game is None:
            record.health.append(end - start)
        else:
            late_saves.append(end - start)
            record.seen_never.append((game, end - start))
    record.saves += late_saves
    with record.lock:
        delays = []
        first_seen: dict = {}
        for game, version, when in record.seen:
            first_seen.setdefault((game, version), []).append(when)
        per_game = {game: sum(1 for s in open_sheets if s.game == game) for game in ids}
        for (game, version), saved in record.saved.items():
            seen = first_seen.get((game, version), [])
            delays += [max(0.0, when - saved) for when in seen]
            delays += [end - saved] * (per_game[game] - len(seen))  # never seen
        for game, waited in record.seen_never:  # its save never answered: nobody saw it
            delays += [waited] * per_game[game]
        return {"run": f"{run.name} ({sheets} sheets)", "delay": spread(delays),
                "healthz": spread(record.health),
                "saves": spread(record.saves), "unanswered": len(late_saves),
                "timeouts": record.timeouts,
                "errors": record.errors[:3], "cpu": cpu / seconds, "load": load}


def poll_costs(rounds: int = 1000) -> dict:
    """Median milliseconds of a 304, a 200 with a game of 20 deals and /healthz, through
    the Flask test client (the application's own share of a poll)."""
    from scorekeeper import create_app

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE": str(Path(tmp) / "costs.sqlite"), "SECRET_KEY": "bench"})
        client = app.test_client()
        token = {"X-CSRFToken": client.get("/pwa/csrf-token").get_json()["csrf_token"]}
        game = client.post("/api/v1/games", json={"players": PLAYERS, "threshold": 1000},
                           headers=token).get_json()["id"]
        for number in range(1, 21):
            client.post(f"/api/v1/games/{game}/deals", headers=token,
                        json={"number": number, "bullheads": DEAL})
        path = f"/api/v1/games/{game}"
        tag = client.get(path).headers["ETag"]
        asks = {"304": (path, {"If-None-Match": tag}), "200": (path, {}),
                "healthz": ("/healthz", {})}
        times: dict[str, list[float]] = {name: [] for name in asks}
        for _ in range(rounds):
            for name, (url, headers) in asks.items():
                start = time.perf_counter()
                client.get(url, headers=headers)
                times[name].append(time.perf_counter() - start)
    return {name: sorted(values)[len(values) // 2] * 1e3 for name, values in times.items()}


def report(result: dict) -> str:
    delay, health, saves = result["delay"], result["healthz"], result["saves"]
    lines = [
        f"{result['run']}:",
        f"  seen by another phone: p50 {delay['p50']:.3f} s, p95 {delay['p95']:.3f} s, "
        f"max {delay['max']:.3f} s ({delay['n']} sightings; goal p95 <= 1 s)",
        f"  /healthz: p50 {health['p50'] * 1e3:.1f} ms, p95 {health['p95'] * 1e3:.1f} ms, "
        f"max {health['max'] * 1e3:.1f} ms (goal < 50 ms)",
        f"  saves: p50 {saves['p50'] * 1e3:.1f} ms, p95 {saves['p95'] * 1e3:.1f} ms "
        f"({saves['n']}, {result['unanswered']} never answered); "
        f"server CPU {result['cpu'] * 100:.0f}% of one core; failed requests {result['timeouts']}",
        f"  the machine's load average (1 min, before or after, the higher): {result['load']:.1f} "
        f"on {os.cpu_count()} cores",
    ]
    if result["errors"]:
        lines.append(f"  first errors: {result['errors']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sheets", type=int, default=200, help="open score sheets")
    parser.add_argument("--games", type=int, default=50, help="games they show")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each run")
    parser.add_argument("--every", type=float, default=5.0,
                        help="seconds between one game's saves")
    parser.add_argument("--interval", type=float, default=0.8,
                        help="seconds between one sheet's polls")
    parser.add_argument("--runs", default="", help="only the runs whose name starts so")
    parser.add_argument("--serve", nargs=3, metavar=("PORT", "CHANGES", "MECHANISM"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        port, changes, mechanism = args.serve
        serve(int(port), json.loads(changes), mechanism == "longpoll")
        return
    costs = poll_costs()
    print(f"one poll in the application (median, no sockets): 304 {costs['304']:.2f} ms, "
          f"200 with a game of 20 deals {costs['200']:.2f} ms, /healthz "
          f"{costs['healthz']:.2f} ms")
    print(f"{args.sheets} sheets open on {args.games} games, a save every {args.every:g} s "
          f"per game, polls every {args.interval:g} s, {args.seconds:g} s per run")
    for run in RUNS:
        if run.name.startswith(args.runs):
            scale = run.more_sheets
            result = measure(run, round(args.sheets * scale), round(args.games * scale),
                             args.seconds, args.every, args.interval)
            print(report(result), flush=True)


if __name__ == "__main__":
    main()
