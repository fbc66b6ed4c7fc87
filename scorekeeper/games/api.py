"""``/api/v1/games``: the games JSON interface (CONTRACT.md section 5, Games).

State-changing calls need the CSRF token in an ``X-CSRFToken`` header, like the pages'
forms; the score sheet's script reads it from the page's meta tag.

The views raise typed errors (the engine's, and the JSON shape errors of :mod:`..web.jsonio`);
:func:`refused` answers each with its sentence and the status its type carries.
"""

from __future__ import annotations

from flask import Blueprint, jsonify, request

from ..engine import scoring as sc
from ..engine.errors import RulesError
from ..web.db import get_db
from ..web.jsonio import DealNotAnObject, GameNotAnObject, error, read_json
from ..web.messages import describe
from . import store
from .codec import entry_json

bp = Blueprint("games_api", __name__, url_prefix="/api/v1/games")


def game_json(game: store.Game) -> dict:
    """The contract's game object, plus a few fields a client finds handy."""
    state = game.state
    deals = [
        {"number": row.number, **entry_json(row.entry, scores=row.scores),
         "corrections": row.corrections}
        for row in state.deals
    ]
    return {
        "id": game.id,
        "players": list(game.settings.players),
        "threshold": game.settings.threshold,
        "fixed_deals": game.settings.fixed_deals,
        "virgin_doubling": game.settings.virgin_doubling,
        "variant": game.settings.variant,
        "note": game.note,
        "created_at": game.created_at,
        "deals": deals,
        "totals": state.totals,
        "finished": state.finished,
        "winners": list(state.winners),
        "leaders": list(state.leaders),
        "next_number": state.next_number,
        "version": game.version,
    }


@bp.errorhandler(RulesError)
def refused(exc: RulesError):
    """The refusal in the request's language with its type's status (400, 404 or 409).

    A conflict (the game moved on: a number taken, the game finished, a client_id reused)
    also carries the game as it is now, so a phone can show it and offer the next number.
    """
    game_id = (request.view_args or {}).get("game_id")
    if exc.status == 409 and game_id is not None:
        game = store.load(get_db(), game_id)
        if game is not None:
            return jsonify({**game_json(game), "error": describe(exc)}), 409
    return error(describe(exc), exc.status)


def settings_from(data: dict) -> sc.Settings:
    return sc.make_settings(
        data.get("players"),
        threshold=data.get("threshold"),
        fixed_deals=data.get("fixed_deals"),
        virgin_doubling=data.get("virgin_doubling", False),
        variant=data.get("variant", "basic"),
    )


@bp.post("")
def create():
    data = read_json()
    if not isinstance(data, dict):
        raise GameNotAnObject()
    note = data.get("note", "")
    if not isinstance(note, str) or len(note) > sc.MAX_NOTE:
        raise sc.BadNote()
    if not isinstance(data.get("virgin_doubling", False), bool):
        raise sc.VirginDoublingNotBool()
    settings = settings_from(data)
    db = get_db()
    game = store.load(db, store.create_game(db, settings, note.strip()))
    return jsonify(game_json(game)), 201


@bp.get("/<int:game_id>")
def show(game_id: int):
    game = store.load(get_db(), game_id)
    if game is None:
        raise sc.NoSuchGame()
    return jsonify(game_json(game))


def _deal_body() -> tuple[dict, int | None, str | None]:
    """The body's fields and its optional ``number`` and ``client_id``, shape-checked."""
    data = read_json()
    if not isinstance(data, dict):
        raise DealNotAnObject()
    number = data.get("number")
    if number is not None and (
        isinstance(number, bool) or not isinstance(number, int) or number < 1
    ):
        raise sc.BadDealNumber()
    client_id = data.get("client_id")
    if client_id is not None and (
        not isinstance(client_id, str) or not 0 < len(client_id) <= sc.MAX_CLIENT_ID
    ):
        raise sc.BadClientId()
    return data, number, client_id


def _write(game_id: int, kind: sc.EventKind, number: int | None, data: dict,
           client_id: str | None):
    """Build the entry from the game's settings, then let the store check and append it."""
    db = get_db()
    settings = store.settings_of(db, game_id)
    entry = sc.make_entry(settings, data.get("bullheads"), data.get("hand"), data.get("cards"))
    game, written = store.write_deal(db, game_id, kind, number, entry, client_id)
    created = 201 if kind == sc.EventKind.DEAL else 200
    return jsonify(game_json(game)), created if written else 200


@bp.post("/<int:game_id>/deals")
def add_deal(game_id: int):
    data, number, client_id = _deal_body()
    return _write(game_id, sc.EventKind.DEAL, number, data, client_id)


@bp.put("/<int:game_id>/deals/<int:number>")
def correct_deal(game_id: int, number: int):
    data, body_number, client_id = _deal_body()
    if body_number is not None and body_number != number:
        raise sc.DealNumberMismatch()
    return _write(game_id, sc.EventKind.CORRECTION, number, data, client_id)
