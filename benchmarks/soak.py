"""Soak test: pairs of phones keep games against a real server that is killed mid-write.

``make soak N=20 T=60`` (or ``python benchmarks/soak.py --clients 20 --seconds 60``)
starts the server ``make run`` starts (``python -m scorekeeper``'s ``main``) on a free
port of 127.0.0.1 with a temporary database, and runs N client threads for T seconds, in
pairs: the two phones of a pair keep the same game, as two players' phones at one table
do. Each phone behaves like the score sheet's sync: it fetches a CSRF token
(``/pwa/csrf-token``, keeping its cookies) and sends every entry through the JSON API
with its own ``client_id``: mostly new deals (with their ``number``), and a share of
corrections, withdrawals (undo) and restores, each with the ``base`` the phone last saw.
When the other phone got there first the answer is a 409 with the game, which the phone
takes as its new view. When a request fails because the server is gone it sends the
very same request again until it is answered, as the offline queue does. A finished game
makes way for a new one.

Meanwhile the server is killed ``--kills`` times (3 unless ``KILLS`` says), evenly spread,
and started again on the same database. Each kill comes **between storing a write and
answering it**: the soak's server carries a hook that no other server has (it is added
by this script, :data:`SERVE`, not by the app): after a new deal is committed, while
the file :data:`TRIGGER` names exists, the server removes it and kills itself with
SIGKILL before the answer leaves. The phone that sent that deal gets no answer, sends
it again, and must be answered 200 with the deal stored once. A kill for which no deal
came within 5 s is a plain SIGKILL instead.

At the end every game's log (``export.json``) is read back and checked against what its
phones were told: every acknowledged entry is in it exactly once, with the kind, number
and values sent; no refused entry and no entry nobody sent is in it; the deals that
count, the totals and the end, replayed here from the log (not taken from the server),
are those the server answers; sending a game's ``client_id`` again answers the same
game. The database passes ``PRAGMA integrity_check``. The run fails on any violation (a
5xx is one), and when no write was stored by a killed server and acknowledged on retry
although the server was killed between storing and answering.
"""

from __future__ import annotations

import argparse
import http.client
import http.cookiejar
import json
import os
import random
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
THRESHOLD = 66  # the default end of a game
NAMES = ("Ann", "Bob", "Zoë", "Dirk", "Eef", "Jürgen")
#: Fewest bullheads one deal hands out, by player count (the cards that must leave the table:
#: docs/rules.md, The bounds of a deal); the most is the deck's 171 less one card per row.
LOWER_BOUND = {2: 4, 3: 14, 4: 24, 5: 34, 6: 44}
#: How a phone's entries are shared out (the rest are new deals).
CORRECTIONS, WITHDRAWALS, RESTORES = 0.15, 0.1, 0.6  # restores: of the deals withdrawn
#: The environment variable naming the soak server's trigger file.
TRIGGER = "SOAK_KILL_AFTER_STORE"
#: The soak's server: ``python -m scorekeeper``'s own ``main``, with one hook added here.
SERVE = """
import os, re, signal, sys
from flask import request
from scorekeeper import __main__ as server

trigger = os.environ["SOAK_KILL_AFTER_STORE"]
made = server.create_app
deal = re.compile(r"/api/v1/games/[0-9a-f]{20}/deals")


def die_after_a_stored_deal(response):
    # After the deal's transaction has committed, before the answer is sent.
    if response.status_code == 201 and deal.fullmatch(request.path):
        try:
            os.unlink(trigger)
        except FileNotFoundError:
            return response
        os.kill(os.getpid(), signal.SIGKILL)
    return response


def create_app():
    app = made()
    app.after_request(die_after_a_stored_deal)
    return app


server.create_app = create_app
server.main(sys.argv[1:])
"""


class ServerGone(Exception):
    """No answer: the server was killed or is starting again."""


@dataclass
class Entry:
    """One write a phone sent: what it asked for and how it ended."""

    kind: str  # deal, correction, withdrawal, restore
    number: int
    bullheads: dict[str, int] | None
    client_id: str
    acknowledged: bool = False


@dataclass
class Game:
    """One game and everything its phones sent to it: the source of truth for the check."""

    id: str
    client_id: str
    players: list[str]
    entries: list[Entry] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


