"""Storage: schema migrations keep every deal; two phones on a real server lose nothing."""

from __future__ import annotations

import http.cookiejar
import json
import re
import sqlite3
import threading
import urllib.error
import urllib.request

import pytest
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.engine import errors
from scorekeeper.engine.deal import make_entry
from scorekeeper.engine.errors import NoSuchGame
from scorekeeper.engine.game import EventKind
from scorekeeper.engine.settings import make_settings
from scorekeeper.games import backup, imports, store
from scorekeeper.web import db

#: A token of the right shape that no game has.
MISSING = "0123456789abcdef0123"


def games_version() -> int:
    """The schema version that created the games tables (others' migrations may follow)."""
    return next(i for i, script in enumerate(db.MIGRATIONS, 1) if "game_events" in script)


def build(path, version: int) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None)
    for script in db.MIGRATIONS[:version]:
        for statement in filter(str.strip, script.split(";")):
            conn.execute(statement)
    conn.execute(f"PRAGMA user_version = {version:d}")
    return conn


def token_of(path, row_id: int = 1) -> str:
    """The token the migration gave an older game (migrating the database first)."""
    db.connect(str(path)).close()
    return sqlite3.connect(path).execute("SELECT token FROM games WHERE id = ?",
                                         (row_id,)).fetchone()[0]


def test_games_schema_database_migrates_to_a_later_release_keeping_deals(tmp_path, monkeypatch):
    path = tmp_path / "old.sqlite"
    conn = build(path, games_version())
    conn.execute("INSERT INTO games (id, created_at, players, threshold, virgin_doubling,"
                 " variant, note) VALUES (1, '2026-01-02T20:00:00Z', '[\"Ann\", \"Bob\"]', 66,"
                 " 1, 'basic', 'old')")
    conn.execute("INSERT INTO game_events (game_id, kind, number, bullheads, created_at)"
                 " VALUES (1, 'deal', 1, '{\"Ann\": 4, \"Bob\": 0}', '2026-01-02T20:05:00Z')")
    conn.close()
    # A later release adds a column; the deal must come through it.
    monkeypatch.setattr(db, "MIGRATIONS", [*db.MIGRATIONS, "ALTER TABLE games ADD COLUMN x TEXT"])
    client = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "t"}).test_client()
    assert client.get("/api/v1/games/1").status_code == 404  # integer ids are gone
    game = client.get(f"/api/v1/games/{token_of(path)}").get_json()
    assert game["deals"][0]["bullheads"] == {"Ann": 4, "Bob": 0}
    assert game["totals"] == {"Ann": 8, "Bob": 0} and game["note"] == "old"
    version = sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0]
    assert version == len(db.MIGRATIONS)


def test_version_1_database_gains_the_games_tables_and_keeps_its_rows(tmp_path):
    path = tmp_path / "v1.sqlite"
    conn = build(path, 1)
    conn.execute("INSERT INTO meta VALUES ('installed', 'long ago')")
    conn.close()
    app = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "t",
                      "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    created = client.post("/api/v1/games", json={"players": ["Ann", "Bob"]})
    assert created.status_code == 201
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT value FROM meta").fetchone()[0] == "long ago"
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


