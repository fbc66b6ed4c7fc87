"""Reading backups back in: limits, the same backup twice, the rules of a live game,
strict types; and text that cannot be stored refused (never a 500), in backups and the API."""

from __future__ import annotations

import copy
import html
import json

import pytest

from scorekeeper.engine import errors, limits
from scorekeeper.engine.deal import make_entry
from scorekeeper.engine.game import EventKind
from scorekeeper.engine.limits import MAX_DEALS
from scorekeeper.engine.settings import make_settings
from scorekeeper.games import imports, store
from scorekeeper.web import db
from tests.conftest import read_csrf_token


def backup(*deals, players=("Ann", "Bob"), **fields) -> dict:
    """A backup as the app exports it, with these deals (Ann's and Bob's bullheads)."""
    events = [{"kind": "deal", "number": i, "bullheads": dict(zip(players, values, strict=True)),
               "client_id": None, "created_at": "2026-11-01T20:00:00Z"}
              for i, values in enumerate(deals, 1)]
    return {"format": "6nimmt-scorekeeper-game", "version": 1,
            "created_at": "2026-11-01T19:00:00Z", "players": list(players), "threshold": 66,
            "fixed_deals": None, "virgin_doubling": False, "variant": "basic", "rows": 4,
            "takes_at": 6, "hand_size": 10, "note": "", "events": events, **fields}


@pytest.fixture
def send(client):
    token = read_csrf_token(client)

    def post(data: object, raw: str | None = None, lang: str = "en"):
        text = raw if raw is not None else json.dumps(data)
        return client.post(f"/games/import?lang={lang}", data={"csrf_token": token,
                                                              "text": text})

    return post


def refused(answer, sentence: str) -> None:
    assert answer.status_code == 400, answer.status_code
    assert sentence in answer.get_data(as_text=True)


def test_the_same_backup_twice_answers_the_game_it_created(client, send):
    first = send(backup((5, 3), (10, 2)))
    assert first.status_code == 302
    # Spacing and key order do not make it another backup.
    again = send(None, raw=json.dumps(backup((5, 3), (10, 2)), indent=3, sort_keys=True))
    assert again.headers["Location"] == first.headers["Location"]
    assert client.get("/games").get_data(as_text=True).count('class="game-item"') == 1
    other = send(backup((5, 3), (10, 3)))
    assert other.headers["Location"] != first.headers["Location"]


def test_the_same_backup_on_another_phone_is_a_game_of_its_own(app, client, send):
    """Whoever is sent a file that its owner imported never gets the owner's live game:
    their import makes a game with a link of its own (and finds it again)."""
    mine = send(backup((5, 3), (10, 2))).headers["Location"]
    phone = app.test_client()
    token = read_csrf_token(phone)

    def theirs():
        answer = phone.post("/games/import", data={"csrf_token": token, "text": json.dumps(
            backup((5, 3), (10, 2)), indent=2)})
        assert answer.status_code == 302
        return answer.headers["Location"]

    copy_link = theirs()
    assert copy_link != mine and theirs() == copy_link
    listed = phone.get("/games").get_data(as_text=True)
    assert copy_link.rsplit("/", 1)[1] in listed and mine.rsplit("/", 1)[1] not in listed
    copy_id, game = copy_link.rsplit("/", 1)[1], mine.rsplit("/", 1)[1]
    dealt = phone.post(f"/api/v1/games/{copy_id}/deals", headers={"X-CSRFToken": token},
                       json={"number": 3, "bullheads": {"Ann": 4, "Bob": 1}})
    assert dealt.status_code == 201
    assert len(client.get(f"/api/v1/games/{game}").get_json()["deals"]) == 2
    assert send(backup((5, 3), (10, 2))).headers["Location"] == mine


def test_a_backup_may_hold_several_games_but_not_too_many(client, send):
    two = send([backup((5, 3)), backup((6, 3))])
    assert two.status_code == 302 and two.headers["Location"] == "/games"
    assert client.get("/games").get_data(as_text=True).count('class="game-item"') == 2
    many = [backup((5, i)) for i in range(imports.MAX_GAMES + 1)]
    refused(send(many), f"holds {imports.MAX_GAMES + 1} games; import at most 20 at once")
    refused(send([]), "not a game file")


def test_a_backup_over_the_size_limit_is_refused(send):
    data = backup((5, 3), note="")
    raw = json.dumps(data) + " " * imports.MAX_BYTES
    refused(send(None, raw=raw), "larger than 192 KB")


@pytest.mark.parametrize(("deals", "sentence"), [
    ([(70, 3), (5, 3)], "This game has ended: no deal can be added"),
    ([(100, 68)], "allows at most 167"),
])
def test_imported_deals_follow_the_rules_of_a_live_game(send, deals, sentence):
    refused(send(backup(*deals)), sentence)


