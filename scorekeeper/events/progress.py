"""Where an event stands: each table's game, the standings, and what changes the tables.

Everything is computed from the event's own games, read once per request through the
games store (never a scan of every game stored), so a correction at a table shows in the
standings at once. :func:`progress` is the one place a page, the API and the printed
paper (slips, standings, CSV) get the event's tables and standings as plain data.

Seating a round, and each of the director's remedies at a table (re-open, close, replace
the game, totals from a paper sheet), is one transaction: it reads the event and its
games, checks, writes the tables and their games and the event's history, all at once.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from ..engine.errors import EventUnknownPlayer
from ..engine.limits import MIN_EVENT_PLAYERS
from ..engine.seating import draw_round, seat_round
from ..engine.settings import whole
from ..engine.standings import Standing, standings
from ..games import store as games
from ..web.db import transaction
from . import store
from .errors import (
    MAX_PAPER_TOTAL,
    AllRoundsSeated,
    BadPaperTotal,
    NothingToReopen,
    NotReopened,
    RoundStillPlaying,
    TooFewToSeat,
)
from .store import Event, SeatedTable, add_tables, must_load

#: The note of a table's game: ``note(event name, round, table)``.
Note = Callable[[str, int, int], str]


@dataclass(frozen=True)
class TableState:
    """A seated table and its game as it stands now (None if the game is missing)."""

    seat: SeatedTable
    game: games.Game | None

    @property
    def paper(self) -> bool:
        """Its totals were typed from its paper sheet: they count, its game does not."""
        return self.seat.paper is not None

    @property
    def finished(self) -> bool:
        return self.paper or (self.game is not None and self.game.state.finished)

    @property
    def started(self) -> bool:
        """A deal has been entered (an event's games are basic games: a deal hands out
        bullheads, so totals of 0 everywhere mean no deal yet), or totals typed."""
        return self.paper or (self.game is not None and any(self.game.state.totals.values()))

    @property
    def totals(self) -> dict[str, int]:
        if self.seat.paper is not None:
            return dict(self.seat.paper)
        return dict(self.game.state.totals) if self.game is not None else {}

    @property
    def leaders(self) -> tuple[str, ...]:
        """The winners of an ended game, else who has the fewest bullheads so far."""
        if not self.started:
            return ()
        totals = self.totals
        if self.game is not None and self.game.state.finished and not self.paper:
            return tuple(self.game.state.winners)
        least = min(totals.values())
        return tuple(p for p, total in totals.items() if total == least)


@dataclass(frozen=True)
class Progress:
    event: Event
    tables: tuple[TableState, ...]
    """Every round's tables, in order."""
    standings: list[Standing]
    """Counting every finished game."""

    @property
    def current(self) -> list[TableState]:
        """The tables of the last round seated."""
        return [t for t in self.tables if t.seat.round == self.event.round]

    @property
    def playing(self) -> list[TableState]:
        """Tables of any round whose game has not ended (a re-opened table can be one)."""
        return [t for t in self.tables if not t.finished]

    @property
    def complete(self) -> int:
        """The last round whose games, and every earlier round's, have all ended."""
        first_open = min((t.seat.round for t in self.playing), default=self.event.round + 1)
        return first_open - 1

    @property
    def finished(self) -> bool:
        return self.event.round == self.event.rounds and not self.playing

    @property
    def seating_shown(self) -> bool:
        """Whether the live page still shows where to sit: until every table of the round
        has entered its first deal."""
        return bool(self.current) and not all(t.started for t in self.current)

    def seat_of(self) -> dict[str, TableState]:
        """Each player of the last round seated and their table."""
        return {player: table for table in self.current for player in table.seat.players}

    def standings_after(self, round_number: int) -> list[Standing]:
        """The standings as they were once round ``round_number`` had ended: its games and
        the earlier rounds' count, later rounds' do not, and only players seated by then
        are listed."""
        if round_number >= self.event.round:
            return self.standings
        tables = [t for t in self.tables if t.seat.round <= round_number]
        seated = {p for t in tables for p in t.seat.players}
        players = [p for p in self.event.players if p in seated]
        return standings(players, [t.totals for t in tables if t.finished], self.event.seed)

    def refusal(self) -> Exception | None:
        """Why the next round cannot be seated now, or None when it can."""
        if self.event.round >= self.event.rounds:
            return AllRoundsSeated(rounds=self.event.rounds)
        if self.playing:
            first = min(t.seat.round for t in self.playing)
            return RoundStillPlaying(round=first, tables=sum(
                1 for t in self.playing if t.seat.round == first))
        if len(self.event.active) < MIN_EVENT_PLAYERS:
            return TooFewToSeat(count=len(self.event.active))
        return None


def of(event: Event, tables: tuple[TableState, ...]) -> Progress:
    """The event with its tables' games as they stand: the one place its standings are
    computed (from the stored games, or from the games of an event file)."""
    results = [t.totals for t in tables if t.finished]
    return Progress(event, tables, standings(event.players, results, event.seed))


def progress(db: sqlite3.Connection, event: Event) -> Progress:
    return of(event, tuple(TableState(seat, games.load(db, str(seat.game)))
                           for seat in event.tables))


