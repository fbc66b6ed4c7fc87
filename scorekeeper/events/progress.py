"""Where an event stands: each table's game, the standings, and what changes the tables.

Everything is computed from the event's own games, read once per request through the
games store (never a scan of every game stored), so a correction at a table shows in the
standings at once. :func:`progress` is the one place a page, the API and the printed
paper (slips, standings, CSV) get the event's tables and standings as plain data.

Seating a round, and each of the director's remedies at a table (re-open, close, replace
the game, totals from a paper sheet), is one transaction: it reads the event and its
games, checks, writes the tables and their games and the event's history, all at once.
So is what a championship adds (docs/rules.md, Championships): a table signing its
result, the knock-out's rounds, and the director swapping two players before a round
starts. With release by round, :meth:`Progress.withheld` says which tables' results
only the director sees yet, and :meth:`Progress.shown_standings` what everyone sees.
"""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from ..engine.errors import EventUnknownPlayer
from ..engine.event_options import Release
from ..engine.game import check_final_totals
from ..engine.knockout import final_order, seat_knockout, table_order
from ..engine.limits import MIN_EVENT_PLAYERS
from ..engine.names import name_key
from ..engine.seating import draw_round, seat_round
from ..engine.settings import whole
from ..engine.standings import Standing, lots, standings
from ..games import store as games
from ..games.notes import CodedNote
from ..web.db import transaction
from . import store
from .errors import (
    MAX_PAPER_TOTAL,
    MAX_REASON,
    AllRoundsSeated,
    AlreadySigned,
    BadPaperTotal,
    GameNotOver,
    KnockoutTooFew,
    MissingPaperTotal,
    NoSignOff,
    NotAtTable,
    NothingToPutBack,
    NothingToReopen,
    NotReopened,
    PlayerNotAtTable,
    ReasonMissing,
    RoundNotSigned,
    RoundStillPlaying,
    SameDevice,
    SwapNotSeated,
    SwapSameTable,
    SwapStarted,
    TooFewToSeat,
)
from .store import Event, SeatedTable, add_tables, must_load

#: The note of a table's game: ``note(event name, round, table)``, coded (``games/notes.py``).
Note = Callable[[str, int, int], CodedNote]


@dataclass(frozen=True)
class TableState:
    """A seated table and its game as it stands now (None if the game is missing)."""

    seat: SeatedTable
    game: games.Game | None
    sign_off: bool = False
    """The event asks its tables to sign their results."""

    @property
    def names(self) -> dict[str, str]:
        """Each name of the table's game by the name the event knows now (a player the
        director renamed after the game was started keeps the old name in the game)."""
        if self.game is None:
            return {}
        return dict(zip(self.game.settings.players, self.seat.players, strict=True))

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
        if self.game is None:
            return {}
        names = self.names
        return {names[p]: total for p, total in self.game.state.totals.items()}

    @property
    def last_deal(self) -> dict[str, int] | None:
        """Each player's score in the game's last deal (None for totals from paper)."""
        if self.paper or self.game is None or not self.game.state.deals:
            return None
        names = self.names
        return {names[p]: score for p, score in self.game.state.deals[-1].scores.items()}

    @property
    def deals(self) -> int:
        """The deals its game holds (what its phone sent)."""
        return len(self.game.state.deals) if self.game is not None else 0

    @property
    def leaders(self) -> tuple[str, ...]:
        """The winners of an ended game, else who has the fewest bullheads so far."""
        if not self.started:
            return ()
        totals = self.totals
        if self.game is not None and self.game.state.finished and not self.paper:
            return tuple(self.names[p] for p in self.game.state.winners)
        least = min(totals.values())
        return tuple(p for p, total in totals.items() if total == least)

    @property
    def signed(self) -> bool:
        """Its result is signed: at the table or by the director (who typed totals from
        paper signs them by typing them)."""
        return self.paper or self.seat.signed is not None

    @property
    def needs_reason(self) -> bool:
        """A change to its result (re-opening it, replacing its game, typing its totals)
        needs the director's reason: the event asks its tables to sign, and this one's
        result is signed. The one place this is decided: the forms ask for a reason by
        it, and :func:`checked_reason` refuses a change without one by it."""
        return self.sign_off and self.signed

    @property
    def awaiting(self) -> bool:
        """Finished, and waiting for its sign before it counts."""
        return self.sign_off and self.finished and not self.signed

    @property
    def done(self) -> bool:
        """Finished, and signed where the event asks: its result counts."""
        return self.finished and (self.signed or not self.sign_off)


