"""The games JSON interface (docs/api.md, Games): shapes, status codes, retries, CSRF."""

from __future__ import annotations

import pytest
from conftest import refusal


@pytest.fixture
def api(client, csrf_headers):
    """Calls the API the way the score sheet's script does: JSON with the CSRF header."""

    class Api:
        def post(self, path, body, **kw):
            return client.post(path, json=body, headers=csrf_headers, **kw)

        def put(self, path, body):
            return client.put(path, json=body, headers=csrf_headers)

        def get(self, path):
            return client.get(path)

        def game(self, **settings):
            answer = self.post("/api/v1/games", {"players": ["Ann", "Bob"], **settings})
            assert answer.status_code == 201, answer.get_json()
            return answer.get_json()

    return Api()


#: A token of the right shape that no game has.
MISSING = "0123456789abcdef0123"


def deal(number, ann, bob, client_id=None):
    body = {"number": number, "bullheads": {"Ann": ann, "Bob": bob}}
    if client_id:
        body["client_id"] = client_id
    return body


def test_create_answers_the_game(api):
    game = api.game(threshold=66, virgin_doubling=False)
    assert game["players"] == ["Ann", "Bob"]
    assert game["threshold"] == 66 and game["virgin_doubling"] is False
    assert game["deals"] == [] and game["totals"] == {"Ann": 0, "Bob": 0}
    assert game["finished"] is False and game["winners"] == []
    assert api.get(f"/api/v1/games/{game['id']}").get_json() == game


def test_deal_shape_with_entered_and_counted_values(api):
    game = api.game(virgin_doubling=True)
    answer = api.post(f"/api/v1/games/{game['id']}/deals", deal(1, 5, 0, "a"))
    assert answer.status_code == 201
    body = answer.get_json()
    assert body["deals"][0]["number"] == 1
    assert body["deals"][0]["bullheads"] == {"Ann": 5, "Bob": 0}
    assert body["deals"][0]["scores"] == {"Ann": 10, "Bob": 0}
    assert body["totals"] == {"Ann": 10, "Bob": 0}


def test_retry_with_the_same_client_id_adds_nothing(api):
    game_id = api.game()["id"]
    first = api.post(f"/api/v1/games/{game_id}/deals", deal(1, 5, 1, "uuid-1"))
    again = api.post(f"/api/v1/games/{game_id}/deals", deal(1, 5, 1, "uuid-1"))
    assert (first.status_code, again.status_code) == (201, 200)
    assert len(again.get_json()["deals"]) == 1
    other = api.post(f"/api/v1/games/{game_id}/deals", deal(1, 6, 1, "uuid-1"))
    assert other.status_code == 409
    assert len(api.get(f"/api/v1/games/{game_id}").get_json()["deals"]) == 1


def test_a_taken_deal_number_is_a_conflict_with_the_game(api):
    game_id = api.game()["id"]
    api.post(f"/api/v1/games/{game_id}/deals", deal(1, 5, 1, "phone-a"))
    answer = api.post(f"/api/v1/games/{game_id}/deals", deal(1, 2, 2, "phone-b"))
    assert answer.status_code == 409
    body = answer.get_json()
    assert body["deals"][0]["bullheads"] == {"Ann": 5, "Bob": 1}  # the game, as it is
    assert "error" in body and body["next_number"] == 2
    assert api.post(f"/api/v1/games/{game_id}/deals", deal(2, 2, 2, "phone-b")).status_code == 201


def test_a_skipped_number_is_a_conflict(api):
    game_id = api.game()["id"]
    assert api.post(f"/api/v1/games/{game_id}/deals", deal(3, 2, 2)).status_code == 409


def test_a_finished_game_refuses_deals_until_a_correction_reopens_it(api):
    game_id = api.game()["id"]
    url = f"/api/v1/games/{game_id}/deals"
    ended = api.post(url, deal(1, 66, 3)).get_json()
    assert ended["finished"] is True and ended["winners"] == ["Bob"]
    refused = api.post(url, deal(2, 3, 1, "late"))
    assert refused.status_code == 409 and refused.get_json()["finished"] is True
    fixed = api.put(f"{url}/1", {"bullheads": {"Ann": 6, "Bob": 3}})
    assert fixed.status_code == 200
    assert fixed.get_json()["finished"] is False and fixed.get_json()["winners"] == []
    assert fixed.get_json()["deals"][0]["corrections"] == 1
    assert api.post(url, deal(2, 3, 1, "late")).status_code == 201


