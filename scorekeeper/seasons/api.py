"""``/api/v1/seasons``: a championship season as JSON (docs/api.md, A championship
season).

Creating a season answers the organiser's key once, adding a venue that venue's key
once; every change needs a key (``X-Organiser-Key``, or ``X-Venue-Key`` for a venue's
own results) and the CSRF token, as the events API does. The season, its standings and a
player's line are public: they name players, venues and events, never a key.
"""

from __future__ import annotations

from fractions import Fraction

from flask import Blueprint, jsonify, request, url_for

from ..engine.event_options import make_options
from ..engine.season import QualifyRule
from ..events.errors import MAX_EVENT_FILE, EventFileTooLarge
from ..web import keys, security
from ..web.db import get_db
from ..web.jsonio import parse_json, read_json
from . import access, files, numbers, standing, store
from .errors import (
    FINAL,
    MAX_BEST,
    MAX_MIN_ENTRANTS,
    MAX_PER_ENTRANTS,
    MAX_PER_EVENT,
    MAX_SEASON_NAME,
    MAX_VENUE_NAME,
    QUALIFIER,
    BadMerge,
    BadMinEntrants,
    BadQualify,
    BadSeasonBest,
    BadSeasonName,
    BadVenueName,
    OrganiserOnly,
    SeasonNotAnObject,
)
from .store import Season, SeasonEvent, must_load

bp = Blueprint("seasons_api", __name__, url_prefix="/api/v1/seasons")


def _text(value: object, limit: int, refusal: type) -> str:
    text = value.strip() if isinstance(value, str) else ""
    if not 0 < len(text) <= limit:
        raise refusal()
    return text


def checked_name(value: object) -> str:
    return _text(value, MAX_SEASON_NAME, BadSeasonName)


def checked_venue_name(value: object) -> str:
    return _text(value, MAX_VENUE_NAME, BadVenueName)