@dataclass(frozen=True)
class KnockoutTable:
    """A table of the knock-out: its players in seat order, and its winner once done."""

    state: TableState
    order: tuple[str, ...]
    """Its players, best first, once done (else empty)."""

    @property
    def winner(self) -> str | None:
        return self.order[0] if self.order else None


@dataclass(frozen=True)
class Progress:
    event: Event
    tables: tuple[TableState, ...]
    """Every round's tables, in order."""
    standings: list[Standing]
    """Counting every finished game (signed where asked) of the rounds before the
    knock-out; once the final table is done, its players on top in its order."""

    @property
    def current(self) -> list[TableState]:
        """The tables of the last round seated."""
        return [t for t in self.tables if t.seat.round == self.event.round]

    @property
    def playing(self) -> list[TableState]:
        """Tables of any round whose game has not ended (a re-opened table can be one)."""
        return [t for t in self.tables if not t.finished]

    @property
    def awaiting(self) -> list[TableState]:
        """Finished tables whose result waits for its sign."""
        return [t for t in self.tables if t.awaiting]

    @property
    def complete(self) -> int:
        """The last round whose tables, and every earlier round's, are all done: their
        games ended (and their results signed, where the event asks)."""
        first_open = min((t.seat.round for t in self.tables if not t.done),
                         default=self.event.round + 1)
        return first_open - 1

    @property
    def counted(self) -> int:
        """The last round the standings count games of: the highest round before the
        knock-out with a done table (0 before any result counts). It runs ahead of
        :attr:`complete` while a round is being played: its done tables count already."""
        return max((t.seat.round for t in self.tables
                    if t.done and t.seat.round <= self.event.rounds), default=0)

    @property
    def still_open(self) -> list[TableState]:
        """Tables of the rounds counted whose results do not count yet (a game still
        playing, or a result awaiting its sign): the standings change when they do."""
        return [t for t in self.tables if not t.done and t.seat.round <= self.counted]

    @property
    def finished(self) -> bool:
        return (self.event.round == self.event.total_rounds
                and all(t.done for t in self.tables))

    @property
    def withholds(self) -> bool:
        """Release by round: everyone but the director sees only ended rounds."""
        return self.event.options.release == Release.ROUND

    def withheld(self, table: TableState) -> bool:
        """Whether everyone but the director sees only where the table sits and whether
        it is done (release by round: its round has not ended everywhere)."""
        return self.withholds and table.seat.round > self.complete

    def shown_standings(self, directing: bool = False) -> list[Standing]:
        """The standings as the asker may see them: the director everything, everyone
        else (with release by round) only the rounds whose every table is done."""
        if directing or not self.withholds:
            return self.standings
        return self.standings_after(self.complete)

    @property
    def lot(self) -> dict[str, int]:
        """Each player's lot number (renamed players keep the lot of their first name)."""
        names = self.event.lot_names
        drawn = lots([names.get(p, p) for p in self.event.players], self.event.seed)
        return {p: drawn[names.get(p, p)] for p in self.event.players}

    @property
    def knockout(self) -> list[tuple[int, list[KnockoutTable]]]:
        """The knock-out's rounds seated so far: (event round, its tables), each table
        with its order once done."""
        lot = self.lot
        found = []
        for number in range(self.event.rounds + 1, self.event.round + 1):
            found.append((number, [
                KnockoutTable(t, tuple(table_order(t.totals, t.last_deal, lot))
                              if t.done else ())
                for t in self.tables if t.seat.round == number]))
        return found

    @property
    def seating_shown(self) -> bool:
        """Whether the live page still shows where to sit: until every table of the round
        has entered its first deal."""
        return bool(self.current) and not all(t.started for t in self.current)

    def table(self, round_number: int, number: int) -> TableState:
        """Table ``number`` of round ``round_number`` (:class:`NoSuchTable` if none)."""
        seat = self.event.table(round_number, number)
        return next(t for t in self.tables if t.seat is seat)

    def seat_of(self) -> dict[str, TableState]:
        """Each player of the last round seated and their table."""
        return {player: table for table in self.current for player in table.seat.players}

    def standings_after(self, round_number: int) -> list[Standing]:
        """The standings as they were once round ``round_number`` had ended: its games and
        the earlier rounds' count, later rounds' do not, and only players seated by then
        are listed (a knock-out round changes them only once the final is done)."""
        if round_number >= self.event.round:
            return self.standings
        tables = [t for t in self.tables if t.seat.round <= round_number]
        seated = {p for t in tables for p in t.seat.players}
        players = [p for p in self.event.players if p in seated]
        return ranked(self.event, players, [t for t in tables
                                            if t.seat.round <= self.event.rounds])

    def next_knockout(self) -> list[str] | None:
        """Who plays the next round of the knock-out, best first (None when the next round
        is not one of the knock-out's)."""
        event = self.event
        stage = event.knockout_round(event.round + 1)
        if stage is None:
            return None
        if stage == 1:
            active = set(event.active)
            return [row.player for row in self.standings if row.player in active][
                :event.options.knockout]
        _number, tables = self.knockout[-1]
        going_on = {t.winner for t in tables}
        return [row.player for row in self.standings if row.player in going_on]

    def refusal(self) -> Exception | None:
        """Why the next round cannot be seated now, or None when it can."""
        event = self.event
        if event.round >= event.total_rounds:
            return AllRoundsSeated(rounds=event.total_rounds)
        if self.playing:
            first = min(t.seat.round for t in self.playing)
            return RoundStillPlaying(round=first, tables=sum(
                1 for t in self.playing if t.seat.round == first))
        if self.awaiting:
            first = min(t.seat.round for t in self.awaiting)
            return RoundNotSigned(round=first, tables=sum(
                1 for t in self.awaiting if t.seat.round == first))
        if event.knockout_round(event.round + 1) == 1 and (
                len(event.active) < (event.options.knockout or 0)):
            return KnockoutTooFew(size=event.options.knockout or 0, count=len(event.active))
        if event.round < event.rounds and len(event.active) < MIN_EVENT_PLAYERS:
            return TooFewToSeat(count=len(event.active))
        return None


