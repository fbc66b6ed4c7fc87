"""The score sheet on a 360x740 phone: deals refused with what was typed kept, the sheet
keeping its names and totals in view, ten players, card entry, Hand's all-zero question,
local times and 44-pixel targets."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from playwright.sync_api import Browser, Locator, Page, expect

from tests.browser.phone import every_request, saved

FOUR = ["Anna", "Bernadette", "Clara", "Dirk"]
EIGHT = ["Anna", "Bernadette", "Clara", "Dirk", "Emiel", "Femke", "Gijsbrecht", "Hanna"]


def new_game(page: Page, base_url: str, players: list[str], deals: list[list[int]] = (),
             **settings) -> str:
    """A game started and played through the JSON interface; its sheet's URL."""
    page.goto(f"{base_url}/?lang=en")
    headers = {"X-CSRFToken": page.locator("meta[name=csrf-token]").get_attribute("content")}
    game = page.request.post(f"{base_url}/api/v1/games", headers=headers,
                             data={"players": players, **settings}).json()
    for number, values in enumerate(deals, start=1):
        answer = page.request.post(
            f"{base_url}/api/v1/games/{game['id']}/deals", headers=headers,
            data={"number": number, "bullheads": dict(zip(players, values, strict=True))})
        assert answer.status == 201, answer.text()
    return f"{base_url}/games/{game['id']}"


def in_viewport(locator: Locator) -> bool:
    """Wholly on the 360x740 screen (to a pixel: a scroll stops at fractions)."""
    box = locator.bounding_box()
    return bool(box) and box["y"] >= -1 and box["y"] + box["height"] <= 741 \
        and box["x"] >= -1 and box["x"] + box["width"] <= 361


def until_in_view(page: Page, *locators: Locator) -> None:
    """Wait up to 5 s until every locator is wholly on the screen: a save answered by the
    server's page (the script not yet running on a busy machine) is scrolled to its
    anchor first and settles when the script has drawn the sheet."""
    for _ in range(50):
        if all(in_viewport(locator) for locator in locators):
            return
        page.wait_for_timeout(100)
    outside = [locator.text_content() for locator in locators if not in_viewport(locator)]
    raise AssertionError(f"not wholly on the screen: {outside}")


def test_an_empty_and_an_impossible_deal_are_refused_and_what_was_typed_stays(
        page: Page, base_url: str):
    page.goto(new_game(page, base_url, FOUR))
    for seat in range(4):  # empty is empty: no grey 0 that looks typed
        expect(page.locator(f"#bh-{seat}")).to_have_value("")
        assert page.locator(f"#bh-{seat}").get_attribute("placeholder") is None

    page.get_by_role("button", name="Save deal 1").click()
    error = page.locator("#deal-error")
    expect(error).to_contain_text("This deal adds up to 0 bullheads")
    expect(error).to_contain_text("with 4 players at least 24 must be taken")
    assert in_viewport(error)

    for seat, value in enumerate(("10", "5", "3", "")):
        page.fill(f"#bh-{seat}", value)
    page.get_by_role("button", name="Save deal 1").click()
    expect(error).to_contain_text("This deal adds up to 18 bullheads")
    assert in_viewport(error)
    expect(page.locator("#bh-0")).to_have_value("10")
    expect(page.locator("#bh-1")).to_have_value("5")
    expect(page.locator("#bh-2")).to_have_value("3")
    expect(page.locator("#bh-3")).to_have_value("")
    expect(page.get_by_text("The deals will appear here.")).to_be_visible()

    page.fill("#bh-3", "6")
    page.get_by_role("button", name="Save deal 1").click()
    expect(page.locator("tfoot td")).to_have_text(["10", "5", "3", "6"])


def test_after_saving_the_names_the_newest_deal_and_the_totals_are_in_view(
        page: Page, base_url: str):
    deals = [[6, 6, 6, 6]] * 11  # 11 deals: more rows than the frame shows at once
    page.goto(new_game(page, base_url, FOUR, deals, threshold=200))
    for seat, value in enumerate((10, 7, 0, 9)):
        page.fill(f"#bh-{seat}", str(value))
    page.get_by_role("button", name="Save deal 12").click()
    expect(page).to_have_url(re.compile(r"#sheet$"))
    expect(page.locator("tfoot td")).to_have_text(["76", "73", "66", "75"])
    newest = page.locator("tbody tr").last
    expect(newest.locator("th")).to_have_text("12")
    until_in_view(page, *page.locator("thead th.player").all(), newest,
                  page.locator("tfoot tr"))
    # The names sit above the newest deal, the totals below it.
    assert page.locator("thead").bounding_box()["y"] < newest.bounding_box()["y"] \
        < page.locator("tfoot").bounding_box()["y"]


