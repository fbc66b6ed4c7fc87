"""A qualifier of 20 players run as the night runs it: the director starts it on a phone
with sign-off and a knock-out of 16, a table's two players keep and sign its result on
their own phones (360 px), the next round waits until every table is signed, and the big
screen (1920 x 1080) follows the knock-out to its final table."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.browser.deals import enter_deal
from tests.browser.phone import every_request
from tests.conftest import PHONE

NAMES = ["Anna de Vries", "Bernd Müller", "Clara", "Dirk Jansen", "Émile", "Frank", "Greta",
         "Hans", "Ines", "Jonas", "Katrin", "Lukas", "Mia", "Noor", "Olaf", "Piet", "Quinten",
         "Rosa", "Sven", "Tess"]
#: One deal that ends a game of one deal: seat 2 wins.
DEAL = (25, 5, 15, 70)


def phone(browser: Browser) -> Page:
    return browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                               has_touch=True, locale="en-GB").new_page()


def fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def play_round_by_api(director: Page, base_url: str) -> None:
    """The tables the players' phones do not keep: their deals sent as a phone sends them,
    then signed by the director from the director's page."""
    token = director.request.get(f"{base_url}/pwa/csrf-token").json()["csrf_token"]
    for link in director.locator("#round .event-table:not(.done):not(.awaiting) "
                                 "a", has_text="Score sheet").all():
        sheet = link.get_attribute("href")
        game = director.request.get(f"{base_url}/api/v1{sheet}").json()
        answer = director.request.post(
            f"{base_url}/api/v1{sheet}/deals", headers={"X-CSRFToken": token},
            data={"number": 1, "bullheads": dict(zip(game["players"], DEAL, strict=True))})
        assert answer.status == 201, answer.text()
    director.reload()


def sign_all_as_director(director: Page) -> None:
    buttons = director.get_by_role("button", name=re.compile("Sign the result as the director"))
    while buttons.count():
        count = buttons.count()
        buttons.first.click()
        expect(buttons).to_have_count(count - 1)


def test_a_qualifier_with_sign_off_and_a_knockout(browser: Browser, base_url: str):
    director = phone(browser)
    director.goto(f"{base_url}/events?lang=en")
    director.fill("#name", "Kwalificatie Köln")
    director.fill("#players", "\n".join(NAMES))
    director.fill("#rounds", "2")
    director.check("#end-1")
    director.fill("#fixed_deals", "1")
    director.locator(".championship > summary").click()
    # The points per place mean something only for placement points.
    director.check("#scoring-1")
    expect(director.locator("#points_5")).to_be_hidden()
    director.check("#scoring-0")
    expect(director.locator("#points_5")).to_be_visible()
    director.check("#sign_off")
    director.select_option("#knockout", "16")
    fits(director)
    director.get_by_role("button", name="Start the event").click()
    expect(director.locator("#event-options")).to_contain_text("Signed results:")
    expect(director.locator("#event-options")).to_contain_text("the best 16 play")
    event_url = director.url.split("/director/")[0]
    director.get_by_role("button", name="Draw the tables of event round 1").click()
    expect(director.locator("#round .event-table")).to_have_count(5)
    fits(director)

    # Table 1's two players open its sheet from the slip's link on their own phones.
    sheet = director.locator("#table-1-1 a", has_text="Score sheet").get_attribute("href")
    entering, other = phone(browser), phone(browser)
    for player in (entering, other):
        player.goto(f"{base_url}{sheet}?lang=en")
        expect(player.locator("#table-sign")).to_contain_text("When the game has ended")
    enter_deal(entering, 1, DEAL)
    part = entering.locator("#table-sign")
    expect(part).to_contain_text("This phone entered the last deal", timeout=15000)
    expect(entering.locator("#sign-button")).to_have_count(0)
    fits(entering)
    # The other phone learns of the game's end by itself, and signs.
    expect(other.locator("#sign-button")).to_be_visible(timeout=15000)
    fits(other)
    other.locator("#sign-button").click()
    expect(other.locator("#table-sign")).to_contain_text("Signed at the table.")
    # The phone that entered the deal sees the sign without a reload.
    expect(part).to_contain_text("Signed at the table.", timeout=15000)
    # A signed result takes no change from the sheet: the correction is refused there.
    token = entering.request.get(f"{base_url}/pwa/csrf-token").json()["csrf_token"]
    game = entering.request.get(f"{base_url}/api/v1{sheet}").json()
    refused = entering.request.put(
        f"{base_url}/api/v1{sheet}/deals/1", headers={"X-CSRFToken": token},
        data={"bullheads": dict(zip(game["players"], (5, 25, 15, 70), strict=True))})
    assert refused.status == 409 and refused.json()["code"] == "TableSignedOff"

    # The rest of round 1: entered, but the next round waits for every sign.
    director.reload()
    play_round_by_api(director, base_url)
    expect(director.locator("#round .event-table.awaiting")).to_have_count(4)
    expect(director.locator("#seat-waiting")).to_contain_text(
        "Event round 1 has 4 tables whose results await their signature")
    expect(director.get_by_role("button", name="Seat event round 2")).to_have_count(0)
    sign_all_as_director(director)
    director.get_by_role("button", name="Seat event round 2").click()
    expect(director.locator("#round-title")).to_have_text("Event round 2")
    play_round_by_api(director, base_url)
    sign_all_as_director(director)

    # The knock-out: four tables of the best 16, then the final table.
    director.get_by_role("button", name="Seat knock-out round 1").click()
    expect(director.locator("#round-title")).to_have_text("Knock-out round 1")
    expect(director.locator("#round .event-table")).to_have_count(4)
    fits(director)
    screen = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="en-GB")
    big = screen.new_page()
    big.goto(f"{event_url}/live?every=2")
    expect(big.locator("#live-knockout-title")).to_have_text("Knock-out round 1")
    expect(big.locator(".live-knockout li")).to_have_count(4)
    play_round_by_api(director, base_url)
    sign_all_as_director(director)
    # The big screen refreshes itself: each table's winner (seat 2) marked.
    expect(big.locator(".live-knockout .winner")).to_have_count(4, timeout=15000)
    winners = big.locator(".live-knockout .winner").all_inner_texts()
    assert big.evaluate("document.documentElement.scrollHeight") <= 1080
    director.get_by_role("button", name="Seat the final table").click()
    expect(director.locator("#round-title")).to_have_text("Final table")
    expect(big.locator("#live-knockout-title")).to_have_text("Final table", timeout=15000)
    finalists = director.locator("#round .event-table .seats").inner_text().split(", ")
    assert sorted(finalists) == sorted(winners)
    play_round_by_api(director, base_url)
    sign_all_as_director(director)
    expect(big.locator(".live-round")).to_have_text("Final standings", timeout=15000)
    top = big.locator(".standings tbody th").all_inner_texts()[:4]
    assert top == [finalists[1], finalists[2], finalists[0], finalists[3]]
    assert big.evaluate("document.documentElement.scrollHeight") <= 1080
    for page in (director, entering, other):
        page.context.close()
    screen.close()


