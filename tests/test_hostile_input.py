"""Each cause of a 500 that hostile input found, fixed at its class: text that cannot be
encoded, numbers in URLs beyond what SQLite holds, JSON of the wrong type where a word
belongs, and numbers too long for ``int()`` typed into forms."""

from __future__ import annotations

import io
import json

import pytest
from conftest import refusal

from scorekeeper import create_app
from scorekeeper.web.jsonio import BodyNotText, parse_json

SURROGATE = "\ud800"
HUGE = "9" * 5000
BEYOND_SQLITE = str(2**63)
HANDS = {"Ann": list(range(1, 11)), "Bob": list(range(11, 21))}


@pytest.fixture
def app(tmp_path):
    """CSRF off: these tests are about what the views do with the values that arrive."""
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "hostile.sqlite"),
                       "SECRET_KEY": "hostile", "WTF_CSRF_ENABLED": False})


@pytest.fixture
def client(app):
    return app.test_client()


def _post_json(client, path, body, method="POST"):
    return client.open(path, method=method, data=json.dumps(body),
                       content_type="application/json")


def _game(client) -> str:
    answer = _post_json(client, "/api/v1/games", {"players": ["Ann", "Bob"]})
    assert answer.status_code == 201
    return answer.get_json()["id"]


def _tournament(client) -> str:
    answer = client.post("/tournament", data={"name1": "Ann", "name2": "Bob",
                                              "hand1": "1 2 3 4 5 6 7 8 9 10",
                                              "hand2": "11 12 13 14 15 16 17 18 19 20"})
    assert answer.status_code == 302
    return answer.headers["Location"].rsplit("/", 1)[1]


# --- Text that cannot be encoded ---


@pytest.mark.parametrize("text", ['"\\ud800"', '{"\\udfff": 1}', '[[["a\\ud83d"]]]',
                                  '{"a": ["\\udc00b"]}'])
def test_a_lone_surrogate_anywhere_in_json_is_refused(text):
    with pytest.raises(BodyNotText):
        parse_json(text)


def test_a_surrogate_pair_is_ordinary_text():
    assert parse_json('"\\ud83d\\udc02"') == "\N{OX}"


@pytest.mark.parametrize(("path", "body"), [
    ("/api/v1/placement", {"rows": [[3], [20], [40], [60]],
                           "plays": [{"player": SURROGATE, "card": 22}]}),
    ("/api/v1/games", {"players": [SURROGATE, "Bob"]}),
    ("/api/v1/games", {"players": ["Ann", "Bob"], "note": "x" + SURROGATE}),
    ("/api/v1/games", {"players": ["Ann", "Bob"], "client_id": SURROGATE}),
    ("/api/v1/games", {"players": ["Ann", "Bob"], SURROGATE: 1}),
    ("/api/v1/tournament/sheets", {"players": ["Ann", SURROGATE], "hands": HANDS}),
    ("/api/v1/tournament/sheets", {"players": ["Ann", "Bob"], "hands": HANDS,
                                   "event": SURROGATE}),
    ("/api/v1/events", {"name": SURROGATE, "players": [f"P{n}" for n in range(8)],
                        "rounds": 2}),
])
@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_a_surrogate_in_any_json_api_is_a_translated_400(client, path, body, lang):
    answer = _post_json(client, f"{path}?lang={lang}", body)
    assert answer.status_code == 400
    assert refusal(answer)
    if lang == "en":
        assert answer.get_json()["error"] == (
            "The request holds text that is not valid Unicode (a lone surrogate code point).")


def test_a_surrogate_in_a_deal_is_refused_and_nothing_is_added(client):
    game = _game(client)
    deal = {"number": 1, "bullheads": {"Ann": 5, "Bob": 5}, "client_id": SURROGATE}
    assert _post_json(client, f"/api/v1/games/{game}/deals", deal).status_code == 400
    assert client.get(f"/api/v1/games/{game}").get_json()["deals"] == []