def test_numbering_withdrawals_and_restores_are_checked(send):
    skipped = backup((5, 3), (6, 3))
    skipped["events"][1]["number"] = 3
    refused(send(skipped), "cannot be added yet")
    data = backup((5, 3), (6, 3))
    stamp = "2026-11-01T20:10:00Z"
    undo = {"kind": "withdrawal", "number": 1, "bullheads": {"Ann": 5, "Bob": 3},
            "client_id": None, "created_at": stamp}
    refused(send({**data, "events": [*data["events"], undo]}), "Only the last deal")
    wrong_value = {**undo, "number": 2}  # withdraws deal 2, but names deal 1's values
    refused(send({**data, "events": [*data["events"], wrong_value]}), "not a game file")
    right = {**undo, "number": 2, "bullheads": {"Ann": 6, "Bob": 3}}
    back = {**right, "kind": "restore"}
    assert send({**data, "events": [*data["events"], right, back]}).status_code == 302
    correction = {"kind": "correction", "number": 1, "bullheads": {"Ann": 80, "Bob": 3},
                  "client_id": None, "created_at": stamp}
    # Deal 2 withdrawn, then deal 1 corrected so that the game ends: 2 cannot come back.
    refused(send({**data, "events": [*data["events"], right, correction, back]}),
            "This game has ended")


def test_a_game_can_hold_only_so_many_deals(app, send):
    """The Hand variant allows a deal of nothing at all, so a game could go on for ever."""
    hand = backup(players=("Ann", "Bob"), variant="hand")
    zero = {"kind": "deal", "bullheads": {"Ann": 0, "Bob": 0}, "hand": {"Ann": 0, "Bob": 0},
            "client_id": None, "created_at": "2026-11-01T20:00:00Z"}
    hand["events"] = [{**zero, "number": i} for i in range(1, MAX_DEALS + 2)]
    refused(send(hand), f"This game holds {MAX_DEALS} deals")
    hand["events"].pop()
    answer = send(hand)
    assert answer.status_code == 302
    token = answer.headers["Location"].rsplit("/", 1)[1]
    with app.app_context():
        conn = db.get_db()
        game = store.load(conn, token)
        with pytest.raises(errors.TooManyDeals):
            store.write_deal(conn, token, EventKind.DEAL, None, game.state.deals[0].entry,
                             None)
        store.write_deal(conn, token, EventKind.CORRECTION, 1, game.state.deals[0].entry,
                         None)


def test_a_game_log_can_hold_only_so_many_changes(app, monkeypatch):
    monkeypatch.setattr(limits, "MAX_GAME_EVENTS", 3)
    with app.app_context():
        conn = db.get_db()
        s = make_settings(["Ann", "Bob"])
        token = store.create_game(conn, s)
        entry = make_entry(s, {"Ann": 4, "Bob": 0})
        store.write_deal(conn, token, EventKind.DEAL, None, entry, None)
        for _ in range(2):
            store.write_deal(conn, token, EventKind.CORRECTION, 1, entry, None)
        with pytest.raises(errors.TooManyChanges):
            store.undo(conn, token, EventKind.WITHDRAWAL, 1)
        assert store.load(conn, token).version == 3


@pytest.mark.parametrize(("change", "sentence"), [
    ({"version": True}, "“version” does not have the expected type"),
    ({"version": "1"}, "“version” does not have the expected type"),
    ({"threshold": "66"}, "“threshold” does not have the expected type"),
    ({"rows": 4.0}, "“rows” does not have the expected type"),
    ({"virgin_doubling": 1}, "“virgin_doubling” does not have the expected type"),
    ({"players": "Ann, Bob"}, "“players” does not have the expected type"),
    ({"events": {}}, "“events” does not have the expected type"),
])
def test_types_are_strict(send, change, sentence):
    refused(send({**backup((5, 3)), **change}), sentence)


@pytest.mark.parametrize("field", ["bullheads", "hand"])
def test_per_player_values_must_be_whole_numbers(send, field):
    data = backup((5, 3), players=("Ann", "Bob"), variant="hand")
    data["events"][0]["hand"] = {"Ann": 0, "Bob": 0}
    data["events"][0][field]["Ann"] = "5"
    refused(send(data), f"“{field}” does not have the expected type")


def test_events_that_share_a_client_id_are_refused(send):
    data = backup((5, 3), (6, 3))
    for event in data["events"]:
        event["client_id"] = "phone-1"
    refused(send(data), "carry the same id (client_id)")


@pytest.mark.parametrize("where", ["player", "note", "client_id", "key"])
def test_a_lone_surrogate_in_a_backup_is_refused(send, where):
    data = backup((5, 3))
    if where == "player":
        data["players"][0] = "Ann\ud800"
    elif where == "note":
        data["note"] = "\udfff"
    elif where == "client_id":
        data["events"][0]["client_id"] = "\ud800"
    else:
        data["events"][0]["bullheads"]["\ud800"] = 1
    refused(send(None, raw=json.dumps(data)), "cannot be stored")