def test_the_deal_that_ends_the_game_brings_the_winner_into_view(page: Page, base_url: str):
    page.goto(new_game(page, base_url, FOUR, [[20, 10, 5, 9]] * 3))
    for seat, value in enumerate((8, 4, 9, 6)):
        page.fill(f"#bh-{seat}", str(value))
    page.get_by_role("button", name="Save deal 4").click()
    banner = page.locator("#status")
    expect(banner).to_contain_text("The game is over.")
    expect(banner).to_contain_text("Clara wins with 24 bullheads.")
    assert in_viewport(banner.locator(".end"))


def test_eight_players_keep_their_names_and_the_deal_column_in_place(page: Page, base_url: str):
    deals = [[8, 9, 10, 11, 12, 13, 14, 2], [14, 13, 12, 11, 10, 9, 8, 2]] * 5  # 64 at least
    page.goto(new_game(page, base_url, EIGHT, deals, threshold=200))
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    # The standings: every name in full, ranked, with its total, in 360 px.
    standings = page.locator("#standings")
    assert standings.evaluate("t => t.scrollWidth") <= 360
    expect(standings.locator("tbody th .name")).to_have_text(
        ["Hanna", "Anna", "Bernadette", "Clara", "Dirk", "Emiel", "Femke", "Gijsbrecht"])
    expect(standings.locator("tbody .total")).to_have_text(["20"] + ["110"] * 7)
    expect(standings.locator("tbody .rank")).to_have_text(["1", "2", "2", "2", "2", "2", "2", "2"])
    for name in standings.locator("tbody th .name").all():
        assert in_viewport(name) or name.evaluate("n => n.scrollWidth <= n.clientWidth + 1")

    # The sheet scrolls sideways inside its frame; the deal numbers and the names stay.
    frame = page.locator("#sheet-frame")
    frame.evaluate("f => f.scrollIntoView()")
    assert frame.evaluate("f => f.scrollWidth > f.clientWidth")  # eight columns are wider
    frame.evaluate("f => { f.scrollLeft = f.scrollWidth; }")
    left = frame.bounding_box()["x"]
    numbers = frame.locator("tbody th")
    for cell in (numbers.last, frame.locator("tfoot th"), frame.locator("thead th").first):
        box = cell.bounding_box()
        assert abs(box["x"] - left) <= 2 and in_viewport(cell), cell.text_content()
    expect(numbers.last).to_have_text("10")  # the frame opens at the newest deal
    expect(page.locator("thead th.player").last).to_have_text("Hanna")
    assert in_viewport(page.locator("thead th.player").last)
    # Scrolled up to the first deal, the names are still the frame's top line.
    frame.evaluate("f => { f.scrollTop = -f.scrollHeight; }")
    assert in_viewport(numbers.first) and abs(numbers.first.bounding_box()["x"] - left) <= 2
    name_top = page.locator("thead th.player").first.bounding_box()["y"]
    assert abs(name_top - frame.bounding_box()["y"]) <= 2


