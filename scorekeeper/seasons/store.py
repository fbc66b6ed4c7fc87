"""SQLite access for championship seasons: the season and its venues, its events, its
players' season numbers, and each event's entrants under their numbers.

What the ranking and qualifying make of the results is stored on each player's row
(:mod:`.standing` writes it in every write that changes a result), so every page only
reads, and a player's page reads that player's rows by their index: its cost does not
grow with the season.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime

from ..engine.season import QualifyRule
from ..web.db import transaction
from .errors import (
    FINAL,
    MAX_SEASON_EVENTS,
    MAX_SEASON_PLAYERS,
    MAX_VENUES,
    NoSuchSeason,
    NoSuchVenue,
    SeasonEventsFull,
    SeasonPlayersFull,
    VenuesFull,
)


@dataclass(frozen=True)
class Venue:
    id: str
    name: str
    key_hash: str
    created_at: str


@dataclass(frozen=True)
class Season:
    id: str
    created_at: str
    name: str
    rule: QualifyRule
    best: int | None
    """Each player's best this many qualifiers count; None: all."""
    scoring: str
    key_hash: str
    venues: tuple[Venue, ...]
    """In the order they were added."""

    def venue(self, venue_id: object) -> Venue:
        found = next((v for v in self.venues if v.id == venue_id), None)
        if found is None:
            raise NoSuchVenue()
        return found


@dataclass(frozen=True)
class SeasonEvent:
    """An event of the season, as its pages list it."""

    event_id: str
    name: str
    kind: str
    venue_id: str | None
    venue: str | None
    started: str
    """When the event was created (on its own server, for one taken from a file)."""
    ended: str | None
    """When its last game ended; None while it is being played."""
    entrants: int
    """Players who played a game, once it has ended."""
    from_file: bool
    qualified: int = 0
    """Players who qualified there."""


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def create_season(db: sqlite3.Connection, name: str, rule: QualifyRule,
                  best: int | None, scoring: str, key_hash: str) -> str:
    season_id = secrets.token_urlsafe(12)
    with transaction(db):
        db.execute("INSERT INTO seasons (id, created_at, name, per_event, per_entrants,"
                   " min_entrants, best, scoring, key_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   (season_id, now(), name, rule.per_event, rule.per_entrants,
                    rule.min_entrants, best, scoring, key_hash))
    return season_id


def load_season(db: sqlite3.Connection, season_id: object) -> Season | None:
    if not isinstance(season_id, str):
        return None
    row = db.execute("SELECT * FROM seasons WHERE id = ?", (season_id,)).fetchone()
    if row is None:
        return None
    venues = tuple(Venue(v["id"], v["name"], v["key_hash"], v["created_at"]) for v in db.execute(
        "SELECT * FROM season_venues WHERE season_id = ? ORDER BY created_at, rowid",
        (season_id,)))
    rule = QualifyRule(row["per_event"], row["per_entrants"], row["min_entrants"])
    return Season(row["id"], row["created_at"], row["name"], rule, row["best"],
                  row["scoring"], row["key_hash"], venues)


def must_load(db: sqlite3.Connection, season_id: object) -> Season:
    season = load_season(db, season_id)
    if season is None:
        raise NoSuchSeason()
    return season


def named_seasons(db: sqlite3.Connection, ids: list[str]) -> list[sqlite3.Row]:
    """Ids, names and key hashes of the seasons ``ids``, newest first."""
    marks = ", ".join("?" * len(ids))
    return db.execute(f"SELECT id, name, key_hash FROM seasons WHERE id IN ({marks})"
                      " ORDER BY created_at DESC, rowid DESC", ids).fetchall()


def new_venue_id() -> str:
    return secrets.token_urlsafe(9)


def add_venue(db: sqlite3.Connection, season: Season, venue_id: str, name: str,
              key_hash: str) -> None:
    with transaction(db):
        count = db.execute("SELECT count(*) FROM season_venues WHERE season_id = ?",
                           (season.id,)).fetchone()[0]
        if count >= MAX_VENUES:
            raise VenuesFull()
        db.execute("INSERT INTO season_venues (id, season_id, name, key_hash, created_at)"
                   " VALUES (?, ?, ?, ?, ?)", (venue_id, season.id, name, key_hash, now()))


# --- The season's events -----------------------------------------------------------------


def link_event(db: sqlite3.Connection, season: Season, event_id: str, venue_id: str | None,
               kind: str, digest: str | None = None, origin: str | None = None) -> None:
    """``event_id`` (just stored, in the caller's transaction) is an event of the season."""
    count = db.execute("SELECT count(*) FROM season_events WHERE season_id = ?",
                       (season.id,)).fetchone()[0]
    if count >= MAX_SEASON_EVENTS:
        raise SeasonEventsFull(season=season.name)
    db.execute("INSERT INTO season_events (event_id, season_id, venue_id, kind, digest,"
               " origin, added_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
               (event_id, season.id, venue_id, kind, digest, origin, now()))


