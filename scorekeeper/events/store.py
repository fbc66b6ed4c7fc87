"""SQLite access for club events: the event, its seated tables and its changes of players.

Nothing derived is stored: which games have ended and the standings are computed from
the tables' games each time (:mod:`.progress`), so a correction at a table can never
leave a stale number behind. Each table's game is an ordinary game of the games store;
its id is kept exactly as the games store gave it.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime

from ..engine.errors import EventPlayerCount, EventUnknownPlayer, NameRepeated
from ..engine.limits import MAX_EVENT_PLAYERS
from ..engine.names import name_key
from ..engine.settings import Settings, make_settings
from ..web.db import transaction
from .errors import (
    AllRoundsSeated,
    NoSuchEvent,
    PlayerAlreadyOut,
    RoundAlreadySeated,
)

JOIN, DROP = "join", "drop"


@dataclass(frozen=True)
class SeatedTable:
    round: int
    number: int
    players: tuple[str, ...]
    game: object
    """The game's id as :func:`games.store.create_game` answered it (opaque)."""


@dataclass(frozen=True)
class Change:
    """A late arrival (``join``) or a drop-out (``drop``), counting from ``from_round``."""

    kind: str
    player: str
    from_round: int
    created_at: str


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

    def met(self) -> set[frozenset[str]]:
        """Every pair of players who already shared a table."""
        return {frozenset((a, b)) for t in self.tables for i, a in enumerate(t.players)
                for b in t.players[i + 1:]}

    def settings_for(self, players: list[str]) -> Settings:
        """The settings of one table's game: the event's, with that table's players."""
        return make_settings(players, self.threshold, self.fixed_deals,
                                self.virgin_doubling)

    def _find(self, name: str, among: tuple[str, ...]) -> str | None:
        """The stored spelling of ``name`` among ``among`` (names compare without case)."""
        return next((p for p in among if name_key(p) == name_key(name)), None)

    def check_join(self, name: str) -> str:
        """The name a late arrival is stored under (a player who left may come back)."""
        if self.round >= self.rounds:
            raise AllRoundsSeated(rounds=self.rounds)
        if self._find(name, self.active):
            raise NameRepeated(player=name)
        if len(self.active) + 1 > MAX_EVENT_PLAYERS:
            raise EventPlayerCount(count=len(self.active) + 1)
        return self._find(name, self.players) or name

    def check_drop(self, name: str) -> str:
        if self.round >= self.rounds:
            raise AllRoundsSeated(rounds=self.rounds)
        stored = self._find(name, self.players)
        if stored is None:
            raise EventUnknownPlayer(player=name)
        if stored not in self.active:
            raise PlayerAlreadyOut(player=stored)
        return stored


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def create_event(db: sqlite3.Connection, name: str, players: list[str], rounds: int,
                 seed: int, settings: Settings) -> str:
    """Store a new event under a random, unguessable id; ``settings`` gives the games' end
    and house rule (its players are not used)."""
    event_id = secrets.token_urlsafe(12)
    with transaction(db):
        db.execute(
            "INSERT INTO events (id, created_at, name, players, rounds, seed, threshold,"
            " fixed_deals, virgin_doubling) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (event_id, now(), name, json.dumps(players, ensure_ascii=False), rounds, seed,
             settings.threshold, settings.fixed_deals, int(settings.virgin_doubling)),
        )
    return event_id


def load_event(db: sqlite3.Connection, event_id: str) -> Event | None:
    row = db.execute("SELECT * FROM events WHERE id = ?", (event_id,)).fetchone()
    if row is None:
        return None
    tables = tuple(
        SeatedTable(t["round"], t["number"], tuple(json.loads(t["players"])), t["game"])
        for t in db.execute("SELECT * FROM event_tables WHERE event_id = ?"
                            " ORDER BY round, number", (event_id,))
    )
    changes = tuple(
        Change(c["kind"], c["player"], c["from_round"], c["created_at"])
        for c in db.execute("SELECT * FROM event_changes WHERE event_id = ? ORDER BY id",
                            (event_id,))
    )
    return Event(row["id"], row["created_at"], row["name"], tuple(json.loads(row["players"])),
                 row["rounds"], row["seed"], row["threshold"], row["fixed_deals"],
                 bool(row["virgin_doubling"]), tables, changes)


def named_events(db: sqlite3.Connection, ids: list[str]) -> list[sqlite3.Row]:
    """Ids, names and dates of the events ``ids`` (those this browser started), newest
    first; the ids are never listed for everyone, so an event's link stays unguessable."""
    marks = ", ".join("?" * len(ids))
    return db.execute(f"SELECT id, name, created_at FROM events WHERE id IN ({marks})"
                      " ORDER BY created_at DESC, rowid DESC", ids).fetchall()


def add_tables(db: sqlite3.Connection, event_id: str, round_number: int,
               tables: list[tuple[list[str], object]]) -> None:
    """Store round ``round_number``'s tables (players and game id), in one transaction
    that first checks no one seated that round meanwhile."""
    with transaction(db):
        seated = db.execute("SELECT coalesce(max(round), 0) FROM event_tables"
                            " WHERE event_id = ?", (event_id,)).fetchone()[0]
        if seated != round_number - 1:
            raise RoundAlreadySeated(round=round_number)
        db.executemany(
            "INSERT INTO event_tables (event_id, round, number, players, game)"
            " VALUES (?, ?, ?, ?, ?)",
            [(event_id, round_number, number, json.dumps(players, ensure_ascii=False), game)
             for number, (players, game) in enumerate(tables, 1)],
        )


def change_player(db: sqlite3.Connection, event_id: str, kind: str, name: str) -> Event:
    """A late arrival joins (``kind`` JOIN) or a player drops out (DROP) from the next
    round; checked against the stored event inside the write's transaction."""
    with transaction(db):
        event = load_event(db, event_id)
        if event is None:
            raise NoSuchEvent()
        player = event.check_join(name) if kind == JOIN else event.check_drop(name)
        db.execute(
            "INSERT INTO event_changes (event_id, kind, player, from_round, created_at)"
            " VALUES (?, ?, ?, ?, ?)", (event_id, kind, player, event.round + 1, now()))
    loaded = load_event(db, event_id)
    assert loaded is not None
    return loaded
