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

Reading it back refuses any file a live event could not have written, naming what and
where: every field as the app writes it (no other field, no text with a control
character, timestamps of the calendar, whole numbers as JSON numbers), the players, the
changes of players replayed as the live event took them, each round seating exactly the
players in the event then at the tables the app makes (round 1 as the seed draws it),
each game's log through the games' own backup reader (numbering, bounds, the end), every
game before the last round ended, paper totals a game could end with. A live check's own
refusal comes with its place in the file (:class:`EventFileProblem`).

Storing it never holds the database's write lock for long (docs/api.md, Imports never
stall the tables): the games are stored in short transactions, each given way to any
other write waiting, and the event that names them is stored last, in one short
transaction, so it is seen whole or not at all. The copy gets a new id and new game
links, and whoever imports it becomes its director; its standings and its next round are
the original's.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, TypeVar

from ..engine.errors import (
    EventPlayerCount,
    EventTableSize,
    EventUnknownPlayer,
    NameRepeated,
    RulesError,
)
from ..engine.event_options import options_of
from ..engine.knockout import KNOCKOUT_TABLE
from ..engine.limits import (
    MAX_EVENT_CHANGES,
    MAX_EVENT_NAMES,
    MAX_EVENT_PLAYERS,
    MAX_EVENT_TABLE,
    MIN_EVENT_TABLE,
)
from ..engine.names import name_key, refuse_controls
from ..engine.seating import draw_round, table_sizes
from ..games import backup, imports
from ..games import store as games
from ..web import db as database
from ..web.db import transaction
from . import checks, progress, store
from .errors import (
    MAX_SEED,
    BadSeed,
    EventChangesFull,
    EventFileField,
    EventFileMissesPlayer,
    EventFileNoEnd,
    EventFileNotATime,
    EventFileNotTheDraw,
    EventFileProblem,
    EventFileRoundUnfinished,
    EventFileSeatedTwice,
    EventFileSeatsAbsent,
    EventFileTableSizes,
    EventFileUnknownField,
    EventFull,
    NotAnEventFile,
    PlayerAlreadyOut,
)
from .progress import checked_totals
from .store import Event, SeatedTable

FORMAT = "6nimmt-scorekeeper-event"
VERSION = 1
T = TypeVar("T")

#: The fields of an event file and of its parts, as :func:`event_file` writes them: any
#: other is refused (``EventFileUnknownField``). Optional ones may be left out.
FIELDS = frozenset({"format", "version", "exported_at", "name", "created_at", "players",
                    "rounds", "seed", "threshold", "fixed_deals", "virgin_doubling",
                    "changes", "tables", "replaced", "history", "scoring", "points",
                    "sign_off", "release", "knockout", "renames", "numbers", "standings"})
#: ``numbers`` (season numbers) and ``standings`` and a table's ``totals`` (what the games
#: make, for a season's replay: ``events/replay.py``) are left out by older files.
OPTIONAL = frozenset({"replaced", "history", "scoring", "points", "sign_off", "release",
                      "knockout", "renames", "numbers", "standings"})
CHANGE_FIELDS = frozenset({"kind", "player", "from_round", "created_at"})
TABLE_FIELDS = frozenset({"round", "table", "players", "reopened", "paper", "signed",
                          "game", "totals"})
TABLE_OPTIONAL = frozenset({"reopened", "paper", "signed", "totals"})
RENAME_FIELDS = frozenset({"from", "to", "at"})
SIGNED_FIELDS = frozenset({"at", "by", "device"})
REPLACED_FIELDS = frozenset({"round", "table", "replaced_at", "game"})
GAME_FIELDS = frozenset({"created_at", "note", "log"})
#: The longest a batch of an import's games holds the write lock before it lets others
#: write (seconds); docs/api.md promises never more than 0.2 s.
BATCH_SECONDS = 0.02


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


def _at(place: dict[str, Any], check: Callable[[], T]) -> T:
    """``check()``, a live check's refusal answered with its place in the file."""
    try:
        return check()
    except (EventFileProblem, EventFileField, EventFileUnknownField, EventFileNotATime):
        raise
    except imports.BackupProblem as exc:
        assert isinstance(exc.place, dict)
        raise EventFileProblem(place={**place, **exc.place}, problem=exc.problem) from None
    except RulesError as exc:
        raise EventFileProblem(place=place, problem=exc) from None