# --- Numbers in URLs beyond what SQLite holds ---


@pytest.mark.parametrize("number", [BEYOND_SQLITE, str(2**64), HUGE])
@pytest.mark.parametrize("path", ["/tournament/{n}", "/tournament/{n}/sheets",
                                  "/tournament/{n}/sheets.pdf", "/tournament/{n}/standings.pdf"])
def test_a_tournament_id_beyond_sqlite_is_not_found(client, path, number):
    assert client.get(path.format(n=number)).status_code == 404


def test_the_largest_id_sqlite_holds_is_simply_missing(client):
    assert client.get(f"/tournament/{2**63 - 1}").status_code == 404


@pytest.mark.parametrize("number", [BEYOND_SQLITE, HUGE])
def test_a_game_number_beyond_sqlite_is_not_found(client, number):
    tournament = _tournament(client)
    answer = client.post(f"/tournament/{tournament}/games/{number}", data={"points1": "1"})
    assert answer.status_code == 404


@pytest.mark.parametrize("number", [BEYOND_SQLITE, HUGE])
@pytest.mark.parametrize(("method", "path"), [
    ("PUT", "/api/v1/games/{game}/deals/{n}"), ("DELETE", "/api/v1/games/{game}/deals/{n}"),
    ("POST", "/api/v1/games/{game}/deals/{n}/restore"),
    ("GET", "/games/{game}/deals/{n}/edit"), ("POST", "/games/{game}/deals/{n}/withdraw"),
])
def test_a_deal_number_beyond_sqlite_is_not_found(client, method, path, number):
    game = _game(client)
    url = path.format(game=game, n=number)
    if url.startswith("/api/"):
        answer = _post_json(client, url, {"number": 1, "bullheads": {"Ann": 5, "Bob": 5}},
                            method=method)
    else:
        answer = client.open(url, method=method, data={"bh-0": "5", "bh-1": "5"})
    assert answer.status_code == 404


# --- JSON of the wrong type where a word belongs ---


@pytest.mark.parametrize("field", ["lang", "paper"])
@pytest.mark.parametrize("value", [["de"], {"a4": 1}, 4, None, True, "xx"])
def test_lang_and_paper_must_be_one_of_their_words(client, field, value):
    body = {"players": ["Ann", "Bob"], "hands": HANDS, field: value}
    answer = _post_json(client, "/api/v1/tournament/sheets", body)
    assert answer.status_code == 400
    assert field in answer.get_json()["error"]


@pytest.mark.parametrize("body", [b"", b"   ", b"\xff\xfe", b"[" * 50_000, b'{"a":' * 5000,
                                  b"1" * 5000, b"NaN", b"{}\x00"])
@pytest.mark.parametrize("path", ["/api/v1/placement", "/api/v1/games",
                                  "/api/v1/tournament/sheets", "/api/v1/events"])
def test_bodies_that_are_not_json_objects_are_400(client, path, body):
    answer = client.post(path, data=body, content_type="text/plain")
    assert answer.status_code == 400
    assert answer.get_json()["error"]


# --- Numbers too long for int() typed into forms: an error, the text kept ---


def test_a_huge_card_number_in_a_tournament_hand_is_a_form_error(client):
    answer = client.post("/tournament", data={"name1": "Ann", "name2": "Bob",
                                              "hand1": "1 2 3 4 5 6 7 8 9 " + HUGE,
                                              "hand2": "11 12 13 14 15 16 17 18 19 20"})
    assert answer.status_code == 400
    page = answer.get_data(as_text=True)
    assert "The hand of Ann holds something that is not a card number." in page
    assert "1 2 3 4 5 6 7 8 9 " + HUGE in page