def test_card_entry_keeps_whose_cards_in_view_while_tapping(page: Page, base_url: str):
    """A real four-player deal: 26 cards taken (Clara took none)."""
    taken = {"Anna": [5, 8, 12, 13, 19, 55, 57, 60],
             "Bernadette": [22, 24, 25, 28, 31, 33],
             "Dirk": [40, 41, 44, 45, 47, 66, 70, 71, 75, 77, 88, 90]}
    page.goto(new_game(page, base_url, FOUR))
    expect(page.locator("#deal-title")).to_have_text("Deal 1")
    expect(page.locator("#preview-button")).to_have_count(0)  # the form's script has run
    # The deck's 104 buttons are made when the cards are chosen, not with the page.
    assert page.locator(".grid-cards .card").count() == 0
    taps = 0
    page.get_by_label("Cards taken").tap()
    expect(page.locator(".grid-cards .card")).to_have_count(104)
    taps += 1
    grid = page.locator(".card-grid")
    # The grid comes before the players' fields: no scrolling past them.
    assert grid.bounding_box()["y"] < page.locator(".deal-player").first.bounding_box()["y"]
    bar = page.locator(".grid-bar")
    for name, cards in taken.items():
        chip = page.locator(".grid-players button", has_text=name)
        if chip.get_attribute("aria-pressed") != "true":
            chip.tap()
            taps += 1
        for card in cards:
            button = page.locator(f".grid-cards .card[data-card='{card}']")
            button.tap()
            taps += 1
            # Whose cards these are is on screen with the card just tapped.
            assert in_viewport(button) and in_viewport(bar), (name, card)
            expect(chip).to_have_attribute("aria-pressed", "true")
        expect(chip.locator(".grid-sum")).to_have_text(
            {"Anna": "17", "Bernadette": "15", "Dirk": "36"}[name])
    expect(page.locator("#cards-2")).to_have_value("")
    expect(page.locator("#cards-3")).to_have_value("40 41 44 45 47 66 70 71 75 77 88 90")
    page.get_by_role("button", name="Save deal 1").click()
    taps += 1
    # Clara's field is empty: took she none, or was she forgotten? The table says.
    expect(page.locator("#empty-question")).to_contain_text("Nothing is entered for Clara.")
    page.get_by_label("Yes, Clara has 0").tap()
    page.get_by_role("button", name="Save deal 1").click()
    taps += 2
    assert taps == 32  # 1 mode + 26 cards + 2 player changes + 1 save, 0 confirmed, saved
    expect(page.locator("tfoot td")).to_have_text(["17", "15", "0", "36"])
    # The next deal opens in card entry: this phone's way is remembered.
    expect(page.get_by_label("Cards taken")).to_be_checked()
    expect(grid).to_be_visible()


def test_hand_deal_where_everyone_has_0_is_asked_first(page: Page, base_url: str):
    page.goto(new_game(page, base_url, FOUR, variant="hand"))
    for seat in range(4):  # typed, each 0: the question is whether that is right
        page.fill(f"#bh-{seat}", "0")
        page.fill(f"#hand-{seat}", "0")
    page.get_by_role("button", name="Save deal 1").click()
    question = page.locator("#zero-question")
    expect(question).to_contain_text("Everyone has 0 in this deal.")
    assert in_viewport(question)
    expect(page.get_by_text("The deals will appear here.")).to_be_visible()  # nothing saved
    box = page.get_by_label("Yes, everyone has 0 in this deal")
    for target in (box, question.locator("label")):
        size = target.bounding_box()
        assert size["width"] >= 44 and size["height"] >= 44
    box.check()
    page.get_by_role("button", name="Save deal 1").click()
    expect(page.locator("tfoot td")).to_have_text(["0", "0", "0", "0"])
    expect(page.locator("#zero-question")).to_have_count(0)


