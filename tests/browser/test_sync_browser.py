"""A game kept on the phone when the server cannot be reached, and two phones that meet
again: nothing saved is lost, nothing lands twice, and a deal both phones entered is
settled by the players, never by the phone alone.

The server is made unreachable three ways, the browser staying online throughout: every
request to it refused by the browser (``route``), its answer lost after it arrived, and
the server process itself stopped (a server of the test's own, restarted on its port).
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page, expect

from tests.browser.deals import begin_correction, enter_deal
from tests.browser.phone import (
    controlled,
    deals,
    every_request,
    kept_game,
    new_game,
    reachable,
    saved,
    sent_back,
    sent_looks,
    server_game,
    tagged_anew,
    token,
    unreachable,
    until,
    until_kept,
)
from tests.conftest import PHONE

ROOT = Path(__file__).resolve().parent.parent.parent
WAITING = re.compile(r"^1 change waits to be sent \(since \d\d:\d\d\)\.")


def play(page: Page, base_url: str, game_id: str, deals: list[tuple[int, ...]]) -> None:
    """Deals entered by another phone, through the JSON interface."""
    headers = {"X-CSRFToken": token(page, base_url)}
    players = server_game(page, base_url, game_id)["players"]
    start = len(server_game(page, base_url, game_id)["deals"]) + 1
    for number, values in enumerate(deals, start=start):
        answer = page.request.post(f"{base_url}/api/v1/games/{game_id}/deals", headers=headers,
                                   data={"number": number, "client_id": f"other-{number}",
                                         "bullheads": dict(zip(players, values, strict=True))})
        assert answer.status == 201, answer.text()


def events(page: Page, base_url: str, game_id: str) -> list[dict]:
    return page.request.get(f"{base_url}/games/{game_id}/export.json").json()["events"]


def open_kept(page: Page, base_url: str, game_id: str) -> None:
    """The sheet, once the worker runs it and the phone keeps the game."""
    page.goto(f"{base_url}/games/{game_id}?lang=en")
    controlled(page)
    until_kept(page, game_id)


# --- A deal saved while the server cannot be reached ---


def test_a_deal_saved_unreachable_survives_reloads_and_a_new_context_and_lands_once(
        browser_type: BrowserType, browser_type_launch_args: dict, tmp_path: Path,
        base_url: str):
    profile = tmp_path / "profile"
    options = {**browser_type_launch_args, "viewport": PHONE, "locale": "en-GB",
               "is_mobile": True, "has_touch": True}
    phone = browser_type.launch_persistent_context(profile, **options)
    page = phone.new_page()
    game_id = new_game(page, base_url, ["Ann", "Bob", "Cas"])
    open_kept(page, base_url, game_id)
    unreachable(phone, base_url)
    started = time.perf_counter()
    enter_deal(page, 1, (8, 4, 2))
    expect(page.locator("tfoot td")).to_have_text(["8", "4", "2"])  # on the sheet at once
    assert time.perf_counter() - started < 5  # no request was waited for
    expect(page.locator("#sync-state")).to_have_text(WAITING)
    row = page.locator("#sheet-frame tbody tr").first
    expect(row).to_have_class("unsent")  # marked on its row: not on the server yet
    expect(page.locator("#deal-title")).to_have_text("Deal 2")
    page.reload()  # the worker's shell, drawn from the phone's storage
    expect(page.locator("tfoot td")).to_have_text(["8", "4", "2"])
    expect(page.locator("#sync-state")).to_have_text(WAITING)
    phone.close()

    phone = browser_type.launch_persistent_context(profile, **options)  # the same phone
    page = phone.pages[0] if phone.pages else phone.new_page()
    unreachable(phone, base_url)
    page.goto(f"{base_url}/games/{game_id}")
    expect(page.locator("tfoot td")).to_have_text(["8", "4", "2"])
    assert server_game(page, base_url, game_id)["deals"] == []  # still only on the phone

    # The server is back, but the first answer is lost on its way: the deal arrived, the
    # phone cannot know, sends it again, and the server keeps it once. (The deal's route
    # is in place before the server is reachable again: the phone may send at once.)
    lost: list[str] = []

    def lose_first_answer(route):
        if not lost:
            lost.append(route.request.post_data_json["client_id"])
            route.fetch()
            route.abort()
        else:
            route.continue_()

    phone.route(f"{base_url}/api/v1/games/{game_id}/deals*", lose_first_answer)
    reachable(phone, base_url)
    page.evaluate("window.dispatchEvent(new Event('online'))")  # or wait for the next try
    saved(page)
    assert lost
    expect(page.locator("#sheet-frame tbody tr").first).not_to_have_class("unsent")
    logged = events(page, base_url, game_id)
    assert [(e["kind"], e["number"], e["client_id"]) for e in logged] == [
        ("deal", 1, lost[0])]
    assert server_game(page, base_url, game_id)["totals"] == {"Ann": 8, "Bob": 4, "Cas": 2}
    phone.close()


def test_a_deal_kept_unreachable_reaches_the_server_from_any_page_of_the_site(
        page: Page, context: BrowserContext, base_url: str):
    """The sheet closed with a deal waiting: the rules page, opened once the server can be
    reached again, sends it (the sync runs on every page, not only on a sheet)."""
    game_id = new_game(page, base_url, ["Ann", "Bob", "Cas"])
    open_kept(page, base_url, game_id)
    unreachable(context, base_url)
    enter_deal(page, 1, (8, 4, 2))
    expect(page.locator("#sync-state")).to_have_text(WAITING)
    page.close()
    reachable(context, base_url)
    assert deals(page, base_url, game_id) == []  # only the phone has it

    rules = context.new_page()
    rules.goto(f"{base_url}/rules?lang=en")
    expect(rules.locator("#sheet-data")).to_have_count(0)  # no sheet, no loop of its own
    for _ in range(100):
        if deals(rules, base_url, game_id):
            break
        rules.wait_for_timeout(100)
    landed = deals(rules, base_url, game_id)
    assert [(d["number"], d["bullheads"]) for d in landed] == [
        (1, {"Ann": 8, "Bob": 4, "Cas": 2})]
    assert [e["state"] for e in kept_game(rules, game_id)["pending"]] in ([], ["sent"])


@pytest.fixture
def own_server(tmp_path: Path):
    """``python -m scorekeeper`` on a free port of 127.0.0.1, with a database of its own;
    ``stop()`` kills it, ``start()`` starts it again on the same port and database."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "SCOREKEEPER_DATABASE": str(tmp_path / "own.sqlite")}
    process: list[subprocess.Popen] = []

    def start() -> None:
        process.append(subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", "--host", "127.0.0.1", "--port", str(port)],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("the server did not start")

    def stop() -> None:
        process[-1].kill()
        process[-1].wait(timeout=10)

    start()

    class Server:
        url = f"http://127.0.0.1:{port}"

    server = Server()
    server.start, server.stop = start, stop
    yield server
    stop()


def test_a_deal_saved_while_the_server_is_stopped_lands_once_it_runs_again(
        page: Page, own_server):
    base_url = own_server.url
    game_id = new_game(page, base_url, ["Ann", "Bob"])
    open_kept(page, base_url, game_id)
    own_server.stop()
    enter_deal(page, 1, (5, 0))
    expect(page.locator("tfoot td")).to_have_text(["5", "0"])
    expect(page.locator("#sync-state")).to_have_text(WAITING)
    page.reload()  # no server at all: the worker's shell, the phone's game
    expect(page.locator("tfoot td")).to_have_text(["5", "0"])
    enter_deal(page, 2, (1, 4))
    own_server.start()
    saved(page)
    logged = events(page, base_url, game_id)
    assert [(e["number"], e["bullheads"]) for e in logged] == [
        (1, {"Ann": 5, "Bob": 0}), (2, {"Ann": 1, "Bob": 4})]
    assert len({e["client_id"] for e in logged}) == 2


def test_two_phones_keep_their_own_languages_when_the_server_stops(
        browser: Browser, own_server):
    """A Dutch and a German phone keep one game, their pages loaded before the worker took
    charge; the server stops while both browsers say they are online. A deal saved then
    and a reload speak each phone's own language, on the sheet and the start page."""
    base_url = own_server.url
    opener = browser.new_context()
    game_id = new_game(opener.new_page(), base_url, ["Anke", "Bram", "Cor"])
    opener.close()
    said = {"nl": ("Spelronde {number} bewaren", "Scoreblad", "1 wijziging wacht om"),
            "de": ("Durchgang {number} speichern", "Punktezettel", "1 Änderung wartet darauf")}
    pages = {}
    for lang, locale in (("nl", "nl-NL"), ("de", "de-DE")):
        context = browser.new_context(viewport=PHONE, locale=locale, is_mobile=True,
                                      has_touch=True)
        pages[lang] = page = context.new_page()
        page.goto(f"{base_url}/games/{game_id}")  # the first page: no worker yet
        expect(page.locator("html")).to_have_attribute("lang", lang)
    enter_deal(pages["nl"], 1, (5, 8, 6), save=said["nl"][0])
    expect(pages["de"].locator("tfoot td")).to_have_text(["5", "8", "6"], timeout=10_000)
    for page in pages.values():
        controlled(page)
        until(page, "() => navigator.onLine")

    own_server.stop()
    enter_deal(pages["de"], 2, (10, 4, 9), save=said["de"][0])
    for lang, page in pages.items():
        page.reload()  # no server at all: the worker's shell, in the phone's language
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator("h1")).to_contain_text(said[lang][1])
        assert page.evaluate("navigator.onLine")
    expect(pages["de"].locator("tfoot td")).to_have_text(["15", "12", "15"])
    expect(pages["de"].locator("#sync-state")).to_contain_text(said["de"][2])
    pages["nl"].goto(f"{base_url}/")
    expect(pages["nl"].locator("html")).to_have_attribute("lang", "nl")

    own_server.start()
    pages["nl"].goto(f"{base_url}/games/{game_id}")
    expect(pages["nl"].locator("tfoot td")).to_have_text(["15", "12", "15"], timeout=20_000)
    assert len(events(pages["nl"], base_url, game_id)) == 2
    for page in pages.values():
        page.context.close()


