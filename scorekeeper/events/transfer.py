"""The event as one file, to carry to another server (docs/api.md, The event file).

The file holds the event whole: its name, players, rounds, seed and the games' settings,
what a championship asks of it (scoring, points, sign-off, release, knock-out; left out
by a file of an evening, meaning an evening's defaults), the joins and drop-outs, the
renames, every table of every round with its game's whole log (deals,
corrections, withdrawals and restores with their times) or the totals typed from its
paper sheet, the games the director replaced, and the history. A game is written
compactly, a log line as ``[kind, number, bullheads in seat order, time]`` (then its
``client_id`` and, for a deal entered as cards, the cards in seat order), since an
evening of many tables must fit the largest body the server reads.

Reading it back checks everything a live event and a live game would: each game's log
through the games' own backup reader (numbering, bounds, the end), each table against
the event's players and settings. The copy gets a new id and new game links, and whoever
imports it becomes its director; its standings and its next round are the original's.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime

from ..engine.errors import RulesError
from ..engine.event_options import options_of
from ..engine.limits import (
    MAX_EVENT_CHANGES,
    MAX_EVENT_NAMES,
    MAX_EVENT_PLAYERS,
    MAX_EVENT_TABLE,
    MIN_EVENT_TABLE,
)
from ..engine.names import name_key
from ..games import backup, imports
from ..games import store as games
from ..web.db import transaction
from . import checks, progress, store
from .errors import MAX_SEED, EventFileField, NotAnEventFile
from .progress import checked_totals
from .store import Event, SeatedTable

FORMAT = "6nimmt-scorekeeper-event"
VERSION = 1
_TIMESTAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")


def _game(game: games.Game | None) -> dict | None:
    """One game, compactly: its note, creation time and log."""
    if game is None:
        return None
    players = game.settings.players
    log = []
    for event in game.events:
        line: list[object] = [str(event.kind), event.number,
                              [event.entry.bullheads[p] for p in players], event.created_at]
        if event.client_id is not None or event.entry.cards is not None:
            line.append(event.client_id)
        if event.entry.cards is not None:
            line.append([list(event.entry.cards[p]) for p in players])
        log.append(line)
    return {"created_at": game.created_at, "note": game.note, "log": log}


def _signed(signed: dict | None) -> dict | None:
    """A table's sign as the file keeps it: when, by whom (``table`` or ``director``)."""
    return None if signed is None else {"at": signed["at"], "by": signed["by"],
                                        "device": signed.get("device")}


def event_file(db: sqlite3.Connection, event: Event) -> dict:
    """The whole event as the file holds it; beside the games, what they make (each
    finished table's totals as the event counts them, and the standings), so a season
    taking the file can replay it and see that it adds up (``events/replay.py``)."""
    def load(token: object) -> games.Game | None:
        return games.load(db, str(token))

    state = progress.progress(db, event)
    totals = {(t.seat.round, t.seat.number): t.totals if t.finished else None
              for t in state.tables}
    return {
        "format": FORMAT, "version": VERSION,
        "exported_at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "name": event.name, "created_at": event.created_at, "players": list(event.entered),
        "rounds": event.rounds, "seed": event.seed, "threshold": event.threshold,
        "fixed_deals": event.fixed_deals, "virgin_doubling": event.virgin_doubling,
        **event.options.as_json(),
        "changes": [{"kind": c.kind, "player": c.player, "from_round": c.from_round,
                     "created_at": c.created_at} for c in event.changes],
        "numbers": event.numbers,
        "renames": [{"from": r.from_name, "to": r.to_name, "at": r.at}
                    for r in event.renames],
        "tables": [{"round": t.round, "table": t.number, "players": list(t.players),
                    "reopened": t.reopened, "paper": t.paper, "signed": _signed(t.signed),
                    "game": _game(load(t.game)), "totals": totals[t.round, t.number]}
                   for t in event.tables],
        "standings": progress.standing_rows(state.standings),
        "replaced": [{"round": old.round, "table": old.number, "replaced_at": old.replaced_at,
                      "game": _game(load(old.game))} for old in event.old_games],
        "history": [{"at": act.at, "device": act.device, "act": act.act,
                     "detail": act.detail} for act in reversed(store.history(db, event.id))],
    }


