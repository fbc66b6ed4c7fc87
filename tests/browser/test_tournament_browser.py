"""A three-player tournament on a phone: the draft with an undo, then every game's results."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect


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

    page.get_by_role("button", name="Start the tournament").tap()
    expect(page).to_have_url(re.compile(r"/tournament/\d+"))
    expect(page.locator("main")).to_contain_text("The four rows start with 31, 32, 33, 34.")

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


def test_the_draft_asks_for_names_first(page: Page, base_url: str):
    page.goto(f"{base_url}/tournament?lang=de")
    page.fill("#name1", "Ann")
    page.get_by_role("button", name="Karten auf diesem Handy wählen").tap()
    expect(page.locator("#draft-status")).to_have_text(
        "Trage zuerst 2 bis 5 verschiedene Namen ein."
    )
