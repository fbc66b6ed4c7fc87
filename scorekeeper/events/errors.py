"""The typed refusals of a club event, each with its translated sentence.

They live beside the feature, since the web layer may not import a feature: the
sentences join the one table in :mod:`scorekeeper.web.messages` through
:func:`~scorekeeper.web.messages.add_sentences`, so ``describe`` answers them like any
other error. The engine's own errors judge the rest:
a name (``BadPlayerName``), the list (``EventPlayerCount``, ``EventPlayerRepeated``) and
the games' settings.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from flask_babel import lazy_gettext

from ..engine.errors import RulesError
from ..engine.limits import MAX_EVENT_NAME, MAX_EVENT_ROUNDS, MIN_EVENT_PLAYERS
from ..web.messages import add_sentences

#: A seed is stored as SQLite's integer.
MAX_SEED = 2**63 - 1


@dataclass(eq=False)
class EventError(RulesError):
    """Base class of the event's refusals."""


@dataclass(eq=False)
class NoSuchEvent(EventError):
    status: ClassVar[int] = 404

    def __str__(self) -> str:
        return "there is no such event"


@dataclass(eq=False)
class EventNotAnObject(EventError):
    def __str__(self) -> str:
        return "an event must be a JSON object"


@dataclass(eq=False)
class BadEventName(EventError):
    """The event's name is not text of 1 to ``limit`` characters after trimming."""

    limit: int = MAX_EVENT_NAME

    def __str__(self) -> str:
        return f"the event's name must be 1 to {self.limit} characters"


@dataclass(eq=False)
class BadRounds(EventError):
    value: object
    limit: int = MAX_EVENT_ROUNDS

    def __str__(self) -> str:
        return f"rounds must be a whole number from 1 to {self.limit}, not {self.value!r}"


@dataclass(eq=False)
class BadSeed(EventError):
    value: object

    def __str__(self) -> str:
        return f"the seed must be a whole number from 0 to {MAX_SEED}, not {self.value!r}"


@dataclass(eq=False)
class RoundStillPlaying(EventError):
    """A round is seated only once every game seated before has ended."""

    status: ClassVar[int] = 409
    round: int
    tables: int
    """How many of that round's tables are still playing."""

    def __str__(self) -> str:
        return f"{self.tables} table(s) of round {self.round} are still playing"


@dataclass(eq=False)
class RoundAlreadySeated(EventError):
    """Two requests seated the same round at once; the first one counts."""

    status: ClassVar[int] = 409
    round: int

    def __str__(self) -> str:
        return f"round {self.round} has just been seated"


@dataclass(eq=False)
class AllRoundsSeated(EventError):
    """Every round the event has was seated: none left to seat, join or leave."""

    status: ClassVar[int] = 409
    rounds: int

    def __str__(self) -> str:
        return f"all {self.rounds} rounds have been seated"


@dataclass(eq=False)
class TooFewToSeat(EventError):
    status: ClassVar[int] = 409
    count: int

    def __str__(self) -> str:
        return f"only {self.count} players are left; a round needs {MIN_EVENT_PLAYERS}"


@dataclass(eq=False)
class PlayerAlreadyOut(EventError):
    status: ClassVar[int] = 409
    player: str

    def __str__(self) -> str:
        return f"{self.player!r} has already left the event"


add_sentences({
    NoSuchEvent: lazy_gettext("There is no such event."),
    EventNotAnObject: lazy_gettext("Send the event as a JSON object."),
    BadEventName: lazy_gettext("The event needs a name of 1 to %(limit)s characters."),
    BadRounds: lazy_gettext(
        "The number of event rounds must be a whole number from 1 to %(limit)s, "
        "not “%(value)s”."),
    BadSeed: lazy_gettext("The seed must be a whole number, 0 or more, not “%(value)s”."),
    RoundStillPlaying: lazy_gettext(
        "Event round %(round)s is still being played at %(tables)s table(s): the next "
        "round is seated when every game has ended."),
    RoundAlreadySeated: lazy_gettext(
        "Event round %(round)s has just been seated (perhaps on another phone)."),
    AllRoundsSeated: lazy_gettext(
        "All %(rounds)s event rounds have been seated: there is no round left to seat "
        "or to join."),
    TooFewToSeat: lazy_gettext(
        "Only %(count)s players are still in the event; a round needs at least 6."),
    PlayerAlreadyOut: lazy_gettext("%(player)s has already left the event."),
})
