"""Where an event stands: each table's game, the standings, and seating the next round.

Everything is computed from the event's own games, read once per request through the
games store (never a scan of every game stored), so a correction at a table shows in the
standings at once. :func:`progress` is the one place a page, the API and the printed
paper (slips, standings, CSV) get the event's tables and standings as plain data.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass

from ..engine.limits import MIN_EVENT_PLAYERS
from ..engine.seating import draw_round, seat_round
from ..engine.standings import Standing, standings
from ..games import store as games
from .errors import AllRoundsSeated, NoSuchEvent, RoundStillPlaying, TooFewToSeat
from .store import Event, SeatedTable, add_tables, load_event


@dataclass(frozen=True)
class TableState:
    """A seated table and its game as it stands now (None if the game was deleted)."""

    seat: SeatedTable
    game: games.Game | None

    @property
    def finished(self) -> bool:
        return self.game is not None and self.game.state.finished

    @property
    def started(self) -> bool:
        """A deal has been entered (an event's games are basic games: a deal hands out
        bullheads, so totals of 0 everywhere mean no deal yet)."""
        return self.game is not None and any(self.game.state.totals.values())

    @property
    def leaders(self) -> tuple[str, ...]:
        """The winners of an ended game, else who has the fewest bullheads so far."""
        if self.game is None or not self.started:
            return ()
        state = self.game.state
        if state.finished:
            return tuple(state.winners)
        least = min(state.totals.values())
        return tuple(p for p, total in state.totals.items() if total == least)

    @property
    def totals(self) -> dict[str, int]:
        return dict(self.game.state.totals) if self.game is not None else {}


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
        """Tables of any round whose game has not ended (a correction can re-open one)."""
        return [t for t in self.tables if not t.finished]

    @property
    def complete(self) -> int:
        """The last round whose games, and every earlier round's, have all ended."""
        first_open = min((t.seat.round for t in self.playing), default=self.event.round + 1)
        return first_open - 1

    @property
    def finished(self) -> bool:
        return self.event.round == self.event.rounds and not self.playing

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


def progress(db: sqlite3.Connection, event: Event) -> Progress:
    tables = tuple(TableState(seat, games.load(db, seat.game)) for seat in event.tables)
    results = [t.game.state.totals for t in tables if t.finished and t.game is not None]
    return Progress(event, tables, standings(event.players, results, event.seed))


def load_progress(db: sqlite3.Connection, event_id: str) -> Progress:
    event = load_event(db, event_id)
    if event is None:
        raise NoSuchEvent()
    return progress(db, event)


#: Seating creates each table's game before the round is stored; within this process one
#: seating at a time, and :func:`add_tables` refuses a round another process seated first.
_seating = threading.Lock()


def seat_next_round(db: sqlite3.Connection, event_id: str,
                    note: Callable[[str, int, int], str]) -> Progress:
    """Seat the next round: round 1 drawn from the seed, later rounds by the standings
    avoiding repeat meetings; each table gets an ordinary game with the event's settings
    and the note ``note(event name, round, table)``. Raises a 409 refusal when the round
    cannot be seated now."""
    with _seating:
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
        return load_progress(db, event_id)