def test_an_empty_field_is_asked_and_a_virgin_named_before_the_deal_is_saved(
        page: Page, base_url: str):
    """Ten, nine and eight typed, Dirk forgotten: with Virgin doubling a 0 would double
    everyone else. The deal waits until Dirk's field is filled or his 0 confirmed; all of
    it on the phone, the server unreachable while the browser says it is online."""
    sheet = new_game(page, base_url, FOUR, virgin_doubling=True)
    game_id = sheet.rsplit("/", 1)[1]
    page.goto(sheet)
    expect(page.locator("#sync-state")).to_have_text("All saved.")  # the phone keeps it
    cut = every_request(base_url)
    page.context.route(cut, lambda route: route.abort())
    for seat, value in enumerate(("10", "9", "8")):
        page.fill(f"#bh-{seat}", value)
    page.get_by_role("button", name="Save deal 1").click()
    question = page.locator("#empty-question")
    expect(question).to_have_text(re.compile(
        r"^Nothing is entered for Dirk\. A 0 makes Dirk a virgin: everyone else's bullheads in "
        r"this deal count double\. Fill it in, or tick the box if it is 0\.\s*Yes, Dirk has 0$"))
    assert in_viewport(question)
    expect(page.get_by_text("The deals will appear here.")).to_be_visible()  # nothing saved
    expect(page.locator("#deal-title")).to_have_text("Deal 1")

    page.fill("#bh-0", "20")
    page.fill("#bh-2", "")  # another field emptied: the question names both, unticked
    page.get_by_label("Yes, Dirk has 0").check()
    page.get_by_role("button", name="Save deal 1").click()
    expect(question).to_contain_text("Nothing is entered for Clara and Dirk.")
    expect(page.get_by_label("Yes, Clara and Dirk have 0")).not_to_be_checked()

    page.fill("#bh-0", "10")
    page.fill("#bh-2", "8")
    page.get_by_role("button", name="Save deal 1").click()
    page.get_by_label("Yes, Dirk has 0").check()
    page.get_by_role("button", name="Save deal 1").click()
    expect(page.locator("tfoot td")).to_have_text(["20", "18", "16", "0"])  # Dirk the virgin
    expect(page.locator("#empty-question")).to_have_count(0)
    expect(page.locator("#deal-title")).to_have_text("Deal 2")

    for seat, value in enumerate(("5", "6", "7", "8")):  # all typed: nothing to ask
        page.fill(f"#bh-{seat}", value)
    page.get_by_role("button", name="Save deal 2").click()
    expect(page.locator("tfoot td")).to_have_text(["25", "24", "23", "8"])
    expect(page.locator("#sheet-frame tbody tr.unsent")).to_have_count(2)
    page.context.unroute(cut)
    saved(page)
    deals = page.request.get(f"{base_url}/api/v1/games/{game_id}").json()["deals"]
    assert [list(d["bullheads"].values()) for d in deals] == [[10, 9, 8, 0], [5, 6, 7, 8]]


def test_history_times_are_shown_in_the_phones_time_zone(browser: Browser, base_url: str,
                                                        browser_context_args):
    context = browser.new_context(**{**browser_context_args, "locale": "de-DE",
                                     "timezone_id": "Asia/Kolkata"})
    page = context.new_page()
    sheet = new_game(page, base_url, ["Ann", "Bob"], [[3, 2]])
    page.goto(f"{sheet}/history?lang=de")
    time = page.locator(".history time").first
    stamp = time.get_attribute("datetime")
    local = datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ").replace(
        tzinfo=UTC).astimezone(ZoneInfo("Asia/Kolkata"))
    expect(time).to_contain_text(local.strftime("%d.%m.%Y"))
    expect(time).to_contain_text(local.strftime("%H:%M"))
    expect(time).not_to_contain_text("UTC")
    context.close()


def too_small(page: Page) -> list[str]:
    """Buttons, inputs, labels and stand-alone links in the page's main part under 44x44."""
    return page.evaluate("""() => [...document.querySelectorAll(
        'main a, main button, main input:not([type=hidden]), main label, main summary')]
      .filter((el) => el.getClientRects().length && !el.closest('.visually-hidden, p.hint')
        && getComputedStyle(el).visibility !== 'hidden'
        && !(el.tagName === 'LABEL' && el.classList.contains('visually-hidden')))
      .map((el) => [el, el.getBoundingClientRect()])
      .filter(([el, r]) => r.width < 44 || r.height < 44)
      .map(([el, r]) => `${el.tagName}${el.name ? '[' + el.name + ']' : ''}:`
        + `${el.textContent.trim().slice(0, 20)} `
        + `${r.width}x${r.height}`)
    """)


def test_every_target_on_the_sheet_history_and_correction_is_44_px(page: Page, base_url: str):
    deals = [[8, 9, 10, 11, 12, 13, 14, 2]] * 3
    sheet = new_game(page, base_url, EIGHT, deals, virgin_doubling=True)
    page.goto(sheet)
    page.get_by_role("link", name="Correct deal 2").click()
    page.wait_for_load_state("load")  # measured with its style sheets applied
    assert too_small(page) == []
    page.fill("#bh-0", "4")
    page.get_by_role("button", name="Save the correction").click()
    page.wait_for_load_state("load")
    legend = page.locator("#corrected-legend")  # the "*" is explained on the page itself
    expect(legend).to_contain_text("marks a corrected deal")
    expect(page.locator("#sheet-frame tbody tr").nth(1).locator(".corrected")).to_have_text("*")
    assert too_small(page) == []
    page.get_by_label("Cards taken").check()
    assert too_small(page) == []
    page.goto(f"{sheet}/history")
    assert too_small(page) == []
