"""A championship season of 200 qualifiers x 40 entrants (8,000 results) and a final of
232, against ``/healthz``; and the time to take one qualifier's file while another phone
keeps writing deals.

A fresh database gets a season (one place per qualifier, so 200 players qualify) with 50
venues and 200 qualifiers of 40 players drawn from 2,500, 3 event rounds each (10 tables
of 4, one deal a game), written through the stores and the hooks the app uses: each
qualifier created and recorded in the season in one transaction, each round seated by
the events' own seating, each table's game ended by one deal, and the season told by the
games store's watcher, which records the qualifier and settles the season at its last
deal. Then the real server (``python -m scorekeeper``) starts, the organiser starts the
final over HTTP (the 200 qualified players and 32 wild cards) and seats its first round.

Measured over one keep-alive connection, alternating, medians against ``/healthz``'s:
the season's page, the ranking's JSON, and a player's page (a player with several
qualifiers); and, for each, the server's processor time per answer (read from
``/proc``), which other work on the machine does not stretch as it stretches the
wall-clock time. The same is measured for a season of one qualifier: what 200
qualifiers add. Goals: the player's page at most 5x healthz, the season's page at most
50x.

Then a venue sends one qualifier's file (40 players, 3 event rounds, each game played to
66, made on another database as a venue's own server makes it) while another client
writes a deal every 20 ms to ordinary games; the take's time (goal: at most 1 s) and the
slowest of those deals while it ran (goal: no write waits more than 200 ms) are printed.

Run: ``.venv/bin/python benchmarks/bench_seasons.py`` (``QUALIFIERS=20`` for a quick run)
"""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper import create_app  # noqa: E402
from scorekeeper.engine.deal import make_entry  # noqa: E402
from scorekeeper.engine.errors import RulesError  # noqa: E402
from scorekeeper.engine.game import EventKind  # noqa: E402
from scorekeeper.engine.season import QualifyRule  # noqa: E402
from scorekeeper.engine.settings import make_settings  # noqa: E402
from scorekeeper.events import progress, transfer  # noqa: E402
from scorekeeper.events import store as events  # noqa: E402
from scorekeeper.games import store as games  # noqa: E402
from scorekeeper.seasons import access, numbers  # noqa: E402
from scorekeeper.seasons import store as seasons  # noqa: E402
from scorekeeper.web import db, keys  # noqa: E402

QUALIFIERS = int(os.environ.get("QUALIFIERS", "200"))
ENTRANTS = 40
ROUNDS = 3
POOL = [f"Spieler {n:04d}" for n in range(1, 2501)]
WILD_CARDS = 32
VENUES = 50


def deal_for(settings, rng: random.Random, most: int = 30):
    while True:
        try:
            return make_entry(settings, {p: rng.randint(0, most) for p in settings.players})
        except RulesError:
            continue


def play(conn, event_id: str, rng: random.Random, most: int) -> None:
    """Every round seated by the events' own seating, every game dealt to its end."""
    for _round in range(ROUNDS):
        state = progress.seat_next_round(conn, event_id, lambda *_: "", "bench")
        for table in state.current:
            token = str(table.seat.game)
            game_settings = games.settings_of(conn, token)
            while not games.load(conn, token).state.finished:
                games.write_deal(conn, token, EventKind.DEAL, None,
                                 deal_for(game_settings, rng, most), None)


def qualifier(conn, season, venue_id: str, name: str, players: list[str], seed: int,
              rng: random.Random) -> str:
    """One qualifier created in the season (as ``link.py``'s admit does) and played to
    its end, one deal a game; the games store's watcher records it and settles the
    season at its last deal."""
    settings = make_settings(["a", "b", "c", "d"], None, 1, False)
    with db.transaction(conn):
        event_id = events.create_event(conn, name, players, ROUNDS, seed, settings, "0" * 64)
        seasons.link_event(conn, season, event_id, venue_id, "qualifier")
        numbers.assign(conn, season, events.must_load(conn, event_id))
    play(conn, event_id, rng, 30)
    return event_id


def fill(path: str, count: int) -> tuple[str, str, list[tuple[str, str]]]:
    """The season: its id, the organiser's key, and (id, key) of each venue."""
    create_app({"DATABASE": path, "SECRET_KEY": "bench"})  # registers the season's hooks
    rng = random.Random(2027)
    conn = db.connect(path)
    key = keys.new_key()
    season_id = seasons.create_season(conn, "6 nimmt! DM 2027",
                                      QualifyRule(per_event=1, min_entrants=8), 3,
                                      "placement", keys.key_hash(key))
    season = seasons.must_load(conn, season_id)
    venues = []
    for number in range(VENUES):
        venue_id = seasons.new_venue_id()
        venue_key = access.venue_key(key, venue_id)
        seasons.add_venue(conn, season, venue_id, f"Spielort {number + 1}",
                          keys.key_hash(venue_key))
        venues.append((venue_id, venue_key))
    season = seasons.must_load(conn, season_id)
    for number in range(count):
        qualifier(conn, season, venues[number % VENUES][0], f"Vorrunde {number + 1}",
                  rng.sample(POOL, ENTRANTS), number, rng)
    conn.close()
    return season_id, key, venues


