"""Handing a game to a second phone (360x740): its QR code, read from the screen, opens
the same sheet in another browser, where a deal can be added; it also shows offline."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from urllib.parse import urlsplit

import zxingcpp
from PIL import Image
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.deals import enter_deal
from tests.browser.phone import (
    controlled,
    every_request,
    kept_game,
    new_game,
    sent_back,
    server_game,
    tagged_anew,
    token,
    unreachable,
    until_kept,
)

WORKER_IN_CHARGE = """async () => {
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
  }
  return true;
}"""


def start(page: Page, base_url: str, names: list[str]) -> str:
    page.goto(f"{base_url}/?lang=en")
    for seat, name in enumerate(names):
        page.fill(f"#players-{seat}", name)
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f]{20}$"))  # once the server has it
    return re.sub(r"[?#].*", "", page.url)


def read_qr(page: Page, box: str = "details.handover") -> str:
    """The QR code of ``box`` as the screen shows it, decoded like a phone's camera would."""
    png = page.locator(f"{box} .qr-code svg").screenshot()
    results = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    assert len(results) == 1
    return results[0].text


def big_enough(locator) -> None:
    box = locator.bounding_box()
    assert box and box["width"] >= 44 and box["height"] >= 44, box


def test_a_second_phone_opens_the_game_through_its_qr_code(
        page: Page, context: BrowserContext, browser, browser_context_args, base_url: str):
    sheet = start(page, base_url, ["Ann", "Bob", "Cas"])
    enter_deal(page, 1, (8, 4, 2))  # 3 players: 14 bullheads at least
    totals = page.locator("tfoot td")
    expect(totals).to_have_text(["8", "4", "2"])

    summary = page.locator("details.handover > summary")
    expect(summary).to_have_text("Hand over to another phone")
    expect(page.locator(".qr-code svg")).to_have_count(2)  # the game's and the view link's
    for code in page.locator(".qr-code svg").all():
        expect(code).to_be_hidden()  # folded: the sheet stays in place
    big_enough(summary)
    summary.click()
    expect(page.locator("details.handover .qr-code svg")).to_be_visible()
    link = read_qr(page)
    assert link == sheet
    expect(page.locator("#handover-link")).to_have_text(link)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    copy = page.get_by_role("button", name="Copy link")
    big_enough(copy)
    copy.click()
    expect(page.locator("#copy-status")).to_have_text("Link copied")
    assert page.evaluate("navigator.clipboard.readText()") == link

    other = browser.new_context(**browser_context_args)
    try:
        phone = other.new_page()
        phone.goto(link)
        expect(phone.locator("thead")).to_contain_text("Ann")
        expect(phone.locator("tfoot td")).to_have_text(["8", "4", "2"])
        enter_deal(phone, 2, (3, 6, 5))
        expect(phone.locator("tfoot td")).to_have_text(["11", "10", "7"])
        # Kept on that phone first: its context (and what it keeps) goes once it is sent.
        expect(phone.locator("#sync-state")).to_have_text("All saved.")
    finally:
        other.close()
    page.reload()
    expect(totals).to_have_text(["11", "10", "7"])


def test_the_qr_code_shows_on_the_sheet_kept_offline(page: Page, context: BrowserContext,
                                                     base_url: str):
    """The worker keeps no game's page; the phone keeps the game, and with it the
    hand-over box the server drew, which its sheet shows without a connection too."""
    sheet = start(page, base_url, ["Anna", "Bram"])
    page.evaluate(WORKER_IN_CHARGE)
    game_id = sheet.rsplit("/", 1)[1]
    until_kept(page, game_id, "handover")  # the phone keeps the game, hand-over box and all
    context.set_offline(True)
    page.reload()
    expect(page.locator("#sync-state")).to_be_visible()  # drawn by the phone
    page.locator("details.handover > summary").click()
    assert read_qr(page) == sheet
    expect(page.locator("#handover-link")).to_have_text(sheet)
    page.locator("details.handover-view > summary").click()
    link = read_qr(page, "details.handover-view")
    assert re.fullmatch(rf"{re.escape(base_url)}/view/[0-9a-f]{{20}}", link)
    expect(page.locator("#view-link")).to_have_text(link)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


#: Records as the release before record formats kept them (tests/js/records.test.mjs).
FORMAT_0 = Path(__file__).parents[1] / "js" / "records" / "format-0.json"

#: The records put in the phone's storage as its module would (static/js/game/storage.js).
PUT = """(records) => new Promise((resolve, reject) => {
  const open = indexedDB.open("scorekeeper-games", 1);
  open.onerror = () => reject(open.error);
  open.onupgradeneeded = () => {
    open.result.createObjectStore("games", { keyPath: "key" }).createIndex("id", "id");
  };
  open.onsuccess = () => {
    const transaction = open.result.transaction("games", "readwrite");
    for (const record of records) transaction.objectStore("games").put(record);
    transaction.oncomplete = () => { open.result.close(); resolve(true); };
    transaction.onerror = () => reject(transaction.error);
  };
})"""


