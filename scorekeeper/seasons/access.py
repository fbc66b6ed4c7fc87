"""Who may change a season: its organiser, and each venue for its own qualifiers
(docs/api.md, A championship season).

The organiser's key works as a series' key does (``series/key.py``): made with the
season, handed over once (the answer of ``POST /api/v1/seasons`` and the organiser's
link ``/seasons/<id>/organiser/<key>``), stored only as its SHA-256 (``web/keys.py``),
sent by a program in ``X-Organiser-Key``, kept by a browser that opened the link in the
cookie ``organiser``.

A venue's key is made from the organiser's key and the venue's id
(:func:`~scorekeeper.web.keys.derived_key`): the server keeps only its hash, yet the
organiser's page can show every venue's link and QR code again, since whoever holds the
organiser's key can make them. A venue's key lets that venue start qualifiers and send
their results, and nothing else: it is sent in ``X-Venue-Key`` or kept in the cookie
``venue`` of a browser that opened the venue's link ``/seasons/<id>/venues/<venue>/<key>``.
The organiser may do what any venue may.
"""

from __future__ import annotations

from flask import request

from ..web import keys
from .errors import OrganiserOnly, VenueOnly
from .store import Season, Venue

ORGANISER_HEADER = "X-Organiser-Key"
VENUE_HEADER = "X-Venue-Key"
ORGANISERS = keys.Ring("organiser", "[A-Za-z0-9_-]{16}")
VENUES = keys.Ring("venue", "[A-Za-z0-9_-]{12}", held=40)


def venue_key(organiser_key: str, venue_id: str) -> str:
    return keys.derived_key(organiser_key, f"venue:{venue_id}")


def organises(season: Season) -> bool:
    """Whether the request holds the organiser's key: ``X-Organiser-Key`` when sent (and
    then only it), else this browser's cookie."""
    if ORGANISER_HEADER in request.headers:
        return keys.opens(season.key_hash, request.headers[ORGANISER_HEADER])
    return keys.opens(season.key_hash, ORGANISERS.keys().get(season.id))


def require_organiser(season: Season) -> None:
    if not organises(season):
        raise OrganiserOnly(season=season.name)


def organiser_key(season: Season) -> str | None:
    """The organiser's key this browser holds (to link the organiser's page), if valid."""
    key = ORGANISERS.keys().get(season.id)
    return key if keys.opens(season.key_hash, key) else None


def runs(season: Season, venue: Venue) -> bool:
    """Whether the request may act for ``venue``: its key (``X-Venue-Key``), or the
    organiser's (``X-Organiser-Key``), or a browser holding either."""
    if VENUE_HEADER in request.headers:
        return keys.opens(venue.key_hash, request.headers[VENUE_HEADER])
    if ORGANISER_HEADER in request.headers:
        return organises(season)
    return keys.opens(venue.key_hash, VENUES.keys().get(venue.id)) or organises(season)


def require_venue(season: Season, venue: Venue) -> None:
    if not runs(season, venue):
        raise VenueOnly(venue=venue.name)


def held_venue_key(venue: Venue) -> str | None:
    key = VENUES.keys().get(venue.id)
    return key if keys.opens(venue.key_hash, key) else None
