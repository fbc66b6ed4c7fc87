"""The exported checker (``make site``) opened from the disk in Chromium, with no network.

The site is frozen into a temporary folder as ``make site`` does, then opened through
``file://`` URLs, the case where ES modules are refused: the engine must come as the one
classic script written by the export. Every test runs with the browser offline.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from scorekeeper import create_app
from scorekeeper.rules.examples import EXAMPLES
from scorekeeper.rules.export import freeze_rules
from tests.browser.regions import assert_same, regions

#: What each language's page says (as the catalogs translate the live checker's sentences).
WORDS = {
    "en": {"button": "Show where the cards go", "rule2": "Rule 2: smallest difference",
           "ann": "Ann lays 14 in row 1.", "bob": "Bob lays 44 in row 3.",
           "zero": "0 bullheads", "row": "Row 1",
           "refused": "Row 1 is not in ascending order: 9 comes after 12."},
    "nl": {"button": "Toon waar de kaarten komen", "rule2": "Regel 2: het kleinste verschil",
           "ann": "Ann legt 14 in rij 1.", "bob": "Bob legt 44 in rij 3.",
           "zero": "0 runderkoppen", "row": "Rij 1",
           "refused": "Rij 1 loopt niet op: 9 ligt na 12."},
}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    app = create_app({"TESTING": True, "DATABASE": str(folder / "db.sqlite"),
                      "SECRET_KEY": "x"})
    freeze_rules(app, folder / "site")
    return folder / "site"


@pytest.fixture
def offline(page: Page) -> Page:
    page.context.set_offline(True)
    return page


def checker(site: Path, lang: str) -> str:
    return (site / lang / "checker" / "index.html").as_uri()


def fits_the_phone(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


#: The answer's section, as the live checker draws it (templates/check/_result.html).
RESULT = "#result > .result"


def step_texts(page: Page, scope: str = f"{RESULT} > .steps") -> list[list[str]]:
    """Each step's sentence and rule badge."""
    steps = page.locator(f"{scope} > .step")
    return steps.evaluate_all(
        "items => items.map(li => [li.querySelector('.step-what').textContent.trim(),"
        " li.querySelector('.rule-badge').textContent.trim()])")


def shown_rows(page: Page, scope: str = RESULT) -> list[list[str]]:
    """The rows after the turn (the rows before it are folded away above the steps)."""
    return page.locator(f"{scope} > .table-rows > li").evaluate_all(
        "rows => rows.map(row => [...row.querySelectorAll('.card')]"
        ".map(card => card.firstChild.textContent.trim()))")


def totals(page: Page, scope: str = RESULT) -> dict[str, str]:
    return dict(page.locator(f"{scope} > .takes tr").evaluate_all(
        "rows => rows.map(tr => [tr.querySelector('th').textContent,"
        " tr.querySelector('.num').textContent])"))


@pytest.mark.parametrize("lang", list(WORDS))
def test_booklet_example_typed_into_the_exported_checker(offline: Page, site, lang):
    words = WORDS[lang]
    page = offline
    page.goto(checker(site, lang))
    expect(page.locator("html")).to_have_attribute("lang", lang)
    for number, row in enumerate(("12", "37", "43", "58"), start=1):
        page.locator(f"#oc-r{number}").fill(row)
    lines = page.locator(".oc-play")
    lines.nth(0).locator('[name="player"]').fill("Ann")
    lines.nth(0).locator('[name="card"]').fill("14")
    lines.nth(1).locator('[name="player"]').fill("Bob")
    lines.nth(1).locator('[name="card"]').fill("44")
    page.get_by_role("button", name=words["button"]).tap()

    # The question is in the address now, so the answer can be shared and reloaded.
    expect(page).to_have_url(re.compile(r"checker/index\.html\?.*r1=12.*player=Ann&card=14"))
    expect(page.locator(f"{RESULT} .step")).to_have_count(2)
    assert step_texts(page) == [[words["ann"], words["rule2"]], [words["bob"], words["rule2"]]]
    assert shown_rows(page) == [["12", "14"], ["37"], ["43", "44"], ["58"]]
    assert totals(page) == {"Ann": words["zero"], "Bob": words["zero"]}
    expect(page.locator(f"{RESULT} > .table-rows .row-label").first).to_have_text(words["row"])
    fits_the_phone(page)

    # A refusal is worded in the page's language too.
    page.locator("#oc-r1").fill("12, 9")
    page.get_by_role("button", name=words["button"]).tap()
    expect(page.locator("#result .errors")).to_have_text(words["refused"])