# --- Two phones that enter deal 4 while apart ---


def phones(browser: Browser, base_url: str, game_id: str) -> tuple[Page, Page]:
    pages = []
    for _ in range(2):
        context = browser.new_context(viewport=PHONE, locale="en-GB", is_mobile=True,
                                      has_touch=True)
        page = context.new_page()
        open_kept(page, base_url, game_id)
        pages.append(page)
    return pages[0], pages[1]


def apart_then_together(browser: Browser, base_url: str, on_first: Callable[[Page], None],
                        on_other: Callable[[Page], None],
                        played: tuple = ((8, 4, 2), (3, 6, 5), (1, 1, 12)),
                        ) -> tuple[Page, Page, str]:
    """Deals 1 to 3 played (or ``played``); both phones lose the server (the first
    offline, the other online with every request failing) and each makes its change; the
    first is back first. Answers both pages and the game's id once the other reaches the
    server again."""
    opener = browser.new_context()
    game_id = new_game(opener.new_page(), base_url, ["Ann", "Bob", "Cas"])
    play(opener.pages[0], base_url, game_id, list(played))
    opener.close()
    first, other = phones(browser, base_url, game_id)
    first.context.set_offline(True)
    unreachable(other.context, base_url)
    on_first(first)
    on_other(other)
    first.context.set_offline(False)
    first.evaluate("window.dispatchEvent(new Event('online'))")
    try:
        saved(first)
    except AssertionError as error:  # a clean-clone run once met this: say whose entries
        kept = [kept_game(page, game_id) for page in (first, other)]
        raise AssertionError(f"{error}\nthe server's log: {events(first, base_url, game_id)}"
                             f"\neach phone's record: {kept}") from error
    reachable(other.context, base_url)
    return first, other, game_id


