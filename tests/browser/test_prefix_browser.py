"""The site served under a prefix, as a club's reverse proxy serves it (``/club/``): the
worker installs with the prefix as its scope, and the pages open offline from it."""

from __future__ import annotations

import re
import threading

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from waitress.server import create_server
from werkzeug.exceptions import NotFound
from werkzeug.middleware.dispatcher import DispatcherMiddleware

from scorekeeper import create_app
from tests.browser.phone import controlled, deals, kept_game, new_game, until

PREFIX = "/club"


@pytest.fixture(scope="module")
def club_url(tmp_path_factory):
    """The app under ``/club`` (SCRIPT_NAME), nothing at the root of the host."""
    database = tmp_path_factory.mktemp("club") / "club.sqlite"
    app = create_app({"DATABASE": str(database), "SECRET_KEY": "club-test"})
    server = create_server(DispatcherMiddleware(NotFound(), {PREFIX: app}), host="127.0.0.1",
                           port=0, threads=4)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.effective_port}{PREFIX}"
    server.close()
    thread.join(timeout=5)


def test_the_worker_serves_the_prefixed_site_offline(page: Page, context: BrowserContext,
                                                      club_url: str):
    game_id = new_game(page, club_url, ["Ann", "Bob"])
    page.goto(f"{club_url}/games/{game_id}")
    assert controlled(page) == f"{club_url}/sw.js"
    assert page.evaluate("async () => (await navigator.serviceWorker.ready).scope") \
        == f"{club_url}/"
    until(page, f"async () => (await caches.keys()).length > 0 && Boolean(await caches.match("
          f"'{club_url}/games/offline?lang=en', {{ ignoreVary: true }}))")
    assert kept_game(page, game_id)  # the phone keeps the game itself
    context.set_offline(True)
    page.reload()  # the sheet's shell, its scripts and styles from the worker's cache
    expect(page.get_by_role("heading", name=re.compile("Score sheet"))).to_be_visible()
    expect(page.locator("#offline-note")).to_be_visible()
    expect(page.get_by_role("button", name="Save deal 1")).to_be_visible()  # drawn by the phone
    # styled: the page's own stylesheets come inside its HTML, and any it links is the
    # prefixed site's
    assert page.evaluate("""() => [...document.styleSheets].some((sheet) =>
        sheet.cssRules.length > 0) && [...document.styleSheets].every((sheet) =>
        sheet.href === null || sheet.href.includes("/club/static/"))""")

    page.goto(f"{club_url}/check")  # stored at install; the checker says it still answers
    expect(page.locator("#offline-note")).to_contain_text("it works out the turn on this phone")
    page.goto(f"{club_url}/rules")
    expect(page.locator("body")).to_contain_text("Rule 2")

    page.goto(f"{club_url}/")  # the start form offline: the game starts on the phone
    page.fill("#players-0", "Cas")
    page.fill("#players-1", "Dirk")
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(rf"{PREFIX}/games/offline#[0-9a-f-]{{36}}$"))
    expect(page.locator(".deal-player .who")).to_have_text(["Cas", "Dirk"])
    context.set_offline(False)  # sent under the prefix, and its sheet there opens
    expect(page).to_have_url(re.compile(rf"{PREFIX}/games/[0-9a-f]{{20}}$"), timeout=20_000)
    assert deals(page, club_url, page.url.rsplit("/", 1)[1]) == []
