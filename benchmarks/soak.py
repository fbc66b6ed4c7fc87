"""Soak test: many phones keep games against a real server that is killed mid-write.

``make soak N=20 T=60`` (or ``python benchmarks/soak.py --clients 20 --seconds 60``)
starts ``python -m scorekeeper`` (the server ``make run`` starts) on a free port of
127.0.0.1 with a temporary database, and runs N client threads for T seconds. Each client
behaves like a phone: it fetches a CSRF token (``/pwa/csrf-token``, keeping its cookies),
starts a game with a ``client_id`` and adds deals through the JSON API, each deal with its
own ``client_id``; when a request fails because the server is gone it sends the very same
request again until it is answered, as the offline queue does. Meanwhile the server is
killed with SIGKILL while writes are in flight (``--kills``, evenly spread) and started
again on the same database.

At the end every game is read back and checked against what its client was told: the
deals are exactly the acknowledged ones, each stored once, with the values sent; the totals
are the sums of those values (recomputed here, not taken from the server); the game has
ended exactly when a total reached the threshold. Sending a game's ``client_id`` again
must answer the same game. It prints the requests, the 5xx answers, p50/p95 latency and
what was verified, and exits 1 on any violation (a 5xx is one).
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


class ServerGone(Exception):
    """No answer: the server was killed or is starting again."""


@dataclass
class Game:
    """What one client was told about one game: the source of truth for the check."""

    id: str
    client_id: str
    players: list[str]
    deals: list[dict[str, int]] = field(default_factory=list)


@dataclass
class Stats:
    lock: threading.Lock = field(default_factory=threading.Lock)
    latencies: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    gone: int = 0
    in_flight_writes: int = 0
    stored_before_ack: int = 0
    violations: list[str] = field(default_factory=list)

    def record(self, status: int, seconds: float) -> None:
        with self.lock:
            self.latencies.append(seconds)
            self.statuses[status] = self.statuses.get(status, 0) + 1


class Server:
    """``python -m scorekeeper`` on ``port`` with its own database, killed and restarted."""

    def __init__(self, database: Path) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {**os.environ, "SCOREKEEPER_DATABASE": str(database)}
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "scorekeeper", "--host", "127.0.0.1",
                   "--port", str(self.port)]
        self.process = subprocess.Popen(command, cwd=ROOT, env=self.env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=1) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the server did not answer /healthz within 20 s")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

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

    def call(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        """One request; :class:`ServerGone` when there is no answer."""
        headers = {"X-CSRFToken": self.token} if self.token else {}
        data = None
        if body is not None:
            data, headers["Content-Type"] = json.dumps(body).encode(), "application/json"
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers=headers)
        start = time.perf_counter()
        try:
            with self.opener.open(request, timeout=30) as answer:
                status, raw = answer.status, answer.read()
        except urllib.error.HTTPError as refused:
            status, raw = refused.code, refused.read()
        except (OSError, http.client.HTTPException) as gone:
            with self.stats.lock:
                self.stats.gone += 1
            raise ServerGone() from gone
        self.stats.record(status, time.perf_counter() - start)
        if status >= 500:
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


def expected_totals(game: Game) -> dict[str, int]:
    return {name: sum(deal[name] for deal in game.deals) for name in game.players}


def check_game(game: Game, stored: dict) -> list[str]:
    """What is wrong with ``stored`` (the API's answer) given what the client was told."""
    problems = []
    numbers = [deal["number"] for deal in stored.get("deals", [])]
    if numbers != list(range(1, len(game.deals) + 1)):
        problems.append(f"game {game.id}: deals {numbers}, acknowledged "
                        f"{len(game.deals)}")
    for deal, sent in zip(stored.get("deals", []), game.deals, strict=False):
        if deal.get("bullheads") != sent:
            problems.append(f"game {game.id} deal {deal['number']}: stored "
                            f"{deal.get('bullheads')}, sent {sent}")
    totals = expected_totals(game)
    if stored.get("totals") != totals:
        problems.append(f"game {game.id}: totals {stored.get('totals')}, expected {totals}")
    if stored.get("finished") != (bool(game.deals) and max(totals.values()) >= THRESHOLD):
        problems.append(f"game {game.id}: finished is {stored.get('finished')} at {totals}")
    return problems


def random_deal(rng: random.Random, players: list[str]) -> dict[str, int]:
    """Bullheads for one deal: a plausible total, spread at random over the players."""
    total = rng.randint(LOWER_BOUND[len(players)], LOWER_BOUND[len(players)] + 20)
    cuts = sorted(rng.randint(0, total) for _ in players[1:])
    shares = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
    return dict(zip(players, shares, strict=True))


def play(phone: Phone, rng: random.Random, deadline: float, games: list[Game]) -> None:
    """One phone's thread: what stops it early is a violation."""
    try:
        keep_games(phone, rng, deadline, games)
    except Exception as stopped:  # reported, and the run fails
        phone.stats.violations.append(f"a client stopped: {stopped!r}")


def keep_games(phone: Phone, rng: random.Random, deadline: float, games: list[Game]) -> None:
    """Start games and add deals until ``deadline``; a finished game makes way for a new one."""
    phone.sign_in()
    game = None
    while time.monotonic() < deadline:
        if game is None:
            players = rng.sample(NAMES, rng.randint(2, 5))
            body = {"players": players, "client_id": str(uuid.uuid4())}
            status, answer, _ = phone.until_answered("POST", "/api/v1/games", body, True)
            if status not in (200, 201):
                phone.stats.violations.append(f"starting a game answered {status}: {answer}")
                return
            game = Game(str(answer["id"]), body["client_id"], players)
            games.append(game)
        deal = random_deal(rng, game.players)
        body = {"number": len(game.deals) + 1, "bullheads": deal, "client_id": str(uuid.uuid4())}
        status, answer, retried = phone.until_answered(
            "POST", f"/api/v1/games/{game.id}/deals", body, True)
        if status not in (200, 201) or (status == 200 and not retried):
            phone.stats.violations.append(f"game {game.id} deal {body['number']}: "
                                          f"answered {status}: {answer.get('error', '')}")
            return
        if status == 200:  # stored before the kill, acknowledged only now
            with phone.stats.lock:
                phone.stats.stored_before_ack += 1
        game.deals.append(deal)
        phone.stats.violations.extend(check_game(game, answer))
        if answer["finished"]:
            game = None


def kill_mid_write(server: Server, stats: Stats, at: list[float], kills: list[int]) -> None:
    """SIGKILL the server at each time of ``at`` once writes are in flight, then restart it."""
    for moment in at:
        time.sleep(max(0.0, moment - time.monotonic()))
        wait_until = time.monotonic() + 2
        while stats.in_flight_writes == 0 and time.monotonic() < wait_until:
            time.sleep(0.001)
        kills.append(stats.in_flight_writes)
        server.kill()
        time.sleep(0.3)
        server.start()


def verify(phone: Phone, games: list[Game]) -> list[str]:
    """Read every game back; send each game's ``client_id`` again (it must be the same game)."""
    problems = []
    for game in games:
        _, stored, _ = phone.until_answered("GET", f"/api/v1/games/{game.id}")
        problems += check_game(game, stored)
        body = {"players": game.players, "client_id": game.client_id}
        status, again, _ = phone.until_answered("POST", "/api/v1/games", body, True)
        if status != 200 or str(again.get("id")) != game.id:
            problems.append(f"game {game.id}: its client_id answered {status} {again.get('id')}")
    return problems


def percentile(values: list[float], share: float) -> float:
    return statistics.quantiles(values, n=100)[round(share * 100) - 1] if len(values) > 1 \
        else (values[0] if values else 0.0)


def run(clients: int, seconds: float, kills: int, seed: int) -> int:
    stats, games_by_client = Stats(), [[] for _ in range(clients)]
    with tempfile.TemporaryDirectory(prefix="soak-") as tmp:
        server = Server(Path(tmp) / "soak.sqlite")
        server.start()
        try:
            start = time.monotonic()
            deadline = start + seconds
            threads = [threading.Thread(target=play, args=(
                Phone(server.url, stats), random.Random(seed + i), deadline, games_by_client[i]))
                for i in range(clients)]
            at = [start + seconds * (k + 1) / (kills + 1) for k in range(kills)]
            in_flight: list[int] = []
            killer = threading.Thread(target=kill_mid_write, args=(server, stats, at, in_flight))
            for thread in [*threads, killer]:
                thread.start()
            for thread in [*threads, killer]:
                thread.join()
            elapsed = time.monotonic() - start
            checker = Phone(server.url, stats)
            checker.sign_in()
            games = [game for own in games_by_client for game in own]
            stats.violations += verify(checker, games)
        finally:
            server.stop()
    deals = sum(len(game.deals) for game in games)
    requests = sum(stats.statuses.values())
    errors = sum(n for status, n in stats.statuses.items() if status >= 500)
    print(f"soak: {clients} clients for {elapsed:.1f} s against python -m scorekeeper, "
          f"{len(in_flight)} SIGKILL(s) with {in_flight} writes in flight")
    print(f"requests: {requests} answered ({requests / elapsed:.0f}/s), 5xx: {errors}, "
          f"no answer while the server was down: {stats.gone}")
    print(f"latency: p50 {percentile(stats.latencies, 0.5) * 1000:.1f} ms, "
          f"p95 {percentile(stats.latencies, 0.95) * 1000:.1f} ms")
    print(f"verified: {len(games)} games, {deals} acknowledged deals each stored exactly "
          f"once with its values; totals recomputed from them, and every game's end, match; "
          f"every game's client_id answers the same game; {stats.stored_before_ack} deals "
          "stored by a killed server were acknowledged on retry without a second copy")
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
    parser.add_argument("--kills", type=int, default=int(os.environ.get("KILLS", "1")))
    parser.add_argument("--seed", type=int, default=int(os.environ.get("SEED", "6")))
    args = parser.parse_args(argv)
    return run(args.clients, args.seconds, args.kills, args.seed)


if __name__ == "__main__":
    sys.exit(main())