def deal_4(values: tuple[int, ...]) -> Callable[[Page], None]:
    return lambda page: enter_deal(page, 4, values)


SAME = "The same deal: deal 4 keeps the other phone's bullheads"


@pytest.mark.parametrize(("choice", "deals", "corrected"), [
    (SAME, [(10, 2, 2)], 0),
    ("Another deal: this phone's becomes deal 5", [(10, 2, 2), (2, 9, 3)], 0),
    ("A correction: deal 4 gets this phone's bullheads", [(2, 9, 3)], 1),
])
def test_two_phones_enter_deal_4_apart_and_the_players_choose(
        browser: Browser, base_url: str, choice: str, deals: list, corrected: int):
    first, other, game_id = apart_then_together(
        browser, base_url, deal_4((10, 2, 2)), deal_4((2, 9, 3)))
    conflict = other.locator(".conflict")
    expect(conflict).to_contain_text("Another phone entered deal 4 first, with other bullheads.",
                                     timeout=20_000)
    rows = conflict.locator("tbody tr")
    expect(rows.nth(0).locator("td")).to_have_text(["2", "10"])  # this phone, the other
    expect(rows.nth(1).locator("td")).to_have_text(["9", "2"])
    expect(other.locator("#sync-state")).to_have_text(
        "Not everything is on the server yet: a choice waits for you below the deals.")
    buttons = conflict.locator("button")
    expect(buttons.first).to_have_text(SAME)  # the safest choice first, drawn as the one to tap
    assert buttons.first.get_attribute("class") is None
    for button in buttons.all()[1:]:
        expect(button).to_have_class("secondary")
    for button in buttons.all():
        box = button.bounding_box()
        assert box and box["height"] >= 44
    expect(other.locator("tfoot td")).to_have_text(["22", "13", "21"])  # theirs, not both
    disputed = other.locator("#sheet-frame tbody tr").nth(3)  # the row says whose it shows
    expect(disputed).to_have_class("disputed")
    expect(other.locator("#disputed-legend")).to_have_text(
        "! marks deal 4: it shows the other phone's bullheads until you choose below.")
    sent_looks(other, game_id)  # the sync keeps running: nothing moves without a tap
    assert len(server_game(other, base_url, game_id)["deals"]) == 4

    conflict.get_by_role("button", name=choice).click()
    saved(other)
    # The players' own choice is theirs, not another phone's change.
    expect(other.locator("#sync-state")).to_have_text("All saved.")
    game = server_game(other, base_url, game_id)
    fourth = [list(d["bullheads"].values()) for d in game["deals"][3:]]
    assert fourth == [list(d) for d in deals]
    assert [d["corrections"] for d in game["deals"][3:]] == [corrected] * len(deals)
    assert len(events(other, base_url, game_id)) == 3 + len(deals) + corrected
    totals = [str(v) for v in game["totals"].values()]
    expect(other.locator("tfoot td")).to_have_text(totals)
    expect(first.locator("tfoot td")).to_have_text(totals, timeout=5000)  # and on the first
    expect(other.locator(".conflict")).to_have_count(0)