@pytest.mark.parametrize("lang", list(WORDS))
def test_try_it_link_of_an_exported_rules_page_opens_the_answer(offline: Page, site, lang):
    page = offline
    page.goto((site / lang / "rules" / "index.html").as_uri() + "#example-rule-2")
    page.locator('a[data-example="example-rule-2"]').tap()
    expect(page).to_have_url(re.compile(rf"/{lang}/checker/index\.html\?variant=basic&"))
    expect(page.locator("#oc-r1")).to_have_value("12")
    steps = step_texts(page)
    assert len(steps) == 4 and all(step[1] == WORDS[lang]["rule2"] for step in steps)
    assert steps[0][0] == WORDS[lang]["ann"].replace("Ann", "A")
    assert shown_rows(page) == [["12", "14", "15"], ["37"], ["43", "44"], ["58", "61"]]
    fits_the_phone(page)


def drawn(row: tuple[int, ...]) -> list[str]:
    """A row as the page draws it: a stacked twin is one card."""
    return [str(card) for i, card in enumerate(row) if i == 0 or row[i - 1] != card]


@pytest.mark.parametrize("anchor", [a for a, ex in EXAMPLES.items() if not ex.tie])
def test_every_example_link_gives_the_drawn_outcome(offline: Page, site, anchor):
    example = EXAMPLES[anchor]
    page = offline
    page.goto((site / "en" / "rules" / "index.html").as_uri())
    page.locator(f'a[data-example="{anchor}"]').click()
    expect(page.locator(f"{RESULT} > .steps > .step")).to_have_count(len(example.plays))
    assert shown_rows(page) == [drawn(row) for row in example.after]
    taken = totals(page)
    for player, points in example.taken.items():
        assert taken[player] == f"{points} bullhead{'s' if points != 1 else ''}"


def test_professional_tie_shows_both_outcomes(offline: Page, site):
    page = offline
    page.goto((site / "en" / "rules" / "index.html").as_uri())
    page.locator('a[data-example="example-professional-tie"]').click()
    expect(page.locator(f"{RESULT} > .tie")).to_contain_text(
        "A's 53 fits at the end of row 2 and at the start of row 3")
    expect(page.locator(f"{RESULT} > .outcome > h3[id]")).to_have_text([
        "Option 1: at the end of row 2", "Option 2: at the start of row 3"])
    options = page.locator(f"{RESULT} > .outcome")
    assert step_texts(page, f"{RESULT} > .outcome:nth-of-type(1) > .steps")[0][0] == (
        "A lays 53 in row 2.")
    assert step_texts(page, f"{RESULT} > .outcome:nth-of-type(2) > .steps")[0][0] == (
        "A lays 53 at the start of row 3.")
    # Choosing an outcome opens this page again with the choice in its address.
    options.nth(1).locator("a[data-choice]").click()
    expect(page).to_have_url(re.compile(r"/en/checker/index\.html\?.*&place=3-left"))
    expect(page.locator(f"{RESULT} > .outcome")).to_have_count(0)
    assert step_texts(page)[0][0] == "A lays 53 at the start of row 3."


def test_three_rows_and_7_nimmt_from_the_form(offline: Page, site):
    page = offline
    page.goto(checker(site, "en"))
    page.locator("#oc-rows").select_option("3")
    expect(page.locator("#oc-r4")).to_be_hidden()
    page.locator("#oc-takes").select_option("7")
    for number, row in enumerate(("10, 11, 12, 13, 14, 15", "40", "60"), start=1):
        page.locator(f"#oc-r{number}").fill(row)
    page.locator('.oc-play [name="player"]').first.fill("Cas")
    page.locator('.oc-play [name="card"]').first.fill("16")
    page.get_by_role("button", name="Show where the cards go").tap()
    expect(page).to_have_url(re.compile(r"rows=3&takes_at=7"))
    assert step_texts(page)[0] == ["Cas takes row 1; 16 starts it anew.", "Rule 3: full row"]
    assert shown_rows(page) == [["16"], ["40"], ["60"]]


