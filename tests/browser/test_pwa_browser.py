"""The installable site on a phone: the worker installs, pages open offline from the copies
it keeps, a game starts and is kept on the phone without a connection, and the worker
keeps nothing that is one device's own.

Each test gets a fresh browser context, so no worker or cache leaks between tests.
"""

from __future__ import annotations

import re

from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.deals import enter_deal
from tests.browser.phone import (
    SHEET,
    controlled,
    deals,
    kept,
    new_game,
    saved,
    until,
    until_kept,
)
from tests.conftest import PHONE

CACHED = "async () => { const urls = []; for (const name of await caches.keys()) {" \
    " for (const request of await (await caches.open(name)).keys()) urls.push(request.url); }" \
    " return urls; }"


def test_worker_installs_and_the_shell_opens_offline(page: Page, context: BrowserContext,
                                                     base_url: str):
    page.goto(f"{base_url}/")
    assert controlled(page) == f"{base_url}/sw.js"
    context.set_offline(True)
    page.reload()
    expect(page.locator("h1").first).to_be_visible()
    expect(page.locator("#offline-note")).to_have_text(
        "No connection: this is the copy saved on this phone.")

    page.goto(f"{base_url}/rules")  # stored at install, never visited
    expect(page.locator("#offline-note")).to_be_visible()
    expect(page.locator("body")).to_contain_text("Rule 2")
    page.goto(f"{base_url}/nl/rules/")
    expect(page.locator("html")).to_have_attribute("lang", "nl")

    page.goto(f"{base_url}/check")  # the checker's own script says what it can do offline
    expect(page.locator("#offline-note")).to_contain_text(
        "No connection: this is the copy saved on this phone.")

    page.goto(f"{base_url}/games/stats")  # one device's own page: never kept
    expect(page.get_by_role("heading", name="No connection")).to_be_visible()
    expect(page.get_by_role("link", name="Try again")).to_be_visible()

    page.goto(f"{base_url}/")  # the start form offline: the game starts on the phone
    page.fill("#players-0", "Ann")
    page.fill("#players-1", "Bob")
    page.locator("label.chip", has_text="7th").click()
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/offline#[0-9a-f-]{36}$"))
    expect(page.locator("#sync-state")).to_contain_text("Kept on this phone")
    expect(page.locator("#status")).to_contain_text("4 rows of at most 6 cards")
    enter_deal(page, 1, (5, 0))
    expect(page.locator("tfoot td")).to_have_text(["5", "0"])

    context.set_offline(False)  # the game reaches the server, and the sheet its address
    expect(page).to_have_url(SHEET, timeout=20_000)
    saved(page)
    game_id = page.url.rsplit("/", 1)[1]
    assert [d["bullheads"] for d in deals(page, base_url, game_id)] == [{"Ann": 5, "Bob": 0}]
    page.goto(f"{base_url}/rules")
    expect(page.locator("#offline-note")).to_be_hidden()


def test_the_worker_keeps_no_page_that_is_one_devices_own(page: Page, context: BrowserContext,
                                                          base_url: str):
    game_id = new_game(page, base_url, ["Ann", "Bob"])
    page.goto(f"{base_url}/?lang=en")
    controlled(page)
    page.goto(f"{base_url}/games/{game_id}")
    until_kept(page, game_id)  # the phone keeps the game it showed before it goes on
    # The start page, seen from the network, is the last shell the worker fetches again:
    # once that has arrived, what it refreshes after these visits it has refreshed.
    refreshed = f"{base_url}/?lang=en"
    with context.expect_event("requestfinished", lambda r: r.service_worker is not None
                              and r.url == refreshed):
        for path in ("/games", "/games/stats", f"/games/{game_id}/history",
                     f"/games/{game_id}/evening", "/"):
            page.goto(base_url + path)
    until(page, "() => Boolean(document.querySelector('#phone-games'))")
    urls = page.evaluate(CACHED)
    private = [u for u in urls if re.search(r"/games(/[0-9a-f]{20}|\?|$)|/stats", u)]
    assert private == [], private
    assert all("/static/" in u or "/catalogs/" in u or "lang=" in u
               or re.search(r"/(en|nl|de)/rules/$", u)
               or u.endswith("/sw/language") for u in urls), urls

    # Cookies cleared (the device forgotten): nothing of its lists comes back offline; the
    # game this phone keeps is its own, in its storage, and opens from there.
    context.clear_cookies()
    context.set_offline(True)
    page.goto(f"{base_url}/")
    expect(page.get_by_role("heading", name="Start a game")).to_be_visible()
    expect(page.locator("body")).not_to_contain_text("Games in progress")
    page.goto(f"{base_url}/games/{game_id}")
    expect(page.locator(".deal-player .who")).to_have_text(["Ann", "Bob"])
    assert [r["id"] for r in kept(page)] == [game_id]


