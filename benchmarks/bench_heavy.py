"""Heavy answers against ``/healthz``: four clients asking for PDFs without a pause.

A fresh database gets what a club's server holds at its busiest: an event of 200 players
over 3 event rounds (every table's game ended), and a series of ``EVENINGS`` club events
of 40 players, 3 event rounds each (written through the stores, as
``bench_series.py`` does). Then the server ``make run`` starts (``python -m scorekeeper``)
answers ``CLIENTS`` clients for ``SECONDS`` seconds, each asking, one after the other
without a pause and on a new connection each time, for a PDF from a list it goes round:
the event's standings (3 languages x 2 papers x 3 event rounds: 18 variants, more than
any cache keeps), the series' standings (6 variants), the table slips of each event
round (with the director's key), the tournament sheets (``POST``) and the player aid. A
refused request (503) is asked again once its ``Retry-After`` has passed. Meanwhile a
monitor asks ``/healthz`` every 0.1 s on a new connection.

It runs three times on the same data: the PDFs made in the serving threads
(``HEAVY_WORKERS = 0``, as before worker processes), by the worker (the default), and by
the worker with hostile clients, which ask for the next PDF at once when refused (a
flood of cheap refusals, as a flood of any cheap page would be). It prints ``/healthz``
alone, then under each load: p50, p95 and the worst, the PDFs answered and refused, and
the machine's load average (other work on the machine slows everything alike). Goal:
``/healthz`` p95 under load at most 100 ms with the worker (on a machine so busy that
``/healthz`` alone has a p95 over 50 ms, at most twice that: :func:`goal`); the exit
code is 1 otherwise.

Run: ``.venv/bin/python benchmarks/bench_heavy.py`` (``--evenings 104`` for the largest
series anyone can build, ``--seconds``, ``--clients``, ``--runs worker``)
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_series import CLUB, deal_for, free_port  # noqa: E402

from scorekeeper.engine.game import EventKind  # noqa: E402
from scorekeeper.engine.settings import make_settings  # noqa: E402
from scorekeeper.events import progress  # noqa: E402
from scorekeeper.events import store as events  # noqa: E402
from scorekeeper.games import store as games  # noqa: E402
from scorekeeper.series import store as series_store  # noqa: E402
from scorekeeper.web import db, keys  # noqa: E402

EVENINGS = int(os.environ.get("EVENINGS", "52"))
SECONDS = float(os.environ.get("SECONDS", "20"))
CLIENTS = int(os.environ.get("CLIENTS", "4"))
GOAL_MS = 100
#: What a refusal asks a client to wait (``web/workers.py`` ``RETRY_AFTER``).
RETRY_AFTER = 5
KEY = "k" * 32
PLAYERS = ["Ann", "Bob", "Cas", "Dirk", "Eve"]
SHEETS = {"players": PLAYERS, "event": "Clubavond", "date": "2027-03-14", "table": "3",
          "hands": {name: list(range(1 + 10 * i, 11 + 10 * i))
                    for i, name in enumerate(PLAYERS)}}
#: The server a club runs, with a configuration of its own (as ``instance/config.py``).
SERVE = """
import sys
from waitress import serve
from scorekeeper import create_app
from scorekeeper.__main__ import server_options
app = create_app({"DATABASE": sys.argv[1], "SECRET_KEY": "bench",
                  "HEAVY_WORKERS": int(sys.argv[3])})
