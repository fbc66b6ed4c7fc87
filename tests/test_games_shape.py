"""Games with the postscript's shapes, the deal bounds they set, and games started offline
(docs/rules.md and docs/api.md): the JSON interface, the start page and the backups."""

from __future__ import annotations

import io
import json
import re

import pytest

from tests.conftest import read_csrf_token


@pytest.fixture
def post(client, csrf_headers):
    def send(path, body):
        return client.post(path, json=body, headers=csrf_headers)
    return send


THREE = ["Ann", "Bob", "Cas"]


def test_a_game_shows_its_shape_and_the_booklet_is_the_default(post):
    plain = post("/api/v1/games", {"players": ["Ann", "Bob"]}).get_json()
    assert (plain["rows"], plain["takes_at"], plain["hand_size"]) == (4, 6, 10)
    assert plain["client_id"] is None
    shaped = post("/api/v1/games", {"players": THREE, "rows": 5, "takes_at": 5,
                                    "hand_size": 12}).get_json()
    assert (shaped["rows"], shaped["takes_at"], shaped["hand_size"]) == (5, 5, 12)


@pytest.mark.parametrize(("field", "value"), [
    ("rows", "5"), ("rows", True), ("rows", 4.0), ("takes_at", "7"), ("hand_size", "12"),
    ("threshold", "66"), ("fixed_deals", "3"),
])
def test_a_string_where_a_number_belongs_is_refused(post, field, value):
    answer = post("/api/v1/games?lang=nl", {"players": ["Ann", "Bob"], field: value})
    assert answer.status_code == 400
    assert answer.get_json()["error"] == (
        f"Het veld “{field}” is niet in de verwachte vorm ingevuld.")


@pytest.mark.parametrize("shape", [
    {"rows": 2}, {"rows": 6}, {"takes_at": 4}, {"takes_at": 8}, {"hand_size": 9},
    {"hand_size": 20, "players": ["A", "B", "C", "D", "E", "F"]},  # 124 cards from 104
    {"variant": "tactics", "rows": 5},  # 3 hands of 10 and 5 rows: 35 cards from 34
])
def test_shapes_outside_the_postscript_or_the_deck_are_refused(post, shape):
    answer = post("/api/v1/games", {"players": THREE, **shape})
    assert answer.status_code == 400 and answer.get_json()["error"]


def test_the_shape_bounds_the_deals(post):
    """3 players, 5 rows, a row taken by its 5th card, 12 cards each: 41 cards in play, at
    most 20 stay on the table, so at least 21 bullheads; at most 171 − 5 = 166."""
    game = post("/api/v1/games", {"players": THREE, "rows": 5, "takes_at": 5,
                                  "hand_size": 12}).get_json()
    url = f"/api/v1/games/{game['id']}/deals"
    under = post(url, {"number": 1, "bullheads": {"Ann": 10, "Bob": 10, "Cas": 0}})
    assert under.status_code == 400
    assert "at least 21" in under.get_json()["error"]
    over = post(url, {"number": 1, "bullheads": {"Ann": 100, "Bob": 67, "Cas": 0}})
    assert over.status_code == 400 and "166" in over.get_json()["error"]
    ok = post(url, {"number": 1, "bullheads": {"Ann": 11, "Bob": 10, "Cas": 0}})
    assert ok.status_code == 201 and ok.get_json()["totals"]["Ann"] == 11


def test_a_deal_under_the_bound_says_the_bound_and_why(post):
    """3 players in the booklet's game: 34 cards in play, at most 20 stay: 14 at least."""
    game = post("/api/v1/games", {"players": THREE}).get_json()
    url = f"/api/v1/games/{game['id']}/deals"
    answer = post(url, {"number": 1, "bullheads": {"Ann": 0, "Bob": 3, "Cas": 0}})
    assert answer.status_code == 400
    error = answer.get_json()["error"]
    assert "3 bullheads" in error and "at least 14" in error and "missing" in error
    assert post(url, {"number": 1, "bullheads": {"Ann": 0, "Bob": 14, "Cas": 0}}
                ).status_code == 201


def test_virgin_doubling_with_a_legal_deal(post):
    game = post("/api/v1/games", {"players": THREE, "virgin_doubling": True}).get_json()
    body = post(f"/api/v1/games/{game['id']}/deals",
                {"number": 1, "bullheads": {"Ann": 0, "Bob": 14, "Cas": 6}}).get_json()
    assert body["deals"][0]["bullheads"] == {"Ann": 0, "Bob": 14, "Cas": 6}
    assert body["deals"][0]["scores"] == {"Ann": 0, "Bob": 28, "Cas": 12}


def test_the_hand_variant_has_no_lower_bound(post):
    game = post("/api/v1/games", {"players": THREE, "variant": "hand"}).get_json()
    answer = post(f"/api/v1/games/{game['id']}/deals",
                  {"number": 1, "bullheads": {"Ann": 0, "Bob": 0, "Cas": 0},
                   "hand": {"Ann": 0, "Bob": 0, "Cas": 0}})
    assert answer.status_code == 201