def venue_file() -> dict:
    """A qualifier played on a venue's own server: 40 players, every game to 66."""
    rng = random.Random(66)
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "venue.sqlite")
        conn = db.connect(path)
        settings = make_settings(["a", "b", "c", "d"], None, None, False)
        event_id = events.create_event(conn, "Vorrunde am Laptop", rng.sample(POOL, ENTRANTS),
                                       ROUNDS, 9, settings, "0" * 64)
        play(conn, event_id, rng, 12)
        data = transfer.event_file(conn, events.must_load(conn, event_id))
        conn.close()
    return data


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Client:
    """One keep-alive connection with a session (cookie and CSRF token)."""

    def __init__(self, port: int):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.cookie = ""
        page = self.request("GET", "/events")[1].decode()
        self.token = re.search(r'name="csrf-token" content="([^"]+)"', page)[1]

    def request(self, method: str, path: str, body: object = None,
                headers: dict | None = None) -> tuple[int, bytes]:
        sent = {"Cookie": self.cookie, **(headers or {})}
        if body is not None:
            sent.update({"Content-Type": "application/json", "X-CSRFToken": self.token})
            self.conn.request(method, path, json.dumps(body), sent)
        else:
            self.conn.request(method, path, headers=sent)
        answer = self.conn.getresponse()
        data = answer.read()
        cookie = answer.getheader("Set-Cookie")
        if cookie and cookie.startswith("session="):
            self.cookie = cookie.split(";")[0]
        return answer.status, data

    def get(self, path: str) -> int:
        status, data = self.request("GET", path)
        assert status == 200, (path, status, data[:300])
        return len(data)


def serve(path: str) -> tuple[subprocess.Popen, int]:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "--port", str(port)], cwd=ROOT,
        env={**os.environ, "SCOREKEEPER_DATABASE": path},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(600):  # a busy machine may take a while to start it
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return server, port
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the server did not start")


def start_final(client: Client, season_id: str, key: str) -> int:
    wild = [f"Wildcard {n}" for n in range(1, WILD_CARDS + 1)]
    status, data = client.request("POST", "/api/v1/events", {
        "name": "Finale 2027", "season": season_id, "kind": "final", "rounds": 5,
        "players": wild}, {"X-Organiser-Key": key})
    assert status == 201, data[:400]
    final = json.loads(data)
    status, data = client.request("POST", f"/api/v1/events/{final['id']}/rounds", {},
                                  {"X-Director-Key": final["director_key"]})
    assert status == 201, data[:400]
    return len(final["players"])


def a_player(path: str, season_id: str) -> int:
    """A player with several qualifiers, in the middle of the ranking."""
    conn = db.connect(path)
    row = conn.execute("SELECT number FROM season_players WHERE season_id = ? AND events >= 3"
                       " ORDER BY points DESC LIMIT 1 OFFSET 300", (season_id,)).fetchone()
    if row is None:
        row = conn.execute("SELECT number FROM season_players WHERE season_id = ?"
                           " ORDER BY events DESC LIMIT 1", (season_id,)).fetchone()
    conn.close()
    return int(row[0])


