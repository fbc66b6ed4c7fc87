"""The event as one file (docs/api.md, The event file): exported on one server, imported on
another, it carries on there with the same standings and the same next round."""

from __future__ import annotations

import copy
import html
import io
import json
import sqlite3

import pytest

from scorekeeper import create_app
from tests.conftest import read_csrf_token
from tests.test_events_director import NAMES, Director


@pytest.fixture
def director(client):
    return Director(client)


@pytest.fixture
def elsewhere(tmp_path):
    """Another server: its own database, and room for the many imports of a test."""
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "other.sqlite"),
                      "SECRET_KEY": "other",
                      "IMPORT_LIMITS": {"event": (1000, 600), "backup": (1000, 600)}})
    other = Director(app.test_client())
    other.app = app
    return other


@pytest.fixture
def evening(director):
    """The played evening's file, as its director exports it."""
    eid = played_evening(director)
    return director.get(f"/api/v1/events/{eid}/export", key=True).get_json()


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


def dump(app) -> str:
    """Everything the database holds, as SQL: equal before and after a refused file."""
    connection = sqlite3.connect(app.config["DATABASE"])
    try:
        return "\n".join(connection.iterdump())
    finally:
        connection.close()


DATE = "2026-11-27T20:00:00Z"


def _drop(player, from_round=2):
    return lambda d: d["changes"].append({"kind": "drop", "player": player,
                                          "from_round": from_round, "created_at": DATE})


def _move(data, source, target, player):
    """``player`` sits at table ``target`` instead of ``source`` (indexes in ``tables``),
    their bullheads carried along in the one deal of each game."""
    at = data["tables"][source]
    seat = at["players"].index(player)
    at["players"].pop(seat)
    value = at["game"]["log"][0][2].pop(seat)
    data["tables"][target]["players"].append(player)
    data["tables"][target]["game"]["log"][0][2].append(value)


def _swap_in_round_one(data):
    first, second = data["tables"][0], data["tables"][1]
    first["players"][0], second["players"][0] = second["players"][0], first["players"][0]


