"""What the browser tests ask a phone: is the worker in charge, which games does the phone
keep (its IndexedDB, static/js/game/storage.js), what does the server hold."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

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

#: Every game record the phone keeps (static/js/game/storage.js), read without its module.
KEPT = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open("scorekeeper-games");
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains("games")) { db.close(); resolve([]); return; }
    const request = db.transaction("games").objectStore("games").getAll();
    request.onsuccess = () => { db.close(); resolve(request.result); };
    request.onerror = () => { db.close(); reject(request.error); };
  };
})"""

SHEET = re.compile(r"/games/[0-9a-f]{20}$")


def controlled(page: Page) -> str:
    return page.evaluate(CONTROLLED)


def until(page: Page, script: str, arg=None, tries: int = 100) -> None:
    """Poll an async page function (wait_for_function would not await its promise)."""
    for _ in range(tries):
        try:
            if page.evaluate(script, arg):
                return
        except PlaywrightError as error:  # a page that went on to another address
            if "context was destroyed" not in str(error):
                raise
        page.wait_for_timeout(100)
    raise AssertionError(f"never true: {script}")


def kept(page: Page) -> list[dict]:
    """The game records this phone keeps."""
    return page.evaluate(KEPT)


def kept_game(page: Page, game_id: str) -> dict | None:
    return next((r for r in kept(page) if r.get("id") == game_id), None)


def until_kept(page: Page, game_id: str, part: str = "id") -> None:
    """Wait until the phone keeps game ``game_id`` with its ``part`` (the hand-over box, say)."""
    until(page, f"async ([id, part]) => (await ({KEPT})()).some((r) => r.id === id && r[part])",
          [game_id, part])


def token(page: Page, base_url: str) -> str:
    return page.request.get(f"{base_url}/pwa/csrf-token").json()["csrf_token"]


def new_game(page: Page, base_url: str, players: list[str], **settings) -> str:
    answer = page.request.post(f"{base_url}/api/v1/games",
                               headers={"X-CSRFToken": token(page, base_url)},
                               data={"players": players, **settings})
    assert answer.status == 201, answer.text()
    return answer.json()["id"]


def server_game(page: Page, base_url: str, game_id: str) -> dict:
    return page.request.get(f"{base_url}/api/v1/games/{game_id}").json()


def deals(page: Page, base_url: str, game_id: str) -> list[dict]:
    return server_game(page, base_url, game_id)["deals"]


def saved(page: Page, words: str = "All saved.") -> None:
    """Wait until the sheet says the server has everything (``words`` in its language; a
    word on another phone's change may follow)."""
    expect(page.locator("#sync-state")).to_have_text(re.compile("^" + re.escape(words)),
                                                     timeout=20_000)


def sent_looks(page: Page, game_id: str, times: int = 3) -> None:
    """Wait until the page's sync has sent ``times`` more looks at the game (the requests, not
    their answers: test_sync_browser.py's ``answered_looks`` waits for those):
    whatever it would do by itself (send, settle, fetch) it has had those rounds to do."""
    path = f"/api/v1/games/{game_id}"
    for _ in range(times):
        with page.expect_request(lambda r: r.method == "GET" and r.url.split("?")[0].endswith(path),
                                 timeout=20_000):
            pass


def tagged_anew(context: BrowserContext, base_url: str, path: str,
                stamp: Callable[[], str]) -> list[tuple[str | None, str | None, int]]:
    """The game's address ``path`` answered as if the game's last entry had the time
    ``stamp()`` (the test moves it, as a database put back from an older copy does):
    this server's ``"<version>.<time>"`` tags are turned into ``"<version>.<stamp>"`` on
    the way out, and a tag of that form sent back is sent on as the bare version on the
    way in (which the server answers while it holds); any other tag is sent on as it came
    (an older stamp matches nothing, and the answer is 200). Answers the list of
    (If-None-Match sent, ETag answered, status), in order."""
    asks: list[tuple[str | None, str | None, int]] = []

    def handle(route) -> None:
        if route.request.method != "GET" or not route.request.url.split("?")[0].endswith(path):
            route.fallback()
            return
        sent = route.request.headers.get("if-none-match")
        headers = {k: v for k, v in route.request.headers.items() if k != "if-none-match"}
        ours = re.fullmatch(r'(W/)?"(\d+)\.(.+)"', sent or "")
        if ours and ours.group(3) == stamp():
            headers["if-none-match"] = f'"{ours.group(2)}"'
        elif sent:
            headers["if-none-match"] = sent
        answer = route.fetch(headers=headers)
        out = dict(answer.headers)
        bare = re.fullmatch(r'(W/)?"(\d+)(?:\.[^"]*)?"', out.get("etag", ""))
        if bare:
            out["etag"] = f'{bare.group(1) or ""}"{bare.group(2)}.{stamp()}"'
        asks.append((sent, out.get("etag"), answer.status))
        route.fulfill(response=answer, headers=out)

    context.route(every_request(base_url), handle)
    return asks


