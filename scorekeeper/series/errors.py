"""The refusals of a club's series: its name and ``best``, who may change it, an event
joining it, and merging two spellings of one player. Names themselves are judged by the
engine (``BadPlayerName``, ``NameHiddenCharacter``, ``NameNotVisible``)."""

from __future__ import annotations

from ..engine.errors import N_, RulesError

#: A series' name, as long as an event's.
MAX_SERIES_NAME = 100
#: Events one series holds: a club evening every week of a year, twice over.
MAX_SERIES_EVENTS = 104
#: Spellings merged in one series.
MAX_SERIES_MERGES = 500


class NoSuchSeries(RulesError):
    status = 404
    template = N_("There is no such series.")


class SeriesNotAnObject(RulesError):
    template = N_("Send the series as a JSON object.")


class BadSeriesName(RulesError):
    template = N_("The series needs a name of 1 to %(limit)s characters.")
    limit: int = MAX_SERIES_NAME


class BadBest(RulesError):
    """``best``: how many of each player's events count, if not all."""

    template = N_("The number of events that count must be a whole number from 1 to "
                  "%(limit)s, not “%(value)s”.")
    value: object
    limit: int = MAX_SERIES_EVENTS


class SeriesOnly(RulesError):
    """A change to a series (an event joining it, a merge) without its key."""

    status = 403
    template = N_("Only the director of the series “%(series)s” can change it or add an "
                  "event to it. The series' director's page has a link and a QR code that "
                  "make another device a director too.")
    series: str


class NotASeriesLink(RulesError):
    status = 403
    template = N_("This is not the director's link of the series “%(series)s”: ask its "
                  "director for the link, or scan the QR code on the director's page.")
    series: str


class SeriesFull(RulesError):
    status = 409
    template = N_("The series “%(series)s” holds %(limit)s events already: start a new "
                  "series.")
    series: str
    limit: int = MAX_SERIES_EVENTS


class MergesFull(RulesError):
    status = 409
    template = N_("The series holds %(limit)s merged names already.")
    limit: int = MAX_SERIES_MERGES


class MergeUnknownPlayer(RulesError):
    template = N_("“%(player)s” has no finished game in this series.")
    player: str


class MergeSamePlayer(RulesError):
    template = N_("“%(player)s” and “%(other)s” already count as one player.")
    player: str
    other: str


class MergeSameEvent(RulesError):
    """Two names that played in one event are two people."""

    template = N_("“%(player)s” and “%(other)s” both played in “%(event)s”: they are two "
                  "players, not two spellings of one.")
    player: str
    other: str
    event: str


class SeriesEventKey(RulesError):
    """An event that exists already, added to a series without its director's key."""

    status = 403
    template = N_("Adding “%(event)s” to a series needs the event's director's key as well "
                  "as the series' key.")
    event: str


class EventInSeries(RulesError):
    """An event counts in one series only."""

    status = 409
    template = N_("“%(event)s” is one of a series' events already.")
    event: str


class NotAnEventLink(RulesError):
    template = N_("Paste the event's director's link, as its director's page shows it: "
                  "“%(value)s” is not one.")
    value: str
