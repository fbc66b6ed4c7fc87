"""SQLite access for a club's series: the series, the events that joined it, the spellings
its director merged, and the one read of its events' table results.

Nothing derived is stored: the standings, the ratings and the records are computed from
the events' tables (:mod:`.season`, kept in memory while :func:`tables_state` stays the
same), from what the games store keeps per game
(each player's total, win, deals, bullheads and clean deals, and when the game ended)
and the totals a director typed from a paper sheet. That read touches only this
series' events, their tables and those tables' games, each by its index: a series of a
year costs the same however many other games the server holds.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime

from ..web.db import transaction
from .errors import (
    MAX_SERIES_EVENTS,
    MAX_SERIES_MERGES,
    EventInSeries,
    MergesFull,
    NoSuchMerge,
    NoSuchSeries,
    SeriesFull,
)


@dataclass(frozen=True)
class SeriesEvent:
    id: str
    name: str
    created_at: str


@dataclass(frozen=True)
class Merge:
    """Every name whose key is ``from_key`` counts as ``into_name``'s player."""

    from_key: str
    from_name: str
    into_name: str
    created_at: str
    id: int = 0
    undone_at: str | None = None
    """When the director undid it (it counts no more, and stays in the history)."""


@dataclass(frozen=True)
class Series:
    id: str
    created_at: str
    name: str
    best: int | None
    """Each player's best this many events count; None: all of them."""
    key_hash: str
    events: tuple[SeriesEvent, ...]
    """In the order they were started."""
    merges: tuple[Merge, ...]
    """In the order they were made: those that count (not undone)."""
    undone: tuple[Merge, ...] = ()
    """Merges the director undid, in the order they were made."""


@dataclass(frozen=True)
class TableResult:
    """A finished table of one of the series' events: who played, their totals, and for
    the players of a played game (not typed from paper) their deals."""

    event: int
    """The event's index in :attr:`Series.events`."""
    round: int
    table: int
    ended: str
    """When the game ended (or its totals were typed), for the ratings' order."""
    players: tuple[tuple[str, int, int, int, int, int], ...]
    """Per seat: name, total, winner (0/1), deals, bullheads as taken, clean deals."""
    paper: bool


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def create_series(db: sqlite3.Connection, name: str, best: int | None, key_hash: str) -> str:
    """A new series under a random, unguessable id (as an event's); only its key's hash
    is kept."""
    series_id = secrets.token_urlsafe(12)
    with transaction(db):
        db.execute("INSERT INTO series (id, created_at, name, best, key_hash)"
                   " VALUES (?, ?, ?, ?, ?)", (series_id, now(), name, best, key_hash))
    return series_id


def load_series(db: sqlite3.Connection, series_id: str) -> Series | None:
    row = db.execute("SELECT * FROM series WHERE id = ?", (series_id,)).fetchone()
    if row is None:
        return None
    events = tuple(SeriesEvent(e["id"], e["name"], e["created_at"]) for e in db.execute(
        "SELECT e.id, e.name, e.created_at FROM series_events s JOIN events e"
        " ON e.id = s.event_id WHERE s.series_id = ? ORDER BY e.created_at, s.joined_at,"
        " e.rowid", (series_id,)))
    made = [Merge(m["from_key"], m["from_name"], m["into_name"], m["created_at"], m["id"],
                  m["undone_at"])
            for m in db.execute("SELECT * FROM series_merges WHERE series_id = ?"
                                " ORDER BY id", (series_id,))]
    return Series(row["id"], row["created_at"], row["name"], row["best"], row["key_hash"],
                  events, tuple(m for m in made if m.undone_at is None),
                  tuple(m for m in made if m.undone_at is not None))


def must_load(db: sqlite3.Connection, series_id: str) -> Series:
    series = load_series(db, series_id)
    if series is None:
        raise NoSuchSeries()
    return series


def named_series(db: sqlite3.Connection, ids: list[str]) -> list[sqlite3.Row]:
    """Ids, names and key hashes of the series ``ids`` (those this browser holds a key
    for), newest first."""
    marks = ", ".join("?" * len(ids))
    return db.execute(f"SELECT id, name, key_hash FROM series WHERE id IN ({marks})"
                      " ORDER BY created_at DESC, rowid DESC", ids).fetchall()


def add_event(db: sqlite3.Connection, series: Series, event_id: str) -> None:
    """``event_id`` (just created, in the caller's transaction, or one that exists
    already and is in no series) joins the series."""
    count = db.execute("SELECT count(*) FROM series_events WHERE series_id = ?",
                       (series.id,)).fetchone()[0]
    if count >= MAX_SERIES_EVENTS:
        raise SeriesFull(series=series.name)
    joined = db.execute("SELECT e.name FROM series_events s JOIN events e ON e.id = s.event_id"
                        " WHERE s.event_id = ?", (event_id,)).fetchone()
    if joined is not None:
        raise EventInSeries(event=joined["name"])
    db.execute("INSERT INTO series_events (series_id, event_id, joined_at) VALUES (?, ?, ?)",
               (series.id, event_id, now()))


