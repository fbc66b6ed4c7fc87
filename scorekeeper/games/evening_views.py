"""The evening's pages: "new game, same players" and the evening's games added up, and
the QR code the score sheet shows for handing the game to another phone.

A blueprint of its own beside :mod:`.views`, which holds the rest of the scorekeeper.
"""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, url_for
from flask_babel import format_decimal

from ..web.db import get_db
from . import access, handover, store
from .evening import add_up
from .forms import ConfirmForm

bp = Blueprint("games_evening", __name__)
bp.record_once(access.add_converter)  # before any route names <game:...>
bp.add_app_template_global(handover.qr_svg, "qr_svg")


def _game(game_id: str) -> store.Game:
    game = store.load(get_db(), game_id)
    if game is None:
        abort(404)
    return game


@bp.post("/games/<game:game_id>/same-players")
def same_players(game_id: str):
    """"New game, same players": same settings, seats and note, in the same evening. If
    the evening already holds a later game (another phone was quicker, or the post came
    again), that game opens instead of a second new one."""
    game = _game(game_id)
    if not ConfirmForm().validate_on_submit():
        abort(400)
    token = store.next_game(get_db(), game.id)
    access.grant(get_db(), token)
    return redirect(url_for("games.sheet", game_id=token))


@bp.get("/games/<game:game_id>/evening")
def evening(game_id: str):
    """The evening this game belongs to: its games and each player's sums over them."""
    game = _game(game_id)
    games = store.series_games(get_db(), game.id)
    players = add_up([g.state for g in games])
    averages = {p.name: "–" if p.average is None else format_decimal(p.average, "0.0")
                for p in players}
    return render_template("games/evening.html", game=game, games=games, players=players,
                           averages=averages)
