"""The pages a club opens every evening, against ``/healthz``, with years of games stored.

A fresh database gets 2,000 games of 30 deals (4 players; half played to a fixed 30
deals and finished, half still running), written straight into the tables with their
stored state, all recorded for one device. The real server (``python -m scorekeeper``,
what ``make run`` starts) then answers ``/healthz``, ``/``, ``/games``, ``/games/stats``
and one score sheet over one keep-alive connection, with that device's cookies, kept as a
browser keeps them; requests alternate so that drift in the machine's speed hits all
alike. Then eight concurrent requests go to each page, and the server's resident memory
is read before and after.

The whole run is made twice, with 1 game and with ``GAMES`` games. Goal (issue 18):
each list page (``/``, ``/games``, ``/games/stats``) with 2,000 games costs at most 1.25
times what it costs with 1 game ("history adds"), with no page markup kept between
requests; memory within 50 MiB. Each page's cost against ``/healthz`` is printed too,
for the notes. The score sheet has no goal (it draws 30 deals, a chart and the deal
form); it is reported to show that it too does not grow with the history.

Run: ``.venv/bin/python benchmarks/bench_history.py`` (``GAMES=200`` for a quick run)
"""

from __future__ import annotations

import http.client
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.cookies import SimpleCookie
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.engine import errors  # noqa: E402
from scorekeeper.engine.deal import Entry, make_entry  # noqa: E402
from scorekeeper.engine.game import Event, EventKind, replay  # noqa: E402
from scorekeeper.engine.settings import Settings, make_settings  # noqa: E402
from scorekeeper.games import store, summary  # noqa: E402
from scorekeeper.games.store import dump, entry_columns  # noqa: E402
from scorekeeper.web import db  # noqa: E402

GAMES = int(os.environ.get("GAMES", "2000"))
DEALS = 30
NAMES = ["Ann", "Bob", "Cas", "Dirk", "Eva", "Fay", "Gijs", "Hanna", "Ines", "Joost",
         "Kees", "Lot", "Mies", "Noor", "Otto", "Pim"]


def _deal(settings: Settings, rng: random.Random) -> Entry:
    """A deal the engine accepts: random bullheads within the deck's bounds."""
    while True:
        values = {name: rng.randint(0, 14) for name in settings.players}
        try:
            return make_entry(settings, values)
        except errors.RulesError:
            continue


def fill(path: str, device: str, games: int = GAMES) -> str:
    """Write ``games`` games into a fresh database; answer the token of the last one."""
    rng = random.Random(11)
    conn = db.connect(path)
    conn.execute("BEGIN IMMEDIATE")
    token = ""
    for i in range(games):
        players = rng.sample(NAMES, 4)
        finished = i % 2 == 0
        settings = make_settings(players, None if finished else 1000,
                                    DEALS if finished else None)
        token = store.new_token()
        stamp = f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}T20:00:00Z"
        row_id = conn.execute(
            "INSERT INTO games (created_at, players, threshold, fixed_deals, variant, note,"
            " token) VALUES (?, ?, ?, ?, 'basic', ?, ?)",
            (stamp, dump(players), settings.threshold, settings.fixed_deals, f"evening {i}",
             token)).lastrowid
        entries = [_deal(settings, rng) for _ in range(DEALS)]
        conn.executemany(
            "INSERT INTO game_events (game_id, kind, number, bullheads, hand, cards,"
            " created_at) VALUES (?, 'deal', ?, ?, ?, ?, ?)",
            [(row_id, n, *entry_columns(e), stamp) for n, e in enumerate(entries, 1)])
        state = replay(settings, [Event(EventKind.DEAL, n, e)
                                     for n, e in enumerate(entries, 1)])
        summary.save(conn, row_id, state, stamp)
        conn.execute("INSERT INTO game_access (device, game_id, finished) VALUES (?, ?, ?)",
                     (device, row_id, int(state.finished)))  # as access.grant records it
    conn.execute("COMMIT")
    conn.close()
    return token


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(conn: http.client.HTTPConnection, path: str, jar: dict[str, str]) -> None:
    """GET ``path`` with the cookies in ``jar``, keeping those the answer sets, as a
    phone's browser does (the session cookie that holds the CSRF token, for one)."""
    conn.request("GET", path, headers={"Cookie": "; ".join(f"{k}={v}" for k, v in jar.items())})
    answer = conn.getresponse()
    answer.read()
    assert answer.status == 200, (path, answer.status)
    for header in answer.headers.get_all("Set-Cookie") or []:
        jar.update((name, morsel.value) for name, morsel in SimpleCookie(header).items())


def measure(games: int = GAMES, rounds: int = 150) -> dict:
    device = secrets.token_hex(16)
    cookie = {"device": device}
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "history.sqlite")
        started = time.perf_counter()
        sheet = f"/games/{fill(path, device, games)}"
        filled = time.perf_counter() - started
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", "--port", str(port)], cwd=ROOT,
            env={**os.environ, "SCOREKEEPER_DATABASE": path},
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(100):
                try:
                    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                    get(conn, "/healthz", cookie)
                    break
                except OSError:
                    time.sleep(0.1)
            paths = ["/healthz", "/", "/games", "/games/stats", sheet]
            for _ in range(20):  # warm up: templates compiled, caches filled
                for p in paths:
                    get(conn, p, cookie)
            times: dict[str, list[float]] = {p: [] for p in paths}
            for _ in range(rounds):
                for p in paths:
                    start = time.perf_counter()
                    get(conn, p, cookie)
                    times[p].append(time.perf_counter() - start)
            conn.close()
            before = rss_mib(server.pid)
            for p in paths[1:]:
                def hit(p: str = p) -> None:
                    c = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
                    get(c, p, dict(cookie))
                    c.close()
                workers = [threading.Thread(target=hit) for _ in range(8)]
                for w in workers:
                    w.start()
                for w in workers:
                    w.join()
            after = rss_mib(server.pid)
        finally:
            server.terminate()
            server.wait(timeout=10)
    medians = {p: statistics.median(t) * 1e3 for p, t in times.items()}
    ratios = {("sheet" if p == sheet else p): ms / medians["/healthz"]
              for p, ms in medians.items() if p != "/healthz"}
    return {"medians": medians, "ratios": ratios, "before": before, "after": after,
            "filled": filled, "rounds": rounds, "games": games}


def main() -> None:
    """Once with a single game, once with the whole history: the pages' own cost (the
    first) and what the history adds to it (the second against the first)."""
    one, full = measure(1), measure(GAMES)
    print(f"{GAMES} games x {DEALS} deals written in {full['filled']:.1f} s; median of "
          f"{full['rounds']} rounds each over HTTP (waitress, python -m scorekeeper)")
    print(f"  /healthz: {one['medians']['/healthz']:.2f} ms with 1 game, "
          f"{full['medians']['/healthz']:.2f} ms with {GAMES}")
    for page, ratio in full["ratios"].items():
        name = "score sheet (30 deals)" if page == "sheet" else page
        goal = "" if page == "sheet" else " (goal <= 1.25x)"
        print(f"  {name}: {ratio:.2f}x healthz with {GAMES} games, "
              f"{one['ratios'][page]:.2f}x with 1 game: history adds "
              f"{ratio / one['ratios'][page]:.2f}x{goal}")
    grew = full["after"] - full["before"]
    print(f"  server RSS {full['before']:.1f} MiB before, {full['after']:.1f} MiB after 8 "
          f"concurrent requests to each page: {grew:+.1f} MiB (goal within 50 MiB)")


if __name__ == "__main__":
    main()
