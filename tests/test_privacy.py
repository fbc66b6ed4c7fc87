"""Nobody changes, or keeps a copy of, what is not theirs.

- A GET writes nothing: not a device, not a statistics row, not a cookie naming a device;
  every GET route of the app is walked, with a game, a tournament and an event stored.
- Private answers (anything at a secret address, this device's lists and statistics)
  carry ``Cache-Control: private, no-store``; public ones keep their own caching; behind
  HTTPS every answer carries ``Strict-Transport-Security``.
- A tournament is kept as a game is: an unguessable token, a list of this device's own,
  its hands and its results only for whoever holds its link.
"""

from __future__ import annotations

import re
import sqlite3

import pytest
from conftest import read_csrf_token

from scorekeeper import create_app
from scorekeeper.web.schema import MIGRATIONS
from scorekeeper.web.security import PRIVATE, SecretToken

TEN = ["Ann", "Bob", "Cas", "Dirk", "Eva", "Fay", "Gus", "Hal", "Ida", "Jan"]
HANDS = {"name1": "Ann", "hand1": "1 4 7 10 13 16 19 22 25 28",
         "name2": "Bob", "hand2": "2 5 8 11 14 17 20 23 26 29",
         "name3": "Cas", "hand3": "3 6 9 12 15 18 21 24 27 30"}


