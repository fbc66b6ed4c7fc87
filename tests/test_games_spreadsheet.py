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


# --- Numbers stay numbers, negative ones too; only text is guarded ---


@pytest.mark.parametrize(("separator", "line"), [
    (",", "Ann,-6,-6.75,4.5,'-6,'=SUM(A1),True"),
    (";", "Ann;-6;-6,75;4,5;'-6;'=SUM(A1);True"),
])
def test_negative_numbers_are_numbers_in_both_dialects(separator, line):
    from fractions import Fraction

    from scorekeeper.games.spreadsheet import encode

    table = [["Ann", -6, Fraction(-27, 4), Fraction(9, 2), "-6", "=SUM(A1)", True]]
    assert encode(table, separator).decode() == line + "\r\n"


@pytest.mark.parametrize(("lang", "separator", "decimal"), [("en", ",", "."), ("nl", ";", ","),
                                                            ("de", ";", ",")])
def test_an_events_relative_points_below_the_average_are_numbers(client, lang, separator,
                                                                 decimal):
    """Two tables of three, one deal each: the player far above the table's average
    bullheads has negative relative points, written as the number the spreadsheet sums."""
    from conftest import read_csrf_token

    headers = {"X-CSRFToken": read_csrf_token(client)}
    created = client.post("/api/v1/events", headers=headers, json={
        "name": "Clubavond", "players": list("ABCDEF"), "rounds": 1, "seed": 3,
        "fixed_deals": 1}).get_json()
    event, director = created["id"], {**headers, "X-Director-Key": created["director_key"]}
    tables = client.post(f"/api/v1/events/{event}/rounds", headers=director).get_json()["tables"]
    for table in tables:  # 2, 3 and 30 bullheads: the mean is 35/3
        answer = client.post(f"/api/v1/games/{table['game']}/deals", headers=headers, json={
            "number": 1, "bullheads": dict(zip(table["players"], (2, 3, 30), strict=True))})
        assert answer.status_code == 201
    data = client.get(f"/events/{event}/results.csv?lang={lang}").data
    rows = read_back(data.removeprefix(BOM), separator)
    last = next(row for row in rows[1:] if row[1] == tables[0]["players"][2])
    # Relative: 35/3 - 30 = -18.33; placement points 1 (third at a table of three).
    assert last[2:5] == ["1", f"-18{decimal}33", "30"]
    assert not any(cell.startswith("'") for row in rows for cell in row)
