"""The checker without a connection, on a phone (360 x 740): after one visit online, share
links and typed tables are answered on the phone, word for word as the server answers them.

Each test gets a fresh browser context, so no worker, cache or storage leaks between tests.
"""

from __future__ import annotations

import re

from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.test_pwa_browser import controlled

#: Share links as the checker writes them (no language: the one last used applies).
LINKS = {
    # Rule 4: 3 is lower than every end card; Ann takes the cheapest row, 2 (1 bullhead).
    "rule4": "r1=30,36&r2=37&r3=43,44&r4=58,61&player=Ann&card=3&player=Bob&card=9"
             "&player=Cas&card=68",
    # Double: twins 15 revealed together go after 14 as the 6th card of row 1; Ann and Bob
    # share its 11 bullheads, 6 each (half, rounded up).
    "double": "variant=double&max_card=104&r1=10,11,12,13,14&r2=16,18,18,20&r3=50&r4=70"
              "&player=Ann&card=15&player=Bob&card=15",
    # Professional: 25 is 5 before row 2's 30 and 15 after row 1's 10: it goes on the left.
    "left": "variant=professional&max_card=104&r1=10&r2=30&r3=50&r4=70&player=Ann&card=25"
            "&player=Bob&card=44",
}
DUTCH = {"rule4": "Ann neemt rij 2; 3 begint die rij opnieuw.",
         "double": "Bob legt 15 op haar tweeling in rij 1.",
         "left": "Ann legt 25 vooraan in rij 2."}


def visit_once(page: Page, base_url: str, lang: str) -> None:
    """One visit online: the worker installs (the checker stored in every language)."""
    page.goto(f"{base_url}/check?lang={lang}")
    assert controlled(page) == f"{base_url}/sw.js"


def result_text(page: Page) -> str:
    result = page.locator("#result section.result")
    expect(result).to_be_visible()
    return result.inner_text()


def test_share_links_read_the_same_online_and_offline(page: Page, context: BrowserContext,
                                                      base_url: str):
    visit_once(page, base_url, "nl")
    online = {}
    for name, query in LINKS.items():
        page.goto(f"{base_url}/check?{query}")
        expect(page.locator("#result .steps .step-what").filter(has_text=DUTCH[name]))\
            .to_have_count(1)
        expect(page.locator("#computed-here")).to_be_hidden()
        online[name] = result_text(page)

    context.set_offline(True)
    for name, query in LINKS.items():
        page.goto(f"{base_url}/check?{query}")
        expect(page.locator("html")).to_have_attribute("lang", "nl")
        expect(page.locator("#computed-here")).to_have_text(
            "Dit antwoord is op deze telefoon uitgerekend.")
        assert result_text(page) == online[name], name
        # The fields hold the link's table, and the address is the share link again.
        expect(page.locator("#r1")).to_have_value(query.split("r1=")[1].split("&")[0])
        expect(page).to_have_url(re.compile(re.escape(query.split("r1=")[1]) + "$"))
    expect(page.locator("#offline-note")).to_contain_text(
        "De kaartcontrole antwoordt toch: ze rekent de beurt op deze telefoon uit.")

    # A rule-4 choice offline: the answer changes in place, still worded as the server's.
    page.goto(f"{base_url}/check?{LINKS['rule4']}")
    page.locator("#result .steps > .step").first.locator(".row-choices a").nth(3).tap()
    expect(page.locator("#result .step-what").first).to_have_text(
        "Ann neemt rij 4; 3 begint die rij opnieuw.")
    expect(page).to_have_url(re.compile(r"&take=4&take=&take=$"))
    offline_choice = result_text(page)
    context.set_offline(False)
    page.goto(page.url)
    expect(page.locator("#computed-here")).to_be_hidden()
    assert result_text(page) == offline_choice


def test_a_table_typed_offline_is_answered_on_the_phone(page: Page, context: BrowserContext,
                                                        base_url: str):
    visit_once(page, base_url, "en")
    context.set_offline(True)
    page.reload()
    loads: list[str] = []
    page.on("load", lambda loaded: loads.append(loaded.url))
    page.locator("#use-grid").uncheck()
    for row, text in enumerate(("12", "37", "43", "58"), start=1):
        page.fill(f"#r{row}", text)
    for index, (name, card) in enumerate((("Ann", "14"), ("Bob", "44"))):
        page.locator('.plays input[name="player"]').nth(index).fill(name)
        page.locator(".plays .card-input").nth(index).fill(card)
    page.get_by_role("button", name="Show where the cards go").tap()
    expect(page.locator("#result .step-what")).to_have_text(
        ["Ann lays 14 in row 1.", "Bob lays 44 in row 3."])
    expect(page.locator("#computed-here")).to_have_text(
        "This answer was worked out on this phone.")
    assert loads == []  # never left the page: everything typed is still there
    expect(page.locator("#r4")).to_have_value("58")
    expect(page.locator('.plays input[name="player"]').nth(1)).to_have_value("Bob")
    expect(page).to_have_url(re.compile(
        r"/check\?variant=basic&max_card=104&r1=12&r2=37&r3=43&r4=58"
        r"&player=Ann&card=14&player=Bob&card=44$"))
    offline = result_text(page)
    # A typo offline is explained next to the fields, in the server's words.
    page.fill("#r2", "37, x")
    expect(page.locator(".live-error")).to_have_text("Row 2: “x” is not a card number.")
    expect(page.locator("#result section.result")).to_have_count(0)

    context.set_offline(False)
    page.goto(page.url)  # the share link, answered by the server
    assert result_text(page) == offline


def test_the_checker_offline_speaks_the_links_language(page: Page, context: BrowserContext,
                                                       base_url: str):
    visit_once(page, base_url, "nl")
    context.set_offline(True)
    page.goto(f"{base_url}/check?lang=en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("h1")).to_have_text("Placement checker")
    # A link without a language now opens in English too: the last one chosen.
    page.goto(f"{base_url}/check?r1=12&r2=37&r3=43&r4=58&card=14")
    expect(page.locator("#result .step-what")).to_have_text(["A lays 14 in row 1."])
    page.goto(f"{base_url}/check?lang=de&r1=12&r2=37&r3=43&r4=58&card=14")
    expect(page.locator("#result .step-what")).to_have_text(["A legt 14 in Reihe 1."])


def test_the_shape_offline_five_rows_and_the_seventh_card(page: Page, context: BrowserContext,
                                                          base_url: str):
    visit_once(page, base_url, "de")
    query = "rows=5&takes_at=7&r1=1,2,3,4,5,6&r2=37&r3=43&r4=50&r5=90&card=7&card=44"
    page.goto(f"{base_url}/check?{query}")
    online = result_text(page)
    context.set_offline(True)
    page.goto(f"{base_url}/check?{query}")
    assert result_text(page) == online
    expect(page.locator("#r5")).to_be_visible()
    expect(page.locator('input[name="takes_at"][value="7"]')).to_be_checked()
    expect(page.locator("#result .why").first).to_contain_text(
        "Aber Reihe 1 hat schon 6 Karten, und 7 wäre dort die 7. Karte")
