"""Where a series stands: its standings, each player's rating and its history, and who
beats whom, computed from its events' finished tables, and kept in memory while they
stand as they were (:func:`kept_season`).

One read of the tables (:func:`.store.results`), then the engine: each name made a
player by its key (case folded, ``engine/names.py``) and the series' merges; each
event's points (``engine/standings.py``), the series' standings and the ratings in the
order the games ended (``engine/series.py``), the records (``engine/record.py``). The
page, the API, the CSV and the PDF all read this one :class:`Season`; nothing of it may be
changed by a reader, since the next request may be served the same one.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from ..engine.names import name_key
from ..engine.record import Line, Record, Rival, tally
from ..engine.series import (
    Rating,
    RatingRun,
    SeriesStanding,
    event_points,
    merged,
    rate_on,
    series_standings,
)
from ..web.kept import kept_on
from .chart import HistoryChart, Scale, history_chart
from .store import Series, TableResult, must_load, results, tables_state


@dataclass(frozen=True)
class Row:
    """One player's line: their standing, shown name, rating history and record."""

    standing: SeriesStanding
    name: str
    history: list[tuple[int, Rating]]
    record: Record

    @cached_property
    def rival(self) -> Rival | None:
        """The record's rival, found once for the season (a pass over everyone met)."""
        return self.record.rival


@dataclass(frozen=True)
class Season:
    series: Series
    tables: list[TableResult]
    """Every finished table, in the order the games ended."""
    rows: list[Row]
    """The standings, best first."""
    run: RatingRun
    """The ratings as rated, for the season after a change to go on from."""

    @cached_property
    def charts(self) -> dict[str, HistoryChart]:
        """Each player's rating chart, on the series' one scale: drawn for the first page
        that shows this season, and kept with it."""
        scale = Scale.of([row.history for row in self.rows], len(self.series.events))
        return {row.standing.player: history_chart(row.history, scale) for row in self.rows}

    @property
    def games(self) -> int:
        return len(self.tables)

    def counted_events(self) -> int:
        """Events with at least one finished game."""
        return len({table.event for table in self.tables})


def name_keys(tables: list[TableResult]) -> dict[str, str]:
    """Each name played and its key, made once per name (a year holds thousands of
    seats but a club's few dozen names)."""
    return {name: name_key(name) for name in {seat[0] for t in tables for seat in t.players}}


def players_of(series: Series, tables: list[TableResult],
               keyed: dict[str, str] | None = None) -> list[dict[str, str]]:
    """Per event, each name's player key: its name key, joined to another by the series'
    merges. A merge does not join two names within one event where both played: there
    they are two people."""
    keyed = keyed if keyed is not None else name_keys(tables)
    into = merged([(m.from_key, name_key(m.into_name)) for m in series.merges])
    raw: list[set[str]] = [set() for _ in series.events]
    for table in tables:
        raw[table.event].update(keyed[seat[0]] for seat in table.players)
    keys: list[dict[str, str]] = []
    for names in raw:
        groups: dict[str, list[str]] = {}
        for key in names:
            groups.setdefault(into.get(key, key), []).append(key)
        keys.append({key: player if len(group) == 1 else key
                     for player, group in groups.items() for key in group})
    return keys


def shown_names(tables: list[TableResult], keys: list[dict[str, str]],
                merges: Mapping[str, str], keyed: dict[str, str]) -> dict[str, str]:
    """Each player's name as shown: their spelling in their latest game whose name is the
    player's own (not a spelling merged into it), else the spelling a merge gave."""
    names = dict(merges)
    for table in tables:
        for seat in table.players:
            key = keyed[seat[0]]
            player = keys[table.event][key]
            if key == player:
                names[player] = seat[0]
    return names


def season(db: sqlite3.Connection, series: Series, before: Season | None = None) -> Season:
    """The season of ``series`` from its tables as stored now; with ``before`` (the
    season of an earlier state), the ratings go on from its games that are still the
    same (:func:`.engine.series.rate_on`), to the same result."""
    tables = results(db, series)
    keyed = name_keys(tables)
    keys = players_of(series, tables, keyed)
    merge_names = {name_key(m.into_name): m.into_name for m in series.merges}
    names = shown_names(tables, keys, merge_names, keyed)
    games: list[dict[str, int]] = []
    lines: list[list[Line]] = []
    for table in tables:
        of = keys[table.event]
        players = [of[keyed[seat[0]]] for seat in table.players]
        games.append({player: seat[1] for player, seat in zip(players, table.players,
                                                               strict=True)})
        lines.append([Line(names[player], player, winner, deals, bullheads, clean, total, 1)
                      for player, (_name, total, winner, deals, bullheads, clean)
                      in zip(players, table.players, strict=True)])
    run = rate_on(games, [table.event for table in tables],
                  None if before is None else before.run)
    ratings, history = run.ratings, run.history
    by_event: list[list[dict[str, int]]] = [[] for _ in series.events]
    for table, totals in zip(tables, games, strict=True):
        by_event[table.event].append(totals)
    points: list[dict[str, Fraction]] = [event_points(event) for event in by_event]
    records = tally(lines)
    rows = [Row(standing, names[standing.player], history[standing.player],
                records[standing.player])
            for standing in series_standings(points, series.best, ratings)]
    return Season(series, tables, rows, run)


#: How many series' seasons the server keeps (a club's series or a few: each is read by
#: everyone who follows it, and changes only when one of its tables does).
SEASONS_KEPT = 8


def kept_season(db: sqlite3.Connection, series: Series) -> Season:
    """:func:`season`, computed once for each state of the series and kept in memory for
    the requests after: its key is the series itself (its events, merges, undone merges
    and ``best``, as loaded for this request) and :func:`.store.tables_state` (every
    column of its events' tables, and of their games, that :func:`.store.results`
    reads). Any write that changes what the season is computed from changes the key; a
    read writes nothing."""
    return kept_on("series season", lambda before: season(db, series, before), SEASONS_KEPT,
                   of=series.id, state=(series, tables_state(db, series)))


def load_season(db: sqlite3.Connection, series_id: str) -> Season:
    return kept_season(db, must_load(db, series_id))