def ranked(event: Event, players: list[str], tables: list[TableState]) -> list[Standing]:
    """The standings of ``players`` from the done ``tables``, as the event scores them."""
    return standings(players, [t.totals for t in tables if t.done], event.seed,
                     event.options.scoring, event.options.table, event.lot_names)


def _final_lot(table: TableState, player: str, lot: dict[str, int]) -> int | None:
    """A final table player's lot number where the lot decided their place there: equal
    to another of that table in bullheads and in the last deal."""
    totals, last = table.totals, table.last_deal or {}
    mine = (totals[player], last.get(player))
    tied = any((totals[other], last.get(other)) == mine
               for other in table.seat.players if other != player)
    return lot[player] if tied else None


def of(event: Event, tables: tuple[TableState, ...]) -> Progress:
    """The event with its tables' games as they stand: the one place its standings are
    computed (from the stored games, or from the games of an event file)."""
    swiss = ranked(event, list(event.players),
                   [t for t in tables if t.seat.round <= event.rounds])
    state = Progress(event, tables, swiss)
    final = state.knockout[-1][1] if state.knockout else []
    if (event.round == event.total_rounds and len(final) == 1 and final[0].winner
            is not None):
        table = final[0].state
        order = final_order([row.player for row in swiss], final[0].order)
        by_player = {row.player: row for row in swiss}
        swiss = [dataclasses.replace(by_player[player], rank=rank,
                                     lot=_final_lot(table, player, state.lot)
                                     if player in table.seat.players else by_player[player].lot)
                 for rank, player in enumerate(order, 1)]
        state = Progress(event, tables, swiss)
    return state


def progress(db: sqlite3.Connection, event: Event) -> Progress:
    return of(event, tuple(TableState(seat, games.load(db, str(seat.game)),
                                      event.options.sign_off)
                           for seat in event.tables))


def figure(value: Fraction) -> int | float:
    """A shared or relative score as JSON: whole numbers exact, others to 2 decimals."""
    return int(value) if value.denominator == 1 else round(float(value), 2)


