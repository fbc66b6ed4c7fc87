"""Reading a JSON backup back in: strictly, within limits, and once.

A backup is one game as :func:`.backup.to_json` writes it, or a list of such games. Every
field must have its exact JSON type (``"threshold": "66"`` or ``"version": true`` is
refused), no object may name a key twice, every text must be storable (no lone
surrogate), and the log is checked event by event with the rules a live game follows:
numbering, the deal bounds, no deal after the end, the deal and log limits, one event
per ``client_id``. A rule of the game that refuses something is answered with its own
refusal and where it was met (:class:`BackupProblem`: the field of the settings, the
entry of the log, the game of a file of several). The digest of the normalized game,
taken with the importing phone (:func:`on_device`), lets the store answer the game a
backup created on this phone instead of storing a copy; on another phone the same file
makes a game of its own, so a file never hands over the live game of whoever imported it
first.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from datetime import datetime

from ..engine import errors
from ..engine.deal import Entry, make_entry, score_deal
from ..engine.errors import N_, RulesError
from ..engine.game import (
    DealRow,
    EventKind,
    GameState,
    check_correction,
    check_new_deal,
    check_restore,
    check_withdrawal,
    game_over,
)
from ..engine.limits import MAX_CLIENT_ID, MAX_GAME_EVENTS, MAX_NOTE
from ..engine.settings import Settings, make_settings
from ..web.errors import FileProblem
from ..web.jsonio import RepeatedKey, unique_keys
from .backup import FORMAT
from .store import StoredEvent, entry_json

#: The largest backup read: a game at the deal limit with cards and corrections fits.
MAX_BYTES = 192 * 1024
#: Games one backup may hold.
MAX_GAMES = 20
_KINDS = frozenset(kind.value for kind in EventKind)
_TIMESTAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")
#: The same, as ``datetime`` reads it: month 13, 30 February or hour 25 do not exist.
_TIMESTAMP_FORMAT = "%Y-%m-%dT%H:%M:%SZ"


class BadBackup(RulesError):
    """The family of a backup's refusals (a deal that breaks a rule of the game is
    refused with the engine's own refusal instead)."""


class NotABackup(BadBackup):
    template = N_("This is not a game file exported by this app.")


class BackupTooLarge(BadBackup):
    template = N_("This backup is larger than %(limit)s KB, more than any game needs.")
    limit: int = MAX_BYTES // 1024


class TooManyGames(BadBackup):
    template = N_("This backup holds %(count)s games; import at most %(limit)s at once.")
    count: int
    limit: int = MAX_GAMES


class BackupLogTooLong(BadBackup):
    template = N_("A game in this backup has more than %(limit)s entries, more than one game "
                  "can hold.")
    limit: int = MAX_GAME_EVENTS


class BackupIdRepeated(BadBackup):
    template = N_("Two entries of this backup carry the same id (client_id): the file was "
                  "changed or joined by hand.")


class BackupNotText(BadBackup):
    template = N_("This backup holds text that cannot be stored (a broken character).")


class BackupFieldType(BadBackup):
    template = N_("In this backup, “%(field)s” does not have the expected type.")
    field: str


class BackupNotATime(BadBackup):
    """A timestamp of the right shape that names no moment (month 13, 30 February)."""

    template = N_("In this backup, “%(field)s” is %(value)s, a moment that does not exist "
                  "in the calendar.")
    field: str
    value: str


class BackupProblem(FileProblem):
    """A rule of the game refused something of a backup: the rule's own refusal, with
    where in the file (``place``: ``field``, ``line`` of the log, ``game``)."""

    template = N_("In this backup, %(place)s: %(problem)s")


#: The field of a game's settings each settings refusal is about.
_SETTINGS_FIELDS: dict[type[RulesError], str] = {
    errors.PlayerCount: "players", errors.BadPlayerName: "players",
    errors.DuplicatePlayer: "players", errors.NameHiddenCharacter: "players",
    errors.NameNotVisible: "players", errors.BadThreshold: "threshold",
    errors.BadFixedDeals: "fixed_deals", errors.UnknownGameVariant: "variant",
    errors.BadRowCount: "rows", errors.BadTakesAt: "takes_at",
    errors.BadHandSize: "hand_size", errors.DeckTooSmall: "hand_size",
}


@dataclass(frozen=True)
class Backup:
    """One game of a backup, checked: what :func:`.store.import_game` stores."""

    settings: Settings
    note: str
    created_at: str
    events: list[StoredEvent]
    digest: str
    ended: bool = False
    """The game reached its end at some moment of its log (it may have been re-opened
    since by a correction or a withdrawal)."""


