"""A player joining and another leaving while the director seats the round, over real HTTP
on a threaded server, fifty times: what is stored is what was seated, and each answer says
truly which round the change counts from."""

from __future__ import annotations

import json
import threading
import urllib.request

import pytest

from scorekeeper import create_app
from tests.conftest import waitress_serving

RUNS = 50
PLAYERS = [f"Player {n}" for n in range(1, 9)]


@pytest.fixture
def server(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "race.sqlite"), "SECRET_KEY": "race"})
    with waitress_serving(app, host="127.0.0.1", port=0, threads=8) as served:
        yield f"http://127.0.0.1:{served.effective_port}"


class Phone:
    """One session (its cookie and CSRF token), as a director's phone holds it."""

    def __init__(self, base: str):
        self.base = base
        answer = urllib.request.urlopen(f"{base}/pwa/csrf-token", timeout=10)
        self.cookie = answer.headers["Set-Cookie"].split(";")[0]
        self.token = json.load(answer)["csrf_token"]
        self.key: str | None = None

    def send(self, method: str, path: str, body: object = None) -> tuple[int, dict]:
        headers = {"Cookie": self.cookie, "X-CSRFToken": self.token,
                   "Content-Type": "application/json"}
        if self.key:
            headers["X-Director-Key"] = self.key
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, json.load(answer)
        except urllib.error.HTTPError as refused:
            return refused.code, json.load(refused)


def test_joins_and_drop_outs_racing_the_seating_are_stored_as_answered(server):
    phone = Phone(server)
    orders = {"joined first": 0, "seated first": 0}
    for run in range(RUNS):
        status, event = phone.send("POST", "/api/v1/events", {
            "name": f"Race {run}", "players": PLAYERS, "rounds": 2, "seed": run})
        assert status == 201, event
        phone.key = event["director_key"]
        eid, late, leaving = event["id"], f"Late {run}", PLAYERS[run % len(PLAYERS)]
        answers: dict[str, tuple[int, dict]] = {}
        start = threading.Barrier(3)

        def act(name, method, path, body=None, start=start, answers=answers):
            start.wait()
            answers[name] = phone.send(method, path, body)

        threads = [threading.Thread(target=act, args=args) for args in (
            ("seat", "POST", f"/api/v1/events/{eid}/rounds"),
            ("join", "POST", f"/api/v1/events/{eid}/players", {"player": late}),
            ("drop", "POST", f"/api/v1/events/{eid}/dropouts", {"player": leaving}),
        )]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        for name, (status, body) in answers.items():
            assert status == 201, (run, name, body)

        status, stored = phone.send("GET", f"/api/v1/events/{eid}")
        seated = [p for table in stored["tables"] for p in table["players"]]
        said = [(t["table"], t["players"], t["game"]) for t in answers["seat"][1]["tables"]]
        assert said == [(t["table"], t["players"], t["game"]) for t in stored["tables"]], run
        assert len(seated) == len(set(seated))

        joined = answers["join"][1]["change"]
        assert joined == {"kind": "join", "player": late, "from_round": joined["from_round"]}
        assert (late in seated) == (joined["from_round"] == 1), (run, joined, seated)
        dropped = answers["drop"][1]["change"]
        assert (leaving in seated) == (dropped["from_round"] == 2), (run, dropped, seated)
        assert {c["from_round"] for c in stored["changes"]} <= {1, 2}
        assert sorted(seated) == sorted(
            {*PLAYERS, *([late] if joined["from_round"] == 1 else [])}
            - ({leaving} if dropped["from_round"] == 1 else set()))
        orders["joined first" if joined["from_round"] == 1 else "seated first"] += 1
    assert sum(orders.values()) == RUNS, orders
