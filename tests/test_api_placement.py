"""POST /api/v1/placement: the shapes of docs/api.md, and a clear translated 400 for bad input."""

from __future__ import annotations

import json

import pytest
from conftest import refusal

URL = "/api/v1/placement"
BOOKLET = {
    "rows": [[12], [37], [43], [58]],
    "plays": [{"player": "Ann", "card": 14}, {"player": "Bob", "card": 15},
              {"player": "Cas", "card": 44}, {"player": "Dirk", "card": 61}],
}


def test_a_basic_turn_with_the_optional_fields(client):
    body = {"variant": "basic", "rows": [[12], [37], [43], [58]],
            "plays": [{"player": "Ann", "card": 14}, {"player": "Bob", "card": 44}],
            "take": {"Ann": 2}, "max_card": 104}
    response = client.post(URL, json=body)
    assert response.status_code == 200
    assert response.get_json() == {
        "steps": [
            {"player": "Ann", "card": 14, "row": 1, "side": "right", "rule": 2,
             "taken": [], "bullheads": 0},
            {"player": "Bob", "card": 44, "row": 3, "side": "right", "rule": 2,
             "taken": [], "bullheads": 0},
        ],
        "rows": [[12, 14], [37], [43, 44], [58]],
        "bullheads": {"Ann": 0, "Bob": 0},
    }


def test_first_booklet_example(client):
    answer = client.post(URL, json=BOOKLET).get_json()
    assert [(s["card"], s["row"], s["rule"]) for s in answer["steps"]] == [
        (14, 1, 2), (15, 1, 2), (44, 3, 2), (61, 4, 2)]
    assert answer["rows"] == [[12, 14, 15], [37], [43, 44], [58, 61]]


def test_full_row_and_lowest_card_examples(client):
    second = client.post(URL, json={
        "rows": [[12, 14, 15], [37], [43, 44], [58, 61]],
        "plays": [{"player": p, "card": c} for p, c in zip("ABCD", (21, 26, 30, 36), strict=True)],
    }).get_json()
    assert second["steps"][2] == {"player": "C", "card": 30, "row": 1, "side": "right",
                                  "rule": 3, "taken": [12, 14, 15, 21, 26], "bullheads": 6}
    third = client.post(URL, json={
        "rows": second["rows"],
        "plays": [{"player": p, "card": c} for p, c in zip("ABCD", (3, 9, 68, 83), strict=True)],
    }).get_json()
    assert third["steps"][0] == {"player": "A", "card": 3, "row": 2, "side": "right",
                                 "rule": 4, "taken": [37], "bullheads": 1,
                                 "alternatives": [], "row_bullheads": [4, 1, 6, 2]}
    assert third["rows"] == [[30, 36], [3, 9], [43, 44], [58, 61, 68, 83]]
    assert third["bullheads"] == {"A": 1, "B": 0, "C": 0, "D": 0}


def test_chosen_row_has_no_alternatives(client):
    answer = client.post(URL, json={
        "rows": [[30, 36], [37], [43, 44], [58, 61]],
        "plays": [{"player": "A", "card": 3}], "take": {"A": 4},
    }).get_json()
    assert answer["steps"][0]["row"] == 4 and "alternatives" not in answer["steps"][0]
    assert answer["bullheads"] == {"A": 2}


def test_professional_tie_answers_both_outcomes_then_resolves(client):
    body = {"variant": "professional", "rows": [[10], [30], [50], [70]],
            "plays": [{"player": "Ann", "card": 40}, {"player": "Bob", "card": 12}]}
    answer = client.post(URL, json=body).get_json()
    assert answer["tie"] == {"player": "Ann", "card": 40,
                             "options": [{"row": 2, "side": "right"}, {"row": 3, "side": "left"}]}
    # 40 is 10 above row 2's 30 and 10 below row 3's 50; the 12 before it is settled.
    assert [s["card"] for s in answer["steps"]] == [12]
    outcomes = {(o["row"], o["side"]): o["rows"] for o in answer["tie_outcomes"]}
    assert outcomes == {(2, "right"): [[10, 12], [30, 40], [50], [70]],
                        (3, "left"): [[10, 12], [30], [40, 50], [70]]}
    settled = client.post(URL, json={**body, "place": {"Ann": {"row": 3, "side": "left"}}})
    assert "tie" not in settled.get_json()
    assert settled.get_json()["steps"][1]["side"] == "left"