# --- Reading a file back -----------------------------------------------------------------


def _field(data: dict, name: str, kind: type | tuple[type, ...], optional: bool = False):
    value = data.get(name)
    if value is None and optional:
        return None
    if isinstance(value, bool) and kind is not bool:
        raise EventFileField(field=name)
    if not isinstance(value, kind):
        raise EventFileField(field=name)
    return value


def _stamp(value: object, field: str) -> str:
    if not isinstance(value, str) or not _TIMESTAMP.fullmatch(value):
        raise EventFileField(field=field)
    return value


def _backup(event: Event, players: list[str], data: object, field: str) -> imports.Backup:
    """A table's game from the file, as the games' backup reader checks a game."""
    if not isinstance(data, dict) or not isinstance(data.get("log"), list):
        raise EventFileField(field=field)
    settings = event.settings_for(players)
    events = []
    for line in data["log"]:
        if not isinstance(line, list) or not 4 <= len(line) <= 6:
            raise EventFileField(field=field)
        values = line[2]
        if not isinstance(values, list) or len(values) != len(players):
            raise EventFileField(field=field)
        item = {"kind": line[0], "number": line[1], "created_at": line[3],
                "bullheads": dict(zip(settings.players, values, strict=True)),
                "client_id": line[4] if len(line) > 4 else None}
        if len(line) == 6:
            if not isinstance(line[5], list) or len(line[5]) != len(players):
                raise EventFileField(field=field)
            item["cards"] = dict(zip(settings.players, line[5], strict=True))
        events.append(item)
    game = {"format": backup.FORMAT, "version": 1, "created_at": data.get("created_at"),
            "players": list(settings.players), "threshold": settings.threshold,
            "fixed_deals": settings.fixed_deals, "virgin_doubling": settings.virgin_doubling,
            "variant": str(settings.variant), "rows": settings.rows,
            "takes_at": settings.takes_at, "hand_size": settings.hand_size,
            "note": data.get("note", ""), "events": events}
    try:
        return imports.game(game)
    except RulesError:
        raise EventFileField(field=field) from None


def _read_signed(item: object, field: str) -> dict | None:
    if item is None:
        return None
    if not isinstance(item, dict) or item.get("by") not in ("table", "director"):
        raise EventFileField(field=field)
    device = item.get("device")
    if device is not None and (isinstance(device, bool) or not isinstance(device, int)):
        raise EventFileField(field=field)
    return {"at": _stamp(item.get("at"), field), "by": item["by"], "device": device,
            "client_id": None}


def _tables(event: Event, items: object) -> list[tuple[SeatedTable, imports.Backup]]:
    """Every table of the file, round by round from 1 and numbered from 1 in each, each
    seating players of the event once per round."""
    if not isinstance(items, list):
        raise EventFileField(field="tables")
    known = {name_key(p): p for p in event.players}
    tables: list[tuple[SeatedTable, imports.Backup]] = []
    seated: set[str] = set()
    for index, item in enumerate(items):
        field = f"tables[{index}]"
        if not isinstance(item, dict):
            raise EventFileField(field=field)
        round_number, number = _field(item, "round", int), _field(item, "table", int)
        previous = tables[-1][0] if tables else None
        if previous is None or round_number != previous.round:
            expected = (1 if previous is None else previous.round + 1, 1)
            seated = set()
        else:
            expected = (round_number, previous.number + 1)
        if (round_number, number) != expected or round_number > event.total_rounds:
            raise EventFileField(field=field)
        players = _field(item, "players", list)
        if not MIN_EVENT_TABLE <= len(players) <= MAX_EVENT_TABLE or not all(
                isinstance(p, str) and p in known.values() for p in players):
            raise EventFileField(field=field + ".players")
        if seated & set(players) or len(set(players)) != len(players):
            raise EventFileField(field=field + ".players")
        seated |= set(players)
        seat = SeatedTable(round_number, number, tuple(players),
                           None, bool(_field(item, "reopened", bool, optional=True)),
                           signed=_read_signed(item.get("signed"), field + ".signed"))
        paper = _field(item, "paper", dict, optional=True)
        if paper is not None:
            try:
                paper = checked_totals(seat, paper)
            except RulesError:
                raise EventFileField(field=field + ".paper") from None
            seat = SeatedTable(seat.round, seat.number, seat.players, None, seat.reopened,
                               paper, seat.signed)
        game = _backup(event, players, item.get("game"), field + ".game")
        tables.append((seat, game))
    return tables