@pytest.mark.parametrize("typed", [HUGE, "1" + "0" * 12, "²", "-3"])
def test_huge_minus_points_are_a_form_error(client, typed):
    tournament = _tournament(client)
    answer = client.post(f"/tournament/{tournament}/games/1",
                         data={"points1": typed, "points2": "3"})
    assert answer.status_code == 400
    page = answer.get_data(as_text=True)
    assert "The minus points on the sheet of Ann must be a whole number, 0 or more." in page
    assert f'value="{typed}"' in page


@pytest.mark.parametrize("field", ["threshold", "fixed_deals", "hand_size"])
def test_a_huge_number_when_starting_a_game_is_a_form_error(client, field):
    data = {"players-0": "Ann", "players-1": "Bob", field: HUGE,
            "end": "deals" if field == "fixed_deals" else "threshold"}
    answer = client.post("/", data=data)
    assert answer.status_code == 400
    assert HUGE in answer.get_data(as_text=True)


@pytest.mark.parametrize("end", ["deals", "threshold"])
def test_a_start_form_without_its_number_fields_is_a_form_error(client, end):
    """A browser always sends them; a hand-made POST may not."""
    answer = client.post("/", data={"players-0": "Ann", "players-1": "Bob", "end": end})
    assert answer.status_code == (400 if end == "deals" else 302)


@pytest.mark.parametrize("field", ["max_card", "r1", "card", "take"])
def test_a_huge_number_in_the_checker_is_a_form_error(client, field):
    data = {"r1": "3", "r2": "20", "r3": "40", "r4": "60", "card": "22", "max_card": "104",
            field: HUGE}
    answer = client.post("/check", data=data)
    assert answer.status_code == 200
    assert 'role="alert"' in answer.get_data(as_text=True)


def test_a_huge_deal_number_in_the_deal_form_is_no_500(client):
    game = _game(client)
    answer = client.post(f"/games/{game}/deals", data={"number": HUGE, "bh-0": "5",
                                                       "bh-1": "5", "action": "save"})
    assert answer.status_code in (302, 400, 409)
    deals = client.get(f"/api/v1/games/{game}").get_json()["deals"]
    assert [deal["number"] for deal in deals] in ([], [1])


# --- Pages read forms: a JSON body or a stray file never reaches a form's fields ---

PAGES_WITH_FORMS = ["/", "/tournament", "/check", "/games/import", "/events"]


@pytest.mark.parametrize("path", PAGES_WITH_FORMS)
@pytest.mark.parametrize("body", [{"note": 5}, {"players-0": SURROGATE}, "x", [1], 10**40])
def test_a_json_body_sent_to_a_page_is_refused(client, path, body):
    answer = _post_json(client, path, body)
    assert answer.status_code == 400
    assert "not JSON" in answer.get_data(as_text=True)


@pytest.mark.parametrize("path", PAGES_WITH_FORMS)
@pytest.mark.parametrize("field", ["note", "players-0", "hand1", "r1", "text", "name"])
def test_a_file_where_text_belongs_is_refused(client, path, field):
    data = {"players-0": "Ann", field: (io.BytesIO(b"12 " + HUGE.encode()), "x.txt")}
    answer = client.post(path, data=data, content_type="multipart/form-data")
    assert answer.status_code == 400
    assert "Only the backup import takes a file" in answer.get_data(as_text=True)


def test_the_backup_import_still_takes_its_file(client):
    game = _game(client)
    backup = client.get(f"/games/{game}/export.json").get_data()
    data = {"file": (io.BytesIO(backup), "backup.json")}
    answer = client.post("/games/import", data=data, content_type="multipart/form-data")
    assert answer.status_code == 302


@pytest.mark.parametrize("typed", ["²", "٣", HUGE[:10], "1e3"])
def test_the_bullhead_search_refuses_what_is_no_number(client, typed):
    answer = client.get("/rules", query_string={"card": typed, "lang": "en"})
    assert answer.status_code == 200
    assert "Type a whole number from 1 to 104." in answer.get_data(as_text=True)
