"""Which games a phone sees: those started on it or opened through their link.

A phone is known by a long-lived random cookie (HttpOnly, SameSite=Lax, Secure when the
session cookie is). Starting a game, or opening its score sheet or its JSON, records the
game for the phone; the lists, the statistics and deleting from the list show only those.
A server kept for one table can set ``OPEN_LIST = True`` to list every game, as before.
Links stay what they always were: whoever holds a game's link may keep its score.
"""

from __future__ import annotations

import re
import secrets
import sqlite3

from flask import Response, current_app, g, request
from flask.blueprints import BlueprintSetupState
from werkzeug.routing import BaseConverter

from ..web.db import transaction
from . import summary

COOKIE = "device"
#: Five years: the phone keeps its games for as long as it keeps the cookie.
MAX_AGE = 5 * 365 * 24 * 3600
_FORMAT = re.compile(r"[0-9a-f]{32}")


def open_list() -> bool:
    return bool(current_app.config.get("OPEN_LIST", False))


def device(create: bool = False) -> str | None:
    """This phone's id from its cookie; with ``create``, a new one when it has none (the
    cookie is then set on the answer by :func:`keep_device`)."""
    if "device" in g:
        return g.device
    value = request.cookies.get(COOKIE, "")
    if _FORMAT.fullmatch(value):
        g.device = value
    elif create:
        g.device = g.new_device = secrets.token_hex(16)
    else:
        return None
    return g.device


def scope() -> str | None:
    """Whose games a list shows: this phone's id, or None for every game (OPEN_LIST).
    A phone without a cookie gets an id no game is recorded for, so it sees none."""
    if open_list():
        return None
    return device() or "0" * 32


def grant(db: sqlite3.Connection, token: str) -> None:
    """Record the game ``token`` for this phone (a lookup; a write only the first time)."""
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
    """Whether this phone may change the game from a list (delete it)."""
    if open_list():
        return True
    phone = device()
    return phone is not None and db.execute(
        "SELECT 1 FROM game_access a JOIN games g ON g.id = a.game_id"
        " WHERE a.device = ? AND g.token = ?", (phone, token)).fetchone() is not None


def keep_device(response: Response) -> Response:
    """Set the cookie of a phone that was given an id during this request."""
    phone = g.get("new_device")
    if phone:
        response.set_cookie(COOKIE, phone, max_age=MAX_AGE, httponly=True, samesite="Lax",
                            secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")))
    return response


class GameToken(BaseConverter):
    """``<game:game_id>`` in a route: a game's token, 20 hex digits. Anything else (an old
    integer id, a number past any integer type) matches no route: a plain 404."""

    regex = "[0-9a-f]{20}"


def add_converter(state: BlueprintSetupState) -> None:
    """Make ``<game:...>`` known to the app before a blueprint's routes use it."""
    state.app.url_map.converters.setdefault("game", GameToken)