def test_a_deal_typed_while_a_conflict_waits_follows_this_phones_own_deals(
        browser: Browser, base_url: str):
    """Deal 1 played; the first phone enters deal 2, the other deals 2 and 3 while apart.
    The other phone's deal 2 is held beside the first's; its own deal 3 is still on its
    sheet (marked: not on the server yet), so the form offers deal 4, and the deal typed
    there follows it. "Another deal" then makes them 3, 4 and 5: nothing lost or
    doubled, and no second question that calls this phone's own deal another phone's."""
    def other_phone(page: Page) -> None:
        enter_deal(page, 2, (6, 9, 4))
        enter_deal(page, 3, (3, 12, 7))

    first, other, game_id = apart_then_together(
        browser, base_url, lambda page: enter_deal(page, 2, (10, 4, 9)), other_phone,
        played=((5, 8, 6),))
    conflict = other.locator(".conflict")
    expect(conflict).to_contain_text("Another phone entered deal 2 first", timeout=20_000)
    expect(conflict.locator("td.theirs")).to_have_text(["10", "4", "9"])  # the first phone's
    expect(conflict.locator("td.mine")).to_have_text(["6", "9", "4"])
    # Where the player looks: brought into view, its title and its choices on screen.
    expect(conflict.locator(".conflict-title")).to_be_in_viewport(ratio=1)
    expect(conflict.locator("button").first).to_be_in_viewport(ratio=1)
    rows = other.locator("#sheet-frame tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.nth(1)).to_have_class("disputed")  # row 2 shows the first phone's values
    expect(rows.nth(2)).to_have_class("unsent")  # this phone's deal 3, still on its sheet
    expect(rows.nth(2).locator("td")).to_have_text(["3", "12", "7"])
    expect(other.locator("#unsent-legend")).to_contain_text("not on the server yet")
    expect(other.locator("tfoot td")).to_have_text(["18", "24", "22"])  # 5+10+3, 8+4+12, 6+9+7
    expect(other.locator("#deal-title")).to_have_text("Deal 4")

    enter_deal(other, 4, (7, 8, 6))  # typed while the question waits
    expect(rows).to_have_count(4)
    expect(rows.nth(3)).to_have_class("unsent")
    expect(other.locator("tfoot td")).to_have_text(["25", "32", "28"])
    sent_looks(other, game_id)  # nothing is sent behind the question
    assert len(server_game(other, base_url, game_id)["deals"]) == 2

    conflict.get_by_role("button", name="Another deal: this phone's becomes deal 3").click()
    saved(other)
    expect(other.locator(".conflict")).to_have_count(0)  # no second question
    expect(other.locator("#sheet-frame tbody tr.unsent")).to_have_count(0)
    game = server_game(other, base_url, game_id)
    assert [list(d["bullheads"].values()) for d in game["deals"]] == [
        [5, 8, 6], [10, 4, 9], [6, 9, 4], [3, 12, 7], [7, 8, 6]]
    logged = events(other, base_url, game_id)
    assert [(e["kind"], e["number"]) for e in logged] == [("deal", n) for n in range(1, 6)]
    assert len({e["client_id"] for e in logged}) == 5
    totals = [str(v) for v in game["totals"].values()]
    assert totals == ["31", "41", "32"]  # by hand: 5+10+6+3+7, 8+4+9+12+8, 6+9+4+7+6
    expect(other.locator("tfoot td")).to_have_text(totals)
    expect(first.locator("tfoot td")).to_have_text(totals, timeout=5000)


def test_two_phones_that_corrected_a_deal_alike_settle_by_themselves(
        browser: Browser, base_url: str):
    _, other, game_id = apart_then_together(
        browser, base_url, lambda page: correct_deal(page, 1, (7, 4, 3)),
        lambda page: correct_deal(page, 1, (7, 4, 3)))
    other.evaluate("window.dispatchEvent(new Event('online'))")  # its next try: now
    expect(other.locator("#sync-notices")).to_have_text(
        "Deal 1 was corrected on both phones to the same bullheads: the correction counts once.",
        timeout=5000)
    expect(other.locator(".conflict")).to_have_count(0)
    saved(other)
    game = server_game(other, base_url, game_id)
    assert list(game["deals"][0]["bullheads"].values()) == [7, 4, 3]
    assert game["deals"][0]["corrections"] == 1
    assert [e["kind"] for e in events(other, base_url, game_id)] == ["deal"] * 3 + ["correction"]


def test_two_phones_that_typed_the_same_deal_make_one_deal_and_say_so(
        browser: Browser, base_url: str):
    _, other, game_id = apart_then_together(
        browser, base_url, deal_4((10, 2, 2)), deal_4((10, 2, 2)))
    expect(other.locator("#sync-notices")).to_have_text(
        "Deal 4 was entered on both phones with the same values: it counts once.",
        timeout=20_000)
    expect(other.locator(".conflict")).to_have_count(0)
    saved(other)
    assert len(server_game(other, base_url, game_id)["deals"]) == 4
    assert len(events(other, base_url, game_id)) == 4


def test_an_empty_field_asked_while_the_other_phone_saves_a_deal(browser: Browser,
                                                                  base_url: str):
    """One phone asks about an empty field while the other phone saves that deal number:
    the other's deal shows, what was typed and the question stay, beside the word that
    another phone entered that deal; the 0 confirmed once, the players choose "the next
    deal", and both deals land once, the empty field never asked again."""
    opener = browser.new_context()
    game_id = new_game(opener.new_page(), base_url, ["Ann", "Bob", "Cas"], virgin_doubling=True)
    opener.close()
    first, other = phones(browser, base_url, game_id)
    for seat, value in enumerate(("10", "9")):
        first.fill(f"#bh-{seat}", value)
    first.get_by_role("button", name="Save deal 1").click()
    question = first.locator("#empty-question")
    expect(question).to_contain_text("Nothing is entered for Cas.")

    enter_deal(other, 1, (8, 4, 12))
    expect(first.locator("tfoot td")).to_have_text(["8", "4", "12"], timeout=10_000)
    expect(first.locator("#deal-form")).to_contain_text("Another phone has entered deal 1")
    expect(question).to_contain_text("Nothing is entered for Cas.")
    expect(first.locator("#bh-0")).to_have_value("10")
    expect(first.locator("#bh-1")).to_have_value("9")
    expect(first.locator("#bh-2")).to_have_value("")
    first.get_by_label("Yes, Cas has 0").check()
    first.get_by_role("button", name="Save deal 1").click()
    conflict = first.locator(".conflict")
    expect(conflict).to_contain_text("Another phone entered deal 1 first", timeout=20_000)
    expect(conflict.locator("td.mine")).to_have_text(["10", "9", "0"])
    expect(first.locator("#empty-question")).to_have_count(0)
    conflict.get_by_role("button", name="Another deal: this phone's becomes deal 2").click()
    saved(first)
    expect(first.locator(".conflict")).to_have_count(0)
    # By hand: deal 2 has Cas at 0, a virgin, so Ann's 10 and Bob's 9 count double.
    expect(first.locator("tfoot td")).to_have_text(["28", "22", "12"])
    expect(other.locator("tfoot td")).to_have_text(["28", "22", "12"], timeout=10_000)
    game = server_game(first, base_url, game_id)
    assert [list(d["bullheads"].values()) for d in game["deals"]] == [[8, 4, 12], [10, 9, 0]]
    assert len(events(first, base_url, game_id)) == 2
    first.context.close()
    other.context.close()


# --- The word on the browser's storage: once, calmly, where it applies ---


def test_the_storage_word_is_said_once_as_a_hint_and_never_beside_a_question(
        browser: Browser, base_url: str):
    """A browser that will not promise to keep the phone's storage: the sheet says so as a
    plain hint under its state line while something waits, not in the state line, not
    beside a question to the players, and not again once it has been said."""
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    context.add_init_script("navigator.storage.persist = async () => false;")
    page = context.new_page()
    game_id = new_game(page, base_url, ["Ann", "Bob", "Cas"])
    open_kept(page, base_url, game_id)
    unreachable(context, base_url)
    enter_deal(page, 1, (8, 4, 2))
    word = page.locator("#sync-storage")
    expect(word).to_be_visible()
    expect(word).to_have_text(re.compile(r"^Good to know: this browser may clear what it keeps"))
    expect(word).to_have_class(re.compile(r"\bhint\b"))
    expect(page.locator("#sync-state")).to_have_text(WAITING)  # the state line is the state

    play(page, base_url, game_id, [(2, 2, 10)])  # another phone takes deal 1 meanwhile
    reachable(context, base_url)
    expect(page.locator(".conflict")).to_be_visible(timeout=20_000)
    expect(word).to_be_hidden()  # never beside a question

    page.locator(".conflict button").first.click()  # theirs stands
    saved(page)
    unreachable(context, base_url)
    enter_deal(page, 2, (5, 5, 5))
    expect(page.locator("#sync-state")).to_have_text(WAITING)
    expect(word).to_be_hidden()  # said once on this page: not again
    context.close()


# --- A game that ends without the server ---


def regions(page: Page) -> dict[str, str]:
    """The sheet's text, region by region, its spaces as a reader sees them."""
    def text(selector: str) -> str:
        return " ".join(page.locator(selector).inner_text().split())

    chart = page.locator("#chart").inner_html()
    return {"status": text("#status"), "finished": text("#finished"), "sheet": text("#sheet"),
            "chart": text("#chart"), "deal": page.locator("#deal-form").is_visible(),
            "svg": re.sub(r"\s+", " ", chart.replace(' xmlns="http://www.w3.org/2000/svg"', ""))
            .replace("> <", "><").strip()}


def test_a_game_that_reaches_66_offline_ends_there_and_reads_as_the_servers_sheet(
        page: Page, browser: Browser, base_url: str):
    game_id = new_game(page, base_url, ["Ann", "Bob", "Cas", "Dirk", "Eva"],
                       virgin_doubling=True)
    open_kept(page, base_url, game_id)
    unreachable(page.context, base_url)
    for number, values in enumerate([(10, 5, 0, 9, 12), (12, 3, 4, 5, 10), (34, 9, 9, 9, 9)], 1):
        enter_deal(page, number, values)
    status = page.locator("#status")
    expect(status).to_contain_text("The game is over.")
    expect(status).to_contain_text("Cas wins with 13 bullheads.")  # Ann 20 + 12 + 34 = 66
    expect(page.locator("#deal-form")).to_be_hidden()
    expect(page.get_by_role("button", name="New game, same players")).to_be_visible()
    expect(page.get_by_role("link", name="Log in BG Stats")).to_be_visible()
    expect(page.locator("#standings tbody tr").first).to_have_class("winner")

    reachable(page.context, base_url)
    saved(page)
    assert server_game(page, base_url, game_id)["finished"] is True
    mine = regions(page)
    reader = browser.new_context(viewport=PHONE, locale="en-GB", java_script_enabled=False)
    plain = reader.new_page()
    plain.goto(f"{base_url}/games/{game_id}?lang=en")
    assert regions(plain) == mine
    reader.close()


# --- Two phones that correct one deal while apart ---


def correct_deal(page: Page, number: int, values: tuple[int, ...]) -> None:
    """Tap deal ``number``'s number on the sheet, type the values, save the correction."""
    begin_correction(page, number)
    for seat, value in enumerate(values):
        page.fill(f"#bh-{seat}", str(value))
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator("#deal-title")).not_to_have_text(f"Correct deal {number}")


