"""``/api/v1/events``: club events as JSON (docs/api.md, Club events).

State-changing calls need the CSRF token in an ``X-CSRFToken`` header, as the games API
does. Refusals are typed errors, answered by the app's handler with their translated
sentence and status (400 bad input, 404 no such event, 409 not now).
"""

from __future__ import annotations

from fractions import Fraction

from flask import Blueprint, jsonify
from flask_babel import gettext

from ..engine import errors
from ..web.db import get_db
from ..web.jsonio import BadShape, read_json
from . import checks, store
from .errors import MAX_SEED, BadRounds, BadSeed, EventNotAnObject
from .progress import Progress, TableState, load_progress, seat_next_round

bp = Blueprint("events_api", __name__, url_prefix="/api/v1/events")


def number(value: Fraction) -> int | float:
    """A shared or relative score as JSON: whole numbers exact, others to 2 decimals."""
    return int(value) if value.denominator == 1 else round(float(value), 2)


def table_json(table: TableState) -> dict:
    return {"table": table.seat.number, "players": list(table.seat.players),
            "game": table.seat.game, "finished": table.finished,
            "leaders": list(table.leaders)}


def standings_json(state: Progress) -> dict:
    return {
        "round": state.complete,
        "standings": [
            {"rank": row.rank, "player": row.player, "points": number(row.points),
             "relative": number(row.relative), "bullheads": row.bullheads,
             "games": row.games, "lot": row.lot}
            for row in state.standings
        ],
        "playing": [t.seat.number for t in state.current if not t.finished],
    }


def event_json(state: Progress) -> dict:
    event = state.event
    active = set(event.active)
    return {
        "id": event.id, "name": event.name, "players": list(event.players),
        "rounds": event.rounds, "round": event.round, "complete": state.complete,
        "finished": state.finished, "active": list(event.active),
        "dropped": [p for p in event.players if p not in active],
        "threshold": event.threshold, "fixed_deals": event.fixed_deals,
        "virgin_doubling": event.virgin_doubling, "seed": event.seed,
        "created_at": event.created_at,
        "changes": [{"kind": c.kind, "player": c.player, "from_round": c.from_round}
                    for c in event.changes],
        "tables": [table_json(t) for t in state.current],
    }


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


def game_note(name: str, round_number: int, table: int) -> str:
    """The note a table's game carries, in the director's language."""
    return gettext("%(event)s · event round %(round)s · table %(table)s",
                   event=name, round=round_number, table=table)


@bp.post("")
def create():
    data = read_json()
    if not isinstance(data, dict):
        raise EventNotAnObject()
    name = checks.checked_name(data.get("name"))
    players = data.get("players")
    if not isinstance(players, list):
        raise BadShape(field="players", expected="a list")
    players = checks.checked_players(players)
    rounds = data.get("rounds")
    if isinstance(rounds, str):
        raise BadRounds(value=rounds)
    rounds = checks.checked_rounds(rounds)
    if not isinstance(data.get("virgin_doubling", False), bool):
        raise errors.VirginDoublingNotBool()
    settings = checks.games_settings(_whole_or_none(data, "threshold"),
                                     _whole_or_none(data, "fixed_deals"),
                                     data.get("virgin_doubling", False))
    db = get_db()
    event_id = store.create_event(db, name, players, rounds, _seed(data), settings)
    return jsonify(event_json(load_progress(db, event_id))), 201


@bp.get("/<event_id>")
def show(event_id: str):
    return jsonify(event_json(load_progress(get_db(), event_id)))


@bp.post("/<event_id>/rounds")
def seat(event_id: str):
    """Seat the next round: 201 with its tables and their games."""
    state = seat_next_round(get_db(), event_id, game_note)
    return jsonify({"id": state.event.id, "round": state.event.round,
                    "tables": [table_json(t) for t in state.current]}), 201


@bp.get("/<event_id>/standings")
def standings(event_id: str):
    return jsonify(standings_json(load_progress(get_db(), event_id)))


def _change(event_id: str, kind: str):
    data = read_json()
    if not isinstance(data, dict):
        raise EventNotAnObject()
    name = checks.checked_player(data.get("player"))
    db = get_db()
    store.change_player(db, event_id, kind, name)
    return jsonify(event_json(load_progress(db, event_id))), 201


@bp.post("/<event_id>/players")
def join(event_id: str):
    """A late arrival: seated from the next round on."""
    return _change(event_id, store.JOIN)


@bp.post("/<event_id>/dropouts")
def drop(event_id: str):
    """A player leaves: left out of every round seated from now on."""
    return _change(event_id, store.DROP)