def test_double_and_nifty_shapes(client):
    double = client.post(URL, json={
        "variant": "double", "rows": [[1, 2, 3, 4, 10], [30], [50], [70]],
        "plays": [{"player": "A", "card": 12}, {"player": "B", "card": 12}]}).get_json()
    assert [(s["player"], s["bullheads"], s["shared_with"]) for s in double["steps"]] == [
        ("A", 4, "B"), ("B", 4, "A")]
    assert double["rows"][0] == [12, 12]
    nifty = client.post(URL, json={
        "variant": "nifty", "rows": [[10], [20], [30], [40]],
        "plays": [{"player": "A", "cards": [25, 12]}, {"player": "B", "cards": [11, 45]}]})
    assert [s["card"] for s in nifty.get_json()["steps"]] == [11, 45, 25, 12]


def test_placement_needs_no_csrf_token(app):
    # The app fixture keeps CSRF on: this stateless endpoint must still answer.
    response = app.test_client().post(URL, json=BOOKLET)
    assert response.status_code == 200


def with_(**changes):
    return {**BOOKLET, **changes}


BAD = [
    # (body, English, Dutch, German)
    (with_(rows=[[12], [37]]),
     "The table needs 3 to 5 rows, not 2.",
     "Er moeten 3 tot en met 5 rijen op tafel liggen, niet 2.",
     "Auf dem Tisch müssen 3 bis 5 Reihen liegen, nicht 2."),
    (with_(rows=[[12], [37], [43], [58], [70], [90]]),
     "The table needs 3 to 5 rows, not 6.",
     "Er moeten 3 tot en met 5 rijen op tafel liggen, niet 6.",
     "Auf dem Tisch müssen 3 bis 5 Reihen liegen, nicht 6."),
    (with_(takes_at=8),
     "A row is taken by its 5th, 6th or 7th card: takes_at must be 5, 6 or 7, not 8.",
     "Een rij wordt genomen door haar 5e, 6e of 7e kaart: takes_at moet 5, 6 of 7 zijn, "
     "niet 8.",
     "Eine Reihe wird mit ihrer 5., 6. oder 7. Karte genommen: takes_at muss 5, 6 oder 7 "
     "sein, nicht 8."),
    (with_(takes_at="6"),
     "A row is taken by its 5th, 6th or 7th card: takes_at must be 5, 6 or 7, not 6.",
     "Een rij wordt genomen door haar 5e, 6e of 7e kaart: takes_at moet 5, 6 of 7 zijn, "
     "niet 6.",
     "Eine Reihe wird mit ihrer 5., 6. oder 7. Karte genommen: takes_at muss 5, 6 oder 7 "
     "sein, nicht 6."),
    (with_(rows=[[1, 2, 3, 5, 6], [37], [43]], takes_at=5),
     "Row 1 holds 5 cards; a row holds at most 4.",
     "Rij 1 heeft 5 kaarten; een rij heeft er hoogstens 4.",
     "Reihe 1 hat 5 Karten; eine Reihe hat höchstens 4."),
    (with_(rows=[[12], [], [43], [58]]),
     "Row 2 is empty: every row holds at least one card.",
     "Rij 2 is leeg: elke rij heeft minstens één kaart.",
     "Reihe 2 ist leer: Jede Reihe hat mindestens eine Karte."),
    (with_(rows=[[1, 2, 3, 5, 6, 7], [37], [43], [58]]),
     "Row 1 holds 6 cards; a row holds at most 5.",
     "Rij 1 heeft 6 kaarten; een rij heeft er hoogstens 5.",
     "Reihe 1 hat 6 Karten; eine Reihe hat höchstens 5."),
    (with_(rows=[[12], [37, 36], [43], [58]]),
     "Row 2 is not in ascending order: 36 comes after 37.",
     "Rij 2 loopt niet op: 36 ligt na 37.",
     "Reihe 2 ist nicht aufsteigend: 36 liegt nach 37."),
    (with_(rows=[[12], [37], [43], [105]]),
     "Card 105 does not exist in this game: cards go from 1 to 104.",
     "Kaart 105 bestaat niet in dit spel: de kaarten gaan van 1 tot en met 104.",
     "Karte 105 gibt es in diesem Spiel nicht: Die Karten gehen von 1 bis 104."),
    (with_(rows=[[12], [17], [23], [28]], plays=[{"player": "Ann", "card": 35}], max_card=34),
     "Card 35 does not exist in this game: cards go from 1 to 34.",
     "Kaart 35 bestaat niet in dit spel: de kaarten gaan van 1 tot en met 34.",
     "Karte 35 gibt es in diesem Spiel nicht: Die Karten gehen von 1 bis 34."),
    (with_(plays=[{"player": "Ann", "card": True}]),
     "true (Ann) is not a card number.",
     "true (Ann) is geen kaartnummer.",
     "true (Ann) ist keine Kartennummer."),
    (with_(plays=[{"player": "Ann", "card": 14.0}]),
     "14.0 (Ann) is not a card number.",
     "14.0 (Ann) is geen kaartnummer.",
     "14.0 (Ann) ist keine Kartennummer."),
    (with_(rows=[[12], [37], [43], [58.5]]),
     "58.5 (row 4) is not a card number.",
     "58.5 (row 4) is geen kaartnummer.",
     "58.5 (row 4) ist keine Kartennummer."),
    (with_(plays=[{"player": "Ann", "card": 37}]),
     "Card 37 appears 2 times, but the deck holds it only once.",
     "Kaart 37 komt 2 keer voor, maar zit maar één keer in het kaartspel.",
     "Karte 37 kommt 2-mal vor, ist aber nur einmal im Kartenspiel."),
    (with_(plays=[{"player": "Ann", "card": 14}, {"player": "Ann", "card": 15}]),
     "Ann is named too often: only once in one turn.",
     "Ann wordt te vaak genoemd: maar één keer per beurt.",
     "Ann wird zu oft genannt: nur einmal pro Zug."),
    (with_(plays=[{"player": f"P{i}", "card": 60 + i} for i in range(11)]),
     "11 players is too many: at most 10 can play.",
     "11 spelers zijn te veel: er kunnen er hoogstens 10 meespelen.",
     "11 Spieler sind zu viele: Es können höchstens 10 mitspielen."),
    (with_(plays=[{"card": 14}]),
     "Card 1 has no player's name.",
     "Bij kaart 1 staat geen naam van een speler.",
     "Bei Karte 1 steht kein Spielername."),
    (with_(plays=[{"player": "Ann"}]),
     "Ann has no card.",
     "Ann heeft geen kaart.",
     "Ann hat keine Karte."),
    (with_(plays=[]),
     "Add at least one revealed card.",
     "Voeg minstens één omgedraaide kaart toe.",
     "Füge mindestens eine aufgedeckte Karte hinzu."),
    (with_(variant="chess"),
     "“chess” is not a variant the checker knows.",
     "“chess” is geen variant die de kaartcontrole kent.",
     "„chess“ ist keine Variante, die der Anlegeprüfer kennt."),
    (with_(take={"Ann": 7}),
     "Ann chose row 7, but rows are numbered 1 to 4.",
     "Ann koos rij 7, maar de rijen zijn genummerd van 1 tot en met 4.",
     "Ann hat Reihe 7 gewählt, aber die Reihen sind von 1 bis 4 nummeriert."),
    (with_(rows=[[12], [37], [43]], take={"Ann": 4}),
     "Ann chose row 4, but rows are numbered 1 to 3.",
     "Ann koos rij 4, maar de rijen zijn genummerd van 1 tot en met 3.",
     "Ann hat Reihe 4 gewählt, aber die Reihen sind von 1 bis 3 nummeriert."),
    (with_(take={"Zoe": 1}),
     "A choice is given for Zoe, who played no card.",
     "Er is een keuze opgegeven voor Zoe, die geen kaart speelde.",
     "Für Zoe ist eine Wahl angegeben, aber Zoe hat keine Karte gespielt."),
    (with_(plays="Ann 14"),
     "The field “plays” is not filled in the expected form.",
     "Het veld “plays” is niet in de verwachte vorm ingevuld.",
     "Das Feld „plays“ ist nicht in der erwarteten Form ausgefüllt."),
    ([1, 2, 3],
     "The field “body” is not filled in the expected form.",
     "Het veld “body” is niet in de verwachte vorm ingevuld.",
     "Das Feld „body“ ist nicht in der erwarteten Form ausgefüllt."),
]