def _whole(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def checked_rule(qualify: object, min_entrants: object) -> QualifyRule:
    """``{"per_event": n}`` or ``{"per_entrants": n}``, and the minimum of entrants
    (8 when not sent)."""
    if not isinstance(qualify, dict) or len(qualify) != 1:
        raise BadQualify(value=qualify)
    (kind, value), = qualify.items()
    limit = {"per_event": MAX_PER_EVENT, "per_entrants": MAX_PER_ENTRANTS}.get(kind)
    count = _whole(value)
    if limit is None or count is None or not 1 <= count <= limit:
        raise BadQualify(value=qualify)
    minimum = 8 if min_entrants is None else _whole(min_entrants)
    if minimum is None or not 0 <= minimum <= MAX_MIN_ENTRANTS:
        raise BadMinEntrants(value=min_entrants)
    if kind == "per_event":
        return QualifyRule(per_event=count, min_entrants=minimum)
    return QualifyRule(per_entrants=count, min_entrants=minimum)


def checked_best(value: object) -> int | None:
    if value is None:
        return None
    best = _whole(value)
    if best is None or not 1 <= best <= MAX_BEST:
        raise BadSeasonBest(value=value)
    return best


def checked_scoring(value: object) -> str:
    """The season's scoring, checked as an event's is (placement if none is sent)."""
    return str(make_options(scoring=value).scoring)


def number(value: Fraction) -> int | float:
    """Points as JSON: whole numbers exact, shared places' fractions to 2 decimals."""
    return int(value) if value.denominator == 1 else round(float(value), 2)


def in_sixtieths(value: int) -> int | float:
    """Points stored in sixtieths, as :func:`number` writes them.

    >>> in_sixtieths(420), in_sixtieths(270), in_sixtieths(220)
    (7, 4.5, 3.67)
    """
    whole, part = divmod(value, 60)
    return whole if part == 0 else round(value / 60, 2)


def date(moment: str | None) -> str | None:
    """The day of a stored moment (UTC): what a season lists."""
    return None if moment is None else moment[:10]


def event_json(event: SeasonEvent) -> dict:
    return {"id": event.event_id, "name": event.name, "kind": event.kind,
            "venue": event.venue, "started": event.started, "ended": event.ended,
            "entrants": event.entrants, "qualified": event.qualified,
            "from_file": event.from_file}


def final_json(events: list[SeasonEvent]) -> dict | None:
    """The final, and once it has ended its order: the season's champion first."""
    final = next((event for event in events if event.kind == FINAL), None)
    if final is None:
        return None
    order = [] if final.ended is None else standing.event_results(get_db(), final.event_id)
    return {**event_json(final), "standings": [
        {"rank": rank, "number": number, "player": name}
        for rank, number, name, _points, _games in order]}


def season_json(season: Season) -> dict:
    rule = season.rule
    qualify = ({"per_event": rule.per_event} if rule.per_event is not None
               else {"per_entrants": rule.per_entrants})
    events = store.events_of(get_db(), season.id)
    return {"id": season.id, "name": season.name, "qualify": qualify,
            "min_entrants": rule.min_entrants, "best": season.best, "scoring": season.scoring,
            "created_at": season.created_at,
            "venues": [{"id": v.id, "name": v.name} for v in season.venues],
            "events": [event_json(e) for e in events], "final": final_json(events)}


def standings_json(season: Season) -> dict:
    db = get_db()
    return {
        "qualified": [{"number": q.number, "player": q.name, "event": q.event,
                       "venue": q.venue, "date": date(q.ended), "rank": q.place}
                      for q in standing.qualified(db, season.id)],
        "standings": [{"rank": r.rank, "number": r.number, "player": r.name,
                       "events": r.events, "points": in_sixtieths(r.sixtieths),
                       "qualified": r.qualified} for r in standing.ranking(db, season.id)],
    }


def player_json(view: standing.PlayerView) -> dict:
    qualified = view.qualified
    final = view.final
    return {
        "number": view.number, "player": view.name, "rank": view.rank,
        "events": view.events, "points": number(view.points),
        "qualified": None if qualified is None else {
            "event": qualified.event, "venue": qualified.venue,
            "date": date(qualified.ended), "rank": qualified.place},
        "qualifiers": [{"event": e.event, "kind": e.kind, "venue": e.venue,
                        "date": date(e.ended), "rank": e.rank, "points": number(e.points)}
                       for e in view.entries
                       if e.kind != FINAL and e.ended is not None and e.games
                       and e.points is not None],
        "final": None if final is None or final.ended is None else {
            "event": final.event, "date": date(final.ended), "rank": final.rank},
    }


def _object() -> dict:
    data = read_json()
    if not isinstance(data, dict):
        raise SeasonNotAnObject()
    return data


@bp.post("")
def create():
    data = _object()
    name = checked_name(data.get("name"))
    rule = checked_rule(data.get("qualify"), data.get("min_entrants"))
    best, scoring = checked_best(data.get("best")), checked_scoring(data.get("scoring"))
    key = keys.new_key()
    season_id = store.create_season(get_db(), name, rule, best, scoring, keys.key_hash(key))
    answer = season_json(must_load(get_db(), season_id))
    answer["organiser_key"] = key
    answer["organiser_url"] = url_for("seasons.organiser", season_id=season_id, key=key,
                                      _external=True)
    return security.keep_secret(jsonify(answer)), 201


@bp.get("/<season_id>")
def show(season_id: str):
    return jsonify(season_json(must_load(get_db(), season_id)))


def held_organiser_key(season: Season) -> str:
    """The organiser's key the request holds (header, else cookie): a venue's key is
    made from it. 403 without it."""
    key = request.headers.get(access.ORGANISER_HEADER) if (
        access.ORGANISER_HEADER in request.headers) else access.organiser_key(season)
    if not keys.opens(season.key_hash, key):
        raise OrganiserOnly(season=season.name)
    assert isinstance(key, str)
    return key


def add_venue(season: Season, name: str, organiser_key: str) -> tuple[str, str]:
    """A new venue of the season: its id and key."""
    venue_id = store.new_venue_id()
    key = access.venue_key(organiser_key, venue_id)
    store.add_venue(get_db(), season, venue_id, name, keys.key_hash(key))
    return venue_id, key


@bp.post("/<season_id>/venues")
def venues(season_id: str):
    season = must_load(get_db(), season_id)
    organiser_key = held_organiser_key(season)
    name = checked_venue_name(_object().get("name"))
    venue_id, key = add_venue(season, name, organiser_key)
    return security.keep_secret(jsonify({
        "id": venue_id, "name": name, "venue_key": key,
        "venue_url": url_for("seasons.venue_link", season_id=season_id, venue_id=venue_id,
                             key=key, _external=True)})), 201


def read_file() -> object:
    """The body as an event file, refused past the largest the events read back."""
    if (request.content_length or 0) > MAX_EVENT_FILE:
        raise EventFileTooLarge()
    raw = request.get_data(cache=False)
    if len(raw) > MAX_EVENT_FILE:
        raise EventFileTooLarge()
    return parse_json(raw)


@bp.post("/<season_id>/venues/<venue_id>/results")
def results(season_id: str, venue_id: str):
    """A qualifier's event file (``?kind=last_chance`` for the last chance): 201 when
    taken, 200 when the same file was taken before."""
    db = get_db()
    season = must_load(db, season_id)
    venue = season.venue(venue_id)
    access.require_venue(season, venue)
    event_id, new = files.take(db, season, venue, read_file(),
                               request.args.get("kind", QUALIFIER))
    event = store.event_of(db, season.id, event_id)
    assert event is not None
    return jsonify({**event_json(event), "new": new}), 201 if new else 200


@bp.get("/<season_id>/standings")
def standings(season_id: str):
    return jsonify(standings_json(must_load(get_db(), season_id)))


@bp.get("/<season_id>/players/<int:number>")
def player(season_id: str, number: int):
    season = must_load(get_db(), season_id)
    return jsonify(player_json(standing.player_view(get_db(), season, number)))


@bp.post("/<season_id>/merge")
def merge(season_id: str):
    """``{"from": 12, "into": 7}``: the organiser's; answers the standings."""
    season = must_load(get_db(), season_id)
    access.require_organiser(season)
    data = _object()
    source, target = _whole(data.get("from")), _whole(data.get("into"))
    if source is None or target is None:
        raise BadMerge()
    numbers.merge(get_db(), season, source, target)
    return jsonify(standings_json(season)), 201