@pytest.mark.parametrize(("choice", "kept"), [
    ("Deal 2 keeps the other phone's bullheads", (2, 12, 2)),
    ("Deal 2 gets this phone's bullheads", (12, 2, 2))])
def test_two_phones_correct_one_deal_apart_and_the_second_is_asked(
        browser: Browser, base_url: str, choice: str, kept: tuple[int, ...]):
    first, other, game_id = apart_then_together(
        browser, base_url, lambda page: correct_deal(page, 2, (2, 12, 2)),
        lambda page: correct_deal(page, 2, (12, 2, 2)))

    conflict = other.locator(".conflict")
    expect(conflict).to_contain_text("Another phone corrected deal 2 too, to other bullheads.",
                                     timeout=20_000)
    rows = conflict.locator("tbody tr")
    expect(rows.nth(0).locator("td")).to_have_text(["12", "2"])  # this phone, the other
    expect(rows.nth(1).locator("td")).to_have_text(["2", "12"])
    expect(conflict.locator("button").first).to_have_text(
        "Deal 2 keeps the other phone's bullheads")
    sent_looks(other, game_id)  # nothing is sent without the players' choice
    game = server_game(other, base_url, game_id)
    assert list(game["deals"][1]["bullheads"].values()) == [2, 12, 2]
    assert game["deals"][1]["corrections"] == 1

    conflict.get_by_role("button", name=choice).click()
    saved(other)
    game = server_game(other, base_url, game_id)
    assert list(game["deals"][1]["bullheads"].values()) == list(kept)
    corrections = 2 if "gets" in choice else 1
    assert game["deals"][1]["corrections"] == corrections  # both stay in the history
    assert len(events(other, base_url, game_id)) == 3 + corrections
    totals = [str(v) for v in game["totals"].values()]
    expect(other.locator("tfoot td")).to_have_text(totals)
    expect(first.locator("tfoot td")).to_have_text(totals, timeout=5000)
    expect(other.locator(".conflict")).to_have_count(0)


# --- A refusal the players cannot settle ---


