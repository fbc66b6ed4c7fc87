"""Every tap target at least 44 x 44 px on every page, on a 360 x 740 phone (issue 10).

A finger needs 44 x 44 CSS pixels (WCAG 2.5.5). On each page, with every ``<details>``
opened so what it hides is measured too, the check looks at every visible:

- ``button``, ``select``, ``textarea``, ``summary`` and ``input`` (not ``type=hidden``):
  its box must be at least 44 x 44;
- checkbox or radio with a label: judged as a pair, since tapping the label ticks the box:
  the label's box at least 44 high, and the box around both at least 44 x 44 (so a small
  box with a 44 px tall label beside it passes); without a label, the input itself 44 x 44;
- ``label`` that wraps or names a control (``label.control``): 44 x 44, or the pair rule
  above when its control is a checkbox or radio;
- ``a[href]``, except a link inside running text: one whose own display is ``inline`` and
  whose nearest block (the closest ancestor not displayed ``inline``) holds, outside the
  link, a non-blank text node of that same block, i.e. the link sits in a line of words.
  A link alone in its paragraph or cell, or a link styled as a box (inline-block, flex),
  is a stand-alone link and must be 44 x 44.

"Visible" is ``checkVisibility`` with opacity and visibility; left out are the skip link,
parked left of the page until it has focus, and boxes of 1 px or less (a label kept for
screen readers only, with ``.visually-hidden``): nothing there to tap. Offenders are
reported with the page, a CSS selector and their size.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from scorekeeper import create_app
from scorekeeper.rules.export import freeze_rules

TOO_SMALL = """() => {
  const MIN = 44;
  const SELECTOR = "a[href], button, input:not([type=hidden]), select, textarea, summary, label";
  const seen = (el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  const blockOf = (node) => {
    let el = node.parentElement;
    while (el.parentElement && ["inline", "contents"].includes(getComputedStyle(el).display)) {
      el = el.parentElement;
    }
    return el;
  };
  const inRunningText = (link) => {
    if (getComputedStyle(link).display !== "inline") return false;
    const block = blockOf(link);
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (link.contains(node) || !node.textContent.trim()) continue;
      if (blockOf(node) === block && seen(node.parentElement)) return true;
    }
    return false;
  };
  const describe = (el) => {
    let text = el.tagName.toLowerCase() + (el.id ? `#${el.id}` : "");
    for (const name of el.classList) text += `.${name}`;
    for (const attr of ["type", "name", "for", "href"]) {
      if (el.hasAttribute(attr) && !el.id) text += `[${attr}="${el.getAttribute(attr)}"]`;
    }
    const words = (el.textContent || el.value || "").trim().replace(/\\s+/g, " ").slice(0, 30);
    return words ? `${text} "${words}"` : text;
  };
  const size = (box) => `${box.width.toFixed(1)} x ${box.height.toFixed(1)}`;
  const union = (a, b) => {
    const left = Math.min(a.left, b.left), top = Math.min(a.top, b.top);
    return { width: Math.max(a.right, b.right) - left, height: Math.max(a.bottom, b.bottom) - top };
  };
  const isToggle = (el) => el && el.matches("input[type=checkbox], input[type=radio]");
  // A checkbox or radio and its first visible label, judged together.
  const pairFails = (input, label) => {
    const labelBox = label.getBoundingClientRect();
    const both = union(input.getBoundingClientRect(), labelBox);
    if (labelBox.height >= MIN && both.width >= MIN && both.height >= MIN) return null;
    return `label ${size(labelBox)}, with its box ${size(both)}`;
  };
  const found = [];
  for (const el of document.querySelectorAll(SELECTOR)) {
    if (!seen(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.right <= 0 || box.width <= 1 || box.height <= 1) continue;
    let problem = null;
    if (el.matches("label")) {
      if (!el.control) continue;
      problem = isToggle(el.control) ? pairFails(el.control, el) : null;
      if (!isToggle(el.control) && (box.width < MIN || box.height < MIN)) problem = size(box);
    } else if (isToggle(el)) {
      const label = [...el.labels].find(seen);
      if (label) problem = pairFails(el, label);
      else if (box.width < MIN || box.height < MIN) problem = size(box);
    } else if (el.matches("a") && inRunningText(el)) {
      continue;
    } else if (box.width < MIN || box.height < MIN) {
      problem = size(box);
    }
    if (problem) found.push(`${describe(el)}: ${problem}`);
  }
  return found;
}"""

#: Each visible ``<details>``: its summary's text, height and marker, which is the summary's
#: ::before (site.css draws a triangle) or a list-item marker; it must change as it opens.
DISCLOSURES = """() => [...document.querySelectorAll("details")].filter((d) => d.checkVisibility())
  .map((details) => {
    const summary = details.querySelector(":scope > summary");
    const before = getComputedStyle(summary, "::before");
    const style = getComputedStyle(summary);
    const drawn = !["none", "normal"].includes(before.content) && before.display !== "none"
      && (before.content !== '""' || parseFloat(before.borderLeftWidth) > 0);
    const marker = style.display === "list-item" && style.listStyleType !== "none"
      ? `list:${style.listStyleType}:${details.open}`
      : drawn ? `${before.content} ${before.transform}` : "";
    const box = summary.getBoundingClientRect();
    return { text: summary.textContent.trim().replace(/\\s+/g, " "), marker, height: box.height };
  })"""

OPEN_ALL = "() => document.querySelectorAll('details').forEach((d) => { d.open = true; })"


def assert_fits_a_finger(page: Page, where: str) -> None:
    """No tap target under 44 x 44 on the page as it is, then with every details open."""
    closed = page.evaluate(TOO_SMALL)
    page.evaluate(OPEN_ALL)
    opened = [item for item in page.evaluate(TOO_SMALL) if item not in closed]
    offenders = closed + opened
    assert offenders == [], f"tap targets under 44 x 44 px on {where}:\n  " + "\n  ".join(
        offenders)


def assert_disclosures_show_they_open(page: Page, where: str) -> None:
    """Each details shows a marker that changes when it opens, on a 44 px tall summary."""
    summaries = page.locator("details:visible > summary")
    assert summaries.count() > 0, f"no collapsible section on {where}"
    for index in range(summaries.count()):
        summary = summaries.nth(index)
        details = summary.locator("xpath=..")
        was_open = details.evaluate("(d) => d.open")
        before = page.evaluate(DISCLOSURES)
        summary.tap()
        expect(details).to_have_js_property("open", not was_open)
        after = page.evaluate(DISCLOSURES)
        for shown in before:
            assert shown["marker"], f"{where}: summary {shown['text']!r} shows no marker"
            assert shown["height"] >= 44, f"{where}: summary {shown['text']!r} under 44 px"
        changed = [b["marker"] != a["marker"] for b, a in zip(before, after, strict=True)]
        assert changed == [i == index for i in range(len(changed))], (
            f"{where}: the marker of {before[index]['text']!r} does not turn (alone) when tapped")


def new_game(page: Page, base_url: str, players: list[str], deals: list[list[int]]) -> int:
    """A game through the JSON interface (another phone could have started it)."""
    token = page.request.get(f"{base_url}/pwa/csrf-token").json()["csrf_token"]
    headers = {"X-CSRFToken": token}
    answer = page.request.post(f"{base_url}/api/v1/games", headers=headers,
                               data={"players": players})
    assert answer.status == 201, answer.text()
    game_id = answer.json()["id"]
    for number, bullheads in enumerate(deals, start=1):
        body = {"number": number, "bullheads": dict(zip(players, bullheads, strict=True))}
        added = page.request.post(f"{base_url}/api/v1/games/{game_id}/deals", headers=headers,
                                  data=body)
        assert added.status == 201, added.text()
    return game_id


TEN = ["Ann", "Bob", "Cas", "Dirk", "Eva", "Fien", "Gijs", "Hanna", "Ilse", "Joost"]


def test_games_pages(page: Page, base_url: str):
    page.goto(f"{base_url}/?lang=en")
    assert_fits_a_finger(page, "/ (start a game)")
    # 10 players, 100 cards played: at least 84 cards leave the table; 12 to 20 each fits.
    deals = [[12, 14, 16, 18, 20, 12, 14, 16, 18, 20], [20, 18, 16, 14, 12, 20, 18, 16, 14, 12],
             [15] * 10]
    game_id = new_game(page, base_url, TEN, deals)
    page.goto(f"{base_url}/games?lang=en")
    assert_fits_a_finger(page, "/games")
    page.goto(f"{base_url}/games/{game_id}?lang=en")
    expect(page.locator("table.sheet tbody tr")).to_have_count(3)
    assert_fits_a_finger(page, "the score sheet of 10 players")


def test_the_games_other_pages(page: Page, base_url: str):
    """A game's history, correction and deletion, statistics, import, the offline pages
    and the error page."""
    page.goto(f"{base_url}/?lang=en")
    game_id = new_game(page, base_url, TEN[:4], [[5, 10, 15, 20], [20, 15, 10, 5]])
    for path in (f"/games/{game_id}/history", f"/games/{game_id}/deals/1/edit",
                 f"/games/{game_id}/delete", "/games/stats", "/games/import", "/games/offline",
                 "/offline", "/no-such-page"):
        page.goto(f"{base_url}{path}?lang=en")
        assert_fits_a_finger(page, path)


def test_checker_with_a_result(page: Page, base_url: str):
    """A share link where rule 4 leaves a choice: its row buttons, the share link, "Change
    the table", the table before the turn, the shape's segments and the grid's switch."""
    page.goto(f"{base_url}/check?lang=en&r1=12&r2=37&r3=43&r4=58"
              "&player=Ann&card=3&player=Bob&card=14")
    expect(page.locator("#result .step")).to_have_count(2)
    expect(page.locator(".grid-switch")).to_be_visible()
    expect(page.locator("#result summary")).to_have_text(re.compile(r"^Show "))
    assert_fits_a_finger(page, "/check with a result")
    assert_disclosures_show_they_open(page, "/check with a result")
    page.locator("#r1").tap()  # the number grid opens over the page
    expect(page.locator("#grid-panel")).to_be_visible()
    assert_fits_a_finger(page, "/check with the number grid open")


def test_checker_with_a_professional_tie(page: Page, base_url: str):
    """Both outcomes of a tie, each with its own button to choose it."""
    page.goto(f"{base_url}/check?lang=de&variant=professional&r1=20&r2=30&r3=60&r4=70"
              "&player=Ann&card=25")
    expect(page.locator("#result .outcome")).to_have_count(2)
    assert_fits_a_finger(page, "/check with a tie (de)")


def test_tournament_pages(page: Page, base_url: str):
    page.goto(f"{base_url}/tournament?lang=en")
    assert_fits_a_finger(page, "/tournament")
    for seat, name in enumerate(["Ann", "Bob", "Cas"], start=1):
        page.fill(f"#name{seat}", name)
    page.locator("#draft-start").tap()
    expect(page.locator("#draft-grid button")).to_have_count(34)
    assert_fits_a_finger(page, "/tournament with the draft open")
    for card in range(1, 31):
        page.locator(f'#draft-grid button[data-card="{card}"]').tap()
    page.locator("#create").tap()
    expect(page).to_have_url(re.compile(r"/tournament/[0-9a-f]{20}"))
    assert_disclosures_show_they_open(page, "a tournament")
    assert_fits_a_finger(page, "a tournament before its first game")
    for seat, points in enumerate(["5", "0", "12"], start=1):
        page.fill(f"#points{seat}", points)
    page.get_by_role("button", name="Save game 1").tap()
    expect(page.locator(".game-link")).to_have_count(1)
    assert_fits_a_finger(page, "a tournament after game 1")
    page.locator(".game-link").tap()
    expect(page.locator("#results-heading")).to_have_text("Correct game 1")
    assert_fits_a_finger(page, "a tournament correcting game 1")
    page.get_by_role("button", name="Look at the sheets").tap()
    expect(page.locator(".sheet")).to_have_count(3)
    assert_fits_a_finger(page, "the sheets' preview")
    page.goto(f"{base_url}/tournament/sheet?lang=en")
    assert_fits_a_finger(page, "the blank sheet's preview")


def test_rules_pages(page: Page, base_url: str, tmp_path: Path):
    """The served page with its search answered, and the exported site (``make site``):
    its rules and its checker with an answer, opened from the disk."""
    page.goto(f"{base_url}/rules?lang=en&card=55")
    expect(page.locator("#bh-result")).to_have_text("Card 55 carries 7 bullheads.")
    assert_fits_a_finger(page, "/rules")
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite"),
                      "SECRET_KEY": "x"})
    freeze_rules(app, tmp_path / "site")
    page.goto((tmp_path / "site" / "en" / "rules" / "index.html").as_uri())
    assert_fits_a_finger(page, "the exported rules")
    checker = (tmp_path / "site" / "en" / "checker" / "index.html").as_uri()
    page.goto(checker + "?r1=12&r2=37&r3=43&r4=58&player=Ann&card=14")
    expect(page.locator("#result .result .step")).to_have_count(1)
    assert_fits_a_finger(page, "the exported checker with an answer")