def snapshot(path: str) -> dict[str, list[tuple]]:
    """Every row of every table, in a fixed order: what a request must not change."""
    with sqlite3.connect(path) as conn:
        tables = [row[0] for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
        return {name: sorted(conn.execute(f'SELECT * FROM "{name}"').fetchall(), key=repr)
                for name in tables}


def rows(path: str) -> int:
    return sum(len(table) for table in snapshot(path).values())


def new_game(client, players=TEN) -> str:
    answer = client.post("/api/v1/games", json={"players": players},
                         headers={"X-CSRFToken": read_csrf_token(client)})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()["id"]


def new_tournament(client) -> str:
    answer = client.post("/tournament", data={**HANDS, "csrf_token": read_csrf_token(client)})
    assert answer.status_code == 302, answer.get_data(as_text=True)
    return answer.headers["Location"].rsplit("/", 1)[1]


def new_event(client) -> tuple[str, str]:
    headers = {"X-CSRFToken": read_csrf_token(client)}
    answer = client.post("/api/v1/events", headers=headers, json={
        "name": "Clubavond", "players": TEN, "rounds": 2, "seed": 5})
    assert answer.status_code == 201, answer.get_json()
    event = answer.get_json()["id"]
    director = {**headers, "X-Director-Key": answer.get_json()["director_key"]}
    assert client.post(f"/api/v1/events/{event}/rounds", headers=director).status_code == 201
    return event, director["X-Director-Key"]


def new_season(client) -> dict[str, str]:
    """A season with a venue and a qualifier of ten that has ended: a season page, a
    venue's, an event's results and players' pages with something on them."""
    headers = {"X-CSRFToken": read_csrf_token(client)}
    season = client.post("/api/v1/seasons", headers=headers, json={
        "name": "DM", "qualify": {"per_event": 2}}).get_json()
    organiser = {**headers, "X-Organiser-Key": season["organiser_key"]}
    venue = client.post(f"/api/v1/seasons/{season['id']}/venues", headers=organiser,
                        json={"name": "Spielwiese"}).get_json()
    event = client.post("/api/v1/events", headers={**headers, "X-Venue-Key": venue["venue_key"]},
                        json={"name": "Q", "players": TEN, "rounds": 1, "fixed_deals": 1,
                              "season": season["id"], "venue": venue["id"]}).get_json()
    tables = client.post(f"/api/v1/events/{event['id']}/rounds", headers={
        **headers, "X-Director-Key": event["director_key"]}).get_json()["tables"]
    for table in tables:
        client.post(f"/api/v1/games/{table['game']}/deals", headers=headers, json={
            "number": 1, "bullheads": {p: 3 * i for i, p in enumerate(table["players"])}})
    return {"season_id": season["id"], "organiser_key": season["organiser_key"],
            "venue_id": venue["id"], "venue_key": venue["venue_key"],
            "season_event": event["id"]}


def device_cookies(response) -> list[str]:
    return [h for h in response.headers.getlist("Set-Cookie") if h.startswith("device=")]


# --- A GET writes nothing ---


def test_two_hundred_cookieless_reads_of_a_ten_player_game_write_no_row(app, client):
    game = new_game(client)
    client.post(f"/api/v1/games/{game}/deals", headers={"X-CSRFToken": read_csrf_token(client)},
                json={"number": 1, "bullheads": dict.fromkeys(TEN, 9)})
    before = rows(app.config["DATABASE"])
    for index in range(200):
        stranger = app.test_client()
        path = f"/games/{game}" if index % 2 else f"/api/v1/games/{game}"
        answer = stranger.get(path)
        assert answer.status_code == 200
        assert not device_cookies(answer), path
    assert rows(app.config["DATABASE"]) == before


@pytest.fixture
def stored(app, client):
    """A game with a deal and a withdrawn one (and its view link), a tournament with a
    result, an event with a round seated: something behind every GET route."""
    game = new_game(client, ["Ann", "Bob", "Cas"])
    headers = {"X-CSRFToken": read_csrf_token(client)}
    for number in (1, 2):
        client.post(f"/api/v1/games/{game}/deals", headers=headers,
                    json={"number": number, "bullheads": {"Ann": 9, "Bob": 9, "Cas": 9}})
    client.delete(f"/api/v1/games/{game}/deals/2", headers=headers)
    tournament = new_tournament(client)
    client.post(f"/tournament/{tournament}/games/1", data={
        "points1": "1", "points2": "2", "points3": "3", "csrf_token": headers["X-CSRFToken"]})
    event, key = new_event(client)
    series = client.post("/api/v1/series", headers=headers, json={"name": "Competitie"})
    view_id = client.get(f"/api/v1/games/{game}").get_json()["view_url"].rsplit("/", 1)[1]
    return {"game_id": game, "view_id": view_id, "tournament_id": tournament,
            "event_id": event, "key": key,
            "series_id": series.get_json()["id"], "series_key": series.get_json()["director_key"],
            "table": "1", "number": "1", "game": "1", "lang": "nl", "paper": "a4",
            "filename": "css/site.css", "name": "sheet", **new_season(client)}


#: Queries that make a GET route do more than its plain page.
QUERIES = {"games.preview": "?number=2&bh-0=4&bh-1=5&bh-2=6",
           "tournament.show": "?game=1", "check.page": "?rows=12,37,43,58&cards=Ann:14",
           "rules.page": "?card=55", "games.listing": "?page=2"}


def get_routes(app) -> list[tuple[str, str]]:
    return sorted((rule.endpoint, rule.rule) for rule in app.url_map.iter_rules()
                  if "GET" in (rule.methods or ()))


def fill(rule: str, values: dict[str, str]) -> str:
    """The rule with a stored value for each part; ``<key>`` is the director's key of the
    event or of the series the route belongs to, as its director's browser opens it, or
    a season's organiser's or venue's key; a season's ``<event_id>`` is its qualifier."""
    def value(match: re.Match) -> str:
        name = match.group(1)
        if name == "key" and rule.startswith("/series/"):
            name = "series_key"
        elif name == "key" and rule.startswith("/seasons/"):
            name = "venue_key" if "/venues/" in rule else "organiser_key"
        elif name == "event_id" and rule.startswith("/seasons/"):
            name = "season_event"
        assert name in values, (f"the GET route {rule} takes <{name}>: give this test a value "
                                "for it, so that the route is walked too")
        return values[name]

    return re.sub(r"<(?:[^<>:]+:)?([^<>:]+)>", value, rule)


def test_opening_the_directors_link_writes_nothing(app, client, stored):
    path = app.config["DATABASE"]
    before = snapshot(path)
    answer = app.test_client().get(f"/events/{stored['event_id']}/director/{stored['key']}")
    assert answer.status_code == 200
    assert snapshot(path) == before


def test_opening_a_seasons_links_writes_nothing_and_gives_only_its_cookie(app, stored):
    path = app.config["DATABASE"]
    before = snapshot(path)
    season, venue = stored["season_id"], stored["venue_id"]
    for url, cookie in ((f"/seasons/{season}/organiser/{stored['organiser_key']}", "organiser"),
                        (f"/seasons/{season}/venues/{venue}/{stored['venue_key']}", "venue")):
        answer = app.test_client().get(url)
        assert answer.status_code == 200
        assert answer.headers["Cache-Control"] == PRIVATE
        # its key's cookie, and the session of the page's CSRF token: no device, no row
        assert {h.split("=")[0] for h in answer.headers.getlist("Set-Cookie")} == {
            cookie, "session"}
    assert snapshot(path) == before


#: Every write of a season, with a body that would change something if it were let in.
SEASON_WRITES = [
    ("/api/v1/seasons/{season_id}/venues", {"name": "Mine"}),
    ("/api/v1/seasons/{season_id}/merge", {"from": 1, "into": 2}),
    ("/api/v1/seasons/{season_id}/venues/{venue_id}/results", {"format": "x"}),
    ("/api/v1/events", {"name": "Q", "players": TEN, "rounds": 1, "season": "{season_id}",
                        "venue": "{venue_id}"}),
    ("/api/v1/events", {"name": "F", "rounds": 1, "season": "{season_id}", "kind": "final"}),
]
SEASON_FORMS = [
    ("/seasons/{season_id}/venues", {"name": "Mine"}),
    ("/seasons/{season_id}/merge", {"source": "1", "target": "2"}),
    ("/seasons/{season_id}/venues/{venue_id}/results", {"kind": "qualifier"}),
    ("/events?season={season_id}&venue={venue_id}&kind=qualifier",
     {"name": "Q", "players": "\n".join(TEN), "rounds": "1", "season": "{season_id}",
      "venue": "{venue_id}", "kind": "qualifier"}),
]


def test_a_stranger_changes_nothing_of_a_season(app, stored):
    """Every write of a season from a browser or program without its keys: 403 and not
    a row changed; a venue's key changes nothing but that venue's own."""
    path = app.config["DATABASE"]
    before = snapshot(path)
    stranger = app.test_client()
    token = read_csrf_token(stranger)

    def filled(value):
        if isinstance(value, str):
            return value.format(**stored)
        if isinstance(value, dict):
            return {k: filled(v) for k, v in value.items()}
        return value

    for url, body in SEASON_WRITES:
        for keys in ({}, {"X-Venue-Key": "x" * 32}, {"X-Organiser-Key": stored["venue_key"]}):
            answer = stranger.post(filled(url), json=filled(body),
                                   headers={"X-CSRFToken": token, **keys})
            assert answer.status_code == 403, (url, keys, answer.get_json())
    for url, body in SEASON_FORMS:
        answer = stranger.post(filled(url), data={**filled(body), "csrf_token": token})
        assert answer.status_code == 403, (url, answer.get_data(as_text=True)[:300])
    # The venue's own key does not open the organiser's doors.
    venue = app.test_client()
    venue.get(f"/seasons/{stored['season_id']}/venues/{stored['venue_id']}/{stored['venue_key']}")
    for url, body in SEASON_FORMS[:2]:
        answer = venue.post(filled(url), data={**filled(body),
                                               "csrf_token": read_csrf_token(venue)})
        assert answer.status_code == 403, url
    assert snapshot(path) == before


def test_no_get_anywhere_writes_or_gives_a_device(app, client, stored):
    """Every GET route, as a stranger without cookies and as the phone that made it all,
    with and without ``?lang=``: the database is row for row what it was."""
    path = app.config["DATABASE"]
    before = snapshot(path)
    walked = 0
    for endpoint, rule in get_routes(app):
        url = fill(rule, stored) + QUERIES.get(endpoint, "")
        for visitor in (app.test_client(), client):
            for query in ("", ("&" if "?" in url else "?") + "lang=de"):
                with visitor.get(url + query) as answer:
                    assert answer.status_code < 500, (url, answer.status_code)
                    assert not device_cookies(answer), url
                walked += 1
        assert snapshot(path) == before, f"GET {url} wrote to the database"
    assert walked >= 4 * 40


# --- Private answers stay private ---


def private_paths(stored: dict[str, str]) -> list[str]:
    game, tournament = stored["game_id"], stored["tournament_id"]
    return [
        "/", "/games", "/games/stats", "/tournament",
        f"/games/{game}", f"/api/v1/games/{game}", f"/games/{game}/history",
        f"/games/{game}/deals/1/edit", f"/games/{game}/export.csv", f"/games/{game}/export.json",
        f"/games/{game}/evening", f"/games/{game}/preview?bh-0=1", f"/games/{game}/delete",
        f"/games/{game}/deals/9/edit",  # a refusal at a secret address is private too
        f"/view/{stored['view_id']}",  # the view link is a secret too: it shows the game
        f"/tournament/{tournament}", f"/tournament/{tournament}/sheets",
        f"/tournament/{tournament}/standings.pdf", "/tournament/" + "0" * 20,
    ]


def test_private_answers_are_kept_by_no_cache(client, stored):
    for path in private_paths(stored):
        answer = client.get(path)
        assert answer.headers.get("Cache-Control") == PRIVATE, path


def test_a_write_to_a_secret_address_is_answered_privately(client, stored):
    answer = client.post(f"/api/v1/games/{stored['game_id']}/deals", json={
        "number": 1, "bullheads": {"Ann": 9, "Bob": 9, "Cas": 9}},
        headers={"X-CSRFToken": read_csrf_token(client)})
    assert answer.status_code == 409 and answer.headers["Cache-Control"] == PRIVATE


def test_every_address_holding_a_secret_is_private(app, client, stored):
    """Whatever route is added under a secret converter is private without a word more."""
    secret = tuple(name for name, converter in app.url_map.converters.items()
                   if issubclass(converter, SecretToken))
    assert set(secret) >= {"game", "view", "tournament"}
    routes = [(e, r) for e, r in get_routes(app) if any(f"<{s}:" in r for s in secret)]
    assert len(routes) >= 12
    for _endpoint, rule in routes:
        url = fill(rule, stored)
        assert client.get(url).headers.get("Cache-Control") == PRIVATE, url


@pytest.mark.parametrize(("path", "cache"), [
    ("/rules", None), ("/check", None), ("/tournament/sheet", None), ("/games/offline", None),
    ("/games/import", None), ("/sw.js", "no-cache"), ("/manifest.webmanifest", "no-cache"),
    ("/static/css/site.css", "no-cache"),
])
def test_public_answers_keep_their_own_caching(client, path, cache):
    with client.get(path) as answer:
        assert answer.headers.get("Cache-Control") == cache


def test_behind_https_every_answer_asks_for_https(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_HTTPS", "1")
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "s.sqlite"),
                      "SECRET_KEY": "test"})
    client = app.test_client()
    for path in ("/", "/rules", "/static/css/site.css", "/nowhere", "/api/v1/games/x"):
        with client.get(path, base_url="https://localhost") as answer:
            assert answer.headers["Strict-Transport-Security"] == "max-age=31536000", path


