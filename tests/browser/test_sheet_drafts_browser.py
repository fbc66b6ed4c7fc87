"""The deal form as the game's record keeps it: a deal half typed and a correction begun are
this phone's drafts (static/js/game/record.js), so a reload, another tab or another page of
the sheet opens the form as the players left it, with or without the server; the form's
deal number comes from the log, and another phone's deal on the number being typed is said
where the players type, the typed values kept, never renumbered or dropped."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.deals import begin_correction, enter_deal
from tests.browser.phone import (
    controlled,
    kept,
    kept_game,
    new_game,
    offline_start_form,
    reachable,
    saved,
    server_game,
    token,
    unreachable,
    until,
    until_kept,
)
from tests.conftest import PHONE

TAKEN = ("Another phone has entered deal 3 meanwhile. If you save, both are kept, and then "
         "you choose: the same deal, the next deal, or a correction.")


def play(page: Page, base_url: str, game_id: str, deals: list[tuple[int, ...]],
         client: str = "other") -> None:
    """Deals entered by another phone, through the JSON interface."""
    headers = {"X-CSRFToken": token(page, base_url)}
    game = server_game(page, base_url, game_id)
    for number, values in enumerate(deals, start=len(game["deals"]) + 1):
        answer = page.request.post(
            f"{base_url}/api/v1/games/{game_id}/deals", headers=headers,
            data={"number": number, "client_id": f"{client}-{number}",
                  "bullheads": dict(zip(game["players"], values, strict=True))})
        assert answer.status == 201, answer.text()


def open_kept(page: Page, base_url: str, game_id: str) -> None:
    page.goto(f"{base_url}/games/{game_id}?lang=en")
    controlled(page)
    until_kept(page, game_id)


def a_game(page: Page, base_url: str, played: list[tuple[int, ...]]) -> str:
    game_id = new_game(page, base_url, ["Ann", "Bob", "Cas"])
    play(page, base_url, game_id, played)
    open_kept(page, base_url, game_id)
    return game_id


def draft_kept(page: Page, kind: str, seat: int, value: str) -> None:
    """Wait until the phone keeps ``value`` in seat ``seat``'s field of its ``kind`` draft
    (the write after a key is the phone's, a few milliseconds)."""
    until(page, f"""async ([kind, seat, value]) => (await ({KEPT_ALL})()).some(
        (r) => r.drafts?.[kind]?.fields?.[seat]?.bh === value)""", [kind, str(seat), value])


KEPT_ALL = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open("scorekeeper-games");
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const request = open.result.transaction("games").objectStore("games").getAll();
    request.onsuccess = () => { open.result.close(); resolve(request.result); };
    request.onerror = () => reject(request.error);
  };
})"""


def fields(page: Page) -> list[str]:
    return [page.locator(f"#bh-{seat}").input_value() for seat in range(3)]


def test_a_deal_half_typed_is_back_after_a_reload_and_in_another_tab(
        page: Page, context: BrowserContext, base_url: str):
    game_id = a_game(page, base_url, [(8, 4, 2)])
    page.fill("#bh-0", "7")
    page.fill("#bh-1", "3")
    expect(page.locator(".deal-player output").first).to_have_text("counts 7, total 15")
    draft_kept(page, "deal", 1, "3")
    page.reload()
    expect(page.locator("#deal-title")).to_have_text("Deal 2")
    expect(page.locator("#bh-0")).to_have_value("7")
    assert fields(page) == ["7", "3", ""]
    expect(page.locator(".deal-player output").first).to_have_text("counts 7, total 15")
    expect(page.locator("#deal-form")).to_be_in_viewport()  # where the players left it

    other = context.new_page()  # another tab of the same phone opens the same form
    other.goto(f"{base_url}/games/{game_id}?lang=en")
    expect(other.locator("#bh-1")).to_have_value("3")
    other.fill("#bh-2", "5")
    other.get_by_role("button", name="Save deal 2").click()
    expect(other.locator("#deal-title")).to_have_text("Deal 3")
    assert fields(other) == ["", "", ""]
    saved(other)
    # The deal saved is the one typed in both tabs; the draft left with it.
    assert list(server_game(page, base_url, game_id)["deals"][1]["bullheads"].values()) == [7, 3, 5]
    assert kept_game(page, game_id)["drafts"] == {"deal": None, "correction": None}
    expect(page.locator("#deal-title")).to_have_text("Deal 3")  # the first tab follows
    page.reload()
    expect(page.locator("#deal-title")).to_have_text("Deal 3")
    assert fields(page) == ["", "", ""]
    assert len(server_game(page, base_url, game_id)["deals"]) == 2  # nothing more was sent


#: In one task, as a quick thumb does on a slow phone: type each ``before`` ([seat,
#: value]), tap the form's save button, and type each ``after``, every key before the
#: phone has kept the one before it.
TYPE_SAVE_TYPE = """([before, after]) => {
  const type = ([seat, value]) => {
    const field = document.getElementById(`bh-${seat}`);
    field.value = value;
    field.dispatchEvent(new Event("input", { bubbles: true }));
  };
  before.forEach(type);
  document.getElementById("save-deal").click();
  after.forEach(type);
}"""


def test_a_key_pressed_as_a_deal_is_saved_begins_the_next_deal(page: Page, base_url: str):
    """The next deal's first value, typed while "Save deal 2" is still being written (and
    the key before the tap not kept yet), is deal 3's: not a draft of the deal just saved
    (the sheet said another phone had entered deal 2, with one phone at the table), not
    emptied by the save's drawing, and kept for a reload; the other fields are empty, as
    after any save."""
    game_id = a_game(page, base_url, [(8, 4, 2)])
    page.fill("#bh-0", "3")
    page.fill("#bh-1", "6")
    page.evaluate(TYPE_SAVE_TYPE, [[[2, "5"]], [[0, "7"]]])
    expect(page.locator("#deal-title")).to_have_text("Deal 3")
    expect(page.locator("tfoot td")).to_have_text(["11", "10", "7"])
    draft_kept(page, "deal", 0, "7")
    assert fields(page) == ["7", "", ""]
    expect(page.locator("#deal-form")).not_to_contain_text("Another phone")
    drafts = kept_game(page, game_id)["drafts"]
    assert drafts["deal"]["number"] == 3 and drafts["correction"] is None
    page.reload()
    expect(page.locator("#deal-title")).to_have_text("Deal 3")
    assert fields(page) == ["7", "", ""]
    saved(page)
    deals = server_game(page, base_url, game_id)["deals"]
    assert [list(d["bullheads"].values()) for d in deals] == [[8, 4, 2], [3, 6, 5]]


def test_a_key_pressed_as_a_correction_is_saved_goes_to_the_deal_half_typed(
        page: Page, base_url: str):
    """Saving a correction brings back the deal half typed before it at once, so a key
    pressed while the correction is being written lands in that deal, beside its values."""
    game_id = a_game(page, base_url, [(8, 4, 2)])
    page.fill("#bh-1", "5")  # deal 2, half typed
    draft_kept(page, "deal", 1, "5")
    begin_correction(page, 1)
    page.fill("#bh-2", "12")
    page.evaluate(TYPE_SAVE_TYPE, [[], [[0, "4"]]])
    expect(page.locator("#deal-title")).to_have_text("Deal 2")
    draft_kept(page, "deal", 0, "4")
    assert fields(page) == ["4", "5", ""]
    assert kept_game(page, game_id)["drafts"]["correction"] is None
    saved(page)
    deals = server_game(page, base_url, game_id)["deals"]
    assert [list(d["bullheads"].values()) for d in deals] == [[8, 4, 12]]


def test_a_game_started_on_the_phone_keeps_its_half_typed_deal_on_its_shell(
        page: Page, context: BrowserContext, base_url: str):
    offline_start_form(page, context, base_url, ["Ann", "Bob", "Cas"])
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/offline#[0-9a-f-]{36}$"))
    enter_deal(page, 1, (8, 4, 2))
    page.fill("#bh-0", "6")
    draft_kept(page, "deal", 0, "6")
    page.reload()
    expect(page.locator("#deal-title")).to_have_text("Deal 2")
    assert fields(page) == ["6", "", ""]
    assert [r["id"] for r in kept(page)] == [None]  # the server has nothing of it yet
    context.set_offline(False)


def test_a_correction_begun_is_still_being_made_after_a_reload(page: Page, base_url: str):
    game_id = a_game(page, base_url, [(8, 4, 2), (3, 6, 5)])
    page.fill("#bh-0", "5")  # deal 3, half typed
    draft_kept(page, "deal", 0, "5")
    begin_correction(page, 1)
    assert fields(page) == ["8", "4", "2"]
    page.fill("#bh-1", "9")
    draft_kept(page, "correction", 1, "9")
    page.reload()
    expect(page.locator("#deal-title")).to_have_text("Correct deal 1")
    assert fields(page) == ["8", "9", "2"]
    expect(page.get_by_role("button", name="Save the correction")).to_be_visible()
    expect(page.locator(".deal-player output").first).to_have_text("")  # no preview here

    page.get_by_role("button", name="Cancel").click()  # back to deal 3, as it was typed
    expect(page.locator("#deal-title")).to_have_text("Deal 3")
    assert fields(page) == ["5", "", ""]
    page.reload()
    expect(page.locator("#deal-title")).to_have_text("Deal 3")
    assert fields(page) == ["5", "", ""]

    begin_correction(page, 2)
    page.fill("#bh-2", "15")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator("#deal-title")).to_have_text("Deal 3")
    assert fields(page) == ["5", "", ""]  # the deal half typed comes back
    saved(page)
    game = server_game(page, base_url, game_id)
    assert [list(d["bullheads"].values()) for d in game["deals"]] == [[8, 4, 2], [3, 6, 15]]
    page.reload()
    expect(page.locator("#deal-title")).to_have_text("Deal 3")


def test_a_draft_survives_a_reload_while_the_server_cannot_be_reached(
        page: Page, context: BrowserContext, base_url: str):
    game_id = a_game(page, base_url, [(8, 4, 2)])
    unreachable(context, base_url)
    page.fill("#bh-0", "11")
    page.fill("#bh-2", "1")
    draft_kept(page, "deal", 2, "1")
    page.reload()  # the worker's shell, drawn from the phone's storage
    expect(page.locator("#deal-title")).to_have_text("Deal 2")
    expect(page.locator("#bh-0")).to_have_value("11")
    assert fields(page) == ["11", "", "1"]
    begin_correction(page, 1)
    page.fill("#bh-0", "9")
    draft_kept(page, "correction", 0, "9")
    page.reload()
    expect(page.locator("#deal-title")).to_have_text("Correct deal 1")
    assert fields(page) == ["9", "4", "2"]
    reachable(context, base_url)
    page.reload()
    expect(page.locator("#deal-title")).to_have_text("Correct deal 1")
    # A draft is this phone's: nothing of it reached the server.
    game = server_game(page, base_url, game_id)
    assert [list(d["bullheads"].values()) for d in game["deals"]] == [[8, 4, 2]]
    assert game["deals"][0]["corrections"] == 0


def test_another_phone_saves_the_deal_being_typed_and_this_phone_says_so(
        browser: Browser, base_url: str):
    """Phone A half types deal 3 and leaves the sheet for the rules; phone B saves deal 3
    meanwhile. Back on the sheet, A shows B's deal 3 in the table, and its form is still
    deal 3 with what was typed, saying another phone entered that deal; saved, the players
    are asked, and "another deal" makes it deal 4: nothing lost, nothing doubled."""
    phones = []
    for _ in range(2):
        context = browser.new_context(viewport=PHONE, locale="en-GB", is_mobile=True,
                                      has_touch=True)
        phones.append(context.new_page())
    a, b = phones
    game_id = new_game(a, base_url, ["Ann", "Bob", "Cas"])
    play(a, base_url, game_id, [(8, 4, 2), (3, 6, 5)])
    open_kept(a, base_url, game_id)
    open_kept(b, base_url, game_id)
    a.fill("#bh-0", "10")
    a.fill("#bh-1", "2")
    draft_kept(a, "deal", 1, "2")
    b.reload()  # a draft is A's alone: B's form is empty
    expect(b.locator("#deal-title")).to_have_text("Deal 3")
    assert fields(b) == ["", "", ""]
    a.goto(f"{base_url}/rules?lang=en")

    enter_deal(b, 3, (1, 2, 12))
    saved(b)

    a.go_back()  # the server's sheet, with B's deal 3 in its log
    expect(a.locator("tfoot td")).to_have_text(["12", "12", "19"])  # B's deal 3 counts
    expect(a.locator("#deal-title")).to_have_text("Deal 3")
    expect(a.locator("#taken-meanwhile")).to_have_text(TAKEN)
    expect(a.locator("#taken-meanwhile")).to_be_in_viewport()
    assert fields(a) == ["10", "2", ""]
    expect(a.get_by_role("button", name="Save deal 3")).to_be_visible()

    a.fill("#bh-2", "4")
    a.get_by_role("button", name="Save deal 3").click()
    conflict = a.locator(".conflict")
    expect(conflict).to_contain_text("Another phone entered deal 3 first, with other bullheads.",
                                     timeout=20_000)
    expect(conflict.locator("td.mine")).to_have_text(["10", "2", "4"])
    expect(conflict.locator("td.theirs")).to_have_text(["1", "2", "12"])
    expect(a.locator("#taken-meanwhile")).to_have_count(0)
    expect(a.locator("#deal-title")).to_have_text("Deal 4")
    conflict.get_by_role("button", name="Another deal: this phone's becomes deal 4").click()
    saved(a)
    game = server_game(a, base_url, game_id)
    assert [list(d["bullheads"].values()) for d in game["deals"]] == [
        [8, 4, 2], [3, 6, 5], [1, 2, 12], [10, 2, 4]]
    expect(b.locator("tfoot td")).to_have_text(["22", "14", "23"], timeout=10_000)
    for phone in phones:
        phone.context.close()


def test_the_phone_still_typing_sees_the_other_phones_deal_land_under_its_fields(
        browser: Browser, base_url: str):
    """The same, with A's sheet open the whole time: the other phone's deal lands in the
    table, the fields stay as typed, and the form says so; a reload keeps all of it."""
    context = browser.new_context(viewport=PHONE, locale="en-GB", is_mobile=True,
                                  has_touch=True)
    a = context.new_page()
    game_id = a_game(a, base_url, [(8, 4, 2), (3, 6, 5)])
    a.fill("#bh-0", "10")
    draft_kept(a, "deal", 0, "10")
    play(a, base_url, game_id, [(1, 2, 12)])
    expect(a.locator("tfoot td")).to_have_text(["12", "12", "19"], timeout=10_000)
    expect(a.locator("#taken-meanwhile")).to_have_text(TAKEN)
    assert fields(a) == ["10", "", ""]
    # The preview adds to the sheet as it stands, the other phone's deal 3 in it: Ann's
    # 8 + 3 + 1 = 12, and 10 more.
    ann = a.locator(".deal-player output").first
    expect(ann).to_have_text("counts 10, total 22")
    a.reload()
    expect(a.locator("#taken-meanwhile")).to_have_text(TAKEN)
    assert fields(a) == ["10", "", ""]
    expect(ann).to_have_text("counts 10, total 22")
    a.fill("#bh-0", "")  # nothing typed any more: the form is for the next deal
    expect(a.locator("#deal-title")).to_have_text("Deal 4")
    expect(a.locator("#taken-meanwhile")).to_have_count(0)
    context.close()


def test_a_correction_begun_while_another_phone_corrects_that_deal_asks_the_players(
        page: Page, base_url: str):
    """A correction begun on this phone, another phone's correction of the same deal landing
    before it is saved: the form keeps what was typed, and saving it asks which values
    stand instead of writing over the other phone's (both stay in the history)."""
    game_id = a_game(page, base_url, [(8, 4, 2), (3, 6, 5)])
    begin_correction(page, 1)
    page.fill("#bh-0", "10")
    draft_kept(page, "correction", 0, "10")
    answer = page.request.put(f"{base_url}/api/v1/games/{game_id}/deals/1",
                              headers={"X-CSRFToken": token(page, base_url)},
                              data={"bullheads": {"Ann": 2, "Bob": 4, "Cas": 8}})
    assert answer.ok, answer.text()
    expect(page.locator("tfoot td")).to_have_text(["5", "10", "13"], timeout=10_000)
    expect(page.locator("#deal-title")).to_have_text("Correct deal 1")
    assert fields(page) == ["10", "4", "2"]

    page.get_by_role("button", name="Save the correction").click()
    conflict = page.locator(".conflict")
    expect(conflict).to_contain_text("Another phone corrected deal 1 too, to other bullheads.",
                                     timeout=20_000)
    expect(conflict.locator("td.mine")).to_have_text(["10", "4", "2"])
    expect(conflict.locator("td.theirs")).to_have_text(["2", "4", "8"])
    game = server_game(page, base_url, game_id)
    assert list(game["deals"][0]["bullheads"].values()) == [2, 4, 8]  # nothing overwritten
    conflict.get_by_role("button", name="Deal 1 gets this phone's bullheads").click()
    saved(page)
    game = server_game(page, base_url, game_id)
    assert list(game["deals"][0]["bullheads"].values()) == [10, 4, 2]
    assert game["deals"][0]["corrections"] == 2


