"""SQLite access for club events: the event, its seated tables, its changes of players, its
director's devices and its history.

Nothing derived is stored: which games have ended and the standings are computed from
the tables' games each time (:mod:`.progress`), so a correction at a table can never
leave a stale number behind. Each table's game is an ordinary game of the games store;
its id is kept exactly as the games store gave it.

Every write here runs inside the caller's transaction or its own (``web/db.py``
``transaction()``), and checks against the event as it reads it there: a player joining
while a round is seated is stored for the round the stored seating says.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from dataclasses import dataclass, field
from datetime import UTC, datetime

from ..engine.errors import EventPlayerCount, EventUnknownPlayer, NameRepeated
from ..engine.event_options import EVENING, EventOptions, options_of
from ..engine.limits import MAX_EVENT_CHANGES, MAX_EVENT_NAMES, MAX_EVENT_PLAYERS
from ..engine.names import name_key
from ..engine.settings import Settings, make_settings
from ..web.db import transaction
from . import season_link
from .errors import (
    AllRoundsSeated,
    EventChangesFull,
    EventFull,
    NoSuchEvent,
    NoSuchTable,
    PlayerAlreadyOut,
    PlayerNotOut,
    RenamesFull,
    RoundAlreadySeated,
    SameName,
    TooLateToUndo,
)

JOIN, DROP = "join", "drop"
#: The device of a change made through the JSON interface (``X-Director-Key``).
API_DEVICE = "api"
#: The device of a history line written at a table (a sign from a player's phone).
TABLE_DEVICE = "table"


@dataclass(frozen=True)
class SeatedTable:
    round: int
    number: int
    players: tuple[str, ...]
    game: object
    """The game's id as :func:`games.store.create_game` answered it (opaque)."""
    reopened: bool = False
    """The director re-opened it: its sheet takes changes although its round is over."""
    paper: dict[str, int] | None = None
    """Each player's total, typed by the director from the table's paper sheet."""
    signed: dict | None = None
    """The sign of its result (an event with sign-off): ``at``, ``by`` (``table`` or
    ``director``), ``device`` (the director's device number, None through the JSON
    interface or at the table) and ``client_id``; None while unsigned."""
    last_device: str | None = None
    """The device (its ``device`` cookie) that made its game's last change: a sign from
    the table must come from another."""


@dataclass(frozen=True)
class Rename:
    """The director renamed a player: every stored name was rewritten, a table's game
    keeps the name it was started with."""

    from_name: str
    to_name: str
    at: str


@dataclass(frozen=True)
class OldGame:
    """A table's game the director replaced: kept as it was, counting no more."""

    round: int
    number: int
    game: object
    replaced_at: str


@dataclass(frozen=True)
class Change:
    """A late arrival (``join``) or a drop-out (``drop``), counting from ``from_round``."""

    kind: str
    player: str
    from_round: int
    created_at: str


