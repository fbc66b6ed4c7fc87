"""``/api/v1/events``: club events as JSON (docs/api.md, Club events).

State-changing calls need the CSRF token in an ``X-CSRFToken`` header, as the games API
does, and every change to an event the director's key in ``X-Director-Key`` (403
without it, and nothing changes). What everyone may read (the event, its standings)
never names a table's game or the seed; sent with the key, the event answers both.
Refusals are typed errors, answered by the app's handler with their translated sentence
and status (400 bad input, 403 not the director, 404 no such event, 409 not now).
"""

from __future__ import annotations

from collections.abc import Mapping

from flask import Blueprint, has_request_context, jsonify, request, url_for
from flask_babel import gettext

from ..engine import errors
from ..engine.errors import N_
from ..engine.event_options import EVENING, EventOptions, options_of
from ..engine.limits import MAX_CLIENT_ID
from ..engine.settings import Settings
from ..games.notes import CodedNote
from ..web import device as devices
from ..web import keys, security, throttle
from ..web.db import get_db, transaction
from ..web.jsonio import BadShape, parse_json, read_json
from . import checks, director, joining, progress, season_link, store, transfer
from .errors import (
    MAX_EVENT_FILE,
    MAX_SEED,
    BadRounds,
    BadSeed,
    EventFileTooLarge,
    EventNotAnObject,
    NotInASeason,
)
from .progress import Progress, TableState, load_progress, seat_next_round
from .progress import standing_rows as rows_json
from .store import API_DEVICE, must_load

bp = Blueprint("events_api", __name__, url_prefix="/api/v1/events")


def sign_json(table: TableState) -> dict | None:
    """When and by whom the table's result was signed (``table`` or ``director``)."""
    signed = table.seat.signed
    return None if signed is None else {"at": signed["at"], "by": signed["by"],
                                        "device": signed.get("device")}


def table_json(table: TableState, directing: bool = False, withheld: bool = False) -> dict:
    """A seated table; its game's id only for the director. A ``withheld`` table (release
    by round) shows where it sits and whether it is done, not who leads or its totals."""
    data = {"table": table.seat.number, "players": list(table.seat.players),
            "finished": table.finished, "started": table.started,
            "leaders": [] if withheld else list(table.leaders),
            "reopened": table.seat.reopened,
            "paper": None if withheld else table.seat.paper}
    if table.sign_off:
        data["signed"] = sign_json(table)
        data["awaiting"] = table.awaiting
    if directing:
        data["game"] = table.seat.game
    return data


def knockout_json(state: Progress, directing: bool = False) -> list[dict]:
    """The knock-out's rounds seated so far; a table's winner once it is done (and, with
    release by round, its round has ended, unless the director asks)."""
    return [{"round": number, "tables": [
        {"table": t.state.seat.number, "players": list(t.state.seat.players),
         "winner": None if state.withheld(t.state) and not directing else t.winner}
        for t in tables]} for number, tables in state.knockout]


def standings_json(state: Progress, after: int | None = None,
                   directing: bool = False) -> dict:
    """The standings now, or as they stood once round ``after`` had ended. ``round``: the
    last round whose results the standings count (its done tables count while others
    still play: ``still_playing`` names those of the rounds counted); ``complete``: the
    last round every table of which is done. With release by round, everyone but the
    director sees only the rounds whose every table is done."""
    playing = [t.seat.number for t in state.current if not t.finished]
    if after is not None and after < state.event.round:
        shown = after if directing or not state.withholds else min(after, state.complete)
        answer = {"round": shown, "complete": shown,
                  "standings": rows_json(state.standings_after(shown)), "playing": [],
                  "still_playing": []}
    elif state.withholds and not directing:
        answer = {"round": state.complete, "complete": state.complete,
                  "standings": rows_json(state.shown_standings()), "playing": playing,
                  "still_playing": []}
    else:
        answer = {"round": state.counted, "complete": state.complete,
                  "standings": rows_json(state.standings), "playing": playing,
                  "still_playing": [{"round": t.seat.round, "table": t.seat.number}
                                    for t in state.still_open]}
    if state.event.options.knockout is not None:
        answer["knockout"] = knockout_json(state, directing)
    return answer


def event_json(state: Progress, directing: bool = False) -> dict:
    """The event as everyone may see it; with ``directing``, also its seed, its tables'
    games and the games the director replaced."""
    event = state.event
    active = set(event.active)
    data = {
        "id": event.id, "name": event.name, "players": list(event.players),
        "rounds": event.rounds, "round": event.round, "complete": state.complete,
        "finished": state.finished, "active": list(event.active),
        "dropped": [p for p in event.players if p not in active],
        "threshold": event.threshold, "fixed_deals": event.fixed_deals,
        "virgin_doubling": event.virgin_doubling, "created_at": event.created_at,
        **event.options.as_json(),
        "changes": [{"kind": c.kind, "player": c.player, "from_round": c.from_round}
                    for c in event.changes],
        "renames": [{"from": r.from_name, "to": r.to_name, "at": r.at}
                    for r in event.renames],
        "tables": [table_json(t, directing, state.withheld(t) and not directing)
                   for t in state.current],
    }
    if directing:
        data["seed"] = event.seed
        data["replaced"] = [{"round": old.round, "table": old.number, "game": old.game,
                             "replaced_at": old.replaced_at} for old in event.old_games]
    return data


