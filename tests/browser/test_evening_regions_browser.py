"""The evening drawn twice, read as one: the server's page (templates/games/evening.html,
without JavaScript) and the phone's (static/js/sheet/evening.js, drawing the evening from
the games the phone keeps into the shell the service worker serves while the server
cannot be reached and the browser says it is online), region by region, in English, Dutch
and German, for evenings of every kind the page words differently: one game, a game not
ended, no deal yet, several games with shared wins, Virgin doubling, a fixed number of
deals whose bullheads per deal end in a half.

Each region is compared as a reader sees its text and as a skeleton of its markup
(tests/browser/regions.py), so a sentence, a number's format, a class or a missing element
on either side fails here.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.phone import build, keeping_then_unreachable
from tests.browser.regions import assert_same, regions

LANGUAGES = ("en", "nl", "de")
#: The page's regions: all of the evening (heading, sums, games, the next game's button),
#: the button alone (shown only once the evening's last game has ended), and the note
#: shown instead when the phone does not keep the game.
REGIONS = ("#evening", "#evening-next", "#not-kept")
#: The shell's mark, which tells the script to draw (the server's page has nothing to draw).
HOOKS = ("data-shell",)

#: Each evening: its games, in order, each its players, settings and deals (the next game
#: is "new game, same players" of the one before), and the game whose evening is opened.
#: (Ended, by the bullheads: the last game of "one game, ended" and of the fixed deals.)
EVENINGS: dict[str, tuple[list[tuple[list[str], dict, list[tuple]]], int]] = {
    "one game, ended": ([
        (["Ann", "Bob", "Cas"], {"threshold": 20}, [("deal", (5, 9, 12)), ("deal", (3, 12, 10))]),
    ], 0),
    "a game not ended": ([
        (["Ann", "Bob", "Cas", "Dirk"], {"note": "Café"}, [("deal", (10, 5, 0, 9))]),
    ], 0),
    "no deal yet": ([(["Ann", "Bob"], {}, [])], 0),
    "several games, shared wins": ([
        (["Ann", "Bob", "Cas"], {"threshold": 20}, [("deal", (5, 5, 10)), ("deal", (7, 7, 12))]),
        (["Ann", "Bob", "Cas"], {}, [("deal", (2, 9, 21))]),
        (["Ann", "Bob", "Cas"], {}, [("deal", (4, 5, 6))]),
    ], 1),
    "virgin doubling": ([
        (["Ann", "Bob", "Cas", "Dirk"], {"virgin_doubling": True, "threshold": 30},
         [("deal", (0, 5, 9, 12)), ("deal", (8, 0, 9, 7))]),
        (["Ann", "Bob", "Cas", "Dirk"], {}, [("deal", (8, 7, 0, 9))]),
    ], 1),
    "fixed deals, a half to round": ([
        (["Ann", "Bob"], {"fixed_deals": 4},
         [("deal", (11, 3)), ("deal", (12, 3)), ("deal", (11, 3)), ("deal", (11, 4))]),
    ], 0),
}


@pytest.fixture(scope="module")
def evenings(browser: Browser, base_url: str) -> Iterator[dict[str, list[str]]]:
    """Each evening's games, played through the JSON interface."""
    context = browser.new_context()
    page = context.new_page()
    played = {}
    for name, (games, _) in EVENINGS.items():
        ids: list[str] = []
        for players, settings, steps in games:
            ids.append(build(page, base_url, players, settings, steps, ids[-1] if ids else None))
        played[name] = ids
    yield played
    context.close()


@pytest.fixture(scope="module")
def readers(browser: Browser, base_url: str, evenings) -> Iterator[dict[str, Page]]:
    """A reader of the server's pages (scripts off), and a phone that opened every game's
    sheet (so it keeps them all) and then lost the server."""
    reader = browser.new_context(java_script_enabled=False)
    # A phone whose day is not UTC's at the hour of the run (12 hours behind before noon
    # UTC, 14 ahead after): it names the evening's day as the server does, by UTC's.
    far = "Etc/GMT+12" if datetime.now(UTC).hour < 12 else "Pacific/Kiritimati"
    phone = browser.new_context(viewport={"width": 360, "height": 740}, timezone_id=far)
    page = phone.new_page()
    keeping_then_unreachable(page, phone, base_url,
                             [game_id for ids in evenings.values() for game_id in ids])
    yield {"server": reader.new_page(), "phone": page}
    reader.close()
    phone.close()


def servers(page: Page, base_url: str, game_id: str, language: str) -> dict:
    page.goto(f"{base_url}/games/{game_id}/evening?lang={language}")
    return regions(page, REGIONS, HOOKS)


def phones(page: Page, base_url: str, game_id: str, language: str) -> dict:
    page.goto(f"{base_url}/games/{game_id}/evening?lang={language}")
    expect(page.locator("#evening-date")).not_to_be_empty()  # drawn from the kept games
    return regions(page, REGIONS, HOOKS)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("evening", EVENINGS)
def test_the_phone_draws_the_evening_as_the_server_does(
        readers, evenings, base_url: str, evening: str, language: str):
    game_id = evenings[evening][EVENINGS[evening][1]]
    server = servers(readers["server"], base_url, game_id, language)
    phone = phones(readers["phone"], base_url, game_id, language)
    assert server["#evening"][0], "the server's page shows no evening"
    assert 'data-shell' not in str(server), "the server's page is not the shell"
    ended = evening in ("one game, ended", "fixed deals, a half to round")
    assert (server["#evening-next"][0] is not None) == ended, "the next game's button"
    assert_same(phone, server, REGIONS)