def sent_back(asks: list[tuple[str | None, str | None, int]]) -> bool:
    """Whether each ask after the first sent in If-None-Match exactly the ETag of the
    answer before it (``asks`` as :func:`tagged_anew` lists them)."""
    return all(sent == before[1] for before, (sent, _, _) in zip(asks, asks[1:], strict=False))


def every_request(base_url: str) -> re.Pattern[str]:
    """The addresses of every request to the server, as routes match them."""
    return re.compile(re.escape(base_url) + ".*")


def unreachable(context: BrowserContext, base_url: str) -> None:
    """Every request to the server fails, as with a dead Wi-Fi router: the browser says
    it is online all the same."""
    context.route(every_request(base_url), lambda route: route.abort())


def reachable(context: BrowserContext, base_url: str) -> None:
    """The server answers again: every route on its addresses (unreachable's) is gone."""
    context.unroute(every_request(base_url))


def offline_start_form(page: Page, context: BrowserContext, base_url: str,
                       players: list[str]) -> None:
    """The start form as a phone with no network shows it: opened once online so the worker
    takes charge, reloaded offline from the worker's cache, the players' names filled in.
    The caller sets any other field and presses "Start the game": the game then starts on
    the phone alone."""
    page.goto(f"{base_url}/?lang=en")
    controlled(page)
    context.set_offline(True)
    page.reload()
    for seat, name in enumerate(players):
        page.fill(f"#players-{seat}", name)


def keeping_then_unreachable(page: Page, context: BrowserContext, base_url: str,
                             game_ids: Iterable[str], language: str = "en") -> None:
    """The phone opens each game's sheet while its worker is in charge, waits until it keeps
    the game, then loses the server (the browser still says it is online): every sheet or
    evening it opens after that is drawn by the phone alone, from the games it keeps, which
    is what a test comparing those with the server's pages needs."""
    page.goto(f"{base_url}/games/offline?lang={language}")
    controlled(page)
    for game_id in game_ids:
        page.goto(f"{base_url}/games/{game_id}?lang={language}")
        until_kept(page, game_id)
    unreachable(context, base_url)


def build(page: Page, base_url: str, players: list[str], settings: dict,
          steps: list[tuple], after: str | None = None) -> str:
    """The game, through the JSON interface, as another phone would have played it: new,
    or with ``after`` the next game of that game's evening ("new game, same players", its
    settings then ``after``'s). ``steps`` in order: a deal (the bullheads, or with the Hand
    variant the pile and the hand), a correction, an undo."""
    headers = {"X-CSRFToken": token(page, base_url)}
    if after is None:
        answer = page.request.post(f"{base_url}/api/v1/games", headers=headers,
                                   data={"players": players, **settings})
        assert answer.status == 201, answer.text()
    else:
        answer = page.request.post(f"{base_url}/api/v1/games/{after}/same-players",
                                   headers=headers)
        assert answer.ok, answer.text()
    game = f"{base_url}/api/v1/games/{answer.json()['id']}"
    number = 0
    for step in steps:
        if step[0] in ("deal", "hand"):
            number += 1
            data = {"number": number, "bullheads": dict(zip(players, step[1], strict=True))}
            if step[0] == "hand":
                data["hand"] = dict(zip(players, step[2], strict=True))
            done = page.request.post(f"{game}/deals", headers=headers, data=data)
        elif step[0] == "correct":
            done = page.request.put(f"{game}/deals/{step[1]}", headers=headers,
                                    data={"bullheads": dict(zip(players, step[2], strict=True))})
        else:
            done = page.request.delete(f"{game}/deals/{step[1]}", headers=headers)
            number -= 1
        assert done.ok, done.text()
    return answer.json()["id"]
