"""Typing a deal on a score sheet, as every browser test does it."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def enter_deal(page: Page, number: int, values: tuple[int, ...],
               save: str = "Save deal {number}", kept: bool = True) -> None:
    """Type each seat's bullheads and save deal ``number``; ``save`` is the button's
    label in the page's language.

    Waits first for the button to name deal ``number``: until then the last save is
    still under way (a new page loading, or the phone storing it and clearing the
    fields), and what was typed would be lost with the old fields. Then, unless the deal
    is meant to be refused (``kept=False``), waits until the sheet has taken it: the
    button no longer offers deal ``number`` (the phone stored it and drew the sheet).
    """
    button = page.get_by_role("button", name=save.format(number=number))
    expect(button).to_be_visible()
    for seat, value in enumerate(values):
        page.fill(f"#bh-{seat}", str(value))
    button.click()
    if kept:
        offered = page.get_by_role("button", name=save.format(number=number), exact=True)
        expect(offered).to_have_count(0)


def begin_correction(page: Page, number: int) -> None:
    """Tap deal ``number``'s number on the sheet and wait until the form is its correction.

    Beginning a correction is a write to the phone's storage before the form changes: a
    value typed sooner lands in the fields as they were (the next deal's draft)."""
    page.locator(f"[data-correct='{number}']").click()
    expect(page.locator("#deal-title")).to_have_text(f"Correct deal {number}")