def unlink_event(db: sqlite3.Connection, event_id: str) -> None:
    """The event counts in its season no more (a file sent again in its place)."""
    db.execute("DELETE FROM season_events WHERE event_id = ?", (event_id,))


def link_of(db: sqlite3.Connection, event_id: str) -> sqlite3.Row | None:
    """The season an event belongs to: ``season_id``, ``kind``, ``venue_id``,
    ``ended_at``; None for an event of no season."""
    return db.execute("SELECT season_id, kind, venue_id, ended_at FROM season_events"
                      " WHERE event_id = ?", (event_id,)).fetchone()


def link_of_game(db: sqlite3.Connection, token: str) -> sqlite3.Row | None:
    """The season's event whose table plays game ``token`` (one indexed read)."""
    return db.execute("SELECT s.event_id, s.season_id, s.ended_at FROM event_tables t"
                      " JOIN season_events s"
                      " ON s.event_id = t.event_id WHERE t.game = ?", (token,)).fetchone()


def by_digest(db: sqlite3.Connection, season_id: str, digest: str) -> str | None:
    row = db.execute("SELECT event_id FROM season_events WHERE season_id = ? AND digest = ?",
                     (season_id, digest)).fetchone()
    return None if row is None else str(row[0])


def origin_of(name: object, created_at: object, seed: object) -> str:
    """Which event this is wherever it went, however often its file was downloaded: its
    name, the moment it was started and its seed, as the server that started it made
    them (an event taken from a file keeps all three)."""
    text = json.dumps([name, created_at, seed], ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def by_origin(db: sqlite3.Connection, season_id: str, origin: str) -> sqlite3.Row | None:
    """The season's event of that origin: ``event_id``, ``venue_id`` and ``digest``
    (None for an event played here, which is answered first: two events started here may
    share an origin, two files never do)."""
    return db.execute("SELECT event_id, venue_id, digest FROM season_events"
                      " WHERE season_id = ? AND origin = ? ORDER BY digest IS NOT NULL"
                      " LIMIT 1", (season_id, origin)).fetchone()


def final_of(db: sqlite3.Connection, season_id: str) -> str | None:
    row = db.execute("SELECT event_id FROM season_events WHERE season_id = ? AND kind = ?",
                     (season_id, FINAL)).fetchone()
    return None if row is None else str(row[0])


def set_ended(db: sqlite3.Connection, event_id: str, ended: str | None, entrants: int) -> None:
    """The event ended at ``ended`` (None: it is being played again); the first time it
    is found ended it takes the next place in its season's order of endings, which
    decides between two events that ended in the same second."""
    db.execute("UPDATE season_events SET ended_at = ?, entrants = ?, ended_seq = CASE"
               " WHEN ? IS NULL THEN NULL WHEN ended_seq IS NOT NULL THEN ended_seq ELSE"
               " (SELECT coalesce(max(ended_seq), 0) + 1 FROM season_events o"
               "  WHERE o.season_id = season_events.season_id) END WHERE event_id = ?",
               (ended, entrants, ended, event_id))


_EVENTS = (
    "SELECT s.event_id, e.name, s.kind, s.venue_id, v.name AS venue, e.created_at,"
    " s.ended_at, s.entrants, s.digest IS NOT NULL AS from_file,"
    " coalesce(q.qualified, 0) AS qualified"
    " FROM season_events s JOIN events e ON e.id = s.event_id"
    " LEFT JOIN season_venues v ON v.id = s.venue_id"
    " LEFT JOIN (SELECT qualified_at, count(*) AS qualified FROM season_players"
    "  WHERE season_id = :season AND qualified_order IS NOT NULL GROUP BY qualified_at) q"
    " ON q.qualified_at = s.event_id WHERE {where}"
    " ORDER BY s.ended_at IS NULL, s.ended_at, s.ended_seq, s.added_at, s.event_id")


def _season_event(row: sqlite3.Row) -> SeasonEvent:
    return SeasonEvent(row["event_id"], row["name"], row["kind"], row["venue_id"],
                       row["venue"], row["created_at"], row["ended_at"], row["entrants"],
                       bool(row["from_file"]), row["qualified"])


def events_of(db: sqlite3.Connection, season_id: str) -> list[SeasonEvent]:
    """The season's events: those ended in the order they ended, then those playing."""
    return [_season_event(row) for row in db.execute(
        _EVENTS.format(where="s.season_id = :season"), {"season": season_id})]


def events_at(db: sqlite3.Connection, season_id: str, venue_id: str) -> list[SeasonEvent]:
    return [_season_event(row) for row in db.execute(
        _EVENTS.format(where="s.venue_id = :venue"), {"season": season_id, "venue": venue_id})]


def event_of(db: sqlite3.Connection, season_id: str, event_id: str) -> SeasonEvent | None:
    row = db.execute(_EVENTS.format(where="s.season_id = :season AND s.event_id = :event"),
                     {"season": season_id, "event": event_id}).fetchone()
    return None if row is None else _season_event(row)


# --- Players and their numbers ----------------------------------------------------------


def player(db: sqlite3.Connection, season_id: str, number: int) -> sqlite3.Row | None:
    return db.execute("SELECT * FROM season_players WHERE season_id = ? AND number = ?",
                      (season_id, number)).fetchone()


def numbers_named(db: sqlite3.Connection, season_id: str, folded: str
                  ) -> list[tuple[int, str]]:
    """The numbers (not merged away) whose player has played under this folded name,
    lowest first, with the player's name in the season."""
    return [(int(row[0]), row[1]) for row in db.execute(
        "SELECT n.number, p.name FROM season_names n JOIN season_players p ON p.season_id ="
        " n.season_id AND p.number = n.number AND p.merged_into IS NULL"
        " WHERE n.season_id = ? AND n.folded = ? ORDER BY n.number", (season_id, folded))]


def new_player(db: sqlite3.Connection, season_id: str, name: str) -> int:
    """A new season number, the next one, for a player first seen as ``name``."""
    number = db.execute("SELECT coalesce(max(number), 0) + 1 FROM season_players"
                        " WHERE season_id = ?", (season_id,)).fetchone()[0]
    if number > MAX_SEASON_PLAYERS:
        raise SeasonPlayersFull()
    db.execute("INSERT INTO season_players (season_id, number, name) VALUES (?, ?, ?)",
               (season_id, number, name))
    return int(number)


def add_entrant(db: sqlite3.Connection, season_id: str, event_id: str, name: str,
                number: int, folded: str) -> None:
    db.execute("INSERT INTO season_entrants (event_id, name, season_id, number)"
               " VALUES (?, ?, ?, ?)", (event_id, name, season_id, number))
    db.execute("INSERT OR IGNORE INTO season_names (season_id, folded, number)"
               " VALUES (?, ?, ?)", (season_id, folded, number))


def rename_entrant(db: sqlite3.Connection, season_id: str, event_id: str, old: str,
                   new: str, number: int, folded: str) -> None:
    """An entrant the event's director renamed keeps their season number under the new
    name (which finds the number from now on too)."""
    db.execute("UPDATE season_entrants SET name = ? WHERE event_id = ? AND name = ?",
               (new, event_id, old))
    db.execute("INSERT OR IGNORE INTO season_names (season_id, folded, number)"
               " VALUES (?, ?, ?)", (season_id, folded, number))


def entrants(db: sqlite3.Connection, event_id: str) -> dict[str, int]:
    """Each entrant of the event and their season number, by their name in the event."""
    return {row[0]: int(row[1]) for row in db.execute(
        "SELECT name, number FROM season_entrants WHERE event_id = ?", (event_id,))}


def set_results(db: sqlite3.Connection, event_id: str,
                rows: list[tuple[int | None, int | None, int, str]]) -> None:
    """Each entrant's final place, points (sixtieths) and games: ``(rank, points, games,
    name)``; None while the event is being played."""
    db.executemany("UPDATE season_entrants SET rank = ?, points = ?, games = ?"
                   " WHERE event_id = ? AND name = ?",
                   [(rank, points, games, event_id, name) for rank, points, games, name in rows])


def merge(db: sqlite3.Connection, season_id: str, source: int, target: int) -> None:
    """Number ``source`` is number ``target``'s player from now on: their entries, and
    the spellings that find them, move over."""
    db.execute("UPDATE season_entrants SET number = ? WHERE season_id = ? AND number = ?",
               (target, season_id, source))
    db.execute("INSERT OR IGNORE INTO season_names (season_id, folded, number)"
               " SELECT season_id, folded, ? FROM season_names WHERE season_id = ?"
               " AND number = ?", (target, season_id, source))
    db.execute("DELETE FROM season_names WHERE season_id = ? AND number = ?",
               (season_id, source))
    db.execute("UPDATE season_players SET merged_into = ?, merged_at = ?, events = 0,"
               " points = 0, best = 0, qualified_at = NULL, qualified_order = NULL,"
               " qualified_place = NULL WHERE season_id = ? AND (number = ? OR merged_into = ?)",
               (target, now(), season_id, source, source))


def played_together(db: sqlite3.Connection, season_id: str, one: int,
                    other: int) -> str | None:
    """The name of an event both numbers played in, if any."""
    row = db.execute(
        "SELECT e.name FROM season_entrants a JOIN season_entrants b ON b.event_id ="
        " a.event_id JOIN events e ON e.id = a.event_id WHERE a.season_id = ?"
        " AND a.number = ? AND b.number = ? LIMIT 1", (season_id, one, other)).fetchone()
    return None if row is None else str(row[0])


def merges(db: sqlite3.Connection, season_id: str) -> list[sqlite3.Row]:
    """Numbers merged away: ``number``, ``name``, ``merged_into``, ``merged_at``."""
    return db.execute("SELECT number, name, merged_into, merged_at FROM season_players"
                      " WHERE season_id = ? AND merged_into IS NOT NULL"
                      " ORDER BY merged_at, number", (season_id,)).fetchall()
