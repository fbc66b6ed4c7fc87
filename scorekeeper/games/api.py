"""``/api/v1/games``: the games JSON interface (docs/api.md, Games).

State-changing calls need the CSRF token in an ``X-CSRFToken`` header, like the pages'
forms; the score sheet's script reads it from the page's meta tag.

Every write may carry a ``client_id`` (sent again, it lands once) and a correction,
withdrawal or restore a ``base``, the game's ``version`` the phone saw; ``GET`` answers
with ``ETag: "<version>.<time of the last entry>"``, and 304 without reading the game's
log while it holds.

The views raise typed errors (the engine's, and the JSON shape errors of :mod:`..web.jsonio`);
:func:`refused` answers each with its sentence and the status its type carries.
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request, url_for

from ..engine import errors
from ..engine.deal import make_entry
from ..engine.errors import RulesError
from ..engine.game import EventKind
from ..engine.limits import HAND_SIZE, MAX_NOTE, ROWS, TAKES_AT
from ..engine.settings import Settings, make_settings
from ..web.db import get_db
from ..web.errors import answer, refusal_json
from ..web.jsonio import BadShape, DealNotAnObject, GameNotAnObject, read_json
from . import access, handover, store
from .imports import is_client_id, storable
from .store import entry_json

bp = Blueprint("games_api", __name__, url_prefix="/api/v1/games")
bp.record_once(access.add_converter)  # before any route names <game:...>


def view_url(game: store.Game) -> str | None:
    """The game's view link (:mod:`.watching`), absolute as the share text needs it; None
    for a game stored without one (only a database written by hand)."""
    if game.view_token is None:
        return None
    return url_for("games_view.view", view_id=game.view_token, _external=True)


def handover_json(game: store.Game) -> dict:
    """The game's hand-over box as data (:func:`.handover.box`): its link, absolute as a
    camera needs it, and the QR codes of that link and of the view link."""
    return handover.box(url_for("games.sheet", game_id=game.id, _external=True),
                        view_url(game))


def game_json(game: store.Game) -> dict:
    """The game object of docs/api.md (Games, The game object), as every write answers it:
    without the hand-over box, whose QR codes a deal's answer does not need."""
    state = game.state
    changes = game.last_changes()
    deals = [
        {"number": row.number, **entry_json(row.entry, scores=row.scores),
         "corrections": row.corrections, "version": changes[row.number][0],
         "client_id": changes[row.number][1]}
        for row in state.deals
    ]
    return {
        "id": game.id,
        "players": list(game.settings.players),
        "threshold": game.settings.threshold,
        "fixed_deals": game.settings.fixed_deals,
        "virgin_doubling": game.settings.virgin_doubling,
        "variant": game.settings.variant,
        "rows": game.settings.rows,
        "takes_at": game.settings.takes_at,
        "hand_size": game.settings.hand_size,
        "note": game.note,
        "client_id": game.client_id,
        "created_at": game.created_at,
        "deals": deals,
        "totals": state.totals,
        "finished": state.finished,
        "winners": list(state.winners),
        "leaders": list(state.leaders),
        "next_number": state.next_number,
        "restorable": state.restorable,
        "version": game.version,
        "view_url": view_url(game),
    }


def handed_json(game: store.Game) -> dict:
    """:func:`game_json` with the hand-over box: the answers a phone learns the box from
    (the game created, the evening's next game, the game asked for by its token)."""
    return {**game_json(game), "handover": handover_json(game)}


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
            return jsonify({**game_json(game), **refusal_json(exc)}), 409
    return answer(exc)


#: The game's numbers, with the engine's default when absent (or null).
NUMBERS = {"threshold": None, "fixed_deals": None, "rows": ROWS, "takes_at": TAKES_AT,
           "hand_size": HAND_SIZE}


