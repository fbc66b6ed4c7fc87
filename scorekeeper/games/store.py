"""A game as it is stored: settings plus an append-only event log, one transaction per write.

Outside this module a game is known by its token, a random text that cannot be guessed
(``/games/<token>``, the API's ``"id"``); the integer row id stays the key of the other
tables. A second token, as unguessable, is its view link's (``/view/<view_token>``): it
reads the game and nothing here writes by it.

The settings are the columns of the game's row; each event is a row whose entry
is stored as JSON in the very shape the API's deals and the backup's events write it
(:func:`entry_json`), so the three cannot drift apart. A deal row's ``withdrawn`` flag
mirrors the log's withdrawals and restores for the unique index of deal numbers; the log
alone is replayed. Each write also stores the game's state (:mod:`.summary`) in the same
transaction, so lists never replay a game.

Every write runs in ``BEGIN IMMEDIATE``: two phones adding a deal at once are serialized,
the second gets a conflict, never a lost or doubled deal (unique indexes guard the same).

A game's ``version`` is the number of entries its log holds; the game's row keeps it too
(:func:`version_of`), so "has this game moved?" is one read. A correction, withdrawal or
restore may name the version it was made on (``base``): if another entry changed that
deal after it, the write is refused with :class:`DealChangedMeanwhile` instead of
silently replacing what the other phone wrote.

A feature that keeps some games (a club event keeps each table's game) registers a
keeper (:func:`add_keeper`), asked inside every write's transaction whether that change
may happen, and one that counts them a watcher (:func:`add_watcher`), told after it; the
store itself knows nothing of events.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from enum import StrEnum

from ..engine import errors, limits
from ..engine.deal import Entry
from ..engine.errors import N_, RulesError
from ..engine.game import (
    Event,
    EventKind,
    GameState,
    advance,
    check_correction,
    check_new_deal,
    check_restore,
    check_withdrawal,
)
from ..engine.game import replay as replay_log
from ..engine.settings import GameVariant, Settings
from ..web.db import transaction
from ..web.security import new_token
from . import notes, summary
from .notes import CodedNote

MAX_SERIES = 50  #: games one evening ("new game, same players") lists at most


class DealChangedMeanwhile(RulesError):
    """A correction, withdrawal or restore of deal ``number`` made on version ``base`` of
    the game, while an entry after ``base`` changed that deal (another phone corrected,
    withdrew, restored or added it again), or while the game never had that version.
    Nothing is written: the phone shows both and the players choose."""

    status = 409
    template = N_("Deal %(number)s was changed meanwhile (perhaps on another phone), so this "
                  "change was not saved. Look at the deal as it is now and make the change "
                  "again if it is still needed.")
    number: int
    base: int
    """The game's version the phone had when the player tapped."""
    version: int
    """The game's version now."""


# --- Games another feature keeps ---


class Change(StrEnum):
    """What a write would do to a game, as a keeper (below) is asked about it."""

    DEAL = "deal"
    CORRECTION = "correction"
    WITHDRAWAL = "withdrawal"
    RESTORE = "restore"
    DELETE = "delete"
    SETTINGS = "settings"
    """A change of the game's settings (none is offered yet; a keeper refuses it)."""
    FOLLOW = "follow"
    """"New game, same players": a next game after this one, which nothing keeps."""


#: Asked before a game changes: ``keeper(db, token, change)`` raises a refusal to stop it.
Keeper = Callable[[sqlite3.Connection, str, Change], None]
_keepers: list[Keeper] = []


def add_keeper(keeper: Keeper) -> None:
    """Let a feature that keeps some games (a club event keeps its tables' games) say
    which changes it allows. The games store knows nothing of that feature: it asks each
    keeper inside the write's transaction, so the answer holds for the write."""
    if keeper not in _keepers:
        _keepers.append(keeper)


def check_change(db: sqlite3.Connection, token: str, change: Change) -> None:
    """Raise the first keeper's refusal of ``change`` to game ``token``, if any."""
    for keeper in _keepers:
        keeper(db, token, change)


#: Told after a game changed, inside the write's transaction: ``watcher(db, token)``.
Watcher = Callable[[sqlite3.Connection, str], None]
_watchers: list[Watcher] = []


def add_watcher(watcher: Watcher) -> None:
    """Let a feature hear of every change of a game it may count (a championship season
    counts an event's result once its last game ends), in the write's transaction: a
    refusal it raises undoes the write."""
    if watcher not in _watchers:
        _watchers.append(watcher)