def test_fixed_deals_game(api):
    game = api.game(fixed_deals=2, threshold=None)
    assert game["threshold"] is None and game["fixed_deals"] == 2
    url = f"/api/v1/games/{game['id']}/deals"
    api.post(url, deal(1, 80, 3))
    last = api.post(url, deal(2, 0, 4)).get_json()
    assert last["finished"] and last["winners"] == ["Bob"] and last["totals"]["Ann"] == 80


def test_shared_win(api):
    game_id = api.game()["id"]
    body = api.post(f"/api/v1/games/{game_id}/deals", {
        "number": 1, "bullheads": {"Ann": 40, "Bob": 40}}).get_json()
    assert not body["finished"]
    body = api.post(f"/api/v1/games/{game_id}/deals", deal(2, 30, 30)).get_json()
    assert body["finished"] and body["winners"] == ["Ann", "Bob"]


def test_deal_over_the_deck_bound_is_refused_in_the_requested_language(api):
    game_id = api.game()["id"]
    answer = api.post(f"/api/v1/games/{game_id}/deals?lang=de", deal(1, 100, 68))
    assert answer.status_code == 400
    assert "167" in answer.get_json()["error"] and "Hornochsen" in answer.get_json()["error"]
    assert api.post(f"/api/v1/games/{game_id}/deals", deal(1, 100, 67)).status_code == 201


def test_cards_with_a_duplicate_are_refused(api):
    game_id = api.game()["id"]
    url = f"/api/v1/games/{game_id}/deals"
    answer = api.post(url, {"number": 1, "cards": {"Ann": [55, 7], "Bob": [7]}})
    assert answer.status_code == 400 and "7" in answer.get_json()["error"]
    ok = api.post(url, {"number": 1, "cards": {"Ann": [55, 7], "Bob": [10]}})
    assert ok.status_code == 201
    assert ok.get_json()["deals"][0]["bullheads"] == {"Ann": 8, "Bob": 3}


def test_tactics_deck_and_hand_variant(api):
    game = api.game(variant="tactics")
    answer = api.post(f"/api/v1/games/{game['id']}/deals",
                      {"cards": {"Ann": [25], "Bob": []}})  # 2 players: cards 1..24
    assert answer.status_code == 400
    hand = api.game(variant="hand")
    body = api.post(f"/api/v1/games/{hand['id']}/deals", {
        "number": 1, "bullheads": {"Ann": 3, "Bob": 0}, "hand": {"Ann": 2, "Bob": 1}}).get_json()
    assert body["deals"][0]["hand"] == {"Ann": 2, "Bob": 1}
    assert body["deals"][0]["scores"] == {"Ann": 7, "Bob": 2}


@pytest.mark.parametrize(
    "body",
    [
        {"players": ["Ann"]},
        {"players": ["Ann", "ann"]},
        {"players": ["Ann", "x" * 41]},
        {"players": ["Ann", "Bob"], "threshold": -1},
        {"players": ["Ann", "Bob"], "variant": "nifty"},
        {"players": ["Ann", "Bob"], "virgin_doubling": "yes"},
        {"players": ["Ann", "Bob"], "note": 5},
        ["Ann", "Bob"],
    ],
)
def test_bad_games_are_400(api, body):
    answer = api.post("/api/v1/games", body)
    assert answer.status_code == 400 and answer.get_json()["error"]


@pytest.mark.parametrize(
    "body",
    [
        {"bullheads": {"Ann": -1, "Bob": 0}},
        {"bullheads": {"Ann": "x", "Bob": 0}},
        {"bullheads": {"Ann": 1}},
        {"bullheads": {"Ann": 1, "Bob": 1, "Cas": 1}},
        {"bullheads": {"Ann": 1, "Bob": 1}, "cards": {"Ann": [], "Bob": []}},
        {"bullheads": {"Ann": 1, "Bob": 1}, "number": "one"},
        {"bullheads": {"Ann": 1, "Bob": 1}, "client_id": 7},
        {"cards": {"Ann": [0], "Bob": []}},
    ],
)
def test_bad_deals_are_400(api, body):
    game_id = api.game()["id"]
    answer = api.post(f"/api/v1/games/{game_id}/deals", body)
    assert answer.status_code == 400 and answer.get_json()["error"]


