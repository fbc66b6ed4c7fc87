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

from flask import Response, request

from ..web import keys
from .errors import SeriesOnly
from .store import Series

HEADER = "X-Series-Key"
COOKIE = "series"
#: The series this browser directs: a club's year and a bit, at most 20 series.
RING = keys.Ring(COOKIE, "[A-Za-z0-9_-]{16}")


def held() -> dict[str, str]:
    """The keys this browser's cookie holds, by series id (not yet checked)."""
    return RING.keys()


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
    """This browser directs the series from now on (newest first, at most 20)."""
    return RING.remember(response, series_id, key)