options = server_options(app, "127.0.0.1", int(sys.argv[2]))
app.extensions["heavy"].warm()
serve(app, **options)
"""


def play_event(conn, event_id: str, rng: random.Random, rounds: int) -> None:
    for _round in range(rounds):
        state = progress.seat_next_round(conn, event_id, lambda *_: "", "bench")
        for table in state.current:
            token = str(table.seat.game)
            games.write_deal(conn, token, EventKind.DEAL, 1,
                             deal_for(games.settings_of(conn, token), rng), None)


def fill(path: str, evenings: int) -> tuple[str, str]:
    """The big event and the series; answers their ids."""
    rng = random.Random(104)
    conn = db.connect(path)
    settings = make_settings(["a", "b", "c", "d"], None, 1, False)
    with db.transaction(conn):
        event_id = events.create_event(conn, "Clubkampioenschap",
                                       [f"Speler {n:03d}" for n in range(1, 201)], 3, 7,
                                       settings, keys.key_hash(KEY))
    play_event(conn, event_id, rng, 3)
    series_id = series_store.create_series(conn, "Clubcompetitie 2027", None, "0" * 64)
    series = series_store.must_load(conn, series_id)
    for number in range(1, evenings + 1):
        with db.transaction(conn):
            evening = events.create_event(conn, f"Avond {number}", rng.sample(CLUB, 40), 3,
                                          number, settings, "0" * 64)
            series_store.add_event(conn, series, evening)
        play_event(conn, evening, rng, 3)
    conn.close()
    return event_id, series_id


def variants(event_id: str, series_id: str) -> list[tuple[str, str, bytes | None, dict]]:
    """Every request the clients go round: (method, path, body, headers)."""
    langs, papers = ("en", "nl", "de"), ("a4", "letter")
    asked = [("GET", f"/events/{event_id}/standings.pdf?lang={lang}&paper={paper}"
              + ("" if after == 3 else f"&after={after}"), None, {})
             for lang in langs for paper in papers for after in (1, 2, 3)]
    asked += [("GET", f"/series/{series_id}/standings.pdf?lang={lang}&paper={paper}", None, {})
              for lang in langs for paper in papers]
    asked += [("GET", f"/events/{event_id}/rounds/{number}/slips.pdf?lang={lang}", None,
               {"X-Director-Key": KEY}) for number in (1, 2, 3) for lang in langs]
    asked += [("POST", "/api/v1/tournament/sheets",
               json.dumps({**SHEETS, "lang": lang}).encode(),
               {"Content-Type": "application/json"}) for lang in langs]
    asked += [("GET", f"/rules/aid.pdf?lang={lang}&paper={paper}", None, {})
              for lang in langs for paper in papers]
    return asked


def ask(port: int, method: str, path: str, body: bytes | None = None,
        headers: dict | None = None) -> tuple[int, float]:
    """One request on a new connection: its status and how long it took."""
    start = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        answer = conn.getresponse()
        answer.read()
        return answer.status, time.perf_counter() - start
    finally:
        conn.close()


def monitor(port: int, until: float, seen: list[float]) -> None:
    while time.monotonic() < until:
        status, seconds = ask(port, "GET", "/healthz")
        assert status == 200
        seen.append(seconds)
        time.sleep(max(0.0, 0.1 - seconds))


def client(port: int, until: float, asked: list, offset: int, counts: dict,
           polite: bool) -> None:
    """Go round ``asked`` until ``until``; a polite client waits as a refusal's
    ``Retry-After`` says, a hostile one asks again at once."""
    for method, path, body, headers in itertools.islice(itertools.cycle(asked), offset, None):
        if time.monotonic() >= until:
            return
        status, seconds = ask(port, method, path, body, headers)
        counts.setdefault(status, []).append(seconds)
        if status == 503 and polite:
            time.sleep(min(RETRY_AFTER, max(0.0, until - time.monotonic())))


def percentiles(values: list[float]) -> dict[str, float]:
    """p50, p95 (nearest rank: a starved monitor may have few answers) and the worst, in ms."""
    ordered = sorted(values)

    def rank(share: float) -> float:
        return ordered[max(0, math.ceil(share * len(ordered)) - 1)] * 1e3

    return {"p50": rank(0.5), "p95": rank(0.95), "max": ordered[-1] * 1e3,
            "n": len(ordered)}


def run(path: str, asked: list, workers: int, seconds: float, clients: int,
        polite: bool = True) -> dict:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-c", SERVE, path, str(port), str(workers)], cwd=ROOT,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                ask(port, "GET", "/healthz")
                break
            except OSError:
                time.sleep(0.1)
        time.sleep(3)  # the worker's start (importing WeasyPrint)
        alone: list[float] = []
        monitor(port, time.monotonic() + 5, alone)
        loaded: list[float] = []
        counts: dict[int, list[float]] = {}
        until = time.monotonic() + seconds
        threads = [threading.Thread(target=client,
                                    args=(port, until, asked, 7 * n, counts, polite))
                   for n in range(clients)]
        threads.append(threading.Thread(target=monitor, args=(port, until, loaded)))
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        server.terminate()
        server.wait(timeout=10)
    return {"alone": percentiles(alone), "loaded": percentiles(loaded),
            "answered": {status: (len(times), statistics.median(times) * 1e3)
                         for status, times in sorted(counts.items())},
            "load": os.getloadavg()}


def show(name: str, result: dict) -> None:
    alone, loaded = result["alone"], result["loaded"]
    print(f"{name}: /healthz alone p50 {alone['p50']:.1f} ms, p95 {alone['p95']:.1f} ms; "
          f"under load p50 {loaded['p50']:.1f} ms, p95 {loaded['p95']:.1f} ms, "
          f"worst {loaded['max']:.0f} ms ({loaded['n']} answers)")
    answered = ", ".join(f"{n} x {status} (median {ms:.0f} ms)"
                         for status, (n, ms) in result["answered"].items())
    print(f"  PDFs: {answered}; load average {result['load'][0]:.1f}")


RUNS = {
    "in-place": ("made in the serving threads (HEAVY_WORKERS = 0)", 0, True),
    "worker": ("made by the worker (HEAVY_WORKERS = 1)", 1, True),
    "hostile": ("made by the worker, clients asking again at once when refused", 1, False),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evenings", type=int, default=EVENINGS)
    parser.add_argument("--seconds", type=float, default=SECONDS)
    parser.add_argument("--clients", type=int, default=CLIENTS)
    parser.add_argument("--runs", default="in-place,worker,hostile",
                        help="which of in-place, worker, hostile (comma-separated)")
    args = parser.parse_args(argv)
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "heavy.sqlite")
        started = time.perf_counter()
        event_id, series_id = fill(path, args.evenings)
        print(f"{args.clients} clients on PDFs for {args.seconds:.0f} s; an event of 200 "
              f"players, a series of {args.evenings} events (filled in "
              f"{time.perf_counter() - started:.0f} s)")
        asked = variants(event_id, series_id)
        random.Random(4).shuffle(asked)
        for name in args.runs.split(","):
            title, workers, polite = RUNS[name]
            results[name] = run(path, asked, workers, args.seconds, args.clients, polite)
            show(title, results[name])
    if "worker" not in results:
        return 0
    met, said = goal(results["worker"])
    print(f"goal: /healthz p95 under load <= {GOAL_MS} ms with the worker: "
          f"{'met' if met else 'MISSED'} ({said})")
    return 0 if met else 1


def goal(result: dict) -> tuple[bool, str]:
    """Whether ``/healthz`` answered under load as if no PDF was asked: p95 at most
    :data:`GOAL_MS`; on a machine so busy with other work that ``/healthz`` alone has a
    p95 over half of that, at most twice its p95 alone (the PDFs' share of the slowing)."""
    loaded, alone = result["loaded"]["p95"], result["alone"]["p95"]
    if loaded <= GOAL_MS:
        return True, f"{loaded:.1f} ms"
    if alone > GOAL_MS / 2:
        return loaded <= 2 * alone, (f"{loaded:.1f} ms on a busy machine, where /healthz "
                                     f"alone has p95 {alone:.1f} ms: "
                                     f"{loaded / alone:.2f} times it, at most 2")
    return False, f"{loaded:.1f} ms"


if __name__ == "__main__":
    sys.exit(main())