def test_event_pages(page: Page, base_url: str):
    """A club event through the night: the start page, the director's page with its tables'
    remedies and history, the public page, the live page on a phone, the wall list, "where
    do I sit" with an answer, the totals form, the import page and the 403 page."""
    page.goto(f"{base_url}/events?lang=en")
    page.fill("#name", "Tap night")
    page.fill("#players", "\n".join(f"{name} {n}" for n in (1, 2) for name in TEN[:5]))
    page.fill("#rounds", "2")
    page.get_by_role("button", name="Start the event").click()
    expect(page.locator(".qr-code svg")).to_be_visible()
    director = page.url.split("?")[0]
    event = director.split("/director/")[0]
    page.get_by_role("button", name="Draw the tables of event round 1").click()
    expect(page.locator("#round .event-table")).to_have_count(2)
    assert_fits_a_finger(page, "the director's page")
    page.reload()
    assert_disclosures_show_they_open(page, "the director's page")
    page.goto(f"{base_url}/events?lang=en")
    assert_fits_a_finger(page, "/events with this browser's event")
    for path in ("", "/live", "/wall", "/find", "/rounds/1/tables/1/totals"):
        page.goto(f"{event}{path}?lang=en")
        assert_fits_a_finger(page, f"/events/<id>{path}")
    page.goto(f"{event}/find?lang=en&name=ann")
    expect(page.locator("#find-list li:not([hidden])")).to_have_count(2)
    assert_fits_a_finger(page, "where do I sit, answered")
    page.goto(f"{base_url}/events/import?lang=en")
    assert_fits_a_finger(page, "/events/import")
    page.context.clear_cookies()
    page.goto(f"{event}/rounds/1/tables/1/totals?lang=en")
    expect(page.locator("h1")).to_have_text("Not yours to change")
    assert_fits_a_finger(page, "the 403 page")
