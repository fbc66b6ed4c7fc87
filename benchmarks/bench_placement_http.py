"""The placement endpoint's cost as a ratio to ``/healthz``, measured in one run.

A real waitress server on 127.0.0.1 (the server ``make run`` starts) answers both
endpoints over one keep-alive connection; requests alternate so that drift in the
machine's speed hits both alike. The placement body is a 10-player turn with a full-row
take and a rule-4 take. The Flask test client (no sockets) is measured too, to show the
application's own share. Goal: placement at most 1.6 x healthz.

Run: ``.venv/bin/python benchmarks/bench_placement_http.py``
"""

from __future__ import annotations

import http.client
import json
import statistics
import tempfile
import threading
import time
from pathlib import Path

from waitress import wasyncore
from waitress.server import create_server

from scorekeeper import create_app

BODY = json.dumps({
    "rows": [[3, 8, 12, 17, 20], [30, 36], [47], [58, 61]],
    "plays": [{"player": f"Player {i + 1}", "card": card}
              for i, card in enumerate([1, 22, 25, 39, 44, 50, 63, 70, 88, 104])],
}).encode()
HEADERS = {"Content-Type": "application/json"}


def _timed(send, rounds: int) -> tuple[list[float], list[float]]:
    health, placement = [], []
    for _ in range(rounds):
        for bucket, path, body in ((health, "/healthz", None),
                                   (placement, "/api/v1/placement", BODY)):
            start = time.perf_counter()
            status = send(path, body)
            bucket.append(time.perf_counter() - start)
            assert status == 200, (path, status)
    return health, placement


def measure(rounds: int = 1500) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE": str(Path(tmp) / "bench.sqlite"), "SECRET_KEY": "bench"})

        client = app.test_client()

        def send_inprocess(path, body):
            if body is None:
                return client.get(path).status_code
            return client.post(path, data=body, headers=HEADERS).status_code

        _timed(send_inprocess, 100)
        inprocess = _timed(send_inprocess, rounds)

        server = create_server(app, host="127.0.0.1", port=0, threads=2)
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        conn = http.client.HTTPConnection("127.0.0.1", server.effective_port, timeout=10)

        def send_http(path, body):
            if body is None:
                conn.request("GET", path)
            else:
                conn.request("POST", path, body=body, headers=HEADERS)
            response = conn.getresponse()
            response.read()
            return response.status

        try:
            _timed(send_http, 100)
            over_http = _timed(send_http, rounds)
        finally:  # workers first, then the serving loop closes its own connections
            conn.close()
            server.task_dispatcher.shutdown()
            server.trigger.pull_trigger(lambda: wasyncore.close_all(server._map))
            thread.join(timeout=5)

    def ratio(pair):
        health, placement = (statistics.median(times) for times in pair)
        return {"healthz_ms": health * 1e3, "placement_ms": placement * 1e3,
                "ratio": placement / health}

    return {"http": ratio(over_http), "in_process": ratio(inprocess), "rounds": rounds}


def main() -> None:
    result = measure()
    for name in ("http", "in_process"):
        r = result[name]
        print(f"placement vs healthz ({name}): {r['placement_ms']:.3f} ms / "
              f"{r['healthz_ms']:.3f} ms = {r['ratio']:.2f}x (median of {result['rounds']}; "
              "goal <= 1.6x)")


if __name__ == "__main__":
    main()