@dataclass
class Stats:
    lock: threading.Lock = field(default_factory=threading.Lock)
    latencies: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    kinds: dict[str, int] = field(default_factory=dict)
    gone: int = 0
    in_flight_writes: int = 0
    stored_before_ack: int = 0
    conflicts: int = 0
    violations: list[str] = field(default_factory=list)

    def record(self, status: int, seconds: float) -> None:
        with self.lock:
            self.latencies.append(seconds)
            self.statuses[status] = self.statuses.get(status, 0) + 1


class Server:
    """The soak's server on ``port`` with its own database, killed and restarted."""

    def __init__(self, database: Path, trigger: Path) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.trigger = trigger
        self.env = {**os.environ, "SCOREKEEPER_DATABASE": str(database),
                    TRIGGER: str(trigger)}
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        command = [sys.executable, "-c", SERVE, "--host", "127.0.0.1", "--port",
                   str(self.port)]
        self.process = subprocess.Popen(command, cwd=ROOT, env=self.env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 90  # a busy machine starts it slowly
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=1) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the server did not answer /healthz within 90 s")

    def kill_after_a_stored_deal(self, wait: float = 5.0) -> bool:
        """Arm the hook and wait for the server to kill itself after storing a deal; a
        plain SIGKILL if no deal came. Answers whether the hook did it."""
        assert self.process is not None
        self.trigger.touch()
        try:
            self.process.wait(timeout=wait)
            return True
        except subprocess.TimeoutExpired:
            self.trigger.unlink(missing_ok=True)
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()
            return False

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


class Phone:
    """One client: its own cookies and CSRF token, requests timed into ``stats``."""

    def __init__(self, url: str, stats: Stats) -> None:
        self.url, self.stats = url, stats
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.token = ""
        self.view: dict = {}
        """The game as this phone last saw it (any answer that carried it)."""

    def call(self, method: str, path: str, body: dict | None = None,
             keys: dict[str, str] | None = None) -> tuple[int, dict]:
        """One request (``keys``: headers such as ``X-Director-Key``); :class:`ServerGone`
        when there is no answer."""
        headers = {"X-CSRFToken": self.token} if self.token else {}
        headers.update(keys or {})
        data = None
        if body is not None:
            data, headers["Content-Type"] = json.dumps(body).encode(), "application/json"
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers=headers)
        start = time.perf_counter()
        try:
            try:
                with self.opener.open(request, timeout=30) as answer:
                    status, raw = answer.status, answer.read()
            except urllib.error.HTTPError as refused:
                # A refusal's body may be cut short by a kill too: no answer, as below.
                with refused:
                    status, raw = refused.code, refused.read()
        except (OSError, http.client.HTTPException) as gone:
            with self.stats.lock:
                self.stats.gone += 1
            raise ServerGone() from gone
        self.stats.record(status, time.perf_counter() - start)
        if status >= 500:
            with self.stats.lock:
                self.stats.violations.append(f"{method} {path} answered {status}")
        try:
            return status, json.loads(raw or b"{}")
        except ValueError:
            return status, {"error": raw[:120].decode(errors="replace")}

    def until_answered(self, method: str, path: str, body: dict | None = None,
                       write: bool = False) -> tuple[int, dict, bool]:
        """The same request again until the server answers; also whether it was retried."""
        retried = False
        while True:
            if write:
                with self.stats.lock:
                    self.stats.in_flight_writes += 1
            try:
                return (*self.call(method, path, body), retried)
            except ServerGone:
                retried = True
                time.sleep(0.1)
            finally:
                if write:
                    with self.stats.lock:
                        self.stats.in_flight_writes -= 1

    def sign_in(self) -> None:
        status, answer, _ = self.until_answered("GET", "/pwa/csrf-token")
        if status != 200 or "csrf_token" not in answer:
            raise RuntimeError(f"/pwa/csrf-token answered {status}: {answer}")
        self.token = answer["csrf_token"]


def random_deal(rng: random.Random, players: list[str]) -> dict[str, int]:
    """Bullheads for one deal: a plausible total, spread at random over the players."""
    total = rng.randint(LOWER_BOUND[len(players)], LOWER_BOUND[len(players)] + 20)
    cuts = sorted(rng.randint(0, total) for _ in players[1:])
    shares = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
    return dict(zip(players, shares, strict=True))


# --- What a pair of phones does -----------------------------------------------------------


