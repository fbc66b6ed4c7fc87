"""A club behind HTTPS, as the README sets it up: ``SCOREKEEPER_HTTPS=1 python -m
scorekeeper`` behind a proxy that terminates TLS with a certificate the test made. In
Chromium the director seats a round, adds a late arrival and types a table's totals from
paper, and the series' director merges two spellings; a program keeps its events with
``X-Director-Key`` and ``X-Series-Key`` alone (no session, no CSRF token)."""

from __future__ import annotations

import json
import urllib.request

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.tls import Site, https_site
from tests.conftest import PHONE

NAMES = ["Anna", "Bram", "Cor", "Daan", "Eva", "Fenna", "Gijs", "Hidde"]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with https_site(tmp_path_factory.mktemp("https")) as running:
        yield running


def phone(browser: Browser) -> Page:
    """A phone that accepts the test's self-signed certificate."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                  has_touch=True, locale="en-GB", ignore_https_errors=True)
    return context.new_page()


def program(site: Site, method: str, path: str, body: object = None, **headers: str):
    """A program's request: no cookie, no CSRF token, no Origin, no Referer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(site.url + path, data=data, method=method, headers={
        **headers, **({"Content-Type": "application/json"} if data else {})})
    with urllib.request.urlopen(request, context=site.context(), timeout=30) as answer:
        return answer.status, json.loads(answer.read())


def test_a_director_runs_the_evening_over_https(browser: Browser, site: Site):
    director = phone(browser)
    posted: list[dict] = []
    director.on("request", lambda r: posted.append(r.headers) if r.method == "POST" else None)
    director.goto(f"{site.url}/events?lang=en")
    director.fill("#name", "Clubavond")
    director.fill("#players", "\n".join(NAMES))
    director.fill("#rounds", "2")
    director.get_by_role("button", name="Start the event").click()
    expect(director.locator(".director-badge")).to_have_text(
        "You direct this event on this device.")
    assert director.url.startswith(site.url + "/events/") and "/director/" in director.url

    director.get_by_role("button", name="Draw the tables of event round 1").click()
    expect(director.locator("#round .event-table")).to_have_count(2)
    expect(director.locator("#event-error")).to_have_count(0)

    # (The join and the drop field share the id "player": found by their form.)
    joining = director.locator("form[action$='/players']")
    joining.locator("input[name=player]").fill("Zoë")
    joining.get_by_role("button", name="Joins").click()
    expect(director.locator("#change-note")).to_have_text(
        "Zoë joins: seated from event round 2 on.")

    table = director.locator("#table-1-1")
    table.locator("summary").click()
    table.get_by_role("link", name="Type its totals from a paper sheet").click()
    fields = director.locator(".totals-form input[inputmode=numeric]")
    expect(fields).to_have_count(4)
    for index, total in enumerate((70, 12, 33, 48)):
        fields.nth(index).fill(str(total))
    director.get_by_role("button", name="Save the totals").click()
    expect(director.locator("#table-1-1 .state")).to_have_text("Totals from paper")

    # Every form said it came from this site; those posted from the director's pages
    # named them by the origin alone: the key in their address stayed home.
    assert len(posted) == 4
    assert all(h.get("origin") == site.url for h in posted), posted
    assert [h.get("referer") for h in posted[1:]] == [site.url + "/"] * 3, posted


def test_a_program_and_the_series_director_over_https(browser: Browser, site: Site):
    director = phone(browser)
    director.goto(f"{site.url}/series?lang=en")
    director.fill("#name", "Clubcompetitie")
    director.get_by_role("button", name="Start the series").click()
    expect(director.locator(".director-badge")).to_have_text(
        "You direct this series on this device.")
    series_id, series_key = director.url.split("/series/")[1].split("?")[0].split(
        "/director/")

    # A program keeps two events of the series with the keys alone.
    for name, spelling in (("Avond 1", "Jose"), ("Avond 2", "José")):
        status, event = program(site, "POST", "/api/v1/events", {
            "name": name, "players": [*NAMES[:5], spelling], "rounds": 1,
            "fixed_deals": 1, "series": series_id}, **{"X-Series-Key": series_key})
        assert status == 201
        key = {"X-Director-Key": event["director_key"]}
        status, seated = program(site, "POST", f"/api/v1/events/{event['id']}/rounds",
                                 **key)
        assert status == 201 and len(seated["tables"]) == 2
        for table in seated["tables"]:
            totals = {player: 10 * seat for seat, player in enumerate(table["players"])}
            status, typed = program(
                site, "PUT",
                f"/api/v1/events/{event['id']}/rounds/1/tables/{table['table']}/totals",
                {"totals": totals}, **key)
            assert status == 200 and typed["paper"] == totals

    director.reload()
    director.select_option("#source", "Jose")
    director.select_option("#target", "José")
    director.get_by_role("button", name="Count them as one player").click()
    expect(director.locator("#merge-note")).to_have_text("“Jose” now counts as José.")
    expect(director.locator("#series-error")).to_have_count(0)
    status, standings = program(site, "GET", f"/api/v1/series/{series_id}/standings")
    assert status == 200
    players = [row["player"] for row in standings["standings"]]
    assert "José" in players and "Jose" not in players