@pytest.mark.parametrize("body", [
    {"players": ["Ann\ud800", "Bob"]},
    {"players": ["Ann", "Bob"], "note": "\ud800"},
    {"players": ["Ann", "Bob"], "client_id": "\udc00"},
    {"players": ["Ann", "Bob"], "\ud800": 1},
    {"players": ["Ann", "Bob"], "threshold": "66"},
    {"players": ["Ann", "Bob"], "threshold": 2 ** 70},
])
def test_the_api_refuses_bad_games_with_400_never_500(client, csrf_headers, body):
    answer = client.post("/api/v1/games", data=json.dumps(body), headers={
        **csrf_headers, "Content-Type": "application/json"})
    assert answer.status_code == 400 and answer.get_json()["error"]


@pytest.mark.parametrize("body", [
    {"number": 1, "bullheads": {"Ann": 4, "Bob": 0}, "client_id": "\ud800"},
    {"number": 1, "bullheads": {"Ann\ud800": 4, "Bob": 0}},
    {"number": 2 ** 70, "bullheads": {"Ann": 4, "Bob": 0}},
])
def test_the_api_refuses_bad_deals_without_a_500(client, csrf_headers, body):
    headers = {**csrf_headers, "Content-Type": "application/json"}
    game = client.post("/api/v1/games", json={"players": ["Ann", "Bob"]},
                       headers=csrf_headers).get_json()
    answer = client.post(f"/api/v1/games/{game['id']}/deals", data=json.dumps(body),
                         headers=headers)
    assert answer.status_code in (400, 409) and answer.get_json()["error"]
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["deals"] == []


def test_an_exported_game_imports_again_exactly(client, csrf_headers, send):
    game = client.post("/api/v1/games", json={"players": ["Ann", "Bob"]},
                       headers=csrf_headers).get_json()
    url = f"/api/v1/games/{game['id']}/deals"
    client.post(url, json={"number": 1, "bullheads": {"Ann": 5, "Bob": 3}, "client_id": "a"},
                headers=csrf_headers)
    client.delete(f"{url}/1", headers=csrf_headers)
    exported = client.get(f"/games/{game['id']}/export.json").get_json()
    answer = send(copy.deepcopy(exported))
    assert answer.status_code == 302
    again = client.get(answer.headers["Location"] + "/export.json").get_json()
    assert again == exported


@pytest.mark.parametrize("stamp", ["2026-13-01T19:00:00Z", "2026-02-30T19:00:00Z",
                                   "2026-11-01T25:00:00Z", "2026-11-01T19:60:00Z",
                                   "2026-11-01T19:00:60Z", "0000-01-01T00:00:00Z",
                                   "2025-02-29T12:00:00Z"])
@pytest.mark.parametrize("where", ["game", "event"])
def test_a_moment_that_does_not_exist_is_refused(client, send, stamp, where):
    data = backup((5, 3))
    (data if where == "game" else data["events"][0])["created_at"] = stamp
    answer = send(data)
    refused(answer, f"In this backup, “created_at” is {stamp}, a moment that does not exist "
                    "in the calendar.")
    assert 'class="game-item' not in client.get("/games").get_data(as_text=True)


def test_a_leap_day_is_a_moment(send):
    data = backup((5, 3))
    data["created_at"] = data["events"][0]["created_at"] = "2024-02-29T23:59:59Z"
    assert send(data).status_code == 302


@pytest.mark.parametrize(("lang", "sentence"), [
    ("nl", "In deze back-up is “created_at” 2026-02-30T19:00:00Z, een moment dat in de "
           "kalender niet bestaat."),
    ("de", "In dieser Sicherung ist „created_at“ 2026-02-30T19:00:00Z, ein Zeitpunkt, den es "
           "im Kalender nicht gibt."),
])
def test_an_impossible_moment_is_refused_in_every_language(send, lang, sentence):
    data = backup((5, 3), created_at="2026-02-30T19:00:00Z")
    refused(send(data, lang=lang), sentence)


def test_a_key_given_twice_is_refused_not_read_last_wins(send):
    text = json.dumps(backup((5, 3))).replace('"players":', '"players": ["Cas", "Dirk"], '
                                              '"players":', 1)
    answer = send(None, raw=text)
    refused(answer, "The key “players” is given twice in one object")


def refused_saying(answer, sentence: str) -> None:
    assert answer.status_code == 400, answer.status_code
    assert sentence in html.unescape(answer.get_data(as_text=True))


def test_a_rules_refusal_says_where_in_the_backup(send):
    refused_saying(send(backup((5,), players=("Ann",))), "In this backup, the field “players”: "
            "A game needs 2 to 10 players, not 1.")
    refused_saying(send(backup((5, 3), (100, 68))), "In this backup, entry 2 of the game's "
            "history: This deal adds up to 168 bullheads")
    two = [backup((5, 3)), backup((100, 68))]
    refused_saying(send(two), "In this backup, game 2, entry 1 of the game's history: This deal")
    dutch = send(backup((100, 68)), lang="nl")
    refused_saying(dutch, "In deze back-up, vermelding 1 in de geschiedenis van het spel: Deze "
            "spelronde komt op 168 runderkoppen")


@pytest.mark.parametrize("number", [0, -1])
def test_a_deal_number_below_one_is_refused_as_such(send, number):
    data = backup((5, 3))
    data["events"][0]["number"] = number
    refused(send(data), "The deal number must be a whole number from 1.")
