"""Who may change a series: the holder of its key (docs/api.md, Series).

As an event's director's key (``events/director.py``): made with the series (192 random
bits, 32 URL-safe characters), handed over once (the answer of ``POST /api/v1/series``,
and the director's link ``/series/<id>/director/<key>`` with a QR code for a second
director), stored only as its SHA-256 (``web/keys.py``). A program sends it
in the header ``X-Series-Key``. A browser that created the series or opened the link
keeps it in the cookie ``series`` (HttpOnly, SameSite=Lax): unlike an event's cookie it
goes to every page of the site, because the event form at ``/events`` offers to join the
series this browser directs.
"""

from __future__ import annotations

import re

from flask import Response, current_app, request

from ..web import keys
from .errors import SeriesOnly
from .store import Series

HEADER = "X-Series-Key"
COOKIE = "series"
#: A club's year and a bit: browsers keep a cookie at most 400 days.
COOKIE_DAYS = 400
#: Series one browser holds keys for (the oldest is forgotten past this).
HELD = 20
_PAIR = re.compile(rf"([A-Za-z0-9_-]{{16}})\.({keys.KEY.pattern})")


def held() -> dict[str, str]:
    """The keys this browser's cookie holds, by series id (not yet checked)."""
    pairs = (_PAIR.fullmatch(part) for part in request.cookies.get(COOKIE, "").split("~"))
    return {match[1]: match[2] for match in pairs if match}


def directs(series: Series) -> bool:
    """Whether the request holds the series' key: ``X-Series-Key`` when sent (and then
    only it), else this browser's cookie."""
    if HEADER in request.headers:
        return keys.opens(series.key_hash, request.headers[HEADER])
    return keys.opens(series.key_hash, held().get(series.id))


def require(series: Series) -> None:
    """Nothing changes without the key: :class:`SeriesOnly` (403)."""
    if not directs(series):
        raise SeriesOnly(series=series.name)


def held_key(series: Series) -> str | None:
    """The key this browser holds for ``series`` (to link its director's page), if valid."""
    key = held().get(series.id)
    return key if keys.opens(series.key_hash, key) else None


def remember(response: Response, series_id: str, key: str) -> Response:
    """This browser directs the series from now on (newest first, at most :data:`HELD`)."""
    keys = {series_id: key, **{s: k for s, k in held().items() if s != series_id}}
    value = "~".join(f"{s}.{k}" for s, k in list(keys.items())[:HELD])
    response.set_cookie(
        COOKIE, value, max_age=COOKIE_DAYS * 24 * 3600, path="/", httponly=True,
        samesite="Lax", secure=bool(current_app.config["SESSION_COOKIE_SECURE"]))
    return response
