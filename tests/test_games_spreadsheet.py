"""CSV for the user's spreadsheet: `,` for English, `;` with a byte-order mark for Dutch and
German, read back from the bytes the way a spreadsheet would."""

from __future__ import annotations

import csv
import io

import pytest

BOM = b"\xef\xbb\xbf"


def make_game(client, headers, players=("Ann", "=Bob", "Cas"), **settings):
    body = {"players": list(players), "note": "Zolder", **settings}
    game = client.post("/api/v1/games", json=body, headers=headers).get_json()
    return game["id"], f"/api/v1/games/{game['id']}/deals"


def read_back(data: bytes, separator: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8"), newline=""), delimiter=separator))


@pytest.fixture
def virgin_game(client, csrf_headers):
    game_id, url = make_game(client, csrf_headers, virgin_doubling=True)
    # 3 players: a deal hands out 14 bullheads at least. Ann's clean deal 1 doubles
    # the others' (Virgin doubling): =Bob 6 counts 12, Cas 8 counts 16.
    client.post(url, json={"number": 1, "bullheads": {"Ann": 0, "=Bob": 6, "Cas": 8}},
                headers=csrf_headers)
    client.post(url, json={"number": 2, "bullheads": {"Ann": 5, "=Bob": 5, "Cas": 4}},
                headers=csrf_headers)
    return game_id


BODY = [["1", "0", "0", "6", "12", "8", "16"],
        ["2", "5", "5", "5", "5", "4", "4"]]


def test_english_is_comma_separated_without_bom(client, virgin_game):
    answer = client.get(f"/games/{virgin_game}/export.csv?lang=en")
    assert answer.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert "attachment" in answer.headers["Content-Disposition"]
    data = answer.get_data()
    assert not data.startswith(BOM)
    assert data.split(b"\r\n")[1] == b"1,0,0,6,12,8,16"
    assert read_back(data, ",") == [
        ["Deal", "Ann: entered", "Ann: counts", "'=Bob: entered", "'=Bob: counts",
         "Cas: entered", "Cas: counts"],
        *BODY,
        ["Total", "", "5", "", "17", "", "20"],
    ]


@pytest.mark.parametrize(("lang", "head", "total"), [
    ("nl", ["Spelronde", "Ann: ingevoerd", "Ann: telt"], "Totaal"),
    ("de", ["Durchgang", "Ann: eingegeben", "Ann: zählt"], "Summe"),
])
def test_dutch_and_german_are_semicolon_separated_with_bom(client, virgin_game, lang, head,
                                                           total):
    data = client.get(f"/games/{virgin_game}/export.csv?lang={lang}").get_data()
    assert data.startswith(BOM)
    body = data[len(BOM):]
    assert body.split(b"\r\n")[1] == b"1;0;0;6;12;8;16"
    rows = read_back(body, ";")
    assert rows[0][:3] == head and len(rows[0]) == 7
    assert rows[1:3] == BODY
    assert rows[3] == [total, "", "5", "", "17", "", "20"]
    assert b"," not in body  # nothing a Dutch or German spreadsheet would split wrongly


def test_the_language_cookie_chooses_too(client, virgin_game):
    client.get("/?lang=de")
    assert client.get(f"/games/{virgin_game}/export.csv").get_data().startswith(BOM)


@pytest.mark.parametrize(("query", "separator", "bom"), [
    ("lang=de&sep=comma", ",", False),
    ("lang=en&sep=semicolon", ";", True),
    ("lang=nl&sep=semicolon", ";", True),
])
def test_sep_chooses_the_separator(client, virgin_game, query, separator, bom):
    data = client.get(f"/games/{virgin_game}/export.csv?{query}").get_data()
    assert data.startswith(BOM) is bom
    rows = read_back(data.removeprefix(BOM), separator)
    assert rows[1:3] == BODY


def test_an_unknown_separator_is_refused_with_a_reason(client, virgin_game):
    answer = client.get(f"/games/{virgin_game}/export.csv?sep=tab&lang=en")
    assert answer.status_code == 400
    assert "sep=semicolon" in answer.get_data(as_text=True)


def test_names_holding_separators_and_quotes_are_quoted(client, csrf_headers):
    players = ['Jan; "de Boer"', "Anne, Marie", "Cas"]
    game_id, url = make_game(client, csrf_headers, players=players)
    client.post(url, json={"number": 1, "bullheads": dict(zip(players, (3, 5, 7), strict=True))},
                headers=csrf_headers)
    for lang, separator in (("nl", ";"), ("en", ",")):
        data = client.get(f"/games/{game_id}/export.csv?lang={lang}").get_data()
        rows = read_back(data.removeprefix(BOM), separator)
        assert [cell.rsplit(": ", 1)[0] for cell in rows[0][1::2]] == players
        assert rows[1] == ["1", "3", "3", "5", "5", "7", "7"]
    assert '"Jan; ""de Boer"": ingevoerd"' in client.get(
        f"/games/{game_id}/export.csv?lang=nl").get_data(as_text=True)


def test_hand_variant_has_stack_and_hand_in_german(client, csrf_headers):
    game_id, url = make_game(client, csrf_headers, variant="hand")
    client.post(url, json={"number": 1, "bullheads": {"Ann": 2, "=Bob": 0, "Cas": 1},
                           "hand": {"Ann": 1, "=Bob": 0, "Cas": 0}}, headers=csrf_headers)
    data = client.get(f"/games/{game_id}/export.csv?lang=de").get_data()
    rows = read_back(data.removeprefix(BOM), ";")
    assert rows[0][:4] == ["Durchgang", "Ann: Stapel", "Ann: Hand", "Ann: zählt"]
    # Ann: 2 in her stack plus 1 left in her hand counting double: 2 + 2 = 4.
    assert rows[1] == ["1", "2", "1", "4", "0", "0", "0", "1", "0", "1"]
    assert rows[2] == ["Summe", "", "", "4", "", "", "0", "", "", "1"]
