"""A game started on a phone without a connection (docs/api.md, Keeping a game on a phone):
kept on the phone, scored there with the server's rules, sent once when the connection is
back."""

from __future__ import annotations

import re
import uuid

from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.deals import enter_deal as enter
from tests.browser.test_pwa_browser import STORE, controlled

GAME_STORE = STORE.replace('transaction("deals", mode)', 'transaction("games", mode)').replace(
    'objectStore("deals")', 'objectStore("games")')
GAMES = f"""async () => ({GAME_STORE})("readonly", (store) => store.getAll())"""
REGAME = f"""async (game) => ({GAME_STORE})("readwrite", (store) => store.put(game))"""


def offline_start(page: Page, context: BrowserContext, base_url: str, names: list[str],
                  lang: str = "en") -> str:
    """One online visit, then the start form without a connection; the game's client_id."""
    page.goto(f"{base_url}/?lang={lang}")
    controlled(page)
    context.set_offline(True)
    page.reload()
    for seat, name in enumerate(names):
        page.fill(f"#players-{seat}", name)
    page.locator("form.start-form button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/games/offline#[0-9a-f-]{36}$"))
    return page.url.rsplit("#", 1)[1]


def token(page: Page, base_url: str) -> str:
    return page.request.get(f"{base_url}/pwa/csrf-token").json()["csrf_token"]


def test_a_game_started_offline_arrives_once_with_its_three_deals(
        page: Page, context: BrowserContext, browser: Browser, base_url: str,
        browser_context_args: dict):
    tag = uuid.uuid4().hex[:6]
    names = [f"Ola{tag}", f"Piet{tag}", f"Quinn{tag}"]
    client_id = offline_start(page, context, base_url, names)
    expect(page.locator(".local-game")).to_contain_text(
        "This game lives only on this phone until it is sent to the server.")
    expect(page.locator(".local-game .persist")).to_contain_text("This browser")
    expect(page.locator(".sync-state")).to_have_text(
        "Waiting for the connection: the game is sent once it is back.")
    expect(page.locator(".lead-line")).to_have_text("No deal yet. Fewest bullheads leads.")
    expect(page.locator("#offline-deal h2")).to_have_text("Deal 1")

    # 3 players: a deal hands out 14 bullheads at least; the phone says so, as the server would.
    enter(page, 1, (1, 0, 0))
    expect(page.locator("#offline-deal-error")).to_contain_text("at least 14 must be taken")
    expect(page.locator("#bh-0")).to_have_value("1")
    enter(page, 1, (10, 4, 0))
    expect(page.locator("#offline-deal-error")).to_be_hidden()
    enter(page, 2, (0, 7, 8))
    enter(page, 3, (3, 3, 9))
    expect(page.locator("table.sheet tbody tr")).to_have_count(3)
    expect(page.locator("table.sheet tfoot td")).to_have_text(["13", "14", "17"])
    expect(page.locator(".lead-line")).to_have_text(
        f"Leading (fewest bullheads leads): Ola{tag} with 13.")
    kept = page.evaluate(GAMES)
    assert [g["client_id"] for g in kept] == [client_id]
    assert [d["sent"] for d in kept[0]["deals"]] == [False, False, False]

    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    context.set_offline(False)
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f]{20}$"), timeout=20_000)
    expect(page.locator("tfoot td")).to_have_text(["13", "14", "17"])
    game_id = page.url.rsplit("/", 1)[1]
    game = page.request.get(f"{base_url}/api/v1/games/{game_id}").json()
    assert game["client_id"] == client_id and game["players"] == names
    assert [(d["number"], list(d["bullheads"].values())) for d in game["deals"]] == [
        (1, [10, 4, 0]), (2, [0, 7, 8]), (3, [3, 3, 9])]
    assert [p.split("?")[0].removeprefix(base_url) for p in posts] == [
        "/api/v1/games"] + [f"/api/v1/games/{game_id}/deals"] * 3
    listed = f"<strong>{', '.join(names)}</strong>"
    assert page.request.get(f"{base_url}/games").text().count(listed) == 1  # one game, not two

    # Every answer was lost, say: the phone sends it all again; the server adds nothing.
    kept = page.evaluate(GAMES)
    lost = {**kept[0], "server_id": None, "sent": False,
            "deals": [{**d, "sent": False} for d in kept[0]["deals"]]}
    page.evaluate(REGAME, lost)
    with page.expect_response(lambda r: r.request.method == "POST"
                              and r.url.split("?")[0].endswith("/api/v1/games")) as again:
        page.goto(f"{base_url}/games/offline#{client_id}")
    assert again.value.status == 200
    expect(page).to_have_url(f"{base_url}/games/{game_id}", timeout=20_000)
    assert len(page.request.get(f"{base_url}/api/v1/games/{game_id}").json()["deals"]) == 3
    assert page.request.get(f"{base_url}/games").text().count(listed) == 1

    # A second phone opens the game the first one started offline.
    other = browser.new_context(**browser_context_args)
    try:
        second = other.new_page()
        second.goto(f"{base_url}/games/{game_id}")
        expect(second.locator("tfoot td")).to_have_text(["13", "14", "17"])
        expect(second.locator("thead th.player")).to_have_text(names)
    finally:
        other.close()