def test_over_plain_http_no_answer_asks_for_https(tmp_path, monkeypatch):
    monkeypatch.delenv("SCOREKEEPER_HTTPS", raising=False)
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "s.sqlite"),
                      "SECRET_KEY": "test"})
    assert "Strict-Transport-Security" not in app.test_client().get("/").headers


# --- A game opened through its link joins this phone's list only when kept ---


def test_a_game_is_kept_by_a_post_from_its_page(app, client):
    game = new_game(client, ["Ann", "Bob"])
    stranger = app.test_client()
    page = stranger.get(f"/games/{game}").get_data(as_text=True)
    assert 'id="keep-form"' in page and "js/pages/keep.js" in page
    assert "Keep this game on this phone's list" in page
    assert "Dieses Spiel zur Liste dieses Handys hinzufügen" in stranger.get(
        f"/games/{game}?lang=de").get_data(as_text=True)
    # Without the CSRF token nothing is kept.
    assert stranger.post(f"/games/{game}/keep").status_code == 400
    assert stranger.get_cookie("device") is None
    # The page's script asks for JSON and gets 204; without scripts, back to the sheet.
    answer = stranger.post(f"/games/{game}/keep", headers={
        "X-CSRFToken": read_csrf_token(stranger), "Accept": "application/json"})
    assert answer.status_code == 204 and device_cookies(answer)
    assert 'id="keep-form"' not in stranger.get(f"/games/{game}").get_data(as_text=True)
    assert game in stranger.get("/games").get_data(as_text=True)
    # Kept twice is kept once.
    answer = stranger.post(f"/games/{game}/keep", data={"csrf_token": read_csrf_token(stranger)})
    assert answer.status_code == 302 and answer.headers["Location"] == f"/games/{game}"
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        assert conn.execute("SELECT count(*) FROM game_access").fetchone() == (2,)
    assert stranger.post("/games/" + "0" * 20 + "/keep", data={
        "csrf_token": read_csrf_token(stranger)}).status_code == 404