def standing_rows(rows: list[Standing]) -> list[dict]:
    """The standings as JSON (the API's, and an event file's)."""
    return [{"rank": row.rank, "player": row.player, "points": figure(row.points),
             "relative": figure(row.relative), "bullheads": row.bullheads,
             "games": row.games, "wins": row.wins, "lot": row.lot} for row in rows]


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
        knockout = state.next_knockout()
        if knockout is not None:
            seating = seat_knockout(knockout)
        elif number == 1:
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


def checked_reason(event: Event, table: SeatedTable, reason: object) -> str | None:
    """The reason the director gives for changing the result of ``table``: needed once
    it is signed (totals typed from paper are the director's own sign), else unused
    (:attr:`TableState.needs_reason`; the seat alone decides it, so no game is loaded)."""
    if not TableState(table, None, event.options.sign_off).needs_reason:
        return None
    text = " ".join(reason.split()) if isinstance(reason, str) else ""
    if not 0 < len(text) <= MAX_REASON:
        raise ReasonMissing(round=table.round, table=table.number)
    return text


def _why(reason: str | None) -> dict[str, str]:
    """The reason, for the history line (none: no key)."""
    return {} if reason is None else {"reason": reason}


def reopen(db: sqlite3.Connection, event_id: str, round_number: int, number: int,
           device: str, reason: object = None) -> Progress:
    """The table's sheet takes changes again: a table whose round is over, one whose
    totals were typed from paper (its game counts again), or a signed one (its sign is
    withdrawn, with the director's reason: it counts once signed again)."""
    with transaction(db):
        event = must_load(db, event_id)
        table = event.table(round_number, number)
        why = checked_reason(event, table, reason)
        if table.paper is not None:
            store.set_paper(db, event_id, round_number, number, None)
        elif table.signed is not None:
            store.set_signed(db, event_id, round_number, number, None)
        elif not _closed(event, table) or table.reopened:
            raise NothingToReopen(round=round_number, table=number)
        store.set_reopened(db, event_id, round_number, number, _closed(event, table))
        store.log(db, event_id, device, "reopen", round=round_number, table=number,
                  **_why(why))
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
            note: Note, device: str, reason: object = None) -> Progress:
    """The table gets a new, empty game with the same players and settings; the old game
    is kept as it was and marked replaced. At a table whose round is over, the new game
    takes its deals from its sheet (the table is re-opened). A signed table's sign goes
    with its old game (the director says why)."""
    with transaction(db):
        event = must_load(db, event_id)
        table = event.table(round_number, number)
        why = checked_reason(event, table, reason)
        game = games.create_game(db, event.settings_for(table.players),
                                 note(event.name, round_number, number))
        store.replace_game(db, event_id, table, game, _closed(event, table))
        store.log(db, event_id, device, "replace", round=round_number, table=number,
                  **_why(why))
        return load_progress(db, event_id)


def put_back(db: sqlite3.Connection, event_id: str, round_number: int, number: int,
             device: str) -> Progress:
    """Undo the last replacement of the table's game: the game it replaced plays again,
    as the table stood then (its totals from paper, re-opened or not); the newer game is
    kept as a replaced game, so nothing entered is lost."""
    with transaction(db):
        table = must_load(db, event_id).table(round_number, number)
        if store.put_back(db, event_id, table) is None:
            raise NothingToPutBack(round=round_number, table=number)
        store.log(db, event_id, device, "putback", round=round_number, table=number)
        return load_progress(db, event_id)


def checked_totals(event: Event, table: SeatedTable,
                   totals: Mapping[object, object]) -> dict[str, int]:
    """Each player's total from a paper sheet, checked as the table's game would have
    checked its deals: every player of the table and no one else (:class:`PlayerNotAtTable`,
    :class:`EventUnknownPlayer`), each a whole number from 0 to 9999
    (:class:`MissingPaperTotal`, :class:`BadPaperTotal`; typed text is read as digits), and
    totals the table's game could have ended with (``engine/game.py``
    ``check_final_totals``: someone at the end, no total past what the deals hand out)."""
    for name in totals:
        if name not in table.players:
            if name in event.players:
                raise PlayerNotAtTable(player=str(name), round=table.round, table=table.number)
            raise EventUnknownPlayer(player=str(name))
    checked: dict[str, int] = {}
    for player in table.players:
        typed = totals.get(player)
        if typed is None or (isinstance(typed, str) and not typed.strip()):
            raise MissingPaperTotal(player=player)
        value = whole(typed)
        if value is None or not 0 <= value <= MAX_PAPER_TOTAL:
            raise BadPaperTotal(player=player, value=typed)
        checked[player] = value
    check_final_totals(event.settings_for(table.players), checked)
    return checked