def test_stored_pages_follow_a_language_switch(page: Page, context: BrowserContext,
                                               base_url: str):
    page.goto(f"{base_url}/")
    controlled(page)
    page.goto(f"{base_url}/?lang=de")  # the language shown last is the one kept offline
    context.set_offline(True)
    page.goto(f"{base_url}/rules")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#offline-note")).to_have_text(
        "Keine Verbindung: Das ist die auf diesem Handy gespeicherte Kopie.")


def test_modules_load_by_their_versioned_urls_online_and_offline(
        page: Page, context: BrowserContext, base_url: str):
    """The import map gives ``import ... from "../engine/placement.js"`` the file's hash too, so
    the browser keeps every module a year and the worker's copy answers offline."""
    requested: list[str] = []
    problems: list[str] = []
    page.on("request", lambda r: requested.append(r.url) if "/static/" in r.url else None)
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(f"{base_url}/check")
    controlled(page)
    page.wait_for_load_state("networkidle")
    imported = [url for url in requested if "/static/js/engine/" in url]
    assert imported, requested  # reached only through imports, never a <script> of the page
    assert all(re.search(r"\?v=[0-9a-f]{12}$", url) for url in requested), requested
    assert problems == []

    context.set_offline(True)
    requested.clear()
    page.reload()
    expect(page.locator("#offline-note")).to_contain_text("The checker still answers")
    assert any("/static/js/engine/" in url for url in requested)
    assert all("?v=" in url for url in requested), requested
    assert problems == []


def test_a_languages_own_address_opens_the_start_in_it_also_offline(
        page: Page, context: BrowserContext, base_url: str):
    """``/nl/`` is the Dutch start page, online (the switch's ``/?lang=nl``, from where the
    switch goes on) and without a connection (the worker's Dutch copy), even after German
    was shown; an address under ``/nl/`` that it has no copy of gets the offline page in
    Dutch."""
    page.goto(f"{base_url}/nl/")
    expect(page).to_have_url(f"{base_url}/?lang=nl")
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    expect(page.get_by_role("heading", name="Nieuw spel")).to_be_visible()
    controlled(page)
    page.locator(".lang-switch a[hreflang=de]").click()
    expect(page).to_have_url(f"{base_url}/?lang=de")
    expect(page.get_by_role("heading", name="Neues Spiel")).to_be_visible()

    context.set_offline(True)
    page.goto(f"{base_url}/nl/")  # German was shown last: the address still says Dutch
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    expect(page.get_by_role("heading", name="Nieuw spel")).to_be_visible()
    expect(page.locator("#offline-note")).to_have_text(
        "Geen verbinding: dit is de kopie die op deze telefoon is bewaard.")
    page.goto(f"{base_url}/nl/nowhere")
    expect(page.get_by_role("heading", name="Geen verbinding")).to_be_visible()


REMEMBERED = """async () => {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (request.url.endsWith("/sw/language")) return (await cache.match(request)).text();
    }
  }
  return null;
}"""