@pytest.mark.parametrize(("body", "en", "nl", "de"), BAD)
def test_bad_input_is_a_translated_400(client, body, en, nl, de):
    for lang, expected in (("en", en), ("nl", nl), ("de", de)):
        response = client.post(f"{URL}?lang={lang}", json=body)
        assert response.status_code == 400, response.get_data(as_text=True)
        assert refusal(response) == expected


def test_language_follows_accept_language_without_lang(client):
    response = client.post(URL, json=with_(rows=[[12], [], [43], [58]]),
                           headers={"Accept-Language": "de"})
    assert response.get_json()["error"] == "Reihe 2 ist leer: Jede Reihe hat mindestens eine Karte."


@pytest.mark.parametrize(
    ("raw", "en", "de"),
    [
        ("{not json", "The request body is not valid JSON.",
         "Der Inhalt der Anfrage ist kein gültiges JSON."),
        ("", "The request body is not valid JSON.",
         "Der Inhalt der Anfrage ist kein gültiges JSON."),
        ("[" * 5000 + "]" * 5000, "The request is nested too deeply.",
         "Die Anfrage ist zu tief verschachtelt."),
        (json.dumps({"rows": [[1]] * 40000}), "The request is too large.",
         "Die Anfrage ist zu groß."),
    ],
)
def test_malformed_bodies(client, raw, en, de):
    for lang, expected in (("en", en), ("de", de)):
        response = client.post(f"{URL}?lang={lang}", data=raw, content_type="application/json")
        assert response.status_code == 400
        assert refusal(response) == expected