def settings_from(data: dict) -> Settings:
    """The game's settings. JSON numbers only: "5" where a number belongs is refused here,
    since the engine (which also reads what a form typed) would accept the text."""
    numbers = {}
    for field, default in NUMBERS.items():
        value = data.get(field)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise BadShape(field=field, expected="a whole number")
        numbers[field] = default if value is None else value
    return make_settings(
        data.get("players"),
        virgin_doubling=data.get("virgin_doubling", False),
        variant=data.get("variant", "basic"),
        **numbers,
    )


def _body(not_an_object: type[RulesError]) -> dict:
    """The JSON object of the request; any text in it that cannot be stored (a lone
    surrogate such as ``"\\ud800"``) is refused with the field it sits in."""
    data = read_json()
    if not isinstance(data, dict):
        raise not_an_object()
    for key, value in data.items():
        if not storable(key) or not storable(value):
            raise BadShape(field=key if storable(key) else "?", expected="text")
    return data


def _client_id(data: dict) -> str | None:
    """The optional ``client_id`` a phone gave a game or a deal, shape-checked."""
    client_id = data.get("client_id")
    if client_id is not None and not is_client_id(client_id):
        raise errors.BadClientId()
    return client_id


@bp.post("")
def create():
    data = _body(GameNotAnObject)
    note = data.get("note", "")
    if not isinstance(note, str) or len(note) > MAX_NOTE:
        raise errors.BadNote()
    if not isinstance(data.get("virgin_doubling", False), bool):
        raise errors.VirginDoublingNotBool()
    settings = settings_from(data)
    client_id = _client_id(data)
    db = get_db()
    if client_id is None:
        game_id, created = store.create_game(db, settings, note.strip()), True
    else:  # a game started offline: sent again, it answers the game stored the first time
        game_id, created = store.start_game(db, settings, note.strip(), client_id)
    access.grant(db, game_id)  # started on this phone: one of its games
    return jsonify(handed_json(store.load(db, game_id))), 201 if created else 200


def etag(mark: tuple[int, str]) -> str:
    """A game's ETag: its version and the time of its last entry (``12.2026-11-27T18:55:02Z``).
    The version alone would match another game's content after a database is put back
    from an older copy and written to again up to the same version."""
    return f"{mark[0]}.{mark[1]}"


def tagged(response: Response, mark: tuple[int, str]) -> Response:
    """``ETag: "<version>.<time>"``. The tag is weak where the answer goes out
    gzip-compressed (web/assets.py marks a compressed body's tag weak), so a 304 carries
    the very tag its 200 carried. No cache keeps the answer (it is private: ``private,
    no-store``); the phone sends the tag it last saw itself."""
    response.set_etag(etag(mark), weak=request.accept_encodings["gzip"] > 0)
    return response


def nothing_moved(mark: tuple[int, str]) -> bool:
    """The asker's ``If-None-Match`` holds the game's tag as it stands (:func:`etag`), so
    a 304 answers it: the one check of the game's JSON and of its view link.

    A bare ``"<version>"`` is answered alike while the version holds. Today's scripts
    (``static/js/sync.js``, ``static/js/view.js``) send back the server's own tag, but
    earlier releases sent the bare version, and a phone keeps running the script its
    service worker cached, or a page left open, until it loads a new one: such a phone
    would otherwise get the whole game every 0.8 s. (It cannot see a database put back
    from an older copy; the full tag can.)"""
    asked = request.if_none_match
    return asked.contains_weak(etag(mark)) or asked.contains_weak(str(mark[0]))


@bp.get("/<game:game_id>")
def show(game_id: str):
    """The game, tagged with its version and last entry's time. Asked again with
    ``If-None-Match`` holding that tag, it answers 304 after one read of the game's row
    and of its last entry: no log read, no replay (an open sheet asks every 0.8 s). A
    bare ``"<version>"``, the tag of earlier releases that open pages still send, is
    answered alike while the version holds (:func:`nothing_moved`). Reading writes nothing: ``POST
    /games/<id>/keep`` lists a game on a phone."""
    db = get_db()
    if request.if_none_match:
        mark = store.mark_of(db, game_id)
        if mark is None:
            raise errors.NoSuchGame()
        if nothing_moved(mark):
            return tagged(Response(status=304), mark)
    game = store.load(db, game_id)
    if game is None:
        raise errors.NoSuchGame()
    return tagged(jsonify(handed_json(game)), game.mark)


