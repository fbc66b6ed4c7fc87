"""The checker on a phone (360 px): the first booklet example entered by tapping and typing.

Expected answers checked by hand against the booklet: 14 and 15 follow 12 in row 1, 44
follows 43 in row 3, 61 follows 58 in row 4, all by rule 2, and nobody takes a card.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

AFTER = [["12", "14", "15"], ["37"], ["43", "44"], ["58", "61"]]
WORDS = {
    "en": {"lays": "{p} lays {c} in row {r}.", "rule2": "Rule 2: smallest difference",
           "rule1": "Rule 1, “ascending order”", "nobody": "Nobody takes any cards this turn.",
           "row1": "Row 1", "card_a": "Card of A"},
    "nl": {"lays": "{p} legt {c} in rij {r}.", "rule2": "Regel 2: het kleinste verschil",
           "rule1": "Regel 1, “de opklimmende getalvolgorde”",
           "nobody": "Niemand neemt deze beurt kaarten.", "row1": "Rij 1",
           "card_a": "Kaart van A"},
    "de": {"lays": "{p} legt {c} in Reihe {r}.", "rule2": "Regel 2: niedrigste Differenz",
           "rule1": "Regel 1, „aufsteigende Reihenfolge“",
           "nobody": "Niemand nimmt in diesem Zug Karten.", "row1": "Reihe 1",
           "card_a": "Karte von A"},
}


def tap_number(page: Page, number: int) -> None:
    page.locator(f'#grid-panel button[data-card="{number}"]').tap()


def read_answer(page: Page, lang: str, players=("A", "B", "C", "D")) -> None:
    words = WORDS[lang]
    result = page.locator("#result .result")
    expect(result).to_be_visible()
    steps = result.locator(".steps > .step")
    expect(steps).to_have_count(4)
    for step, (player, card, row) in zip(
        steps.all(), zip(players, (14, 15, 44, 61), (1, 1, 3, 4), strict=True), strict=True
    ):
        expect(step.locator(".step-what")).to_have_text(
            words["lays"].format(p=player, c=card, r=row))
        expect(step.locator(".rule-badge")).to_have_text(words["rule2"])
        expect(step.locator(".why")).to_contain_text(words["rule1"])
    expect(result.locator(".nobody")).to_have_text(words["nobody"])
    rows = result.locator(".table-rows").last.locator("li")
    for row, cards in zip(rows.all(), AFTER, strict=True):
        texts = row.locator(".card").all_inner_texts()
        numbers = [re.match(r"\d+", text).group() for text in texts]
        assert numbers == cards
    # The new cards are marked, and bullheads are drawn: 44 has 5.
    expect(result.locator(".table-rows").last.locator(".card.new")).to_have_count(4)
    expect(result.locator('.table-rows >> nth=-1 >> .card[data-bh="5"]')).to_have_text(
        re.compile(r"^44\s*5"))


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_first_booklet_example_by_tapping_the_grid(page: Page, base_url: str, lang: str):
    assert page.viewport_size == {"width": 360, "height": 740}
    page.goto(f"{base_url}/check?lang={lang}")
    expect(page.locator("#grid-panel")).to_be_hidden()
    expect(page.locator(".grid-switch")).to_be_visible()  # the script has started
    # The deck's 104 buttons are made when the grid first opens, not with the page.
    assert page.locator("#grid-panel .grid button").count() == 0
    page.locator("#r1").tap()
    expect(page.locator("#grid-panel")).to_be_visible()
    expect(page.locator("#grid-panel .grid button")).to_have_count(104)
    # The grid names the field its taps go to, in the page's words (its catalog).
    target = page.locator("#grid-panel .target-name")
    expect(target).to_have_text(WORDS[lang]["row1"])
    for number in (12, 37, 43, 58):
        tap_number(page, number)
        page.locator('[data-grid="next"]').tap()
    expect(target).to_have_text(WORDS[lang]["card_a"])
    for number in (14, 15, 44, 61):  # a player's card moves on to the next player by itself
        tap_number(page, number)
    expect(page.locator("#r3")).to_have_value("43")
    expect(page.locator(".plays .card-input").nth(2)).to_have_value("44")
    expect(page.locator('#grid-panel button[data-card="44"]')).to_have_class(re.compile("used"))
    page.locator('[data-grid="done"]').tap()
    expect(page.locator("#grid-panel")).to_be_hidden()
    page.locator("button.resolve").tap()
    read_answer(page, lang)
    # The address bar now holds the share link, and opening it shows the same answer.
    expect(page).to_have_url(re.compile(r"/check\?variant=basic&max_card=104&r1=12&r2=37"))
    page.goto(page.url)
    read_answer(page, lang)


@pytest.mark.parametrize("lang", ["nl", "de"])
def test_first_booklet_example_by_typing(page: Page, base_url: str, lang: str):
    page.goto(f"{base_url}/check?lang={lang}")
    page.locator("#use-grid").uncheck()
    for row, text in enumerate(("12", "37", "43", "58"), start=1):
        page.fill(f"#r{row}", text)
    names = ("Ann", "Bob", "Cas", "Dirk")
    for index, (name, card) in enumerate(zip(names, ("61", "15", "44", "14"), strict=True)):
        page.locator('.plays input[name="player"]').nth(index).fill(name)
        page.locator(".plays .card-input").nth(index).fill(card)
    expect(page.locator("#grid-panel")).to_be_hidden()
    page.locator(".plays .card-input").nth(3).press("Enter")
    read_answer(page, lang, players=("Dirk", "Bob", "Cas", "Ann"))


def test_rule_four_choice_updates_the_answer_in_place(page: Page, base_url: str):
    page.goto(f"{base_url}/check?lang=en&r1=30,36&r2=37&r3=43,44&r4=58,61"
              "&player=Ann&card=3&player=Bob&card=9")
    first = page.locator("#result .steps > .step").first
    expect(first.locator(".step-what")).to_have_text("Ann takes row 2; 3 starts it anew.")
    first.locator(".row-choices a").nth(3).tap()
    expect(first.locator(".step-what")).to_have_text("Ann takes row 4; 3 starts it anew.")
    expect(page.locator(".plays select[name=take]").first).to_have_value("4")
    expect(page).to_have_url(re.compile(r"take=4"))


def test_without_javascript_the_form_posts(browser, browser_context_args, base_url: str):
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{base_url}/check?lang=de")
    expect(page.locator("#grid-panel")).to_be_hidden()
    for row, text in enumerate(("12", "37", "43", "58"), start=1):
        page.fill(f"#r{row}", text)
    for index, card in enumerate(("14", "15", "44", "61")):
        page.locator(".plays .card-input").nth(index).fill(card)
    page.locator("button.resolve").tap()
    read_answer(page, "de")
    expect(page.locator("#r4")).to_have_value("58")
    context.close()


def test_professional_tie_is_shown_and_a_choice_resolves_it(page: Page, base_url: str):
    page.goto(f"{base_url}/check?lang=nl&variant=professional&r1=10&r2=30&r3=50"
              "&r4=70,71,72,73,74&player=Ann&card=20&player=Bob&card=75")
    expect(page.locator(".tie h3")).to_have_text(
        "Een gelijk verschil waarover de boekjes niets zeggen")
    expect(page.locator(".outcome")).to_have_count(2)
    page.locator(".outcome").nth(1).locator("a[data-choice]").tap()
    expect(page.locator(".tie")).to_have_count(0)
    expect(page.locator("#result .steps > .step .step-what").first).to_have_text(
        "Ann legt 20 vooraan in rij 2.")
    expect(page.locator('.plays select[name="place"]').first).to_have_value("2-left")


def test_a_typo_is_explained_next_to_the_fields(page: Page, base_url: str):
    page.goto(f"{base_url}/check?lang=de&r1=12&r2=37&r3=43&r4=58&card=14")
    page.locator("#use-grid").uncheck()
    page.fill("#r2", "37, x")
    expect(page.locator(".live-error")).to_have_text("Reihe 2: „x“ ist keine Kartennummer.")
    expect(page.locator("#result .result")).to_have_count(0)
    page.fill("#r2", "37")
    expect(page.locator(".live-error")).to_be_hidden()
    expect(page.locator("#result .result")).to_be_visible()


def test_tactics_grid_counts_players_as_the_server_does(page: Page, base_url: str):
    page.goto(f"{base_url}/check?lang=en&variant=hand&deck=tactics")
    for row, text in enumerate(("1", "2", "3", "4"), start=1):
        page.fill(f"#r{row}", text)
    cards = page.locator(".plays .card-input")
    for index, card in enumerate(("5", "6", "7")):
        cards.nth(index).fill(card)
    grid = page.locator("#grid-panel .grid button")
    expect(grid).to_have_count(34)  # three unnamed lines: three players
    names = page.locator('.plays input[name="player"]')
    for index, name in enumerate(("Ann", "Ann", "Bob")):
        names.nth(index).fill(name)
    expect(grid).to_have_count(24)  # Ann's two cards (Hand) make two players
    cards.nth(2).fill("30")
    expect(page.locator(".live-error")).to_have_text(
        "Card 30 does not exist in this game: cards go from 1 to 24.")
    # Rows typed with a stacked twin are previewed as one card marked as a twin.
    page.fill("#r1", "1, 2, 2")
    expect(page.locator(".row-line").first.locator(".preview .card")).to_have_count(2)
    expect(page.locator(".row-line").first.locator(".preview .card.twin")).to_have_text(
        re.compile(r"^2\s*1"))


def test_the_table_shape_is_chosen_sent_and_remembered(page: Page, base_url: str):
    page.goto(f"{base_url}/check?lang=en")
    page.locator("#use-grid").uncheck()
    segment = page.locator("#shape-rows .segment span").first
    box = segment.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44  # a target a thumb can hit
    segment.tap()  # 3 rows
    page.locator("#shape-takes .segment span").first.tap()  # the 5th card takes a row
    expect(page.locator("#r4")).to_be_hidden()
    expect(page.locator("#r5")).to_be_hidden()
    for row, text in enumerate(("12, 14, 15, 21", "37", "43"), start=1):
        page.fill(f"#r{row}", text)
    page.locator(".plays .card-input").first.fill("26")
    page.locator("button.resolve").tap()
    expect(page.locator("#result .step-what").first).to_have_text(
        "A takes row 1; 26 starts it anew.")
    expect(page.locator("#result .why").first).to_contain_text(
        "But row 1 already holds 4 cards and 26 would be the 5th")
    expect(page).to_have_url(re.compile(
        r"max_card=104&rows=3&takes_at=5&r1=12,14,15,21&r2=37&r3=43&card=26$"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # The next visit starts with the same shape; a link keeps its own.
    page.goto(f"{base_url}/check?lang=en")
    expect(page.locator('input[name="rows"][value="3"]')).to_be_checked()
    expect(page.locator('input[name="takes_at"][value="5"]')).to_be_checked()
    expect(page.locator("#r4")).to_be_hidden()
    page.goto(f"{base_url}/check?lang=en&r1=12&r2=37&r3=43&r4=58&card=14")
    expect(page.locator('input[name="rows"][value="4"]')).to_be_checked()
    expect(page.locator("#result .table-rows").last.locator("li")).to_have_count(4)


def test_five_rows_without_javascript(browser, browser_context_args, base_url: str):
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{base_url}/check?lang=nl")
    page.locator("#shape-rows .segment").last.click()  # 5 rows: the fifth field appears
    expect(page.locator("#r5")).to_be_visible()
    for row, text in enumerate(("12", "37", "43", "58", "70"), start=1):
        page.fill(f"#r{row}", text)
    page.locator(".plays .card-input").first.fill("71")
    page.locator("button.resolve").click()
    expect(page.locator("#result .step-what").first).to_have_text("A legt 71 in rij 5.")
    expect(page.locator("#r5")).to_have_value("70")
    context.close()


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_the_grey_examples_are_not_a_table_the_button_says_what_is_missing(
        page: Page, browser, browser_context_args, base_url: str, lang: str):
    """The rows show 12, 37, 43, 58 in grey: placeholders, not cards. Tapping the button
    then says which row is empty (and, once the rows are there, that a card is missing), in
    the words the form without scripts uses."""
    plain = browser.new_context(**browser_context_args, java_script_enabled=False).new_page()
    said = []
    for where in (page, plain):
        where.goto(f"{base_url}/check?lang={lang}")
        expect(where.locator("#r1")).to_have_value("")
        assert where.locator("#r1").get_attribute("placeholder") == "12"
        if where is page:
            page.locator("#use-grid").uncheck()  # the rows typed, as the examples suggest
        where.locator("button.resolve").click()
        said.append(where.locator('[data-part="error"]').inner_text().strip())
        for row, text in enumerate(("12", "37", "43", "58"), start=1):
            where.fill(f"#r{row}", text)
        where.locator("button.resolve").click()
        said.append(where.locator('[data-part="error"]').inner_text().strip())
    expected = {"en": ["Row 1 is empty: every row holds at least one card.",
                       "Add at least one revealed card."]}
    assert said[:2] == said[2:], said
    assert all(said), said
    if lang in expected:
        assert said[:2] == expected[lang]
    else:
        assert said[0] != expected["en"][0]  # translated
    plain.context.close()
