"""A game's view link (games/watching.py, docs/api.md "Sharing a result"): its own token,
answered as ``view_url``; it shows the sheet as it stands and follows new deals; nothing
written through any address built from it; a GET of it writes nothing; games stored
before it existed get one when the database is migrated."""

from __future__ import annotations

import re
import sqlite3

import pytest
from conftest import read_csrf_token

from scorekeeper import create_app
from scorekeeper.games import access
from scorekeeper.web import db
from scorekeeper.web.security import PRIVATE
from tests.test_games_store import build
from tests.test_privacy import snapshot

VIEW = re.compile(r"^http://localhost/view/([0-9a-f]{20})$")
PLAYERS = ["Ann", "Bob", "Cas"]


@pytest.fixture
def headers(client):
    return {"X-CSRFToken": read_csrf_token(client)}


def game_with_a_deal(client, headers) -> tuple[str, str]:
    made = client.post("/api/v1/games", headers=headers, json={"players": PLAYERS})
    assert made.status_code == 201
    game_id, view_url = made.get_json()["id"], made.get_json()["view_url"]
    added = client.post(f"/api/v1/games/{game_id}/deals", headers=headers, json={
        "number": 1, "bullheads": {"Ann": 8, "Bob": 4, "Cas": 2}})
    assert added.status_code == 201
    return game_id, view_url


def test_the_game_answers_its_view_link_with_a_token_of_its_own(client, headers):
    game_id, view_url = game_with_a_deal(client, headers)
    token = VIEW.match(view_url).group(1)
    assert token != game_id
    assert client.get(f"/api/v1/games/{game_id}").get_json()["view_url"] == view_url
    other, _ = game_with_a_deal(client, headers)
    assert client.get(f"/api/v1/games/{other}").get_json()["view_url"] != view_url


def test_the_view_shows_the_sheet_and_nothing_that_writes(client, headers, app):
    game_id, view_url = game_with_a_deal(client, headers)
    stranger = app.test_client()
    answer = stranger.get(view_url + "?lang=en")
    assert answer.status_code == 200
    assert answer.headers["Cache-Control"] == PRIVATE  # a secret address, like the game's
    page = answer.get_data(as_text=True)
    assert game_id not in page  # no address of the game's own: none that writes
    main = page[page.index('<main id="main">'):page.index("</main>")]
    assert "<form" not in main and "<button" not in main and "<input" not in main
    assert "This page shows the score as it stands and follows new deals by itself." in main
    cells = re.findall(r'<td class="total[^"]*">(\d+)</td>', main)
    assert cells == ["8", "4", "2"]
    assert "Correct deal" not in main and "Undo deal" not in main


def test_the_view_follows_new_deals_cheaply(client, headers, app):
    game_id, view_url = game_with_a_deal(client, headers)
    stranger = app.test_client()
    first = stranger.get(view_url)
    tag = first.headers["ETag"]
    # the version, then when the log's last entry was made (docs/api.md, the ETag)
    assert re.fullmatch(r'"1\.\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"', tag.removeprefix("W/")), tag
    assert stranger.get(view_url, headers={"If-None-Match": tag}).status_code == 304
    # a page of an earlier release (its script kept by the phone) sends the bare version
    assert stranger.get(view_url, headers={"If-None-Match": '"1"'}).status_code == 304
    client.post(f"/api/v1/games/{game_id}/deals", headers=headers, json={
        "number": 2, "bullheads": {"Ann": 1, "Bob": 10, "Cas": 5}})
    moved = stranger.get(view_url + "?lang=en", headers={"If-None-Match": tag})
    assert moved.status_code == 200
    assert stranger.get(view_url, headers={"If-None-Match": '"1"'}).status_code == 200
    assert moved.headers["ETag"].removeprefix("W/").startswith('"2.'), moved.headers["ETag"]
    page = moved.get_data(as_text=True)
    assert re.findall(r'<td class="total[^"]*">(\d+)</td>', page) == ["9", "14", "7"]
    assert 'data-version="2"' in page


WRITES = {"POST", "PUT", "PATCH", "DELETE"}


def writes_of_a_game(app) -> list[tuple[str, str]]:
    """Every (method, rule) that writes to one game: the app's own routes with a
    ``<game:...>`` in their address, so a route added later is walked too."""
    return [(method, rule.rule) for rule in app.url_map.iter_rules()
            if any(isinstance(c, access.GameToken) for c in rule._converters.values())
            for method in sorted(rule.methods & WRITES)]


