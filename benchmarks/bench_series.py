"""A club's year as one series: 52 evenings of 40 players, against ``/healthz``.

A fresh database gets a series of ``EVENINGS`` club events of 40 players, 3 event rounds
each (10 tables of 4, so 30 games an evening and 1,560 in the year), written through the
stores the API uses: each event created in the series, each round seated by the events'
own seating, each table's game given one deal that ends it (fixed deals: 1) with random
bullheads. Beside it, ``OTHER`` unrelated games of 4 players (a server's other history)
are stored, which the series page must not read.

The real server (``python -m scorekeeper``, what ``make run`` starts) then answers
``/healthz``, the series page, its standings JSON and its CSV over one keep-alive
connection, alternating, and the medians are compared with ``/healthz``'s. The same
runs with a series of one evening give the page's own cost; the year against it is what
52 evenings add. The split of one computation (the read of the tables, the ratings, the
rest) is timed in-process: what a request pays when the series has changed since the
season kept (``series/season.py``); and the ratings again after the year's last game is
corrected, going on from the run before.

Run: ``.venv/bin/python benchmarks/bench_series.py`` (``EVENINGS=10`` for a quick run)
"""

from __future__ import annotations

import http.client
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.engine.deal import make_entry  # noqa: E402
from scorekeeper.engine.errors import RulesError  # noqa: E402
from scorekeeper.engine.game import EventKind  # noqa: E402
from scorekeeper.engine.series import rate_on  # noqa: E402
from scorekeeper.engine.settings import make_settings  # noqa: E402
from scorekeeper.events import progress  # noqa: E402
from scorekeeper.events import store as events  # noqa: E402
from scorekeeper.games import store as games  # noqa: E402
from scorekeeper.series import season  # noqa: E402
from scorekeeper.series import store as series_store  # noqa: E402
from scorekeeper.web import db  # noqa: E402

EVENINGS = int(os.environ.get("EVENINGS", "52"))
PLAYERS = 40
ROUNDS = 3
OTHER = int(os.environ.get("OTHER", "2000"))
CLUB = [f"Speler {n:02d}" for n in range(1, 61)]


def deal_for(settings, rng: random.Random):
    while True:
        try:
            return make_entry(settings, {p: rng.randint(0, 30) for p in settings.players})
        except RulesError:
            continue


def fill(path: str, evenings: int) -> str:
    """A series of ``evenings`` evenings (40 of the club's 60 players each), and the
    other games; answers the series' id."""
    rng = random.Random(52)
    conn = db.connect(path)
    series_id = series_store.create_series(conn, "Clubcompetitie 2027", 40, "0" * 64)
    series = series_store.must_load(conn, series_id)
    settings = make_settings(["a", "b", "c", "d"], None, 1, False)
    for number in range(1, evenings + 1):
        with db.transaction(conn):
            event_id = events.create_event(conn, f"Avond {number}",
                                           rng.sample(CLUB, PLAYERS), ROUNDS, number,
                                           settings, "0" * 64,
                                           f"2027-01-01T19:{number % 60:02d}:00Z")
            series_store.add_event(conn, series, event_id)
        for _round in range(ROUNDS):
            state = progress.seat_next_round(conn, event_id, lambda *_: "", "bench")
            for table in state.current:
                token = str(table.seat.game)
                game_settings = games.settings_of(conn, token)
                games.write_deal(conn, token, EventKind.DEAL, 1,
                                 deal_for(game_settings, rng), None)
    for _ in range(OTHER):
        token = games.create_game(conn, make_settings(rng.sample(CLUB, 4), None, 1, False))
        games.write_deal(conn, token, EventKind.DEAL, 1,
                         deal_for(games.settings_of(conn, token), rng), None)
    conn.close()
    return series_id