def _fields(data: object, allowed: frozenset[str], optional: frozenset[str],
            where: str) -> dict[str, Any]:
    """``data`` as an object holding every field of ``allowed`` but the ``optional`` ones,
    and no other."""
    if not isinstance(data, dict):
        raise EventFileField(field=where or "event")
    prefix = f"{where}." if where else ""
    for name in data:
        if name not in allowed:
            raise EventFileUnknownField(field=prefix + name)
    for name in sorted(allowed - optional):
        if name not in data:
            raise EventFileField(field=prefix + name)
    return data


def _of(data: dict[str, Any], name: str, kind: type | tuple[type, ...], where: str = "",
        optional: bool = False) -> Any:
    """``data[name]`` when it is JSON of ``kind`` (a bool is no whole number), or None
    where ``optional``."""
    value = data.get(name)
    if value is None and optional:
        return None
    if isinstance(value, bool) and kind is not bool or not isinstance(value, kind):
        raise EventFileField(field=f"{where}.{name}" if where else name)
    return value


def _stamp(value: object, field: str) -> str:
    """A timestamp as the app writes it, naming a moment of the calendar."""
    if not imports.is_timestamp(value):
        raise EventFileField(field=field)
    assert isinstance(value, str)
    if not imports.is_moment(value):
        raise EventFileNotATime(field=field, value=value)
    return value


def _text(value: object, field: str) -> str:
    """A name or a note: text without a control character (the app keeps none)."""
    if not isinstance(value, str):
        raise EventFileField(field=field)
    _at({"field": field}, lambda: refuse_controls(value))
    return value


def _event(data: dict[str, Any]) -> Event:
    """The event's own fields, checked as a new event's, each refusal naming its field;
    its changes of players come next (:func:`_changes`)."""
    _fields(data, FIELDS, OPTIONAL, "")
    name = _at({"field": "name"}, lambda: checks.checked_name(_text(data["name"], "name")))
    players = _of(data, "players", list)
    for index, player in enumerate(players):
        _text(player, f"players[{index}]")
    entered = _at({"field": "players"}, lambda: checks.checked_players(players))
    rounds = _at({"field": "rounds"}, lambda: checks.checked_rounds(_of(data, "rounds", int)))
    threshold = _of(data, "threshold", int, optional=True)
    fixed_deals = _of(data, "fixed_deals", int, optional=True)
    if threshold is None and fixed_deals is None:
        raise EventFileNoEnd()
    virgin = _of(data, "virgin_doubling", bool)
    settings = _at({"field": "fixed_deals" if fixed_deals is not None else "threshold"},
                   lambda: checks.games_settings(threshold, fixed_deals, virgin))
    seed = _of(data, "seed", int)
    if not 0 <= seed <= MAX_SEED:
        raise EventFileProblem(place={"field": "seed"}, problem=BadSeed(value=seed))
    _stamp(data["exported_at"], "exported_at")
    if not isinstance(data.get("history", []), list):
        raise EventFileField(field="history")
    options = _at({"field": "options"}, lambda: options_of(data))
    return Event("", _stamp(data["created_at"], "created_at"), name, tuple(entered), rounds,
                 seed, settings.threshold, settings.fixed_deals, settings.virgin_doubling,
                 (), (), options=options, renames=_renames(data.get("renames")),
                 numbers=_numbers(data))


def _renames(items: object) -> tuple[store.Rename, ...]:
    """The director's renames of players, in order."""
    if items is None:
        return ()
    if not isinstance(items, list):
        raise EventFileField(field="renames")
    if len(items) > MAX_EVENT_CHANGES:
        raise EventFileField(field="renames")
    renames = []
    for index, item in enumerate(items):
        where = f"renames[{index}]"
        item = _fields(item, RENAME_FIELDS, frozenset(), where)
        names = []
        for key in ("from", "to"):
            typed = _text(item[key], f"{where}.{key}")
            names.append(_at({"field": f"{where}.{key}"},
                             lambda typed=typed: checks.checked_player(typed)))
        renames.append(store.Rename(names[0], names[1], _stamp(item["at"], f"{where}.at")))
    return tuple(renames)


