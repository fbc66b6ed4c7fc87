"""The event as one file (docs/api.md, The event file): exported on one server, imported on
another, it carries on there with the same standings and the same next round."""

from __future__ import annotations

import copy
import io
import json

import pytest

from scorekeeper import create_app
from tests.conftest import read_csrf_token
from tests.test_events_director import NAMES, Director


@pytest.fixture
def director(client):
    return Director(client)


@pytest.fixture
def elsewhere(tmp_path):
    """Another server: its own database."""
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "other.sqlite"),
                      "SECRET_KEY": "other"})
    return Director(app.test_client())


def played_evening(director: Director) -> str:
    """Two rounds of a three-round event, with everything a night brings: a late arrival,
    a drop-out, a correction, a game entered as cards, a replaced game, a table on paper."""
    eid = director.event(players=NAMES, rounds=3)["id"]
    first = director.seat(eid)
    director.play(first[0])
    cards = {p: [] for p in first[1]["players"]}
    cards[first[1]["players"][0]] = [55, 11, 22, 33, 44, 66, 77, 88, 99, 10, 20, 30, 40, 50,
                                     60, 70]  # 7 + 8 × 5 + 7 × 3 = 68: the game ends
    cards[first[1]["players"][1]] = [26, 27, 28, 29]
    entered = director.post(f"/api/v1/games/{first[1]['game']}/deals",
                            {"number": 1, "cards": cards, "client_id": "phone-1"})
    assert entered.status_code == 201, entered.get_json()
    director.play(first[2])
    director.put(f"/api/v1/games/{first[2]['game']}/deals/1", {"bullheads": dict(
        zip(first[2]["players"], (70, 5, 15, 25, 30), strict=False))})
    director.post(f"/api/v1/events/{eid}/players", {"player": "Zoë"})
    director.post(f"/api/v1/events/{eid}/dropouts", {"player": NAMES[3]})
    second = director.seat(eid)
    director.post(f"/api/v1/events/{eid}/rounds/2/tables/1/replace")
    replaced = director.get(f"/api/v1/events/{eid}", key=True).get_json()["tables"][0]
    director.play(replaced)
    director.play(second[1])
    director.put(f"/api/v1/events/{eid}/rounds/2/tables/3/totals",
                 {"totals": dict(zip(second[2]["players"], (12, 70, 33, 8, 41), strict=False))})
    return eid


def test_the_event_file_carries_the_event_to_another_server(director, elsewhere):
    eid = played_evening(director)
    exported = director.get(f"/api/v1/events/{eid}/export", key=True)
    assert exported.status_code == 200 and exported.headers["Cache-Control"] == "private, no-store"
    data = exported.get_json()
    assert data["format"] == "6nimmt-scorekeeper-event" and len(data["tables"]) == 6
    assert len(data["replaced"]) == 1 and data["tables"][5]["paper"] is not None

    imported = elsewhere.post("/api/v1/events/import", data)
    assert imported.status_code == 201, imported.get_json()
    copy_ = imported.get_json()
    elsewhere.key = copy_["director_key"]
    assert copy_["director_key"] != director.key and copy_["id"] != eid
    original = director.get(f"/api/v1/events/{eid}", key=True).get_json()
    for field in ("name", "players", "rounds", "round", "complete", "active", "dropped",
                  "threshold", "fixed_deals", "virgin_doubling", "changes", "seed"):
        assert copy_[field] == original[field], field
    assert {t["game"] for t in copy_["tables"]}.isdisjoint(t["game"] for t in original["tables"])
    for path in ("standings", "standings?after=1"):
        assert (elsewhere.get(f"/api/v1/events/{copy_['id']}/{path}").get_json()
                == director.get(f"/api/v1/events/{eid}/{path}").get_json()), path

    there = elsewhere.seat(copy_["id"])  # both carry on: the same third round
    here = director.seat(eid)
    assert [t["players"] for t in there] == [t["players"] for t in here]
    again = elsewhere.get(f"/api/v1/events/{copy_['id']}/export", key=True).get_json()
    assert [t["game"]["log"] for t in again["tables"][:6]] == [
        t["game"]["log"] for t in data["tables"]]
    assert again["history"][0]["act"] == "import"
    assert elsewhere.get(f"/api/v1/events/{copy_['id']}/export").status_code == 403


