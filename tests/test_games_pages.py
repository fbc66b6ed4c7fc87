"""The scorekeeper pages, posted like a browser without JavaScript (CSRF token included)."""

from __future__ import annotations

import re
import sys

import pytest

from scorekeeper.engine import game as engine_game
from tests.conftest import read_csrf_token, shown


@pytest.fixture
def token(client):
    return read_csrf_token(client)


def start(client, token, players=("Ann", "Bob", "Cas", "Dirk"), **fields):
    data = {"csrf_token": token, "end": "threshold", "threshold": "66", "variant": "basic"}
    data.update({f"players-{i}": name for i, name in enumerate(players)})
    data.update(fields)
    return client.post("/", data=data)


#: A token of the right shape that no game has.
MISSING = "0123456789abcdef0123"


def started(answer) -> str:
    """The token of the game a start answered with (its id in every URL)."""
    assert answer.status_code == 302, answer.status_code
    return answer.headers["Location"].rsplit("/", 1)[1]


def add(client, token, game_id, number, *values, action="save", **extra):
    data = {"csrf_token": token, "number": str(number), "mode": "bullheads", "action": action}
    data.update({f"bh-{i}": str(v) for i, v in enumerate(values)})
    data.update(extra)
    return client.post(f"/games/{game_id}/deals", data=data)


def error_of(html: str) -> str:
    match = re.search(r'id="deal-error">([^<]*)<', html)
    return match.group(1) if match else ""


def test_start_page_is_the_home_page(client):
    html = client.get("/").get_data(as_text=True)
    assert 'name="players-0"' in html and 'value="66"' in html
    assert "Virgin doubling" in html and "everyone else" in html


def test_starting_a_game_opens_its_score_sheet(client, token):
    answer = start(client, token, note="Kitchen table")
    gid = started(answer)
    assert re.fullmatch(r"/games/[0-9a-f]{20}", answer.headers["Location"])  # not guessable
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Kitchen table" in html and "Deal 1" in html
    assert "The game ends when someone reaches 66." in html


def test_start_form_without_csrf_token_is_refused(client):
    answer = client.post("/", data={"players-0": "Ann", "players-1": "Bob", "end": "threshold",
                                    "threshold": "66", "variant": "basic"})
    assert answer.status_code == 400
    assert 'class="game-item"' not in client.get("/games").get_data(as_text=True)


def test_bad_start_keeps_what_was_typed_and_says_why_in_dutch(client, token):
    answer = client.post("/?lang=nl", data={
        "csrf_token": token, "players-0": "Ann", "players-1": "ann", "end": "threshold",
        "threshold": "66", "variant": "basic", "note": "Zolder"})
    assert answer.status_code == 400
    html = answer.get_data(as_text=True)
    assert "komt twee keer voor" in html
    assert 'value="ann"' in html and "Zolder" in html


def test_names_and_notes_are_escaped_everywhere(client, token):
    gid = started(start(client, token, players=("<b>Ann</b>", "Bob"),
                        note="<script>alert(1)</script>"))
    assert add(client, token, gid, 1, 3, 1).status_code == 302
    for path in ("/", "/games", f"/games/{gid}", f"/games/{gid}/history", "/games/stats",
                 f"/games/{gid}/deals/1/edit", f"/games/{gid}/delete"):
        html = client.get(path).get_data(as_text=True)
        assert "<b>Ann" not in html and "<script>alert" not in html, path
        assert "&lt;b&gt;Ann" in html, path


def test_preview_shows_deal_and_new_total_before_saving(client, token):
    gid = started(start(client, token, virgin_doubling="y"))
    add(client, token, gid, 1, 5, 6, 7, 8)  # 4 players: at least 24 bullheads a deal
    posted = add(client, token, gid, 2, 0, 12, 6, 8, action="preview")
    answer = client.get(posted.headers["Location"])  # Post/Redirect/Get: no re-post on reload
    outputs = re.findall(r'<output[^>]*>([^<]*)<', answer.get_data(as_text=True))
    # Ann is the virgin: everyone else's bullheads count double.
    assert outputs == ["counts 0, total 5", "counts 24, total 30",
                       "counts 12, total 19", "counts 16, total 24"]
    assert len(client.get(f"/api/v1/games/{gid}").get_json()["deals"]) == 1


def test_bad_deal_is_refused_with_a_translated_message_and_kept(client, token):
    gid = started(start(client, token))
    client.get("/?lang=de")
    answer = add(client, token, gid, 1, 100, 60, 8, 0)
    assert answer.status_code == 400
    html = answer.get_data(as_text=True)
    assert "168 Hornochsen" in error_of(html) and "167" in error_of(html)
    assert 'value="100"' in html and 'value="60"' in html and 'value="8"' in html