def test_the_page_that_started_a_game_offers_no_keeping(client):
    game = new_game(client, ["Ann", "Bob"])
    assert 'id="keep-form"' not in client.get(f"/games/{game}").get_data(as_text=True)


# --- Tournaments, kept as games are ---


def test_a_tournaments_address_cannot_be_guessed(app, client):
    first, second = new_tournament(client), new_tournament(client)
    assert re.fullmatch(r"[0-9a-f]{20}", first) and re.fullmatch(r"[0-9a-f]{20}", second)
    assert first != second
    for number in ("1", "2", str(int(first, 16))):
        assert client.get(f"/tournament/{number}").status_code == 404
    assert client.get("/tournament/" + "0" * 20).status_code == 404


def test_a_strangers_list_is_empty_and_shows_no_hands(app, client):
    token = new_tournament(client)
    mine = client.get("/tournament?lang=en").get_data(as_text=True)
    assert "Your tournaments" in mine and f"/tournament/{token}" in mine
    stranger = app.test_client()
    theirs = stranger.get("/tournament?lang=en").get_data(as_text=True)
    assert "Your tournaments" not in theirs and token not in theirs
    assert "Ann, Bob, Cas" not in theirs and 'class="card"' not in theirs


def test_without_the_link_nobody_sees_hands_or_saves_results(app, client):
    token = new_tournament(client)
    stranger = app.test_client()
    csrf = read_csrf_token(stranger)
    before = snapshot(app.config["DATABASE"])
    for guess in ("1", "0" * 20, token[:-1] + ("0" if token[-1] != "0" else "1")):
        assert stranger.get(f"/tournament/{guess}").status_code == 404
        assert stranger.get(f"/tournament/{guess}/sheets.pdf").status_code == 404
        answer = stranger.post(f"/tournament/{guess}/games/1", data={
            "points1": "1", "points2": "2", "points3": "3", "csrf_token": csrf})
        assert answer.status_code == 404
    assert snapshot(app.config["DATABASE"]) == before
    # With the link: the hands, and the results can be saved.
    page = stranger.get(f"/tournament/{token}?lang=en").get_data(as_text=True)
    assert "Hand of Ann" in page and 'id="keep-form"' in page
    answer = stranger.post(f"/tournament/{token}/games/1", data={
        "points1": "1", "points2": "2", "points3": "3", "csrf_token": csrf})
    assert answer.status_code == 302


