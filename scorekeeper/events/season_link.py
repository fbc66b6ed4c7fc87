"""An event that belongs to a championship season (docs/api.md, A championship season).

The season feature sits above events and uses them; events never import it. So the
application factory registers here what an event asks of the season, as
:mod:`.joining` does for a club's series:

- :func:`prepare`: an event is being created with ``"season"`` (a venue's qualifier, the
  last chance, or the organiser's final). The season checks who asks (the venue's or the
  organiser's key) and answers a :class:`Plan`: the players to seat (the final seats the
  qualified players and the wild cards typed), their season numbers, the options every
  event of the season takes (its scoring), and what to record once the event is stored.
- :func:`changed`: an act changed an event (every act writes the event's history, which
  calls this in the act's transaction): a season's event may have ended, or taken a
  late arrival who needs a season number. A refusal here undoes the act.
- :func:`notes`: what a season's event shows besides its own: each player's season
  number (on the table slips) and the link a player opens after the evening.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ..engine.limits import MAX_EVENT_PLAYERS


@dataclass(frozen=True)
class Asked:
    """An event to be created for a season, as the request gives it."""

    season: str
    venue: str | None
    kind: str | None
    players: list[str]
    """The names typed (for a final: the wild cards), checked as names already."""
    numbers: dict[str, int]
    """Season numbers given with some of them."""
    options: Mapping[str, object] = field(default_factory=dict)
    """The event's options as the request gives them (the JSON body's fields)."""


@dataclass(frozen=True)
class Plan:
    """The event the season wants created."""

    title: str
    """What the event is, in the request's language ("Qualifier of … at …")."""
    players: list[str]
    numbers: dict[str, int]
    options: dict[str, object]
    """Options every event of the season takes (its scoring): a request that sends
    another value is refused; the event's creation reads them as if sent."""
    seated: int = 0
    """Players the season adds by itself (the qualified players of a final)."""
    max_players: int = MAX_EVENT_PLAYERS
    admit: Callable[[sqlite3.Connection, str], None] = lambda _db, _event: None
    """Records the event in the season, inside the transaction that creates it."""


@dataclass(frozen=True)
class SeasonNotes:
    numbers: dict[str, int]
    """Each player's season number, by name."""
    link: str
    """Where a player finds their results after the evening."""
    season: str
    """The season's name."""


Prepare = Callable[[Asked], Plan]
Changed = Callable[[sqlite3.Connection, str, str], None]
Notes = Callable[[sqlite3.Connection, str], SeasonNotes | None]


@dataclass
class _Season:
    prepare: Prepare | None = None
    changed: Changed | None = None
    notes: Notes | None = None


_season = _Season()


def register(prepare: Prepare, changed: Changed, notes: Notes) -> None:
    _season.prepare, _season.changed, _season.notes = prepare, changed, notes


def prepare(asked: Asked) -> Plan:
    if _season.prepare is None:
        raise RuntimeError("no season feature registered")
    return _season.prepare(asked)


def changed(db: sqlite3.Connection, event_id: str, act: str) -> None:
    if _season.changed is not None:
        _season.changed(db, event_id, act)


def notes(db: sqlite3.Connection, event_id: str) -> SeasonNotes | None:
    """None for an event of no season."""
    return _season.notes(db, event_id) if _season.notes is not None else None