def test_not_valid_json_is_400(client, csrf_headers):
    answer = client.post("/api/v1/games", data="{", headers={**csrf_headers,
                         "Content-Type": "application/json"})
    assert answer.status_code == 400


def test_unknown_game_and_deal_are_404(api):
    assert api.get(f"/api/v1/games/{MISSING}").status_code == 404
    assert api.post(f"/api/v1/games/{MISSING}/deals", deal(1, 3, 1)).status_code == 404
    game_id = api.game()["id"]
    answer = api.put(f"/api/v1/games/{game_id}/deals/1", deal(1, 3, 1))
    assert answer.status_code == 404 and answer.get_json()["error"]


def test_state_changing_calls_need_the_csrf_token(client, csrf_headers):
    refused = client.post("/api/v1/games", json={"players": ["Ann", "Bob"]})
    assert refused.status_code == 400 and "error" in refused.get_json()
    created = client.post("/api/v1/games", json={"players": ["Ann", "Bob"]},
                          headers=csrf_headers)
    assert created.status_code == 201
    url = f"/api/v1/games/{created.get_json()['id']}/deals"
    assert client.post(url, json=deal(1, 3, 1)).status_code == 400
    assert client.post(url, json=deal(1, 3, 1), headers={"X-CSRFToken": "forged"}
                       ).status_code == 400
    assert client.post(url, json=deal(1, 3, 1), headers=csrf_headers).status_code == 201
    assert client.put(f"{url}/1", json=deal(1, 2, 2)).status_code == 400
    assert client.get(url.rsplit("/", 1)[0]).get_json()["deals"][0]["bullheads"]["Ann"] == 3


@pytest.mark.parametrize(("path", "method", "body", "status", "sentence"), [
    ("", "post", ["Ann", "Bob"], 400, "Stuur het spel als JSON-object."),
    ("", "post", {"players": ["Ann", "Bob"], "note": 5}, 400,
     "De notitie moet tekst zijn van hoogstens 500 tekens."),
    ("", "post", {"players": ["Ann", "Bob"], "virgin_doubling": "yes"}, 400,
     "virgin_doubling moet true of false zijn."),
    ("/{id}/deals", "post", [], 400, "Stuur de spelronde als JSON-object."),
    ("/{id}/deals", "post", {"number": "one"}, 400,
     "Het nummer van de spelronde moet een geheel getal vanaf 1 zijn."),
    ("/{id}/deals", "post", {"client_id": 7}, 400,
     "De client_id moet tekst zijn van 1 tot en met 100 afdrukbare tekens."),
    ("/{missing}/deals", "post", deal(1, 3, 1), 404, "Dat spel bestaat niet."),
])
def test_shape_errors_are_typed_and_keep_their_translations(api, path, method, body, status,
                                                           sentence):
    """The games API's own refusals are typed errors now; their sentences did not move."""
    path = path.format(id=api.game()["id"], missing=MISSING)
    answer = getattr(api, method)(f"/api/v1/games{path}?lang=nl", body)
    assert (answer.status_code, refusal(answer)) == (status, sentence)


def test_every_conflict_answers_409_with_the_game(api):
    """GameFinished, DealNumberTaken, DealNumberSkipped, ClientIdReused: status 409 from the
    error's type, and the whole game beside the sentence."""
    game_id = api.game()["id"]
    url = f"/api/v1/games/{game_id}/deals"
    api.post(url, deal(1, 3, 1, "a"))
    for body in (deal(1, 2, 2), deal(3, 2, 2), deal(2, 9, 9, "a")):
        answer = api.post(url, body)
        assert answer.status_code == 409
        assert answer.get_json()["next_number"] == 2 and answer.get_json()["error"]
    api.post(url, deal(2, 66, 0))
    finished = api.post(url, deal(3, 2, 2))
    assert finished.status_code == 409 and finished.get_json()["finished"] is True


# --- Undo: DELETE withdraws the last deal, POST …/restore puts it back ---