def _whole_or_none(data: dict, field: str) -> object:
    value = data.get(field)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise BadShape(field=field, expected="a whole number")
    return value


def _seed(data: dict) -> int:
    """The seed sent, or a random one; the event keeps it, so its draw and lot repeat."""
    value = data.get("seed")
    if value is None:
        return checks.new_seed()
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED:
        raise BadSeed(value=value)
    return value


#: The code of a table's game's note (``games/notes.py``).
TABLE_NOTE = "event_table"


def game_note(name: str, round_number: int, table: int) -> CodedNote:
    """The note a table's game carries: its event, round and table, kept as fields and
    worded where it is read (:func:`table_note`), not in the seating director's language."""
    return CodedNote(TABLE_NOTE, {"event": name, "round": round_number, "table": table})


def table_note(**fields: object) -> str:
    """A table's game's note in the reader's language (outside a request, as a season
    writing a qualifier's file, there is no reader: in English)."""
    if not has_request_context():
        return _TABLE_NOTE % fields
    return gettext(_TABLE_NOTE, **fields)


_TABLE_NOTE = N_("%(event)s · event round %(round)s · table %(table)s")


def _directed(event_id: str) -> tuple[store.Event, str]:
    """The event, and the device of the director asking (403 without the key)."""
    event = must_load(get_db(), event_id)
    return event, director.require(event)


def created(event_id: str, key: str):
    """201 with the event as its director sees it, the key (this once) and the
    director's link."""
    answer = event_json(load_progress(get_db(), event_id), directing=True)
    answer["director_key"] = key
    answer["director_url"] = url_for("events.director", event_id=event_id, key=key,
                                     _external=True)
    return security.keep_secret(jsonify(answer)), 201


def players_of(entries: list[object], season: str | None, venue: str | None,
               kind: str | None, options: dict) -> tuple[list[str], dict[str, int],
                                                          season_link.Plan | None]:
    """A new event's players (each a name or ``{"name", "number"}``) and the season
    numbers given, by name; for an event of a season, the season's plan for it (the
    final seats the qualified players before the wild cards given here)."""
    names, given = checks.entries(entries)
    if season is None:
        if venue is not None or kind is not None:
            raise NotInASeason()
        players = checks.checked_players(names)
        return players, checks.numbers_of(players, given), None
    typed = [checks.checked_player(name) for name in names]
    plan = season_link.prepare(season_link.Asked(
        season, venue, kind, typed, checks.numbers_of(typed, given), options))
    return checks.checked_players(plan.players, plan.max_players), plan.numbers, plan


def store_new(name: str, players: list[str], rounds: int, seed: int,
              settings: Settings, numbers: dict[str, int], series: str | None,
              plan: season_link.Plan | None, options: EventOptions = EVENING,
              device: str | None = API_DEVICE) -> tuple[str, str]:
    """Store a new event, joined to its series and recorded in its season in the same
    transaction; answers its id and its director's key. ``device`` None: the caller
    writes the history's first line itself."""
    db, key = get_db(), keys.new_key()
    with transaction(db):
        event_id = store.create_event(db, name, players, rounds, seed, settings,
                                      keys.key_hash(key), numbers=numbers, options=options)
        if series is not None:
            joining.admit(db, series, event_id)
        if plan is not None:
            plan.admit(db, event_id)
        if device is not None:
            store.log(db, event_id, device, "create")
    return event_id, key


def event_options(fields: Mapping[str, object], players: int,
                  plan: season_link.Plan | None) -> EventOptions:
    """A new event's options from the fields sent (the JSON body's, or the page's form):
    for an event of a season, what the season sets for its events (its scoring) counts
    as if sent. Raises the refusal of the first option that is wrong."""
    return options_of({**fields, **plan.options} if plan is not None else fields, players)


def _text_or_none(data: dict, field: str) -> str | None:
    value = data.get(field)
    if value is not None and not isinstance(value, str):
        raise BadShape(field=field, expected="text")
    return value


