"""A club's series on a 360 px phone: started from its page, three evenings played through
the JSON interface with the series' key, then the series page read in English, Dutch and
German: standings, ratings in words, a chart per player, nothing wider than the phone."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

PLAYERS = ["Anna", "Bernd", "Clara", "Dirk", "Eva", "Frank", "Greta", "Hans"]
#: Where the pages are photographed, to look at after a run (outside the checkout).
SHOTS = Path(tempfile.gettempdir()) / "series-shots"


def csrf(page: Page) -> str:
    return page.locator('meta[name="csrf-token"]').get_attribute("content")


def play_evening(page: Page, base_url: str, series_id: str, key: str, number: int) -> None:
    """An event of the series, two rounds, every game one deal: Anna always wins."""
    headers = {"X-CSRFToken": csrf(page)}
    answer = page.request.post(f"{base_url}/api/v1/events", headers={
        **headers, "X-Series-Key": key}, data={
        "name": f"Clubavond {number}", "players": PLAYERS, "rounds": 2, "fixed_deals": 1,
        "series": series_id, "seed": number})
    assert answer.status == 201, answer.text()
    event = answer.json()
    director = {**headers, "X-Director-Key": event["director_key"]}
    for _round in range(2):
        seated = page.request.post(f"{base_url}/api/v1/events/{event['id']}/rounds",
                                   headers=director)
        assert seated.status == 201, seated.text()
        for table in seated.json()["tables"]:
            bullheads = {p: (0 if p == "Anna" else 10 + 4 * seat + number)
                         for seat, p in enumerate(table["players"])}
            dealt = page.request.post(f"{base_url}/api/v1/games/{table['game']}/deals",
                                      headers=headers, data={"number": 1,
                                                             "bullheads": bullheads})
            assert dealt.status == 201, dealt.text()


@pytest.fixture
def series_url(page: Page, base_url: str) -> str:
    page.goto(f"{base_url}/series?lang=en")
    page.fill("#name", "Clubcompetitie 2027")
    page.get_by_role("button", name="Start the series").click()
    expect(page.locator(".director-badge")).to_be_visible()
    match = re.search(r"/series/([\w-]{16})/director/([\w-]{32})", page.url)
    assert match, page.url
    for number in (1, 2, 3):
        play_evening(page, base_url, match[1], match[2], number)
    return f"{base_url}/series/{match[1]}"


def fits(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page is {width} px wide"


@pytest.mark.parametrize("lang, about, rating", [
    ("en", "about", "Rating"), ("nl", "ongeveer", "Rating"), ("de", "etwa", "Wertungszahl")])
def test_the_series_page_on_a_phone(page: Page, series_url: str, lang, about, rating):
    page.goto(f"{series_url}?lang={lang}")
    rows = page.locator("#series-standings tbody tr")
    expect(rows).to_have_count(8)
    expect(rows.first.locator("th")).to_have_text("Anna")
    expect(rows.first.locator(".rating")).to_contain_text(about)
    expect(page.locator("#series-standings thead")).to_contain_text(rating)
    fits(page)
    # The rating column stays on the screen, beside the name.
    box = rows.first.locator(".rating").bounding_box()
    assert box and box["x"] + box["width"] <= 360
    page.locator("#player-1 summary").click()
    chart = page.locator("#player-1 .rating-chart svg")
    expect(chart).to_be_visible()
    assert chart.bounding_box()["width"] <= 340
    expect(page.locator("#player-1 .record")).to_be_visible()
    fits(page)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"series-{lang}.png"), full_page=True)


def test_the_event_form_offers_the_series(page: Page, series_url: str, base_url: str):
    page.goto(f"{base_url}/events?lang=en")
    select = page.locator("#series")
    expect(select).to_be_visible()
    expect(select.locator("option")).to_have_text(["No series", "Clubcompetitie 2027"])
    fits(page)
