"""``/api/v1/series``: a club's series as JSON (docs/api.md, Series).

Creating a series answers its key once; every change (an event joining, a merge) needs
it in ``X-Series-Key`` and the CSRF token, as the events API does. The series and its
standings are public: they name players and events, never a key or a game's link.
"""

from __future__ import annotations

from fractions import Fraction

from flask import Blueprint, jsonify, request, url_for

from ..engine.names import name_key, normal_name
from ..engine.series import Rating
from ..events import director as event_director
from ..events import store as events
from ..web import keys, security
from ..web.db import get_db, transaction
from ..web.jsonio import BadShape, read_json
from . import key as series_key
from . import store
from .errors import (
    MAX_SERIES_EVENTS,
    MAX_SERIES_NAME,
    BadBest,
    BadSeriesName,
    MergeSameEvent,
    MergeSamePlayer,
    MergeUnknownPlayer,
    SeriesEventKey,
    SeriesNotAnObject,
)
from .season import Season, kept_season, load_season, players_of
from .store import Series, must_load

bp = Blueprint("series_api", __name__, url_prefix="/api/v1/series")


def checked_name(value: object) -> str:
    """The series' name, made and checked as a player's or an event's name is."""
    return normal_name(value, MAX_SERIES_NAME, lambda _value: BadSeriesName())


def checked_best(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not (
            1 <= value <= MAX_SERIES_EVENTS):
        raise BadBest(value=value)
    return value


def number(value: Fraction) -> int | float:
    """Points as JSON: whole numbers exact, shared places' fractions to 2 decimals."""
    return int(value) if value.denominator == 1 else round(float(value), 2)


def rating_json(rating: Rating) -> dict:
    return {"mu": round(rating.mu, 4), "sigma": round(rating.sigma, 4),
            "ordinal": round(rating.ordinal, 4)}


def series_json(series: Series) -> dict:
    return {"id": series.id, "name": series.name, "best": series.best,
            "created_at": series.created_at,
            "events": [{"id": e.id, "name": e.name, "created_at": e.created_at}
                       for e in series.events],
            "merges": [{"id": m.id, "from": m.from_name, "into": m.into_name,
                        "created_at": m.created_at} for m in series.merges],
            "undone_merges": [{"id": m.id, "from": m.from_name, "into": m.into_name,
                               "created_at": m.created_at, "undone_at": m.undone_at}
                              for m in series.undone]}


def standings_json(state: Season) -> dict:
    return {"events": len(state.series.events), "standings": [
        {"rank": row.standing.rank, "player": row.name, "events": row.standing.events,
         "points": number(row.standing.points), "rating": rating_json(row.standing.rating)}
        for row in state.rows]}


@bp.post("")
def create():
    data = read_json()
    if not isinstance(data, dict):
        raise SeriesNotAnObject()
    name, best = checked_name(data.get("name")), checked_best(data.get("best"))
    key = keys.new_key()
    series_id = store.create_series(get_db(), name, best, keys.key_hash(key))
    answer = series_json(must_load(get_db(), series_id))
    answer["director_key"] = key
    answer["director_url"] = url_for("series.director", series_id=series_id, key=key,
                                     _external=True)
    return security.keep_secret(jsonify(answer)), 201


@bp.get("/<series_id>")
def show(series_id: str):
    return jsonify(series_json(must_load(get_db(), series_id)))


@bp.get("/<series_id>/standings")
def standings(series_id: str):
    return jsonify(standings_json(load_season(get_db(), series_id)))


def merge(series: Series, source: object, target: object) -> tuple[str, str]:
    """Record that the name ``source`` is the player ``target`` (:func:`checked_merge`)."""
    source, target = checked_merge(series, source, target)
    store.add_merge(get_db(), series.id, name_key(source), source, target)
    return source, target


def checked_merge(series: Series, source: object, target: object) -> tuple[str, str]:
    """The two names of a merge, made as names are: both must have played in the series,
    be two players now, and never have played in one event. Nothing is stored."""
    source, target = normal_name(source), normal_name(target)
    db = get_db()
    state = kept_season(db, series)
    keys = players_of(series, state.tables)
    known = {key: player for event in keys for key, player in event.items()}
    for name in (source, target):
        if name_key(name) not in known:
            raise MergeUnknownPlayer(player=name)
    if known[name_key(source)] == known[name_key(target)]:
        raise MergeSamePlayer(player=source, other=target)
    sides = ({k for k, p in known.items() if p == known[name_key(source)]},
             {k for k, p in known.items() if p == known[name_key(target)]})
    for event, played in zip(series.events, keys, strict=True):
        if sides[0] & played.keys() and sides[1] & played.keys():
            raise MergeSameEvent(player=source, other=target, event=event.name)
    return source, target


@bp.post("/<series_id>/merge")
def merge_names(series_id: str):
    """``{"from": "Jose", "into": "José"}``: the director's; answers the standings."""
    series = must_load(get_db(), series_id)
    series_key.require(series)
    data = read_json()
    if not isinstance(data, dict):
        raise SeriesNotAnObject()
    for field in ("from", "into"):
        if not isinstance(data.get(field), str):
            raise BadShape(field=field, expected="text")
    merge(series, data["from"], data["into"])
    return jsonify(standings_json(load_season(get_db(), series_id))), 201


def add_existing(series: Series, event_id: str, event_key: object) -> events.Event:
    """An event that exists already on this server joins the series: the series' key
    was checked; ``event_key`` must be the event's director's key."""
    db = get_db()
    event = events.must_load(db, event_id)
    if not event_director.opens(event, event_key):
        raise SeriesEventKey(event=event.name)
    with transaction(db):
        store.add_event(db, series, event.id)
    return event


@bp.post("/<series_id>/events")
def add_event(series_id: str):
    """``{"event": "<event id>"}`` with the series' key (``X-Series-Key``) and the event's
    director's key (``X-Director-Key``): an event that exists already joins the series."""
    series = must_load(get_db(), series_id)
    series_key.require(series)
    data = read_json()
    if not isinstance(data, dict):
        raise SeriesNotAnObject()
    if not isinstance(data.get("event"), str):
        raise BadShape(field="event", expected="text")
    add_existing(series, data["event"], request.headers.get(event_director.HEADER))
    return jsonify(series_json(must_load(get_db(), series_id))), 201
@bp.post("/<series_id>/merges/<int:merge_id>/undo")
def undo_merge(series_id: str, merge_id: int):
    """The director's: merge ``merge_id`` (its ``id`` in the series) counts no more, and
    stays in the series' ``undone_merges``; answers the standings."""
    series = must_load(get_db(), series_id)
    series_key.require(series)
    store.undo_merge(get_db(), series.id, merge_id)
    return jsonify(standings_json(load_season(get_db(), series_id)))