class Pair:
    """Two phones at one table: the game they keep now, and every game they kept."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.game: Game | None = None
        self.games: list[Game] = []

    def current(self, phone: Phone, rng: random.Random, finished: Game | None) -> Game:
        """The pair's game; a new one when there is none yet or ``finished`` has ended
        (the first phone to see it ending starts the next)."""
        with self.lock:
            if self.game is None or self.game is finished:
                players = rng.sample(NAMES, rng.randint(2, 5))
                body = {"players": players, "client_id": str(uuid.uuid4())}
                status, answer, _ = phone.until_answered("POST", "/api/v1/games", body, True)
                if status not in (200, 201):
                    raise RuntimeError(f"starting a game answered {status}: {answer}")
                self.game = Game(str(answer["id"]), body["client_id"], players)
                self.games.append(self.game)
                phone.view = answer
            return self.game


def next_entry(phone: Phone, game: Game, rng: random.Random) -> tuple[str, str, Entry, dict]:
    """What the phone sends next, from its view of the game: (method, path, entry, body)."""
    view = phone.view if phone.view.get("id") == game.id else {}
    deals = [deal["number"] for deal in view.get("deals", [])]
    version, restorable = view.get("version", 0), view.get("restorable")
    entry_id = str(uuid.uuid4())
    base = f"/api/v1/games/{game.id}/deals"
    roll = rng.random()
    if restorable and rng.random() < RESTORES:
        entry = Entry("restore", restorable, None, entry_id)
        return "POST", f"{base}/{restorable}/restore", entry, {"client_id": entry_id,
                                                               "base": version}
    if deals and roll < CORRECTIONS:
        number = rng.choice(deals)
        entry = Entry("correction", number, random_deal(rng, game.players), entry_id)
        return "PUT", f"{base}/{number}", entry, {
            "bullheads": entry.bullheads, "client_id": entry_id, "base": version}
    if deals and roll < CORRECTIONS + WITHDRAWALS:
        entry = Entry("withdrawal", deals[-1], None, entry_id)
        return "DELETE", f"{base}/{deals[-1]}", entry, {"client_id": entry_id,
                                                        "base": version}
    entry = Entry("deal", len(deals) + 1, random_deal(rng, game.players), entry_id)
    return "POST", base, entry, {"number": entry.number, "bullheads": entry.bullheads,
                                 "client_id": entry_id}


def play(phone: Phone, pair: Pair, rng: random.Random, deadline: float) -> None:
    """One phone's thread: what stops it early is a violation."""
    try:
        keep_games(phone, pair, rng, deadline)
    except Exception as stopped:  # reported, and the run fails
        with phone.stats.lock:
            phone.stats.violations.append(f"a client stopped: {stopped!r}")


def keep_games(phone: Phone, pair: Pair, rng: random.Random, deadline: float) -> None:
    """Send entries until ``deadline``; a finished game makes way for a new one."""
    phone.sign_in()
    game = pair.current(phone, rng, None)
    while time.monotonic() < deadline:
        if phone.view.get("id") != game.id or phone.view.get("finished"):
            ended = game if phone.view.get("id") == game.id else None
            game = pair.current(phone, rng, ended)
            if phone.view.get("id") != game.id:
                _, phone.view, _ = phone.until_answered("GET", f"/api/v1/games/{game.id}")
            continue
        method, path, entry, body = next_entry(phone, game, rng)
        with game.lock:
            game.entries.append(entry)
        status, answer, retried = phone.until_answered(method, path, body, True)
        if "version" in answer:  # the game as it stands, also in a 409
            phone.view = answer
        with phone.stats.lock:
            phone.stats.kinds[entry.kind] = phone.stats.kinds.get(entry.kind, 0) + 1
        if status in (200, 201):
            entry.acknowledged = True
            if entry.kind == "deal" and status == 200:
                if not retried:
                    with phone.stats.lock:
                        phone.stats.violations.append(
                            f"game {game.id} deal {entry.number}: 200 to a first send")
                with phone.stats.lock:  # stored before the kill, acknowledged only now
                    phone.stats.stored_before_ack += 1
        elif status == 409:
            with phone.stats.lock:
                phone.stats.conflicts += 1
        elif status < 500:
            with phone.stats.lock:
                phone.stats.violations.append(
                    f"game {game.id} {entry.kind} {entry.number}: answered {status}: "
                    f"{answer.get('code')} {answer.get('error', '')}")


# --- The check ----------------------------------------------------------------------------