def test_a_tables_sign_asks_only_on_the_sync_loops_round_trips(browser: Browser, base_url: str):
    """The sign on a table's sheet asks for its part only after the sheet's sync loop got
    the server's answer about the game: with the server out of reach while the browser
    says it is online, the loop's looks at the game fail and the sign asks nothing (it
    used to ask every 4 s on a clock of its own); once the server answers again, the
    phone that entered the last deal sees the other phone's sign."""
    director = phone(browser)
    director.goto(f"{base_url}/events?lang=en")
    director.fill("#name", "Clubavond met handtekening")
    director.fill("#players", "\n".join(NAMES[:8]))
    director.fill("#rounds", "1")
    director.check("#end-1")
    director.fill("#fixed_deals", "1")
    director.locator(".championship > summary").click()
    director.check("#sign_off")
    director.get_by_role("button", name="Start the event").click()
    director.get_by_role("button", name="Draw the tables of event round 1").click()
    expect(director.locator("#round .event-table")).to_have_count(2)
    sheet = director.locator("#table-1-1 a", has_text="Score sheet").get_attribute("href")
    entering, other = phone(browser), phone(browser)
    for player in (entering, other):
        player.goto(f"{base_url}{sheet}?lang=en")
    part = entering.locator("#table-sign")
    part_url = part.get_attribute("data-url")
    game_url = f"{base_url}/api/v1{sheet}"
    asked: list[str] = []
    entering.on("request", lambda request: asked.append(request.url))
    enter_deal(entering, 1, DEAL)
    expect(part).to_contain_text("This phone entered the last deal", timeout=15000)
    # While it waits for its sign, the sign asks no more often than the loop looks.
    with entering.expect_request(lambda request: request.url.startswith(
            f"{base_url}{part_url}")):
        pass
    assert 0 < asked.count(f"{base_url}{part_url}") <= asked.count(game_url)

    # The server out of reach, the browser online: the loop's looks fail, backing off
    # (1, 2, 4 s: the fourth failure comes 7 s after the first), and the sign asks nothing.
    server = every_request(base_url)
    entering.context.route(server, lambda route: route.abort())
    with entering.expect_event("requestfailed", lambda r: r.url.startswith(game_url)):
        pass
    asked.clear()
    for _ in range(3):
        with entering.expect_event("requestfailed", timeout=15000,
                                   predicate=lambda r: r.url.startswith(game_url)):
            pass
    other.locator("#sign-button").click()
    expect(other.locator("#table-sign")).to_contain_text("Signed at the table.")
    assert asked.count(game_url) >= 3 and f"{base_url}{part_url}" not in asked, asked
    expect(part).to_contain_text("This phone entered the last deal")

    # The server answers again: the loop's next answer brings the sign.
    entering.context.unroute(server)
    expect(part).to_contain_text("Signed at the table.", timeout=15000)
    fits(entering)
    for page in (director, entering, other):
        page.context.close()
