"""A qualifier played on another server (a venue's laptop without internet), taken as
its event file (docs/api.md, A championship season).

Before anything is stored the file is replayed (``events/replay.py``): every game from
its deals, every table's totals and the standings from its games, every game ended;
one that does not add up is refused with the sentence naming the table, round or
player, and nothing is stored. The same file twice is one qualifier (the file's digest,
leaving out only the moment it was downloaded); a later file of the same event (its
name, start and seed), from the same venue, takes the place of the earlier one, as a
corrected result does. The file of an event played on this server is refused: it
counts here already.

Storing is the events' import (``events/transfer.py``): a new event on this server
whose director's key nobody holds (it changes only by a new file), recorded in the
season in the import's own transaction; the season numbers, the result and the ranking
follow in the same transaction (:mod:`.link`). The file is checked before the write
begins, so the write lock is held only for the rows themselves.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3

from ..events import replay, transfer
from ..web import keys
from . import store
from .errors import (
    LAST_CHANCE,
    QUALIFIER,
    BadKind,
    QualifierPlayedHere,
    QualifierSentElsewhere,
    SeasonOptionDiffers,
)
from .link import season_options
from .store import Season, Venue

#: The device an event taken from a file names in its history.
FILE_DEVICE = "season-file"


def digest(data: dict) -> str:
    """What makes two files the same file: everything but the moment of the download."""
    kept = {key: value for key, value in data.items() if key != "exported_at"}
    text = json.dumps(kept, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def take(db: sqlite3.Connection, season: Season, venue: Venue, data: object,
         kind: str = QUALIFIER) -> tuple[str, bool]:
    """Store a qualifier's file for ``venue``: answers its event's id on this server, and
    whether it is new (False: the same file was taken before)."""
    if kind not in (QUALIFIER, LAST_CHANCE):
        raise BadKind(value=kind)
    replayed = replay.checked(data)
    state = replayed.state
    assert isinstance(data, dict)
    for option, value in season_options(season).items():
        sent = data.get(option, "placement" if option == "scoring" else value)
        if sent != value:
            raise SeasonOptionDiffers(season=season.name, option=option, expected=value,
                                      value=sent)
    same = digest(data)
    event = store.origin_of(data.get("name"), data.get("created_at"), data.get("seed"))
    found = store.by_digest(db, season.id, same)
    if found is not None:
        return found, False
    earlier = store.by_origin(db, season.id, event)
    if earlier is not None and earlier["digest"] is None:
        raise QualifierPlayedHere(event=state.event.name)
    if earlier is not None and earlier["venue_id"] != venue.id:
        raise QualifierSentElsewhere(event=state.event.name,
                                     venue=season.venue(earlier["venue_id"]).name)

    def link(db: sqlite3.Connection, event_id: str) -> None:
        # Read again inside the write: the same file may have been taken meanwhile.
        taken = store.by_digest(db, season.id, same)
        if taken is not None:
            raise _Taken(taken)
        stale = store.by_origin(db, season.id, event)
        if stale is not None and stale["digest"] is not None:  # the same event's older file
            store.unlink_event(db, stale["event_id"])
        store.link_event(db, season, event_id, venue.id, kind, same, event)

    try:
        event_id = transfer.import_event(db, data, keys.key_hash(keys.new_key()),
                                         FILE_DEVICE, then=link, contents=replayed.contents)
    except _Taken as taken:
        return taken.event_id, False
    return event_id, True


class _Taken(Exception):
    """The same file was taken while this one was being stored: its import is undone."""

    def __init__(self, event_id: str) -> None:
        super().__init__(event_id)
        self.event_id = event_id