@dataclass(frozen=True)
class Act:
    """A line of the event's history: what a director's device did, and when."""

    at: str
    device: int | None
    """The device's number in this event (1 is the one that created it); None for the
    JSON interface."""
    act: str
    detail: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Event:
    id: str
    created_at: str
    name: str
    entered: tuple[str, ...]
    """The players entered when the event was created, in the order typed."""
    rounds: int
    seed: int
    threshold: int | None
    fixed_deals: int | None
    virgin_doubling: bool
    tables: tuple[SeatedTable, ...]
    changes: tuple[Change, ...]
    director_hash: str | None = None
    """SHA-256 of the director's key (None: an event started before keys existed)."""
    old_games: tuple[OldGame, ...] = ()
    numbers: dict[str, int] = field(default_factory=dict)
    """The season numbers players gave when they joined (a championship season's event,
    or one played for a season on another server), by name."""
    options: EventOptions = EVENING
    """What a championship asks of the event (defaults: an evening's)."""
    renames: tuple[Rename, ...] = ()

    @property
    def total_rounds(self) -> int:
        """The rounds, then the knock-out's rounds."""
        return self.rounds + self.options.knockout_rounds

    def knockout_round(self, round_number: int) -> int | None:
        """Which round of the knock-out round ``round_number`` is (1, 2, ...), or None."""
        return round_number - self.rounds if round_number > self.rounds else None

    @property
    def lot_names(self) -> dict[str, str]:
        """The name a renamed player's lot is drawn for: the one they first had, unless a
        player now goes by it (then their own)."""
        first: dict[str, str] = {}
        for rename in self.renames:
            first[rename.to_name] = first.pop(rename.from_name, rename.from_name)
        now = set(self.players)
        return {player: origin for player, origin in first.items()
                if player in now and origin not in now}

    @property
    def round(self) -> int:
        """The last round seated (0 before the first)."""
        return max((t.round for t in self.tables), default=0)

    @property
    def players(self) -> tuple[str, ...]:
        """Everyone who ever played or was entered: late arrivals at the end."""
        joined = (c.player for c in self.changes if c.kind == JOIN)
        return tuple(dict.fromkeys((*self.entered, *joined)))

    @property
    def active(self) -> tuple[str, ...]:
        """Who is seated in the next round: the entered players, with every change applied."""
        players = dict.fromkeys(self.entered)
        for change in self.changes:
            if change.kind == JOIN:
                players[change.player] = None
            else:
                players.pop(change.player, None)
        return tuple(players)

    def tables_of(self, round_number: int) -> list[SeatedTable]:
        return [t for t in self.tables if t.round == round_number]

    def table(self, round_number: int, number: int) -> SeatedTable:
        found = next((t for t in self.tables if (t.round, t.number) == (round_number, number)),
                     None)
        if found is None:
            raise NoSuchTable(round=round_number, table=number)
        return found

    def met(self) -> set[frozenset[str]]:
        """Every pair of players who already shared a table."""
        return {frozenset((a, b)) for t in self.tables for i, a in enumerate(t.players)
                for b in t.players[i + 1:]}

    def settings_for(self, players: list[str] | tuple[str, ...]) -> Settings:
        """The settings of one table's game: the event's, with that table's players."""
        return make_settings(players, self.threshold, self.fixed_deals,
                             self.virgin_doubling)

    def find(self, name: str, among: tuple[str, ...]) -> str | None:
        """The stored spelling of ``name`` among ``among`` (names compare without case)."""
        wanted = name_key(name)
        return next((p for p in among if name_key(p) == wanted), None)

    def check_join(self, name: str) -> str:
        """The name a late arrival is stored under (a player who left may come back)."""
        if self.round >= self.rounds:
            raise AllRoundsSeated(rounds=self.rounds)
        if self.find(name, self.active):
            raise NameRepeated(player=name)
        if len(self.active) + 1 > MAX_EVENT_PLAYERS:
            raise EventPlayerCount(count=len(self.active) + 1)
        known = self.find(name, self.players)
        if known is None and len(self.players) >= MAX_EVENT_NAMES:
            raise EventFull()
        if len(self.changes) >= MAX_EVENT_CHANGES:
            raise EventChangesFull()
        return known or name

    def check_rename(self, old: str, new: str) -> str:
        """The stored spelling of the player ``old`` who is to be called ``new``: a name no
        other player of the event has (a change of case or accent of their own is fine)."""
        stored = self.find(old, self.players)
        if stored is None:
            raise EventUnknownPlayer(player=old)
        if new == stored:
            raise SameName(player=stored)
        other = self.find(new, self.players)
        if other is not None and other != stored:
            raise NameRepeated(player=new)
        if len(self.renames) >= MAX_EVENT_CHANGES:
            raise RenamesFull()
        return stored

    @property
    def drops_open(self) -> bool:
        """Whether a player may still leave: until the last round is seated, and in an
        event with a knock-out until the knock-out is (who leaves is not seated in it)."""
        return self.round < self.rounds or (
            self.round == self.rounds and self.options.knockout is not None)

    def check_drop(self, name: str) -> str:
        if not self.drops_open:
            raise AllRoundsSeated(rounds=self.rounds)
        stored = self.find(name, self.players)
        if stored is None:
            raise EventUnknownPlayer(player=name)
        if stored not in self.active:
            raise PlayerAlreadyOut(player=stored)
        if len(self.changes) >= MAX_EVENT_CHANGES:
            raise EventChangesFull()
        return stored


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def dump(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def create_event(db: sqlite3.Connection, name: str, players: list[str], rounds: int,
                 seed: int, settings: Settings, director_hash: str | None,
                 created_at: str | None = None, numbers: dict[str, int] | None = None,
                 options: EventOptions = EVENING) -> str:
    """Store a new event under a random, unguessable id; ``settings`` gives the games' end
    and house rule (its players are not used), ``options`` what a championship asks of
    it. Only the hash of the director's key is kept. ``numbers``: the season numbers some
    players gave, by name."""
    event_id = secrets.token_urlsafe(12)
    with transaction(db):
        db.execute(
            "INSERT INTO events (id, created_at, name, players, rounds, seed, threshold,"
            " fixed_deals, virgin_doubling, director_hash, numbers, options)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (event_id, created_at or now(), name, dump(players), rounds, seed,
             settings.threshold, settings.fixed_deals, int(settings.virgin_doubling),
             director_hash, dump(numbers) if numbers else None,
             None if options == EVENING else dump(options.as_json())),
        )
    return event_id