@dataclass(frozen=True)
class Keeping:
    """What keeps a game, in the words its sheet shows (in the page's language): a club
    event's table game links to the event's page and says who may change it now."""

    label: str
    """The link's words, naming what keeps the game."""
    url: str
    """Its public page."""
    closed: str | None = None
    """Why a deal can no longer change from the sheet (the event round is over), or None."""


#: Asked what keeps a game: ``describer(db, token)`` answers its :class:`Keeping` or None.
Describer = Callable[[sqlite3.Connection, str], "Keeping | None"]
_describers: list[Describer] = []


def add_describer(describer: Describer) -> None:
    """Let a feature that keeps some games say so on their sheets (a club event's link and
    whether its round is over); the games store knows nothing of that feature."""
    if describer not in _describers:
        _describers.append(describer)


def keeping(db: sqlite3.Connection, token: str) -> Keeping | None:
    """What keeps game ``token``, as the first describer that knows it says, else None."""
    for describer in _describers:
        found = describer(db, token)
        if found is not None:
            return found
    return None


@dataclass(frozen=True)
class StoredEvent:
    kind: EventKind
    number: int
    entry: Entry
    client_id: str | None
    created_at: str


@dataclass(frozen=True)
class Game:
    id: str
    """The game's token: its id in every URL, answer and backup."""
    created_at: str
    note: str
    settings: Settings
    events: tuple[StoredEvent, ...]
    state: GameState
    client_id: str | None = None
    """The id the phone gave a game it started offline (None for one started online)."""
    series: str | None = None
    """The token of the first game of the evening this game follows (None: it is one)."""
    row_id: int = 0
    """The store's own key, never shown."""
    view_token: str | None = None
    """The token of the game's view link: it shows the sheet and can change nothing."""

    @property
    def version(self) -> int:
        """How many entries the log holds, one more with every event kept (the row's
        ``version`` column holds the same): lets a phone notice another phone's change."""
        return len(self.events)

    @property
    def mark(self) -> tuple[int, str]:
        """The version and the time of the last entry (of the game itself before any):
        two databases, one put back from an older copy and written to since, may hold
        the same version of a game with other entries, never with the same last time."""
        return self.version, self.events[-1].created_at if self.events else self.created_at

    def history(self, number: int) -> list[StoredEvent]:
        return [e for e in self.events if e.number == number]

    def last_changes(self) -> dict[int, tuple[int, str | None]]:
        """For each deal number, the version of the entry that changed it last and that
        entry's ``client_id``: what a phone compares with its own entries."""
        return {e.number: (version, e.client_id)
                for version, e in enumerate(self.events, 1)}


# --- An entry as JSON, and the columns of a game's rows ---


def entry_json(entry: Entry, **after_bullheads: object) -> dict:
    """``bullheads``, then ``hand`` and ``cards`` when the deal has them (cards as lists).

    ``after_bullheads`` go right after the bullheads: the API shows a deal's ``scores``
    there, and its key order is part of the answer (the app does not sort keys).

    >>> entry_json(Entry({"A": 8, "B": 0}, None, {"A": (55, 1), "B": ()}), scores={})
    {'bullheads': {'A': 8, 'B': 0}, 'scores': {}, 'cards': {'A': [55, 1], 'B': []}}
    """
    data: dict = {"bullheads": entry.bullheads, **after_bullheads}
    if entry.hand is not None:
        data["hand"] = entry.hand
    if entry.cards is not None:
        data["cards"] = {name: list(cards) for name, cards in entry.cards.items()}
    return data


def dump(value: object) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False)


def entry_columns(entry: Entry) -> tuple[str, str | None, str | None]:
    """The bullheads, hand and cards columns: each part as the API and backups write it."""
    data = entry_json(entry)
    return dump(data["bullheads"]) or "{}", dump(data.get("hand")), dump(data.get("cards"))


def entry_of(row: sqlite3.Row) -> Entry:
    cards = json.loads(row["cards"]) if row["cards"] else None
    return Entry(
        json.loads(row["bullheads"]),
        json.loads(row["hand"]) if row["hand"] else None,
        None if cards is None else {n: tuple(c) for n, c in cards.items()},
    )


def settings_of_row(row: sqlite3.Row) -> Settings:
    return Settings(
        tuple(json.loads(row["players"])),
        row["threshold"],
        row["fixed_deals"],
        bool(row["virgin_doubling"]),
        GameVariant(row["variant"]),
        rows=row["rows"],
        takes_at=row["takes_at"],
        hand_size=row["hand_size"],
    )


# --- Reading and writing games ---


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def replay(settings: Settings, events: tuple[StoredEvent, ...]) -> GameState:
    return replay_log(settings, [Event(e.kind, e.number, e.entry) for e in events])


