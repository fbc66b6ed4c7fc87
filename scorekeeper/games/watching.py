"""A game's view link: the score sheet as it stands, following new deals, for those who
watch (the club's chat the result is shared to, a screen by the bar). It writes nothing.

Whoever holds a game's link may change its score (:mod:`.access`), so a result is never
shared by it: the game's JSON answers ``view_url`` (:func:`.api.view_url`), a link with a
token of its own, as unguessable (``<view:...>``, private like every secret address).
``GET /view/<view_id>`` is the one route that takes it: no form, no write, no address of
the game's own on the page; a write to any address built from it finds no game. The
page's script asks again while it is visible, with the tag it last got (304 after one
read of the game's row while nothing moved), and swaps in the sheet when it changed.
"""

from __future__ import annotations

from flask import Blueprint, abort, make_response, render_template, request

from ..web.db import get_db
from . import access, store
from .api import nothing_moved, tagged
from .chart import chart

bp = Blueprint("games_view", __name__)
bp.record_once(access.add_converter)  # before any route names <view:...>


@bp.get("/view/<view:view_id>")
def view(view_id: str):
    """The sheet to watch. Asked with ``If-None-Match`` holding the tag it last got (as
    the game's JSON is, :func:`.api.nothing_moved`), it answers 304 without reading the
    game's log while nothing changed."""
    db = get_db()
    if request.if_none_match:
        mark = store.view_mark_of(db, view_id)
        if mark is not None and nothing_moved(mark):
            return tagged(make_response("", 304), mark)
    game = store.load_view(db, view_id)
    if game is None:
        abort(404)
    page = make_response(render_template(
        "games/view.html", game=game, state=game.state, chart=chart(game.state),
        read_only=True, keeping=store.keeping(db, game.id)))
    return tagged(page, game.mark)