def test_a_correction_of_a_closed_rounds_game_is_shown_refused_not_waiting(
        page: Page, base_url: str):
    """A club event's table game: once the director seats the next round, its deals take
    corrections only with the director's key. The phone's correction is kept on the sheet
    as refused, in the server's words, and leaves when the players leave it out."""
    headers = {"X-CSRFToken": token(page, base_url)}
    made = page.request.post(f"{base_url}/api/v1/events", headers=headers, data={
        "name": "Clubavond", "players": [f"P{n}" for n in range(1, 9)], "rounds": 2,
        "seed": 7, "fixed_deals": 1}).json()
    director = {**headers, "X-Director-Key": made["director_key"]}
    seated = page.request.post(f"{base_url}/api/v1/events/{made['id']}/rounds", headers=director)
    tables = seated.json()["tables"]
    game_id = tables[0]["game"]
    open_kept(page, base_url, game_id)
    enter_deal(page, 1, (8, 4, 6, 6))
    expect(page.locator("tfoot td")).to_have_text(["8", "4", "6", "6"])  # drawn, then sent
    saved(page)
    answer = page.request.post(f"{base_url}/api/v1/games/{tables[1]['game']}/deals",
                               headers=headers, data={"number": 1, "bullheads": dict(
                                   zip(tables[1]["players"], (4, 6, 3, 12), strict=True))})
    assert answer.status == 201, answer.text()
    second = page.request.post(f"{base_url}/api/v1/events/{made['id']}/rounds", headers=director)
    assert second.status == 201, second.text()  # round 1 is over
    page.reload()  # the table's sheet, drawn by the phone, says so and offers no game outside
    expect(page.locator("#kept-closed")).to_have_text(
        "Event round 1 of “Clubavond” is over: only the event's director can change the game "
        "of table 1 now.")
    expect(page.locator("#status")).not_to_contain_text("Correcting a deal can re-open")
    expect(page.get_by_role("button", name="New game, same players")).to_have_count(0)
    expect(page.locator("#event-link")).to_have_attribute("href", f"/events/{made['id']}")

    correct_deal(page, 1, (4, 8, 6, 6))
    conflict = page.locator(".conflict")
    expect(conflict).to_contain_text("The server did not take this: Event round 1 of "
                                     "“Clubavond” is over", timeout=20_000)
    players = server_game(page, base_url, game_id)["players"]
    expect(conflict.locator(".queue-deal")).to_have_text(" · ".join(
        ["Correction of deal 1"] + [f"{name} {value}" for name, value
                                    in zip(players, (4, 8, 6, 6), strict=True)]))
    expect(page.locator("#sync")).to_have_attribute("data-state", "held")
    expect(page.locator("#sync-state")).to_contain_text("Not everything is on the server")
    sent_looks(page, game_id)  # it is not sent again by itself
    assert server_game(page, base_url, game_id)["deals"][0]["corrections"] == 0
    conflict.get_by_role("button", name="Leave it out").click()
    saved(page)
    expect(page.locator("tfoot td")).to_have_text(["8", "4", "6", "6"])
    expect(page.locator(".conflict")).to_have_count(0)


def test_two_phones_on_one_game_each_send_back_the_servers_own_tag(browser: Browser,
                                                                    base_url: str):
    """Two phones keeping one game against a server whose tags are not bare versions:
    each sees the other's deals, and every ask of each sends back the tag the server last
    answered it. The phones kept this server's bare tag from before the other's came in:
    answered 304 under the new spelling, they send that from then on."""
    opener = browser.new_context()
    game_id = new_game(opener.new_page(), base_url, ["Ann", "Bob", "Cas"])
    play(opener.pages[0], base_url, game_id, [(8, 4, 2)])
    opener.close()
    path = f"/api/v1/games/{game_id}"
    first, other = phones(browser, base_url, game_id)
    asks = {page: tagged_anew(page.context, base_url, path, lambda: "2026-11-27T20:01:00Z")
            for page in (first, other)}
    enter_deal(first, 2, (3, 6, 5))
    expect(other.locator("tfoot td")).to_have_text(["11", "10", "7"], timeout=10_000)
    enter_deal(other, 3, (1, 1, 12))
    expect(first.locator("tfoot td")).to_have_text(["12", "11", "19"], timeout=10_000)
    for page in (first, other):
        saved(page)
        sent_looks(page, game_id, 2)
        assert sent_back(asks[page]), asks[page]
        assert asks[page][-1][1:] in (('"3.2026-11-27T20:01:00Z"', 304),
                                      ('W/"3.2026-11-27T20:01:00Z"', 304)), asks[page]
    assert [e["number"] for e in events(first, base_url, game_id)] == [1, 2, 3]
    first.context.close()
    other.context.close()


#: Forget the tag the phone keeps for a game, as a record written before tags would hold.
UNTAG = """(id) => new Promise((resolve, reject) => {
  const open = indexedDB.open("scorekeeper-games");
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const store = open.result.transaction("games", "readwrite").objectStore("games");
    const all = store.getAll();
    all.onsuccess = () => {
      const record = all.result.find((r) => r.id === id);
      record.etag = null;
      store.put(record).onsuccess = () => { open.result.close(); resolve(true); };
    };
  };
})"""