def load_event(db: sqlite3.Connection, event_id: str) -> Event | None:
    row = db.execute("SELECT * FROM events WHERE id = ?", (event_id,)).fetchone()
    if row is None:
        return None
    tables = tuple(
        SeatedTable(t["round"], t["number"], tuple(json.loads(t["players"])), t["game"],
                    bool(t["reopened"]), json.loads(t["paper"]) if t["paper"] else None,
                    json.loads(t["signed"]) if t["signed"] else None, t["last_device"])
        for t in db.execute("SELECT * FROM event_tables WHERE event_id = ?"
                            " ORDER BY round, number", (event_id,))
    )
    renames = tuple(Rename(r["from_name"], r["to_name"], r["at"]) for r in db.execute(
        "SELECT * FROM event_renames WHERE event_id = ? ORDER BY id", (event_id,)))
    changes = tuple(
        Change(c["kind"], c["player"], c["from_round"], c["created_at"])
        for c in db.execute("SELECT * FROM event_changes WHERE event_id = ? ORDER BY id",
                            (event_id,))
    )
    old = tuple(
        OldGame(o["round"], o["number"], o["game"], o["replaced_at"])
        for o in db.execute("SELECT * FROM event_old_games WHERE event_id = ?"
                            " ORDER BY round, number, replaced_at", (event_id,))
    )
    options = options_of(json.loads(row["options"])) if row["options"] else EVENING
    return Event(row["id"], row["created_at"], row["name"], tuple(json.loads(row["players"])),
                 row["rounds"], row["seed"], row["threshold"], row["fixed_deals"],
                 bool(row["virgin_doubling"]), tables, changes, row["director_hash"], old,
                 json.loads(row["numbers"]) if row["numbers"] else {}, options, renames)


def must_load(db: sqlite3.Connection, event_id: str) -> Event:
    event = load_event(db, event_id)
    if event is None:
        raise NoSuchEvent()
    return event


def named_events(db: sqlite3.Connection, ids: list[str]) -> list[sqlite3.Row]:
    """Ids, names and dates of the events ``ids`` (those this browser started), newest
    first; the ids are never listed for everyone, so an event's link stays unguessable."""
    marks = ", ".join("?" * len(ids))
    return db.execute(f"SELECT id, name, created_at FROM events WHERE id IN ({marks})"
                      " ORDER BY created_at DESC, rowid DESC", ids).fetchall()


def add_tables(db: sqlite3.Connection, event_id: str, round_number: int,
               tables: list[tuple[list[str], object]]) -> None:
    """Store round ``round_number``'s tables (players and game id), checking that no one
    seated that round meanwhile; inside the seating's transaction."""
    with transaction(db):
        seated = db.execute("SELECT coalesce(max(round), 0) FROM event_tables"
                            " WHERE event_id = ?", (event_id,)).fetchone()[0]
        if seated != round_number - 1:
            raise RoundAlreadySeated(round=round_number)
        db.executemany(
            "INSERT INTO event_tables (event_id, round, number, players, game)"
            " VALUES (?, ?, ?, ?, ?)",
            [(event_id, round_number, number, dump(players), game)
             for number, (players, game) in enumerate(tables, 1)],
        )


