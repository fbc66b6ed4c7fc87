"""What a season's results make: each event's final places, who qualified, the ranking;
written by every write that changes a result, read by every page.

An event of the season changes (:func:`changed`, called by the events' history in the
act's own transaction, and after every deal of a table's game): once every game of its
every round has ended, its final standings (``events/progress.py``, the one place an
event's standings are made, so an event's scoring counts here as there) are written on
its entrants' rows; then :func:`settle` runs the engine over every ended qualifier
(``engine/season.py``: qualifying in the order they ended, each player's record) and
writes what changed on the players' rows. While an event is being played, a deal costs
the season one indexed read.

The pages read those rows: the ranking in its order by an index, a player's rank as the
count of players ahead of them, a player's page by their number's index. Nothing here
grows with the season except :func:`settle`, which a write pays once.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from fractions import Fraction

from ..engine.season import Qualifier, from_sixtieths, qualify, record, sixtieths
from ..events import progress
from ..events import store as events
from . import store
from .errors import FINAL, NoSuchPlayer
from .store import Season

#: Whether every round of an event is seated and every table has ended: cheap, indexed.
_COMPLETE = (
    "SELECT e.rounds <= coalesce(max(t.round), 0)"
    " AND coalesce(sum(t.paper IS NULL AND coalesce(g.finished, 0) = 0), 0) = 0"
    " FROM events e LEFT JOIN event_tables t ON t.event_id = e.id"
    " LEFT JOIN games g ON g.token = t.game WHERE e.id = ?")
#: When the event's last game ended (or its last table's totals were typed from paper).
_ENDED = ("SELECT max(coalesce(t.paper_at, g.ended_at)) FROM event_tables t"
          " LEFT JOIN games g ON g.token = t.game AND t.paper IS NULL WHERE t.event_id = ?")


def record_event(db: sqlite3.Connection, event_id: str) -> None:
    """The event's final places, points and games on its entrants' rows, and when it
    ended; cleared while it is not (or no longer) ended."""
    state = progress.progress(db, events.must_load(db, event_id))
    if state.finished:
        rows = [(row.rank, sixtieths(row.points), row.games, row.player)
                for row in state.standings]
        ended = db.execute(_ENDED, (event_id,)).fetchone()[0] or state.event.created_at
        store.set_results(db, event_id, rows)
        store.set_ended(db, event_id, ended, sum(1 for row in state.standings if row.games))
    else:
        store.set_results(db, event_id, [(None, None, 0, p) for p in state.event.players])
        store.set_ended(db, event_id, None, 0)


def changed(db: sqlite3.Connection, season: Season, event_id: str, ended: str | None) -> None:
    """An event of the season changed: its result recorded and the season settled when
    it has ended, or had (a correction, a table re-opened)."""
    if ended is None and not db.execute(_COMPLETE, (event_id,)).fetchone()[0]:
        return
    record_event(db, event_id)
    settle(db, season)


def settle(db: sqlite3.Connection, season: Season) -> None:
    """Qualifying and every player's record made again from the ended qualifiers, and
    written where they changed (in the caller's transaction)."""
    qualifiers: list[Qualifier] = []
    points: dict[int, list[int]] = {}  # in sixtieths, as stored: no fraction is made
    placed: list[tuple[int, int]] = []
    current = None
    for event_id, number, rank, value in db.execute(
            "SELECT e.event_id, e.number, e.rank, e.points FROM season_entrants e"
            " JOIN season_events s ON s.event_id = e.event_id WHERE s.season_id = ?"
            " AND s.kind != ? AND s.ended_at IS NOT NULL AND e.games > 0"
            " ORDER BY s.ended_at, s.ended_seq, s.event_id, e.rank", (season.id, FINAL)):
        if event_id != current:
            if current is not None:
                qualifiers.append(Qualifier(current, tuple(placed)))
            current, placed = event_id, []
        placed.append((number, rank))
        points.setdefault(number, []).append(value)
    if current is not None:
        qualifiers.append(Qualifier(current, tuple(placed)))
    made: dict[int, tuple[object, ...]] = {}
    for number, values in points.items():
        line = record(number, values, season.best)
        made[number] = (line.events, line.points, line.best, None, None, None)
    for order, found in enumerate(qualify(qualifiers, season.rule), 1):
        made[found.number] = (*made[found.number][:3], found.qualifier, order, found.place)
    nothing = (0, 0, 0, None, None, None)
    changes = [(*made.get(row[0], nothing), season.id, row[0]) for row in db.execute(
        "SELECT number, events, points, best, qualified_at, qualified_order, qualified_place"
        " FROM season_players WHERE season_id = ? AND merged_into IS NULL", (season.id,))
        if tuple(row[1:]) != made.get(row[0], nothing)]
    db.executemany("UPDATE season_players SET events = ?, points = ?, best = ?,"
                   " qualified_at = ?, qualified_order = ?, qualified_place = ?"
                   " WHERE season_id = ? AND number = ?", changes)


# --- Reading ----------------------------------------------------------------------------


@dataclass(frozen=True)
class RankRow:
    rank: int
    number: int
    name: str
    events: int
    sixtieths: int
    """The player's points, in sixtieths as stored (the JSON writes them without making
    a fraction of each)."""
    qualified: bool

    @property
    def points(self) -> Fraction:
        return from_sixtieths(self.sixtieths)


@dataclass(frozen=True)
class QualifiedRow:
    order: int
    number: int
    name: str
    event_id: str
    event: str
    venue: str | None
    ended: str
    place: int
    kind: str


@dataclass(frozen=True)
class Entry:
    """One event a player entered."""

    event_id: str
    event: str
    kind: str
    venue: str | None
    ended: str | None
    rank: int | None
    points: Fraction | None
    games: int


@dataclass(frozen=True)
class PlayerView:
    number: int
    name: str
    rank: int | None
    """Their place in the season's ranking (None before their first qualifier ended)."""
    events: int
    points: Fraction
    qualified: QualifiedRow | None
    entries: list[Entry]
    """Every event they entered, those ended in the order they ended."""

    @property
    def final(self) -> Entry | None:
        return next((e for e in self.entries if e.kind == FINAL), None)


_RANKED = ("SELECT number, name, events, points, qualified_order IS NOT NULL"
           " FROM season_players WHERE season_id = ? AND events > 0 AND merged_into IS NULL"
           " ORDER BY points DESC, events, best DESC, number")


def ranking(db: sqlite3.Connection, season_id: str, limit: int = -1,
            offset: int = 0) -> list[RankRow]:
    """The ranking, best first (``limit`` rows from ``offset``; all by default)."""
    rows = db.execute(_RANKED + " LIMIT ? OFFSET ?", (season_id, limit, offset))
    return [RankRow(offset + index, r[0], r[1], r[2], r[3], bool(r[4]))
            for index, r in enumerate(rows, 1)]


def ranked(db: sqlite3.Connection, season_id: str) -> int:
    """How many players the ranking holds."""
    return int(db.execute("SELECT count(*) FROM season_players WHERE season_id = ?"
                          " AND events > 0 AND merged_into IS NULL", (season_id,)).fetchone()[0])


def rank_of(db: sqlite3.Connection, season_id: str, row: sqlite3.Row) -> int | None:
    """A player's place in the ranking: one more than the players ahead of them."""
    if not row["events"] or row["merged_into"] is not None:
        return None
    points, events, best = row["points"], row["events"], row["best"]
    ahead = db.execute(
        "SELECT count(*) FROM season_players WHERE season_id = ? AND events > 0"
        " AND merged_into IS NULL AND points >= ? AND (points > ? OR events < ?"
        " OR (events = ? AND (best > ? OR (best = ? AND number < ?))))",
        (season_id, points, points, events, events, best, best, row["number"])).fetchone()[0]
    return int(ahead) + 1


_QUALIFIED = (
    "SELECT p.qualified_order, p.number, p.name, p.qualified_at, e.name AS event,"
    " v.name AS venue, s.ended_at, p.qualified_place, s.kind FROM season_players p"
    " JOIN season_events s ON s.event_id = p.qualified_at"
    " JOIN events e ON e.id = p.qualified_at LEFT JOIN season_venues v ON v.id = s.venue_id"
    " WHERE p.season_id = ? AND {where} ORDER BY p.qualified_order")


def qualified(db: sqlite3.Connection, season_id: str) -> list[QualifiedRow]:
    """Everyone who qualified, in the order they did."""
    return [QualifiedRow(*row) for row in db.execute(
        _QUALIFIED.format(where="p.qualified_order IS NOT NULL"), (season_id,))]


def player_view(db: sqlite3.Connection, season: Season, number: int) -> PlayerView:
    """What a player's page shows: only what the season's public standings and its
    events' public standings show too."""
    row = store.player(db, season.id, number)
    if row is None or row["merged_into"] is not None:
        raise NoSuchPlayer(number=number)
    found = db.execute(_QUALIFIED.format(where="p.number = ? AND p.qualified_order IS NOT NULL"),
                       (season.id, number)).fetchone()
    entries = [Entry(r[0], r[1], r[2], r[3], r[4], r[5],
                     None if r[6] is None else from_sixtieths(r[6]), r[7]) for r in db.execute(
        "SELECT x.event_id, e.name, s.kind, v.name, s.ended_at, x.rank, x.points, x.games"
        " FROM season_entrants x JOIN season_events s ON s.event_id = x.event_id"
        " JOIN events e ON e.id = x.event_id LEFT JOIN season_venues v ON v.id = s.venue_id"
        " WHERE x.season_id = ? AND x.number = ?"
        " ORDER BY s.ended_at IS NULL, s.ended_at, s.ended_seq, s.added_at",
        (season.id, number))]
    return PlayerView(number, row["name"], rank_of(db, season.id, row), row["events"],
                      from_sixtieths(row["points"]),
                      None if found is None else QualifiedRow(*found), entries)


def event_results(db: sqlite3.Connection, event_id: str) -> list[tuple]:
    """An ended event's final standings under season numbers: ``(rank, number, name,
    points, games)``, best first."""
    return [(rank, number, name, from_sixtieths(points), games) for rank, number, name,
            points, games in db.execute(
                "SELECT x.rank, x.number, x.name, x.points, x.games FROM season_entrants x"
                " WHERE x.event_id = ? AND x.rank IS NOT NULL ORDER BY x.rank", (event_id,))]
