"""A game or a tournament opened through its link joins the second phone's list: by the
page's own script, or by its button where scripts do not run (360x740). Opening the link
alone stores nothing on the server."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect


def start_game(page: Page, base_url: str) -> str:
    page.goto(f"{base_url}/?lang=en")
    for seat, name in enumerate(["Ann", "Bob"]):
        page.fill(f"#players-{seat}", name)
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", name=re.compile("Score sheet"))).to_be_visible()
    expect(page.locator("#keep-form")).to_have_count(0)  # started here: on this phone's list
    return re.sub(r"[?#].*", "", page.url)


def start_tournament(page: Page, base_url: str) -> str:
    page.goto(f"{base_url}/tournament?lang=en")
    for seat, (name, hand) in enumerate([("Ann", "1 3 5 7 9 11 13 15 17 19"),
                                          ("Bob", "2 4 6 8 10 12 14 16 18 20")], start=1):
        page.fill(f"#name{seat}", name)
        page.fill(f"#hand{seat}", hand)
    page.locator("#create").click()
    expect(page).to_have_url(re.compile(r"/tournament/[0-9a-f]{20}"))
    return re.sub(r"[?#].*", "", page.url)


def test_a_link_opened_with_scripts_keeps_the_game_by_itself(page: Page, browser,
                                                              browser_context_args, base_url):
    sheet = start_game(page, base_url)
    other = browser.new_context(**browser_context_args)
    try:
        phone = other.new_page()
        with phone.expect_response(lambda r: r.url.endswith("/keep")) as kept:
            phone.goto(sheet + "?lang=de")
        assert kept.value.status == 204
        expect(phone.locator("#keep-form")).to_be_hidden()
        assert any(c["name"] == "device" for c in other.cookies())
        phone.goto(f"{base_url}/games?lang=de")
        expect(phone.locator(".game-item")).to_have_count(1)
        phone.goto(sheet)
        expect(phone.locator("#keep-form")).to_have_count(0)
    finally:
        other.close()


def test_without_scripts_the_button_keeps_the_game(page: Page, browser, browser_context_args,
                                                   base_url):
    sheet = start_game(page, base_url)
    other = browser.new_context(**{**browser_context_args, "java_script_enabled": False})
    try:
        phone = other.new_page()
        phone.goto(sheet + "?lang=nl")
        button = phone.get_by_role("button", name="Dit spel in de lijst van deze telefoon bewaren")
        expect(button).to_be_visible()
        box = button.bounding_box()
        assert box and box["height"] >= 44 and box["x"] + box["width"] <= 360, box
        assert phone.evaluate("document.documentElement.scrollWidth") <= 360
        phone.goto(f"{base_url}/games")
        expect(phone.locator(".game-item")).to_have_count(0)  # opening kept nothing
        phone.goto(sheet)
        phone.get_by_role("button", name="Dit spel in de lijst van deze telefoon bewaren").click()
        expect(phone).to_have_url(sheet)
        expect(phone.locator("#keep-form")).to_have_count(0)
        phone.goto(f"{base_url}/games")
        expect(phone.locator(".game-item")).to_have_count(1)
    finally:
        other.close()


def test_a_tournaments_link_keeps_it_on_the_second_phone(page: Page, browser,
                                                         browser_context_args, base_url):
    link = start_tournament(page, base_url)
    expect(page.locator("#keep-form")).to_have_count(0)
    other = browser.new_context(**browser_context_args)
    try:
        phone = other.new_page()
        phone.goto(f"{base_url}/tournament?lang=en")
        expect(phone.locator(".recent-link")).to_have_count(0)
        with phone.expect_response(lambda r: r.url.endswith("/keep")) as kept:
            phone.goto(link)
        assert kept.value.status == 204
        expect(phone.locator("#keep-form")).to_be_hidden()
        phone.goto(f"{base_url}/tournament")
        expect(phone.locator(".recent-link")).to_have_count(1)
    finally:
        other.close()


def test_a_keep_that_cannot_reach_the_server_offers_the_button_again(
        page: Page, browser, browser_context_args, base_url):
    """Hidden from the first paint where scripts run, the button comes back when the
    page's own keeping fails, for the player to try again."""
    sheet = start_game(page, base_url)
    other = browser.new_context(**browser_context_args)
    try:
        phone = other.new_page()
        phone.route("**/keep", lambda route: route.abort())
        with phone.expect_event("requestfailed", lambda r: r.url.endswith("/keep")):
            phone.goto(sheet + "?lang=en")
        button = phone.get_by_role("button", name="Keep this game on this phone's list")
        expect(button).to_be_visible()
    finally:
        other.close()
