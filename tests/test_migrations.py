"""A club's database outlives releases: a database of every earlier schema version (made
here from ``MIGRATIONS``, filled with a row in every table it has) is opened by today's
code with nothing lost, and the app answers from it.

:data:`ROWS` holds a row for every table any schema version has had, with every column
it has ever had; each past version gets the columns it had then. A migration that adds a
table makes the first test fail until a row for it is added here.
"""

from __future__ import annotations

import sqlite3

import pytest

from scorekeeper import create_app
from scorekeeper.engine.names import plain_key
from scorekeeper.web import db
from scorekeeper.web.schema import MIGRATIONS

GAME = "0123456789abcdef0123"
TOURNAMENT = "abcdef0123456789abcd"
EVENT = "ev3nT_0123456789"
SERIES = "s3r1es_012345678"
SEASON = "s3as0n_012345678"
VENUE = "v3nue_0123456789"
AT = "2026-10-02T19:30:00Z"
PLAYERS = '["Ann", "Bob", "Cas", "Dirk", "Eva", "Fien"]'

#: A row per table, with every column the table has ever had (foreign keys matching).
ROWS: dict[str, list[dict[str, object]]] = {
    "meta": [{"key": "tournament:1:event", "value": '{"name": "Clubavond"}'}],
    "tournaments": [{"id": 1, "created_at": AT, "players": '["Ann", "Bob"]',
                     "hands": '{"Ann": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], '
                              '"Bob": [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]}',
                     "token": TOURNAMENT}],
    "tournament_results": [{"id": 1, "tournament_id": 1, "game": 1, "owner": "Ann",
                            "points": 12, "created_at": AT}],
    "games": [{"id": 1, "created_at": AT, "players": '["Ann", "Bob"]', "threshold": 66,
               "fixed_deals": None, "virgin_doubling": 0, "variant": "basic",
               "note": "Kroeg", "rows": 4, "takes_at": 6, "hand_size": 10,
               "client_id": "phone-game-1", "token": GAME, "series": None, "digest": None,
               "deal_count": 2, "finished": 0, "updated_at": "2026-10-02T19:40:00Z",
               "version": 2, "ended_at": None, "view_token": "7" * 20, "note_code": None}],
    "game_events": [
        {"id": 1, "game_id": 1, "kind": "deal", "number": 1,
         "bullheads": '{"Ann": 5, "Bob": 3}', "hand": None, "cards": None,
         "client_id": "deal-1", "created_at": "2026-10-02T19:35:00Z", "withdrawn": 0},
        {"id": 2, "game_id": 1, "kind": "deal", "number": 2,
         "bullheads": '{"Ann": 10, "Bob": 2}', "hand": None, "cards": None,
         "client_id": "deal-2", "created_at": "2026-10-02T19:40:00Z", "withdrawn": 0}],
    "events": [{"id": EVENT, "created_at": AT, "name": "Clubavond", "players": PLAYERS,
                "rounds": 2, "seed": 7, "threshold": None, "fixed_deals": 1,
                "virgin_doubling": 0, "director_hash": "0" * 64,
                "options": '{"scoring": "wins", "sign_off": true}', "numbers": '{"Ann": 4}'}],
    "event_tables": [{"event_id": EVENT, "round": 1, "number": 1,
                      "players": '["Ann", "Bob"]',  # the game's players
                      "game": GAME, "reopened": 0, "paper": None, "paper_at": None,
                      "last_device": "e" * 16, "signed": None}],
    "event_changes": [{"id": 1, "event_id": EVENT, "kind": "join", "player": "Gijs",
                       "from_round": 2, "created_at": AT}],
    "game_players": [
        {"game_id": 1, "seat": 0, "name": "Ann", "name_key": "ann", "total": 15, "winner": 0,
         "deals": 2, "bullheads": 15, "clean": 0},
        {"game_id": 1, "seat": 1, "name": "Bob", "name_key": "bob", "total": 5, "winner": 0,
         "deals": 2, "bullheads": 5, "clean": 0}],
    "game_access": [{"device": "d" * 32, "game_id": 1, "finished": 0}],
    "player_stats": [{"scope": "*", "name_key": "ann", "name": "Ann", "latest": 1,
                      "games": 1, "wins": 0, "deals": 2, "bullheads": 15, "clean": 0,
                      "ended": 0}],
    "player_rivals": [{"scope": "*", "name_key": "ann", "rival_key": "bob", "rival": "Bob",
                       "shared": 1, "behind": 1}],
    "tournament_access": [{"device": "d" * 32, "tournament_id": 1}],
    "event_old_games": [{"game": "f" * 20, "event_id": EVENT, "round": 1, "number": 1,
                         "replaced_at": AT, "paper": None, "paper_at": None, "reopened": 1}],
    "event_devices": [{"event_id": EVENT, "device": "e" * 16, "number": 1, "since": AT}],
    "event_history": [{"id": 1, "event_id": EVENT, "at": AT, "device": "e" * 16,
                       "act": "create", "detail": "{}"}],
    "series": [{"id": SERIES, "created_at": AT, "name": "Clubcompetitie", "best": None,
                "key_hash": "1" * 64}],
    "series_events": [{"series_id": SERIES, "event_id": EVENT, "joined_at": AT}],
    "series_merges": [{"id": 1, "series_id": SERIES, "from_key": "jose", "from_name": "Jose",
                       "into_name": "José", "created_at": AT, "undone_at": AT}],
    "event_renames": [{"id": 1, "event_id": EVENT, "from_name": "Fien", "to_name": "Fiene",
                       "at": AT}],
    "seasons": [{"id": SEASON, "created_at": AT, "name": "Kampioenschap", "per_event": 2,
                 "per_entrants": None, "min_entrants": 4, "best": None, "scoring": "places",
                 "key_hash": "2" * 64}],
    "season_venues": [{"id": VENUE, "season_id": SEASON, "name": "De Kroeg",
                       "key_hash": "3" * 64, "created_at": AT}],
    "season_events": [{"event_id": EVENT, "season_id": SEASON, "venue_id": VENUE,
                       "kind": "qualifier", "digest": None, "origin": None, "added_at": AT,
                       "ended_at": None, "ended_seq": None, "entrants": 1}],
    "season_players": [{"season_id": SEASON, "number": 1, "name": "Ann", "merged_into": None,
                        "merged_at": None, "events": 1, "points": 0, "best": 0,
                        "qualified_at": None, "qualified_order": None,
                        "qualified_place": None}],
    "season_names": [{"season_id": SEASON, "folded": "ann", "number": 1}],
    "season_entrants": [{"event_id": EVENT, "name": "Ann", "season_id": SEASON, "number": 1,
                         "rank": None, "points": None, "games": 0}],
}