def test_card_entry_with_a_duplicate_card(client, token):
    gid = started(start(client, token))
    answer = add(client, token, gid, 1, mode="cards", **{"cards-0": "55 12", "cards-1": "12"})
    assert answer.status_code == 400
    assert "Card 12" in error_of(answer.get_data(as_text=True))
    assert 'value="55 12"' in answer.get_data(as_text=True)
    cards = {"cards-0": "55 12", "cards-3": "10 20 30 40 50 60"}  # 8 + 18 bullheads
    asked = add(client, token, gid, 1, mode="cards", **cards)
    assert asked.status_code == 200  # Bob and Cas took no cards, or were they forgotten?
    assert "Nothing is entered for Bob and Cas." in asked.get_data(as_text=True)
    ok = add(client, token, gid, 1, mode="cards", confirm="empty", **cards)
    assert ok.status_code == 302
    assert client.get(f"/api/v1/games/{gid}").get_json()["totals"] == {
        "Ann": 8, "Bob": 0, "Cas": 0, "Dirk": 18}


def test_end_is_announced_and_no_more_deals(client, token):
    gid = started(start(client, token))
    add(client, token, gid, 1, 30, 10, 20, 10)
    add(client, token, gid, 2, 36, 2, 0, 2)
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "The game is over." in html
    assert "Bob and Dirk share the win with 12 bullheads each." in html
    # The form stays for the script (a correction can re-open the game), hidden.
    assert 'id="deal-form" class="deal-form" hidden novalidate' in html
    late = add(client, token, gid, 3, 6, 6, 6, 6)
    assert late.status_code == 409 and "has ended" in error_of(late.get_data(as_text=True))


def test_leader_is_named_with_fewest_bullheads_leading(client, token):
    gid = started(start(client, token))
    add(client, token, gid, 1, 10, 1, 7, 6)
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "fewest bullheads leads): Bob with 1." in html


def test_a_stale_page_gets_a_conflict_and_the_next_number(client, token):
    gid = started(start(client, token))
    add(client, token, gid, 1, 6, 6, 6, 6)
    stale = add(client, token, gid, 1, 7, 7, 7, 7)
    assert stale.status_code == 409
    html = stale.get_data(as_text=True)
    assert "has been entered already" in error_of(html)
    assert 'name="number" value="2"' in html and 'value="7"' in html


def test_correction_keeps_history_and_reopens_a_finished_game(client, token):
    gid = started(start(client, token, players=("Ann", "Bob")))
    add(client, token, gid, 1, 70, 3)
    assert "The game is over." in client.get(f"/games/{gid}").get_data(as_text=True)
    form = client.get(f"/games/{gid}/deals/1/edit").get_data(as_text=True)
    assert 'value="70"' in form
    fixed = client.post(f"/games/{gid}/deals/1/edit", data={
        "csrf_token": token, "mode": "bullheads", "bh-0": "7", "bh-1": "3"})
    assert fixed.status_code == 302
    html = shown(client.get(f"/games/{gid}"))
    assert "The game is over." not in html and 'id="deal-form" class="deal-form" novalidate' in html
    history = client.get(f"/games/{gid}/history").get_data(as_text=True)
    assert "Ann: 70" in history and "Ann: 7;" in history
    assert "deal 1 corrected" in history


def test_bad_correction_is_refused_and_kept(client, token):
    gid = started(start(client, token, players=("Ann", "Bob")))
    add(client, token, gid, 1, 5, 3)
    answer = client.post(f"/games/{gid}/deals/1/edit", data={
        "csrf_token": token, "mode": "bullheads", "bh-0": "abc", "bh-1": "3"})
    assert answer.status_code == 400 and 'value="abc"' in answer.get_data(as_text=True)


def test_sheet_shows_entered_and_counted_values_and_a_chart(client, token):
    gid = started(start(client, token, players=("Ann", "Bob"), virgin_doubling="y"))
    add(client, token, gid, 1, 5, 0)
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    cell = r'<span class="entered"><span class="visually-hidden">entered </span>%s</span> ' \
        r'<span class="counted"><span class="visually-hidden">counts </span>%s</span>'
    assert re.search(cell % ("5", "10"), html) and re.search(cell % ("0", "0"), html)
    chart = html.index('<figure class="chart" id="chart">')  # the hand-over QR code is SVG too
    svg = html[chart:html.index("</svg>", chart)]
    assert 'class="threshold"' in svg and "stroke-dasharray" in svg
    assert "style=" not in html
    assert html.count("<polyline") == 2