def test_a_tournament_opened_by_its_link_is_kept_by_a_post(app, client):
    token = new_tournament(client)
    assert 'id="keep-form"' not in client.get(f"/tournament/{token}").get_data(as_text=True)
    stranger = app.test_client()
    page = stranger.get(f"/tournament/{token}?lang=nl").get_data(as_text=True)
    assert 'id="keep-form"' in page
    assert "Dit toernooi in de lijst van deze telefoon bewaren" in page
    assert token not in stranger.get("/tournament").get_data(as_text=True)
    answer = stranger.post(f"/tournament/{token}/keep", headers={
        "X-CSRFToken": read_csrf_token(stranger), "Accept": "application/json"})
    assert answer.status_code == 204 and device_cookies(answer)
    assert token in stranger.get("/tournament").get_data(as_text=True)
    assert 'id="keep-form"' not in stranger.get(f"/tournament/{token}").get_data(as_text=True)


def test_open_list_lists_every_tournament(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "open.sqlite"),
                      "SECRET_KEY": "test", "OPEN_LIST": True})
    token = new_tournament(app.test_client())
    page = app.test_client().get("/tournament?lang=en").get_data(as_text=True)
    assert "All tournaments" in page and token in page


def test_tournaments_stored_before_tokens_get_one_and_keep_their_results(tmp_path):
    """A database of the release before: integer ids, a result, the event in meta."""
    path = str(tmp_path / "old.sqlite")
    upto = next(i for i, script in enumerate(MIGRATIONS) if "tournament_access" in script)
    with sqlite3.connect(path) as conn:
        for number, script in enumerate(MIGRATIONS[:upto], start=1):
            conn.executescript(script)
            conn.execute(f"PRAGMA user_version = {number:d}")
        conn.execute("INSERT INTO tournaments (players, hands) VALUES (?, ?)", (
            '["Ann", "Bob"]', '{"Ann": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],'
            ' "Bob": [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]}'))
        conn.executemany("INSERT INTO tournament_results (tournament_id, game, owner, points)"
                         " VALUES (1, 1, ?, ?)", [("Ann", 4), ("Bob", 7)])
        conn.execute("INSERT INTO meta (key, value) VALUES ('tournament/1/event', ?)",
                     ('{"name": "Clubavond", "date": "", "table": ""}',))
    app = create_app({"TESTING": True, "DATABASE": path, "SECRET_KEY": "test"})
    client = app.test_client()
    assert client.get("/tournament").status_code == 200  # the first request migrates
    assert client.get("/tournament/1").status_code == 404
    with sqlite3.connect(path) as conn:
        (token,) = conn.execute("SELECT token FROM tournaments WHERE id = 1").fetchone()
    assert re.fullmatch(r"[0-9a-f]{20}", token)
    page = client.get(f"/tournament/{token}?lang=en").get_data(as_text=True)
    assert "Clubavond" in page and "Results of game 2" in page
    assert re.search(r'class="standing-name">Ann<.*?4 minus points', page, re.S)
    # The server's keeper finds its new address for whoever played it.
    printed = app.test_cli_runner().invoke(args=["tournament", "links"]).output
    assert f"/tournament/{token}" in printed and "Clubavond · Ann, Bob" in printed
