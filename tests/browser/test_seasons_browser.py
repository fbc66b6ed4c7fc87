"""A championship season on a 360 px phone: the organiser starts it from its page, a
venue's qualifier is played through the JSON interface with the venue's key, and a player
who qualified opens their own page from the season's standings and reads, in Dutch and
in German, where and when they qualified."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

PLAYERS = ["Anna", "Bernd", "Clara", "Dirk", "Eva", "Frank", "Greta", "Hans"]
SHOTS = Path(tempfile.gettempdir()) / "season-shots"


def csrf(page: Page) -> str:
    return page.locator('meta[name="csrf-token"]').get_attribute("content")


@pytest.fixture
def season_url(page: Page, base_url: str) -> str:
    """A season (started on its page) with one venue and one ended qualifier that Anna
    won: she qualified there."""
    page.goto(f"{base_url}/seasons?lang=en")
    page.fill("#name", "6 nimmt! DM 2027")
    page.fill("#places", "2")
    page.get_by_role("button", name="Start the season").click()
    expect(page.locator(".director-badge")).to_be_visible()
    match = re.search(r"/seasons/([\w-]{16})/organiser/([\w-]{32})", page.url)
    assert match, page.url
    season, key = match[1], match[2]
    headers = {"X-CSRFToken": csrf(page)}
    venue = page.request.post(f"{base_url}/api/v1/seasons/{season}/venues", headers={
        **headers, "X-Organiser-Key": key}, data={"name": "Spielwiese Köln"})
    assert venue.status == 201, venue.text()
    event = page.request.post(f"{base_url}/api/v1/events", headers={
        **headers, "X-Venue-Key": venue.json()["venue_key"]}, data={
        "name": "Vorrunde Köln", "players": PLAYERS, "rounds": 1, "fixed_deals": 1,
        "season": season, "venue": venue.json()["id"]})
    assert event.status == 201, event.text()
    seated = page.request.post(f"{base_url}/api/v1/events/{event.json()['id']}/rounds",
                               headers={**headers,
                                        "X-Director-Key": event.json()["director_key"]})
    assert seated.status == 201, seated.text()
    for number, table in enumerate(seated.json()["tables"]):
        bullheads = {p: 0 if p == "Anna" else 10 * seat + number + 1
                     for seat, p in enumerate(table["players"])}
        dealt = page.request.post(f"{base_url}/api/v1/games/{table['game']}/deals",
                                  headers=headers, data={"number": 1, "bullheads": bullheads})
        assert dealt.status == 201, dealt.text()
    return f"{base_url}/seasons/{season}"


def fits(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page is {width} px wide"


@pytest.mark.parametrize(("lang", "ranking", "qualified"), [
    ("nl", "Klassement", "Geplaatst: Spielwiese Köln"),
    ("de", "Rangliste", "Qualifiziert: Spielwiese Köln"),
])
def test_a_player_opens_their_page_from_the_standings_and_reads_that_they_qualified(
        page: Page, season_url: str, lang, ranking, qualified):
    page.goto(f"{season_url}?lang={lang}")
    expect(page.locator("#ranking-title")).to_contain_text(ranking)
    fits(page)
    anna = page.locator("#season-ranking tbody th a", has_text="Anna")
    expect(anna).to_be_visible()
    box = anna.bounding_box()
    assert box and box["x"] + box["width"] <= 360 and box["height"] >= 20
    anna.click()
    banner = page.locator("#qualified")
    expect(banner).to_contain_text(qualified)
    expect(page.locator("h1")).to_contain_text("Anna")
    expect(page.locator("#player-events tbody tr")).to_have_count(1)
    fits(page)
    assert banner.bounding_box()["width"] <= 360
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"player-{lang}.png"), full_page=True)


def test_every_season_page_fits_a_finger(page: Page, season_url: str, base_url: str):
    """Every tap target at least 44 x 44 px (as tests/browser/test_tap_targets_browser.py
    measures them) on the season's pages: the season, a player's, an event's results, the
    seasons' start page, and the organiser's and a venue's pages as their browsers see
    them."""
    from tests.browser.test_tap_targets_browser import assert_fits_a_finger

    season = season_url.rsplit("/", 1)[1]
    page.goto(f"{season_url}?lang=de")
    assert_fits_a_finger(page, "the season's page")
    results = page.locator(".season-events a").first.get_attribute("href")
    page.locator("#season-ranking tbody th a").first.click()
    expect(page.locator("#qualified")).to_be_visible()
    assert_fits_a_finger(page, "a player's page")
    page.goto(f"{base_url}{results}")
    assert_fits_a_finger(page, "an event's results")
    page.goto(f"{base_url}/seasons")
    assert_fits_a_finger(page, "/seasons")
    organiser = page.locator(".event-list a").first
    expect(organiser).to_be_visible()  # this browser started the season: it organises it
    page.goto(f"{season_url}")
    page.locator(".director-link a").click()
    expect(page.locator(".director-badge")).to_be_visible()
    assert_fits_a_finger(page, "the organiser's page")
    venue = page.locator(".venue-links .links a").first.get_attribute("href")
    page.goto(f"{base_url}{venue}")
    expect(page.locator("#send-title")).to_be_visible()  # the organiser may act for a venue
    assert_fits_a_finger(page, "a venue's page")
    assert season in page.url