def test_no_write_through_an_address_built_from_the_view_link(client, headers, app):
    game_id, view_url = game_with_a_deal(client, headers)
    token = VIEW.match(view_url).group(1)
    before = snapshot(app.config["DATABASE"])
    body = {"number": 2, "bullheads": {"Ann": 9, "Bob": 9, "Cas": 9}, "client_id": "x",
            "base": 1}
    form = {"csrf_token": headers["X-CSRFToken"], "number": "2", "bh-0": "9", "bh-1": "9",
            "bh-2": "9", "mode": "bullheads", "action": "save"}
    writes = writes_of_a_game(app)
    # Every way a game is written to, as docs/api.md lists them, is walked.
    assert {path for _, path in writes} >= {
        "/api/v1/games/<game:game_id>/deals", "/api/v1/games/<game:game_id>/deals/<int:number>",
        "/api/v1/games/<game:game_id>/deals/<int:number>/restore",
        "/api/v1/games/<game:game_id>/same-players", "/games/<game:game_id>/deals",
        "/games/<game:game_id>/deals/<int:number>/edit",
        "/games/<game:game_id>/deals/<int:number>/withdraw",
        "/games/<game:game_id>/deals/<int:number>/restore", "/games/<game:game_id>/keep",
        "/games/<game:game_id>/same-players", "/games/<game:game_id>/delete"}
    for method, path in writes:
        address = path.replace("<game:game_id>", token).replace("<int:number>", "1")
        numbered = {**body, "number": 1} if "<int:number>" in path else body
        sent = {"json": numbered, "headers": headers} if "/api/" in address else {"data": form}
        answer = client.open(address, method=method, **sent)
        assert answer.status_code == 404, (method, address, answer.status_code)
    # The view's own address takes no write either.
    for method in sorted(WRITES):
        assert client.open(f"/view/{token}", method=method, data=form).status_code == 405
    # Nor does it open the game's own pages, which write.
    for path in (f"/games/{token}", f"/api/v1/games/{token}", f"/games/{token}/export.json"):
        assert client.get(path).status_code == 404
    assert snapshot(app.config["DATABASE"]) == before
    # The same writes through the game's own link are taken: the 404s were the view token's.
    own = client.post(f"/api/v1/games/{game_id}/deals", headers=headers, json=body)
    assert own.status_code == 201
    assert client.post(f"/games/{game_id}/deals/2/withdraw", data=form).status_code == 302
    assert client.get(f"/api/v1/games/{game_id}").get_json()["next_number"] == 2


def test_reading_the_view_writes_nothing(client, headers, app):
    _, view_url = game_with_a_deal(client, headers)
    before = snapshot(app.config["DATABASE"])
    for visitor in (app.test_client(), client):
        for extra in ({}, {"If-None-Match": '"1"'}, {"If-None-Match": '"7"'}):
            answer = visitor.get(view_url + "?lang=de", headers=extra)
            assert answer.status_code in (200, 304)
            assert not [h for h in answer.headers.getlist("Set-Cookie") if h.startswith("device=")]
    assert snapshot(app.config["DATABASE"]) == before



def test_a_view_link_that_names_no_game_finds_nothing(client, headers, app):
    game_id, view_url = game_with_a_deal(client, headers)
    token = VIEW.match(view_url).group(1)
    stranger = app.test_client()
    for wrong in ("0" * 20, game_id, token[:-1] + ("0" if token[-1] != "0" else "1"),
                  token[:-1], token.upper(), "nothing"):
        assert stranger.get(f"/view/{wrong}").status_code == 404, wrong
        assert stranger.get(f"/view/{wrong}", headers={"If-None-Match": '"1"'}).status_code == 404
    assert stranger.get(view_url).status_code == 200


def test_games_stored_before_the_view_link_get_one_each(tmp_path):
    path = tmp_path / "before.sqlite"
    before = next(i for i, script in enumerate(db.MIGRATIONS) if "view_token" in script)
    conn = build(path, before)  # the schema just before games had view links
    for row_id in (1, 2, 3):
        conn.execute("INSERT INTO games (id, created_at, players, threshold, virgin_doubling,"
                     " variant, note, token) VALUES (?, '2026-01-02T20:00:00Z',"
                     " '[\"Ann\", \"Bob\"]', 66, 0, 'basic', '', ?)",
                     (row_id, f"{row_id:020x}"))
    conn.close()
    client = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "t"}).test_client()
    views = [client.get(f"/api/v1/games/{n:020x}").get_json()["view_url"] for n in (1, 2, 3)]
    tokens = [VIEW.match(url).group(1) for url in views]
    assert len(set(tokens)) == 3
    assert all(client.get(url).status_code == 200 for url in views)
    stored = sqlite3.connect(path).execute("SELECT count(*) FROM games WHERE view_token IS NULL")
    assert stored.fetchone()[0] == 0
