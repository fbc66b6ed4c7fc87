"""Everything a score sheet does, without the server: a game started in any shape, cards
tapped, a deal corrected, undone and restored, the end, "new game, same players", the
evening, the two files; then the server gets all of it, once. And what a finished game
hands out: its BG Stats link, the same as the server's page, and the shared result."""

from __future__ import annotations

import hashlib
import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit
from zoneinfo import ZoneInfo

from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.deals import begin_correction, enter_deal
from tests.browser.phone import (
    SHEET,
    controlled,
    kept,
    new_game,
    offline_start_form,
    saved,
    server_game,
    token,
    unreachable,
)
from tests.conftest import PHONE


def download(page: Page, link: str) -> str:
    with page.expect_download() as downloaded:
        page.get_by_role("link", name=link).click()
    return Path(downloaded.value.path()).read_bytes().decode("utf-8")


def test_a_whole_evening_without_the_server(page: Page, context: BrowserContext, base_url: str):
    offline_start_form(page, context, base_url, ["Ann", "Bob", "Cas"])
    page.fill("#threshold", "60")
    page.check("#virgin_doubling")
    page.locator("label.chip", has_text="5").first.click()  # 5 rows
    page.locator("label.chip", has_text="5th").click()
    page.fill("#hand_size", "12")
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/offline#[0-9a-f-]{36}$"))
    expect(page.locator("#status")).to_contain_text("5 rows of at most 4 cards; 12 cards")

    # 3 players, 5 rows taken by their 5th card, 12 cards each: 21 bullheads at least.
    page.get_by_label("Cards taken").check()
    for card in (55, 11, 22, 10, 20):  # Ann: 7 + 5 + 5 + 3 + 3
        page.locator(f".grid-cards .card[data-card='{card}']").click()
    page.locator(".grid-players button", has_text="Cas").click()
    page.locator(".grid-cards .card[data-card='1']").click()
    page.get_by_role("button", name="Save deal 1").click()
    expect(page.locator("#empty-question")).to_contain_text(  # Bob took none: is that so?
        "Nothing is entered for Bob. A 0 makes Bob a virgin: everyone else's bullheads in "
        "this deal count double.")
    page.get_by_label("Yes, Bob has 0").check()
    page.get_by_role("button", name="Save deal 1").click()
    expect(page.locator("tfoot td")).to_have_text(["46", "0", "2"])  # Bob: the virgin
    page.get_by_label("Bullheads", exact=True).check()
    enter_deal(page, 2, (5, 10, 6))

    begin_correction(page, 1)  # corrected on the phone
    expect(page.locator("#cards-0")).to_have_value("55 11 22 10 20")
    page.locator(".grid-players button", has_text="Ann").click()
    page.locator(".grid-cards .card[data-card='20']").click()  # not Ann's after all
    page.get_by_role("button", name="Save the correction").click()
    page.get_by_label("Yes, Bob has 0").check()  # asked again: Bob's cards are still none
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator("tfoot td")).to_have_text(["45", "10", "8"])
    expect(page.locator("#sheet-frame tbody tr").first.locator(".corrected")).to_have_text("*")

    page.get_by_role("button", name="Undo deal 2").click()
    note = page.locator("#withdrawn-note")
    expect(note).to_contain_text("Deal 2 was undone")
    expect(page.locator("tfoot td")).to_have_text(["40", "0", "2"])
    begin_correction(page, 1)
    page.fill("#cards-0", "55 11 22")
    page.fill("#cards-2", "1 2 3 4 6 7 8")
    page.get_by_role("button", name="Save the correction").click()
    page.get_by_label("Yes, Bob has 0").check()
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator("tfoot td")).to_have_text(["34", "0", "14"])
    note.get_by_role("button", name="Restore deal 2").click()
    expect(page.locator("tfoot td")).to_have_text(["39", "10", "20"])
    enter_deal(page, 3, (21, 0, 9))  # Bob takes nothing: the rest count double
    expect(page.locator(".status")).to_contain_text("Bob wins with 10 bullheads.")
    offline_csv = download(page, "Export as CSV (spreadsheet)")
    assert offline_csv.splitlines()[-1] == "Total,,81,,10,,38"
    offline_json = json.loads(download(page, "Export as JSON (backup)"))
    assert [e["kind"] for e in offline_json["events"]] == [
        "deal", "deal", "correction", "withdrawal", "correction", "restore", "deal"]

    page.get_by_role("button", name="New game, same players").click()
    expect(page.locator(".deal-player .who")).to_have_text(["Ann", "Bob", "Cas"])
    expect(page.locator("#status")).to_contain_text("Virgin doubling is on.")
    enter_deal(page, 1, (12, 0, 9))
    page.get_by_role("link", name="The evening so far").click()
    games = page.locator(".evening-games li")
    expect(games).to_have_count(2)
    expect(games.nth(0)).to_contain_text("Won by Bob with 10")
    expect(games.nth(1)).to_contain_text("Still being played")
    expect(page.locator("#evening-sums tbody tr").first).to_contain_text("Bob")
    games.nth(1).locator("a").click()
    expect(page.locator("tfoot td")).to_have_text(["24", "0", "18"])

    context.set_offline(False)  # the server gets both games and every entry, once
    expect(page).to_have_url(SHEET, timeout=20_000)
    saved(page)
    second = page.url.rsplit("/", 1)[1]
    first = next(r["id"] for r in kept(page) if r["id"] != second)
    # The second game followed the first into its evening's new name, the first's token.
    assert sorted((r["id"], r["evening"]) for r in kept(page)) == sorted(
        [(first, first), (second, first)])
    assert server_game(page, base_url, second)["totals"] == {"Ann": 24, "Bob": 0, "Cas": 18}
    page.goto(f"{base_url}/games/{first}?lang=en")
    saved(page)
    game = server_game(page, base_url, first)
    assert game["totals"] == {"Ann": 81, "Bob": 10, "Cas": 38} and game["finished"]
    assert (game["rows"], game["takes_at"], game["hand_size"]) == (5, 5, 12)
    assert download(page, "Export as CSV (spreadsheet)") == page.request.get(
        f"{base_url}/games/{first}/export.csv").text()
    assert download(page, "Export as JSON (backup)") == page.request.get(
        f"{base_url}/games/{first}/export.json").text()
    evening = page.request.get(f"{base_url}/games/{second}/evening").text()
    assert f'href="/games/{first}"' in evening


