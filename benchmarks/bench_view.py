"""A game's view link, watched: what its page costs against ``/healthz``.

Those who watch a game (a club's chat, a screen by the bar) keep its view link open, and
its page asks every 2 seconds whether the game moved. That ask must cost what an open
score sheet's ask costs: one read of the game's row, answered 304. The real server
(``python -m scorekeeper``) answers, over a fresh connection each time as a browser's
asks after a 304 do: ``/healthz``; ``/view/<id>`` asked with the version it shows (304);
the score sheet's own ask ``/api/v1/games/<id>`` with its version (304); and the view
page in full (200) for a game of 30 deals. Requests alternate so that drift in the
machine's speed hits all alike; medians are printed as multiples of ``/healthz``.

Run: ``.venv/bin/python benchmarks/bench_view.py``
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROUNDS = int(os.environ.get("ROUNDS", "300"))
PLAYERS = ["Ann", "Bob", "Cas", "Dirk"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def ask(port: int, method: str, path: str, body: dict | None = None,
        headers: dict | None = None) -> tuple[int, bytes, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    data = None if body is None else json.dumps(body).encode()
    conn.request(method, path, body=data, headers={
        **(headers or {}), **({"Content-Type": "application/json"} if data else {})})
    answer = conn.getresponse()
    content = answer.read()
    conn.close()
    return answer.status, content, dict(answer.getheaders())


def a_game(port: int) -> tuple[str, str]:
    """A game of 30 deals; its id and its view link's path."""
    status, content, headers = ask(port, "GET", "/pwa/csrf-token")
    token = json.loads(content)["csrf_token"]
    cookie = headers["Set-Cookie"].split(";", 1)[0]
    write = {"X-CSRFToken": token, "Cookie": cookie}
    _, content, _ = ask(port, "POST", "/api/v1/games",
                        {"players": PLAYERS, "threshold": 1000}, write)
    game = json.loads(content)
    deal = dict(zip(PLAYERS, (8, 6, 5, 7), strict=True))
    for number in range(1, 31):
        status, _, _ = ask(port, "POST", f"/api/v1/games/{game['id']}/deals",
                           {"number": number, "bullheads": deal}, write)
        assert status == 201, status
    return game["id"], "/view/" + game["view_url"].rsplit("/", 1)[1]


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", "--port", str(port)], cwd=ROOT,
            env={**os.environ, "SCOREKEEPER_DATABASE": str(Path(tmp) / "view.sqlite")},
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(100):
                try:
                    ask(port, "GET", "/healthz")
                    break
                except OSError:
                    time.sleep(0.1)
            game_id, view = a_game(port)
            tag = {"If-None-Match": '"30"'}
            paths = {"healthz": ("/healthz", {}, 200), "view 304": (view, tag, 304),
                     "sheet's ask 304": (f"/api/v1/games/{game_id}", tag, 304),
                     "view page 200": (view, {}, 200)}
            times: dict[str, list[float]] = {name: [] for name in paths}
            for warm in (True, False):
                for _ in range(20 if warm else ROUNDS):
                    for name, (path, headers, expected) in paths.items():
                        start = time.perf_counter()
                        status, _, _ = ask(port, "GET", path, headers=headers)
                        took = time.perf_counter() - start
                        assert status == expected, (name, status)
                        if not warm:
                            times[name].append(took)
        finally:
            server.terminate()
            server.wait(timeout=10)
    medians = {name: statistics.median(t) * 1e3 for name, t in times.items()}
    print(f"median of {ROUNDS} rounds each, a fresh connection per request (waitress)")
    for name, ms in medians.items():
        print(f"  {name}: {ms:.2f} ms, {ms / medians['healthz']:.2f}x healthz")


if __name__ == "__main__":
    main()