def cpu_seconds(pid: int) -> float:
    """The server's processor time so far (user and system): what its answers cost it,
    whatever else the machine is doing meanwhile."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pages(port: int, pid: int, season_id: str, player: int, rounds: int) -> dict:
    """Each page's median time over HTTP, alternating, and the server's processor time
    per answer (many answers in a row, since the clock counts in hundredths)."""
    client = Client(port)
    paths = {"/healthz": "/healthz", "season page": f"/seasons/{season_id}",
             "ranking JSON": f"/api/v1/seasons/{season_id}/standings",
             "player page": f"/seasons/{season_id}/players/{player}"}
    sizes = {name: client.get(p) for name, p in paths.items()}  # warm up
    times: dict[str, list[float]] = {name: [] for name in paths}
    for _ in range(rounds):
        for name, p in paths.items():
            start = time.perf_counter()
            client.get(p)
            times[name].append(time.perf_counter() - start)
    cpu = {}
    for name, p in paths.items():
        count = 400 if name in ("/healthz", "player page") else 40
        before = cpu_seconds(pid)
        for _ in range(count):
            client.get(p)
        cpu[name] = (cpu_seconds(pid) - before) / count * 1e3
    medians = {name: statistics.median(t) * 1e3 for name, t in times.items()}
    return {"medians": medians, "sizes": sizes, "cpu": cpu,
            "ratios": {n: medians[n] / medians["/healthz"] for n in paths if n != "/healthz"},
            "cpu_ratios": {n: cpu[n] / cpu["/healthz"] for n in paths if n != "/healthz"}}


def take_while_writing(port: int, pid: int, season_id: str, venue: tuple[str, str],
                       data: dict) -> dict:
    """The file taken while another client writes a deal every 20 ms."""
    writer = Client(port)
    stop = threading.Event()
    waits: list[tuple[float, float]] = []  # (when it started, how long it took)
    players = ["Ann", "Bob", "Cas", "Dirk"]
    settings = make_settings(players, None, None, False)
    rng = random.Random(5)

    def write() -> None:
        game, number = None, 0
        while not stop.is_set():
            started = time.perf_counter()
            if game is None:
                status, body = writer.request("POST", "/api/v1/games", {"players": players})
                game, number = json.loads(body)["id"], 0
            else:
                number += 1
                entry = deal_for(settings, rng, 12)
                status, body = writer.request("POST", f"/api/v1/games/{game}/deals", {
                    "number": number, "bullheads": dict(entry.bullheads)})
                if status == 201 and json.loads(body)["finished"]:
                    game = None
            assert status == 201, body[:300]
            waits.append((started, time.perf_counter() - started))
            time.sleep(0.02)

    thread = threading.Thread(target=write)
    thread.start()
    time.sleep(1.0)
    sender = Client(port)
    began, cpu = time.perf_counter(), cpu_seconds(pid)
    status, body = sender.request("POST", f"/api/v1/seasons/{season_id}/venues/{venue[0]}"
                                  "/results", data, {"X-Venue-Key": venue[1]})
    took, cpu = time.perf_counter() - began, cpu_seconds(pid) - cpu
    assert status == 201, body[:400]
    time.sleep(1.0)
    stop.set()
    thread.join()
    during = [wait for started, wait in waits if began - 0.05 <= started <= began + took]
    before = [wait for started, wait in waits if started < began - 0.05]
    return {"took": took * 1e3, "cpu": cpu * 1e3, "during": during, "before": before,
            "bytes": len(json.dumps(data))}


def measure(count: int, rounds: int = 15, take: bool = False) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "season.sqlite")
        started = time.perf_counter()
        season_id, key, venues = fill(path, count)
        filled = time.perf_counter() - started
        server, port = serve(path)
        try:
            seated = start_final(Client(port), season_id, key) if count >= 8 else 0
            result = pages(port, server.pid, season_id, a_player(path, season_id), rounds)
            if take:
                result["take"] = take_while_writing(port, server.pid, season_id, venues[1],
                                                    venue_file())
        finally:
            server.terminate()
            server.wait(timeout=10)
    result.update(filled=filled, final=seated, rounds=rounds)
    return result


def main() -> None:
    one = measure(1)
    full = measure(QUALIFIERS, take=True)
    print(f"a season of {QUALIFIERS} qualifiers x {ENTRANTS} entrants "
          f"({QUALIFIERS * ENTRANTS} results, {QUALIFIERS * ENTRANTS * ROUNDS // 4} games) "
          f"and a final of {full['final']} seated, written in {full['filled']:.0f} s; "
          f"median of {full['rounds']} rounds each over HTTP (waitress, python -m scorekeeper)")
    print(f"  /healthz: {full['medians']['/healthz']:.2f} ms, the server's processor "
          f"{full['cpu']['/healthz']:.2f} ms an answer")
    goals = {"season page": 50, "ranking JSON": None, "player page": 5}
    for page, ratio in full["ratios"].items():
        goal = f" (goal {goals[page]}x)" if goals[page] else ""
        print(f"  {page}: {full['medians'][page]:.1f} ms, {ratio:.1f}x healthz{goal}; "
              f"processor {full['cpu'][page]:.1f} ms, {full['cpu_ratios'][page]:.1f}x; "
              f"{full['sizes'][page] / 1024:.0f} KiB; a season of one qualifier: "
              f"{one['medians'][page]:.1f} ms, {one['ratios'][page]:.1f}x healthz, "
              f"processor {one['cpu_ratios'][page]:.1f}x")
    take = full["take"]
    during, before = take["during"], take["before"]
    print(f"  one qualifier's file ({take['bytes'] / 1024:.0f} KiB, {ENTRANTS} players, "
          f"{ROUNDS} event rounds, games to 66) taken in {take['took']:.0f} ms (goal 1000 ms), "
          f"the server's processor {take['cpu']:.0f} ms")
    print(f"  deals written by another phone meanwhile: {len(during)}, the slowest "
          f"{max(during, default=0) * 1e3:.0f} ms (goal 200 ms); before it, median "
          f"{statistics.median(before) * 1e3:.1f} ms, slowest {max(before) * 1e3:.0f} ms")


if __name__ == "__main__":
    main()
