"""Who may change an event: the holder of its director's key (docs/api.md, Club events).

The key is made when the event is (at least 128 random bits; here 192) and handed to the
director once: in the answer of ``POST /api/v1/events``, and as the director's link
``/events/<id>/director/<key>``, shown with a QR code on the director's page so a second
director can take it over. The event stores only the key's SHA-256 (``web/keys.py``).
A program sends the key in the header ``X-Director-Key``; a browser that opened the
director's link holds it in a cookie (HttpOnly, SameSite=Lax, kept to the event's own
pages by its path, ``/events/<id>``) together with a random id of that device, which the
event's history names.
"""

from __future__ import annotations

import re
import secrets

from flask import Response, current_app, has_request_context, request

from ..web import keys
from .errors import DirectorOnly
from .store import API_DEVICE, Event

HEADER = "X-Director-Key"
COOKIE = "director"
#: How long a browser remembers that it directs an event: long past any evening.
COOKIE_DAYS = 60
_COOKIE_VALUE = re.compile(rf"([0-9a-f]{{16}})\.({keys.KEY.pattern})")


def opens(event: Event, key: object) -> bool:
    """Whether ``key`` is this event's director's key (in constant time)."""
    return keys.opens(event.director_hash, key)


def _cookie() -> tuple[str, str] | None:
    """The device id and key this browser holds for the event of the request's path."""
    match = _COOKIE_VALUE.fullmatch(request.cookies.get(COOKIE, ""))
    return (match[1], match[2]) if match else None


def device_of(event: Event) -> str | None:
    """Who asks, when they hold the event's key: the device id from this browser's cookie,
    or :data:`~.store.API_DEVICE` for the key sent as ``X-Director-Key``; else None."""
    if not has_request_context():
        return None
    if HEADER in request.headers:
        return API_DEVICE if opens(event, request.headers[HEADER]) else None
    held = _cookie()
    return held[0] if held and opens(event, held[1]) else None


def require(event: Event) -> str:
    """The asking director's device, or :class:`DirectorOnly` (403): nothing changes."""
    device = device_of(event)
    if device is None:
        raise DirectorOnly(event=event.name)
    return device


def asking_key(event: Event) -> str | None:
    """The key of the director asking, however it came: ``X-Director-Key`` when sent
    (and then only it), else this browser's cookie; None when it does not open the
    event. A page answered to a program that sends the header links its director's page
    with that key, as it would for the browser's cookie."""
    if HEADER in request.headers:
        key = request.headers[HEADER]
        return key if opens(event, key) else None
    return held_key(event)


def held_key(event: Event) -> str | None:
    """The key this browser holds for ``event`` (to link its director's page), if valid."""
    held = _cookie()
    return held[1] if held and opens(event, held[1]) else None


def new_device() -> str:
    return secrets.token_hex(8)


def remember(response: Response, event_id: str, key: str, device: str) -> Response:
    """Make this browser a director of the event: the cookie goes only to the event's
    pages (its path), never to another site's request (SameSite=Lax), and no script reads
    it (HttpOnly)."""
    response.set_cookie(
        COOKIE, f"{device}.{key}", max_age=COOKIE_DAYS * 24 * 3600, path=f"/events/{event_id}",
        httponly=True, samesite="Lax", secure=bool(current_app.config["SESSION_COOKIE_SECURE"]))
    return response
