"""A four-player evening on a phone, in German: start, deals, a correction, the end."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser import deals
from tests.browser.phone import saved


def enter_deal(page: Page, number: int, values: tuple[int, ...], kept: bool = True) -> None:
    deals.enter_deal(page, number, values, save="Durchgang {number} speichern", kept=kept)


def test_four_player_game_to_the_end_in_german(page: Page, base_url: str):
    page.goto(f"{base_url}/?lang=de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    for seat, name in enumerate(["Anna", "Bernd", "Clara", "Dirk"]):
        page.fill(f"#players-{seat}", name)
    expect(page.locator("#players-4")).to_be_visible()  # one spare line appears
    page.get_by_role("button", name="Spiel starten").click()
    expect(page.get_by_role("heading", name=re.compile("Punktezettel"))).to_be_visible()
    expect(page.locator(".status")).to_contain_text("Wer die wenigsten Hornochsen hat, führt")

    # Deal 1, with the live preview checked before saving.
    for seat, value in enumerate((20, 10, 5, 0)):
        page.fill(f"#bh-{seat}", str(value))
    expect(page.locator(".deal-player").nth(0).locator("output")).to_have_text(
        "zählt 20, Summe 20")
    page.get_by_role("button", name="Durchgang 1 speichern").click()
    expect(page.locator(".status")).to_contain_text("Dirk mit 0")

    # A deal over the deck's bound is refused in German, and what was typed stays.
    enter_deal(page, 2, (100, 60, 8, 0), kept=False)
    expect(page.locator("#deal-error")).to_contain_text("168 Hornochsen")
    expect(page.locator("#bh-0")).to_have_value("100")

    enter_deal(page, 2, (30, 2, 10, 8))
    enter_deal(page, 3, (10, 5, 6, 3))  # 4 players: 24 bullheads at least
    expect(page.locator("tfoot")).to_contain_text("60")

    # Deal 2 was wrong: Anna took 25, not 30.
    page.get_by_role("link", name="Durchgang 2 korrigieren").click()
    expect(page.locator("#bh-0")).to_have_value("30")
    page.fill("#bh-0", "25")
    page.get_by_role("button", name="Korrektur speichern").click()
    totals = page.locator("tfoot td")
    expect(totals).to_have_text(["55", "17", "21", "11"])

    enter_deal(page, 4, (11, 6, 4, 5))
    expect(page.locator(".status")).to_contain_text("Das Spiel ist vorbei.")
    expect(page.locator(".status")).to_contain_text("Dirk gewinnt mit 16 Hornochsen.")
    expect(totals).to_have_text(["66", "23", "25", "16"])
    expect(page.locator("#deal-form")).to_be_hidden()
    expect(page.locator("svg polyline")).to_have_count(4)

    page.get_by_role("link", name="Verlauf der Eingaben und Korrekturen").click()
    expect(page.locator(".history li")).to_have_count(5)
    expect(page.locator(".history")).to_contain_text("Durchgang 2 korrigiert")
    expect(page.locator(".history")).to_contain_text("Anna: 30")


def test_card_grid_and_a_deal_from_another_phone(page: Page, base_url: str):
    page.goto(f"{base_url}/?lang=en")
    for seat, name in enumerate(["Ann", "Bob"]):
        page.fill(f"#players-{seat}", name)
    page.check("#virgin_doubling")
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f]{20}$"))  # the server has it
    game_url = page.url

    # Cards tapped on the grid fill the card fields and the preview counts them.
    page.get_by_label("Cards taken").check()
    page.locator(".grid-cards .card[data-card='55']").click()
    page.locator(".grid-players button", has_text="Bob").click()
    page.locator(".grid-cards .card[data-card='55']").click()  # moves the card to Bob
    page.locator(".grid-cards .card[data-card='11']").click()
    expect(page.locator("#cards-0")).to_have_value("")
    expect(page.locator("#cards-1")).to_have_value("55 11")
    expect(page.locator(".deal-player").nth(1).locator("output")).to_have_text(
        "counts 24, total 24")  # 7 + 5, doubled: Ann is the virgin
    page.get_by_role("button", name="Save deal 1").click()
    page.get_by_label("Yes, Ann has 0").check()  # Ann's cards are none: the table says so
    page.get_by_role("button", name="Save deal 1").click()
    expect(page.locator("tfoot td")).to_have_text(["0", "24"])
    saved(page)  # the phone has sent deal 1: the server numbers the next one 2

    # Another phone adds deal 2 through the JSON interface; this sheet follows.
    token = page.locator("meta[name=csrf-token]").get_attribute("content")
    game_id = game_url.rstrip("/").rsplit("/", 1)[1]
    answer = page.request.post(f"{base_url}/api/v1/games/{game_id}/deals",
                               headers={"X-CSRFToken": token},
                               data={"number": 2, "bullheads": {"Ann": 3, "Bob": 1},
                                     "client_id": "other-phone"})
    assert answer.status == 201
    expect(page.locator("tfoot td")).to_have_text(["3", "25"], timeout=10_000)


def test_a_game_in_another_shape_bounds_its_deals(page: Page, base_url: str):
    """5 rows, a row taken by its 5th card, 12 cards each, 3 players: 41 cards in play and
    at most 20 stay on the table, so a deal hands out 21 bullheads at least."""
    page.goto(f"{base_url}/?lang=en")
    for seat, name in enumerate(["Ann", "Bob", "Cas"]):
        page.fill(f"#players-{seat}", name)
    shape = page.locator("fieldset.shape")
    expect(shape.get_by_label("4", exact=True)).to_be_checked()
    expect(shape.get_by_label("6th")).to_be_checked()
    for chip in (shape.locator("label.chip").first, shape.locator("label.chip").nth(3)):
        assert chip.bounding_box()["height"] >= 44
    shape.get_by_label("5", exact=True).check()
    shape.get_by_label("5th").check()
    page.fill("#hand_size", "12")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".status")).to_contain_text(
        "5 rows of at most 4 cards; 12 cards in each hand.")

    for seat, value in enumerate((10, 10, 0)):
        page.fill(f"#bh-{seat}", str(value))
    page.get_by_role("button", name="Save deal 1").click()
    expect(page.locator("#deal-error")).to_contain_text("at least 21 must be taken")
    expect(page.locator("#bh-0")).to_have_value("10")
    page.fill("#bh-2", "1")
    page.get_by_role("button", name="Save deal 1").click()
    expect(page.locator("tfoot td")).to_have_text(["10", "10", "1"])