@bp.post("")
def create():
    data = read_json()
    if not isinstance(data, dict):
        raise EventNotAnObject()
    name = checks.checked_name(data.get("name"))
    season = _text_or_none(data, "season")
    players = data.get("players", [] if season is not None else None)
    if not isinstance(players, list):
        raise BadShape(field="players", expected="a list")
    players, numbers, plan = players_of(players, season, _text_or_none(data, "venue"),
                                        _text_or_none(data, "kind"), data)
    rounds = data.get("rounds")
    if isinstance(rounds, str):
        raise BadRounds(value=rounds)
    rounds = checks.checked_rounds(rounds)
    if not isinstance(data.get("virgin_doubling", False), bool):
        raise errors.VirginDoublingNotBool()
    settings = checks.games_settings(_whole_or_none(data, "threshold"),
                                     _whole_or_none(data, "fixed_deals"),
                                     data.get("virgin_doubling", False))
    options = event_options(data, len(players), plan)
    event_id, key = store_new(name, players, rounds, _seed(data), settings, numbers,
                              _text_or_none(data, "series"), plan, options)
    return created(event_id, key)


@bp.get("/<event_id>")
def show(event_id: str):
    """Everyone's view; the director's (seed, games) with the key, 403 with a wrong one."""
    state = load_progress(get_db(), event_id)
    if director.HEADER not in request.headers:
        return jsonify(event_json(state))
    director.require(state.event)
    return security.keep_secret(jsonify(event_json(state, directing=True)))


@bp.post("/<event_id>/rounds")
def seat(event_id: str):
    """Seat the next round: 201 with its tables and their games."""
    _event, device = _directed(event_id)
    state = seat_next_round(get_db(), event_id, game_note, device)
    return jsonify({"id": state.event.id, "round": state.event.round,
                    "tables": [table_json(t, True) for t in state.current]}), 201


def _after() -> int | None:
    after = request.args.get("after", type=int)
    return after if after is not None and after >= 0 else None


@bp.get("/<event_id>/standings")
def standings(event_id: str):
    """The standings now, or ``?after=<round>`` as they stood once that round ended; the
    director (the key) sees what release by round withholds from everyone else."""
    state = load_progress(get_db(), event_id)
    directing = director.device_of(state.event) is not None
    answer = jsonify(standings_json(state, _after(), directing))
    return security.keep_secret(answer) if directing and state.withholds else answer


def _change(event_id: str, kind: str):
    _event, device = _directed(event_id)
    data = read_json()
    if not isinstance(data, dict):
        raise EventNotAnObject()
    name = checks.checked_player(data.get("player"))
    number = checks.checked_number(data.get("number")) if kind == store.JOIN else None
    db = get_db()
    _stored, change = store.change_player(db, event_id, kind, name, device, number)
    answer = event_json(load_progress(db, event_id), directing=True)
    answer["change"] = {"kind": change.kind, "player": change.player,
                        "from_round": change.from_round}
    return jsonify(answer), 201


@bp.post("/<event_id>/players")
def join(event_id: str):
    """A late arrival: seated from the next round seated on (``change.from_round``)."""
    return _change(event_id, store.JOIN)


@bp.post("/<event_id>/dropouts")
def drop(event_id: str):
    """A player leaves: left out of every round seated from now on."""
    return _change(event_id, store.DROP)


@bp.post("/<event_id>/dropouts/undo")
def undo_drop(event_id: str):
    """A player's leaving taken back, while no round was seated since."""
    _event, device = _directed(event_id)
    data = read_json()
    if not isinstance(data, dict):
        raise EventNotAnObject()
    name = checks.checked_player(data.get("player"))
    db = get_db()
    store.undo_drop(db, event_id, name, device)
    return jsonify(event_json(load_progress(db, event_id), directing=True))


def _table_answer(state: Progress, round_number: int, number: int):
    table = state.table(round_number, number)
    return jsonify({**table_json(table, True), "round": round_number})


def _reason() -> object:
    """The ``reason`` of an optional JSON body: a signed table's remedies need one."""
    if not request.content_length:
        return None
    data = read_json()
    return data.get("reason") if isinstance(data, dict) else None


def _remedy(event_id: str, number: int, table: int, act):
    """A remedy at a table (``act(db, event_id, round, table, device)``), the director's;
    answers the table."""
    _event, device = _directed(event_id)
    return _table_answer(act(get_db(), event_id, number, table, device), number, table)


@bp.post("/<event_id>/rounds/<int:number>/tables/<int:table>/reopen")
def reopen(event_id: str, number: int, table: int):
    _event, device = _directed(event_id)
    return _table_answer(progress.reopen(get_db(), event_id, number, table, device,
                                         _reason()), number, table)


@bp.post("/<event_id>/rounds/<int:number>/tables/<int:table>/close")
def close(event_id: str, number: int, table: int):
    return _remedy(event_id, number, table, progress.close)


@bp.post("/<event_id>/rounds/<int:number>/tables/<int:table>/replace")
def replace(event_id: str, number: int, table: int):
    _event, device = _directed(event_id)
    state = progress.replace(get_db(), event_id, number, table, game_note, device,
                             _reason())
    return _table_answer(state, number, table), 201