#: Files no live event could have written (the club evening's D2 list and the probe's
#: L4/L5), each with its refusal and, for a live check passed through, the check's code
#: and where in the file it was met.
DAMAGED = [
    ("format", lambda d: d.update(format="6nimmt-scorekeeper-game"), "NotAnEventFile", None),
    ("version", lambda d: d.update(version=True), "NotAnEventFile", None),
    ("seed as text", lambda d: d.update(seed="5"), "EventFileField", {"field": "seed"}),
    ("rounds as text", lambda d: d.update(rounds="3"), "EventFileField", {"field": "rounds"}),
    ("limit as text", lambda d: d.update(threshold="66"), "EventFileField",
     {"field": "threshold"}),
    ("no virgin_doubling", lambda d: d.pop("virgin_doubling"), "EventFileField",
     {"field": "virgin_doubling"}),
    ("no end at all", lambda d: d.update(threshold=None, fixed_deals=None), "EventFileNoEnd",
     None),
    ("five players", lambda d: d.update(players=d["players"][:5]), "EventFileProblem",
     ("EventPlayerCount", {"field": "players"})),
    ("201 players", lambda d: d["players"].extend(f"Guest {n}" for n in range(188)),
     "EventFileProblem", ("EventPlayerCount", {"field": "players"})),
    ("a zero-width space in a name", lambda d: d["players"].__setitem__(0, "Player 01\u200b"),
     "EventFileProblem", ("NameHiddenCharacter", {"field": "players[0]"})),
    ("two names alike", lambda d: d["players"].__setitem__(1, "PLAYER 01"), "EventFileProblem",
     ("NameRepeated", {"field": "players"})),
    ("a newline in the event's name", lambda d: d.update(name="Club\navond"),
     "EventFileProblem", ("NameHiddenCharacter", {"field": "name"})),
    ("an escape in the event's name", lambda d: d.update(name="Club\x1b[31mavond"),
     "EventFileProblem", ("NameHiddenCharacter", {"field": "name"})),
    ("a right-to-left override in the name", lambda d: d.update(name="Club\u202eavond"),
     "EventFileProblem", ("NameHiddenCharacter", {"field": "name"})),
    ("a bell in a game's note", lambda d: d["tables"][0]["game"].update(note="Ronde\x07"),
     "EventFileProblem", ("NameHiddenCharacter", {"field": "tables[0].game.note"})),
    ("30 February", lambda d: d.update(created_at="2026-02-30T00:00:00Z"),
     "EventFileNotATime", None),
    ("a change on day 99", lambda d: d["changes"][0].update(created_at="9999-99-99T99:99:99Z"),
     "EventFileNotATime", None),
    ("a replacement on 30 February",
     lambda d: d["replaced"][0].update(replaced_at="2026-02-30T12:00:00Z"),
     "EventFileNotATime", None),
    ("exported_at not a time", lambda d: d.update(exported_at={"at": 1}), "EventFileField",
     None),
    ("an unknown field", lambda d: d.update(club="x"), "EventFileUnknownField", None),
    ("an unknown field in a table", lambda d: d["tables"][0].update(bye=True),
     "EventFileUnknownField", None),
    ("an unknown field in a game", lambda d: d["tables"][0]["game"].update(x=1),
     "EventFileUnknownField", None),
    ("an unknown field in a change", lambda d: d["changes"][0].update(x=1),
     "EventFileUnknownField", None),
    ("a drop of an unknown player", _drop("Wim Meijer"), "EventFileProblem",
     ("EventUnknownPlayer", {"change": 3})),
    ("a join of a player already in",
     lambda d: d["changes"].append({"kind": "join", "player": "player 05", "from_round": 2,
                                    "created_at": DATE}),
     "EventFileProblem", ("NameRepeated", {"change": 3})),
    ("a dropped player still seated", _drop("Player 12"), "EventFileSeatsAbsent", None),
    ("a late arrival seated before joining",
     lambda d: [change.update(from_round=3) for change in d["changes"]],
     "EventFileSeatsAbsent", {"player": "Zoë", "round": 2}),
    ("changes out of order", lambda d: d["changes"][0].update(from_round=3), "EventFileField",
     {"field": "changes[1].from_round"}),
    ("a missing table", lambda d: d["tables"].pop(2), "EventFileMissesPlayer", None),
    ("a player at two tables",
     lambda d: d["tables"][1]["players"].__setitem__(0, d["tables"][0]["players"][0]),
     "EventFileSeatedTwice", None),
    ("tables of 3 and 5", lambda d: _move(d, 3, 4, "Player 03"), "EventFileTableSizes", None),
    ("round 1 not the seed's draw", _swap_in_round_one, "EventFileNotTheDraw", None),
    ("a limit of 200", lambda d: d.update(threshold=200), "EventFileProblem",
     ("GameNotEnded", {"round": 2, "table": 3})),
    ("a limit of 200, no paper", lambda d: (d.update(threshold=200),
                                            d["tables"][5].update(paper=None)),
     "EventFileRoundUnfinished", None),
    ("a deal under the minimum",
     lambda d: d["tables"][0]["game"]["log"][0].__setitem__(2, [5, 5, 5, 5]),
     "EventFileProblem", ("DealUnderBound", {"round": 1, "table": 1, "line": 1})),
    ("a deal over the bound",
     lambda d: d["tables"][0]["game"]["log"][0].__setitem__(2, [500, 0, 0, 0]),
     "EventFileProblem", ("DealOverBound", {"round": 1, "table": 1, "line": 1})),
    ("a restore of nothing",
     lambda d: d["tables"][0]["game"]["log"].append(["restore", 9, [5, 15, 25, 70], DATE]),
     "EventFileProblem", ("NoSuchDeal", {"round": 1, "table": 1, "line": 2})),
    ("a player unknown at a table",
     lambda d: d["tables"][0].update(players=["Nobody", "Else", "At", "All"]),
     "EventFileProblem", ("EventUnknownPlayer", {"round": 1, "table": 1})),
    ("paper totals as text", lambda d: d["tables"][5].update(paper={
        p: str(v) for p, v in d["tables"][5]["paper"].items()}), "EventFileField", None),
    ("paper totals below zero",
     lambda d: d["tables"][5]["paper"].update({"Player 12": -1}), "EventFileProblem",
     ("BadPaperTotal", {"round": 2, "table": 3})),
    ("paper totals where nobody reached the end",
     lambda d: d["tables"][5]["paper"].update({"Player 09": 30}), "EventFileProblem",
     ("GameNotEnded", {"round": 2, "table": 3})),
    ("paper totals out of reach",
     lambda d: d["tables"][5]["paper"].update({"Player 09": 9999}), "EventFileProblem",
     ("TotalOutOfReach", {"round": 2, "table": 3})),
    ("a hidden character in a late arrival's name",
     lambda d: d["changes"].append({"kind": "join", "player": "Zo\u200be", "from_round": 2,
                                    "created_at": DATE}),
     "EventFileProblem", ("NameHiddenCharacter", {"field": "changes[2].player"})),
]