def add_merge(db: sqlite3.Connection, series_id: str, from_key: str, from_name: str,
              into_name: str) -> None:
    with transaction(db):
        count = db.execute("SELECT count(*) FROM series_merges WHERE series_id = ?",
                           (series_id,)).fetchone()[0]
        if count >= MAX_SERIES_MERGES:
            raise MergesFull()
        db.execute("INSERT INTO series_merges (series_id, from_key, from_name, into_name,"
                   " created_at) VALUES (?, ?, ?, ?, ?)",
                   (series_id, from_key, from_name, into_name, now()))


def undo_merge(db: sqlite3.Connection, series_id: str, merge_id: int) -> None:
    """Merge ``merge_id`` counts no more; its row stays, with when it was undone."""
    with transaction(db):
        if db.execute("UPDATE series_merges SET undone_at = ? WHERE id = ? AND series_id = ?"
                      " AND undone_at IS NULL", (now(), merge_id, series_id)).rowcount != 1:
            raise NoSuchMerge(merge=merge_id)


#: A table of an event counts as its event counts it (docs/rules.md, Championships): with
#: sign-off only once signed (totals typed from paper are), and with release by round
#: only once every table of its round and the rounds before is done.
_SIGNS = "coalesce(json_extract(e.options, '$.sign_off'), 0)"
_COUNTED = (
    f" AND ({_SIGNS} = 0 OR t.signed IS NOT NULL OR t.paper IS NOT NULL)"
    " AND (json_extract(e.options, '$.release') IS NOT 'round' OR NOT EXISTS ("
    " SELECT 1 FROM event_tables o LEFT JOIN games og ON og.token = o.game"
    " WHERE o.event_id = t.event_id AND o.round <= t.round AND o.paper IS NULL"
    f" AND (coalesce(og.finished, 0) = 0 OR ({_SIGNS} = 1 AND o.signed IS NULL))))")


def tables_state(db: sqlite3.Connection, series: Series) -> str:
    """Everything of the series' events' tables that :func:`results` reads, as one text
    SQLite makes: per table (every one, counted or not) its event's options, its round,
    number, players, totals from paper and their moment, sign, re-opening and game, and
    that game's row id, version, end and last summary. A game's players' lines are
    written only with its version moved, so two equal texts (of one series) give equal
    results. One indexed read, no row made in Python: the key the season is kept by
    (:func:`.season.kept_season`). The tables come in the order SQLite walks the indexes
    (not sorted: that would double the cost); were it ever to walk them otherwise, the
    text would differ and the season be computed once more, never be wrong."""
    row = db.execute(
        "SELECT group_concat(json_array(t.event_id, e.options, t.round, t.number,"
        " t.players, t.paper, t.paper_at, t.signed, t.reopened, t.game, g.id, g.version,"
        " g.finished, g.ended_at, g.updated_at), ',')"
        " FROM series_events s JOIN events e ON e.id = s.event_id"
        " JOIN event_tables t ON t.event_id = s.event_id"
        " LEFT JOIN games g ON g.token = t.game WHERE s.series_id = ?",
        (series.id,)).fetchone()
    return str(row[0] or "")


def results(db: sqlite3.Connection, series: Series) -> list[TableResult]:
    """Every finished table of the series' events, as its event counts it: the totals
    typed from paper where the director typed them, else its game's stored state; a
    table awaiting its sign, or of a round its event still withholds, not yet. Two
    indexed reads: the tables with their games' end, and the finished games' players."""
    index = {event.id: number for number, event in enumerate(series.events)}
    created = {event.id: event.created_at for event in series.events}
    tables = db.execute(
        "SELECT t.event_id, t.round, t.number, t.players, t.paper, t.paper_at, g.id AS game,"
        " g.finished, g.ended_at FROM series_events s"
        " JOIN events e ON e.id = s.event_id"
        " JOIN event_tables t ON t.event_id = s.event_id"
        " LEFT JOIN games g ON g.token = t.game WHERE s.series_id = ?" + _COUNTED,
        (series.id,)).fetchall()
    seats: dict[int, list[tuple[str, int, int, int, int, int]]] = {}
    for row in db.execute(
            "SELECT p.game_id, p.name, p.total, p.winner, p.deals, p.bullheads, p.clean"
            " FROM series_events s JOIN event_tables t ON t.event_id = s.event_id"
            " JOIN games g ON g.token = t.game AND g.finished = 1"
            " JOIN game_players p ON p.game_id = g.id"
            " WHERE s.series_id = ? AND t.paper IS NULL ORDER BY p.game_id, p.seat",
            (series.id,)):
        seats.setdefault(row[0], []).append(tuple(row[1:]))  # type: ignore[arg-type]
    found = []
    for t in tables:
        if t["paper"] is not None:
            totals = json.loads(t["paper"])
            least = min(totals.values())
            players = tuple((name, totals[name], int(totals[name] == least), 0, 0, 0)
                            for name in json.loads(t["players"]))
            ended, paper = t["paper_at"] or created[t["event_id"]], True
        elif t["finished"]:
            players, ended, paper = tuple(seats[t["game"]]), t["ended_at"], False
        else:
            continue
        found.append(TableResult(index[t["event_id"]], t["round"], t["number"],
                                 ended or created[t["event_id"]], players, paper))
    found.sort(key=lambda r: (r.ended, r.event, r.round, r.table))
    return found