@bp.post("/<event_id>/rounds/<int:number>/tables/<int:table>/replace/undo")
def put_back(event_id: str, number: int, table: int):
    """Undo the table's last replacement: its earlier game plays again."""
    return _remedy(event_id, number, table, progress.put_back)


@bp.get("/<event_id>/rounds/<int:number>/tables/<int:table>/totals")
@security.private
def table_totals(event_id: str, number: int, table: int):
    """Where the director's paper totals start: the totals typed already, else the totals
    of the deals the table's phone sent (``deals`` of them)."""
    _event, _device = _directed(event_id)
    state = load_progress(get_db(), event_id).table(number, table)
    return jsonify({"round": number, "table": table, "players": list(state.seat.players),
                    "totals": state.totals, "paper": state.paper, "deals": state.deals})


@bp.put("/<event_id>/rounds/<int:number>/tables/<int:table>/totals")
def totals(event_id: str, number: int, table: int):
    _event, device = _directed(event_id)
    data = read_json()
    if not isinstance(data, dict) or not isinstance(data.get("totals"), dict):
        raise BadShape(field="totals", expected="object")
    for player, value in data["totals"].items():  # JSON whole numbers, never "70"
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise BadShape(field=f"totals.{player}", expected="a whole number")
    state = progress.type_totals(get_db(), event_id, number, table, data["totals"], device,
                                 data.get("reason"))
    return _table_answer(state, number, table)


def _client_id(data: dict) -> str:
    client_id = data.get("client_id")
    if not isinstance(client_id, str) or not 0 < len(client_id) <= MAX_CLIENT_ID:
        raise BadShape(field="client_id", expected="text")
    return client_id


@bp.post("/<event_id>/rounds/<int:number>/tables/<int:table>/sign-off")
def sign_off(event_id: str, number: int, table: int):
    """A finished table's result signed: from a phone at the table (``game``: the table's
    game id, as its slip's link has it; not the phone that made the game's last change),
    or by the director (the key). 200 with the table."""
    event = must_load(get_db(), event_id)
    data = read_json()
    if not isinstance(data, dict):
        raise EventNotAnObject()
    client_id = _client_id(data)
    directing = director.require(event) if director.HEADER in request.headers else None
    state = progress.sign(get_db(), event_id, number, table, client_id,
                          devices.device(create=True), data.get("game"), directing)
    return security.keep_secret(_table_answer(state, number, table))


@bp.post("/<event_id>/rounds/<int:number>/swap")
def swap(event_id: str, number: int):
    """``{"players": [a, b]}``: two players of two tables of round ``number`` change
    places before either table has a deal; both tables get new games."""
    _event, device = _directed(event_id)
    data = read_json()
    players = data.get("players") if isinstance(data, dict) else None
    if not isinstance(players, list) or len(players) != 2 or not all(
            isinstance(p, str) for p in players):
        raise BadShape(field="players", expected="a list of two names")
    state = progress.swap(get_db(), event_id, number, players, game_note, device)
    return security.keep_secret(jsonify({"round": number, "tables": [
        table_json(t, True) for t in state.tables if t.seat.round == number]}))


@bp.patch("/<event_id>/players")
def rename(event_id: str):
    """``{"from": "Jan de Vris", "to": "Jan de Vries"}``: the director renames a player."""
    _event, device = _directed(event_id)
    data = read_json()
    if not isinstance(data, dict):
        raise EventNotAnObject()
    if not isinstance(data.get("from"), str):
        raise BadShape(field="from", expected="text")
    new = checks.checked_player(data.get("to"))
    old, new = store.rename_player(get_db(), event_id, data["from"], new, device)
    answer = event_json(load_progress(get_db(), event_id), directing=True)
    answer["rename"] = {"from": old, "to": new}
    return security.keep_secret(jsonify(answer))


@bp.get("/<event_id>/export")
def export(event_id: str):
    """The whole event as one file (the director's: it holds the seed and every game)."""
    event, _device = _directed(event_id)
    return security.keep_secret(jsonify(transfer.event_file(get_db(), event)))


@bp.post("/import")
def import_file():
    """An event file made by ``export``: stored as a new event whose director is the
    importer (201 with its key, as a new event)."""
    if (request.content_length or 0) > MAX_EVENT_FILE:
        raise EventFileTooLarge()
    with throttle.one_at_a_time():
        throttle.count_import("event")
        raw = request.get_data(cache=False)
        if len(raw) > MAX_EVENT_FILE:
            raise EventFileTooLarge()
        key = keys.new_key()
        event_id = transfer.import_event(get_db(), parse_json(raw), keys.key_hash(key),
                                         API_DEVICE)
    return created(event_id, key)