def columns(conn: sqlite3.Connection) -> dict[str, list[str]]:
    """Each table of the database and its columns."""
    tables = [row[0] for row in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'sqlite_sequence'")]
    return {table: [c[1] for c in conn.execute(f"PRAGMA table_info({table})")]
            for table in tables}


def at_version(path, version: int) -> dict[str, list[dict[str, object]]]:
    """A database of schema ``version`` at ``path`` with :data:`ROWS` as it could hold
    them then; answers what was written."""
    conn = sqlite3.connect(path)
    for script in MIGRATIONS[:version]:
        for statement in filter(str.strip, script.split(";")):
            conn.execute(statement)
    conn.execute(f"PRAGMA user_version = {version}")
    written: dict[str, list[dict[str, object]]] = {}
    for table, names in columns(conn).items():
        assert table in ROWS, f"schema {version} has table {table}: add a row to ROWS"
        for row in ROWS[table]:
            assert set(names) <= set(row), f"{table}: add {set(names) - set(row)} to ROWS"
            kept = {name: row[name] for name in names}
            if "game" in kept and table == "event_tables" and version < 7:
                kept["game"] = 1  # the games' integer id, before games had tokens
            conn.execute(f"INSERT INTO {table} ({', '.join(kept)}) VALUES "
                         f"({', '.join('?' for _ in kept)})", list(kept.values()))
            written.setdefault(table, []).append(kept)
    conn.commit()
    conn.close()
    return written


@pytest.mark.parametrize("version", range(1, len(MIGRATIONS)))
def test_a_database_of_every_earlier_schema_loses_nothing(tmp_path, version):
    path = str(tmp_path / f"v{version}.sqlite")
    written = at_version(path, version)
    conn = db.connect(path)  # today's code: the migrations, then every feature's upkeep
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        for table, rows in written.items():
            for row in rows:
                match = " AND ".join(f"{name} IS ?" for name in row)
                found = conn.execute(f"SELECT count(*) FROM {table} WHERE {match}",
                                     list(row.values())).fetchone()[0]
                assert found == 1, f"schema {version}: lost {table} {row}"
    finally:
        conn.close()


@pytest.mark.parametrize("version", range(1, len(MIGRATIONS)))
def test_the_app_answers_from_a_database_of_every_earlier_schema(tmp_path, version):
    path = str(tmp_path / f"v{version}.sqlite")
    written = at_version(path, version)
    client = create_app({"TESTING": True, "DATABASE": path, "SECRET_KEY": "t"}).test_client()
    assert client.get("/healthz").status_code == 200
    with sqlite3.connect(path) as conn:  # tokens made by a migration where there were none
        game = conn.execute("SELECT token FROM games WHERE id = 1").fetchone()
        tournament = conn.execute("SELECT token FROM tournaments WHERE id = 1").fetchone()
    if "games" in written:
        answer = client.get(f"/api/v1/games/{game[0]}")
        assert answer.status_code == 200, answer.get_json()
        assert [d["bullheads"] for d in answer.get_json()["deals"]] == [
            {"Ann": 5, "Bob": 3}, {"Ann": 10, "Bob": 2}]
        assert answer.get_json()["totals"] == {"Ann": 15, "Bob": 5}
    if "tournaments" in written:
        assert client.get(f"/tournament/{tournament[0]}").status_code == 200
    if "events" in written:
        assert client.get(f"/events/{EVENT}").status_code == 200
    if "series" in written:
        assert client.get(f"/series/{SERIES}").status_code == 200


def test_the_spellings_of_season_numbers_are_written_by_todays_key(tmp_path):
    """Before the season's key wrote ŋ and ĸ plainly, Ŋoŋo was kept as ŋoŋo: kept so,
    a Nono at another venue would get a new number. Both spellings of one number become
    one row; another number's spelling stays as it was."""
    path = str(tmp_path / "seasons.sqlite")
    version = next(number for number, script in enumerate(MIGRATIONS, 1)
                   if "CREATE TABLE season_names" in script)
    at_version(path, version)
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO season_players (season_id, number, name) VALUES (?, 2, ?)",
                     (SEASON, "Ŋoŋo"))
        conn.executemany("INSERT INTO season_names (season_id, folded, number) VALUES (?, ?, ?)",
                         [(SEASON, "ŋoŋo", 2), (SEASON, "nono", 2), (SEASON, "ĸaali", 2)])
    conn = db.connect(path)
    try:
        kept = conn.execute("SELECT folded, number FROM season_names ORDER BY folded").fetchall()
    finally:
        conn.close()
    assert [tuple(row) for row in kept] == [("ann", 1), ("kaali", 2), ("nono", 2)]
    assert plain_key("Ŋoŋo") == "nono" and plain_key("ĸaali") == "kaali"