def test_hand_variant_sheet_shows_stack_and_hand(client, token):
    gid = started(start(client, token, players=("Ann", "Bob"), variant="hand"))
    add(client, token, gid, 1, 3, 0, **{"hand-0": "2", "hand-1": "0"})
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert re.search(r'entered </span>3\+2</span> <span class="counted">'
                     r'<span class="visually-hidden">counts </span>7</span>', html)


def test_fixed_deals_game_from_the_form(client, token):
    gid = started(start(client, token, players=("Ann", "Bob"), end="deals",
                        fixed_deals="1"))
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "0 of 1 deal played." in html
    for lang, one in (("nl", "0 van 1 spelronde gespeeld."), ("de", "0 von 1 Durchgang gespielt.")):
        assert one in client.get(f"/games/{gid}?lang={lang}").get_data(as_text=True)
    three = started(start(client, token, players=("Ann", "Bob"), end="deals",
                          fixed_deals="3"))
    # (the page keeps the language asked last: English last)
    for lang, many in (("nl", "0 van 3 spelrondes gespeeld."),
                       ("de", "0 von 3 Durchgängen gespielt."), ("en", "0 of 3 deals played.")):
        assert many in client.get(f"/games/{three}?lang={lang}").get_data(as_text=True)
    add(client, token, gid, 1, 1, 3)
    assert "Ann wins with 1 bullheads." in client.get(f"/games/{gid}").get_data(as_text=True)


def test_games_list_and_delete_with_confirmation(client, token):
    gid = started(start(client, token, players=("Ann", "Bob")))
    gid2 = started(start(client, token, players=("Cas", "Dirk")))
    add(client, token, gid2, 1, 70, 0)
    listing = client.get("/games").get_data(as_text=True)
    assert listing.index("Ann, Bob") < listing.index("Finished") < listing.index("Cas, Dirk")
    assert "Ann, Bob" in client.get("/").get_data(as_text=True)  # resume from the start page
    confirm = client.get(f"/games/{gid2}/delete").get_data(as_text=True)
    assert "Delete for good" in confirm
    assert client.get(f"/games/{gid2}").status_code == 200  # asking deletes nothing
    assert client.post(f"/games/{gid2}/delete", data={"csrf_token": token}).status_code == 302
    assert client.get(f"/games/{gid2}").status_code == 404
    assert client.post(f"/games/{gid}/delete", data={}).status_code == 400  # no token


def test_unknown_game_pages_are_404(client):
    """A token no game has, and the integer ids games had before, are not found."""
    for path in (f"/games/{MISSING}", f"/games/{MISSING}/history",
                 f"/games/{MISSING}/export.csv", f"/games/{MISSING}/delete", "/games/1",
                 "/games/1/history", "/api/v1/games/1", "/games/" + "9" * 30):
        assert client.get(path).status_code == 404, path


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_pages_render_in_every_language(client, token, lang):
    gid = started(start(client, token))
    add(client, token, gid, 1, 10, 2, 12, 0)
    for path in ("/", "/games", f"/games/{gid}", f"/games/{gid}/history", "/games/stats",
                 "/games/import", f"/games/{gid}/deals/1/edit"):
        answer = client.get(f"{path}?lang={lang}")
        assert answer.status_code == 200 and f'<html lang="{lang}">' in answer.get_data(
            as_text=True), path


def test_odd_digits_are_refused_not_crashed_on(client, token):
    gid = started(start(client, token, players=("Ann", "Bob")))
    answer = add(client, token, gid, 1, "²", "1")
    assert answer.status_code == 400 and "is not a number of bullheads" in error_of(
        answer.get_data(as_text=True))


def test_page_and_api_answer_a_skipped_number_with_the_same_status(client, token):
    """The status comes from the error's type, on the page as in the API (409: the game is
    not where the page thought), and the page then offers the next free number."""
    gid = started(start(client, token))
    skipped = add(client, token, gid, 3, 6, 6, 6, 6)
    assert skipped.status_code == 409
    html = skipped.get_data(as_text=True)
    assert "cannot be added yet" in error_of(html) and 'name="number" value="1"' in html
    answer = client.post(f"/api/v1/games/{gid}/deals", headers={"X-CSRFToken": token}, json={
        "number": 3, "bullheads": {"Ann": 6, "Bob": 6, "Cas": 6, "Dirk": 6}})
    assert answer.status_code == 409


