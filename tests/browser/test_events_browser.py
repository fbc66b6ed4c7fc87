"""A 13-player, 2-round club evening run from the director's phone, with three table phones
(separate browsers) entering their games on the tables' score sheets, and the live page
following on its own."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.browser.phone import saved
from tests.conftest import PHONE

NAMES = ["Anna", "Bernd", "Clara", "Dirk", "Eva", "Frank", "Greta", "Hans", "Ines", "Jonas",
         "Katrin", "Lukas", "Mia"]
#: One deal that ends a game: 70 reaches 66. Enough bullheads for 4 or 5 players.
DEAL = (5, 15, 25, 70, 30)


def tap_size_ok(page: Page, selector: str) -> None:
    for box in (page.locator(selector).nth(i).bounding_box()
                for i in range(page.locator(selector).count())):
        assert box and box["height"] >= 44 and box["width"] >= 44, selector


def play_tables(phones: list[Page], base_url: str, links: list[str]) -> None:
    """Each table's phone opens its game link and enters the one deal that ends it."""
    for phone, link in zip(phones, links, strict=True):
        phone.goto(base_url + link)
        seats = phone.locator("input[id^=bh-]").count()
        assert seats in (4, 5)
        for seat in range(seats):
            phone.fill(f"#bh-{seat}", str(DEAL[seat]))
        phone.get_by_role("button", name="Save deal 1").click()
        expect(phone.locator(".status")).to_contain_text("wins")  # at once, on the phone
        saved(phone)  # and on the server, where the director's page reads it


def table_links(page: Page) -> list[str]:
    return [a.get_attribute("href")
            for a in page.locator("#round .event-table a", has_text="Score sheet").all()]


def test_a_club_evening_from_the_directors_phone(page: Page, browser: Browser, base_url: str):
    page.goto(f"{base_url}/events?lang=en")
    page.fill("#name", "Clubavond")
    page.fill("#players", "\n".join(NAMES))
    page.fill("#rounds", "2")
    page.get_by_role("button", name="Start the event").click()
    expect(page.get_by_role("heading", name="Clubavond")).to_be_visible()
    expect(page.locator(".event-meta")).to_contain_text("Players: 13")

    page.get_by_role("button", name="Draw the tables of event round 1").click()
    tables = page.locator("#round .event-table")
    expect(tables).to_have_count(3)
    sizes = sorted(len(t.locator(".seats").inner_text().split(", ")) for t in tables.all())
    assert sizes == [4, 4, 5]
    tap_size_ok(page, ".table-links a")
    event_url = page.url.split("/director/")[0]

    # The big screen, refreshing every 2 seconds for the test (15 by default).
    screen = browser.new_context(viewport={"width": 1280, "height": 720}, locale="en-GB")
    live = screen.new_page()
    live.goto(event_url + "/live?every=2")
    expect(live.locator(".live-seating li")).to_have_count(3)

    contexts = [browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                    locale="en-GB") for _ in range(3)]
    phones = [context.new_page() for context in contexts]
    links = table_links(page)
    play_tables(phones[:2], base_url, links[:2])
    # Table 3 has not entered a deal: the seating stays up, beside the first standings.
    expect(live.locator(".live-seating li.started")).to_have_count(2, timeout=10_000)
    expect(live.locator(".live-seating li:not(.started) strong")).to_have_text(["Table 3"])
    expect(live.locator(".standings tbody tr")).to_have_count(13)
    page.reload()
    expect(page.locator("#seat-waiting")).to_contain_text(
        "Event round 1 is still being played at 1 table:")
    play_tables(phones[2:], base_url, links[2:])

    page.reload()
    expect(page.locator("#round .event-table .state")).to_have_text(["Done", "Done", "Done"])
    expect(page.locator("#standings-title")).to_have_text("Standings after event round 1")
    expect(page.locator(".standings tbody tr")).to_have_count(13)
    expect(live.locator(".live-round")).to_have_text("Standings after event round 1",
                                                     timeout=10_000)

    page.get_by_role("button", name="Seat event round 2").click()
    expect(page.locator("#round-title")).to_have_text("Event round 2")
    round_two = table_links(page)
    assert len(round_two) == 3 and not set(round_two) & set(links)
    play_tables(phones, base_url, round_two)

    page.reload()
    expect(page.locator(".status-done")).to_contain_text("The event has ended")
    expect(page.locator("#standings-title")).to_have_text("Final standings")  # as the live page
    rows = page.locator(".standings tbody tr")
    expect(rows).to_have_count(13)
    first = rows.first.inner_text()
    assert re.match(r"1\s+\S+\s+14\s", first), first  # two wins: 7 + 7 points
    expect(live.locator(".live-round")).to_have_text("Final standings", timeout=10_000)
    expect(live.locator(".standings tbody tr")).to_have_count(13)
    for context in (screen, *contexts):
        context.close()