def replayed(log: list[dict]) -> dict[int, dict[str, int]]:
    """The deals that count after ``log`` (the server's whole log), by number: replayed
    here, as the rules say (docs/api.md, Games), not taken from the server. A withdrawal
    of a deal that does not count, or a restore of one never withdrawn, is a ValueError."""
    deals: dict[int, dict[str, int]] = {}
    withdrawn: dict[int, dict[str, int]] = {}
    for event in log:
        number, kind = event["number"], event["kind"]
        if kind in ("deal", "correction"):
            deals[number] = event["bullheads"]
        elif kind == "withdrawal" and number in deals:
            withdrawn[number] = deals.pop(number)
        elif kind == "restore" and number in withdrawn:  # what was withdrawn comes back
            deals[number] = withdrawn.pop(number)
        else:
            raise ValueError(f"{kind} {number} of a deal that is not there")
    return dict(sorted(deals.items()))


def check_game(game: Game, log: list[dict], stored: dict) -> list[str]:
    """What is wrong with a game's ``log`` (``export.json``'s events) and ``stored`` (the
    API's game) given what its phones sent and were told."""
    problems = []
    by_id: dict[str, list[dict]] = {}
    for event in log:
        by_id.setdefault(event.get("client_id") or "", []).append(event)
    for entry in game.entries:
        found = by_id.get(entry.client_id, [])
        if not entry.acknowledged:
            if found:
                problems.append(f"game {game.id}: refused {entry.kind} {entry.number} "
                                f"stored {len(found)} time(s)")
            continue
        if len(found) != 1:
            problems.append(f"game {game.id}: acknowledged {entry.kind} {entry.number} "
                            f"stored {len(found)} time(s)")
            continue
        event = found[0]
        if (event["kind"], event["number"]) != (entry.kind, entry.number):
            problems.append(f"game {game.id}: {entry.kind} {entry.number} stored as "
                            f"{event['kind']} {event['number']}")
        if entry.bullheads is not None and event["bullheads"] != entry.bullheads:
            problems.append(f"game {game.id} {entry.kind} {entry.number}: stored "
                            f"{event['bullheads']}, sent {entry.bullheads}")
    sent = {entry.client_id for entry in game.entries}
    phantoms = [e for e in log if e.get("client_id") not in sent]
    if phantoms:
        problems.append(f"game {game.id}: {len(phantoms)} entries nobody sent")
    try:
        deals = replayed(log)
    except ValueError as wrong:
        return [*problems, f"game {game.id}: the log holds a {wrong}"]
    if list(deals) != list(range(1, len(deals) + 1)):
        problems.append(f"game {game.id}: the deals that count are {list(deals)}")
    if [d["bullheads"] for d in stored.get("deals", [])] != list(deals.values()):
        problems.append(f"game {game.id}: deals {stored.get('deals')}, the log says "
                        f"{list(deals.values())}")
    totals = {name: sum(deal[name] for deal in deals.values()) for name in game.players}
    if stored.get("totals") != totals:
        problems.append(f"game {game.id}: totals {stored.get('totals')}, expected {totals}")
    if stored.get("finished") != (max(totals.values()) >= THRESHOLD):
        problems.append(f"game {game.id}: finished is {stored.get('finished')} at {totals}")
    if stored.get("version") != len(log):
        problems.append(f"game {game.id}: version {stored.get('version')}, log of {len(log)}")
    return problems


def verify(phone: Phone, games: list[Game]) -> list[str]:
    """Read every game and its log back; send each game's ``client_id`` again (it must be
    the same game)."""
    problems = []
    for game in games:
        _, stored, _ = phone.until_answered("GET", f"/api/v1/games/{game.id}")
        _, backup, _ = phone.until_answered("GET", f"/games/{game.id}/export.json")
        problems += check_game(game, backup.get("events", []), stored)
        body = {"players": game.players, "client_id": game.client_id}
        status, again, _ = phone.until_answered("POST", "/api/v1/games", body, True)
        if status != 200 or str(again.get("id")) != game.id:
            problems.append(f"game {game.id}: its client_id answered {status} {again.get('id')}")
    return problems


def integrity(database: Path) -> list[str]:
    """The database after the run: ``PRAGMA integrity_check`` and the foreign keys."""
    conn = sqlite3.connect(database)
    try:
        checked = conn.execute("PRAGMA integrity_check").fetchone()[0]
        orphans = conn.execute("PRAGMA foreign_key_check").fetchall()
    finally:
        conn.close()
    return ([] if checked == "ok" else [f"integrity_check: {checked}"]) + (
        [f"foreign_key_check: {len(orphans)} rows"] if orphans else [])


