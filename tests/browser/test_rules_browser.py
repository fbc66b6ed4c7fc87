"""The rules reference on a phone: contents, "try it" into the checker, search, static files."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper import create_app
from scorekeeper.rules.examples import EXAMPLES
from scorekeeper.rules.export import freeze_rules

TITLES = {
    "en": ("Contents", "Rule 2: smallest difference", "Variant 8: Double"),
    "nl": ("Inhoud", "Regel 2: het kleinste verschil", "Variant 8: Dubbel"),
    "de": ("Inhalt", "Regel 2: niedrigste Differenz", "Variante 8: Doppelt"),
}


def fits_the_phone(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


@pytest.mark.parametrize("lang", list(TITLES))
def test_table_of_contents_leads_to_the_rules(page: Page, base_url: str, lang: str):
    contents, rule_2, double = TITLES[lang]
    page.goto(f"{base_url}/rules?lang={lang}")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    toc = page.locator("nav.toc")
    expect(toc.locator("h2")).to_have_text(contents)
    hrefs = toc.locator("a").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert len(hrefs) == 37  # 30 sections and 7 readings
    for href in hrefs:
        expect(page.locator(href)).to_have_count(1)

    toc.get_by_role("link", name=rule_2, exact=True).tap()
    expect(page).to_have_url(re.compile(r"#rule-2-smallest-difference$"))
    expect(page.locator("#rule-2-smallest-difference")).to_be_in_viewport()
    expect(page.locator("#rule-2-smallest-difference")).to_contain_text(rule_2)

    page.goto(f"{base_url}/rules?lang={lang}")
    page.locator("nav.toc").get_by_role("link", name=double, exact=True).tap()
    expect(page.locator("#variant-double")).to_be_in_viewport()
    fits_the_phone(page)


def drawn(row: tuple[int, ...]) -> list[str]:
    """A row as the checker draws it: a stacked twin is one card."""
    return [str(card) for i, card in enumerate(row) if i == 0 or row[i - 1] != card]


@pytest.mark.parametrize("anchor", [a for a, ex in EXAMPLES.items() if not ex.tie])
def test_try_it_opens_the_resolved_turn_in_the_checker(page: Page, base_url: str, anchor):
    example = EXAMPLES[anchor]
    page.goto(f"{base_url}/rules?lang=en#{anchor}")
    page.locator(f'a[data-example="{anchor}"]').tap()
    expect(page).to_have_url(re.compile(rf"/check\?variant={example.variant}&max_card=104&"))
    result = page.locator("#result .result")
    expect(result).to_be_visible()
    rows = result.locator(".table-rows").last.locator("li")
    expect(rows).to_have_count(len(example.after))
    for index, row in enumerate(example.after):
        shown = rows.nth(index).locator(".card").evaluate_all(
            "cards => cards.map(card => card.firstChild.textContent.trim())")
        assert shown == drawn(row), (index, shown)
    for player, points in example.taken.items():
        line = result.locator(".takes tr", has=page.locator(f'th:text-is("{player}")'))
        expect(line.locator("td.num")).to_have_text(re.compile(rf"^\s*{points} bullheads?\b"))
    fits_the_phone(page)


def test_try_it_on_the_professional_tie_shows_both_outcomes(page: Page, base_url: str):
    page.goto(f"{base_url}/rules?lang=en#example-professional-tie")
    page.locator('a[data-example="example-professional-tie"]').tap()
    result = page.locator("#result .result")
    expect(result.locator(".tie")).to_be_visible()
    expect(result.locator(".outcome")).to_have_count(2)


def test_bullhead_search_filters_the_table(page: Page, base_url: str):
    page.goto(f"{base_url}/rules?lang=de#bullheads")
    search = page.locator("#bh-card")
    search.fill("55")
    expect(page.locator("#bh-result")).to_have_text("Karte 55 trägt 7 Hornochsen.")
    expect(page.locator("#bh-grid li:visible")).to_have_count(1)
    expect(page.locator("#card-55")).to_have_class("hit")
    search.fill("105")
    expect(page.locator("#bh-result")).to_have_text(
        "Es gibt keine Karte 105: Die Karten reichen von 1 bis 104.")
    expect(page.locator("#bh-grid li:visible")).to_have_count(104)
    search.fill("x")
    expect(page.locator("#bh-result")).to_have_text("Gib eine ganze Zahl von 1 bis 104 ein.")
    search.fill("")
    expect(page.locator("#bh-result")).to_have_text("")
    fits_the_phone(page)


@pytest.fixture
def static_site(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite"),
                      "SECRET_KEY": "x"})
    destination = tmp_path / "site"
    freeze_rules(app, destination)
    return destination


def test_static_site_works_from_the_files(page: Page, static_site):
    page.goto((static_site / "index.html").as_uri())
    page.get_by_role("link", name=re.compile("De spelregels van 6 nimmt!")).tap()
    expect(page).to_have_url(re.compile(r"/nl/rules/index\.html$"))
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    # The stylesheet came along: the header has the site's colour.
    expect(page.locator(".site-header")).to_have_css("background-color", "rgb(122, 31, 31)")

    page.locator("nav.toc").get_by_role("link", name="Regel 2: het kleinste verschil").tap()
    expect(page).to_have_url(re.compile(r"nl/rules/index\.html#rule-2-smallest-difference$"))
    expect(page.locator("#rule-2-smallest-difference")).to_be_in_viewport()

    page.locator(".lang-switch").get_by_role("link", name="DE").tap()
    expect(page).to_have_url(re.compile(r"/de/rules/index\.html$"))
    expect(page.locator("h1")).to_have_text("Die Spielregeln von 6 nimmt!")
    # The script came along too: the search works from the disk.
    page.locator("#bh-card").fill("44")
    expect(page.locator("#bh-result")).to_have_text("Karte 44 trägt 5 Hornochsen.")
    # The examples open the exported checker next to the rules (tests in
    # test_site_checker_browser.py follow them).
    expect(page.locator("a[data-example]")).to_have_count(len(EXAMPLES))
    assert page.locator("a[data-example]").first.get_attribute("href").startswith(
        "../checker/index.html?")

    page.locator(".lang-switch").get_by_role("link", name="EN").tap()
    expect(page).to_have_url(re.compile(r"/en/rules/index\.html$"))
    expect(page.locator("html")).to_have_attribute("lang", "en")
    fits_the_phone(page)
