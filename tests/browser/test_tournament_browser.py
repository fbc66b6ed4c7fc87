"""A tournament on a phone (360 x 740): the draft with an undo, every game's results, the
sheets printed two to a page, and every control big enough for a finger."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

#: Buttons, fields, selects, the labels of fields, summaries and links that stand on
#: their own; a link inside running text (display inline, beside text of its own
#: parent) is excepted. Hidden elements and the skip link parked off-screen are skipped.
TOO_SMALL = """() => {
  const selector = "a[href], button, input:not([type=hidden]), select, textarea, summary, label";
  const inText = (el) => getComputedStyle(el).display === "inline" &&
    [...el.parentElement.childNodes].some((node) => node.nodeType === 3 && node.textContent.trim());
  const found = [];
  for (const el of document.querySelectorAll(selector)) {
    if (!el.checkVisibility() || (el.matches("a") && inText(el))) continue;
    const box = el.getBoundingClientRect();
    if (box.right <= 0) continue;  // the skip link, parked left of the page until focused
    if (box.width < 44 || box.height < 44) {
      const name = (el.textContent || el.name || el.id).trim().slice(0, 40);
      const size = `${box.width.toFixed(1)} x ${box.height.toFixed(1)}`;
      found.push(`${el.tagName.toLowerCase()} "${name}": ${size}`);
    }
  }
  return found;
}"""


def tap_card(page: Page, card: int) -> None:
    page.locator(f'#draft-grid button[data-card="{card}"]').tap()


def test_three_players_from_the_draft_to_the_final_standings(page: Page, base_url: str):
    page.goto(f"{base_url}/tournament?lang=en")
    for seat, name in enumerate(["Ann", "Bob", "Cas"], start=1):
        page.fill(f"#name{seat}", name)
    page.get_by_role("button", name="Draft the hands on this phone").tap()
    status = page.locator("#draft-status")
    expect(status).to_have_text("Ann picks card 1 of 10")
    expect(page.locator("#draft-grid button")).to_have_count(34)  # 10 x 3 + 4

    tap_card(page, 31)  # a slip of the finger ...
    expect(status).to_have_text("Bob picks card 1 of 10")
    expect(page.locator('#draft-grid button[data-card="31"]')).to_be_disabled()
    page.get_by_role("button", name="Undo").tap()  # ... taken back
    expect(status).to_have_text("Ann picks card 1 of 10")
    expect(page.locator('#draft-grid button[data-card="31"]')).to_be_enabled()

    for card in range(1, 16):  # Ann takes 1, Bob 2, Cas 3, Ann 4, ...
        tap_card(page, card)
    page.reload()  # an accidental reload keeps the draft
    expect(status).to_have_text("Ann picks card 6 of 10")
    expect(page.locator('#draft-grid button[data-card="15"]')).to_be_disabled()
    for card in range(16, 31):
        tap_card(page, card)
    expect(status).to_have_text("The draft is complete. The four rows start with 31, 32, 33, 34.")
    expect(page.locator("#hand1")).to_have_value("1 4 7 10 13 16 19 22 25 28")
    expect(page.locator("#hand2")).to_have_value("2 5 8 11 14 17 20 23 26 29")
    expect(page.locator("#hand3")).to_have_value("3 6 9 12 15 18 21 24 27 30")
    expect(page.locator('#draft-grid button[data-card="32"]')).to_be_disabled()

    page.fill("#event_name", "Club <b>evening</b>")
    page.fill("#event_date", "2025-03-14")
    page.fill("#event_table", "7")
    page.get_by_role("button", name="Start the tournament").tap()
    expect(page).to_have_url(re.compile(r"/tournament/[0-9a-f]{20}"))
    expect(page.locator("main")).to_contain_text("The four rows start with 31, 32, 33, 34.")
    expect(page.locator("#event")).to_have_text("Club <b>evening</b> · March 14, 2025 · Table 7")

    results = {1: ["5", "0", "12"], 2: ["1", "2", "3"], 3: ["1", "2", "3"]}
    for game, points in results.items():
        expect(page.locator("#results-heading")).to_have_text(f"Results of game {game}")
        for seat, value in enumerate(points, start=1):
            page.fill(f"#points{seat}", value)
        page.get_by_role("button", name=f"Save game {game}").tap()

    # By hand: Ann 5 + 3 + 2 = 10, Bob 0 + 1 + 3 = 4, Cas 12 + 2 + 1 = 15.
    expect(page.locator("#winner")).to_have_text("Winner: Bob")
    expect(page.locator("#standings-heading")).to_have_text("Final standings")
    expect(page.locator("#standings-list li")).to_have_text(
        ["Bob 4 minus points", "Ann 10 minus points", "Cas 15 minus points"]
    )
    link = page.get_by_role("link", name="Standings (PDF, A4)")
    answer = page.request.get(link.get_attribute("href"))
    assert answer.ok and answer.headers["content-type"] == "application/pdf"
    assert answer.body().startswith(b"%PDF")
    # Nothing on the page is wider than the phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def sheets_per_page(page: Page, pdf: bytes, tmp_path: Path) -> tuple[int, str]:
    path = tmp_path / "sheets.pdf"
    path.write_bytes(pdf)
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True)
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                          check=True)
    return int(re.search(r"Pages:\s+(\d+)", info.stdout).group(1)), text.stdout


def test_the_print_form_asks_for_two_sheets_per_page(page: Page, base_url: str, tmp_path):
    url = start_tournament(page, base_url, ["Ann", "Bob", "Cas", "Dirk", "Eve"])
    page.select_option("#sheets-per-page", "2")
    page.select_option("#sheets-paper", "letter")
    query = page.evaluate(
        "new URLSearchParams(new FormData(document.getElementById('print-form'))).toString()")
    action = page.locator("#print-form").get_attribute("action")
    answer = page.request.get(f"{base_url}{action}?{query}")
    assert answer.ok and answer.headers["content-type"] == "application/pdf"
    pages, text = sheets_per_page(page, answer.body(), tmp_path)
    assert pages == 3 and "Hand of Eve" in text  # five hands, two to a page
    page.get_by_role("button", name="Look at the sheets").tap()
    expect(page).to_have_url(re.compile(re.escape(url) + r"/sheets\?.*per_page=2"))
    expect(page.locator(".page")).to_have_count(3)
    expect(page.locator(".page").first.locator(".sheet")).to_have_count(2)


def start_tournament(page: Page, base_url: str, names: list[str], lang: str = "en") -> str:
    """A tournament typed in by hand; answers its page's URL (without the query)."""
    page.goto(f"{base_url}/tournament?lang={lang}")
    for seat, name in enumerate(names, start=1):
        page.fill(f"#name{seat}", name)
        page.fill(f"#hand{seat}", " ".join(str(card) for card in range(seat, 10 * len(names) + 1,
                                                                        len(names))))
    page.locator("#create").tap()
    expect(page).to_have_url(re.compile(r"/tournament/[0-9a-f]{20}"))
    return page.url.split("?")[0]