def change_player(db: sqlite3.Connection, event_id: str, kind: str, name: str,
                  device: str, number: int | None = None) -> tuple[Event, Change]:
    """A late arrival joins (``kind`` JOIN) or a player drops out (DROP) from the next
    round to be seated, as the stored event says inside the write's transaction; answers
    the event after it and the change as stored. A late arrival may give their season
    ``number``."""
    with transaction(db):
        event = must_load(db, event_id)
        player = event.check_join(name) if kind == JOIN else event.check_drop(name)
        change = Change(kind, player, event.round + 1, now())
        db.execute(
            "INSERT INTO event_changes (event_id, kind, player, from_round, created_at)"
            " VALUES (?, ?, ?, ?, ?)",
            (event_id, kind, player, change.from_round, change.created_at))
        if kind == JOIN and number is not None:
            numbers = {**event.numbers, player: number}
            db.execute("UPDATE events SET numbers = ? WHERE id = ?", (dump(numbers), event_id))
        log(db, event_id, device, kind, player=player, round=change.from_round)
        return must_load(db, event_id), change


def rename_player(db: sqlite3.Connection, event_id: str, old: str, new: str,
                  device: str) -> tuple[str, str]:
    """The director renames a player (``new`` already made by the name rules); answers
    the stored spelling renamed and the new name."""
    with transaction(db):
        event = must_load(db, event_id)
        stored = event.check_rename(old, new)
        rename(db, event, stored, new)
        log(db, event_id, device, "rename", player=stored, to=new)
        return stored, new


# --- The director's remedies at a table --------------------------------------------------


def set_reopened(db: sqlite3.Connection, event_id: str, round_number: int, number: int,
                 reopened: bool) -> None:
    db.execute("UPDATE event_tables SET reopened = ? WHERE event_id = ? AND round = ?"
               " AND number = ?", (int(reopened), event_id, round_number, number))


def set_paper(db: sqlite3.Connection, event_id: str, round_number: int, number: int,
              totals: dict[str, int] | None) -> None:
    """The table's totals typed from paper (None: its game counts again), and when they
    were typed: a series' ratings take the table's result at that moment."""
    db.execute("UPDATE event_tables SET paper = ?, paper_at = ? WHERE event_id = ?"
               " AND round = ? AND number = ?",
               (None if totals is None else dump(totals), None if totals is None else now(),
                event_id, round_number, number))


def replace_game(db: sqlite3.Connection, event_id: str, table: SeatedTable, game: object,
                 reopened: bool, paper: str | None = None, paper_at: str | None = None
                 ) -> None:
    """The table plays ``game`` from now on (re-opened or not, with ``paper`` totals typed
    at ``paper_at`` or none); its game until now is kept as an old game, with the table's
    state it had, so that putting it back (:func:`put_back`) restores that state too."""
    row = db.execute("SELECT paper, paper_at FROM event_tables WHERE event_id = ?"
                     " AND round = ? AND number = ?",
                     (event_id, table.round, table.number)).fetchone()
    db.execute("INSERT INTO event_old_games (game, event_id, round, number, replaced_at,"
               " paper, paper_at, reopened) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
               (table.game, event_id, table.round, table.number, now(), row["paper"],
                row["paper_at"], int(table.reopened)))
    db.execute("UPDATE event_tables SET game = ?, paper = ?, paper_at = ?, reopened = ?,"
               " signed = NULL, last_device = NULL"
               " WHERE event_id = ? AND round = ? AND number = ?",
               (game, paper, paper_at, int(reopened), event_id, table.round, table.number))


def put_back(db: sqlite3.Connection, event_id: str, table: SeatedTable) -> object | None:
    """The game the table played before its last replacement plays again, with the
    table's state it was replaced in; the game it played since is kept as an old game.
    Answers the game put back (None when the table's game was never replaced)."""
    old = db.execute("SELECT * FROM event_old_games WHERE event_id = ? AND round = ?"
                     " AND number = ? ORDER BY replaced_at DESC, rowid DESC LIMIT 1",
                     (event_id, table.round, table.number)).fetchone()
    if old is None:
        return None
    db.execute("DELETE FROM event_old_games WHERE game = ?", (old["game"],))
    replace_game(db, event_id, table, old["game"], bool(old["reopened"]), old["paper"],
                 old["paper_at"])
    return old["game"]


def undo_drop(db: sqlite3.Connection, event_id: str, name: str, device: str) -> Event:
    """A player's leaving is taken back while no round was seated since: the drop-out
    goes (the history keeps both); answers the event after it."""
    with transaction(db):
        event = must_load(db, event_id)
        stored = event.find(name, event.players)
        if stored is None:
            raise EventUnknownPlayer(player=name)
        row = db.execute("SELECT id, kind, from_round FROM event_changes WHERE event_id = ?"
                         " AND player = ? ORDER BY id DESC LIMIT 1",
                         (event_id, stored)).fetchone()
        if row is None or row["kind"] != DROP:
            raise PlayerNotOut(player=stored)
        if row["from_round"] != event.round + 1:
            raise TooLateToUndo(player=stored, round=row["from_round"])
        db.execute("DELETE FROM event_changes WHERE id = ?", (row["id"],))
        log(db, event_id, device, "undrop", player=stored, round=row["from_round"])
        return must_load(db, event_id)


