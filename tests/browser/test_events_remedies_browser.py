"""The director's table on a phone (360 px): a replacement, a player leaving and a series'
merge asked first and undone; paper totals started from the phone's deals and checked;
"where do I sit" finding marked letters; and the live page read from across the room on
a 1920 x 1080 screen in Dutch and German, its headers never running into each other."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.conftest import PHONE

NAMES = ["Søren Ødegård", "Łukasz Żak", "Małgorzata Wójcik", "Jürgen Müller", "Anke Groß",
         "Zoë Bakker", "Émile Dubois", "Wim Meijer"]
#: One deal that ends a game of four: 70 reaches 66.
DEAL = (5, 15, 25, 70)


def phone(browser: Browser, locale: str = "en-GB") -> Page:
    return browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                               has_touch=True, locale=locale).new_page()


def fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def start_event(page: Page, base_url: str, names: list[str], lang: str = "en") -> str:
    page.goto(f"{base_url}/events?lang={lang}")
    page.fill("#name", "Clubavond")
    page.fill("#players", "\n".join(names))
    page.fill("#rounds", "3")
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url(re.compile(r"/director/"))
    return page.url.split("?")[0]


def api(page: Page, base_url: str, key: str | None = None) -> dict:
    token = page.request.get(f"{base_url}/pwa/csrf-token").json()["csrf_token"]
    return {"X-CSRFToken": token, **({"X-Director-Key": key} if key else {})}


def seated(page: Page, base_url: str, names: list[str]) -> tuple[str, str, list[dict]]:
    """An event started on ``page``'s phone with its first round seated: the director's
    page, the event's id and the tables (with their games)."""
    director = start_event(page, base_url, names)
    key = director.rsplit("/", 1)[1]
    eid = director.split("/events/")[1].split("/")[0]
    tables = page.request.post(f"{base_url}/api/v1/events/{eid}/rounds",
                               headers=api(page, base_url, key)).json()["tables"]
    return director, eid, tables


def enter(page: Page, base_url: str, table: dict, values, number: int = 1) -> None:
    answer = page.request.post(
        f"{base_url}/api/v1/games/{table['game']}/deals", headers=api(page, base_url),
        data={"number": number, "bullheads": dict(zip(table["players"], values, strict=True))})
    assert answer.status in (200, 201), answer.text()


