"""The offline PWA on a phone: the worker installs, pages open offline, deals sync later.

Each test gets a fresh browser context, so no worker or cache leaks between tests.
"""

from __future__ import annotations

import re

from playwright.sync_api import BrowserContext, Page, expect
from playwright.sync_api import Error as PlaywrightError

CONTROLLED = """async () => {
  const late = new Promise((_, reject) =>
    setTimeout(() => reject(new Error("no service worker after 30 s")), 30000));
  const controlled = (async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
    }
    return navigator.serviceWorker.controller.scriptURL;
  })();
  return Promise.race([controlled, late]);
}"""

STORE = """(mode, work) => new Promise((resolve, reject) => {
  const open = indexedDB.open("scorekeeper-offline", 2);
  open.onupgradeneeded = () => {
    for (const name of ["deals", "games"]) {
      if (!open.result.objectStoreNames.contains(name)) {
        open.result.createObjectStore(name, { keyPath: "client_id" });
      }
    }
  };
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    try {
      const transaction = open.result.transaction("deals", mode);
      const request = work(transaction.objectStore("deals"));
      transaction.oncomplete = () => { open.result.close(); resolve(request.result); };
      transaction.onerror = () => { open.result.close(); reject(transaction.error); };
    } catch (error) {
      open.result.close();
      reject(error);
    }
  };
})"""
QUEUED = f"""async () => ({STORE})("readonly", (store) => store.getAll())"""
REQUEUE = f"""async (record) => ({STORE})("readwrite", (store) => store.put(record))"""


def controlled(page: Page) -> str:
    return page.evaluate(CONTROLLED)


def until(page: Page, script: str, arg=None, tries: int = 100) -> None:
    """Poll an async page function (wait_for_function would not await its promise)."""
    for _ in range(tries):
        try:
            if page.evaluate(script, arg):
                return
        except PlaywrightError as error:  # the sheet reloads itself after a sync
            if "context was destroyed" not in str(error):
                raise
        page.wait_for_timeout(100)
    raise AssertionError(f"never true: {script}")


def new_game(page: Page, base_url: str, players: list[str]) -> str:
    token = page.request.get(f"{base_url}/pwa/csrf-token").json()["csrf_token"]
    answer = page.request.post(f"{base_url}/api/v1/games", headers={"X-CSRFToken": token},
                               data={"players": players})
    assert answer.status == 201
    return answer.json()["id"]


def deals(page: Page, base_url: str, game_id: str) -> list[dict]:
    return page.request.get(f"{base_url}/api/v1/games/{game_id}").json()["deals"]


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

    page.goto(f"{base_url}/games/stats")  # never stored: the offline page stands in
    expect(page.get_by_role("heading", name="No connection")).to_be_visible()
    expect(page.get_by_role("link", name="Try again")).to_be_visible()

    page.goto(f"{base_url}/")  # the start form offline: the game starts on the phone
    page.fill("#players-0", "Ann")
    page.fill("#players-1", "Bob")
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/offline#[0-9a-f-]{36}$"))
    expect(page.locator("body")).to_contain_text("This game lives only on this phone")

    context.set_offline(False)  # the game is sent, and its sheet on the server opens
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f]{20}$"), timeout=20_000)
    page.goto(f"{base_url}/rules")
    expect(page.locator("#offline-note")).to_be_hidden()


def test_a_sheet_opened_once_opens_offline(page: Page, context: BrowserContext,
                                           base_url: str):
    game_id = new_game(page, base_url, ["Ann", "Bob"])
    page.goto(f"{base_url}/games/{game_id}")  # the first page: stored once the worker runs
    controlled(page)
    until(page, "async (url) => Boolean(await caches.match(url, { ignoreVary: true }))",
          f"{base_url}/games/{game_id}")
    context.set_offline(True)
    page.reload()
    expect(page.get_by_role("heading", name=re.compile("Score sheet"))).to_be_visible()
    expect(page.get_by_role("button", name="Save deal 1")).to_be_visible()