def _row(db: sqlite3.Connection, token: object) -> sqlite3.Row | None:
    query = "SELECT * FROM games WHERE token = ?"
    return db.execute(query, (token,)).fetchone() if isinstance(token, str) else None


def _game(db: sqlite3.Connection, row: sqlite3.Row) -> Game:
    events = tuple(
        StoredEvent(EventKind(e["kind"]), e["number"], entry_of(e), e["client_id"],
                    e["created_at"])
        for e in db.execute(
            "SELECT * FROM game_events WHERE game_id = ? ORDER BY id", (row["id"],)
        )
    )
    settings = settings_of_row(row)
    return Game(row["token"], row["created_at"], notes.worded(row["note"], row["note_code"]),
                settings, events,
                replay(settings, events), row["client_id"], row["series"], row["id"],
                row["view_token"])


def load(db: sqlite3.Connection, token: str) -> Game | None:
    """The game with this token, replayed (its log is bounded by the engine's limits)."""
    row = _row(db, token)
    return None if row is None else _game(db, row)


def load_view(db: sqlite3.Connection, view_token: str) -> Game | None:
    """The game whose view link holds ``view_token``, replayed (None: no such game)."""
    row = db.execute("SELECT * FROM games WHERE view_token = ?", (view_token,)).fetchone()
    return None if row is None else _game(db, row)


def view_mark_of(db: sqlite3.Connection, view_token: str) -> tuple[int, str] | None:
    """:func:`mark_of` for the game a view link shows."""
    return _mark(db, "view_token", view_token)


def version_of(db: sqlite3.Connection, token: str) -> int | None:
    """The game's version without reading its log: one read of its row by the token's
    index (None: no such game). What an open score sheet's "anything new?" costs."""
    row = db.execute("SELECT version FROM games WHERE token = ?", (token,)).fetchone()
    return None if row is None else int(row[0])


def mark_of(db: sqlite3.Connection, token: str) -> tuple[int, str] | None:
    """The game's version and the time of its last entry (of the game itself before
    any), as :attr:`Game.mark` has them, without reading the log: its row by the token's
    index and its last entry by the log's (None: no such game)."""
    return _mark(db, "token", token)


def _mark(db: sqlite3.Connection, column: str, value: str) -> tuple[int, str] | None:
    """:func:`mark_of` by the game's link (``token``) or its view link (``view_token``)."""
    assert column in ("token", "view_token")
    row = db.execute(
        "SELECT version, coalesce((SELECT created_at FROM game_events e WHERE e.game_id ="
        f" games.id ORDER BY e.id DESC LIMIT 1), created_at) FROM games WHERE {column} = ?",
        (value,)).fetchone()
    return None if row is None else (int(row[0]), str(row[1]))


def settings_of(db: sqlite3.Connection, token: str) -> Settings:
    """A game's settings without replaying it: enough to build a deal's entry.

    Settings never change once a game is created, so an entry built from them outside
    the write's transaction is still right inside it. Raises :class:`NoSuchGame`.
    """
    row = _row(db, token)
    if row is None:
        raise errors.NoSuchGame()
    return settings_of_row(row)


def series_games(db: sqlite3.Connection, token: str) -> list[Game]:
    """The games of ``token``'s evening, oldest first (at most :data:`MAX_SERIES`)."""
    row = _row(db, token)
    if row is None:
        return []
    first = row["series"] or row["token"]
    rows = db.execute("SELECT * FROM games WHERE token = ? OR series = ? ORDER BY id LIMIT ?",
                      (first, first, MAX_SERIES)).fetchall()
    return [_game(db, r) for r in rows]


def _insert_game(db: sqlite3.Connection, settings: Settings, note: str | CodedNote,
                 created_at: str, client_id: str | None = None, series: str | None = None,
                 digest: str | None = None) -> tuple[int, str]:
    token = new_token()
    cursor = db.execute(
        "INSERT INTO games (created_at, players, threshold, fixed_deals, virgin_doubling,"
        " variant, note, note_code, rows, takes_at, hand_size, client_id, token, series,"
        " digest, view_token) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (created_at, dump(list(settings.players)), settings.threshold,
         settings.fixed_deals, int(settings.virgin_doubling), settings.variant,
         *notes.stored(note), settings.rows, settings.takes_at, settings.hand_size,
         client_id, token, series, digest, new_token()),
    )
    row_id = int(cursor.lastrowid or 0)
    summary.save(db, row_id, replay_log(settings, []), created_at)
    return row_id, token