def test_a_game_started_offline_arrives_once_whatever_the_retries(client, post):
    body = {"players": THREE, "threshold": 66, "rows": 3, "client_id": "phone-game-1"}
    first = post("/api/v1/games", body)
    again = post("/api/v1/games", body)
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.get_json() == again.get_json()
    assert first.get_json()["client_id"] == "phone-game-1" and first.get_json()["rows"] == 3
    other = post("/api/v1/games", {"players": ["Ann", "Bob"]}).get_json()
    assert other["id"] != first.get_json()["id"]
    listed = client.get("/games").get_data(as_text=True)
    assert listed.count('class="game-item"') == 2  # the retry created nothing
    changed = post("/api/v1/games", {**body, "threshold": 100})
    assert changed.status_code == 409 and changed.get_json()["error"]
    assert post("/api/v1/games", {**body, "client_id": 7}).status_code == 400
    assert post("/api/v1/games", {**body, "client_id": ""}).status_code == 400


def start(client, token, players=THREE, lang="en", **fields):
    data = {"csrf_token": token, "end": "threshold", "threshold": "66", "variant": "basic"}
    data.update({f"players-{i}": name for i, name in enumerate(players)})
    data.update(fields)
    return client.post(f"/?lang={lang}", data=data)


def test_start_page_offers_the_shape_with_the_booklet_preselected(client):
    html = client.get("/").get_data(as_text=True)
    assert "Shape of the game" in html
    assert re.findall(r'<input checked id="(rows|takes_at)-\d" name="\1" type="radio" '
                      r'value="(\d)">', html) == [("rows", "4"), ("takes_at", "6")]
    assert re.search(r'id="hand_size" [^>]*name="hand_size" [^>]*value="10"', html)


def test_start_page_creates_a_shaped_game(client):
    token = read_csrf_token(client)
    answer = start(client, token, rows="5", takes_at="7", hand_size="12")
    assert answer.status_code == 302
    url = answer.headers["Location"]
    game = client.get(f"/api/v1{url}").get_json()
    assert (game["rows"], game["takes_at"], game["hand_size"]) == (5, 7, 12)
    html = client.get(url).get_data(as_text=True)
    assert "5 rows of at most 6 cards; 12 cards in each hand." in html


@pytest.mark.parametrize(("fields", "sentence"), [
    ({"hand_size": "9"}, "10 cards or more"),
    ({"hand_size": "zehn"}, "“zehn”"),
    ({"hand_size": "40"}, "needs 124 cards"),
])
def test_a_bad_shape_on_the_start_page_keeps_what_was_typed(client, fields, sentence):
    token = read_csrf_token(client)
    answer = start(client, token, **fields)
    assert answer.status_code == 400
    html = answer.get_data(as_text=True)
    assert sentence in html and f'value="{fields["hand_size"]}"' in html
    assert 'value="Ann"' in html


def test_a_deal_under_the_bound_on_the_page_keeps_the_typed_values(client):
    token = read_csrf_token(client)
    url = start(client, token).headers["Location"]
    answer = client.post(f"{url}/deals", data={
        "csrf_token": token, "number": "1", "mode": "bullheads", "action": "save",
        "bh-0": "0", "bh-1": "3", "bh-2": ""})
    assert answer.status_code == 400
    html = answer.get_data(as_text=True)
    assert "at least 14" in html
    assert 'id="bh-1" name="bh-1" class="big-number" type="text" inputmode="numeric"' in html
    assert 'value="3"' in html and 'value="0"' in html
    assert client.get(f"/api/v1{url}").get_json()["deals"] == []


def test_backups_carry_the_shape_and_old_ones_get_the_booklet(client, post):
    game = post("/api/v1/games", {"players": THREE, "rows": 3, "takes_at": 7,
                                  "hand_size": 11}).get_json()
    added = post(f"/api/v1/games/{game['id']}/deals",
                 {"number": 1, "bullheads": {"Ann": 18, "Bob": 0, "Cas": 0}})  # 36 − 18
    assert added.status_code == 201
    exported = client.get(f"/games/{game['id']}/export.json").get_data()
    data = json.loads(exported)
    assert (data["rows"], data["takes_at"], data["hand_size"]) == (3, 7, 11)
    token = read_csrf_token(client)
    answer = client.post("/games/import", data={
        "csrf_token": token, "file": (io.BytesIO(exported), "game.json")},
        content_type="multipart/form-data")
    restored = answer.headers["Location"].rsplit("/", 1)[1]
    assert client.get(f"/games/{restored}/export.json").get_data() == exported
    old = {k: v for k, v in data.items() if k not in ("rows", "takes_at", "hand_size")}
    old["events"][0]["bullheads"] = {"Ann": 14, "Bob": 0, "Cas": 0}
    answer = client.post("/games/import", data={"csrf_token": token, "text": json.dumps(old)})
    assert answer.status_code == 302
    imported = client.get(answer.headers["Location"].replace("/games/", "/api/v1/games/"))
    assert [imported.get_json()[k] for k in ("rows", "takes_at", "hand_size")] == [4, 6, 10]