def test_bg_stats_link_of_a_finished_game_on_the_phone_and_without_scripts(
        browser: Browser, base_url: str):
    zone = "Asia/Kolkata"
    context = browser.new_context(viewport=PHONE, locale="en-GB", timezone_id=zone)
    page = context.new_page()
    game_id = new_game(page, base_url, ["Ann", "Bob", "Cas"], note="Café de Zwaan")
    headers = {"X-CSRFToken": token(page, base_url)}
    for number, values in enumerate([(30, 2, 2), (30, 2, 5), (6, 6, 3)], start=1):
        answer = page.request.post(f"{base_url}/api/v1/games/{game_id}/deals", headers=headers,
                                   data={"number": number, "bullheads": dict(zip(
                                       ["Ann", "Bob", "Cas"], values, strict=True))})
        assert answer.status == 201
    page.goto(f"{base_url}/games/{game_id}?lang=en")
    expect(page.locator("#sync-state")).not_to_be_empty()  # the phone's link, not the server's
    link = page.get_by_role("link", name="Log in BG Stats")
    expect(link).to_be_visible()
    href = link.get_attribute("href")
    assert href.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    assert game_id not in href and game_id not in unquote(href)  # the id is the game's link
    play = json.loads(parse_qs(urlsplit(href).query)["data"][0])
    log = page.request.get(f"{base_url}/games/{game_id}/export.json").json()
    start = datetime.strptime(log["created_at"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    end = datetime.strptime(log["events"][-1]["created_at"], "%Y-%m-%dT%H:%M:%SZ").replace(
        tzinfo=UTC)
    players = [("Ann", 66, False, 3), ("Bob", 10, True, 1), ("Cas", 10, True, 1)]
    expected = {
        "sourceName": "6 nimmt! table companion",
        "sourcePlayId": hashlib.sha256(game_id.encode()).hexdigest()[:16],
        "playDate": end.astimezone(ZoneInfo(zone)).strftime("%Y-%m-%d %H:%M:%S"),
        "durationMin": (end - start + timedelta(seconds=30)) // timedelta(minutes=1),
        "comments": "Café de Zwaan",
        "game": {"name": "6 nimmt!", "sourceGameId": "6nimmt", "bggId": 432,
                 "highestWins": False},
        "players": [{"name": n, "sourcePlayerId": n, "score": s, "winner": w, "rank": r}
                    for n, s, w, r in players],
    }
    assert play == expected
    context.close()

    plain = browser.new_context(viewport=PHONE, locale="en-GB", java_script_enabled=False)
    page = plain.new_page()
    page.goto(f"{base_url}/games/{game_id}?lang=en")
    server_play = json.loads(parse_qs(urlsplit(page.get_by_role(
        "link", name="Log in BG Stats").get_attribute("href")).query)["data"][0])
    server_time = end.astimezone().strftime("%Y-%m-%d %H:%M:%S")  # the server's own zone
    assert server_play == {**expected, "playDate": server_time}
    plain.close()


def test_the_result_is_shared_or_copied(browser: Browser, base_url: str):
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    page = context.new_page()
    game_id = new_game(page, base_url, ["Ann", "Bob"], threshold=10)
    page.goto(f"{base_url}/games/{game_id}?lang=en")
    enter_deal(page, 1, (12, 3))
    page.evaluate("delete Navigator.prototype.share")  # where the share sheet is missing
    page.get_by_role("button", name="Share the result").click()
    expect(page.locator("#share-status")).to_have_text(
        "The result is copied: paste it where you want it.")
    copied = page.evaluate("navigator.clipboard.readText()")
    view_url = server_game(page, base_url, game_id)["view_url"]  # never the game's own link
    assert view_url.startswith(f"{base_url}/view/") and game_id not in view_url
    assert copied == ("6 nimmt! The game is over. Bob wins with 3 bullheads.\n1. Bob: 3\n"
                      f"2. Ann: 12\n{view_url}")
    page.evaluate("""() => { window.shared = null;
      navigator.share = async (data) => { window.shared = data; }; }""")
    page.get_by_role("button", name="Share the result").click()
    page.wait_for_function("window.shared !== null")
    shared = page.evaluate("window.shared")
    assert shared["url"] == view_url
    assert shared["text"].startswith("6 nimmt! The game is over. Bob wins")
    context.close()


def test_a_result_of_a_game_not_on_the_server_is_shared_without_a_link(
        browser: Browser, base_url: str):
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    page = context.new_page()
    offline_start_form(page, context, base_url, ["Ann", "Bob"])
    page.fill("#threshold", "10")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#sync-state")).to_contain_text("Kept on this phone")
    enter_deal(page, 1, (12, 3))
    page.evaluate("delete Navigator.prototype.share")
    page.get_by_role("button", name="Share the result").click()
    expect(page.locator("#share-status")).to_have_text(
        "The result is copied: paste it where you want it. Shared without a link: this game is "
        "not on the server yet, so there is no link that shows the score.")
    assert page.evaluate("navigator.clipboard.readText()") == (
        "6 nimmt! The game is over. Bob wins with 3 bullheads.\n1. Bob: 3\n2. Ann: 12")
    context.close()


def test_the_sheet_drawn_without_the_server_dates_the_game_as_the_server_does(
        browser: Browser, base_url: str):
    """The server dates a game by UTC's day; the phone's shell did by its own clock, so a
    game started late in the evening showed two dates. The phone here lives in a zone
    whose day is not UTC's at the hour of the run (12 hours behind before noon UTC, 14
    ahead after)."""
    far = "Etc/GMT+12" if datetime.now(UTC).hour < 12 else "Pacific/Kiritimati"
    context = browser.new_context(viewport=PHONE, locale="en-GB", timezone_id=far)
    page = context.new_page()
    game_id = new_game(page, base_url, ["Ann", "Bob", "Cas"])
    page.goto(f"{base_url}/games/{game_id}?lang=en")
    saved(page)
    served = page.locator("#game-date").inner_text()
    assert served == page.evaluate("""() => new Intl.DateTimeFormat("en", {
        dateStyle: "medium", timeZone: "UTC"}).format(new Date())""")
    controlled(page)
    unreachable(context, base_url)
    page.reload()
    shell = 'JSON.parse(document.getElementById("sheet-data").textContent).game === null'
    assert page.evaluate(shell)  # the worker's shell, drawn by the phone
    expect(page.locator("#game-date")).to_have_text(served)
    context.close()