def split(path: str, series_id: str) -> dict[str, float]:
    """One computation in-process: the read of the tables, the ratings, and the whole."""
    conn = db.connect(path)
    series = series_store.must_load(conn, series_id)
    season.season(conn, series)  # warm: the file's pages read once
    start = time.perf_counter()
    tables = series_store.results(conn, series)
    read = time.perf_counter() - start
    games_totals = [{seat[0]: seat[1] for seat in t.players} for t in tables]
    start = time.perf_counter()
    run = rate_on(games_totals, [t.event for t in tables], None)
    rating = time.perf_counter() - start
    last = games_totals[-1]
    corrected = [*games_totals[:-1], dict(zip(last, reversed(last.values()), strict=True))]
    start = time.perf_counter()
    rate_on(corrected, [t.event for t in tables], run)
    going_on = time.perf_counter() - start
    start = time.perf_counter()
    season.season(conn, series)
    whole = time.perf_counter() - start
    conn.close()
    return {"read": read * 1e3, "rate": rating * 1e3, "whole": whole * 1e3,
            "going on": going_on * 1e3, "games": len(tables)}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(conn: http.client.HTTPConnection, path: str) -> int:
    conn.request("GET", path)
    answer = conn.getresponse()
    body = answer.read()
    assert answer.status == 200, (path, answer.status)
    return len(body)


def measure(evenings: int, rounds: int = 15) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "series.sqlite")
        started = time.perf_counter()
        series_id = fill(path, evenings)
        filled = time.perf_counter() - started
        parts = split(path, series_id)
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", "--port", str(port)], cwd=ROOT,
            env={**os.environ, "SCOREKEEPER_DATABASE": path},
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(600):  # a busy machine starts the server slowly
                try:
                    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
                    get(conn, "/healthz")
                    break
                except OSError:
                    time.sleep(0.1)
            else:
                raise RuntimeError("the server did not answer within a minute")
            paths = ["/healthz", f"/series/{series_id}",
                     f"/api/v1/series/{series_id}/standings",
                     f"/series/{series_id}/standings.csv"]
            sizes = {p: get(conn, p) for p in paths}  # warm up
            times: dict[str, list[float]] = {p: [] for p in paths}
            for _ in range(rounds):
                for p in paths:
                    start = time.perf_counter()
                    get(conn, p)
                    times[p].append(time.perf_counter() - start)
            conn.close()
        finally:
            server.terminate()
            server.wait(timeout=10)
    medians = {p: statistics.median(t) * 1e3 for p, t in times.items()}
    names = {paths[1]: "series page", paths[2]: "standings JSON", paths[3]: "standings CSV"}
    return {"medians": {names.get(p, p): ms for p, ms in medians.items()},
            "ratios": {names[p]: medians[p] / medians["/healthz"] for p in paths[1:]},
            "sizes": {names.get(p, p): size for p, size in sizes.items()},
            "filled": filled, "parts": parts, "rounds": rounds}


def main() -> None:
    one, year = measure(1), measure(EVENINGS)
    print(f"a series of {EVENINGS} evenings x {PLAYERS} players x {ROUNDS} event rounds "
          f"({year['parts']['games']} games) and {OTHER} other games, written in "
          f"{year['filled']:.0f} s; median of {year['rounds']} rounds each over HTTP "
          "(waitress, python -m scorekeeper)")
    print(f"  /healthz: {year['medians']['/healthz']:.2f} ms")
    for page, ratio in year["ratios"].items():
        print(f"  {page}: {year['medians'][page]:.0f} ms, {ratio:.0f}x healthz "
              f"({year['sizes'][page] / 1024:.0f} KiB); one evening: "
              f"{one['medians'][page]:.1f} ms, {one['ratios'][page]:.1f}x healthz")
    parts = year["parts"]
    print(f"  in-process, one computation of the year: read of the tables "
          f"{parts['read']:.0f} ms, ratings (openskill) {parts['rate']:.0f} ms, "
          f"everything {parts['whole']:.0f} ms; the ratings again after the last game's "
          f"correction, going on from the run before: {parts['going on']:.1f} ms")


if __name__ == "__main__":
    main()