def kill_mid_write(server: Server, stats: Stats, at: list[float], kills: list[tuple]) -> None:
    """At each time of ``at``, kill the server between storing a deal and answering it,
    then start it again; each kill is recorded with the writes then in flight."""
    for moment in at:
        time.sleep(max(0.0, moment - time.monotonic()))
        in_flight = stats.in_flight_writes
        kills.append((server.kill_after_a_stored_deal(), in_flight))
        time.sleep(0.3)
        server.start()


def percentile(values: list[float], share: float) -> float:
    return statistics.quantiles(values, n=100)[round(share * 100) - 1] if len(values) > 1 \
        else (values[0] if values else 0.0)


def run(clients: int, seconds: float, kills: int, seed: int) -> int:
    stats, pairs = Stats(), [Pair() for _ in range((clients + 1) // 2)]
    with tempfile.TemporaryDirectory(prefix="soak-") as tmp:
        database = Path(tmp) / "soak.sqlite"
        server = Server(database, Path(tmp) / "kill")
        server.start()
        try:
            start = time.monotonic()
            deadline = start + seconds
            threads = [threading.Thread(target=play, args=(
                Phone(server.url, stats), pairs[i // 2], random.Random(seed + i), deadline))
                for i in range(clients)]
            at = [start + seconds * (k + 1) / (kills + 1) for k in range(kills)]
            killed: list[tuple[bool, int]] = []
            killer = threading.Thread(target=kill_mid_write, args=(server, stats, at, killed))
            for thread in [*threads, killer]:
                thread.start()
            for thread in [*threads, killer]:
                thread.join()
            elapsed = time.monotonic() - start
            checker = Phone(server.url, stats)
            checker.sign_in()
            games = [game for pair in pairs for game in pair.games]
            stats.violations += verify(checker, games)
        finally:
            server.stop()
        stats.violations += integrity(database)
    after_store = sum(hooked for hooked, _ in killed)
    if after_store and not stats.stored_before_ack:
        stats.violations.append(f"{after_store} kill(s) between storing and answering, but "
                                "no write was acknowledged on retry: the path was not met")
    acknowledged = [e for game in games for e in game.entries if e.acknowledged]
    deals = sum(e.kind == "deal" for e in acknowledged)
    requests = sum(stats.statuses.values())
    errors = sum(n for status, n in stats.statuses.items() if status >= 500)
    print(f"soak: {clients} clients ({len(pairs)} pairs sharing a game) for {elapsed:.1f} s "
          f"against python -m scorekeeper, {len(killed)} SIGKILL(s) with "
          f"{[n for _, n in killed]} writes in flight, {after_store} of them between "
          "storing a deal and answering it")
    print(f"requests: {requests} answered ({requests / elapsed:.0f}/s), 5xx: {errors}, "
          f"no answer while the server was down: {stats.gone}")
    print(f"latency: p50 {percentile(stats.latencies, 0.5) * 1000:.1f} ms, "
          f"p95 {percentile(stats.latencies, 0.95) * 1000:.1f} ms")
    sent = ", ".join(f"{n} {kind}s" for kind, n in sorted(stats.kinds.items()))
    print(f"sent: {sent}; {stats.conflicts} answered 409 (the other phone came first)")
    print(f"verified: {len(games)} games, {deals} acknowledged deals and "
          f"{len(acknowledged) - deals} acknowledged corrections, withdrawals and restores, "
          "each stored exactly once with its values, no refused or unsent entry stored; "
          "the deals, totals and every game's end replayed from the logs match; every "
          f"game's client_id answers the same game; {stats.stored_before_ack} deals stored "
          "by a killed server were acknowledged on retry without a second copy; "
          "integrity_check ok")
    for problem in stats.violations[:20]:
        print("VIOLATION:", problem)
    if stats.violations or not deals:
        print(f"FAILED: {len(stats.violations)} violation(s)" + ("" if deals else ", no deals"))
        return 1
    print("OK")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=int(os.environ.get("N", "20")))
    parser.add_argument("--seconds", type=float, default=float(os.environ.get("T", "30")))
    parser.add_argument("--kills", type=int, default=int(os.environ.get("KILLS", "3")))
    parser.add_argument("--seed", type=int, default=int(os.environ.get("SEED", "6")))
    args = parser.parse_args(argv)
    return run(args.clients, args.seconds, args.kills, args.seed)


if __name__ == "__main__":
    sys.exit(main())
