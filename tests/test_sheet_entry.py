"""The score sheet's entry without JavaScript: empty fields, refusals, the Hand variant's
all-zero question, the preview as a GET, where the page opens after a save, the standings
of a large table, the corrected-deal legend and the history's times."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.conftest import read_csrf_token


@pytest.fixture
def token(client):
    return read_csrf_token(client)


def start(client, token, players=("Ann", "Bob", "Cas", "Dirk"), **fields) -> str:
    data = {"csrf_token": token, "end": "threshold", "threshold": "66", "variant": "basic"}
    data.update({f"players-{i}": name for i, name in enumerate(players)})
    data.update(fields)
    answer = client.post("/", data=data)
    assert answer.status_code == 302
    return answer.headers["Location"]


def add(client, token, sheet, number, *values, **extra):
    data = {"csrf_token": token, "number": str(number), "mode": "bullheads", "action": "save"}
    data.update({f"bh-{i}": str(v) for i, v in enumerate(values)})
    data.update(extra)
    return client.post(f"{sheet}/deals", data=data)


def deals_of(client, sheet):
    return client.get(f"/api/v1{sheet}").get_json()["deals"]


def test_empty_fields_have_no_grey_zero(client, token):
    html = client.get(start(client, token)).get_data(as_text=True)
    assert re.search(r'id="bh-0"[^>]*value=""', html)
    assert 'placeholder="0"' not in html


def test_a_deal_saved_with_nothing_typed_is_refused_with_the_bound(client, token):
    sheet = start(client, token)
    answer = add(client, token, sheet, 1, "", "", "", "")
    assert answer.status_code == 400
    html = answer.get_data(as_text=True)
    assert "This deal adds up to 0 bullheads, but with 4 players at least 24 must be" in html
    assert deals_of(client, sheet) == []


def test_a_deal_under_the_bound_keeps_what_was_typed_in_cards_too(client, token):
    sheet = start(client, token)
    answer = add(client, token, sheet, 1, mode="cards", **{"cards-0": "55 12", "cards-3": "7"})
    assert answer.status_code == 400
    html = answer.get_data(as_text=True)
    assert "This deal adds up to 9 bullheads" in html  # 7 + 1 + 1
    assert 'value="55 12"' in html and 'value="7"' in html
    assert re.search(r'value="cards" checked', html)


def test_the_form_returns_to_itself_and_a_save_to_the_sheet(client, token):
    sheet = start(client, token)
    html = client.get(sheet).get_data(as_text=True)
    assert f'action="{sheet}/deals#deal-form"' in html  # a refusal opens at the form
    saved = add(client, token, sheet, 1, 10, 8, 4, 2)
    assert saved.status_code == 302 and saved.headers["Location"] == f"{sheet}#sheet"
    ended = add(client, token, sheet, 2, 60, 8, 4, 2)
    assert ended.headers["Location"] == f"{sheet}#status"  # the winner's banner
    assert 'id="status"' in client.get(sheet).get_data(as_text=True)


HANDS_0 = {f"hand-{i}": "0" for i in range(4)}


def test_hand_deal_where_everyone_has_0_is_asked_before_it_is_saved(client, token):
    sheet = start(client, token, variant="hand")
    asked = add(client, token, sheet, 1, "0", "0", "0", "0", **HANDS_0)
    assert asked.status_code == 200
    html = asked.get_data(as_text=True)
    assert 'id="zero-question"' in html and "Everyone has 0 in this deal." in html
    assert 'name="confirm" value="zero"' in html
    assert deals_of(client, sheet) == []
    confirmed = add(client, token, sheet, 1, "0", "0", "0", "0", confirm="zero", **HANDS_0)
    assert confirmed.status_code == 302
    assert deals_of(client, sheet)[0]["bullheads"] == {"Ann": 0, "Bob": 0, "Cas": 0, "Dirk": 0}


def test_a_hand_deal_left_empty_is_asked_about_its_empty_fields_once(client, token):
    """Nothing typed at all: the question names everyone; its answer also settles that
    everyone has 0 (one question, not two)."""
    sheet = start(client, token, variant="hand")
    asked = add(client, token, sheet, 1, "", "", "", "")
    html = asked.get_data(as_text=True)
    assert asked.status_code == 200 and 'id="empty-question"' in html
    assert "Nothing is entered for Ann, Bob, Cas, and Dirk." in html
    assert 'id="zero-question"' not in html and deals_of(client, sheet) == []
    confirmed = add(client, token, sheet, 1, "", "", "", "", confirm="empty")
    assert confirmed.status_code == 302
    assert deals_of(client, sheet)[0]["bullheads"] == {"Ann": 0, "Bob": 0, "Cas": 0, "Dirk": 0}


def test_hand_deal_with_bullheads_only_in_a_hand_is_not_asked_about_0(client, token):
    sheet = start(client, token, variant="hand")
    answer = add(client, token, sheet, 1, "", "", "", "", **{"hand-2": "3"})
    html = answer.get_data(as_text=True)
    assert answer.status_code == 200 and 'id="zero-question"' not in html
    assert "Nothing is entered for Ann, Bob, Cas, and Dirk." in html  # Cas's pile is empty
    answer = add(client, token, sheet, 1, "", "", "", "", confirm="empty", **{"hand-2": "3"})
    assert answer.status_code == 302
    assert deals_of(client, sheet)[0]["scores"]["Cas"] == 6


def test_a_correction_to_all_zero_is_asked_too(client, token):
    sheet = start(client, token, variant="hand")
    add(client, token, sheet, 1, 5, 0, 0, 0, **HANDS_0)
    form = {"csrf_token": token, "mode": "bullheads", **{f"bh-{i}": "0" for i in range(4)},
            **HANDS_0}
    asked = client.post(f"{sheet}/deals/1/edit", data=form)
    assert asked.status_code == 200 and 'id="zero-question"' in asked.get_data(as_text=True)
    assert deals_of(client, sheet)[0]["bullheads"]["Ann"] == 5
    saved = client.post(f"{sheet}/deals/1/edit", data={**form, "confirm": "zero"})
    assert saved.status_code == 302 and saved.headers["Location"] == f"{sheet}#sheet"
    assert deals_of(client, sheet)[0]["bullheads"]["Ann"] == 0


def test_in_a_basic_game_confirming_0_for_everyone_does_not_pass_the_bound(client, token):
    sheet = start(client, token)
    answer = add(client, token, sheet, 1, 0, 0, 0, 0, confirm="zero")
    assert answer.status_code == 400 and deals_of(client, sheet) == []


def test_the_preview_without_scripts_is_a_get_that_saves_nothing(client, token):
    sheet = start(client, token, virgin_doubling="y")
    add(client, token, sheet, 1, 5, 6, 7, 8)
    posted = add(client, token, sheet, 2, 0, 12, 6, 8, action="preview")
    assert posted.status_code == 302
    target = urlsplit(posted.headers["Location"])
    assert target.path == f"{sheet}/preview" and target.fragment == "deal-form"
    query = parse_qs(target.query)
    assert query["bh-1"] == ["12"] and query["number"] == ["2"] and "csrf_token" not in query
    assert "bh-0" in query  # a typed 0 is kept; empty fields are left out
    page = client.get(f"{target.path}?{target.query}")  # a reload asks again, posts nothing
    outputs = re.findall(r'<output[^>]*>([^<]*)<', page.get_data(as_text=True))
    assert outputs == ["counts 0, total 5", "counts 24, total 30",
                       "counts 12, total 19", "counts 16, total 24"]  # Ann is the virgin
    assert 'value="12"' in page.get_data(as_text=True)
    assert len(deals_of(client, sheet)) == 1


def test_a_preview_of_a_deal_that_cannot_happen_says_why(client, token):
    sheet = start(client, token)
    answer = client.get(f"{sheet}/preview?bh-0=3&number=1")
    assert answer.status_code == 400
    assert "This deal adds up to 3 bullheads" in answer.get_data(as_text=True)


def test_five_players_or_more_get_ranked_standings_with_shared_ranks(client, token):
    sheet = start(client, token, players=("Ann", "Bob", "Cas", "Dirk", "Eve"))
    assert 'id="standings"' not in client.get(sheet).get_data(as_text=True)  # no deal yet
    add(client, token, sheet, 1, 9, 4, 12, 4, 5)  # 5 players: 34 at least
    html = client.get(sheet).get_data(as_text=True)
    begin = html.index('id="standings"')
    standings = html[begin:html.index("</table>", begin)]
    rows = re.findall(r'class="rank">(\d+)<.*?class="name">([^<]+)<.*?class="num last">\+(\d+)<'
                      r'.*?class="num total">(\d+)<', standings, re.S)
    assert rows == [("1", "Bob", "4", "4"), ("1", "Dirk", "4", "4"), ("3", "Eve", "5", "5"),
                    ("4", "Ann", "9", "9"), ("5", "Cas", "12", "12")]
    four = start(client, token)
    add(client, token, four, 1, 9, 4, 7, 4)
    assert 'id="standings"' not in client.get(four).get_data(as_text=True)


def test_a_corrected_deal_is_explained_under_the_table(client, token):
    sheet = start(client, token)
    add(client, token, sheet, 1, 9, 4, 7, 4)
    assert 'id="corrected-legend"' not in client.get(sheet).get_data(as_text=True)
    client.post(f"{sheet}/deals/1/edit", data={
        "csrf_token": token, "mode": "bullheads", "bh-0": "10", "bh-1": "4", "bh-2": "7",
        "bh-3": "4"})
    html = client.get(sheet).get_data(as_text=True)
    assert '<span class="corrected">*</span>' in html
    assert "marks a corrected deal: its earlier values are in the history." in html


def test_history_times_carry_utc_for_the_script_and_say_utc_without_it(client, token):
    sheet = start(client, token)
    add(client, token, sheet, 1, 9, 4, 7, 4)
    html = client.get(f"{sheet}/history").get_data(as_text=True)
    match = re.search(r'<time datetime="(\d{4}-\d\d-\d\dT(\d\d:\d\d):\d\dZ)" '
                      r'class="local-time">([^<]+)</time>', html)
    assert match and match.group(3) == f"{match.group(1)[:10]} {match.group(2)} UTC"
    assert "js/pages/local-time.js" in html