def test_a_dutch_phone_stays_dutch_offline_though_its_pages_came_before_the_worker(
        browser: Browser, base_url: str):
    """A phone whose browser asks for Dutch plays its deals before the worker took charge:
    no page has passed through the worker, yet offline the reload, the start page and the
    evening are Dutch, because each page tells the worker its language."""
    context = browser.new_context(viewport=PHONE, locale="nl-NL", is_mobile=True, has_touch=True)
    page = context.new_page()
    game_id = new_game(page, base_url, ["Anke", "Bram", "Cor"])
    page.goto(f"{base_url}/games/{game_id}")  # the first page: no worker yet
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    enter_deal(page, 1, (5, 8, 6), save="Spelronde {number} bewaren")
    enter_deal(page, 2, (10, 4, 9), save="Spelronde {number} bewaren")
    controlled(page)
    until(page, f"async () => ({REMEMBERED})() .then((code) => code === 'nl')")
    saved(page, "Alles bewaard.")

    context.set_offline(True)
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    expect(page.locator("h1")).to_contain_text("Scoreblad")
    expect(page.locator("tfoot td")).to_have_text(["15", "12", "15"])
    page.goto(f"{base_url}/")
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    page.goto(f"{base_url}/games/{game_id}/evening")
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    context.close()


def test_a_page_whose_last_file_never_comes_still_registers_the_worker(page: Page,
                                                                        base_url: str):
    """The worker is registered once the page has loaded; a page whose file never comes
    (a bad line) never loads, and registers it after 4 s of its clock all the same."""
    page.route("**/js/pages/rules.js*", lambda route: None)  # never answered
    page.clock.install()
    page.goto(f"{base_url}/rules?lang=en", wait_until="commit")
    expect(page.locator("h1")).to_be_visible()
    registration = "async () => Boolean(await navigator.serviceWorker.getRegistration())"
    page.evaluate("async () => { await import(document.querySelector('script[data-pwa]').src); }")
    assert page.evaluate("document.readyState") != "complete"  # pwa.js has run, unloaded
    assert not page.evaluate(registration)
    page.clock.run_for(4000)
    until(page, registration)


#: The phone's databases, and the sync's modules this page fetched.
LOOKED = """async () => ({
  databases: (await indexedDB.databases()).map((database) => database.name),
  sync: performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname)
    .filter((path) => /\\/js\\/game\\/(sync|storage|record)\\.js$/.test(path)),
})"""


def test_a_visitor_who_keeps_no_game_gets_no_database_and_no_sync(
        page: Page, base_url: str):
    """Pages look for the phone's database before they load or open anything of it: a
    visitor who never kept a game has none made by reading the rules or the start page,
    and fetches none of the sync's modules but where the page itself is built on them."""
    for path in ("/check", "/rules", "/"):
        page.goto(f"{base_url}{path}?lang=en")
        controlled(page)  # the page has loaded and its scripts have run
        page.wait_for_load_state("networkidle")
        looked = page.evaluate(LOOKED)
        assert "scorekeeper-games" not in looked["databases"], path
        if path != "/":  # the start page imports them to start a game on the phone
            assert looked["sync"] == [], path
    for seat, name in enumerate(["Ann", "Ann"]):  # refused: two players of one name
        page.fill(f"#players-{seat}", name)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#start-errors")).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert "scorekeeper-games" not in page.evaluate(LOOKED)["databases"]  # nothing was kept
    for seat, name in enumerate(["Ann", "Bob", "Cas"]):
        page.fill(f"#players-{seat}", name)
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(SHEET)
    assert "scorekeeper-games" in page.evaluate(LOOKED)["databases"]
    page.goto(f"{base_url}/rules?lang=en")
    page.wait_for_load_state("networkidle")
    assert "/static/js/game/sync.js" in page.evaluate(LOOKED)["sync"]  # now it sends from here