def test_deal_form_keeps_empty_fields_empty_and_asks_before_they_count_as_0(client, token):
    gid = started(start(client, token, players=("Ann", "Bob", "Cas")))
    refused = add(client, token, gid, 1, "", "x", "")
    html = refused.get_data(as_text=True)
    assert refused.status_code == 400 and 'name="bh-0" class="big-number"' in html
    assert re.search(r'id="bh-0" [^>]*value=""', html)
    assert re.search(r'id="bh-1" [^>]*value="x"', html)
    asked = add(client, token, gid, 1, "", "14", "")  # 3 players: 14 at least
    html = asked.get_data(as_text=True)
    assert asked.status_code == 200 and 'id="empty-question"' in html
    assert "Nothing is entered for Ann and Cas. Fill them in, or tick the box if each is 0." in html
    question = html[html.index('id="empty-question"'):]
    assert "virgin" not in question[:question.index("</div>")]  # no Virgin doubling here
    assert re.search(r'id="bh-1" [^>]*value="14"', html)  # what was typed stays
    assert client.get(f"/api/v1/games/{gid}").get_json()["deals"] == []  # nothing saved
    assert add(client, token, gid, 1, "", "14", "", confirm="empty").status_code == 302
    totals = client.get(f"/api/v1/games/{gid}").get_json()["totals"]
    assert totals == {"Ann": 0, "Bob": 14, "Cas": 0}


def test_an_empty_field_with_virgin_doubling_names_the_virgin_and_the_doubling(client, token):
    gid = started(start(client, token, virgin_doubling="y"))  # Ann, Bob, Cas, Dirk
    asked = add(client, token, gid, 1, 10, 9, 8, "")
    html = asked.get_data(as_text=True)
    assert asked.status_code == 200
    assert ("Nothing is entered for Dirk. A 0 makes Dirk a virgin: everyone else's bullheads "
            "in this deal count double. Fill it in, or tick the box if it is 0.") in html
    assert 'value="empty"> Yes, Dirk has 0' in html
    assert client.get(f"/api/v1/games/{gid}").get_json()["deals"] == []
    add(client, token, gid, 1, 10, 9, 8, 0)  # typed: no question
    game = client.get(f"/api/v1/games/{gid}").get_json()
    assert game["totals"] == {"Ann": 20, "Bob": 18, "Cas": 16, "Dirk": 0}


def test_a_correction_with_an_empty_field_is_asked_too(client, token):
    gid = started(start(client, token, players=("Ann", "Bob", "Cas")))
    add(client, token, gid, 1, 5, 9, 0)
    data = {"csrf_token": token, "mode": "bullheads", "bh-0": "5", "bh-1": "", "bh-2": "9"}
    asked = client.post(f"/games/{gid}/deals/1/edit", data=data)
    assert asked.status_code == 200
    assert "Nothing is entered for Bob." in asked.get_data(as_text=True)
    assert client.get(f"/api/v1/games/{gid}").get_json()["deals"][0]["corrections"] == 0
    done = client.post(f"/games/{gid}/deals/1/edit", data={**data, "confirm": "empty"})
    assert done.status_code == 302
    assert client.get(f"/api/v1/games/{gid}").get_json()["totals"] == {"Ann": 5, "Bob": 0, "Cas": 9}


# --- Undo from the score sheet, restore from the history ---


def test_undo_from_the_sheet_and_restore_from_the_history(client, token):
    gid = started(start(client, token, players=("Ann", "Bob")))
    add(client, token, gid, 1, 5, 3)
    add(client, token, gid, 2, 10, 2)
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert f'action="/games/{gid}/deals/2/withdraw"' in html and "Undo deal 2" in html
    assert client.post(f"/games/{gid}/deals/2/withdraw").status_code == 400  # no CSRF token
    answer = client.post(f"/games/{gid}/deals/2/withdraw", data={"csrf_token": token})
    assert answer.status_code == 302
    assert answer.headers["Location"] == f"/games/{gid}"
    html = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert "Deal 2 was undone." in html  # restored right there, or from the history
    assert f'action="/games/{gid}/deals/2/restore"' in html and "Restore deal 2" in html
    assert f'href="/games/{gid}/history#withdrawn"' in html
    assert re.search(r'<tfoot>.*?>5<.*?>3<', html, re.S)  # totals back to deal 1
    assert "Undo deal 1" in html
    history = client.get(f"/games/{gid}/history").get_data(as_text=True)
    assert "deal 2 undone" in history and "deal 2 entered" in history
    assert f'action="/games/{gid}/deals/2/restore"' in history and "Restore deal 2" in history
    answer = client.post(f"/games/{gid}/deals/2/restore", data={"csrf_token": token})
    assert answer.status_code == 302
    html = shown(client.get(f"/games/{gid}"))
    assert re.search(r'<tfoot>.*?>15<.*?>5<', html, re.S) and "was undone" not in html
    assert "deal 2 restored" in client.get(f"/games/{gid}/history").get_data(as_text=True)