def _read_signed(item: object, where: str) -> dict | None:
    """A table's sign: when, by the table or the director, and the director's device."""
    if item is None:
        return None
    item = _fields(item, SIGNED_FIELDS, frozenset({"device"}), where)
    if item["by"] not in ("table", "director"):
        raise EventFileField(field=f"{where}.by")
    device = _of(item, "device", int, where, optional=True)
    return {"at": _stamp(item["at"], f"{where}.at"), "by": item["by"], "device": device,
            "client_id": None}


class _Players:
    """Who is in the event as its changes of players are replayed, as the live event took
    them (``Event.check_join`` and ``check_drop``): names by their key."""

    def __init__(self, entered: tuple[str, ...]) -> None:
        self.names = {name_key(p): p for p in entered}
        self.active = dict.fromkeys(entered)

    def join(self, player: str) -> str:
        key = name_key(player)
        known = self.names.get(key)
        if known is not None and known in self.active:
            raise NameRepeated(player=player)
        if len(self.active) + 1 > MAX_EVENT_PLAYERS:
            raise EventPlayerCount(count=len(self.active) + 1)
        if known is None and len(self.names) >= MAX_EVENT_NAMES:
            raise EventFull()
        stored = known or player
        self.names[key] = stored
        self.active[stored] = None
        return stored

    def drop(self, player: str) -> str:
        known = self.names.get(name_key(player))
        if known is None:
            raise EventUnknownPlayer(player=player)
        if known not in self.active:
            raise PlayerAlreadyOut(player=known)
        del self.active[known]
        return known


def _changes(event: Event, items: object) -> tuple[store.Change, ...]:
    """The joins and drop-outs, in the order they were made: each from a round no earlier
    than the one before, and each possible when it was made."""
    if not isinstance(items, list):
        raise EventFileField(field="changes")
    if len(items) > MAX_EVENT_CHANGES:
        raise EventFileProblem(place={"field": "changes"}, problem=EventChangesFull())
    players, changes, earliest = _Players(event.entered), [], 1
    for index, item in enumerate(items):
        where = f"changes[{index}]"
        item = _fields(item, CHANGE_FIELDS, frozenset(), where)
        kind = item["kind"]
        if kind not in (store.JOIN, store.DROP):
            raise EventFileField(field=f"{where}.kind")
        typed = _text(item["player"], f"{where}.player")
        place = {"change": index + 1}
        player = _at(place, lambda typed=typed: checks.checked_player(typed))
        from_round = _of(item, "from_round", int, where)
        # a player may leave before the knock-out is seated (who leaves is not in it)
        last = event.rounds + (1 if event.options.knockout is not None else 0)
        if not earliest <= from_round <= last:
            raise EventFileField(field=f"{where}.from_round")
        earliest = from_round
        act = players.join if kind == store.JOIN else players.drop
        stored = _at(place, lambda act=act, player=player: act(player))
        changes.append(store.Change(kind, stored, from_round,
                                    _stamp(item["created_at"], f"{where}.created_at")))
    return tuple(changes)


def _active_at(event: Event, round_number: int) -> list[str]:
    """Who is seated in ``round_number``: the entered players with the changes made
    before it was seated, in the order the live event lists them (the draw's order)."""
    return list(Event(event.id, event.created_at, event.name, event.entered, event.rounds,
                      event.seed, event.threshold, event.fixed_deals, event.virgin_doubling,
                      (), tuple(c for c in event.changes if c.from_round <= round_number),
                      options=event.options).active)