class Phone:
    """One phone: its own cookies and CSRF token, talking JSON to the server."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        html = self.opener.open(base + "/", timeout=10).read().decode()
        self.token = re.search(r'name="csrf-token" content="([^"]+)"', html).group(1)

    def call(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        request = urllib.request.Request(
            self.base + path, method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Content-Type": "application/json", "X-CSRFToken": self.token})
        try:
            with self.opener.open(request, timeout=10) as answer:
                return answer.status, json.load(answer)
        except urllib.error.HTTPError as error:
            return error.code, json.load(error)


def test_two_phones_adding_and_retrying_deals_lose_or_double_nothing(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "live.sqlite"), "SECRET_KEY": "live"})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_port}"
    try:
        first = Phone(base)
        status, game = first.call("POST", "/api/v1/games",
                                  {"players": ["Ann", "Bob"], "threshold": 1000})
        assert status == 201
        url = f"/api/v1/games/{game['id']}"
        per_phone, start = 12, threading.Barrier(2)
        failures: list[str] = []
        conflicts = [0, 0]

        def play(seat: int) -> None:
            phone = first if seat == 0 else Phone(base)
            start.wait()
            for i in range(per_phone):
                body = {"bullheads": {"Ann": seat + 4, "Bob": i}, "client_id": f"{seat}-{i}"}
                while True:
                    body["number"] = phone.call("GET", url)[1]["next_number"]
                    status, answer = phone.call("POST", url + "/deals", body)
                    if status == 409:
                        conflicts[seat] += 1
                        continue  # the other phone took that number: read again
                    break
                if status != 201:
                    failures.append(f"{seat}-{i}: {status} {answer}")
                # The answer was "lost": the phone sends the very same deal again.
                again, _ = phone.call("POST", url + "/deals", body)
                if again != 200:
                    failures.append(f"retry {seat}-{i}: {again}")

        threads = [threading.Thread(target=play, args=(seat,)) for seat in (0, 1)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert not failures
        final = first.call("GET", url)[1]
        assert [d["number"] for d in final["deals"]] == list(range(1, 2 * per_phone + 1))
        entered = sorted((d["bullheads"]["Ann"], d["bullheads"]["Bob"]) for d in final["deals"])
        assert entered == sorted((seat + 4, i) for seat in (0, 1) for i in range(per_phone))
        assert final["totals"] == {"Ann": per_phone * 9, "Bob": 2 * sum(range(per_phone))}
        assert final["version"] == 2 * per_phone
    finally:
        server.shutdown()
        thread.join()


def test_write_deal_takes_an_entry_and_answers_the_game_as_stored(app):
    """The store gets values (the view built the entry) and checks them in its transaction."""
    with app.app_context():
        conn = db.get_db()
        DEAL, CORRECTION = EventKind.DEAL, EventKind.CORRECTION
        settings = make_settings(["Ann", "Bob"])
        game_id = store.create_game(conn, settings)
        assert store.settings_of(conn, game_id) == settings
        entry = make_entry(settings, {"Ann": 4, "Bob": 0})  # 2 players: 4 at least
        game, written = store.write_deal(conn, game_id, DEAL, None, entry, "phone-1")
        assert written and game == store.load(conn, game_id)  # no second read needed
        again, written = store.write_deal(conn, game_id, DEAL, 1, entry, "phone-1")
        assert not written and again == game
        other = make_entry(settings, {"Ann": 5, "Bob": 0})
        with pytest.raises(errors.ClientIdReused):
            store.write_deal(conn, game_id, DEAL, 1, other, "phone-1")
        with pytest.raises(errors.DealNumberTaken):
            store.write_deal(conn, game_id, DEAL, 1, other, "phone-2")
        with pytest.raises(errors.NoSuchDeal):
            store.write_deal(conn, game_id, CORRECTION, 2, other, None)
        with pytest.raises(NoSuchGame):
            store.write_deal(conn, MISSING, DEAL, None, entry, None)
        with pytest.raises(NoSuchGame):
            store.settings_of(conn, MISSING)
        fixed, written = store.write_deal(conn, game_id, CORRECTION, 1, other, None)
        assert written and fixed == store.load(conn, game_id)
        assert fixed.state.totals == {"Ann": 5, "Bob": 0} and fixed.version == 2


def test_games_of_an_older_schema_get_the_booklets_shape(tmp_path):
    """The migration that adds the shapes gives every stored game 4 rows, the 6th card and
    10 cards each, and no client_id."""
    path = tmp_path / "old.sqlite"
    conn = build(path, games_version())
    conn.execute("INSERT INTO games (id, created_at, players, threshold, virgin_doubling,"
                 " variant, note) VALUES (1, '2026-01-02T20:00:00Z', '[\"Ann\", \"Bob\"]', 66,"
                 " 0, 'basic', '')")
    conn.close()
    client = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "t"}).test_client()
    game = client.get(f"/api/v1/games/{token_of(path)}").get_json()
    assert [game[k] for k in ("rows", "takes_at", "hand_size", "client_id")] == [4, 6, 10, None]


def test_start_game_finds_the_game_of_a_client_id(app):
    with app.app_context():
        conn = db.get_db()
        settings = make_settings(["Ann", "Bob"], rows=3)
        first = store.start_game(conn, settings, "", "phone-1")
        assert first == (first[0], True)
        assert store.start_game(conn, settings, "", "phone-1") == (first[0], False)
        assert store.load(conn, first[0]).client_id == "phone-1"
        with pytest.raises(errors.ClientIdReused):
            store.start_game(conn, make_settings(["Ann", "Bob"]), "", "phone-1")
        second = store.create_game(conn, settings)
        with pytest.raises(sqlite3.IntegrityError):  # the database guards it as well
            conn.execute("UPDATE games SET client_id = 'phone-1' WHERE token = ?", (second,))


def test_undo_migration_keeps_events_and_indexes_and_lets_a_number_come_back(tmp_path):
    """The rebuild of game_events keeps every row and the three indexes; after a
    withdrawal a deal number can be added again, but never twice at once."""
    path = tmp_path / "old.sqlite"
    undo_version = next(i for i, script in enumerate(db.MIGRATIONS, 1)
                        if "game_events_new" in script)
    conn = build(path, undo_version - 1)
    conn.execute("INSERT INTO games (id, created_at, players, threshold, virgin_doubling,"
                 " variant, note) VALUES (1, '2026-01-02T20:00:00Z', '[\"Ann\", \"Bob\"]', 66,"
                 " 0, 'basic', '')")
    for number, values in ((1, '{"Ann": 4, "Bob": 0}'), (2, '{"Ann": 3, "Bob": 3}')):
        conn.execute("INSERT INTO game_events (game_id, kind, number, bullheads, created_at)"
                     " VALUES (1, 'deal', ?, ?, '2026-01-02T20:05:00Z')", (number, values))
    conn.close()
    conn = db.connect(str(path))
    token = token_of(path)
    names = {r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'game_events'")}
    assert {"game_events_one_deal", "game_events_client", "game_events_by_game"} <= names
    game = store.undo(conn, token, EventKind.WITHDRAWAL, 2)
    assert game.state.totals == {"Ann": 4, "Bob": 0}
    entry = make_entry(game.settings, {"Ann": 2, "Bob": 5})
    game, _ = store.write_deal(conn, token, EventKind.DEAL, 2, entry, None)
    assert game.state.totals == {"Ann": 6, "Bob": 5}
    with pytest.raises(sqlite3.IntegrityError):  # the index still holds one deal 2
        conn.execute("INSERT INTO game_events (game_id, kind, number, bullheads, created_at)"
                     " VALUES (1, 'deal', 2, '{}', 'x')")
    assert store.load(conn, token).state == game.state and len(game.events) == 4
    conn.close()


def test_a_backup_with_an_undo_imports_again(app):
    with app.app_context():
        conn = db.get_db()
        settings = make_settings(["Ann", "Bob"])
        game_id = store.create_game(conn, settings)
        for values in ({"Ann": 4, "Bob": 0}, {"Ann": 3, "Bob": 3}):
            store.write_deal(conn, game_id, EventKind.DEAL, None,
                             make_entry(settings, values), None)
        store.undo(conn, game_id, EventKind.WITHDRAWAL, 2)
        store.write_deal(conn, game_id, EventKind.DEAL, 2,
                         make_entry(settings, {"Ann": 1, "Bob": 4}), None)
        store.undo(conn, game_id, EventKind.WITHDRAWAL, 2)
        game = store.undo(conn, game_id, EventKind.RESTORE, 2)
        assert game.state.totals == {"Ann": 5, "Bob": 4}
        checked = imports.game(backup.to_json(game))
        copy, new = store.import_game(conn, checked.settings, checked.note, checked.created_at,
                                      checked.events, checked.digest)
        assert new and store.load(conn, copy).state.totals == {"Ann": 5, "Bob": 4}
        with pytest.raises(errors.CannotRestore):
            store.undo(conn, copy, EventKind.RESTORE, 2)


def test_games_kept_before_states_were_stored_are_listed_after_the_upgrade(tmp_path):
    """The migration gives older games a token; their state is stored on first use, and a
    server for one table (OPEN_LIST) lists them with their deals and winners."""
    path = tmp_path / "old.sqlite"
    conn = build(path, games_version())
    conn.execute("INSERT INTO games (id, created_at, players, threshold, virgin_doubling,"
                 " variant, note) VALUES (1, '2026-01-02T20:00:00Z', '[\"Ann\", \"Bob\"]', 10,"
                 " 0, 'basic', 'old')")
    conn.execute("INSERT INTO game_events (game_id, kind, number, bullheads, created_at)"
                 " VALUES (1, 'deal', 1, '{\"Ann\": 12, \"Bob\": 0}', '2026-01-02T20:05:00Z')")
    conn.close()
    client = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "t",
                         "OPEN_LIST": True}).test_client()
    listing = client.get("/games").get_data(as_text=True)
    assert "1 deal" in listing and "Won by Bob" in listing
    assert f'href="/games/{token_of(path)}"' in listing
    assert "<td>1</td><td>0</td><td>0%</td><td>12.0</td><td>0</td>" in client.get(
        "/games/stats").get_data(as_text=True)


def test_a_keeper_is_asked_inside_every_write_and_its_refusal_changes_nothing(app,
                                                                             monkeypatch):
    """A feature that keeps games (club events) registers a keeper; the store asks it
    about each change, in the write's transaction, and stores nothing it refuses."""
    asked: list[tuple[str, store.Change, bool]] = []
    refused: set[store.Change] = set()

    def keeper(conn, token, change):
        asked.append((token, change, conn.in_transaction))
        if change in refused:
            raise errors.GameFinished()

    monkeypatch.setattr(store, "_keepers", [])
    store.add_keeper(keeper)
    store.add_keeper(keeper)  # once is enough
    with app.app_context():
        conn = db.get_db()
        settings = make_settings(["Ann", "Bob"], threshold=100)
        game_id = store.create_game(conn, settings)
        entry = make_entry(settings, {"Ann": 3, "Bob": 1})
        store.write_deal(conn, game_id, EventKind.DEAL, None, entry, None)
        store.write_deal(conn, game_id, EventKind.CORRECTION, 1, entry, None)
        store.undo(conn, game_id, EventKind.WITHDRAWAL, 1)
        store.undo(conn, game_id, EventKind.RESTORE, 1)
        assert [(t, c.value, inside) for t, c, inside in asked] == [
            (game_id, kind, True) for kind in ("deal", "correction", "withdrawal", "restore")]
        refused.update({store.Change.DEAL, store.Change.DELETE})
        with pytest.raises(errors.GameFinished):
            store.write_deal(conn, game_id, EventKind.DEAL, None, entry, None)
        with pytest.raises(errors.GameFinished):
            store.delete_game(conn, game_id)
        game = store.load(conn, game_id)
        assert game is not None and game.version == 4
        assert not conn.in_transaction