def _insert_event(db: sqlite3.Connection, game_id: int, event: StoredEvent) -> None:
    db.execute(
        "INSERT INTO game_events (game_id, kind, number, bullheads, hand, cards, client_id,"
        " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (game_id, event.kind, event.number, *entry_columns(event.entry), event.client_id,
         event.created_at),
    )
    db.execute("UPDATE games SET version = version + 1 WHERE id = ?", (game_id,))
    # The flag the unique index of deal numbers reads (see the migration in web/db.py):
    # a withdrawal marks the deal's row, a restore clears it on the latest row of that
    # number (the one withdrawn last, since a newer row of it would still count).
    if event.kind == EventKind.WITHDRAWAL:
        db.execute("UPDATE game_events SET withdrawn = 1 WHERE game_id = ? AND number = ?"
                   " AND kind = 'deal' AND withdrawn = 0", (game_id, event.number))
    elif event.kind == EventKind.RESTORE:
        db.execute("UPDATE game_events SET withdrawn = 0 WHERE id = (SELECT max(id) FROM"
                   " game_events WHERE game_id = ? AND number = ? AND kind = 'deal')",
                   (game_id, event.number))


def create_game(db: sqlite3.Connection, settings: Settings,
                note: str | CodedNote = "") -> str:
    """Store a new game and answer its token; a feature's note is coded
    (:mod:`.notes`)."""
    with transaction(db):
        return _insert_game(db, settings, note, now())[1]


def next_game(db: sqlite3.Connection, token: str) -> str:
    """"New game, same players": the evening's later game if one is stored, else a new one
    with ``token``'s settings, seats and note; one transaction, so two taps make one. A
    keeper may refuse it (a club event's table game: the event seats its next game)."""
    with transaction(db):
        row = _row(db, token)
        if row is None:
            raise errors.NoSuchGame()
        check_change(db, row["token"], Change.FOLLOW)  # a club event seats its own tables
        first = row["series"] or row["token"]
        later = db.execute("SELECT token FROM games WHERE series = ? AND id > ?"
                           " ORDER BY id DESC LIMIT 1", (first, row["id"])).fetchone()
        if later is not None:
            return str(later["token"])
        return _insert_game(db, settings_of_row(row), notes.of_row(row["note"], row["note_code"]),
                            now(), series=first)[1]


def start_game(db: sqlite3.Connection, settings: Settings, note: str,
               client_id: str) -> tuple[str, bool]:
    """Create the game a phone started offline, once: answers its token and whether it is new.

    The phone sends the game again until it has an answer, so the same ``client_id`` finds
    the game stored the first time; with other settings it is refused with
    :class:`ClientIdReused` (two phones that happened to pick one id, or a damaged copy).
    """
    with transaction(db):
        row = db.execute("SELECT * FROM games WHERE client_id = ?", (client_id,)).fetchone()
        if row is None:
            return _insert_game(db, settings, note, now(), client_id)[1], True
        if (settings_of_row(row), row["note"]) != (settings, note):
            raise errors.ClientIdReused(client_id=client_id)
        return str(row["token"]), False


def import_game(db: sqlite3.Connection, settings: Settings, note: str, created_at: str,
                events: list[StoredEvent], digest: str | None) -> tuple[str, bool]:
    """Store a checked backup's game, keeping its timestamps: answers its token and
    whether it is new (the same ``digest`` again answers the game it created; None
    stores a new game each time, as a copy of a club event needs its own games)."""
    with transaction(db):
        row = db.execute("SELECT token FROM games WHERE digest = ?", (digest,)).fetchone()
        if row is not None:
            return str(row["token"]), False
        row_id, token = _insert_game(db, settings, note, created_at, digest=digest)
        for event in events:
            _insert_event(db, row_id, event)
        stored = tuple(events)
        summary.save(db, row_id, replay(settings, stored),
                     stored[-1].created_at if stored else created_at)
        return token, True


def delete_game(db: sqlite3.Connection, token: str) -> bool:
    with transaction(db):
        row = _row(db, token)
        if row is None:
            return False
        check_change(db, row["token"], Change.DELETE)
        summary.forget(db, row["id"])
        return db.execute("DELETE FROM games WHERE id = ?", (row["id"],)).rowcount > 0


def summarize_stale(db: sqlite3.Connection, batch: int = 200) -> None:
    """Store the state of games kept before states were stored (found by a partial index,
    so this costs one empty lookup once they are done; saving twice changes nothing).
    Runs when the database is first opened, after its migrations (``db.after_migrations``),
    so no page writes it."""
    stale = "SELECT * FROM games WHERE updated_at IS NULL LIMIT ?"
    while db.execute(stale, (1,)).fetchone() is not None:
        with transaction(db):  # read again inside: another request may have done them
            for game in (_game(db, row) for row in db.execute(stale, (batch,)).fetchall()):
                summary.save(db, game.row_id, game.state,
                             game.events[-1].created_at if game.events else game.created_at)