def test_the_directors_destructive_acts_ask_first_and_come_undone(browser: Browser,
                                                                   base_url: str):
    page = phone(browser)
    director, _eid, tables = seated(page, base_url, NAMES)
    enter(page, base_url, tables[0], DEAL)  # table 1 has ended
    winner = tables[0]["players"][0]  # the fewest bullheads

    # Replacing a finished table's game: asked first, saying what stops counting.
    page.goto(director + "?lang=en")
    page.locator("#table-1-1 .table-acts > summary").click()
    page.get_by_role("button", name="Replace its game").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Replace the game of table 1, event round 1?")
    expect(page.locator("#consequences")).to_contain_text(
        f"Its game has ended, won by {winner}: that result stops counting.")
    fits(page)
    page.locator("#cancel").click()
    expect(page.locator("#table-1-1 .state")).to_have_text("Done")  # nothing happened
    page.locator("#table-1-1 .table-acts > summary").click()
    page.get_by_role("button", name="Replace its game").click()
    page.get_by_role("button", name="Yes, replace the game").click()
    expect(page.locator("#done")).to_contain_text("Table 1 of event round 1 has a new, empty game")
    expect(page.locator("#table-1-1 .state")).to_have_text("Not started")
    fits(page)
    page.locator("#done").get_by_role("button", name="Undo: put back its earlier game").click()
    expect(page.locator("#done")).to_contain_text("plays its earlier game again")
    expect(page.locator("#table-1-1 .state")).to_have_text("Done")
    expect(page.locator("#table-1-1 .leader")).to_have_text(f"Won by {winner}")

    # A player leaves: the list starts on no name, A to Z; asked first; taken back.
    page.goto(director + "?lang=nl")
    select = page.locator("#leave-player")
    options = select.locator("option").all_inner_texts()
    assert options[0] == "Kies een speler"
    assert options[1:] == ["Anke Groß", "Émile Dubois", "Jürgen Müller", "Łukasz Żak",
                           "Małgorzata Wójcik", "Søren Ødegård", "Wim Meijer", "Zoë Bakker"]
    page.get_by_role("button", name="Stopt", exact=True).click()
    expect(page.locator("#event-error")).to_have_text("Kies de speler die stopt.")
    page.locator("#leave-player").select_option("Wim Meijer")
    page.get_by_role("button", name="Stopt", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Stopt Wim Meijer met het clubtoernooi?")
    fits(page)
    page.get_by_role("button", name="Ja, Wim Meijer stopt").click()
    expect(page.locator("#change-note")).to_have_text(
        "Wim Meijer stopt: vanaf toernooironde 2 niet meer ingedeeld.")
    assert "Wim Meijer" not in page.locator(".roster").inner_text()
    page.get_by_role("button", name="Ongedaan maken: Wim Meijer blijft").click()
    expect(page.locator("#done")).to_have_text(
        "Wim Meijer blijft in het clubtoernooi: het stoppen is ongedaan gemaakt.")
    assert "Wim Meijer" in page.locator(".roster").inner_text()

    # Paper totals: the form starts from the deals the table's phone sent, and is checked.
    enter(page, base_url, tables[1], (5, 15, 25, 10))
    enter(page, base_url, tables[1], (20, 5, 6, 10), number=2)
    page.goto(director + "?lang=de")
    page.locator("#table-1-2 .table-acts > summary").click()
    page.get_by_role("link", name="Summen von einem Papierzettel eingeben").click()
    expect(page.locator("#totals-start")).to_contain_text("der 2 Durchgänge")
    assert [page.locator(f"#total_{i}").input_value() for i in range(4)] == [
        "25", "20", "31", "20"]
    fits(page)
    page.get_by_role("button", name="Summen speichern").click()
    expect(page.locator("#totals-error")).to_have_text(
        "Niemand hat 66 erreicht (die höchste Summe ist 31): Ein Spiel endet erst, wenn ein "
        "Spieler 66 erreicht.")
    page.fill("#total_0", "70")
    page.get_by_role("button", name="Summen speichern").click()
    expect(page.locator("#done")).to_have_text(
        "Die Summen von Tisch 2, Turnierrunde 1, zählen jetzt.")
    expect(page.locator("#table-1-2 .state")).to_have_text("Summen vom Papier")
    page.context.close()


def test_where_do_i_sit_takes_letters_with_and_without_marks(browser: Browser,
                                                              base_url: str):
    page = phone(browser)
    _director, eid, _tables = seated(page, base_url, NAMES)
    page.goto(f"{base_url}/events/{eid}/find?lang=en")
    found = page.locator("#find-list li:not([hidden]) .find-name")
    for typed, name in (("sor", "Søren Ødegård"), ("ODE", "Søren Ødegård"),
                        ("luk", "Łukasz Żak"), ("malg", "Małgorzata Wójcik"),
                        ("gross", "Anke Groß"), ("emile", "Émile Dubois")):
        page.locator("#find-name").fill(typed)
        expect(found).to_have_text([name])
    page.locator("#find-name").fill("xyz")
    expect(found).to_have_count(0)
    expect(page.locator("#find-status")).to_have_text(
        "No player of this event round has a name with these letters.")
    fits(page)
    page.context.close()


CLUB = ["Jan de Vries", "Ëlise Möller", "Bernd Schäfer", "Clara Janssens", "Dirk Peeters",
        "Eva Smits", "Frank Maes", "Greta Hansen", "Hans Vogel", "Ines Costa", "Jonas Berg",
        "Katrin Lang", "Lukas Brandt", "Mia Visser", "Noor El Amrani", "Olaf Lund",
        "Piet Hein", "Quinten Bos", "Rosa Mulder", "Sven Holm", "Tess Kuiper", "Uwe Roth",
        "Vera Dekker", "Xander Willems", "Yara Haddad", "Bram Jacobs", "Cor Verbeek",
        "Anna de Graaf", "Søren Ødegård", "Łukasz Żak", "Zoë Bakker", "Émile Dubois",
        "Dörte Weiß", "Ülkü Şahin", "Çağla Demir", "Óscar Ruiz", "Jiří Dvořák", "Wim Meijer",
        "Anke Groß", "Jürgen Müller", "Małgorzata Wójcik"]

#: Each header's box, its font size and whether its text fits it; the other texts' sizes.
MEASURE = """() => {
  const size = (el) => parseFloat(getComputedStyle(el).fontSize);
  const heads = [...document.querySelectorAll(".standings thead th")].map((th) => {
    const box = th.getBoundingClientRect();
    return {left: box.left, right: box.right, size: size(th),
            fits: th.scrollWidth <= th.clientWidth};
  });
  const name = document.querySelector(".standings tbody tr:not([hidden]) th");
  return {heads, name: size(name), round: size(document.getElementById("live-round")),
          updated: size(document.querySelector(".live-updated")),
          page: size(document.getElementById("live-page")),
          foot: size(document.querySelector(".live-foot .meta")),
          time: document.getElementById("live-updated").textContent.trim(),
          height: document.documentElement.scrollHeight};
}"""


def test_the_live_page_reads_from_across_the_room_in_dutch_and_german(browser: Browser,
                                                                      base_url: str):
    page = phone(browser)
    _director, eid, tables = seated(page, base_url, CLUB)
    for table in tables[:-1]:
        enter(page, base_url, table, (*DEAL, 10)[:len(table["players"])])
    last = tables[-1]
    enter(page, base_url, last, (10, 8, 6, 10, 6)[:len(last["players"])])  # still playing
    page.context.close()
    for lang, locale, heading in (
            ("nl", "nl-NL", f"Klassement na toernooironde 1 (tafel {last['table']} speelt nog)"),
            ("de", "de-DE", f"Rangliste nach Turnierrunde 1 (Tisch {last['table']} spielt noch)"),
            ("en", "en-US", f"Standings after event round 1 (table {last['table']} still "
                            "playing)")):
        screen = browser.new_context(viewport={"width": 1920, "height": 1080}, locale=locale)
        big = screen.new_page()
        big.goto(f"{base_url}/events/{eid}/live?lang={lang}&every=60")
        expect(big.locator("#live-round")).to_have_text(heading)
        expect(big.locator("#live-page")).not_to_have_text("")
        seen = big.evaluate(MEASURE)
        assert seen["height"] <= 1080
        assert seen["name"] >= 40, seen  # about 3 cm on a 55" screen: read from 5 m
        assert min(seen["round"], seen["updated"], seen["page"], seen["foot"]) >= 28, seen
        heads = seen["heads"]
        assert all(head["fits"] and head["size"] >= 28 for head in heads), heads
        assert all(a["right"] <= b["left"] + 0.5
                   for a, b in zip(heads, heads[1:], strict=False)), heads
        assert re.fullmatch(r"\d\d:\d\d:\d\d", seen["time"]), seen["time"]  # no AM/PM
        screen.close()
