"""SQLite access for games: settings plus an append-only event log, one transaction per write.

Every write runs in ``BEGIN IMMEDIATE``, so two phones adding a deal at the same moment
are serialized: the second one sees the first one's deal and gets a conflict, never a
lost or doubled deal. The partial unique indexes in the schema guard the same at the
database level.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime

from ..engine import scoring as sc
from ..web.db import transaction


@dataclass(frozen=True)
class StoredEvent:
    kind: str
    number: int
    entry: sc.Entry
    client_id: str | None
    created_at: str


@dataclass(frozen=True)
class Game:
    id: int
    created_at: str
    note: str
    settings: sc.Settings
    events: tuple[StoredEvent, ...]
    state: sc.GameState

    @property
    def version(self) -> int:
        """Grows with every event: lets a phone notice another phone's deal or correction."""
        return len(self.events)

    def history(self, number: int) -> list[StoredEvent]:
        return [e for e in self.events if e.number == number]


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _dump(value: object) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False)


def _entry_columns(entry: sc.Entry) -> tuple[str, str | None, str | None]:
    cards = None if entry.cards is None else {n: list(c) for n, c in entry.cards.items()}
    return _dump(entry.bullheads) or "{}", _dump(entry.hand), _dump(cards)


def _entry(row: sqlite3.Row) -> sc.Entry:
    cards = json.loads(row["cards"]) if row["cards"] else None
    return sc.Entry(
        json.loads(row["bullheads"]),
        json.loads(row["hand"]) if row["hand"] else None,
        None if cards is None else {n: tuple(c) for n, c in cards.items()},
    )


def _settings(row: sqlite3.Row) -> sc.Settings:
    return sc.Settings(
        tuple(json.loads(row["players"])),
        row["threshold"],
        row["fixed_deals"],
        bool(row["virgin_doubling"]),
        row["variant"],
    )


def load(db: sqlite3.Connection, game_id: int) -> Game | None:
    row = db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        return None
    settings = _settings(row)
    events = tuple(
        StoredEvent(e["kind"], e["number"], _entry(e), e["client_id"], e["created_at"])
        for e in db.execute(
            "SELECT * FROM game_events WHERE game_id = ? ORDER BY id", (game_id,)
        )
    )
    state = sc.replay(settings, [sc.Event(e.kind, e.number, e.entry) for e in events])
    return Game(row["id"], row["created_at"], row["note"], settings, events, state)


def all_games(db: sqlite3.Connection) -> list[Game]:
    ids = [r["id"] for r in db.execute("SELECT id FROM games ORDER BY id DESC")]
    return [game for game in (load(db, i) for i in ids) if game is not None]


def _insert_game(db, settings: sc.Settings, note: str, created_at: str) -> int:
    cursor = db.execute(
        "INSERT INTO games (created_at, players, threshold, fixed_deals, virgin_doubling,"
        " variant, note) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (created_at, _dump(list(settings.players)), settings.threshold,
         settings.fixed_deals, int(settings.virgin_doubling), settings.variant, note),
    )
    return int(cursor.lastrowid or 0)


def _insert_event(db, game_id: int, kind: str, number: int, entry: sc.Entry,
                  client_id: str | None, created_at: str | None = None) -> None:
    db.execute(
        "INSERT INTO game_events (game_id, kind, number, bullheads, hand, cards, client_id,"
        " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (game_id, kind, number, *_entry_columns(entry), client_id, created_at or now()),
    )


def create_game(db: sqlite3.Connection, settings: sc.Settings, note: str = "") -> int:
    with transaction(db):
        return _insert_game(db, settings, note, now())


def import_game(db, settings: sc.Settings, note: str, created_at: str,
                events: list[StoredEvent]) -> int:
    """Store a whole game at once (a backup being restored), keeping its timestamps."""
    with transaction(db):
        game_id = _insert_game(db, settings, note, created_at)
        for e in events:
            _insert_event(db, game_id, e.kind, e.number, e.entry, e.client_id, e.created_at)
        return game_id


def delete_game(db: sqlite3.Connection, game_id: int) -> bool:
    with transaction(db):
        return db.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount > 0


class NotFound(LookupError):
    """No game with that id."""


def _same(event: StoredEvent, kind: str, number: int, entry: sc.Entry) -> bool:
    return (event.kind, event.number, event.entry) == (kind, number, entry)


def write_deal(db: sqlite3.Connection, game_id: int, kind: str, number: int | None,
               entry_of, client_id: str | None) -> tuple[Game, bool]:
    """Add (``kind="deal"``) or correct a deal in one transaction.

    ``entry_of(settings)`` builds the validated entry once the game's settings are known.
    Answers the game and whether something was written (False: a retry of a stored event).
    Raises :class:`NotFound`, a :class:`ScoringError` (bad entry, finished game, taken
    number, unknown deal) or :class:`ClientIdReused`; nothing is written then.
    """
    with transaction(db):
        game = load(db, game_id)
        if game is None:
            raise NotFound(game_id)
        entry = entry_of(game.settings)
        if client_id:
            for event in game.events:
                if event.client_id == client_id:
                    wanted = event.number if number is None else number
                    if _same(event, kind, wanted, entry):
                        return game, False
                    raise sc.ClientIdReused(client_id=client_id)
        if kind == "deal":
            number = sc.check_new_deal(game.state, number)
        else:
            assert number is not None
            sc.check_correction(game.state, number)
        _insert_event(db, game_id, kind, number, entry, client_id)
        written = load(db, game_id)
        assert written is not None
        return written, True
