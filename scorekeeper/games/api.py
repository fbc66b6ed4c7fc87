"""``/api/v1/games``: the games JSON interface (CONTRACT.md section 5, Games).

State-changing calls need the CSRF token in an ``X-CSRFToken`` header, like the pages'
forms; the score sheet's script reads it from the page's meta tag.
"""

from __future__ import annotations

from flask import Blueprint, jsonify
from flask_babel import gettext

from ..engine import scoring as sc
from ..web.db import get_db
from ..web.jsonio import error, read_json
from ..web.messages import CONFLICTS, describe
from . import store

bp = Blueprint("games_api", __name__, url_prefix="/api/v1/games")

MAX_NOTE = 500
MAX_CLIENT_ID = 100


def game_json(game: store.Game) -> dict:
    """The contract's game object, plus a few fields a client finds handy."""
    state = game.state
    deals = []
    for row in state.deals:
        deal = {"number": row.number, "bullheads": row.entry.bullheads, "scores": row.scores}
        if row.entry.hand is not None:
            deal["hand"] = row.entry.hand
        if row.entry.cards is not None:
            deal["cards"] = {n: list(c) for n, c in row.entry.cards.items()}
        deal["corrections"] = row.corrections
        deals.append(deal)
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


def _not_found():
    return error(gettext("There is no such game."), 404)


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
        return error(gettext("Send the game as a JSON object."))
    note = data.get("note", "")
    if not isinstance(note, str) or len(note) > MAX_NOTE:
        return error(gettext("The note must be text of at most %(limit)s characters.",
                             limit=MAX_NOTE))
    if not isinstance(data.get("virgin_doubling", False), bool):
        return error(gettext("virgin_doubling must be true or false."))
    try:
        settings = settings_from(data)
    except sc.ScoringError as exc:
        return error(describe(exc))
    db = get_db()
    game = store.load(db, store.create_game(db, settings, note.strip()))
    return jsonify(game_json(game)), 201


@bp.get("/<int:game_id>")
def show(game_id: int):
    game = store.load(get_db(), game_id)
    if game is None:
        return _not_found()
    return jsonify(game_json(game))


def _deal_body():
    """``(number, client_id, entry_of)`` from the request, or raise/return an answer."""
    data = read_json()
    if not isinstance(data, dict):
        return None, error(gettext("Send the deal as a JSON object."))
    number = data.get("number")
    if number is not None and (
        isinstance(number, bool) or not isinstance(number, int) or number < 1
    ):
        return None, error(gettext("The deal number must be a whole number from 1."))
    client_id = data.get("client_id")
    if client_id is not None and (
        not isinstance(client_id, str) or not 0 < len(client_id) <= MAX_CLIENT_ID
    ):
        return None, error(gettext("The client_id must be text of 1 to %(limit)s characters.",
                                   limit=MAX_CLIENT_ID))

    def entry_of(settings: sc.Settings) -> sc.Entry:
        return sc.make_entry(settings, data.get("bullheads"), data.get("hand"),
                             data.get("cards"))

    return (number, client_id, entry_of), None


def _write(game_id: int, kind: str, number: int | None, body) -> tuple:
    _, client_id, entry_of = body
    db = get_db()
    try:
        game, written = store.write_deal(db, game_id, kind, number, entry_of, client_id)
    except store.NotFound:
        return _not_found()
    except CONFLICTS as exc:
        current = store.load(db, game_id)
        return jsonify({**game_json(current), "error": describe(exc)}), 409
    except sc.NoSuchDeal as exc:
        return error(describe(exc), 404)
    except sc.ScoringError as exc:
        return error(describe(exc))
    created = 201 if kind == "deal" else 200
    return jsonify(game_json(game)), created if written else 200


@bp.post("/<int:game_id>/deals")
def add_deal(game_id: int):
    body, failure = _deal_body()
    if failure:
        return failure
    return _write(game_id, "deal", body[0], body)


@bp.put("/<int:game_id>/deals/<int:number>")
def correct_deal(game_id: int, number: int):
    body, failure = _deal_body()
    if failure:
        return failure
    if body[0] is not None and body[0] != number:
        return error(gettext("The deal number in the body does not match the address."))
    return _write(game_id, "correction", number, body)
