"""Keeping a game on the phone (docs/api.md): an open sheet learns that nothing moved
from one read of the game's row."""

from __future__ import annotations

import pytest

from scorekeeper.games import access, store
from scorekeeper.web.db import get_db
from scorekeeper.web.schema import MIGRATIONS


class Phone:
    """One phone: its own cookies and CSRF token, calling the API as the sheet does."""

    def __init__(self, app):
        self.client = app.test_client()
        token = self.client.get("/pwa/csrf-token").get_json()["csrf_token"]
        self.headers = {"X-CSRFToken": token}

    def send(self, method: str, path: str, body=None, **headers):
        kwargs = {} if body is None else {"json": body}
        return self.client.open(f"/api/v1/games{path}", method=method,
                                headers={**self.headers, **headers}, **kwargs)

    def game(self, game_id: str) -> dict:
        return self.client.get(f"/api/v1/games/{game_id}").get_json()


@pytest.fixture
def phones(app):
    return Phone(app), Phone(app)


@pytest.fixture
def game_id(phones):
    """A game of Ann and Bob with two deals (version 2), entered by the first phone."""
    first, _ = phones
    game = first.send("POST", "", {"players": ["Ann", "Bob"]}).get_json()
    for number, (ann, bob) in enumerate([(5, 3), (10, 2)], 1):
        answer = first.send("POST", f"/{game['id']}/deals",
                            {"number": number, "bullheads": {"Ann": ann, "Bob": bob},
                             "client_id": f"deal-{number}"})
        assert answer.status_code == 201
    return game["id"]


def values(ann: int, bob: int, **fields) -> dict:
    return {"bullheads": {"Ann": ann, "Bob": bob}, **fields}


def stored_version(app, game_id: str) -> int:
    with app.app_context():
        return store.version_of(get_db(), game_id)


# --- version: one more for every entry kept, on the game's row too ---


def test_the_row_counts_every_entry_kept_and_nothing_else(app, phones, game_id):
    first, _ = phones
    for method, path, body, status, version in [
        ("PUT", "/deals/1", values(6, 3), 200, 3),
        ("POST", "/deals", values(1, 3, number=2), 409, 3),  # the number is taken
        ("PUT", "/deals/1", values(900, 3), 400, 3),  # over the deck's bound
        ("POST", "/deals", values(1, 3, number=3, client_id="d3"), 201, 4),
        ("POST", "/deals", values(1, 3, number=3, client_id="d3"), 200, 4),  # sent again
        ("DELETE", "/deals/3", None, 200, 5),
        ("POST", "/deals/3/restore", None, 200, 6),
    ]:
        answer = first.send(method, f"/{game_id}{path}", body)
        assert answer.status_code == status, (method, path, answer.get_json())
        assert first.game(game_id)["version"] == version == stored_version(app, game_id)


def test_the_stored_version_counts_games_kept_before_it_and_imported_ones(app, game_id):
    """The migration counts each game's log; a backup's import counts its events."""
    migration = next(m for m in MIGRATIONS if "ADD COLUMN version" in m)
    with app.app_context():
        db = get_db()
        db.execute("UPDATE games SET version = 0")
        db.execute(migration.split(";")[1])  # the migration's count, run again
        assert store.version_of(db, game_id) == 2
        game = store.load(db, game_id)
        copy, _ = store.import_game(db, game.settings, game.note, game.created_at,
                                    list(game.events), "digest")
        assert store.version_of(db, copy) == 2 == store.load(db, copy).version


# --- ETag and 304: an open sheet asks whether anything moved ---


def test_get_answers_an_etag_and_304_while_nothing_changed(phones, game_id):
    first, second = phones
    answer = first.client.get(f"/api/v1/games/{game_id}")
    assert answer.headers["ETag"] == '"2"' and answer.headers["Cache-Control"] == "no-cache"
    same = first.client.get(f"/api/v1/games/{game_id}", headers={"If-None-Match": '"2"'})
    assert same.status_code == 304 and same.data == b"" and same.headers["ETag"] == '"2"'
    second.send("PUT", f"/{game_id}/deals/2", values(12, 2))
    moved = first.client.get(f"/api/v1/games/{game_id}", headers={"If-None-Match": '"2"'})
    assert moved.status_code == 200 and moved.headers["ETag"] == '"3"'
    assert moved.get_json()["version"] == 3


def test_a_compressed_answer_carries_a_weak_tag_and_its_304_the_same(phones, game_id):
    first, _ = phones
    gzip = {"Accept-Encoding": "gzip"}
    answer = first.client.get(f"/api/v1/games/{game_id}", headers=gzip)
    assert answer.headers["Content-Encoding"] == "gzip" and answer.headers["ETag"] == 'W/"2"'
    for tag in ('W/"2"', '"2"', '"1", W/"2"', "*"):
        same = first.client.get(f"/api/v1/games/{game_id}",
                                headers={**gzip, "If-None-Match": tag})
        assert (same.status_code, same.headers["ETag"]) == (304, 'W/"2"'), tag
    stale = first.client.get(f"/api/v1/games/{game_id}", headers={"If-None-Match": '"1"'})
    assert stale.status_code == 200


def test_the_304_reads_the_row_only(app, phones, game_id, monkeypatch):
    """No log read, no replay, no write: one SELECT of the game's row by its token."""
    first, _ = phones
    statements: list[str] = []

    def refuse(*_args, **_kwargs):
        raise AssertionError("the 304 path read the game")

    monkeypatch.setattr(store, "load", refuse)
    monkeypatch.setattr(store, "replay", refuse)
    monkeypatch.setattr(access, "grant", refuse)
    with app.app_context():
        get_db().set_trace_callback(statements.append)  # the serving thread's connection
    try:
        same = first.client.get(f"/api/v1/games/{game_id}", headers={"If-None-Match": '"2"'})
    finally:
        with app.app_context():
            get_db().set_trace_callback(None)
    assert same.status_code == 304
    assert statements == [f"SELECT version FROM games WHERE token = '{game_id}'"]


def test_if_none_match_for_a_missing_game_is_404(phones):
    first, _ = phones
    answer = first.client.get("/api/v1/games/0123456789abcdef0123",
                              headers={"If-None-Match": '"0"'})
    assert (answer.status_code, answer.get_json()["code"]) == (404, "NoSuchGame")