def test_a_deal_entered_offline_is_queued_and_syncs_once(page: Page, context: BrowserContext,
                                                         base_url: str):
    game_id = new_game(page, base_url, ["Anna", "Bram"])
    page.goto(f"{base_url}/?lang=nl")
    controlled(page)
    page.goto(f"{base_url}/games/{game_id}")
    context.set_offline(True)
    page.reload()

    page.fill("#bh-0", "5")
    page.fill("#bh-1", "0")
    page.get_by_role("button", name="Spelronde 1 bewaren").click()
    queue = page.locator("#offline-queue")
    expect(queue).to_be_visible()
    expect(queue).to_contain_text("Spelronde 1")
    expect(queue).to_contain_text(
        "Bewaard op deze telefoon. Wordt verstuurd zodra de verbinding terug is.")
    expect(queue).to_contain_text("Totalen met de wachtende spelrondes: Anna 5 · Bram 0")
    expect(page.locator("#deal-form h2")).to_have_text("Spelronde 2")  # the next deal
    expect(page.locator("#bh-0")).to_have_value("")
    assert deals(page, base_url, game_id) == []

    with page.expect_request(lambda r: r.method == "POST" and "/deals" in r.url) as sent:
        context.set_offline(False)
    body = sent.value.post_data_json
    assert body["number"] == 1 and body["bullheads"] == {"Anna": 5, "Bram": 0}
    assert re.fullmatch(r"[0-9a-f-]{36}", body["client_id"])
    expect(page.locator("tfoot td")).to_have_text(["5", "0"], timeout=15_000)  # reloaded
    expect(queue).to_be_hidden()
    assert page.evaluate(QUEUED) == []
    stored = deals(page, base_url, game_id)
    assert [(d["number"], d["bullheads"]) for d in stored] == [(1, {"Anna": 5, "Bram": 0})]

    # The answer was lost, say: the same entry is sent again and the game stays the same.
    record = {"client_id": body["client_id"], "game": str(game_id), "number": 1,
              "saved": 0, "state": "waiting", "tried": True, "body": body,
              "scores": {"Anna": 5, "Bram": 0}}
    page.evaluate(REQUEUE, record)
    loads: list[str] = []
    page.on("load", lambda loaded: loads.append(loaded.url))
    with page.expect_response(lambda r: r.request.method == "POST" and "/deals" in r.url) as again:
        page.reload()
    assert again.value.status == 200
    for _ in range(100):  # the sheet reloads itself once its queue is empty
        if len(loads) >= 2:
            break
        page.wait_for_timeout(100)
    page.wait_for_load_state("networkidle")
    assert page.evaluate(QUEUED) == []
    assert len(deals(page, base_url, game_id)) == 1


def test_a_taken_number_is_explained_and_nothing_is_lost(page: Page, context: BrowserContext,
                                                         base_url: str):
    game_id = new_game(page, base_url, ["Ann", "Bob"])
    page.goto(f"{base_url}/?lang=en")
    controlled(page)
    page.goto(f"{base_url}/games/{game_id}")
    context.set_offline(True)
    page.reload()
    page.fill("#bh-0", "1")  # 2 players: a deal hands out 4 bullheads at least
    page.get_by_role("button", name="Save deal 1").click()
    expect(page.locator("#offline-error")).to_contain_text("at least 4 must be taken")
    expect(page.locator("#offline-queue")).to_be_hidden()
    page.fill("#bh-0", "7")
    page.get_by_role("button", name="Save deal 1").click()
    expect(page.locator("#offline-queue")).to_contain_text("Saved on this phone.")

    # Meanwhile another phone enters deal 1.
    token = page.request.get(f"{base_url}/pwa/csrf-token").json()["csrf_token"]
    answer = page.request.post(f"{base_url}/api/v1/games/{game_id}/deals",
                               headers={"X-CSRFToken": token},
                               data={"number": 1, "bullheads": {"Ann": 3, "Bob": 2}})
    assert answer.status == 201

    context.set_offline(False)
    item = page.locator("#offline-queue li")
    expect(item).to_contain_text("Deal 1 has been entered already", timeout=15_000)
    expect(item).to_contain_text("Ann 7 · Bob 0")  # what was typed is still shown
    # ...beside what the other phone entered, so the table can tell a duplicate.
    expect(item).to_contain_text("The other phone entered: Ann 3 · Bob 2")
    page.get_by_role("button", name="Add it as deal 2").click()
    expect(page.locator("tfoot td")).to_have_text(["10", "2"], timeout=15_000)
    stored = deals(page, base_url, game_id)
    assert [(d["number"], d["bullheads"]) for d in stored] == [
        (1, {"Ann": 3, "Bob": 2}), (2, {"Ann": 7, "Bob": 0})]



def test_stored_pages_follow_a_language_switch(page: Page, context: BrowserContext,
                                               base_url: str):
    page.goto(f"{base_url}/")
    controlled(page)
    page.goto(f"{base_url}/?lang=de")  # the pages stored at install were in English
    until(page, """async (url) => {
      const copy = await caches.match(url, { ignoreVary: true });
      return copy && (await copy.text()).includes('<html lang="de">');
    }""", f"{base_url}/rules")
    context.set_offline(True)
    page.goto(f"{base_url}/rules")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#offline-note")).to_have_text(
        "Keine Verbindung: Das ist die auf diesem Handy gespeicherte Kopie.")


def test_modules_load_by_their_versioned_urls_online_and_offline(
        page: Page, context: BrowserContext, base_url: str):
    """The import map gives ``import ... from "./engine/index.js"`` the file's hash too, so
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
