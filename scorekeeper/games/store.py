"""SQLite access for games: settings plus an append-only event log, one transaction per write.

A deal row's ``withdrawn`` flag is the one thing ever updated: it mirrors the log's
withdrawals and restores for the unique index of deal numbers; the log alone is replayed.

Every write runs in ``BEGIN IMMEDIATE``, so two phones adding a deal at the same moment
are serialized: the second one sees the first one's deal and gets a conflict, never a
lost or doubled deal. The partial unique indexes in the schema guard the same at the
database level.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from ..engine import scoring as sc
from ..web.db import transaction
from .codec import entry_json


@dataclass(frozen=True)
class StoredEvent:
    kind: sc.EventKind
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
    client_id: str | None = None
    """The id the phone gave a game it started offline (None for one started online)."""

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
    """The bullheads, hand and cards columns: each part as the API and backups write it."""
    data = entry_json(entry)
    return _dump(data["bullheads"]) or "{}", _dump(data.get("hand")), _dump(data.get("cards"))


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
        sc.GameVariant(row["variant"]),
        rows=row["rows"],
        takes_at=row["takes_at"],
        hand_size=row["hand_size"],
    )


def _state(settings: sc.Settings, events: tuple[StoredEvent, ...]) -> sc.GameState:
    return sc.replay(settings, [sc.Event(e.kind, e.number, e.entry) for e in events])


def _row(db: sqlite3.Connection, game_id: int) -> sqlite3.Row | None:
    return db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()


def load(db: sqlite3.Connection, game_id: int) -> Game | None:
    row = _row(db, game_id)
    if row is None:
        return None
    events = tuple(
        StoredEvent(sc.EventKind(e["kind"]), e["number"], _entry(e), e["client_id"],
                    e["created_at"])
        for e in db.execute(
            "SELECT * FROM game_events WHERE game_id = ? ORDER BY id", (game_id,)
        )
    )
    settings = _settings(row)
    return Game(row["id"], row["created_at"], row["note"], settings, events,
                _state(settings, events), row["client_id"])


def settings_of(db: sqlite3.Connection, game_id: int) -> sc.Settings:
    """A game's settings without replaying it: enough to build a deal's entry.

    Settings never change once a game is created, so an entry built from them outside
    the write's transaction is still right inside it. Raises :class:`NoSuchGame`.
    """
    row = _row(db, game_id)
    if row is None:
        raise sc.NoSuchGame()
    return _settings(row)


def all_games(db: sqlite3.Connection) -> list[Game]:
    ids = [r["id"] for r in db.execute("SELECT id FROM games ORDER BY id DESC")]
    return [game for game in (load(db, i) for i in ids) if game is not None]


def _insert_game(db, settings: sc.Settings, note: str, created_at: str,
                 client_id: str | None = None) -> int:
    cursor = db.execute(
        "INSERT INTO games (created_at, players, threshold, fixed_deals, virgin_doubling,"
        " variant, note, rows, takes_at, hand_size, client_id)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (created_at, _dump(list(settings.players)), settings.threshold,
         settings.fixed_deals, int(settings.virgin_doubling), settings.variant, note,
         settings.rows, settings.takes_at, settings.hand_size, client_id),
    )
    return int(cursor.lastrowid or 0)


def _insert_event(db, game_id: int, event: StoredEvent) -> None:
    db.execute(
        "INSERT INTO game_events (game_id, kind, number, bullheads, hand, cards, client_id,"
        " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (game_id, event.kind, event.number, *_entry_columns(event.entry), event.client_id,
         event.created_at),
    )
    # The flag the unique index of deal numbers reads (see the migration in web/db.py):
    # a withdrawal marks the deal's row, a restore clears it on the latest row of that
    # number (the one withdrawn last, since a newer row of it would still count).
    if event.kind == sc.EventKind.WITHDRAWAL:
        db.execute("UPDATE game_events SET withdrawn = 1 WHERE game_id = ? AND number = ?"
                   " AND kind = 'deal' AND withdrawn = 0", (game_id, event.number))
    elif event.kind == sc.EventKind.RESTORE:
        db.execute("UPDATE game_events SET withdrawn = 0 WHERE id = (SELECT max(id) FROM"
                   " game_events WHERE game_id = ? AND number = ? AND kind = 'deal')",
                   (game_id, event.number))


def create_game(db: sqlite3.Connection, settings: sc.Settings, note: str = "") -> int:
    with transaction(db):
        return _insert_game(db, settings, note, now())


def start_game(db: sqlite3.Connection, settings: sc.Settings, note: str,
               client_id: str) -> tuple[int, bool]:
    """Create the game a phone started offline, once: answers its id and whether it is new.

    The phone sends the game again until it has an answer, so the same ``client_id`` finds
    the game stored the first time; with other settings it is refused with
    :class:`ClientIdReused` (two phones that happened to pick one id, or a damaged copy).
    """
    with transaction(db):
        row = db.execute("SELECT * FROM games WHERE client_id = ?", (client_id,)).fetchone()
        if row is None:
            return _insert_game(db, settings, note, now(), client_id), True
        if (_settings(row), row["note"]) != (settings, note):
            raise sc.ClientIdReused(client_id=client_id)
        return int(row["id"]), False


def import_game(db, settings: sc.Settings, note: str, created_at: str,
                events: list[StoredEvent]) -> int:
    """Store a whole game at once (a backup being restored), keeping its timestamps."""
    with transaction(db):
        game_id = _insert_game(db, settings, note, created_at)
        for event in events:
            _insert_event(db, game_id, event)
        return game_id


def delete_game(db: sqlite3.Connection, game_id: int) -> bool:
    with transaction(db):
        return db.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount > 0


def _retried(game: Game, kind: sc.EventKind, number: int | None, entry: sc.Entry,
             client_id: str) -> bool:
    """True when ``client_id`` was stored with this very deal (a retry after a lost
    answer); raises :class:`ClientIdReused` when it was stored with another one."""
    for event in game.events:
        if event.client_id == client_id:
            wanted = event.number if number is None else number
            if (event.kind, event.number, event.entry) == (kind, wanted, entry):
                return True
            raise sc.ClientIdReused(client_id=client_id)
    return False


def write_deal(db: sqlite3.Connection, game_id: int, kind: sc.EventKind, number: int | None,
               entry: sc.Entry, client_id: str | None) -> tuple[Game, bool]:
    """Add (``kind`` DEAL; ``number`` None takes the next) or correct deal ``number``.

    ``entry`` is built by the caller from the game's settings (:func:`settings_of`).
    Inside one transaction the stored events are read, the write is checked against them
    (a retried or reused ``client_id``, a finished game, a taken or skipped number, a
    deal that does not exist) and appended. Answers the game after the write and whether
    something was written (False: a retry of a stored event, answered as it stands).
    Raises :class:`NoSuchGame` or a :class:`ScoringError`; nothing is written then.
    """
    with transaction(db):
        game = load(db, game_id)
        if game is None:
            raise sc.NoSuchGame()
        if client_id and _retried(game, kind, number, entry, client_id):
            return game, False
        if kind == sc.EventKind.DEAL:
            number = sc.check_new_deal(game.state, number)
        else:
            assert number is not None
            sc.check_correction(game.state, number)
        event = StoredEvent(kind, number, entry, client_id, now())
        _insert_event(db, game_id, event)
    # The state after the write, from the events just read: no second read of the log.
    events = (*game.events, event)
    return replace(game, events=events, state=_state(game.settings, events)), True


def undo(db: sqlite3.Connection, game_id: int, kind: sc.EventKind, number: int) -> Game:
    """Withdraw (``kind`` WITHDRAWAL) the last deal, or restore (RESTORE) withdrawn deal
    ``number``, in one transaction: the stored events are read, the change is checked
    against them and appended as one more event, carrying the value withdrawn or put back.
    Answers the game after the write. Raises :class:`NoSuchGame` or a
    :class:`ScoringError` (a deal that is not the last, one that cannot come back);
    nothing is written then.
    """
    with transaction(db):
        game = load(db, game_id)
        if game is None:
            raise sc.NoSuchGame()
        if kind == sc.EventKind.WITHDRAWAL:
            entry = sc.check_withdrawal(game.state, number)
        else:
            entry = sc.check_restore(game.state, number)
        event = StoredEvent(kind, number, entry, None, now())
        _insert_event(db, game_id, event)
    events = (*game.events, event)
    return replace(game, events=events, state=_state(game.settings, events))
