"""Which games a phone lists: those started on it, imported on it, or kept from their link.

A phone is known by its device cookie (:mod:`scorekeeper.web.device`). Starting a game,
importing one, or keeping one opened through its link (``POST /games/<id>/keep``, which
the sheet's small script sends by itself) records the game for the phone; the lists, the
statistics and deleting from the list show only those. Opening a sheet or its JSON (a
GET) records nothing. Links stay what they always were: whoever holds a game's link may
keep its score.
"""

from __future__ import annotations

import sqlite3

from flask.blueprints import BlueprintSetupState

from ..web.db import transaction
from ..web.device import device, open_list
from ..web.security import SecretToken
from . import summary


def grant(db: sqlite3.Connection, token: str) -> None:
    """Record the game ``token`` for this phone, in a POST (a lookup; a write only the
    first time), giving the phone its cookie when it has none."""
    phone = device(create=True)
    assert phone is not None
    if db.execute("SELECT 1 FROM game_access a JOIN games g ON g.id = a.game_id"
                  " WHERE a.device = ? AND g.token = ?", (phone, token)).fetchone() is None:
        with transaction(db):
            row = db.execute("SELECT id, finished FROM games WHERE token = ?",
                             (token,)).fetchone()
            if row is not None and db.execute(
                    "INSERT OR IGNORE INTO game_access (device, game_id, finished)"
                    " VALUES (?, ?, ?)", (phone, row["id"], row["finished"])).rowcount:
                summary.counted_for(db, phone, row["id"])


def allowed(db: sqlite3.Connection, token: str) -> bool:
    """Whether this phone lists the game (every game with OPEN_LIST), and so may delete
    it from its list."""
    if open_list():
        return True
    phone = device()
    return phone is not None and db.execute(
        "SELECT 1 FROM game_access a JOIN games g ON g.id = a.game_id"
        " WHERE a.device = ? AND g.token = ?", (phone, token)).fetchone() is not None


class GameToken(SecretToken):
    """``<game:game_id>`` in a route: a game's token, 20 hex digits."""


class ViewToken(SecretToken):
    """``<view:view_id>`` in a route: a game's view link's token, 20 hex digits; it reads
    the game, and no route that writes takes it."""


def add_converter(state: BlueprintSetupState) -> None:
    """Make ``<game:...>`` and ``<view:...>`` known to the app before a blueprint's routes
    use them."""
    state.app.url_map.converters.setdefault("game", GameToken)
    state.app.url_map.converters.setdefault("view", ViewToken)