def test_get_is_not_allowed_and_answers_json(client):
    response = client.get(URL)
    assert response.status_code == 405
    assert "error" in response.get_json()


def test_both_pitfalls_from_the_tips(client):
    # Tip 1: the 45 goes after the 42 of the full row 4, not the 41 of row 3, and takes
    # 34, 36, 39, 40, 42 (1+1+1+3+1 = 7).
    first = client.post(URL, json={
        "rows": [[3, 8], [20, 25, 27], [33, 38, 41], [34, 36, 39, 40, 42]],
        "plays": [{"player": "Ann", "card": 45}]}).get_json()
    assert first["steps"] == [{"player": "Ann", "card": 45, "row": 4, "side": "right",
                               "rule": 3, "taken": [34, 36, 39, 40, 42], "bullheads": 7}]
    # Tip 2: the 29 takes row 1 (cheapest, 59+61 = 2), so the 62 meant for the 61 goes
    # after the 60 of the full row 4 and takes 50, 52, 55, 57, 60 (3+1+7+1+3 = 15).
    second = client.post(URL, json={
        "rows": [[59, 61], [31, 33, 35], [44, 48], [50, 52, 55, 57, 60]],
        "plays": [{"player": "Ann", "card": 62}, {"player": "Bob", "card": 29}]}).get_json()
    assert [(s["player"], s["row"], s["rule"], s["bullheads"]) for s in second["steps"]] == [
        ("Bob", 1, 4, 2), ("Ann", 4, 3, 15)]
    assert second["rows"] == [[29], [31, 33, 35], [44, 48], [62]]
    assert second["bullheads"] == {"Ann": 15, "Bob": 2}