def test_a_deal_half_typed_stays_when_the_other_phones_deal_ends_the_game(
        page: Page, base_url: str):
    """Three deals are played; this phone types deal 3 while the other phone's deal 3 ends
    the game: the form stays on the sheet with what was typed, saying so and what the
    players may choose then (the same deal or a correction: no deal follows)."""
    game_id = new_game(page, base_url, ["Ann", "Bob", "Cas"], fixed_deals=3)
    play(page, base_url, game_id, [(8, 4, 2), (3, 6, 5)])
    open_kept(page, base_url, game_id)
    page.fill("#bh-0", "10")
    draft_kept(page, "deal", 0, "10")
    play(page, base_url, game_id, [(1, 2, 12)])
    expect(page.locator("#status")).to_contain_text("The game is over.", timeout=10_000)
    expect(page.locator("#deal-form")).to_be_visible()
    expect(page.locator("#taken-meanwhile")).to_have_text(
        "Another phone has entered deal 3 meanwhile, and the game is over. If you save, both "
        "are kept, and then you choose: the same deal or a correction.")
    assert fields(page) == ["10", "", ""]
    page.fill("#bh-1", "2")
    page.fill("#bh-2", "3")
    page.get_by_role("button", name="Save deal 3").click()
    conflict = page.locator(".conflict")
    # The server refuses it (the game has ended), and the phone asks as for a taken number.
    until(page, f"""async () => (await ({KEPT_ALL})()).some((r) => r.id === {game_id!r}
        && r.pending.some((e) => e.problem?.code === "GameFinished"))""")
    expect(conflict).to_contain_text("Another phone entered deal 3 first", timeout=20_000)
    expect(conflict.locator("button")).to_have_text([
        "The same deal: deal 3 keeps the other phone's bullheads",
        "A correction: deal 3 gets this phone's bullheads"])
    expect(page.locator("#deal-form")).to_be_hidden()  # nothing typed is left: the game is over
    conflict.locator("button").first.click()
    saved(page)
    assert len(server_game(page, base_url, game_id)["deals"]) == 3