def _numbers(data: dict) -> dict[str, int]:
    """The season numbers players gave, by name (none in files from before numbers)."""
    numbers = _field(data, "numbers", dict, optional=True) or {}
    for name, number in numbers.items():
        try:
            if not isinstance(name, str) or checks.checked_number(number) is None:
                raise EventFileField(field="numbers")
        except RulesError:
            raise EventFileField(field="numbers") from None
    return dict(numbers)


def _event(data: dict) -> Event:
    """The event's own fields and its changes of players, checked as a new event's."""
    try:
        name = checks.checked_name(data.get("name"))
        entered = checks.checked_players(_field(data, "players", list))
        rounds = checks.checked_rounds(_field(data, "rounds", int))
        settings = checks.games_settings(_field(data, "threshold", int, True),
                                         _field(data, "fixed_deals", int, True),
                                         _field(data, "virgin_doubling", bool))
    except RulesError:
        raise EventFileField(field="event") from None
    try:
        options = options_of(data)
    except RulesError:
        raise EventFileField(field="options") from None
    seed = _field(data, "seed", int)
    if not 0 <= seed <= MAX_SEED:
        raise EventFileField(field="seed")
    changes = []
    items = _field(data, "changes", list)
    if len(items) > MAX_EVENT_CHANGES:
        raise EventFileField(field="changes")
    for item in items:
        if not isinstance(item, dict) or item.get("kind") not in (store.JOIN, store.DROP):
            raise EventFileField(field="changes")
        try:
            player = checks.checked_player(item.get("player"))
        except RulesError:
            raise EventFileField(field="changes") from None
        from_round = _field(item, "from_round", int)
        if not 1 <= from_round <= rounds + 1:
            raise EventFileField(field="changes")
        changes.append(store.Change(item["kind"], player, from_round,
                                    _stamp(item.get("created_at"), "changes")))
    renames = []
    for item in _field(data, "renames", list, optional=True) or []:
        if not isinstance(item, dict) or len(renames) >= MAX_EVENT_CHANGES:
            raise EventFileField(field="renames")
        try:
            names = (checks.checked_player(item.get("from")),
                     checks.checked_player(item.get("to")))
        except RulesError:
            raise EventFileField(field="renames") from None
        renames.append(store.Rename(*names, _stamp(item.get("at"), "renames")))
    event = Event("", _stamp(data.get("created_at"), "created_at"), name, tuple(entered),
                  rounds, seed, settings.threshold, settings.fixed_deals,
                  settings.virgin_doubling, (), tuple(changes), numbers=_numbers(data),
                  options=options, renames=tuple(renames))
    if len(event.players) > MAX_EVENT_NAMES or len(event.active) > MAX_EVENT_PLAYERS:
        raise EventFileField(field="changes")
    return event


#: What a file holds once read and checked: the event, its tables with their games, and
#: the replaced games (round, table, when, game).
Contents = tuple[Event, list[tuple[SeatedTable, imports.Backup]],
                 list[tuple[int, int, str, imports.Backup]]]