def test_the_event_file_is_imported_from_the_page_and_the_importer_directs(director, app):
    eid = played_evening(director)
    page = director.client.get(f"/events/{eid}/export.json")
    assert page.status_code == 403  # this client spoke JSON: its browser holds no cookie
    data = director.get(f"/api/v1/events/{eid}/export", key=True).get_data()
    laptop = app.test_client()
    token = read_csrf_token(laptop, "/events/import")
    answer = laptop.post("/events/import", data={
        "csrf_token": token, "file": (io.BytesIO(data), "event.json")},
        content_type="multipart/form-data")
    assert answer.status_code == 302 and "/director/" in answer.headers["Location"]
    base = answer.headers["Location"].split("/director/")[0]
    assert laptop.get(base + "/export.json").status_code == 200  # it directs the copy
    again = laptop.post("/events/import", data={
        "csrf_token": token, "file": (io.BytesIO(b"{}"), "event.json")},
        content_type="multipart/form-data")
    assert again.status_code == 400 and "not an event file" in again.get_data(as_text=True)


def tampered(data: dict, change) -> dict:
    changed = copy.deepcopy(data)
    change(changed)
    return changed


@pytest.mark.parametrize(("change", "code"), [
    (lambda d: d.update(format="6nimmt-scorekeeper-game"), "NotAnEventFile"),
    (lambda d: d.update(version=True), "NotAnEventFile"),
    (lambda d: d.update(seed="5"), "EventFileField"),
    (lambda d: d.update(players=d["players"][:5]), "EventFileField"),
    (lambda d: d["tables"][0].update(round=2), "EventFileField"),
    (lambda d: d["tables"][0].update(players=["Nobody", "Else", "At", "All"]), "EventFileField"),
    (lambda d: d["tables"][1].update(players=d["tables"][0]["players"]), "EventFileField"),
    (lambda d: d["tables"][0]["game"]["log"][0].__setitem__(2, [500, 0, 0, 0]),
     "EventFileField"),
    (lambda d: d["tables"][0]["game"]["log"].append(["restore", 9, [0, 0, 0, 0],
                                                     "2026-01-01T00:00:00Z"]),
     "EventFileField"),
    (lambda d: d["tables"][5].update(paper={"Player 01": -1}), "EventFileField"),
    (lambda d: d["changes"].append({"kind": "join", "player": "Zo\u200be", "from_round": 2,
                                    "created_at": "2026-01-01T00:00:00Z"}), "EventFileField"),
])
def test_a_damaged_event_file_is_refused_and_stores_nothing(director, elsewhere, change, code):
    eid = played_evening(director)
    data = director.get(f"/api/v1/events/{eid}/export", key=True).get_json()
    answer = elsewhere.post("/api/v1/events/import", tampered(data, change))
    assert answer.status_code == 400 and answer.get_json()["code"] == code, answer.get_json()
    assert elsewhere.post("/api/v1/events/import", data).status_code == 201


def test_an_event_file_over_the_limit_is_refused(elsewhere):
    body = json.dumps({"format": "6nimmt-scorekeeper-event", "pad": "x" * (300 * 1024)})
    answer = elsewhere.client.post("/api/v1/events/import", data=body, headers={
        **elsewhere.csrf, "Content-Type": "application/json"})
    assert answer.status_code in (400, 413)
    assert answer.get_json()["code"] in ("EventFileTooLarge", "BodyTooLarge")


def test_an_import_stores_each_game_on_its_own_and_leaves_nothing_when_the_event_fails(
        director, elsewhere):
    """The games go in first, each in a short transaction of its own; if the event's own
    transaction then fails (here: whoever the event is imported for refuses it), the
    games are deleted again and the database is row for row what it was."""
    import sqlite3

    from scorekeeper.events import transfer
    from scorekeeper.web.db import get_db

    eid = played_evening(director)
    data = director.get(f"/api/v1/events/{eid}/export", key=True).get_json()
    path = elsewhere.client.application.config["DATABASE"]

    def rows() -> dict[str, list]:
        with sqlite3.connect(path) as conn:
            names = [r[0] for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")]
            return {n: sorted(conn.execute(f'SELECT * FROM "{n}"').fetchall(), key=repr)
                    for n in names if not n.startswith("sqlite_")}

    def refuse(_db, _event_id):
        raise RuntimeError("not this one")

    elsewhere.client.get("/healthz")  # the database is made and migrated
    before = rows()
    with elsewhere.client.application.app_context():
        with pytest.raises(RuntimeError):
            transfer.import_event(get_db(), data, "0" * 64, "test", then=refuse)
    assert rows() == before
    with elsewhere.client.application.app_context():
        stored: list[str] = []
        transfer.import_event(get_db(), data, "0" * 64, "test",
                              then=lambda _db, event_id: stored.append(event_id))
        games = get_db().execute("SELECT count(*) FROM games").fetchone()[0]
    assert len(stored) == 1 and games == len(data["tables"]) + len(data["replaced"])