def test_undo_refusals_on_the_pages(client, token):
    gid = started(start(client, token, players=("Ann", "Bob")))
    add(client, token, gid, 1, 5, 3)
    add(client, token, gid, 2, 10, 2)
    answer = client.post(f"/games/{gid}/deals/1/withdraw", data={"csrf_token": token})
    assert answer.status_code == 409
    assert "Only the last deal can be undone" in answer.get_data(as_text=True)
    client.post(f"/games/{gid}/deals/2/withdraw", data={"csrf_token": token})
    add(client, token, gid, 2, 2, 2)  # another deal 2 takes the number
    assert "Restore deal 2" not in client.get(f"/games/{gid}/history").get_data(as_text=True)
    answer = client.post(f"/games/{gid}/deals/2/restore", data={"csrf_token": token})
    assert answer.status_code == 409
    assert "Deal 2 cannot be restored" in answer.get_data(as_text=True)
    missing = client.post(f"/games/{MISSING}/deals/1/withdraw", data={"csrf_token": token})
    assert missing.status_code == 404
    # no note once the deal cannot come back
    assert "was undone" not in shown(client.get(f"/games/{gid}"))


@pytest.fixture
def replays(app, monkeypatch):
    """The number of events of each replay of a game's log by the engine, wherever a
    module of the app imported :func:`replay` (under whatever name)."""
    calls: list[int] = []
    original = engine_game.replay

    def counted(settings, events):
        calls.append(len(events))
        return original(settings, events)

    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("scorekeeper"):
            for name, value in list(vars(module).items()):
                if value is original:
                    monkeypatch.setattr(module, name, counted)
    return calls


def test_a_write_and_the_sheet_it_opens_each_replay_the_game_once(client, token, replays):
    """A deal, a correction, an undo and a restore posted from the pages replay the log
    once, inside the write; the sheet the answer redirects to replays it once more."""
    gid = started(start(client, token, players=("Ann", "Bob")))
    add(client, token, gid, 1, 5, 3)
    counts = {}

    def count(what: str, answer) -> str:
        assert answer.status_code == 302, (what, answer.status_code)
        counts[what] = len(replays)
        replays.clear()
        sheet = client.get(answer.headers["Location"])
        assert sheet.status_code == 200
        counts[f"{what}, the sheet"] = len(replays)
        replays.clear()
        return sheet.get_data(as_text=True)

    replays.clear()
    count("deal", add(client, token, gid, 2, 10, 2))
    count("correction", client.post(f"/games/{gid}/deals/2/edit", data={
        "csrf_token": token, "mode": "bullheads", "bh-0": "9", "bh-1": "2"}))
    assert "was undone" in count("undo", client.post(
        f"/games/{gid}/deals/2/withdraw", data={"csrf_token": token}))
    html = count("restore", client.post(f"/games/{gid}/deals/2/restore",
                                        data={"csrf_token": token}))
    assert re.search(r'<tfoot>.*?>14<.*?>5<', html, re.S)  # deal 2 as corrected
    assert counts == dict.fromkeys(counts, 1), counts


@pytest.mark.parametrize("number", ["", "abc", "0", "-1", "²", "1.0", "9" * 12, None])
@pytest.mark.parametrize(("lang", "sentence"), [
    ("en", "The deal number must be a whole number from 1."),
    ("nl", "Het nummer van de spelronde moet een geheel getal vanaf 1 zijn."),
    ("de", "Die Nummer des Durchgangs muss eine ganze Zahl ab 1 sein."),
])
def test_a_deal_without_a_readable_number_is_refused_not_saved_as_the_next(
        client, token, number, lang, sentence):
    """The form's number is read as the API reads it: a missing or unreadable one is a
    refusal, the typed values stay, and the form then offers the next number to save."""
    gid = started(start(client, token, players=("Ann", "Bob")))
    data = {"csrf_token": token, "mode": "bullheads", "action": "save", "bh-0": "4",
            "bh-1": "7"}
    if number is not None:
        data["number"] = number
    answer = client.post(f"/games/{gid}/deals?lang={lang}", data=data)
    assert answer.status_code == 400
    html = answer.get_data(as_text=True)
    assert error_of(html) == sentence
    assert 'id="bh-0" name="bh-0"' in html and 'value="4"' in html and 'value="7"' in html
    assert '<input type="hidden" name="number" value="1">' in html
    assert client.get(f"/api/v1/games/{gid}").get_json()["deals"] == []
    assert add(client, token, gid, 1, 4, 7).status_code == 302
