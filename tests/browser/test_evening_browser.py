"""An evening on a phone (360x740): at the end of a game, "new game, same players" opens
a game with the same seats and settings, and the evening's page adds both up."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.deals import enter_deal
from tests.browser.phone import new_game, token


def settings_of(page: Page, base_url: str) -> dict:
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f]{20}$"))  # once the server has it
    token = re.search(r"/games/([0-9a-f]+)", page.url).group(1)
    game = page.request.get(f"{base_url}/api/v1/games/{token}").json()
    return {key: game[key] for key in ("players", "threshold", "fixed_deals",
                                       "virgin_doubling", "variant", "rows", "takes_at",
                                       "hand_size")}


def test_new_game_same_players_and_the_evening(page: Page, base_url: str):
    page.goto(f"{base_url}/?lang=en")
    names = ["Dirk", "Ann", "Cas", "Bob"]
    for seat, name in enumerate(names):
        page.fill(f"#players-{seat}", name)
    page.fill("#threshold", "30")
    page.check("#virgin_doubling")
    page.get_by_role("button", name="Start the game").click()
    first = settings_of(page, base_url)
    assert first["players"] == names and first["threshold"] == 30
    assert first["virgin_doubling"] is True
    expect(page.get_by_role("button", name="New game, same players")).to_have_count(0)

    enter_deal(page, 1, (4, 30, 3, 2))  # 4 players: 24 at least; Ann reaches 30
    expect(page.locator(".status")).to_contain_text("Bob wins with 2 bullheads.")
    again = page.get_by_role("button", name="New game, same players")
    box = again.bounding_box()
    assert box and box["height"] >= 44 and box["width"] >= 44
    page.evaluate("window.scrollTo(0, 0)")
    again.click()

    expect(page.get_by_role("button", name="Save deal 1")).to_be_visible()
    expect(page.locator(".deal-player .who")).to_have_text(names)
    second = settings_of(page, base_url)
    assert second == first

    enter_deal(page, 1, (10, 3, 12, 5))
    evening = page.get_by_role("link", name="The evening so far")
    box = evening.bounding_box()
    assert box and box["height"] >= 44
    evening.click()
    expect(page.get_by_role("heading", name=re.compile("The evening"))).to_be_visible()
    games = page.locator(".evening-games li")
    expect(games).to_have_count(2)
    expect(games.nth(0)).to_contain_text("Won by Bob with 2")
    expect(games.nth(1)).to_contain_text("Still being played")
    # Bob: 1 win, 2+5 = 7 in 2 deals (3.5); then by bullheads per deal: Dirk 14 (7.0),
    # Ann 30+3 = 33 (16.5), Cas 3+12 = 15 (7.5).
    rows = page.locator("#evening-sums tbody tr")
    expect(rows).to_have_text([re.compile(r"Bob\s*2\s*1\s*7\s*3\.5"),
                               re.compile(r"Dirk\s*2\s*0\s*14\s*7\.0"),
                               re.compile(r"Cas\s*2\s*0\s*15\s*7\.5"),
                               re.compile(r"Ann\s*2\s*0\s*33\s*16\.5")])
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    for link in games.locator("a").all():
        box = link.bounding_box()
        assert box and box["height"] >= 44
    games.nth(0).locator("a").click()
    expect(page.locator(".status")).to_contain_text("Bob wins")


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_the_evening_of_ten_players_fits_the_phone_in_each_language(
        page: Page, base_url: str, lang: str):
    """The longest titles ("Runderkoppen", "Pro Durchgang") and a long name: no sideways
    scroll, no title cut off (the names' title is there for a screen reader only), and every
    name on one line, never broken inside a word."""
    names = ["Annemarie van Dijk", "Bob", "Cas", "Dirk", "Evi", "Fleur", "Gijs", "Hanna",
             "Ivo", "Jet"]
    game_id = new_game(page, base_url, names, fixed_deals=1)
    answer = page.request.post(f"{base_url}/api/v1/games/{game_id}/deals",
                               headers={"X-CSRFToken": token(page, base_url)},
                               data={"number": 1, "bullheads": dict(zip(
                                   names, range(11, 21), strict=True))})
    assert answer.status == 201, answer.text()
    page.goto(f"{base_url}/games/{game_id}/evening?lang={lang}")
    expect(page.locator("#evening-sums tbody tr")).to_have_count(10)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    clipped = page.evaluate("""[...document.querySelectorAll('#evening-sums :is(th, td)')]
        .filter((cell) => cell.clientWidth > 1 && cell.scrollWidth > cell.clientWidth)
        .map((cell) => cell.textContent)""")
    assert clipped == []
    lines = page.evaluate("""[...document.querySelectorAll('#evening-sums tbody th')]
      .map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    })""")
    assert lines == [1] * 10