def test_a_sheet_opened_from_the_servers_page_first_asks_with_the_pages_tag(
        browser: Browser, base_url: str):
    """The server's page hands the phone the tag the game's JSON answers with: a phone
    that never saw the game sends it back on its first look and is answered 304 (no log
    fetched, nothing written); once another phone adds a deal, the look is a 200 and the
    sheet follows."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    game_id = new_game(page, base_url, ["Ann", "Bob", "Cas"])
    play(page, base_url, game_id, [(8, 4, 2), (3, 6, 5)])
    page.add_init_script(ASKS)  # the page's requests, with If-None-Match and status
    page.goto(f"{base_url}/games/{game_id}?lang=en")
    tag = page.evaluate("JSON.parse(document.getElementById('sheet-data').textContent)"
                        ".game.etag.tag")
    assert re.fullmatch(r'"2\.[^"]+"', tag), tag  # strong: one page whatever its encoding
    until_kept(page, game_id)
    looks = answered_looks(page, game_id, 2)
    assert looks[0] == (tag, 304), looks  # answered W/"2...." when gzipped: the same tag
    assert looks[1] == (tag, 304), looks  # kept as it was: no write for the spelling
    assert kept_game(page, game_id)["etag"] == {"tag": tag, "version": 2}
    # A phone that keeps the same log without its tag takes the page's too. The tag is
    # taken away on a page that runs no sync, which would put it back with its next look.
    page.goto(f"{base_url}/healthz")
    assert page.evaluate(UNTAG, game_id)
    assert kept_game(page, game_id)["etag"] is None
    page.goto(f"{base_url}/games/{game_id}?lang=en")
    until_kept(page, game_id, "etag")
    looks = answered_looks(page, game_id, 1)
    assert looks[0] == (tag, 304), looks
    play(page, base_url, game_id, [(1, 1, 12)])
    expect(page.locator("tfoot td")).to_have_text(["12", "11", "19"], timeout=10_000)
    looks = [(a["tag"], a["status"]) for a in looks_at(page, game_id)]
    assert (tag, 200) in looks, looks
    context.close()


# --- Asking the server: every 0.8 s while visible, 304 while nothing moved ---
#
# These run on the page's own clock, installed by Playwright and stepped by the test, so
# "every 0.8 s" and "nothing for 4 s" are exact and take no waiting.

VISIBILITY = """(state) => {
  Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}"""

#: Every request the page's scripts make, with the page's (stepped) time it was made at,
#: its If-None-Match and, once answered, its status. ``window.busy`` counts what the page
#: waits for other than its clock: requests and their bodies, IndexedDB transactions.
ASKS = """(() => {
  window.asks = [];
  window.busy = 0;
  const until = (promise) => {
    window.busy += 1;
    return promise.finally(() => { window.busy -= 1; });
  };
  const send = window.fetch;
  window.fetch = function (input, init = {}) {
    const ask = { at: Date.now(), url: String(input.url ?? input), method: init.method ?? "GET",
                  tag: (init.headers ?? {})["If-None-Match"] ?? null, status: null };
    window.asks.push(ask);
    return until(send.call(this, input, init).then((answer) => {
      ask.status = answer.status;
      const json = answer.json.bind(answer);
      answer.json = () => until(json());
      return answer;
    }));
  };
  const begin = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (...args) {
    const transaction = begin.apply(this, args);
    until(new Promise((end) => {
      for (const kind of ["complete", "error", "abort"]) transaction.addEventListener(kind, end);
    }));
    return transaction;
  };
})()"""


#: The page's GETs of the game's JSON so far (its looks at the server), by the game's path.
LOOKS = """(path) => window.asks.filter((a) => a.method === "GET"
  && new URL(a.url, location.href).pathname === path)"""


def looks_at(page: Page, game_id: str) -> list[dict]:
    """The page's looks at the game so far."""
    return page.evaluate(LOOKS, f"/api/v1/games/{game_id}")


def answered_looks(page: Page, game_id: str, count: int) -> list[tuple[str | None, int]]:
    """The page's looks at the game (the tag sent, the status), once ``count`` of them
    have their answer."""
    page.wait_for_function(f"""([path, count]) => ({LOOKS})(path)
        .filter((a) => a.status !== null).length >= count""",
                           arg=[f"/api/v1/games/{game_id}", count], timeout=20_000)
    return [(a["tag"], a["status"]) for a in looks_at(page, game_id)]


def step(page: Page, milliseconds: int) -> None:
    """Move the page's clock on by ``milliseconds``, 100 at a time, each time waiting until
    the page waits for nothing but its clock."""
    for _ in range(milliseconds // 100):
        page.clock.run_for(100)
        page.wait_for_function("() => window.busy === 0")


def step_until(page: Page, game_id: str, looks: int) -> list[dict]:
    """Step the page's clock until it has looked at the game ``looks`` times (at most a
    minute of its time)."""
    for _ in range(600):
        seen = looks_at(page, game_id)
        if len(seen) >= looks:
            return seen
        step(page, 100)
    raise AssertionError(f"{len(seen)} looks at the game in a minute, not {looks}")


def test_the_sheet_asks_every_0_8_s_with_its_version_and_not_while_hidden(
        page: Page, base_url: str):
    game_id = new_game(page, base_url, ["Ann", "Bob"])
    play(page, base_url, game_id, [(5, 19)])
    page.add_init_script(ASKS)
    page.clock.install()
    page.goto(f"{base_url}/games/{game_id}?lang=en")
    saved(page)
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)  # from here the test moves time
    step(page, 800)  # whatever was under way has finished
    since = len(looks_at(page, game_id))
    step(page, 4000)
    seen = looks_at(page, game_id)[since:]
    assert len(seen) == 5, seen  # every 0.8 s of the page's time
    # the server's own tag for version 1 (its version and its last entry's time; W/ when
    # gzip-compressed), sent back as it came
    assert re.fullmatch(r'(W/)?"1\.[^"]+"', seen[0]["tag"]), seen
    assert all(ask["tag"] == seen[0]["tag"] and ask["status"] == 304 for ask in seen), seen
    gaps = [b["at"] - a["at"] for a, b in zip(seen, seen[1:], strict=False)]
    assert gaps == [800] * 4, gaps

    page.evaluate(VISIBILITY, "hidden")
    step(page, 800)  # a look already under way is answered
    hidden_from = len(looks_at(page, game_id))
    step(page, 10_000)
    assert len(looks_at(page, game_id)) == hidden_from  # a hidden sheet asks nothing
    play(page, base_url, game_id, [(9, 15)])
    page.evaluate(VISIBILITY, "visible")  # asked at once, and the other phone's deal shows
    expect(page.locator("tfoot td")).to_have_text(["14", "34"])
    first = looks_at(page, game_id)[hidden_from]
    assert re.fullmatch(r'(W/)?"1\.[^"]+"', first["tag"]) and first["status"] == 200, first


#: ``indexedDB.databases()`` held until the test calls ``releaseDatabases()``: pwa.js asks
#: it before it joins the page's sync (game/database.js), so the test chooses when it joins.
HELD_DATABASES = """(() => {
  const ask = indexedDB.databases.bind(indexedDB);
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  window.releaseDatabases = release;
  indexedDB.databases = () => held.then(ask);
})()"""