def assert_fits_a_finger_and_the_screen(page: Page, where: str) -> None:
    assert page.evaluate(TOO_SMALL) == [], where
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, where


LONG_NAMES = ["Annemarie", "Bartholomeus", "Christiane", "Dörte", "Eberhard-Maximilian"]


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_every_control_is_44_px_and_nothing_scrolls_sideways(page: Page, base_url: str, lang):
    page.goto(f"{base_url}/tournament?lang={lang}")
    for seat, name in enumerate(LONG_NAMES[:3], start=1):
        page.fill(f"#name{seat}", name)
    page.locator("#draft-start").tap()  # the draft's tap grid counts too
    expect(page.locator("#draft-grid button")).to_have_count(34)
    assert_fits_a_finger_and_the_screen(page, "/tournament with the draft open")
    page.locator("#draft-restart").tap()

    url = start_tournament(page, base_url, LONG_NAMES, lang)
    for game in (1, 2):
        for seat in range(1, 6):
            page.fill(f"#points{seat}", str(seat + game))
        page.locator("#results button[type=submit]").tap()
        expect(page.locator("#standings-list li")).to_have_count(5)
    page.goto(f"{url}?lang={lang}")
    for plan in page.locator("#schedule details").all():  # every game shown at once
        plan.evaluate("element => { element.open = true; }")
    assert_fits_a_finger_and_the_screen(page, "a tournament page with results")
    # The schedule is read without scrolling sideways: every cell inside the screen.
    cells = page.locator("#schedule td, #schedule th").evaluate_all(
        "cells => cells.map(cell => cell.getBoundingClientRect().right)")
    assert len(cells) == 5 * (2 + 5 * 2) and max(cells) <= 360
    expect(page.locator("#plan-2 tbody tr").nth(4)).to_contain_text("Dörte")

    for preview in (f"{url}/sheets?lang={lang}&per_page=2", f"/tournament/sheet?lang={lang}"):
        page.goto(preview if preview.startswith("http") else base_url + preview)
        assert_fits_a_finger_and_the_screen(page, preview)


def test_the_draft_asks_for_names_first(page: Page, base_url: str):
    page.goto(f"{base_url}/tournament?lang=de")
    page.fill("#name1", "Ann")
    page.get_by_role("button", name="Karten auf diesem Handy wählen").tap()
    expect(page.locator("#draft-status")).to_have_text(
        "Trage zuerst 2 bis 5 verschiedene Namen ein."
    )
