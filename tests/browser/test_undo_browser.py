"""Undo on a phone (360x740): withdraw the last deal, see the totals go back, restore it."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.phone import saved


def test_undo_the_last_deal_and_restore_it_from_the_history(page: Page, base_url: str):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{base_url}/?lang=en")
    for seat, name in enumerate(["Ann", "Bob", "Cas"]):
        page.fill(f"#players-{seat}", name)
    page.get_by_role("button", name="Start the game").click()
    for number, values in ((1, (8, 4, 2)), (2, (3, 6, 5))):  # 3 players: 14 at least
        for seat, value in enumerate(values):
            page.fill(f"#bh-{seat}", str(value))
        page.get_by_role("button", name=f"Save deal {number}").click()
    totals = page.locator("tfoot td")
    expect(totals).to_have_text(["11", "10", "7"])
    saved(page)  # the deals reached the server: their rows are drawn once more, unmarked

    undo = page.get_by_role("button", name="Undo deal 2")
    box = undo.bounding_box()
    assert box and box["width"] >= 44 and box["height"] >= 44
    undo.click()
    expect(totals).to_have_text(["8", "4", "2"])
    note = page.locator("#withdrawn-note")
    expect(note).to_contain_text("Deal 2 was undone.")  # the button beside it restores it
    expect(note.get_by_role("button", name="Restore deal 2")).to_be_visible()
    expect(page.get_by_role("button", name="Save deal 2")).to_be_visible()

    note.get_by_role("link", name="Open the history").click()
    expect(page.locator(".history")).to_contain_text("deal 2 undone")
    restore = page.get_by_role("button", name="Restore deal 2")
    box = restore.bounding_box()
    assert box and box["width"] >= 44 and box["height"] >= 44
    restore.click()
    expect(totals).to_have_text(["11", "10", "7"])
    expect(page.locator("#withdrawn-note")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
