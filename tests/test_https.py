"""Behind HTTPS (``SCOREKEEPER_HTTPS=1``): every form of the site works, a forged one is
refused, a program with a key needs no session, and every answer that holds a key (or
leads to one) is private and names its page by the origin alone (docs/api.md,
Conventions: CSRF; README, HTTPS). ``tests/browser/test_https_browser.py`` does the same
clicks in Chromium over real TLS."""

from __future__ import annotations

import re

import pytest

from scorekeeper import create_app
from scorekeeper.web.security import PRIVATE

HERE = "https://localhost"
NAMES = [f"Player {n:02d}" for n in range(1, 9)]
#: Where the browser's origin is sent from a page whose policy is strict-origin.
FROM_HERE = {"Origin": HERE}


@pytest.fixture
def https_app(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_HTTPS", "1")
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "h.sqlite"),
                       "SECRET_KEY": "test"})


@pytest.fixture
def visitor(https_app):
    """A browser over HTTPS: its cookies, the page's token, no Referer unless given."""
    return https_app.test_client()


def token(client, path="/events") -> str:
    page = client.get(path, base_url=HERE).get_data(as_text=True)
    return re.search(r'<meta name="csrf-token" content="([^"]+)"', page).group(1)


def start_event(client) -> tuple[str, str]:
    """The events form posted as Chromium posts it; answers the director's link and key."""
    answer = client.post("/events", base_url=HERE, headers=FROM_HERE, data={
        "csrf_token": token(client), "name": "Clubavond", "players": "\n".join(NAMES),
        "rounds": "2", "end": "deals", "fixed_deals": "1"})
    assert answer.status_code == 302, answer.get_data(as_text=True)[:400]
    location = answer.headers["Location"]
    return location.split("?")[0], location.split("/director/")[1].split("?")[0]


def test_a_director_seats_a_round_with_the_origin_a_browser_sends(visitor):
    director_url, _key = start_event(visitor)
    base = director_url.split("/director/")[0]
    page = visitor.get(director_url, base_url=HERE)
    assert page.headers["Referrer-Policy"] == "strict-origin"
    seated = visitor.post(base + "/rounds", base_url=HERE, headers=FROM_HERE,
                          data={"csrf_token": token(visitor)})
    assert seated.status_code == 302
    joined = visitor.post(base + "/players", base_url=HERE, data={
        "csrf_token": token(visitor), "player": "Zoë"},
        headers={"Referer": HERE + "/"})  # an older browser: the Referer, no Origin
    assert joined.status_code == 302 and "changed=join" in joined.headers["Location"]


@pytest.mark.parametrize("headers", [
    {}, {"Origin": "null"}, {"Origin": "https://evil.example"},
    {"Referer": "https://evil.example/events"}, {"Origin": "http://localhost"},
])
def test_a_form_not_from_this_site_is_refused_over_https(visitor, headers):
    director_url, _key = start_event(visitor)
    base = director_url.split("/director/")[0]
    refused = visitor.post(base + "/rounds", base_url=HERE, headers=headers,
                           data={"csrf_token": token(visitor)})
    assert refused.status_code == 400
    assert "The form has expired or was not sent from this site." in refused.get_data(
        as_text=True)


def test_the_token_is_still_needed_with_the_right_origin(visitor):
    director_url, _key = start_event(visitor)
    base = director_url.split("/director/")[0]
    assert visitor.post(base + "/rounds", base_url=HERE, headers=FROM_HERE,
                        data={}).status_code == 400


def test_a_program_with_the_directors_key_needs_no_session(visitor, https_app):
    _url, key = start_event(visitor)
    event_id = _url.split("/events/")[1].split("/")[0]
    program = https_app.test_client()  # no cookie, no token, no Origin, no Referer
    seated = program.post(f"/api/v1/events/{event_id}/rounds", base_url=HERE,
                          headers={"X-Director-Key": key})
    assert seated.status_code == 201, seated.get_json()
    table = seated.get_json()["tables"][0]
    totals = dict(zip(table["players"], (66, 10, 20, 30), strict=False))
    typed = program.put(f"/api/v1/events/{event_id}/rounds/1/tables/1/totals",
                        base_url=HERE, headers={"X-Director-Key": key},
                        json={"totals": totals})
    assert typed.status_code == 200 and typed.get_json()["paper"] == totals
    wrong = program.post(f"/api/v1/events/{event_id}/players", base_url=HERE,
                         headers={"X-Director-Key": "A" * 32}, json={"player": "Zoë"})
    assert wrong.status_code == 403 and wrong.get_json()["code"] == "DirectorOnly"