def test_a_deal_another_phone_entered_first_is_shown_beside_this_phones(
        page: Page, context: BrowserContext, base_url: str):
    tag = uuid.uuid4().hex[:6]
    names = [f"Ann{tag}", f"Bob{tag}"]
    client_id = offline_start(page, context, base_url, names)
    enter(page, 1, (5, 0))
    enter(page, 2, (4, 2))

    # The game reached the server earlier (its answer was lost), and a second phone,
    # following it there, entered deal 1 before this phone could send its own.
    headers = {"X-CSRFToken": token(page, base_url)}
    body = {"players": names, "threshold": 66, "fixed_deals": None, "virgin_doubling": False,
            "variant": "basic", "rows": 4, "takes_at": 6, "hand_size": 10, "note": "",
            "client_id": client_id}
    game = page.request.post(f"{base_url}/api/v1/games", headers=headers, data=body).json()
    added = page.request.post(f"{base_url}/api/v1/games/{game['id']}/deals", headers=headers,
                              data={"number": 1, "bullheads": {names[0]: 1, names[1]: 6}})
    assert added.status == 201

    context.set_offline(False)
    conflict = page.locator("div.conflict")
    expect(conflict).to_be_visible(timeout=20_000)
    expect(conflict).to_contain_text("Deal 1 was also entered on another phone.")
    expect(conflict).to_contain_text("Deal 1 has been entered already")
    rows = conflict.locator("tbody tr")
    expect(rows.nth(0).locator("td")).to_have_text(["5", "1"])  # this phone, the other
    expect(rows.nth(1).locator("td")).to_have_text(["0", "6"])
    for button in conflict.locator("button").all():
        assert button.bounding_box()["height"] >= 44
    page.wait_for_timeout(6000)  # the phone keeps trying: still nothing moves without a tap
    assert len(page.request.get(f"{base_url}/api/v1/games/{game['id']}").json()["deals"]) == 1
    assert "/games/offline" in page.url

    conflict.get_by_role("button", name="Another deal: add mine as deal 2").click()
    expect(page).to_have_url(f"{base_url}/games/{game['id']}", timeout=20_000)
    stored = page.request.get(f"{base_url}/api/v1/games/{game['id']}").json()["deals"]
    assert [(d["number"], list(d["bullheads"].values())) for d in stored] == [
        (1, [1, 6]), (2, [5, 0]), (3, [4, 2])]


def test_a_phone_that_claims_a_connection_it_lacks_still_starts_the_game(
        page: Page, context: BrowserContext, base_url: str):
    """navigator.onLine says yes, the network says no: the worker sends the start form back
    with its fields, and the game starts on the phone."""
    page.goto(f"{base_url}/?lang=en")
    controlled(page)
    context.add_init_script("Object.defineProperty(Navigator.prototype, 'onLine',"
                            " { get: () => true })")
    context.set_offline(True)
    page.reload()
    page.fill("#players-0", "Ann")
    page.fill("#players-1", "Bob")
    page.locator("label.chip", has_text="7th").click()
    page.locator("form.start-form button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/games/offline#[0-9a-f-]{36}$"), timeout=15_000)
    assert [g["settings"]["takes_at"] for g in page.evaluate(GAMES)] == [7]
    expect(page.locator(".rules-line")).to_contain_text("4 rows of at most 6 cards")
