"""The refusals of a club event that belong to the feature: its name, rounds and seed,
and seating a round. The engine's own refusals judge the rest: a name
(``BadPlayerName``), the list (``EventPlayerCount``, ``NameRepeated``) and the games'
settings.
"""

from __future__ import annotations

from ..engine.errors import N_, Nn_, RulesError
from ..engine.limits import MAX_EVENT_NAME, MAX_EVENT_ROUNDS

#: A seed is stored as SQLite's integer.
MAX_SEED = 2**63 - 1


class NoSuchEvent(RulesError):
    status = 404
    template = N_("There is no such event.")


class EventNotAnObject(RulesError):
    template = N_("Send the event as a JSON object.")


class BadEventName(RulesError):
    """The event's name is not text of 1 to ``limit`` characters after trimming."""

    template = N_("The event needs a name of 1 to %(limit)s characters.")
    limit: int = MAX_EVENT_NAME


class BadRounds(RulesError):
    template = N_("The number of event rounds must be a whole number from 1 to %(limit)s, "
                  "not “%(value)s”.")
    value: object
    limit: int = MAX_EVENT_ROUNDS


class BadSeed(RulesError):
    template = N_("The seed must be a whole number, 0 or more, not “%(value)s”.")
    value: object


class RoundStillPlaying(RulesError):
    """A round is seated only once every game seated before has ended."""

    status = 409
    template = Nn_("Event round %(round)s is still being played at %(tables)s table: the "
                   "next round is seated when every game has ended.",
                   "Event round %(round)s is still being played at %(tables)s tables: the "
                   "next round is seated when every game has ended.", "tables")
    round: int
    tables: int
    """How many of that round's tables are still playing."""


class RoundAlreadySeated(RulesError):
    """Two requests seated the same round at once; the first one counts."""

    status = 409
    template = N_("Event round %(round)s has just been seated (perhaps on another phone).")
    round: int


class AllRoundsSeated(RulesError):
    """Every round the event has was seated: none left to seat, join or leave."""

    status = 409
    template = N_("All %(rounds)s event rounds have been seated: there is no round left to "
                  "seat or to join.")
    rounds: int


class TooFewToSeat(RulesError):
    status = 409
    template = N_("Only %(count)s players are still in the event; a round needs at least 6.")
    count: int


class PlayerAlreadyOut(RulesError):
    status = 409
    template = N_("%(player)s has already left the event.")
    player: str