def _retried(game: Game, kind: EventKind, number: int | None, entry: Entry | None,
             client_id: str) -> bool:
    """True when ``client_id`` was stored with this very change (a retry after a lost
    answer); raises :class:`ClientIdReused` when it was stored with another one.

    ``entry`` None compares the kind and number only: a withdrawal or restore carries
    the value the server took from the game, not one the phone sent.
    """
    for event in game.events:
        if event.client_id == client_id:
            wanted = event.number if number is None else number
            same = (event.kind, event.number) == (kind, wanted)
            if same and (entry is None or entry == event.entry):
                return True
            raise errors.ClientIdReused(client_id=client_id)
    return False


def _check_base(game: Game, number: int, base: int | None) -> None:
    """Refuses a change of deal ``number`` made on version ``base`` when an entry after
    it changed that deal, or when the game never had that version (a phone ahead of the
    server: a database put back from an older copy). ``base`` None: no check, the last
    writer wins (clients that send none)."""
    if base is None:
        return
    changed = base > game.version or any(
        event.number == number for event in game.events[base:])
    if changed:
        raise DealChangedMeanwhile(number=number, base=base, version=game.version)


def _append(db: sqlite3.Connection, game: Game, event: StoredEvent) -> Game:
    """Append ``event`` and store the state after it; inside the caller's transaction.

    ``game`` was replayed in this transaction, so the state after the event is that
    state advanced by it (:func:`~scorekeeper.engine.game.advance`), not a second replay.
    """
    if len(game.events) >= limits.MAX_GAME_EVENTS:
        raise errors.TooManyChanges()
    _insert_event(db, game.row_id, event)
    state = advance(game.state, Event(event.kind, event.number, event.entry))
    summary.save(db, game.row_id, state, event.created_at)
    for watcher in _watchers:
        watcher(db, game.id)
    return replace(game, events=(*game.events, event), state=state)


def write_deal(db: sqlite3.Connection, token: str, kind: EventKind, number: int | None,
               entry: Entry, client_id: str | None, base: int | None = None
               ) -> tuple[Game, bool]:
    """Add (``kind`` DEAL; ``number`` None takes the next) or correct deal ``number``.

    ``entry`` is built by the caller from the game's settings (:func:`settings_of`).
    Inside one transaction the stored events are read and replayed (the write's one
    replay), the write is checked against them (a retried or reused ``client_id``, a
    correction whose ``base`` is older than the deal's last change, a finished or full
    game, a taken or skipped number, a deal that does not exist), appended, and the
    game's state advanced by it and stored. Answers the game after the write and whether
    something was written (False: a retry of a stored event, answered as it stands).
    Raises :class:`NoSuchGame` or a refusal; nothing is written then.
    """
    with transaction(db):
        game = load(db, token)
        if game is None:
            raise errors.NoSuchGame()
        if client_id and _retried(game, kind, number, entry, client_id):
            return game, False
        check_change(db, game.id, Change(kind.value))
        if kind == EventKind.DEAL:
            number = check_new_deal(game.state, number)
        else:
            assert number is not None
            _check_base(game, number, base)
            check_correction(game.state, number)
        return _append(db, game, StoredEvent(kind, number, entry, client_id, now())), True


def undo(db: sqlite3.Connection, token: str, kind: EventKind, number: int,
         client_id: str | None = None, base: int | None = None) -> Game:
    """Withdraw (``kind`` WITHDRAWAL) the last deal, or restore (RESTORE) withdrawn deal
    ``number``, in one transaction: the stored events are read and replayed once, the
    change is checked against them (a retried or reused ``client_id``, a ``base`` older
    than the deal's last change, a deal that is not the last, one that cannot come back)
    and appended as one more event, carrying the value withdrawn or put back, and the
    game's state advanced by it and stored. Answers the game after the write, or as it
    stands for a retry. Raises :class:`NoSuchGame` or a refusal; nothing is written then.
    """
    with transaction(db):
        game = load(db, token)
        if game is None:
            raise errors.NoSuchGame()
        if client_id and _retried(game, kind, number, None, client_id):
            return game
        check_change(db, game.id, Change(kind.value))
        _check_base(game, number, base)
        if kind == EventKind.WITHDRAWAL:
            entry = check_withdrawal(game.state, number)
        else:
            entry = check_restore(game.state, number)
        return _append(db, game, StoredEvent(kind, number, entry, client_id, now()))