def test_a_program_without_a_key_shows_its_origin_over_https(visitor):
    headers = {"X-CSRFToken": token(visitor)}
    body = {"players": ["Ann", "Bob"]}
    refused = visitor.post("/api/v1/games", base_url=HERE, json=body, headers=headers)
    assert refused.status_code == 400 and refused.get_json()["code"] == "FormExpired"
    made = visitor.post("/api/v1/games", base_url=HERE, json=body,
                        headers={**headers, **FROM_HERE})
    assert made.status_code == 201


# --- L1: every answer that holds a key, or leads to one, is private -------------------


def secret(answer) -> bool:
    return (answer.headers.get("Cache-Control") == PRIVATE
            and answer.headers.get("Referrer-Policy") == "strict-origin")


def test_every_directors_json_answer_is_private(visitor, https_app):
    _url, key = start_event(visitor)
    event_id = _url.split("/events/")[1].split("/")[0]
    program = https_app.test_client()
    key_header = {"X-Director-Key": key}
    base = f"/api/v1/events/{event_id}"
    answers = [
        program.post(base + "/rounds", base_url=HERE, headers=key_header),
        program.post(base + "/players", base_url=HERE, headers=key_header,
                     json={"player": "Zoë"}),
        program.post(base + "/dropouts", base_url=HERE, headers=key_header,
                     json={"player": "Zoë"}),
        program.post(base + "/rounds/1/tables/1/replace", base_url=HERE, headers=key_header),
        program.put(base + "/rounds/1/tables/2/totals", base_url=HERE, headers=key_header,
                    json={"totals": {}}),  # a refusal to the director is private too
        program.get(base, base_url=HERE, headers=key_header),
        program.get(base + "/export", base_url=HERE, headers=key_header),
    ]
    assert [a.status_code for a in answers] == [201, 201, 201, 201, 400, 200, 200]
    assert "game" in answers[0].get_json()["tables"][0]
    assert all(secret(answer) for answer in answers)
    public = program.get(base, base_url=HERE)
    assert public.headers.get("Cache-Control") != PRIVATE
    assert public.headers["Referrer-Policy"] == "same-origin"


def test_every_redirect_to_a_key_or_a_game_is_private(visitor):
    director_url, _key = start_event(visitor)
    base = director_url.split("/director/")[0]
    made = visitor.post("/events", base_url=HERE, headers=FROM_HERE, data={
        "csrf_token": token(visitor), "name": "Tweede", "players": "\n".join(NAMES),
        "rounds": "2", "end": "deals", "fixed_deals": "1"})
    seated = visitor.post(base + "/rounds", base_url=HERE, headers=FROM_HERE,
                          data={"csrf_token": token(visitor)})
    series = visitor.post("/series", base_url=HERE, headers=FROM_HERE,
                          data={"csrf_token": token(visitor, "/series"), "name": "Jaar"})
    game = visitor.post("/", base_url=HERE, headers=FROM_HERE, data={
        "csrf_token": token(visitor, "/"), "players-0": "Ann", "players-1": "Bob",
        "end": "threshold", "threshold": "66", "variant": "basic", "rows": "4",
        "takes_at": "6", "hand_size": "10"})
    for answer in (made, seated, series):
        assert answer.status_code == 302 and "/director/" in answer.headers["Location"]
        assert secret(answer), answer.headers
    assert game.status_code == 302 and re.search(r"/games/[0-9a-f]{20}$",
                                                  game.headers["Location"])
    assert game.headers["Cache-Control"] == PRIVATE
    away = visitor.get("/nl/rules", base_url=HERE)  # a redirect to a public address
    assert away.status_code in (301, 302, 308) and away.headers.get("Cache-Control") != PRIVATE


def test_the_events_page_lists_this_browsers_events_privately(visitor):
    start_event(visitor)
    page = visitor.get("/events", base_url=HERE)
    assert "Clubavond" in page.get_data(as_text=True)
    assert page.headers["Cache-Control"] == PRIVATE