def set_signed(db: sqlite3.Connection, event_id: str, round_number: int, number: int,
               signed: dict | None) -> None:
    """The table's result signed (None: the sign withdrawn)."""
    db.execute("UPDATE event_tables SET signed = ? WHERE event_id = ? AND round = ?"
               " AND number = ?", (None if signed is None else dump(signed), event_id,
                                   round_number, number))


def set_last_device(db: sqlite3.Connection, game: str, device: str) -> None:
    """The device that is changing the game ``game`` of a table (in the change's
    transaction: a change refused later leaves the device before it)."""
    db.execute("UPDATE event_tables SET last_device = ? WHERE game = ?", (device, game))


def seat_players(db: sqlite3.Connection, event_id: str, table: SeatedTable,
                 players: tuple[str, ...], game: object) -> None:
    """The table seats ``players`` at the new game ``game`` from now on (a swap before it
    started); its game until now is kept as an old game."""
    replace_game(db, event_id, table, game, table.reopened)
    db.execute("UPDATE event_tables SET players = ? WHERE event_id = ? AND round = ?"
               " AND number = ?", (dump(list(players)), event_id, table.round, table.number))


def rename(db: sqlite3.Connection, event: Event, old: str, new: str) -> None:
    """Every stored name ``old`` of the event becomes ``new`` (the entered players, the
    season numbers they gave, the joins and drop-outs, the seated tables and totals typed
    from paper), and the rename is kept in order; the tables' games keep the names they
    started with."""
    def renamed(names: list[str] | tuple[str, ...]) -> list[str]:
        return [new if name == old else name for name in names]

    numbers = {new if name == old else name: number for name, number in event.numbers.items()}
    db.execute("UPDATE events SET players = ?, numbers = ? WHERE id = ?",
               (dump(renamed(event.entered)), dump(numbers) if numbers else None, event.id))
    db.execute("UPDATE event_changes SET player = ? WHERE event_id = ? AND player = ?",
               (new, event.id, old))
    for table in event.tables:
        if old not in table.players:
            continue
        paper = None if table.paper is None else {
            new if name == old else name: total for name, total in table.paper.items()}
        db.execute("UPDATE event_tables SET players = ?, paper = coalesce(?, paper)"
                   " WHERE event_id = ? AND round = ? AND number = ?",
                   (dump(renamed(table.players)), None if paper is None else dump(paper),
                    event.id, table.round, table.number))
    db.execute("INSERT INTO event_renames (event_id, from_name, to_name, at)"
               " VALUES (?, ?, ?, ?)", (event.id, old, new, now()))


def kept_game(db: sqlite3.Connection, token: str) -> sqlite3.Row | None:
    """The event table a game is played at, or was played at before it was replaced:
    ``event_id``, ``name``, ``round``, ``number``, ``reopened``, ``paper``, ``signed``,
    ``last`` (the event's last round seated), ``director_hash`` and ``old`` (1 for a
    replaced game)."""
    query = (
        "SELECT t.event_id, e.name, t.round, t.number, {reopened} AS reopened,"
        " {paper} AS paper, {signed} AS signed, {old} AS old, e.director_hash,"
        " (SELECT max(round) FROM event_tables WHERE event_id = t.event_id) AS last"
        " FROM {table} t JOIN events e ON e.id = t.event_id WHERE t.game = ?")
    row = db.execute(query.format(reopened="t.reopened", paper="t.paper", signed="t.signed",
                                  old=0, table="event_tables"), (token,)).fetchone()
    if row is None:
        row = db.execute(query.format(reopened=0, paper="NULL", signed="NULL", old=1,
                                      table="event_old_games"), (token,)).fetchone()
    return row


# --- Directors' devices and the history --------------------------------------------------


