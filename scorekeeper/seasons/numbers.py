"""Season numbers: one per player of the season, across its venues (docs/rules.md, A
championship season).

A player gets their number when they first enter an event of the season (a qualifier
played here, a file's players when it is taken, a wild card of the final): the number
they give, else the number their name has played under, the names compared with case
folded and marks taken off their letters (Søren = Soren, Łukasz = Lukasz, Müller =
Muller; ``engine/names.py`` :func:`plain_key`), else the next new number. Two players
of one event never share a number. The organiser merges two numbers of one person (never
two that played in one event): the first one's results count for the second from then on.
"""

from __future__ import annotations

import sqlite3

from ..engine.names import name_key, plain_key
from ..events.store import Event
from ..web.db import transaction
from . import standing, store
from .errors import (
    MergePlayedTogether,
    MergeSameNumber,
    NoSuchPlayer,
    NumberInEventTwice,
    UnknownSeasonNumber,
)
from .store import Season


def current(db: sqlite3.Connection, season_id: str, number: int) -> int | None:
    """The number ``number`` counts as now (a number merged away counts as the one it
    was merged into); None when the season has no such number."""
    row = store.player(db, season_id, number)
    if row is None:
        return None
    return int(row["merged_into"] or number)


def _given(db: sqlite3.Connection, season: Season, name: str, given: int | None,
           taken: dict[int, str], strict: bool) -> int | None:
    """The number a player gave, if it is one of the season's and free in this event.
    ``strict``: a number that is not is refused (a qualifier played here, where the
    player can type it again); else (a file from another server) the name decides."""
    if given is None:
        return None
    number = current(db, season.id, given)
    if number is None:
        if strict:
            raise UnknownSeasonNumber(number=given, player=name)
        return None
    if number in taken:
        if strict:
            raise NumberInEventTwice(number=given, player=name, other=taken[number])
        return None
    return number


def follow_renames(db: sqlite3.Connection, season: Season, event: Event) -> None:
    """Entrants the event's director renamed keep their numbers under their new names (a
    rename corrects a spelling: the player is the same)."""
    have = store.entrants(db, event.id)
    for rename in event.renames:
        if rename.from_name in have and rename.to_name not in have:
            number = have.pop(rename.from_name)
            store.rename_entrant(db, season.id, event.id, rename.from_name, rename.to_name,
                                 number, plain_key(rename.to_name))
            have[rename.to_name] = number


def assign(db: sqlite3.Connection, season: Season, event: Event, strict: bool = True) -> None:
    """Give every player of ``event`` who has none in it yet their season number (in the
    caller's transaction): first those who gave one, then those whose name is a
    number's own (case aside), then those whose name is one with marks taken off, then
    new numbers. Two players of the event never share one: "Jan" and "Ján" playing in
    one event keep two numbers, the one named "Jan" his own."""
    have = store.entrants(db, event.id)
    taken = {number: name for name, number in have.items()}
    pending = [name for name in event.players if name not in have]

    def give(name: str, number: int) -> None:
        store.add_entrant(db, season.id, event.id, name, number, plain_key(name))
        taken[number] = name
        pending.remove(name)

    for name in [name for name in pending if name in event.numbers]:
        number = _given(db, season, name, event.numbers[name], taken, strict)
        if number is not None:
            give(name, number)
    for exact in (True, False):
        for name in list(pending):
            number = next((number for number, shown in store.numbers_named(
                db, season.id, plain_key(name)) if number not in taken and (
                    not exact or name_key(shown) == name_key(name))), None)
            if number is not None:
                give(name, number)
    for name in list(pending):
        give(name, store.new_player(db, season.id, name))


def merge(db: sqlite3.Connection, season: Season, source: int, target: int) -> None:
    """Number ``source`` is number ``target``'s player from now on; the ranking and who
    qualified are settled again in the same transaction."""
    with transaction(db):
        for number in (source, target):
            row = store.player(db, season.id, number)
            if row is None or row["merged_into"] is not None:
                raise NoSuchPlayer(number=number)
        if source == target:
            raise MergeSameNumber(number=source, other=target)
        event = store.played_together(db, season.id, source, target)
        if event is not None:
            raise MergePlayedTogether(number=source, other=target, event=event)
        store.merge(db, season.id, source, target)
        standing.settle(db, season)
