"""The refusals of a championship season: the season and its rules, who may change it
(the organiser, a venue), its events, taking a qualifier's file, season numbers and
merging them. An event file that does not add up is refused by the events' replay
(``events/replay.py``), naming the table, round or player."""

from __future__ import annotations

from ..engine.errors import N_, RulesError

#: A season's name, as long as an event's.
MAX_SEASON_NAME = 100
#: A venue's name.
MAX_VENUE_NAME = 80
#: Venues of one season: every game shop of a country and then some.
MAX_VENUES = 500
#: Events of one season (qualifiers, the last chance, the final): the publisher's six
#: series held about 200 qualifiers in a year together.
MAX_SEASON_EVENTS = 1000
#: Places one qualifier gives (``per_event``), and entrants per place (``per_entrants``).
MAX_PER_EVENT = 50
MAX_PER_ENTRANTS = 200
#: The minimum of entrants a qualifier needs to give places, at most.
MAX_MIN_ENTRANTS = 200
#: Qualifiers that count for the ranking (``best``), at most.
MAX_BEST = 100
#: Players of one season (season numbers given).
MAX_SEASON_PLAYERS = 50000
#: The kinds of a season's events.
QUALIFIER, LAST_CHANCE, FINAL = "qualifier", "last_chance", "final"


class NoSuchSeason(RulesError):
    status = 404
    template = N_("There is no such season.")


class SeasonNotAnObject(RulesError):
    template = N_("Send the season as a JSON object.")


class BadSeasonName(RulesError):
    template = N_("The season needs a name of 1 to %(limit)s characters.")
    limit: int = MAX_SEASON_NAME


class BadQualify(RulesError):
    """``qualify``: ``{"per_event": n}`` or ``{"per_entrants": n}``."""

    template = N_("Say how players qualify: “per_event” and how many of each qualifier (up "
                  "to %(per_event)s), or “per_entrants” and for how many entrants one place "
                  "(up to %(per_entrants)s); not “%(value)s”.")
    value: object
    per_event: int = MAX_PER_EVENT
    per_entrants: int = MAX_PER_ENTRANTS


class BadPlaces(RulesError):
    """The form's number of places or entrants per place."""

    template = N_("The number of places must be a whole number from 1 to %(limit)s, not "
                  "“%(value)s”.")
    value: object
    limit: int


class BadMinEntrants(RulesError):
    template = N_("The minimum of entrants must be a whole number from 0 to %(limit)s, not "
                  "“%(value)s”.")
    value: object
    limit: int = MAX_MIN_ENTRANTS


class BadSeasonBest(RulesError):
    template = N_("The number of qualifiers that count must be a whole number from 1 to "
                  "%(limit)s, not “%(value)s”.")
    value: object
    limit: int = MAX_BEST


class OrganiserOnly(RulesError):
    status = 403
    template = N_("Only the organiser of the season “%(season)s” can do this. The "
                  "organiser's page has a link and a QR code that make another device an "
                  "organiser too.")
    season: str


class NotAnOrganiserLink(RulesError):
    status = 403
    template = N_("This is not the organiser's link of the season “%(season)s”: ask its "
                  "organiser for the link.")
    season: str


class NoSuchVenue(RulesError):
    status = 404
    template = N_("The season has no such venue.")


class BadVenueName(RulesError):
    template = N_("The venue needs a name of 1 to %(limit)s characters.")
    limit: int = MAX_VENUE_NAME


class VenuesFull(RulesError):
    status = 409
    template = N_("The season holds %(limit)s venues already.")
    limit: int = MAX_VENUES


class VenueOnly(RulesError):
    """A qualifier started, or its results sent, without the venue's (or the organiser's)
    key."""

    status = 403
    template = N_("Only the venue “%(venue)s”, with its link, or the season's organiser can "
                  "start its qualifiers and send their results.")
    venue: str


class NotAVenueLink(RulesError):
    status = 403
    template = N_("This is not the link of the venue “%(venue)s”: ask the season's organiser "
                  "for it.")
    venue: str


class BadKind(RulesError):
    template = N_("An event of a season is a “qualifier”, a “last_chance” or the “final”, "
                  "not “%(value)s”.")
    value: object


class VenueMissing(RulesError):
    template = N_("A qualifier is held at one of the season's venues: send its “venue”.")


class SeasonEventsFull(RulesError):
    status = 409
    template = N_("The season “%(season)s” holds %(limit)s events already.")
    season: str
    limit: int = MAX_SEASON_EVENTS


class FinalExists(RulesError):
    status = 409
    template = N_("The season “%(season)s” has its final already.")
    season: str


class SeasonOptionDiffers(RulesError):
    """An event of the season asked for another value of an option the season sets."""

    template = N_("Every event of the season “%(season)s” has “%(option)s” set to "
                  "“%(expected)s”, not “%(value)s”.")
    season: str
    option: str
    expected: object
    value: object


class UnknownSeasonNumber(RulesError):
    template = N_("No player of this season has the number %(number)s (given for "
                  "%(player)s).")
    number: int
    player: str


class NumberInEventTwice(RulesError):
    template = N_("The season number %(number)s (given for %(player)s) is %(other)s's, who "
                  "plays in this event too.")
    number: int
    player: str
    other: str


class SeasonPlayersFull(RulesError):
    status = 409
    template = N_("The season holds %(limit)s players already.")
    limit: int = MAX_SEASON_PLAYERS


class NoSuchPlayer(RulesError):
    status = 404
    template = N_("No player of this season has the number %(number)s.")
    number: object


class QualifierSentElsewhere(RulesError):
    """The file's event (its name, start and seed) was sent for another venue."""

    status = 409
    template = N_("This qualifier (“%(event)s”) was sent for the venue “%(venue)s” already.")
    event: str
    venue: str


class QualifierPlayedHere(RulesError):
    """The file of an event played on this server, which counts in the season already."""

    status = 409
    template = N_("This qualifier (“%(event)s”) was played on this server: it counts in the "
                  "season already.")
    event: str


class MergeSameNumber(RulesError):
    template = N_("The numbers %(number)s and %(other)s are one player already.")
    number: int
    other: int


class MergePlayedTogether(RulesError):
    """Two numbers that played in one event are two people."""

    template = N_("The numbers %(number)s and %(other)s both played in “%(event)s”: they "
                  "are two players, not one.")
    number: int
    other: int
    event: str


class BadMerge(RulesError):
    template = N_("Name the two season numbers to merge, each a whole number.")