def storable(value: object) -> bool:
    """Whether every text in ``value`` (keys too) can be written as UTF-8: JSON's
    ``"\\ud800"`` is a lone surrogate, which no database or page can hold."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True
    if isinstance(value, dict):
        return all(storable(k) and storable(v) for k, v in value.items())
    if isinstance(value, list):
        return all(storable(v) for v in value)
    return True


def is_client_id(value: object) -> bool:
    """Whether ``value`` may be a ``client_id``: text of 1 to ``MAX_CLIENT_ID``
    characters, each one printable (no control or format character: the id is shown in
    the game's JSON and its history to whoever holds the link).

    >>> [is_client_id(v) for v in ("3f2a-1", "a\\x00b", "", 7, "x" * 101)]
    [True, False, False, False, False]
    """
    return isinstance(value, str) and 0 < len(value) <= MAX_CLIENT_ID and value.isprintable()


def read(raw: bytes | str) -> list[Backup]:
    """Every game of a backup file, checked; raises :class:`BadBackup` or a
    refusal (a deal that breaks a rule of the game)."""
    size = len(raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw)
    if size > MAX_BYTES:
        raise BackupTooLarge()
    try:
        data = json.loads(raw, object_pairs_hook=unique_keys)
    except RepeatedKey:
        raise
    except (ValueError, RecursionError):
        raise NotABackup() from None
    if not storable(data):
        raise BackupNotText()
    games = data if isinstance(data, list) else [data]
    if not games:
        raise NotABackup()
    if len(games) > MAX_GAMES:
        raise TooManyGames(count=len(games))
    return [_numbered(number, item, len(games) > 1) for number, item in enumerate(games, 1)]


def _numbered(number: int, item: object, several: bool) -> Backup:
    """Game ``number`` of the file, a refusal saying which game when there are several."""
    try:
        return game(item)
    except BackupProblem as exc:
        if not several:
            raise
        assert isinstance(exc.place, dict)
        raise BackupProblem(place={"game": number, **exc.place}, problem=exc.problem) from None


def is_timestamp(value: object) -> bool:
    """Whether ``value`` is a UTC timestamp as the app writes it, ``2026-11-25T18:52:30Z``
    (its shape only)."""
    return isinstance(value, str) and _TIMESTAMP.fullmatch(value) is not None


def is_moment(value: str) -> bool:
    """Whether a timestamp of that shape names a moment of the calendar (no month 13, no
    30 February, no hour 25)."""
    try:
        datetime.strptime(value, _TIMESTAMP_FORMAT)
    except ValueError:
        return False
    return True


def _whole(data: dict, field: str, default: object = None, optional: bool = True) -> object:
    """``data[field]`` when it is a JSON whole number (or null where ``optional``)."""
    value = data.get(field, default)
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise BackupFieldType(field=field)
    return value


def _stamp(value: object) -> str:
    """A UTC timestamp as the app writes it, ``2026-11-25T18:52:30Z``, naming a moment that
    exists."""
    if not is_timestamp(value):
        raise BackupFieldType(field="created_at")
    assert isinstance(value, str)
    if not is_moment(value):
        raise BackupNotATime(field="created_at", value=value)
    return value


def _numbers(values: object, field: str, lists: bool = False) -> None:
    """Per-player values must be JSON whole numbers (or lists of them, for cards)."""
    if values is None:
        return
    if not isinstance(values, dict):
        raise BackupFieldType(field=field)
    for value in values.values():
        items = value if lists and isinstance(value, list) else [value]
        if lists and not isinstance(value, list):
            raise BackupFieldType(field=field)
        for item in items:
            if isinstance(item, bool) or not isinstance(item, int):
                raise BackupFieldType(field=field)


def _settings(data: dict) -> Settings:
    if data.get("format") != FORMAT:
        raise NotABackup()
    if _whole(data, "version", optional=False) != 1:
        raise NotABackup()
    players, variant = data.get("players"), data.get("variant", "basic")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise BackupFieldType(field="players")
    if not isinstance(variant, str):
        raise BackupFieldType(field="variant")
    virgin = data.get("virgin_doubling", False)
    if not isinstance(virgin, bool):
        raise BackupFieldType(field="virgin_doubling")
    # A backup made before games had shapes holds none: it was the booklet's game.
    threshold, fixed_deals = _whole(data, "threshold"), _whole(data, "fixed_deals")
    rows, takes_at = _whole(data, "rows", 4, False), _whole(data, "takes_at", 6, False)
    hand_size = _whole(data, "hand_size", 10, False)
    try:
        settings = make_settings(players, threshold, fixed_deals, virgin, variant, rows=rows,
                                 takes_at=takes_at, hand_size=hand_size)
    except RulesError as exc:
        field = _SETTINGS_FIELDS.get(type(exc), "players")
        raise BackupProblem(place={"field": field}, problem=exc) from None
    if list(settings.players) != players:
        raise NotABackup()
    return settings


def _event(settings: Settings, item: object) -> StoredEvent:
    if not isinstance(item, dict) or not isinstance(item.get("kind"), str):
        raise NotABackup()
    if item["kind"] not in _KINDS:
        raise NotABackup()
    number, client_id = _whole(item, "number", optional=False), item.get("client_id")
    if not isinstance(number, int) or number < 1:
        raise errors.BadDealNumber()
    if client_id is not None and not is_client_id(client_id):
        raise BackupFieldType(field="client_id")
    _numbers(item.get("bullheads"), "bullheads")
    _numbers(item.get("hand"), "hand")
    _numbers(item.get("cards"), "cards", lists=True)
    if item.get("cards") is not None:
        entry = make_entry(settings, cards=item["cards"], hand=item.get("hand"))
        if entry.bullheads != item.get("bullheads"):
            raise NotABackup()
    else:
        entry = make_entry(settings, item.get("bullheads"), hand=item.get("hand"))
    return StoredEvent(EventKind(item["kind"]), number, entry, client_id,
                       _stamp(item.get("created_at")))


def _located_event(settings: Settings, line: int, item: object) -> StoredEvent:
    """Entry ``line`` of the log; a rule's refusal of its deal names the entry."""
    try:
        return _event(settings, item)
    except BadBackup:
        raise
    except RulesError as exc:
        raise BackupProblem(place={"line": line}, problem=exc) from None


def _check_log(settings: Settings, events: list[StoredEvent]) -> bool:
    """Each event checked by the engine's own checks against the game as it stood, as a
    live game checks it; a refusal names the entry of the log it was met at. The state is
    kept up to date event by event (each deal scored once), so a long log costs no more
    than reading it. Answers whether the game reached its end at some moment."""
    log = _Log(settings)
    for line, event in enumerate(events, 1):
        try:
            log.check(event)
        except BadBackup:
            raise
        except RulesError as exc:
            raise BackupProblem(place={"line": line}, problem=exc) from None
    return log.ended


class _Log:
    """A game's deals as its log is read: the rows, the deals withdrawn and the totals."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.rows: list[DealRow] = []
        self.withdrawn: dict[int, Entry] = {}
        self.totals = dict.fromkeys(settings.players, 0)
        self.ended = False

    def count(self, entry: Entry, sign: int) -> None:
        for name, score in score_deal(self.settings, entry).items():
            self.totals[name] += sign * score

    def check(self, event: StoredEvent) -> None:
        """Check ``event`` against the game as it stands, then take it in."""
        rows, settings = self.rows, self.settings
        state = GameState(settings, tuple(rows), self.totals,
                          game_over(settings, len(rows), self.totals), (), (), self.withdrawn)
        number, entry = event.number, event.entry
        if event.kind == EventKind.DEAL:
            check_new_deal(state, number)
            rows.append(DealRow(number, entry, {}, {}, 0))
        elif event.kind == EventKind.CORRECTION:
            check_correction(state, number)
            self.count(rows[number - 1].entry, -1)
            rows[number - 1] = DealRow(number, entry, {}, {}, 0)
        elif event.kind == EventKind.WITHDRAWAL:
            if check_withdrawal(state, number) != entry:
                raise NotABackup()
            self.withdrawn[number] = rows.pop().entry
            self.count(entry, -1)
            return
        else:
            if check_restore(state, number) != entry:
                raise NotABackup()
            rows.append(DealRow(number, entry, {}, {}, 0))
        self.count(entry, 1)
        self.ended = self.ended or game_over(settings, len(rows), self.totals)


def digest(settings: Settings, note: str, created_at: str,
           events: list[StoredEvent]) -> str:
    """A hash of the normalized game: spacing, key order and defaults do not change it."""
    s = settings
    body = [list(s.players), s.threshold, s.fixed_deals, s.virgin_doubling, str(s.variant),
            s.rows, s.takes_at, s.hand_size, note, created_at,
            [[str(e.kind), e.number, entry_json(e.entry), e.client_id, e.created_at]
             for e in events]]
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def on_device(digest: str, device: str) -> str:
    """The digest a game imported on ``device`` is found again by: the same file again on
    this phone opens the game it made; on another phone it is another game, with its own
    link (whoever is sent a file never gets the first importer's game and its link)."""
    return hashlib.sha256(f"{device}\n{digest}".encode()).hexdigest()


def game(data: object) -> Backup:
    """One game of a backup, checked."""
    if not isinstance(data, dict):
        raise NotABackup()
    settings = _settings(data)
    note, items = data.get("note", ""), data.get("events")
    if not isinstance(note, str) or len(note) > MAX_NOTE:
        raise BackupFieldType(field="note")
    if not isinstance(items, list):
        raise BackupFieldType(field="events")
    if len(items) > MAX_GAME_EVENTS:
        raise BackupLogTooLong()
    events = [_located_event(settings, line, item) for line, item in enumerate(items, 1)]
    client_ids = [e.client_id for e in events if e.client_id is not None]
    if len(client_ids) != len(set(client_ids)):
        raise BackupIdRepeated()
    ended = _check_log(settings, events)
    created_at = _stamp(data.get("created_at"))
    return Backup(settings, note, created_at, events,
                  digest(settings, note, created_at, events), ended)