def test_a_game_kept_by_the_release_before_opens_without_the_server(
        page: Page, context: BrowserContext, base_url: str):
    """A record of format 0 (no format, the box kept as HTML) opens with the new code, the
    server unreachable while the browser says it is online: the sheet, its waiting deal
    and every entry, and no hand-over box until the server gives its values again."""
    old = json.loads(FORMAT_0.read_text())["served"]
    page.goto(f"{base_url}/games/offline?lang=en")
    controlled(page)
    assert page.evaluate(PUT, [old])
    unreachable(context, base_url)
    page.goto(f"{base_url}/games/{old['id']}")
    expect(page.locator("thead")).to_contain_text("Ann")
    expect(page.locator("tfoot td")).to_have_text(["12", "20", "10"])  # 2 deals, 1 waiting
    expect(page.locator("#sync-state")).to_have_text(
        re.compile(r"^1 change waits to be sent"))
    expect(page.locator("#deal-title")).to_have_text("Deal 4")
    expect(page.locator("#handover")).to_be_hidden()
    expect(page.locator("details.handover .qr-code svg")).to_have_count(1)  # the shell's slot
    assert kept_game(page, old["id"]) == old  # read, upgraded, not written back: as it was
    enter_deal(page, 4, (2, 5, 7))  # the first change writes the record in the new format
    expect(page.locator("tfoot td")).to_have_text(["14", "25", "17"])
    until_kept(page, old["id"], "format")
    record = kept_game(page, old["id"])
    assert record["format"] == 2 and record["handover"] is None
    assert record["log"] == old["log"] and record["pending"][0] == old["pending"][0]
    assert len(record["pending"]) == 2


def test_those_who_watch_scan_a_link_that_shows_the_score_and_cannot_change_it(
        page: Page, browser, browser_context_args, base_url: str):
    sheet = start(page, base_url, ["Ann", "Bob", "Cas"])
    game_id = sheet.rsplit("/", 1)[1]
    enter_deal(page, 1, (8, 4, 2))
    summary = page.locator("details.handover-view > summary")
    expect(summary).to_have_text("Show the score")
    big_enough(summary)
    summary.click()
    link = read_qr(page, "details.handover-view")
    assert re.fullmatch(rf"{re.escape(base_url)}/view/[0-9a-f]{{20}}", link)
    assert game_id not in link
    expect(page.locator("#view-link")).to_have_text(link)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    other = browser.new_context(**browser_context_args)
    try:
        watcher = other.new_page()
        watcher.goto(link)
        expect(watcher.locator("tfoot td")).to_have_text(["8", "4", "2"])
        expect(watcher.locator("main form, main input, main button")).to_have_count(0)
        assert game_id not in watcher.content()
        enter_deal(page, 2, (3, 6, 5))  # the phone that keeps score goes on
        expect(watcher.locator("tfoot td")).to_have_text(["11", "10", "7"], timeout=10_000)
        expect(watcher.locator("tbody tr")).to_have_count(2)
        assert watcher.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        other.close()


def test_the_view_sends_back_the_servers_own_tag_whatever_it_is_made_of(
        browser: Browser, browser_context_args, base_url: str):
    """A server whose tags are not bare versions: the view link's page sends back exactly
    the ETag the server last answered, so nothing moved is a 304, and a new deal or a
    game changed under the same version (its tag's stamp moved) draws the sheet anew."""
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    game_id = new_game(page, base_url, ["Ann", "Bob"])
    headers = {"X-CSRFToken": token(page, base_url)}

    def deal(number: int, ann: int, bob: int) -> None:
        answer = page.request.post(f"{base_url}/api/v1/games/{game_id}/deals", headers=headers,
                                   data={"number": number, "bullheads": {"Ann": ann, "Bob": bob}})
        assert answer.status == 201, answer.text()

    def looks(times: int) -> None:
        for _ in range(times):
            with page.expect_response(lambda r: "/view/" in r.url, timeout=20_000):
                pass

    deal(1, 5, 19)
    view_url = server_game(page, base_url, game_id)["view_url"]
    stamps = ["2026-11-27T20:01:00Z"]
    asks = tagged_anew(context, base_url, urlsplit(view_url).path, lambda: stamps[-1])
    page.goto(view_url + "?lang=en")
    looks(3)
    # The page itself, then its script's first look (a page's own headers are out of its
    # reach, so it has no tag to send yet), then the tag of the answer before, each time.
    assert [(sent, status) for sent, _, status in asks[:2]] == [(None, 200), (None, 200)]
    assert asks[1][1].endswith(f'"1.{stamps[-1]}"'), asks
    assert sent_back(asks[1:]) and {status for _, _, status in asks[2:]} == {304}, asks

    deal(2, 9, 15)
    expect(page.locator("tfoot td")).to_have_text(["14", "34"], timeout=10_000)
    page.evaluate("document.getElementById('watched').dataset.drawn = 'before'")
    stamps.append("2026-11-27T20:09:00Z")  # the same version, another game: put back
    expect(page.locator("#watched[data-drawn]")).to_have_count(0, timeout=10_000)
    looks(1)
    assert sent_back(asks[1:]), asks
    assert asks[-1][1:] == (f'W/"2.{stamps[-1]}"' if asks[-1][1].startswith("W/")
                            else f'"2.{stamps[-1]}"', 304)

    # The server unreachable while the browser says online, a deal played meanwhile: the
    # page keeps the sheet it shows, and once the server answers it follows with its tag.
    cut = every_request(base_url)
    refuse = lambda route: route.abort()  # noqa: E731
    context.route(cut, refuse)  # the newer route answers first
    last, before = asks[-1][1], len(asks)
    deal(3, 2, 30)
    with page.expect_event("requestfailed", lambda r: "/view/" in r.url, timeout=20_000):
        pass
    expect(page.locator("tfoot td")).to_have_text(["14", "34"])
    context.unroute(cut, refuse)
    expect(page.locator("tfoot td")).to_have_text(["16", "64"], timeout=10_000)
    assert asks[before][0] == last and asks[before][2] == 200, asks[before - 1:]
    context.close()
