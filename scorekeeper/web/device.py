"""This device: a long-lived random cookie that says which games and tournaments a phone
lists, shared by the features that keep things by an unguessable link.

Whoever holds a link (a game's, a tournament's) may see and keep what it names; the
cookie only decides what this phone's lists show. It is given by a POST that records
something for the phone (starting a game or a tournament, keeping one opened through
its link, importing a backup), never by a GET: opening a page writes nothing and sets
no new cookie. A server kept for one table can set ``OPEN_LIST = True`` to list
everything to everyone, as before.
"""

from __future__ import annotations

import re
import secrets

from flask import Flask, Response, current_app, g, redirect, request

COOKIE = "device"
#: Five years: the phone keeps its games for as long as it keeps the cookie.
MAX_AGE = 5 * 365 * 24 * 3600
_FORMAT = re.compile(r"[0-9a-f]{32}")
#: The id of a phone without a cookie: nothing is ever recorded for it.
NOBODY = "0" * 32


def open_list() -> bool:
    """``OPEN_LIST = True``: the lists show everything, not only this device's."""
    return bool(current_app.config.get("OPEN_LIST", False))


def device(create: bool = False) -> str | None:
    """This phone's id from its cookie; with ``create`` (only in a write that records
    something for it: a POST, or a club event's table game changed by a PUT or DELETE),
    a new one when it has none, set on the answer by :func:`_keep`."""
    if "device" in g:
        return str(g.device)
    value = request.cookies.get(COOKIE, "")
    if _FORMAT.fullmatch(value):
        g.device = value
    elif create:
        assert request.method not in ("GET", "HEAD"), "a GET never gives a device its cookie"
        g.device = g.new_device = secrets.token_hex(16)
    else:
        return None
    return str(g.device)


def scope() -> str | None:
    """Whose things a list shows: this phone's id, or None for everything (OPEN_LIST).
    A phone without a cookie gets an id nothing is recorded for, so it sees nothing."""
    if open_list():
        return None
    return device() or NOBODY


def kept(back: str) -> Response | tuple[str, int]:
    """The answer to "keep this on this phone's list": 204 for the page's script
    (``static/js/pages/keep.js``, which asks for JSON), else a redirect ``back`` to the page
    the button was on (without scripts)."""
    if request.accept_mimetypes.best == "application/json":
        return "", 204
    return redirect(back)


def _keep(response: Response) -> Response:
    """Set the cookie of a phone that was given an id during this request."""
    phone = g.get("new_device")
    if phone:
        response.set_cookie(COOKIE, phone, max_age=MAX_AGE, httponly=True, samesite="Lax",
                            secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")))
    return response


def init_app(app: Flask) -> None:
    app.after_request(_keep)
