"""Without JavaScript the score sheet is the server's and works through its forms: a game
started, deals saved, one corrected, the last undone and restored from the history, the
end announced, all in a browser whose scripts are off."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.browser.phone import server_game
from tests.conftest import PHONE


def test_a_game_to_its_end_through_the_forms_without_scripts(browser: Browser, base_url: str):
    context = browser.new_context(viewport=PHONE, locale="en-GB", java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{base_url}/?lang=en")
    for seat, name in enumerate(["Ann", "Bob", "Cas"]):
        page.get_by_label(f"Player {seat + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").click()
    game_id = page.url.split("/games/")[1].split("?")[0].split("#")[0]
    assert page.locator("#sync-state").inner_text() == ""  # no script drew anything

    for number, values in enumerate([(8, 4, 2), (3, 6, 5), (10, 2, 2)], start=1):
        for seat, value in enumerate(values):
            page.fill(f"#bh-{seat}", str(value))
        page.get_by_role("button", name=f"Save deal {number}").click()
    expect(page.locator("tfoot td")).to_have_text(["21", "12", "9"])

    page.get_by_role("link", name="Correct deal 2").click()
    for seat, value in enumerate((13, 0, 1)):
        page.fill(f"#bh-{seat}", str(value))
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator("tfoot td")).to_have_text(["31", "6", "5"])

    page.get_by_role("button", name="Undo deal 3").click()
    expect(page.locator("tfoot td")).to_have_text(["21", "4", "3"])
    page.get_by_role("link", name="Open the history").click()
    page.get_by_role("button", name="Restore deal 3").click()
    page.goto(f"{base_url}/games/{game_id}?lang=en")
    expect(page.locator("tfoot td")).to_have_text(["31", "6", "5"])

    for seat, value in enumerate((40, 3, 3)):
        page.fill(f"#bh-{seat}", str(value))
    page.get_by_role("button", name="Save deal 4").click()
    expect(page.locator("#status")).to_contain_text("The game is over.")
    expect(page.locator("#deal-form")).to_be_hidden()
    game = server_game(page, base_url, game_id)
    assert game["finished"] and game["totals"] == {"Ann": 71, "Bob": 9, "Cas": 8}
    assert [d["corrections"] for d in game["deals"]] == [0, 1, 0, 0]
    context.close()
