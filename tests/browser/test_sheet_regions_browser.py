"""The score sheet drawn twice, read as one: the server's regions (its Jinja partials, the
page without JavaScript) and the phone's (static/js/sheet/view.js, drawing the same game
from the log the phone keeps), region by region, in English, Dutch and German, for every
shape of game the sheet words differently.

Each region is compared twice: as a reader sees its text (``innerText``, spaces folded),
and as a skeleton of its markup (element names, ids, classes, the attributes a reader or
a stylesheet relies on, the row and cell counts, the winner and leader marks), so a
sentence, a class or a missing element on either side fails here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.browser.phone import build, keeping_then_unreachable
from tests.browser.regions import assert_same
from tests.browser.regions import regions as read_regions

LANGUAGES = {"en": "en-GB", "nl": "nl-NL", "de": "de-DE"}

#: The regions the server's partials draw and sheet/view.js draws again.
REGIONS = ("#status", "#finished", "#withdrawn-note", "#sheet", "#chart", "#game-actions",
           "#deal-title", "#save-deal")

#: Each game: its players, its settings, and what happens to it, in order: a deal (the
#: bullheads, or with the Hand variant the pile and the hand), a correction, an undo.
GAMES: dict[str, tuple[list[str], dict, list[tuple]]] = {
    "no deal yet": (["Ann", "Bob", "Cas"], {}, []),
    "some deals, three leading": (
        ["Ann", "Bob", "Cas", "Dirk", "Eva"], {"note": "Café"},
        [("deal", (10, 5, 0, 9, 12)), ("deal", (3, 8, 13, 5, 9))]),
    "one winner": (
        ["Ann", "Bob", "Cas", "Dirk"], {},
        [("deal", (30, 5, 2, 9)), ("deal", (40, 3, 6, 1))]),
    "a shared win": (
        ["Ann", "Bob", "Cas"], {"threshold": 20},
        [("deal", (5, 5, 10)), ("deal", (7, 7, 12))]),
    "fixed deals": (
        ["Ann", "Bob", "Cas", "Dirk"], {"fixed_deals": 3},
        [("deal", (10, 5, 2, 9)), ("deal", (4, 3, 16, 1))]),
    "fixed deals played out": (
        ["Ann", "Bob"], {"fixed_deals": 1}, [("deal", (3, 9))]),
    "virgin doubling": (
        ["Ann", "Bob", "Cas", "Dirk", "Eva"], {"virgin_doubling": True},
        [("deal", (10, 5, 0, 9, 12)), ("deal", (12, 3, 4, 5, 10))]),
    "the Hand variant": (
        ["Ann", "Bob", "Cas"], {"variant": "hand", "virgin_doubling": True},
        [("hand", (4, 0, 9), (2, 3, 0)), ("hand", (1, 6, 2), (0, 0, 5))]),
    "the Tactics deck": (
        ["Ann", "Bob", "Cas", "Dirk"], {"variant": "tactics"},
        [("deal", (10, 5, 2, 9))]),
    "the double deck": (
        ["Ann", "Bob", "Cas"], {"variant": "double"}, [("deal", (10, 5, 9))]),
    "a postscript shape": (
        ["Ann", "Bob", "Cas"], {"rows": 5, "takes_at": 7, "hand_size": 12},
        [("deal", (3, 4, 5))]),
    "a withdrawn deal": (
        ["Ann", "Bob", "Cas"], {},
        [("deal", (8, 4, 2)), ("deal", (3, 6, 5)), ("undo", 2)]),
    "a correction": (
        ["Ann", "Bob", "Cas", "Dirk", "Eva", "Fay"], {},
        [("deal", (8, 4, 2, 9, 15, 6)), ("deal", (3, 6, 5, 20, 1, 9)),
         ("correct", 1, (9, 4, 2, 9, 15, 6))]),
}

#: Set before any script of the page runs: true once sheet/page.js has drawn the sheet.
DRAWN = """document.addEventListener("sheet:drawn", () => { window.sheetDrawn = true; });"""


def regions(page: Page) -> dict[str, list | None]:
    """Each region's text as a reader sees it and its skeleton."""
    return read_regions(page, REGIONS)


@pytest.fixture(scope="module")
def games(browser: Browser, base_url: str) -> Iterator[dict[str, str]]:
    context = browser.new_context()
    page = context.new_page()
    yield {name: build(page, base_url, *game) for name, game in GAMES.items()}
    context.close()


@pytest.fixture(scope="module")
def open_page(browser: Browser, base_url: str, games) -> Iterator[Callable[[str, bool], Page]]:
    """A new page, per language, of a reader (scripts off) or of a phone that opened every
    game's sheet (so it keeps them all) and then lost the server: each sheet the phone opens
    then is drawn by the phone alone, every region, from the game it keeps. (On the server's
    page the phone leaves the regions as the server drew them, when it keeps nothing more:
    this test is what makes that right.) Each reader and phone is made once, at its first
    page."""
    opened: dict[tuple[str, bool], BrowserContext] = {}

    def page_of(language: str, script: bool) -> Page:
        if (language, script) not in opened:
            made = browser.new_context(viewport={"width": 360, "height": 740},
                                       locale=LANGUAGES[language], java_script_enabled=script)
            opened[language, script] = made
            if script:
                made.add_init_script(DRAWN)
                page = made.new_page()
                keeping_then_unreachable(page, made, base_url, games.values(), language)
                page.close()
        return opened[language, script].new_page()

    yield page_of
    for each in opened.values():
        each.close()


def servers(open_page: Callable[[str, bool], Page], base_url: str, game_id: str,
            language: str) -> dict:
    page = open_page(language, False)
    page.goto(f"{base_url}/games/{game_id}?lang={language}")
    drawn = regions(page)
    page.close()
    return drawn


def phones(open_page: Callable[[str, bool], Page], base_url: str, game_id: str,
           language: str) -> dict:
    """The same game opened on the phone with the server out of reach: the worker's shell,
    every region drawn by its script from the log the phone keeps."""
    page = open_page(language, True)
    page.goto(f"{base_url}/games/{game_id}?lang={language}")
    page.wait_for_function("() => window.sheetDrawn === true")
    served = page.evaluate("JSON.parse(document.getElementById('sheet-data').textContent).game")
    assert served is None, "the phone's sheet is the server's page, not the worker's shell"
    drawn = regions(page)
    page.close()
    return drawn


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_phone_draws_each_region_of_the_sheet_as_the_server_does(
        games, open_page, base_url: str, game: str, language: str):
    server = servers(open_page, base_url, games[game], language)
    phone = phones(open_page, base_url, games[game], language)
    assert server["#status"][0], "the server's page has no status"
    assert_same(phone, server, REGIONS)