#: A deal's per-player parts; ``cards`` holds lists.
PER_PLAYER = ("bullheads", "hand", "cards")


def _per_player_numbers(data: dict) -> None:
    """Every per-player value a JSON whole number (in ``cards``, a list of them): ``"4"``,
    ``true`` or ``4.0`` is refused here, naming the part and the player
    (``bullheads.Ann``), since the engine, which also reads what a form typed, would take
    the text. A part that is not an object is left to the engine, which refuses it."""
    for part in PER_PLAYER:
        values = data.get(part)
        if not isinstance(values, dict):
            continue
        for name, value in values.items():
            if part != "cards" and type(value) is not int:
                raise BadShape(field=f"{part}.{name}", expected="a whole number")
            if part == "cards" and (not isinstance(value, list)
                                    or any(type(card) is not int for card in value)):
                raise BadShape(field=f"cards.{name}", expected="a list of whole numbers")


def _base(data: dict) -> int | None:
    """The optional ``base``: the game's version the phone saw when the player tapped
    (absent or null: no check, the last writer wins)."""
    base = data.get("base")
    if base is not None and (isinstance(base, bool) or not isinstance(base, int) or base < 0):
        raise BadShape(field="base", expected="a whole number from 0")
    return base


def _deal_body() -> tuple[dict, int | None, str | None]:
    """The body's fields and its optional ``number`` and ``client_id``, shape-checked."""
    data = _body(DealNotAnObject)
    _per_player_numbers(data)
    number = data.get("number")
    if number is not None and (
        isinstance(number, bool) or not isinstance(number, int) or number < 1
    ):
        raise errors.BadDealNumber()
    return data, number, _client_id(data)


def _write(game_id: str, kind: EventKind, number: int | None, data: dict,
           client_id: str | None, base: int | None = None):
    """Build the entry from the game's settings, then let the store check and append it."""
    db = get_db()
    settings = store.settings_of(db, game_id)
    entry = make_entry(settings, data.get("bullheads"), data.get("hand"), data.get("cards"))
    game, written = store.write_deal(db, game_id, kind, number, entry, client_id, base)
    created = 201 if kind == EventKind.DEAL else 200
    return jsonify(game_json(game)), created if written else 200


@bp.post("/<game:game_id>/deals")
def add_deal(game_id: str):
    """A new deal; its ``number`` guards against two phones adding one deal (no ``base``)."""
    data, number, client_id = _deal_body()
    return _write(game_id, EventKind.DEAL, number, data, client_id)


@bp.put("/<game:game_id>/deals/<int:number>")
def correct_deal(game_id: str, number: int):
    data, body_number, client_id = _deal_body()
    if body_number is not None and body_number != number:
        raise errors.DealNumberMismatch()
    return _write(game_id, EventKind.CORRECTION, number, data, client_id, _base(data))


def _change_body() -> tuple[str | None, int | None]:
    """The ``client_id`` and ``base`` of a withdrawal or restore. Their body is optional:
    a client that sends none (as the first releases did) withdraws or restores as before,
    the last writer winning."""
    if not request.content_length:
        return None, None
    data = _body(DealNotAnObject)
    return _client_id(data), _base(data)


@bp.delete("/<game:game_id>/deals/<int:number>")
def withdraw_deal(game_id: str, number: int):
    """Undo: the last deal stops counting (an ended game re-opens); it stays in the history."""
    client_id, base = _change_body()
    game = store.undo(get_db(), game_id, EventKind.WITHDRAWAL, number, client_id, base)
    return jsonify(game_json(game))


@bp.post("/<game:game_id>/deals/<int:number>/restore")
def restore_deal(game_id: str, number: int):
    """A withdrawn deal counts again, while no other deal has taken its number."""
    client_id, base = _change_body()
    game = store.undo(get_db(), game_id, EventKind.RESTORE, number, client_id, base)
    return jsonify(game_json(game))