@pytest.mark.parametrize(("note", "coded"), [
    ("Clubavond · event round 1 · table 1", True),
    ("Clubavond · toernooironde 1 · tafel 1", True),
    ("Clubavond · Turnierrunde 1 · Tisch 1", True),
    ("Clubavond · Turnierrunde 1 · Tisch 2", False),  # not where the game sits
    ("Kroeg", False),  # typed over
])
def test_a_table_games_note_made_at_seating_is_worded_for_its_reader(tmp_path, note, coded):
    """A table's game noted in the seating director's language before notes were coded:
    exactly that sentence, in any of the site's languages, becomes the code, and the
    sheet words it in the reader's language; any other note keeps its text."""
    path = str(tmp_path / "notes.sqlite")
    version = len(MIGRATIONS) - 1
    at_version(path, version)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE games SET note = ?", (note,))
    client = create_app({"TESTING": True, "DATABASE": path, "SECRET_KEY": "t"}).test_client()
    for lang, worded in (("en", "Clubavond · event round 1 · table 1"),
                         ("nl", "Clubavond · toernooironde 1 · tafel 1"),
                         ("de", "Clubavond · Turnierrunde 1 · Tisch 1")):
        answer = client.get(f"/api/v1/games/{GAME}?lang={lang}").get_json()
        assert answer["note"] == (worded if coded else note), lang