def figure(value: Fraction) -> int | float:
    """A shared or relative score as JSON: whole numbers exact, others to 2 decimals."""
    return int(value) if value.denominator == 1 else round(float(value), 2)


def standing_rows(rows: list[Standing]) -> list[dict]:
    """The standings as JSON (the API's, and an event file's)."""
    return [{"rank": row.rank, "player": row.player, "points": figure(row.points),
             "relative": figure(row.relative), "bullheads": row.bullheads,
             "games": row.games, "lot": row.lot} for row in rows]


def load_progress(db: sqlite3.Connection, event_id: str) -> Progress:
    return progress(db, must_load(db, event_id))


def seat_next_round(db: sqlite3.Connection, event_id: str, note: Note,
                    device: str) -> Progress:
    """Seat the next round: round 1 drawn from the seed, later rounds by the standings
    avoiding repeat meetings; each table gets an ordinary game with the event's settings
    and the note ``note(event name, round, table)``. One transaction, from reading who
    plays to storing the tables: a player joining or leaving meanwhile is stored before
    or after, never inside. Raises a 409 refusal when the round cannot be seated now."""
    with transaction(db):
        state = load_progress(db, event_id)
        refusal = state.refusal()
        if refusal is not None:
            raise refusal
        event, number = state.event, state.event.round + 1
        if number == 1:
            seating = draw_round(list(event.active), event.seed)
        else:
            active = set(event.active)
            ranked = [row.player for row in state.standings if row.player in active]
            seating = seat_round(ranked, event.met(), event.seed, number)
        seated = [
            (players, games.create_game(db, event.settings_for(players),
                                        note(event.name, number, table)))
            for table, players in enumerate(seating, 1)
        ]
        add_tables(db, event.id, number, seated)
        store.log(db, event.id, device, "seat", round=number, tables=len(seated))
        return load_progress(db, event_id)


# --- The director's remedies at a table --------------------------------------------------


def _closed(event: Event, table: SeatedTable) -> bool:
    """Its round is over: a later round has been seated."""
    return table.round < event.round


def reopen(db: sqlite3.Connection, event_id: str, round_number: int, number: int,
           device: str) -> Progress:
    """The table's sheet takes changes again: a table whose round is over, or one whose
    totals were typed from paper (its game counts again)."""
    with transaction(db):
        event = must_load(db, event_id)
        table = event.table(round_number, number)
        if table.paper is not None:
            store.set_paper(db, event_id, round_number, number, None)
        elif not _closed(event, table) or table.reopened:
            raise NothingToReopen(round=round_number, table=number)
        store.set_reopened(db, event_id, round_number, number, _closed(event, table))
        store.log(db, event_id, device, "reopen", round=round_number, table=number)
        return load_progress(db, event_id)


def close(db: sqlite3.Connection, event_id: str, round_number: int, number: int,
          device: str) -> Progress:
    """A re-opened table's sheet takes changes only from the director again."""
    with transaction(db):
        table = must_load(db, event_id).table(round_number, number)
        if not table.reopened:
            raise NotReopened(round=round_number, table=number)
        store.set_reopened(db, event_id, round_number, number, False)
        store.log(db, event_id, device, "close", round=round_number, table=number)
        return load_progress(db, event_id)


def replace(db: sqlite3.Connection, event_id: str, round_number: int, number: int,
            note: Note, device: str) -> Progress:
    """The table gets a new, empty game with the same players and settings; the old game
    is kept as it was and marked replaced. At a table whose round is over, the new game
    takes its deals from its sheet (the table is re-opened)."""
    with transaction(db):
        event = must_load(db, event_id)
        table = event.table(round_number, number)
        game = games.create_game(db, event.settings_for(table.players),
                                 note(event.name, round_number, number))
        store.replace_game(db, event_id, table, game, _closed(event, table))
        store.log(db, event_id, device, "replace", round=round_number, table=number)
        return load_progress(db, event_id)


def checked_totals(table: SeatedTable, totals: Mapping[object, object]) -> dict[str, int]:
    """Each player's total from a paper sheet: a whole number from 0 to 9999 each, for
    every player of the table and no one else."""
    for name in totals:
        if name not in table.players:
            raise EventUnknownPlayer(player=str(name))
    checked: dict[str, int] = {}
    for player in table.players:
        value = whole(totals.get(player))
        if value is None or not 0 <= value <= MAX_PAPER_TOTAL:
            raise BadPaperTotal(player=player, value=totals.get(player))
        checked[player] = value
    return checked


def type_totals(db: sqlite3.Connection, event_id: str, round_number: int, number: int,
                totals: Mapping[object, object], device: str) -> Progress:
    """The table's result from its paper sheet: these totals count, the table's game is
    kept but counts no more (re-opening the table makes it count again)."""
    with transaction(db):
        event = must_load(db, event_id)
        table = event.table(round_number, number)
        checked = checked_totals(table, totals)
        store.set_paper(db, event_id, round_number, number, checked)
        store.set_reopened(db, event_id, round_number, number, False)
        store.log(db, event_id, device, "paper", round=round_number, table=number)
        return load_progress(db, event_id)