def three_deals(api, client, csrf_headers, **settings):
    game = api.game(**settings)
    url = f"/api/v1/games/{game['id']}"
    for number, (ann, bob) in enumerate([(5, 3), (10, 2), (6, 1)], 1):
        assert api.post(f"{url}/deals", deal(number, ann, bob)).status_code == 201
    return url


def test_undo_withdraws_the_last_deal_and_restore_puts_it_back(api, client, csrf_headers):
    url = three_deals(api, client, csrf_headers)
    answer = client.delete(f"{url}/deals/3", headers=csrf_headers)
    assert answer.status_code == 200
    game = answer.get_json()
    assert game["totals"] == {"Ann": 15, "Bob": 5}  # 5+10, 3+2: deal 3 (6, 1) no longer counts
    assert [d["number"] for d in game["deals"]] == [1, 2]
    assert game["next_number"] == 3 and game["restorable"] == 3
    answer = api.post(f"{url}/deals/3/restore", None)
    assert answer.status_code == 200
    game = answer.get_json()
    assert game["totals"] == {"Ann": 21, "Bob": 6} and game["restorable"] is None
    assert game["deals"][2]["bullheads"] == {"Ann": 6, "Bob": 1}


def test_undo_of_another_deal_is_409_with_the_game(api, client, csrf_headers):
    url = three_deals(api, client, csrf_headers)
    answer = client.delete(f"{url}/deals/2", headers=csrf_headers)
    assert answer.status_code == 409
    body = answer.get_json()
    assert body["error"] == "Only the last deal can be undone: that is deal 3, not deal 2."
    assert body["totals"] == {"Ann": 21, "Bob": 6}
    assert client.delete(f"{url}/deals/4", headers=csrf_headers).status_code == 404
    missing = client.delete(f"/api/v1/games/{MISSING}/deals/1", headers=csrf_headers)
    assert missing.status_code == 404
    assert client.delete(f"{url}/deals/3").status_code == 400  # no CSRF header


def test_undo_reopens_an_ended_game(api, client, csrf_headers):
    url = three_deals(api, client, csrf_headers, threshold=21)
    ended = api.get(url).get_json()
    assert ended["finished"] and ended["winners"] == ["Bob"]  # Ann 21 reaches 21
    game = client.delete(f"{url}/deals/3", headers=csrf_headers).get_json()
    assert not game["finished"] and game["winners"] == [] and game["totals"]["Ann"] == 15
    assert api.post(f"{url}/deals", deal(3, 2, 2)).status_code == 201  # play goes on


def test_restore_refused_after_another_deal_took_the_number(api, client, csrf_headers):
    url = three_deals(api, client, csrf_headers)
    client.delete(f"{url}/deals/3", headers=csrf_headers)
    assert api.post(f"{url}/deals", deal(3, 2, 2)).status_code == 201
    answer = api.post(f"{url}/deals/3/restore", None)
    assert answer.status_code == 409
    body = answer.get_json()
    assert body["error"].startswith("Deal 3 cannot be restored: the next deal is number 4")
    assert body["totals"] == {"Ann": 17, "Bob": 7}
    assert api.post(f"{url}/deals/2/restore", None).status_code == 404  # never withdrawn
    assert api.post(f"{url}/deals", deal(3, 2, 2)).status_code == 409  # two phones, one deal 3


def test_history_keeps_everything_through_undo_and_restore(api, client, csrf_headers):
    url = three_deals(api, client, csrf_headers)
    client.delete(f"{url}/deals/3", headers=csrf_headers)
    client.delete(f"{url}/deals/2", headers=csrf_headers)
    assert api.post(f"{url}/deals/3/restore", None).status_code == 409  # 2 comes first
    api.post(f"{url}/deals/2/restore", None)
    game = api.post(f"{url}/deals/3/restore", None).get_json()
    assert game["totals"] == {"Ann": 21, "Bob": 6} and game["version"] == 7
    backup = client.get(f"/games/{game['id']}/export.json").get_json()
    assert [(e["kind"], e["number"]) for e in backup["events"]] == [
        ("deal", 1), ("deal", 2), ("deal", 3), ("withdrawal", 3), ("withdrawal", 2),
        ("restore", 2), ("restore", 3)]
    assert backup["events"][3]["bullheads"] == {"Ann": 6, "Bob": 1}