@pytest.mark.parametrize(("change", "code", "problem"), [case[1:] for case in DAMAGED],
                         ids=[case[0] for case in DAMAGED])
def test_a_file_that_does_not_add_up_is_refused_naming_what_and_stores_nothing(
        evening, elsewhere, change, code, problem):
    before = dump(elsewhere.app)
    answer = elsewhere.post("/api/v1/events/import", tampered(evening, change))
    body = answer.get_json()
    assert answer.status_code == 400 and body["code"] == code, body
    if isinstance(problem, tuple):
        inner, place = problem
        assert body["fields"]["problem"]["code"] == inner, body
        assert body["fields"]["place"] == place, body
        assert "is not as this app writes it" not in body["error"]
    elif problem is not None:
        assert body["fields"] == problem, body
    assert dump(elsewhere.app) == before
    assert elsewhere.post("/api/v1/events/import", evening).status_code == 201


def test_a_key_given_twice_is_refused_in_every_file_and_body(evening, elsewhere):
    raw = json.dumps(evening, ensure_ascii=False)
    twice = raw.replace('"name":', '"name": "Club", "name":', 1)
    before = dump(elsewhere.app)
    answer = elsewhere.client.post("/api/v1/events/import", data=twice.encode(), headers={
        **elsewhere.csrf, "Content-Type": "application/json"})
    assert answer.status_code == 400 and answer.get_json()["code"] == "RepeatedKey"
    assert answer.get_json()["fields"] == {"key": "name"}
    assert dump(elsewhere.app) == before
    game = elsewhere.client.post("/api/v1/games", headers={
        **elsewhere.csrf, "Content-Type": "application/json"},
        data=b'{"players": ["Ann", "Bob"], "players": ["Cas", "Dirk"]}')
    assert game.status_code == 400 and game.get_json()["code"] == "RepeatedKey"


def test_the_refusal_names_the_place_in_the_visitors_language(evening, elsewhere):
    bad = tampered(evening, lambda d: d["tables"][0]["game"]["log"][0].__setitem__(
        2, [5, 5, 5, 5]))
    english = elsewhere.post("/api/v1/events/import", bad).get_json()["error"]
    assert english.startswith("In this event file, table 1 of event round 1, entry 1 of "
                              "the game's history: This deal adds up to 20 bullheads")
    dutch = elsewhere.post("/api/v1/events/import?lang=nl", bad).get_json()["error"]
    assert dutch.startswith("In dit clubtoernooibestand, tafel 1 van toernooironde 1, "
                            "vermelding 1 in de geschiedenis van het spel: Deze spelronde "
                            "komt op 20 runderkoppen")
    german = elsewhere.post("/api/v1/events/import?lang=de", bad).get_json()["error"]
    assert german.startswith("In dieser Clubturnierdatei, Tisch 1 von Turnierrunde 1, "
                             "Eintrag 1 im Verlauf des Spiels: Dieser Durchgang ergibt 20")


def test_the_import_page_names_the_place_too(evening, app):
    laptop = app.test_client()
    token = read_csrf_token(laptop, "/events/import")
    bad = tampered(evening, lambda d: d["players"].__setitem__(0, "Player 01\u200b"))
    answer = laptop.post("/events/import", data={
        "csrf_token": token, "file": (io.BytesIO(json.dumps(bad).encode()), "event.json")},
        content_type="multipart/form-data")
    text = answer.get_data(as_text=True)
    assert answer.status_code == 400
    assert "the field “players[0]”" in html.unescape(text) and "[U+200B]" in text


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