def read(data: object) -> Contents:
    """The checked contents of an event file: the event, its tables with their games, and
    the replaced games (round, table, when, game)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise NotAnEventFile()
    if data.get("version") != VERSION or isinstance(data.get("version"), bool):
        raise NotAnEventFile()
    event = _event(data)
    tables = _tables(event, data.get("tables", []))
    places = {(seat.round, seat.number): seat.players for seat, _game in tables}
    replaced = []
    for index, item in enumerate(_field(data, "replaced", list, optional=True) or []):
        field = f"replaced[{index}]"
        if not isinstance(item, dict):
            raise EventFileField(field=field)
        place = (_field(item, "round", int), _field(item, "table", int))
        if place not in places:
            raise EventFileField(field=field)
        replaced.append((*place, _stamp(item.get("replaced_at"), field),
                         _backup(event, list(places[place]), item.get("game"),
                                 field + ".game")))
    return event, tables, replaced


def _store_game(db: sqlite3.Connection, game: imports.Backup) -> str:
    return games.import_game(db, game.settings, game.note, game.created_at, game.events,
                             None)[0]


def import_event(db: sqlite3.Connection, data: object, director_hash: str,
                 device: str, then: Callable[[sqlite3.Connection, str], None] | None = None,
                 contents: Contents | None = None) -> str:
    """Store the event of a file as a new event (new id, new game links) whose director
    holds ``director_hash``'s key; answers its id.

    Each game is stored first, in a short transaction of its own (the write lock is held
    a game at a time, never for the whole file, so a phone's deal meanwhile waits for one
    game at most); then the event with its tables in one transaction, in which
    ``then(db, event id)`` runs once the event is stored, before its history's line (a
    season records it there). If that one fails, the games stored for it are deleted
    again: nothing of a refused file stays. ``contents``: the file as :func:`read` read
    it already (it is not read twice)."""
    event, tables, replaced = read(data) if contents is None else contents
    old_tokens = [_store_game(db, game) for *_place, game in replaced]
    tokens = [_store_game(db, game) for _seat, game in tables]
    try:
        with transaction(db):
            event_id = store.create_event(db, event.name, list(event.entered), event.rounds,
                                          event.seed, event.settings_for(event.entered[:3]),
                                          director_hash, event.created_at, event.numbers,
                                          event.options)
            for rename in event.renames:
                db.execute("INSERT INTO event_renames (event_id, from_name, to_name, at)"
                           " VALUES (?, ?, ?, ?)",
                           (event_id, rename.from_name, rename.to_name, rename.at))
            for change in event.changes:
                db.execute("INSERT INTO event_changes (event_id, kind, player, from_round,"
                           " created_at) VALUES (?, ?, ?, ?, ?)",
                           (event_id, change.kind, change.player, change.from_round,
                            change.created_at))
            for (round_number, number, replaced_at, _game), token in zip(
                    replaced, old_tokens, strict=True):
                db.execute("INSERT INTO event_old_games (game, event_id, round, number,"
                           " replaced_at) VALUES (?, ?, ?, ?, ?)",
                           (token, event_id, round_number, number, replaced_at))
            for (seat, _game), token in zip(tables, tokens, strict=True):
                db.execute("INSERT INTO event_tables (event_id, round, number, players,"
                           " game, reopened, paper, signed) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                           (event_id, seat.round, seat.number,
                            store._dump(list(seat.players)), token, int(seat.reopened),
                            None if seat.paper is None else store._dump(seat.paper),
                            None if seat.signed is None else store._dump(seat.signed)))
            if then is not None:
                then(db, event_id)
            store.log(db, event_id, device, "import", exported=data.get("exported_at")
                      if isinstance(data, dict) else None)
    except BaseException:
        for token in (*old_tokens, *tokens):
            games.delete_game(db, token)
        raise
    return event_id