def test_too_many_players_counts_players_not_plays(client):
    # Hand: a player may lay two cards, so 22 plays of 11 players are 11 players.
    plays = [{"player": f"P{i}", "card": 60 + 2 * i + k} for i in range(11) for k in (0, 1)]
    response = client.post(f"{URL}?lang=en", json=with_(variant="hand", plays=plays))
    assert response.status_code == 400
    assert refusal(response) == "11 players is too many: at most 10 can play."


# -- the postscript's shapes: 3 to 5 rows, a row taken by its 5th, 6th or 7th card ------

def test_three_and_five_rows(client):
    three = client.post(URL, json={"rows": [[30], [40], [50]],
                                   "plays": [{"player": "Ann", "card": 5}], "take": {"Ann": 3}})
    assert three.status_code == 200
    assert three.get_json()["rows"] == [[30], [40], [5]]
    five = client.post(URL, json={"rows": [[30], [40], [50], [61], [70]],
                                  "plays": [{"player": "Ann", "card": 5},
                                            {"player": "Bob", "card": 75}]})
    answer = five.get_json()
    assert answer["steps"][0]["row"] == 4 and answer["steps"][0]["row_bullheads"] == [
        3, 3, 3, 1, 3]
    assert answer["rows"] == [[30], [40], [50], [5], [70, 75]]


@pytest.mark.parametrize(("takes_at", "rule"), [(5, 3), (6, 2), (7, 2)])
def test_takes_at_decides_when_a_row_is_full(client, takes_at, rule):
    body = {"rows": [[1, 2, 3, 4], [37], [43], [58]], "takes_at": takes_at,
            "plays": [{"player": "Ann", "card": 6}]}
    step = client.post(URL, json=body).get_json()["steps"][0]
    assert step["rule"] == rule


def test_takes_at_left_out_is_the_booklets_sixth_card(client):
    body = {"rows": [[1, 2, 3, 4, 5], [37], [43], [58]], "plays": [{"player": "Ann", "card": 6}]}
    plain = client.post(URL, json=body).get_json()
    assert plain == client.post(URL, json={**body, "takes_at": 6}).get_json()
    assert plain["steps"][0]["rule"] == 3
    seven = client.post(URL, json={**body, "takes_at": 7}).get_json()
    assert seven["steps"][0]["rule"] == 2 and seven["rows"][0] == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize("takes_at", [4, 8, 0, "6", True, False, 6.0, 6.5, None, [6], {}])
def test_takes_at_other_than_5_6_or_7_is_refused(client, takes_at):
    body = {"rows": [[1], [2], [3], [4]], "takes_at": takes_at,
            "plays": [{"player": "Ann", "card": 6}]}
    response = client.post(URL, json=body)
    assert response.status_code == 400
    assert response.get_json()["error"].startswith("A row is taken by its 5th, 6th or 7th card")


def test_double_counts_a_stacked_twin_once_toward_takes_at(client):
    body = {"variant": "double", "rows": [[12, 14, 14, 20, 22], [60], [70]], "takes_at": 5,
            "plays": [{"player": "A", "card": 25}]}
    step = client.post(URL, json=body).get_json()["steps"][0]
    assert (step["rule"], step["taken"]) == (3, [12, 14, 14, 20, 22])
    six = client.post(URL, json={**body, "takes_at": 6}).get_json()
    assert six["rows"][0] == [12, 14, 14, 20, 22, 25]
