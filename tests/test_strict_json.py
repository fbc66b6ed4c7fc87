"""Every JSON body takes numbers as JSON numbers only: ``"4"``, ``true`` or ``4.0`` where a
whole number belongs is refused with a refusal naming the field, and nothing is stored.
The forms read typed text; the interface for programs does not guess."""

from __future__ import annotations

import pytest
from conftest import read_csrf_token

SHAPE = {"BadShape", "BadDealNumber", "NotACard", "BadTakesAt", "BadRowChoice",
         "HandNotACard", "BadRounds", "BadSeed", "BadThreshold"}


@pytest.fixture
def send(client):
    headers = {"X-CSRFToken": read_csrf_token(client)}

    def send(method: str, path: str, body: object):
        return client.open(path + "?lang=en", method=method, json=body, headers=headers)

    return send


@pytest.fixture
def game(send):
    answer = send("POST", "/api/v1/games", {"players": ["Ann", "Bob"]})
    hand = send("POST", "/api/v1/games", {"players": ["Ann", "Bob"], "variant": "hand"})
    assert answer.status_code == hand.status_code == 201
    assert send("POST", f"/api/v1/games/{answer.get_json()['id']}/deals",
                {"number": 1, "bullheads": {"Ann": 5, "Bob": 0}}).status_code == 201
    return answer.get_json()["id"], hand.get_json()["id"]


@pytest.mark.parametrize(("body", "field", "expected"), [
    ({"bullheads": {"Ann": "4", "Bob": 0}}, "bullheads.Ann", "a whole number"),
    ({"bullheads": {"Ann": 4, "Bob": True}}, "bullheads.Bob", "a whole number"),
    ({"bullheads": {"Ann": 4.0, "Bob": 0}}, "bullheads.Ann", "a whole number"),
    ({"bullheads": {"Ann": None, "Bob": 4}}, "bullheads.Ann", "a whole number"),
    ({"bullheads": {"Ann": [4], "Bob": 0}}, "bullheads.Ann", "a whole number"),
    ({"cards": {"Ann": ["55"], "Bob": [1]}}, "cards.Ann", "a list of whole numbers"),
    ({"cards": {"Ann": [55], "Bob": [False]}}, "cards.Bob", "a list of whole numbers"),
    ({"cards": {"Ann": "55", "Bob": [1]}}, "cards.Ann", "a list of whole numbers"),
])
@pytest.mark.parametrize("method", ["POST", "PUT"])
def test_a_deals_numbers_are_json_numbers(send, game, body, field, expected, method):
    token = game[0]
    path = f"/api/v1/games/{token}/deals" + ("/1" if method == "PUT" else "")
    answer = send(method, path, body)
    assert answer.status_code == 400
    assert answer.get_json() == {
        "error": f"The field “{field}” is not filled in the expected form.",
        "code": "BadShape", "fields": {"field": field, "expected": expected}}
    assert send("GET", f"/api/v1/games/{token}", None).get_json()["version"] == 1


def test_a_hands_numbers_are_json_numbers_too(send, game):
    answer = send("POST", f"/api/v1/games/{game[1]}/deals",
                  {"bullheads": {"Ann": 20, "Bob": 10}, "hand": {"Ann": 0, "Bob": "2"}})
    assert answer.status_code == 400
    assert answer.get_json()["fields"] == {"field": "hand.Bob", "expected": "a whole number"}


def test_the_same_deal_with_numbers_is_taken(send, game):
    answer = send("POST", f"/api/v1/games/{game[0]}/deals", {"bullheads": {"Ann": 4, "Bob": 0}})
    assert answer.status_code == 201


#: (method, path, body) with one number sent another way, for every JSON body the app reads.
BODIES = [
    ("POST", "/api/v1/games/{game}/deals", {"number": "2", "bullheads": {"Ann": 4, "Bob": 0}}),
    ("POST", "/api/v1/games/{game}/deals", {"number": True, "bullheads": {"Ann": 4, "Bob": 0}}),
    ("POST", "/api/v1/games/{game}/deals", {"number": 2.0, "bullheads": {"Ann": 4, "Bob": 0}}),
    ("POST", "/api/v1/games", {"players": ["Ann", "Bob"], "threshold": "66"}),
    ("POST", "/api/v1/games", {"players": ["Ann", "Bob"], "fixed_deals": True}),
    ("POST", "/api/v1/games", {"players": ["Ann", "Bob"], "rows": 4.0}),
    ("POST", "/api/v1/games", {"players": ["Ann", "Bob"], "takes_at": "6"}),
    ("POST", "/api/v1/games", {"players": ["Ann", "Bob"], "hand_size": "10"}),
    ("POST", "/api/v1/placement", {"rows": [[12], [37], [43], [58]], "max_card": "104",
                                   "plays": [{"player": "Ann", "card": 14}]}),
    ("POST", "/api/v1/placement", {"rows": [[12], [37], [43], [58]],
                                   "plays": [{"player": "Ann", "card": "14"}]}),
    ("POST", "/api/v1/placement", {"rows": [[12], [37], [43], [58]], "take": {"Ann": "1"},
                                   "plays": [{"player": "Ann", "card": 4}]}),
    ("POST", "/api/v1/placement", {"rows": [[12], [37], [43], [58]], "takes_at": True,
                                   "plays": [{"player": "Ann", "card": 14}]}),
    ("POST", "/api/v1/tournament/sheets", {
        "players": ["Ann", "Bob"], "per_page": "2",
        "hands": {"Ann": list(range(1, 11)), "Bob": list(range(11, 21))}}),
    ("POST", "/api/v1/tournament/sheets", {
        "players": ["Ann", "Bob"],
        "hands": {"Ann": ["1", *range(2, 11)], "Bob": list(range(11, 21))}}),
    ("POST", "/api/v1/events", {"name": "Club", "players": list("ABCDEF"), "rounds": "2"}),
    ("POST", "/api/v1/events", {"name": "Club", "players": list("ABCDEF"), "rounds": 2,
                                "seed": "5"}),
    ("POST", "/api/v1/events", {"name": "Club", "players": list("ABCDEF"), "rounds": 2,
                                "threshold": "66"}),
]


@pytest.mark.parametrize(("method", "path", "body"), BODIES)
def test_no_json_body_takes_a_number_in_another_form(send, game, method, path, body):
    answer = send(method, path.format(game=game[0]), body)
    assert answer.status_code == 400, answer.get_data(as_text=True)[:200]
    assert answer.get_json()["code"] in SHAPE
