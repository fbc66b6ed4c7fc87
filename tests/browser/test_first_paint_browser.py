"""Pages whose scripts add to what the server drew move nothing when they do: the
scripts are held until the server's page has painted, then let run, and the layout
shifts are counted (the goal of the first paint: a cumulative shift of at most 0.01)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_sheet_layout_browser import SHIFTS


def painted_then_scripted(page: Page, url: str) -> None:
    """Open ``url`` with its scripts held until its first contentful paint, then let them
    run."""
    page.add_init_script(SHIFTS)
    held: list | None = []
    page.route("**/static/js/**",
               lambda route: held.append(route) if held is not None else route.continue_())
    page.goto(url, wait_until="commit")
    page.wait_for_function(
        "() => performance.getEntriesByName('first-contentful-paint').length > 0")
    waiting, held = held, None
    for route in waiting:
        route.continue_()


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_the_checker_does_not_move_when_its_script_shows_the_grid_switch(
        page: Page, base_url: str, lang: str):
    """The grid switch, shown by the script above the rows, has its line from the first
    paint (it pushed the rows down by its height: 0.011 on Lighthouse's phone)."""
    painted_then_scripted(page, f"{base_url}/check?lang={lang}")
    expect(page.locator(".grid-switch")).to_be_visible()
    expect(page.locator("#r1")).to_be_visible()
    shifts = page.evaluate("window.shifts")
    assert sum(shift["value"] for shift in shifts) <= 0.01, shifts
    assert not any("row-line" in shift["moved"] for shift in shifts), shifts
