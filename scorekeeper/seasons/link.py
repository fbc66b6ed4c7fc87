"""What a season answers the events below it (``events/season_link.py``), registered by
the season's blueprint: creating an event of the season, hearing that one changed, and
what its slips print.

Every event of a season takes the season's options through :func:`season_options`, the
one place they are set: its ``scoring`` today (docs/api.md, What a championship asks of
an event); whatever other option an event's creation accepts passes through as sent.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from flask import url_for
from flask_babel import gettext

from ..engine.limits import MAX_FINAL_PLAYERS, MAX_NAME
from ..engine.names import name_key
from ..events import season_link
from ..events import store as events
from ..events.season_link import Asked, Plan, SeasonNotes
from ..web.db import get_db
from . import access, numbers, standing, store
from .errors import (
    FINAL,
    LAST_CHANCE,
    QUALIFIER,
    BadKind,
    FinalExists,
    SeasonOptionDiffers,
    VenueMissing,
)
from .store import Season


def season_options(season: Season) -> dict[str, object]:
    """The options every event of the season is created with."""
    return {"scoring": season.scoring}


def final_names(players: list[tuple[int, str]]) -> dict[str, int]:
    """The qualified players' names in the final, with their numbers: a name two
    players share (case aside) is told apart by the number.

    >>> final_names([(4, "Jan"), (9, "JAN"), (12, "Eva")])
    {'Jan #4': 4, 'JAN #9': 9, 'Eva': 12}
    """
    counts: dict[str, int] = {}
    for _number, name in players:
        counts[name_key(name)] = counts.get(name_key(name), 0) + 1
    named: dict[str, int] = {}
    for number, name in players:
        if counts[name_key(name)] > 1:
            suffix = f" #{number}"
            name = name[:MAX_NAME - len(suffix)].rstrip() + suffix
        named[name] = number
    return named


def _admit(season: Season, venue_id: str | None, kind: str
           ) -> Callable[[sqlite3.Connection, str], None]:
    def admit(db: sqlite3.Connection, event_id: str) -> None:
        if kind == FINAL and store.final_of(db, season.id) is not None:
            raise FinalExists(season=season.name)
        event = events.must_load(db, event_id)
        store.link_event(db, season, event_id, venue_id, kind,
                         origin=store.origin_of(event.name, event.created_at, event.seed))
        numbers.assign(db, season, event)
    return admit


def prepare(asked: Asked) -> Plan:
    """An event of the season to be created: refused without the venue's key (a
    qualifier) or the organiser's (the final)."""
    db = get_db()
    season = store.must_load(db, asked.season)
    kind = QUALIFIER if asked.kind is None else asked.kind
    if kind not in (QUALIFIER, LAST_CHANCE, FINAL):
        raise BadKind(value=kind)
    options = season_options(season)
    for option, value in options.items():
        if asked.options.get(option, value) != value:
            raise SeasonOptionDiffers(season=season.name, option=option, expected=value,
                                      value=asked.options[option])
    if kind == FINAL:
        access.require_organiser(season)
        if store.final_of(db, season.id) is not None:
            raise FinalExists(season=season.name)
        seated = final_names([(row.number, row.name) for row in standing.qualified(db, season.id)])
        return Plan(gettext("The final of the season “%(season)s”: its qualified players are "
                            "seated.", season=season.name),
                    [*seated, *asked.players], {**seated, **asked.numbers}, options,
                    seated=len(seated), max_players=MAX_FINAL_PLAYERS,
                    admit=_admit(season, None, FINAL))
    if asked.venue is None:
        raise VenueMissing()
    venue = season.venue(asked.venue)
    access.require_venue(season, venue)
    title = (gettext("The last-chance qualifier of the season “%(season)s” at %(venue)s.",
                     season=season.name, venue=venue.name) if kind == LAST_CHANCE else
             gettext("A qualifier of the season “%(season)s” at %(venue)s.",
                     season=season.name, venue=venue.name))
    return Plan(title, asked.players, dict(asked.numbers), options,
                admit=_admit(season, venue.id, kind))


def changed(db: sqlite3.Connection, event_id: str, act: str) -> None:
    """An act changed an event: a season's event gives its new players their numbers
    (a file's players, from another server, strictly only by what matches), and is
    recorded and settled once ended."""
    link = store.link_of(db, event_id)
    if link is None:
        return
    season = store.must_load(db, link["season_id"])
    event = events.must_load(db, event_id)
    if act == "rename":
        numbers.follow_renames(db, season, event)
    numbers.assign(db, season, event, strict=act != "import")
    standing.changed(db, season, event_id, link["ended_at"])


def game_changed(db: sqlite3.Connection, token: str) -> None:
    """A deal, correction, withdrawal or restore at a table: one indexed read, and more
    only for a season's event whose every game has ended (or had)."""
    link = store.link_of_game(db, token)
    if link is not None:
        season = store.must_load(db, link["season_id"])
        standing.changed(db, season, link["event_id"], link["ended_at"])


def notes(db: sqlite3.Connection, event_id: str) -> SeasonNotes | None:
    link = store.link_of(db, event_id)
    if link is None:
        return None
    season = store.must_load(db, link["season_id"])
    return SeasonNotes(store.entrants(db, event_id),
                       url_for("seasons.results", season_id=season.id, event_id=event_id,
                               _external=True), season.name)


def register() -> None:
    season_link.register(prepare, changed, notes)
