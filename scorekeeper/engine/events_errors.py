"""The typed errors of club events (CONTRACT §6): player lists, rounds and table results.

>>> error = EventPlayerCount(count=5)
>>> error, str(error), error.status
(EventPlayerCount(count=5), 'an event takes 6 to 200 players, not 5', 400)
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import RulesError
from .limits import MAX_EVENT_PLAYERS, MAX_EVENT_TABLE, MIN_EVENT_PLAYERS, MIN_EVENT_TABLE


@dataclass(eq=False)
class EventPlayerCount(RulesError):
    """An event (or one of its rounds) does not have 6 to 200 players."""

    count: int

    def __str__(self) -> str:
        return (f"an event takes {MIN_EVENT_PLAYERS} to {MAX_EVENT_PLAYERS} players, "
                f"not {self.count}")


@dataclass(eq=False)
class EventPlayerRepeated(RulesError):
    """A name is listed twice among an event's players."""

    player: str

    def __str__(self) -> str:
        return f"{self.player!r} is listed twice in the event"


@dataclass(eq=False)
class EventTableSize(RulesError):
    """A game's result names a number of players no event table seats (3 to 5)."""

    size: int

    def __str__(self) -> str:
        return (f"an event table seats {MIN_EVENT_TABLE} to {MAX_EVENT_TABLE} players, "
                f"not {self.size}")


@dataclass(eq=False)
class EventUnknownPlayer(RulesError):
    """A game's result, or a player leaving, names someone who does not play in the event."""

    player: str

    def __str__(self) -> str:
        return f"{self.player!r} does not play in this event"


@dataclass(eq=False)
class EventBadBullheads(RulesError):
    """A game's total for ``player`` is not a whole number of bullheads from 0."""

    player: str
    value: int

    def __str__(self) -> str:
        return f"the total of {self.player} is {self.value}, not a number of bullheads"
