"""A club evening of 40 players as the night runs it: the director starts it on a phone, a
co-director takes over by scanning the director's QR code, the big screen (1920 x 1080)
shows every player's standing within one turn of its pages, and a player finds their seat
by typing three letters of their name."""

from __future__ import annotations

import io
import re

import zxingcpp
from PIL import Image
from playwright.sync_api import Browser, Page, expect

from tests.conftest import PHONE

NAMES = ["Anna de Vries", "Bernd Müller", "Clara", "Dirk Jansen", "Émile", "Frank", "Greta",
         "Hans", "Ines", "Jonas", "Katrin", "Lukas", "Mia", "Noor", "Olaf", "Piet", "Quinten",
         "Rosa", "Sven", "Tess", "Uwe", "Vera", "Wim", "Xander", "Yara", "Zoë", "Aart", "Bram",
         "Cor", "Daan", "Eva", "Fenna", "Gijs", "Hidde", "Isa", "Joep", "Kees", "Lotte",
         "Maarten", "Nina"]
#: One deal that ends a game: 70 reaches 66.
DEAL = (5, 15, 25, 70)


def phone(browser: Browser, lang: str = "en-GB") -> Page:
    return browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                               has_touch=True, locale=lang).new_page()


def read_qr(page: Page) -> str:
    """The director's QR code as the screen shows it, decoded as a phone's camera would."""
    png = page.locator(".qr-code svg").screenshot()
    results = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    assert len(results) == 1
    return results[0].text


VISIBLE_NAMES = """() => [...document.querySelectorAll(".standings tbody tr")]
  .filter((row) => !row.hidden && row.checkVisibility())
  .map((row) => { const box = row.getBoundingClientRect();
                  return [row.querySelector("th").textContent.trim(), box.top, box.bottom]; })"""


def test_the_night_from_the_directors_phone_to_the_big_screen(browser: Browser, base_url: str):
    director = phone(browser)
    director.goto(f"{base_url}/events?lang=en")
    director.fill("#name", "Clubavond")
    director.fill("#players", "\n".join(NAMES))
    director.fill("#rounds", "3")
    director.get_by_role("button", name="Start the event").click()
    badge = director.locator(".director-badge")
    expect(badge).to_have_text("You direct this event on this device.")
    expect(director.locator("#key-note")).to_contain_text("Keep this link")
    expect(director.locator(".qr-code svg")).to_be_visible()  # shown open, this once
    link = read_qr(director)
    assert re.fullmatch(rf"{re.escape(base_url)}/events/[\w-]+/director/[\w-]{{32}}", link)
    assert director.url.startswith(link)
    assert director.evaluate("document.documentElement.scrollWidth") <= 360
    event_url = link.split("/director/")[0]

    # The co-director scans the code with another phone and seats the first round there.
    co = phone(browser, "nl-NL")
    co.goto(link + "?lang=nl")
    expect(co.locator(".director-badge")).to_have_text("Je leidt dit clubtoernooi op dit toestel.")
    expect(co.locator("#key-note")).to_have_count(0)
    co.get_by_role("button", name="Tafels van toernooironde 1 loten").click()
    expect(co.locator("#round .event-table")).to_have_count(10)

    # A stranger who has the event's address sees the seating, and nothing to change.
    stranger = phone(browser)
    stranger.goto(event_url + "?lang=en")
    expect(stranger.locator("#round .event-table")).to_have_count(10)
    expect(stranger.locator("button")).to_have_count(0)
    expect(stranger.locator("a[href*='/games/']")).to_have_count(0)
    expect(stranger.get_by_text("To the director's page")).to_have_count(0)

    # The first phone directs too: it sees the round the co-director seated, with the
    # history naming both devices, and enters the tables' games.
    director.goto(link + "?lang=en")
    expect(director.locator("#round .event-table")).to_have_count(10)
    director.locator("#event-history > summary").click()
    expect(director.locator(".event-history li").first).to_contain_text(
        "device 2 · Seated event round 1.")
    sheets = [a.get_attribute("href")
              for a in director.locator("#round .event-table a", has_text="Score sheet").all()]
    token = director.request.get(f"{base_url}/pwa/csrf-token").json()["csrf_token"]
    for sheet in sheets:
        game = director.request.get(f"{base_url}/api/v1{sheet}").json()
        answer = director.request.post(
            f"{base_url}/api/v1{sheet}/deals", headers={"X-CSRFToken": token},
            data={"number": 1, "bullheads": dict(zip(game["players"], DEAL, strict=True))})
        assert answer.status == 201, answer.text()
    director.reload()
    expect(director.locator("#standings-title")).to_have_text("Standings after event round 1")

    # The big screen: every one of the 40 within one turn of the pages, none off screen.
    screen = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="de-DE")
    big = screen.new_page()
    big.clock.install()  # the page's own clock, stepped by the test from here
    big.goto(f"{event_url}/live?page=2&every=60")
    expect(big.locator(".live-round")).to_have_text("Rangliste nach Turnierrunde 1")
    expect(big.locator("#live-page")).to_have_text(re.compile(r"Seite 1 von \d"))
    big.clock.pause_at(big.evaluate("Date.now()") + 100)
    pages = int(big.locator("#live-page").inner_text().rsplit(" ", 1)[1])
    assert 2 <= pages <= 3
    assert big.evaluate("document.documentElement.scrollHeight") <= 1080
    seen: set[str] = set()
    for _ in range(pages):  # one turn: every page for its 2 s
        shown = int(big.locator("#live-page").inner_text().split()[1])
        for name, top, bottom in big.evaluate(VISIBLE_NAMES):
            assert 0 <= top and bottom <= 1080, (name, top, bottom)
            seen.add(name)
        big.clock.run_for(2000)
        expect(big.locator("#live-page")).to_have_text(f"Seite {shown % pages + 1} von {pages}")
    assert seen == set(NAMES)
    screen.close()

    # A player types three letters of their name and finds their table and tablemates.
    player = phone(browser)
    player.goto(f"{event_url}/find?lang=en")
    player.locator("#find-name").press_sequentially("vri")
    found = player.locator("#find-list li:not([hidden])")
    expect(found).to_have_count(1)
    expect(found.locator(".find-name")).to_have_text("Anna de Vries")
    table = found.locator(".find-table").inner_text()
    seats = director.locator("#round .event-table", has_text="Anna de Vries")
    expect(seats.locator("h3")).to_have_text(table)
    mates = seats.locator(".seats").inner_text().split(", ")
    expect(found.locator(".find-mates")).to_have_text(
        "with " + ", ".join(m for m in mates if m != "Anna de Vries"))
    player.locator("#find-name").fill("zzz")
    expect(player.locator("#find-status")).to_have_text(
        "No player of this event round has a name with these letters.")
    for page in (director, co, stranger, player):
        page.context.close()
