"""Handing a game to a second phone (360x740): its QR code, read from the screen, opens
the same sheet in another browser, where a deal can be added; it also shows offline."""

from __future__ import annotations

import io
import re

import zxingcpp
from PIL import Image
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.deals import enter_deal
from tests.browser.phone import until_kept

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
    page.screenshot(path="/tmp/g3/handover-open.png")

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
        phone.screenshot(path="/tmp/g3/second-phone.png")
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
