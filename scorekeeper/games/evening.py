"""An evening: several games played one after another with the same players, started by
"new game, same players", and its games added up per player.

The sums are pure over the games' replayed states (:func:`add_up`), so they are tested
with hand-made games. The bullheads are what counted on each sheet (after Virgin doubling
or the Hand variant), so the evening's totals are the sums of the totals the players saw.
The pages are a blueprint of their own beside :mod:`.views`, which holds the rest of the
scorekeeper.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from flask import Blueprint, abort, jsonify, redirect, render_template, url_for
from flask_babel import format_decimal

from ..engine.game import GameState
from ..engine.record import half_up
from ..web import catalog
from ..web.db import get_db
from . import access, offline, store
from .api import handed_json
from .forms import ConfirmForm

bp = Blueprint("games_evening", __name__)
bp.record_once(access.add_converter)  # before any route names <game:...>


@dataclass(frozen=True)
class PlayerEvening:
    name: str
    games: int
    """Games of the evening this player sat in that have at least one deal."""
    wins: int
    """Finished games this player won; a shared win counts for each winner."""
    bullheads: int
    """The player's totals summed over those games."""
    deals: int
    """Deals played in those games."""

    @property
    def average(self) -> float | None:
        """Bullheads per deal over the evening (None before the first deal)."""
        return self.bullheads / self.deals if self.deals else None


def per_deal(bullheads: int, deals: int) -> str:
    """Bullheads per deal with one decimal in the page's language, a half rounded up as a
    calculator rounds it ("11.25" → "11.3", never the "11.2" of rounding half to even;
    ``engine/record.py`` ``half_up``); "–" before the first deal.
    ``static/js/game/summary.js`` ``perDeal`` rounds the same."""
    return "–" if not deals else format_decimal(half_up(bullheads, deals, 1), "0.0")


def add_up(states: Sequence[GameState]) -> list[PlayerEvening]:
    """Each player's evening, most wins first, then fewest bullheads per deal, then the
    order in which they first sat down.

    A game still running counts for games, bullheads and deals but has no winner yet; a
    game without a deal counts for nothing.
    """
    sums: dict[str, list[int]] = {}
    for state in states:
        if not state.deals:
            continue
        for name in state.settings.players:
            games, wins, bullheads, deals = sums.setdefault(name, [0, 0, 0, 0])
            won = state.finished and name in state.winners
            sums[name] = [games + 1, wins + won, bullheads + state.totals[name],
                          deals + len(state.deals)]
    players = [PlayerEvening(name, *values) for name, values in sums.items()]
    seat = {p.name: i for i, p in enumerate(players)}

    def order(p: PlayerEvening) -> tuple[int, float, int]:
        average = p.average
        return (-p.wins, float("inf") if average is None else average, seat[p.name])

    return sorted(players, key=order)


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


@bp.post("/api/v1/games/<game:game_id>/same-players")
def same_players_api(game_id: str):
    """"New game, same players" for a phone that started it on itself: the evening's next
    game as JSON, new, or the one another phone (or an earlier try) already started, so a
    phone that sends it again, or two phones that both ask, end up at one game."""
    token = store.next_game(get_db(), game_id)  # NoSuchGame (404) for no such game
    access.grant(get_db(), token)
    return jsonify(handed_json(store.load(get_db(), token)))


@bp.get("/games/offline/evening")
def offline_evening():
    """The evening page of a game kept on this phone, for a phone without a connection: a
    shell the service worker keeps, drawn from the phone's storage by static/js/sheet/evening.js
    (the game's key or token after ``#``, else the address the worker was asked for)."""
    return render_template("games/evening.html", game=None, games=[], players=[],
                           averages={}, catalog=catalog.tag(offline.EVENING_CATALOG),
                           sheet_data=offline.sheet_data(None))


@bp.get("/games/<game:game_id>/evening")
def evening(game_id: str):
    """The evening this game belongs to: its games and each player's sums over them."""
    games = store.series_games(get_db(), game_id)
    # The game is one of its evening's (replayed once), unless the evening lists more.
    game = next((g for g in games if g.id == game_id), None) or _game(game_id)
    players = add_up([g.state for g in games])
    averages = {p.name: per_deal(p.bullheads, p.deals) for p in players}
    return render_template("games/evening.html", game=game, games=games, players=players,
                           averages=averages, catalog=catalog.tag(offline.EVENING_CATALOG),
                           sheet_data=offline.sheet_data(None))