def test_pwa_joining_the_sheets_sync_after_its_first_round_adds_no_round(
        page: Page, base_url: str):
    game_id = new_game(page, base_url, ["Ann", "Bob"])
    play(page, base_url, game_id, [(5, 19)])
    page.goto(f"{base_url}/games/{game_id}?lang=en")
    saved(page)  # the phone keeps the game: pwa.js will join the sync on the next page
    page.add_init_script(ASKS)
    page.add_init_script(HELD_DATABASES)
    page.clock.install()
    page.reload()
    saved(page)
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)  # from here the test moves time
    step(page, 800)  # the sheet's loop has looked and sleeps until its next round
    since = len(looks_at(page, game_id))
    # pwa.js goes on: it learns that the phone keeps games, imports the sync and joins
    # the loop; this waits for the same answer and the same module after it.
    page.evaluate("""async (sync) => {
      window.releaseDatabases();
      await indexedDB.databases();
      await import(sync);
    }""", "/static/js/game/sync.js")
    page.wait_for_function("() => window.busy === 0")
    assert len(looks_at(page, game_id)) == since  # the join woke no round
    step(page, 800)
    assert len(looks_at(page, game_id)) == since + 1  # the loop runs on, every 0.8 s


def test_the_sheet_sends_back_the_servers_own_tag_whatever_it_is_made_of(
        browser: Browser, base_url: str):
    """A server whose tags are not bare versions: the sheet sends back in If-None-Match
    exactly the ETag the server last answered, so nothing moved is a 304; a new deal of
    another phone, and a game that changed under the same version (its tag's stamp
    moved), fetch the log."""
    context = browser.new_context(viewport=PHONE, locale="en-GB", is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    game_id = new_game(page, base_url, ["Ann", "Bob"])
    play(page, base_url, game_id, [(5, 19)])
    stamps = ["2026-11-27T20:01:00Z"]
    asks = tagged_anew(context, base_url, f"/api/v1/games/{game_id}", lambda: stamps[-1])
    logs: list[str] = []
    page.on("request", lambda r: logs.append(r.url) if r.url.endswith(
        f"/games/{game_id}/export.json") else None)
    open_kept(page, base_url, game_id)
    saved(page)
    sent_looks(page, game_id, 4)
    assert asks[0][1] is not None and asks[0][1].endswith(f'1.{stamps[-1]}"'), asks
    assert sent_back(asks)
    assert [status for _, _, status in asks[1:]] == [304] * (len(asks) - 1), asks

    play(page, base_url, game_id, [(9, 15)])  # another phone's deal: 200, the log fetched
    expect(page.locator("tfoot td")).to_have_text(["14", "34"], timeout=10_000)
    sent_looks(page, game_id, 3)
    moved = next(i for i, ask in enumerate(asks) if ask[2] == 200 and i > 0)
    assert asks[moved][1].endswith(f'2.{stamps[-1]}"')
    assert sent_back(asks), asks
    assert asks[-1][2] == 304

    fetched = len(logs)
    stamps.append("2026-11-27T20:09:00Z")  # the same version, another game: put back
    sent_looks(page, game_id, 3)
    assert len(logs) > fetched  # the log fetched again though the version did not move
    changed = next(i for i, ask in enumerate(asks) if ask[1].endswith(f'.{stamps[-1]}"'))
    assert asks[changed][2] == 200 and asks[changed][0].endswith(f'.{stamps[0]}"')
    assert asks[-1] == (asks[changed][1], asks[changed][1], 304)  # quiet again

    # The tag is kept with the game: a reload sends it at once, and nothing moved is a 304.
    before = len(asks)
    page.reload()
    sent_looks(page, game_id, 2)
    assert asks[before] == (asks[before - 1][1], asks[before - 1][1], 304), asks[before - 1:]

    # The server unreachable while the browser says online, another phone writing meanwhile:
    # once it answers again, the sheet sends back the last tag it had and gets the deal.
    cut = every_request(base_url)
    refuse = lambda route: route.abort()  # noqa: E731
    context.route(cut, refuse)  # the newer route answers first
    last, before = asks[-1][1], len(asks)
    play(page, base_url, game_id, [(2, 30)])
    with page.expect_event("requestfailed", lambda r: f"/api/v1/games/{game_id}" in r.url,
                           timeout=20_000):
        pass  # the sheet asked meanwhile and heard nothing
    context.unroute(cut, refuse)
    expect(page.locator("tfoot td")).to_have_text(["16", "64"], timeout=10_000)
    assert asks[before][0] == last and asks[before][2] == 200, asks[before - 1:]
    assert sent_back(asks), asks
    context.close()


def test_a_quiet_sheet_reads_only_its_own_game_between_changes(page: Page, base_url: str):
    """With nothing to send, each look at the server reads the game on screen, not every
    game the phone keeps; a save still goes out at once."""
    page.add_init_script("""(() => {
        const getAll = IDBObjectStore.prototype.getAll;
        window.readsOfAll = 0;
        IDBObjectStore.prototype.getAll = function (...args) {
            window.readsOfAll += 1;
            return getAll.apply(this, args);
        };
    })()""")
    page.add_init_script(ASKS)
    page.clock.install()
    for players in (["Ann", "Bob"], ["Cas", "Dirk"]):  # another game kept on the phone too
        open_kept(page, base_url, new_game(page, base_url, players))
    game_id = re.search(r"/games/([0-9a-f]{20})", page.url).group(1)
    saved(page)
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    looks = len(step_until(page, game_id, 2))  # a whole round after the save
    before = page.evaluate("window.readsOfAll")
    step_until(page, game_id, looks + 4)  # the sheet kept looking at the server
    assert page.evaluate("window.readsOfAll") == before
    enter_deal(page, 1, (5, 0))
    saved(page)
    assert [e["bullheads"] for e in events(page, base_url, game_id)] == [{"Cas": 5, "Dirk": 0}]
