"""The score sheet fits a 360-pixel phone with 2 to 10 players, in English, Dutch and
German: no sideways scroll of the page (the deals' frame scrolls inside itself, its names
on top), every player's button in the card grid's bar at once, and the end score named
where it can never cover a player's line."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.phone import new_game, token

NAMES = ["Anna", "Bernadette", "Clara", "Dirk", "Emiel", "Femke", "Gijsbrecht", "Hanna",
         "Ines Maria", "Zoë"]
CARDS = {"en": "Cards taken", "nl": "Genomen kaarten", "de": "Genommene Karten"}


def played(page: Page, base_url: str, count: int) -> str:
    players = NAMES[:count]
    game_id = new_game(page, base_url, players, virgin_doubling=count % 2 == 1)
    headers = {"X-CSRFToken": token(page, base_url)}
    low = 10 * count + 4 - 20  # the cards that must leave the table, 1 bullhead each
    for number in (1, 2, 3):
        values = [max(1, low // count) + seat % 3 for seat in range(count)]
        answer = page.request.post(f"{base_url}/api/v1/games/{game_id}/deals", headers=headers,
                                   data={"number": number,
                                         "bullheads": dict(zip(players, values, strict=True))})
        assert answer.status == 201, answer.text()
    return game_id


def outside(page: Page, selector: str) -> list[str]:
    """The elements of ``selector`` not wholly on the 360-pixel screen's width."""
    return page.evaluate("""(selector) => [...document.querySelectorAll(selector)]
      .filter((e) => { const r = e.getBoundingClientRect(); return r.left < -1 || r.right > 361; })
      .map((e) => e.textContent.trim())""", selector)


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
@pytest.mark.parametrize("count", [2, 5, 6, 10])
def test_the_sheet_fits_360_pixels(page: Page, base_url: str, lang: str, count: int):
    game_id = played(page, base_url, count)
    page.goto(f"{base_url}/games/{game_id}?lang={lang}")
    expect(page.locator("#sync-state")).not_to_be_empty()  # drawn by the phone
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    names = page.locator("#sheet-frame thead th.player .name")
    expect(names).to_have_count(count)
    frame = page.locator("#sheet-frame")
    frame.evaluate("f => { f.scrollIntoView(); f.scrollLeft = f.scrollWidth; }")
    for name in names.all():  # scrolled inside its frame, the names stay on its top line
        assert abs(name.bounding_box()["y"] - names.first.bounding_box()["y"]) < 2

    page.get_by_label(CARDS[lang]).check()
    chips = page.locator(".grid-players button")
    expect(chips).to_have_count(count)
    page.locator(".grid-cards .card[data-card='50']").scroll_into_view_if_needed()
    bar = page.locator(".grid-bar").bounding_box()
    for chip in chips.all():  # every player's button in the bar, on screen, 44 px tall
        box = chip.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, chip.text_content()
        assert bar["y"] - 1 <= box["y"] and box["y"] + box["height"] <= bar["y"] + bar["height"] + 1
        assert chip.is_visible()
    assert outside(page, ".grid-players button, .grid-done") == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    # The chart names its end in the legend; inside the plot only the scale's numbers.
    labels = page.locator("#chart svg[role=img] text").all_text_contents()
    assert labels and all(label.isdigit() for label in labels), labels
    expect(page.locator("#chart .legend-threshold")).to_contain_text("66")


LONG = ["Bartholomeus", "Christiaan", "Frederique", "Hendrikje", "Ingeborg", "Jan-Willem",
        "Jan-Wim", "Maximiliane", "Dirk-Jan", "Anneliese"]

CUT = """(selector) => [...document.querySelectorAll(selector)]
  .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1
    || getComputedStyle(e).textOverflow === "ellipsis" && e.scrollWidth > e.clientWidth)
  .map((e) => e.textContent.trim())"""


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_ten_long_names_are_never_cut(page: Page, base_url: str, lang: str):
    """The card grid's chips, the deal form and the sheet's head show every name whole:
    "Jan-Wi…" beside "Jan-Wim" would leave the table guessing."""
    game_id = new_game(page, base_url, LONG)
    page.goto(f"{base_url}/games/{game_id}?lang={lang}")
    expect(page.locator("#sync-state")).not_to_be_empty()
    page.get_by_label(CARDS[lang]).check()
    chips = page.locator(".grid-players .name")
    expect(chips).to_have_text(LONG)
    assert page.evaluate(CUT, ".grid-players .name") == []
    assert all(chip.bounding_box()["height"] < 40 for chip in chips.all())  # one line each
    expect(page.locator(".deal-player .who .name")).to_have_text(LONG)
    assert page.evaluate(CUT, ".deal-player .who .name") == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    headers = {"X-CSRFToken": token(page, base_url)}
    deal = dict(zip(LONG, [8, 9, 10, 11, 12, 13, 14, 2, 3, 4], strict=True))
    page.request.post(f"{base_url}/api/v1/games/{game_id}/deals", headers=headers,
                      data={"number": 1, "bullheads": deal})
    expect(page.locator("#sheet-frame thead th.player .name")).to_have_text(LONG, timeout=5000)
    assert page.evaluate(CUT, "#sheet-frame thead th.player .name, #standings tbody th .name") == []


#: Each layout shift after the first paint: its size and what moved.
SHIFTS = """window.shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.shifts.push({ value: entry.value, moved: entry.sources.map((source) =>
      source.node ? source.node.id || source.node.className || source.node.nodeName : "?") });
  }
}).observe({ type: "layout-shift", buffered: true });"""


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_the_sheet_opened_through_its_link_does_not_move_when_the_phone_draws_it(
        page: Page, browser, browser_context_args, base_url: str, lang: str):
    """The server's sheet is painted first (the scripts are held until then); the phone's
    drawing of it, the sync line and the keeping of the game move nothing that was shown."""
    game_id = played(page, base_url, 5)
    other = browser.new_context(**browser_context_args)  # a phone that does not list it
    try:
        phone = other.new_page()
        phone.add_init_script(SHIFTS)
        held: list | None = []
        phone.route("**/static/js/**",
                    lambda route: held.append(route) if held is not None else route.continue_())
        phone.goto(f"{base_url}/games/{game_id}?lang={lang}", wait_until="commit")
        phone.wait_for_function(
            "() => performance.getEntriesByName('first-contentful-paint').length > 0")
        expect(phone.locator("#keep-form")).to_be_hidden()  # it would only vanish again
        with phone.expect_response(lambda r: r.url.endswith("/keep")):  # the phone keeps it
            waiting, held = held, None
            for route in waiting:
                route.continue_()
        expect(phone.locator("#sync-state")).not_to_be_empty()
        expect(phone.locator("#sheet-frame")).to_be_visible()
        # the goal: a cumulative layout shift of at most 0.01 (the keep button
        # drawn by the server and taken away by the phone alone moved 0.09); on a busy
        # machine the German sheet's header was once seen to move 0.0066
        shifts = phone.evaluate("window.shifts")
        assert sum(shift["value"] for shift in shifts) <= 0.01, shifts
    finally:
        other.close()