def _backup(event: Event, players: list[str], data: object, field: str,
            place: dict[str, Any]) -> imports.Backup:
    """A table's game from the file, as the games' backup reader checks a game."""
    data = _fields(data, GAME_FIELDS, frozenset(), field)
    log = _of(data, "log", list, field)
    note = _text(data["note"], f"{field}.note")
    events = []
    for index, line in enumerate(log):
        where = f"{field}.log[{index}]"
        if not isinstance(line, list) or not 4 <= len(line) <= 6:
            raise EventFileField(field=where)
        values = line[2]
        if not isinstance(values, list) or len(values) != len(players):
            raise EventFileField(field=where)
        item = {"kind": line[0], "number": line[1], "created_at": line[3],
                "bullheads": dict(zip(players, values, strict=True)),
                "client_id": line[4] if len(line) > 4 else None}
        if len(line) == 6:
            if not isinstance(line[5], list) or len(line[5]) != len(players):
                raise EventFileField(field=where)
            item["cards"] = dict(zip(players, line[5], strict=True))
        events.append(item)
    # The event's games are the booklet's basic game with the event's end and house rule
    # (``Event.settings_for``); the backup reader makes their settings once.
    game = {"format": backup.FORMAT, "version": 1, "created_at": data["created_at"],
            "players": list(players), "threshold": event.threshold,
            "fixed_deals": event.fixed_deals, "virgin_doubling": event.virgin_doubling,
            "note": note, "events": events}
    return _at(place, lambda: imports.game(game))


def _table(event: Event, item: object, where: str) -> tuple[SeatedTable, imports.Backup]:
    """One table: its players (the event's own spellings), its paper totals (JSON whole
    numbers, totals its game could end with) and its game."""
    item = _fields(item, TABLE_FIELDS, TABLE_OPTIONAL, where)
    round_number, number = _of(item, "round", int, where), _of(item, "table", int, where)
    place = {"round": round_number, "table": number}
    players = _of(item, "players", list, where)
    known = set(event.players)
    for player in players:
        if not isinstance(player, str):
            raise EventFileField(field=f"{where}.players")
        if player not in known:
            _at(place, lambda player=player: _unknown(player))
    if not MIN_EVENT_TABLE <= len(players) <= MAX_EVENT_TABLE:
        _at(place, lambda: _bad_size(len(players)))
    if len(set(players)) != len(players):
        raise EventFileField(field=f"{where}.players")
    seat = SeatedTable(round_number, number, tuple(players), None,
                       bool(_of(item, "reopened", bool, where, optional=True)),
                       signed=_read_signed(item.get("signed"), f"{where}.signed"))
    paper = _of(item, "paper", dict, where, optional=True)
    if paper is not None:
        for value in paper.values():
            if isinstance(value, bool) or not isinstance(value, int):
                raise EventFileField(field=f"{where}.paper")
        paper = _at(place, lambda: checked_totals(event, seat, paper))
        seat = SeatedTable(seat.round, seat.number, seat.players, None, seat.reopened, paper,
                           seat.signed)
    return seat, _backup(event, players, item["game"], f"{where}.game", place)


def _unknown(player: str) -> None:
    raise EventUnknownPlayer(player=player)


def _bad_size(size: int) -> None:
    raise EventTableSize(size=size)


def _tables(event: Event, items: object) -> list[tuple[SeatedTable, imports.Backup]]:
    """Every table of the file, round by round from 1 and numbered from 1 in each; each
    round seats exactly the players in the event then (:func:`_check_round`)."""
    if not isinstance(items, list):
        raise EventFileField(field="tables")
    tables: list[tuple[SeatedTable, imports.Backup]] = []
    for index, item in enumerate(items):
        where = f"tables[{index}]"
        seat, game = _table(event, item, where)
        previous = tables[-1][0] if tables else None
        if previous is None or seat.round != previous.round:
            if previous is not None:
                _check_round(event, [t for t, _g in tables if t.round == previous.round])
            expected = (1 if previous is None else previous.round + 1, 1)
        else:
            expected = (seat.round, previous.number + 1)
        if (seat.round, seat.number) != expected or seat.round > event.total_rounds:
            raise EventFileField(field=where)
        tables.append((seat, game))
    if tables:
        last = tables[-1][0].round
        _check_round(event, [t for t, _g in tables if t.round == last])
    return tables