def type_totals(db: sqlite3.Connection, event_id: str, round_number: int, number: int,
                totals: Mapping[object, object], device: str,
                reason: object = None) -> Progress:
    """The table's result from its paper sheet: these totals count, the table's game is
    kept but counts no more (re-opening the table makes it count again). Over a signed
    result, the director says why."""
    with transaction(db):
        event = must_load(db, event_id)
        table = event.table(round_number, number)
        checked = checked_totals(event, table, totals)
        why = checked_reason(event, table, reason)
        store.set_paper(db, event_id, round_number, number, checked)
        store.set_reopened(db, event_id, round_number, number, False)
        store.log(db, event_id, device, "paper", round=round_number, table=number,
                  **_why(why))
        return load_progress(db, event_id)


# --- What a championship adds ------------------------------------------------------------


def sign(db: sqlite3.Connection, event_id: str, round_number: int, number: int,
         client_id: str, device: str | None, game: object = None,
         director: str | None = None) -> Progress:
    """Sign a finished table's result: from a phone at the table (``game`` its game's
    id, ``device`` its cookie; not the phone that made the game's last change), or by the
    director (``director``: the director's device). The same ``client_id`` again is the
    same sign, answered as it stands."""
    with transaction(db):
        event = must_load(db, event_id)
        if not event.options.sign_off:
            raise NoSignOff(event=event.name)
        table = event.table(round_number, number)
        where = {"round": round_number, "table": number}
        if director is None and (game is None or str(game) != str(table.game)):
            raise NotAtTable(**where)
        if table.signed is not None:
            if table.signed.get("client_id") == client_id:
                return load_progress(db, event_id)
            raise AlreadySigned(**where)
        if table.paper is not None:
            raise AlreadySigned(**where)
        state = games.load(db, str(table.game))
        if state is None or not state.state.finished:
            raise GameNotOver(**where)
        if director is None and device is not None and device == table.last_device:
            raise SameDevice(**where)
        by = "table" if director is None else "director"
        number_of = (None if director in (None, store.API_DEVICE)
                     else store.device_number(db, event_id, str(director)))
        store.set_signed(db, event_id, round_number, number, {
            "at": store.now(), "by": by, "device": number_of, "client_id": client_id})
        if director is None:
            store.log_from_table(db, event_id, "sign", round=round_number, table=number,
                                 by=by)
        else:
            store.log(db, event_id, director, "sign", round=round_number, table=number,
                      by=by)
        return load_progress(db, event_id)


def swap(db: sqlite3.Connection, event_id: str, round_number: int, names: list[str],
         note: Note, device: str) -> Progress:
    """Two players of two tables of a round change places before either table has a
    deal: each table gets a new game with its new players (print both slips again); the
    games until now are kept as replaced."""
    with transaction(db):
        state = load_progress(db, event_id)
        event = state.event
        seat_of = {player: t for t in state.tables if t.seat.round == round_number
                   for player in t.seat.players}
        wanted = {name_key(p): p for p in seat_of}
        players = []
        for name in names:
            found = wanted.get(name_key(name))
            if found is None:
                raise SwapNotSeated(player=name, round=round_number)
            players.append(found)
        first, second = (seat_of[p] for p in players)
        if first is second:
            raise SwapSameTable(player=players[0], other=players[1])
        for table in (first, second):
            if table.started:
                raise SwapStarted(round=round_number, table=table.seat.number)
        trade = {players[0]: players[1], players[1]: players[0]}
        for table in (first, second):
            seated = tuple(trade.get(p, p) for p in table.seat.players)
            game = games.create_game(db, event.settings_for(seated),
                                     note(event.name, round_number, table.seat.number))
            store.seat_players(db, event_id, table.seat, seated, game)
        store.log(db, event_id, device, "swap", round=round_number, players=players,
                  tables=[first.seat.number, second.seat.number])
        return load_progress(db, event_id)