def device_number(db: sqlite3.Connection, event_id: str, device: str) -> int:
    """The number of a director's device in this event: 1, 2, ... in the order they took
    the key (registered the first time it is asked for). Read and registered in one
    transaction: two requests of one new device would otherwise both register it."""
    with transaction(db):
        number = _number_of(db, event_id, device)
        return number if number is not None else _register(db, event_id, device)


def _number_of(db: sqlite3.Connection, event_id: str, device: str) -> int | None:
    row = db.execute("SELECT number FROM event_devices WHERE event_id = ? AND device = ?",
                     (event_id, device)).fetchone()
    return None if row is None else int(row["number"])


def _register(db: sqlite3.Connection, event_id: str, device: str) -> int:
    with transaction(db):
        number = db.execute("SELECT coalesce(max(number), 0) + 1 FROM event_devices"
                            " WHERE event_id = ?", (event_id,)).fetchone()[0]
        db.execute("INSERT INTO event_devices (event_id, device, number, since)"
                   " VALUES (?, ?, ?, ?)", (event_id, device, number, now()))
    return int(number)


#: Acts that make their device a director by themselves: starting the event, bringing it
#: here from a file, taking the key.
_FOUNDING = frozenset({"create", "import", "director"})


def log(db: sqlite3.Connection, event_id: str, device: str, act: str,
        at: str | None = None, **detail: object) -> None:
    """A line of the event's history, written in the caller's transaction. Opening the
    director's link is a GET and writes nothing, so a browser that opened it is numbered,
    and its opening written, just before its first change.

    Every act that changes an event writes its line here, after the change: so this is
    where a season the event belongs to hears of it (``season_link.changed``), in the same
    transaction; its refusal undoes the act."""
    if act not in _FOUNDING and device != API_DEVICE and _number_of(
            db, event_id, device) is None:
        _register(db, event_id, device)
        _history_line(db, event_id, device, "director", at, {})
    _history_line(db, event_id, device, act, at, detail)
    season_link.changed(db, event_id, act)


def log_from_table(db: sqlite3.Connection, event_id: str, act: str, **detail: object) -> None:
    """A line of the event's history written by a phone at a table (its sign): no
    director's device, so none is numbered. A season the event belongs to hears of it,
    as of every act (a sign can end the event)."""
    _history_line(db, event_id, TABLE_DEVICE, act, None, detail)
    season_link.changed(db, event_id, act)


def _history_line(db: sqlite3.Connection, event_id: str, device: str, act: str,
                  at: str | None, detail: dict[str, object]) -> None:
    db.execute("INSERT INTO event_history (event_id, at, device, act, detail)"
               " VALUES (?, ?, ?, ?, ?)", (event_id, at or now(), device, act, dump(detail)))


def reasons(db: sqlite3.Connection, event_id: str) -> dict[tuple[int, int], list[Act]]:
    """The director's changes to signed tables, each with its reason, by (round, table),
    oldest first: what a table's line shows."""
    rows = db.execute(
        "SELECT h.at, h.act, h.detail, d.number FROM event_history h"
        " LEFT JOIN event_devices d ON d.event_id = h.event_id AND d.device = h.device"
        " WHERE h.event_id = ? AND json_extract(h.detail, '$.reason') IS NOT NULL"
        " ORDER BY h.id", (event_id,)).fetchall()
    found: dict[tuple[int, int], list[Act]] = {}
    for row in rows:
        act = Act(row["at"], row["number"], row["act"], json.loads(row["detail"]))
        found.setdefault((act.detail.get("round"), act.detail.get("table")), []).append(act)
    return found


def history(db: sqlite3.Connection, event_id: str, limit: int = 500) -> list[Act]:
    """The event's history, newest first (at most ``limit`` lines)."""
    rows = db.execute(
        "SELECT h.at, h.act, h.detail, d.number FROM event_history h"
        " LEFT JOIN event_devices d ON d.event_id = h.event_id AND d.device = h.device"
        " WHERE h.event_id = ? ORDER BY h.id DESC LIMIT ?", (event_id, limit)).fetchall()
    return [Act(r["at"], r["number"], r["act"], json.loads(r["detail"])) for r in rows]


def claim(db: sqlite3.Connection, event_id: str, director_hash: str) -> bool:
    """Give an event started before directors had keys its first key; False when it has
    one already."""
    with transaction(db):
        return db.execute("UPDATE events SET director_hash = ? WHERE id = ?"
                          " AND director_hash IS NULL",
                          (director_hash, event_id)).rowcount == 1