def test_phone_layout_language_switch_and_more_players(offline: Page, site):
    page = offline
    page.goto(checker(site, "en") + "?r1=12&r2=37&r3=43&r4=58&player=Ann&card=14")
    expect(page.locator(f"{RESULT} .step")).to_have_count(1)
    for control in page.locator("#check-form input:visible, #check-form select:visible, "
                                "#check-form button:visible").all():
        assert control.bounding_box()["height"] >= 44
    visible = page.locator(".oc-play:visible")
    expect(visible).to_have_count(4)
    page.get_by_role("button", name="Another player").tap()
    expect(visible).to_have_count(5)
    fits_the_phone(page)
    # Switching language keeps the question and answers it in the other language.
    page.locator(".lang-switch").get_by_role("link", name="NL").tap()
    expect(page).to_have_url(re.compile(r"/nl/checker/index\.html\?r1=12"))
    expect(page.locator(f"{RESULT} .step")).to_have_count(1)


#: Turns that use every part of the drawing: rule 2 on both sides (Professional), rule 3
#: in a shape of the postscript, rule 4 with rows as cheap, a shared take of twins
#: (Double), a tie settled later in the turn too, and refusals from the form and the
#: engine. (tests/test_check_page.py holds the drawing itself to the server's on every
#: kind of turn; this holds the exported page's wiring: its address, catalog and styles.)
ANSWERS = [
    "variant=professional&r1=10&r2=30&r3=50&r4=70&player=Ann&card=25&player=Bob&card=55",
    "rows=3&takes_at=5&r1=12,14,15,21&r2=37&r3=43&player=Ann&card=26&player=Bob&card=44",
    "r1=12&r2=13&r3=14&r4=16&player=Ann&card=3",
    "variant=double&r1=10,12&r2=19,20&r3=30&r4=40&player=Ann&card=5&player=Bob&card=5",
    "variant=professional&r1=10&r2=30&r3=50&r4=70&player=Ann&card=20&player=Bob&card=40",
    "r1=abc&r2=1&r3=2&r4=3&card=4",
    "r1=1,2,3,4,5,6&r2=7&r3=8&r4=9&card=10",
]
#: The answer's section, and a refusal's sentence: where each page shows them.
SERVER = {"result": "#result > .result", "error": '[data-part="error"] > .errors'}
EXPORTED = {"result": "#result > .result", "error": "#result > .errors"}


@pytest.fixture(scope="module")
def readers(browser: Browser) -> Iterator[dict[str, Page]]:
    """The live page read with scripts off, the exported one offline (file://)."""
    contexts = [browser.new_context(java_script_enabled=False),
                browser.new_context(viewport={"width": 360, "height": 740})]
    contexts[1].set_offline(True)
    yield {"server": contexts[0].new_page(), "exported": contexts[1].new_page()}
    for context in contexts:
        context.close()


def drawn_at(page: Page, address: str, where: dict[str, str], base: str) -> dict:
    """The page's answer and refusal, its own address written as ``PAGE`` (each page's
    links start with its own address)."""
    page.goto(address)
    read = regions(page, tuple(where.values()))
    found = {part: read[selector] for part, selector in where.items()}
    return json.loads(json.dumps(found).replace(base, "PAGE"))


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_the_exported_checker_draws_every_answer_as_the_live_server_does(
        readers, site, base_url: str, lang: str):
    exported_page = checker(site, lang)
    for query in ANSWERS:
        server = drawn_at(readers["server"], f"{base_url}/check?lang={lang}&{query}", SERVER,
                          f"{base_url}/check")
        exported = drawn_at(readers["exported"], f"{exported_page}?{query}", EXPORTED,
                            exported_page)
        assert server["result"] or server["error"], query
        assert_same(exported, server, ("result", "error"))