def _check_round(event: Event, seats: list[SeatedTable]) -> None:
    """A round seats each player in the event then once, at the tables the app makes for
    that many (round 1 exactly as the seed draws it)."""
    number = seats[0].round
    active = _active_at(event, number)
    seated: set[str] = set()
    for seat in seats:
        for player in seat.players:
            if player in seated:
                raise EventFileSeatedTwice(player=player, round=number)
            seated.add(player)
    for player in seated - set(active):
        raise EventFileSeatsAbsent(player=player, round=number)
    stage = event.knockout_round(number)
    if stage is not None:  # the knock-out seats its best, at tables of 4
        size = (event.options.knockout or 0) // KNOCKOUT_TABLE ** (stage - 1)
        sizes = sorted(len(seat.players) for seat in seats)
        expected = [KNOCKOUT_TABLE] * max(size // KNOCKOUT_TABLE, 1)
        if sizes != expected:
            raise EventFileTableSizes(round=number, players=size,
                                      sizes=", ".join(map(str, sizes)),
                                      expected=", ".join(map(str, expected)))
        return
    for player in active:
        if player not in seated:
            raise EventFileMissesPlayer(player=player, round=number)
    sizes = sorted(len(seat.players) for seat in seats)
    expected = sorted(_at({"round": number}, lambda: table_sizes(len(active))))
    if sizes != expected:
        raise EventFileTableSizes(round=number, players=len(active),
                                  sizes=", ".join(map(str, sizes)),
                                  expected=", ".join(map(str, expected)))
    if number == 1 and [list(s.players) for s in seats] != draw_round(active, event.seed):
        raise EventFileNotTheDraw()


def _replaced(event: Event, items: object, places: dict[tuple[int, int], tuple[str, ...]]
              ) -> list[tuple[int, int, str, imports.Backup]]:
    if items is None:
        return []
    if not isinstance(items, list):
        raise EventFileField(field="replaced")
    replaced = []
    for index, item in enumerate(items):
        where = f"replaced[{index}]"
        item = _fields(item, REPLACED_FIELDS, frozenset(), where)
        spot = (_of(item, "round", int, where), _of(item, "table", int, where))
        if spot not in places:
            raise EventFileField(field=where)
        place = {"round": spot[0], "table": spot[1], "replaced": True}
        replaced.append((*spot, _stamp(item["replaced_at"], f"{where}.replaced_at"),
                         _backup(event, list(places[spot]), item["game"], f"{where}.game",
                                 place)))
    return replaced


def _check_ended(tables: list[tuple[SeatedTable, imports.Backup]],
                 replaced: list[tuple[int, int, str, imports.Backup]]) -> None:
    """Every game of a round before the last one seated has ended at some moment (the
    app seats a round only then): or the table's totals came from paper, the director
    re-opened it, or a game it played before a replacement ended. The last round's
    tables are never re-opened (nothing is closed yet)."""
    if not tables:
        return
    last = tables[-1][0].round
    ended_before = {(r, t) for r, t, _at, game in replaced if game.ended}
    for index, (seat, game) in enumerate(tables):
        if seat.round == last:
            if seat.reopened:
                raise EventFileField(field=f"tables[{index}].reopened")
            continue
        if not (seat.paper is not None or seat.reopened or game.ended
                or (seat.round, seat.number) in ended_before):
            raise EventFileRoundUnfinished(round=seat.round, table=seat.number)


def _numbers(data: dict[str, Any]) -> dict[str, int]:
    """The season numbers players gave, by name (none in files from before numbers)."""
    numbers = _of(data, "numbers", dict, optional=True) or {}
    for name, number in numbers.items():
        if not isinstance(name, str):
            raise EventFileField(field="numbers")
        if _at({"field": "numbers"}, lambda number=number: checks.checked_number(number)) is None:
            raise EventFileField(field="numbers")
    return dict(numbers)


#: What a file holds once read and checked: the event, its tables with their games, and
#: the replaced games (round, table, when, game).
Contents = tuple[Event, list[tuple[SeatedTable, imports.Backup]],
                 list[tuple[int, int, str, imports.Backup]]]


def read(data: object) -> Contents:
    """The checked contents of an event file: the event, its tables with their games, and
    the replaced games (round, table, when, game). Nothing is stored."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise NotAnEventFile()
    if data.get("version") != VERSION or isinstance(data.get("version"), bool):
        raise NotAnEventFile()
    event = _event(data)
    event = Event(event.id, event.created_at, event.name, event.entered, event.rounds,
                  event.seed, event.threshold, event.fixed_deals, event.virgin_doubling,
                  (), _changes(event, data["changes"]), options=event.options,
                  renames=event.renames, numbers=event.numbers)
    tables = _tables(event, data["tables"])
    last = tables[-1][0].round if tables else 0
    for index, change in enumerate(event.changes):
        if change.from_round > last + 1:
            raise EventFileField(field=f"changes[{index}].from_round")
    places = {(seat.round, seat.number): seat.players for seat, _game in tables}
    replaced = _replaced(event, data.get("replaced"), places)
    _check_ended(tables, replaced)
    return event, tables, replaced


# --- Storing it ----------------------------------------------------------------------------


def _store_game(db: sqlite3.Connection, game: imports.Backup) -> str:
    return games.import_game(db, game.settings, game.note, game.created_at, game.events,
                             None)[0]


def _store_games(db: sqlite3.Connection, found: list[imports.Backup]) -> list[str]:
    """Every game, in batches of at most :data:`BATCH_SECONDS` each, another write
    waiting going first between two batches; none is seen by anyone (no event names them
    yet). On any failure the games stored so far are removed again."""
    tokens: list[str] = []
    try:
        while len(tokens) < len(found):
            database.let_others_write()
            with transaction(db):
                started = time.monotonic()
                while len(tokens) < len(found) and (
                        time.monotonic() - started < BATCH_SECONDS):
                    tokens.append(_store_game(db, found[len(tokens)]))
    except BaseException:
        _forget(db, tokens)
        raise
    return tokens


def _forget(db: sqlite3.Connection, tokens: list[str]) -> None:
    """Remove games an import stored before it failed, each in a short transaction."""
    for token in tokens:
        database.let_others_write()
        games.delete_game(db, token)


def import_event(db: sqlite3.Connection, data: object, director_hash: str,
                 device: str, then: Callable[[sqlite3.Connection, str], None] | None = None,
                 contents: Contents | None = None) -> str:
    """Store the event of a file as a new event (new id, new game links) whose director
    holds ``director_hash``'s key; answers its id. The whole file is checked first
    (:func:`read`: a refused file stores nothing), then its games are stored in short
    transactions (:func:`_store_games`), then the event, its changes and tables in one
    last short one: until then no page shows any of it. In that one ``then(db, event
    id)`` runs once the event is stored, before its history's line (a season records it
    there). ``contents``: the file as :func:`read` read it already (not read twice)."""
    event, tables, replaced = read(data) if contents is None else contents
    tokens = _store_games(db, [game for _r, _t, _at, game in replaced]
                          + [game for _seat, game in tables])
    old_tokens, table_tokens = tokens[:len(replaced)], tokens[len(replaced):]
    seats = [(seat.round, seat.number, store.dump(list(seat.players)), token,
              int(seat.reopened), None if seat.paper is None else store.dump(seat.paper),
              None if seat.signed is None else store.dump(seat.signed))
             for token, (seat, _game) in zip(table_tokens, tables, strict=True)]
    try:
        database.let_others_write()
        with transaction(db):
            event_id = store.create_event(
                db, event.name, list(event.entered), event.rounds, event.seed,
                event.settings_for(event.entered[:3]), director_hash, event.created_at,
                event.numbers, event.options)
            db.executemany(
                "INSERT INTO event_renames (event_id, from_name, to_name, at)"
                " VALUES (?, ?, ?, ?)", [(event_id, r.from_name, r.to_name, r.at)
                                          for r in event.renames])
            db.executemany(
                "INSERT INTO event_changes (event_id, kind, player, from_round, created_at)"
                " VALUES (?, ?, ?, ?, ?)", [(event_id, c.kind, c.player, c.from_round,
                                              c.created_at) for c in event.changes])
            db.executemany(
                "INSERT INTO event_old_games (game, event_id, round, number, replaced_at)"
                " VALUES (?, ?, ?, ?, ?)", [(token, event_id, r, t, at) for token, (
                    r, t, at, _game) in zip(old_tokens, replaced, strict=True)])
            db.executemany(
                "INSERT INTO event_tables (event_id, round, number, players, game,"
                " reopened, paper, signed) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(event_id, *seat) for seat in seats])
            if then is not None:
                then(db, event_id)
            assert isinstance(data, dict)
            store.log(db, event_id, device, "import", exported=data["exported_at"])
    except BaseException:
        _forget(db, tokens)
        raise
    return event_id
