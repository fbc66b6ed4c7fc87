"""How the season pages write dates, points and a season's rules, in the page's
language."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from babel import dates as babel_dates
from flask_babel import get_locale, get_translations, gettext, ngettext

from ..engine.errors import Nn_, Plural
from ..series.present import points
from .errors import FINAL, LAST_CHANCE, QUALIFIER
from .standing import QualifiedRow, RankRow
from .store import Season, SeasonEvent

__all__ = ["Words", "kind_name", "points", "rule_text"]


ENTRANTS = Nn_("%(num)s entrant", "%(num)s entrants", "num")
QUALIFIED = Nn_("%(num)s qualified", "%(num)s qualified", "num")
#: How each language writes a day of its month: "March 14", "14 maart", "14. März".
DAY_PATTERNS = {"en": "MMMM d", "nl": "d MMMM", "de": "d. MMMM"}


class Words:
    """The words of one season page in its language, each made once for the page: a day,
    an event's kind and line, points. A season page lists hundreds of events and players;
    asked of Babel and the catalog row by row, their words would cost more than the rest
    of the page (as ``games/listed.py`` found for a list of games)."""

    def __init__(self) -> None:
        self.locale = babel_dates.Locale.parse(get_locale())
        self.catalog = get_translations()
        self.pattern = babel_dates.parse_pattern(
            DAY_PATTERNS.get(self.locale.language, "d MMMM"))
        self.kinds = {FINAL: gettext("Final"), LAST_CHANCE: gettext("Last chance"),
                      QUALIFIER: gettext("Qualifier")}
        self.playing = gettext("being played")
        self._days: dict[str, str] = {}
        self._points: dict[object, str] = {}

    def day(self, moment: str | None) -> str:
        """A stored moment's day (UTC)."""
        if moment is None:
            return ""
        key = moment[:10]
        if key not in self._days:
            try:
                self._days[key] = self.pattern.apply(date.fromisoformat(key), self.locale)
            except ValueError:
                self._days[key] = key
        return self._days[key]

    def kind(self, kind: str) -> str:
        return self.kinds.get(kind, kind)

    def points(self, value: Fraction) -> str:
        if value not in self._points:
            self._points[value] = points(value)
        return self._points[value]

    def counted(self, words: Plural, count: int) -> str:
        return self.catalog.ungettext(words.one, words.other, count) % {"num": count}

    def event_line(self, event: SeasonEvent, venue: bool = True) -> str:
        """"Qualifier · Spielwiese Köln · 14 March · 12 entrants · 3 qualified"."""
        parts = [self.kind(event.kind)]
        if venue and event.venue:
            parts.append(event.venue)
        if event.ended is None:
            parts.append(self.playing)
            return " · ".join(parts)
        parts.append(self.day(event.ended))
        parts.append(self.counted(ENTRANTS, event.entrants))
        if event.kind != FINAL:
            parts.append(self.counted(QUALIFIED, event.qualified))
        return " · ".join(parts)


    def qualified(self, rows: list[QualifiedRow]) -> list[tuple[int, str, str, int]]:
        """Who qualified, as the season's page lists them: number, name, where and when,
        place there (plain values: a page lists hundreds)."""
        return [(row.number, row.name, f"{row.venue or row.event}, {self.day(row.ended)}",
                 row.place) for row in rows]

    def ranking(self, rows: list[RankRow]) -> list[tuple[int, int, str, int, str, bool]]:
        """The ranking's lines: rank, number, name, qualifiers, points, qualified."""
        return [(row.rank, row.number, row.name, row.events, self.points(row.points),
                 row.qualified) for row in rows]

    def events(self, events: list[SeasonEvent], urls: dict[str, str]
               ) -> list[tuple[str, str, str]]:
        """Each event's link (its results once ended, else its own page), name and line."""
        return [((urls["results"] if event.ended else urls["event"]) + event.event_id,
                 event.name, self.event_line(event)) for event in events]


def kind_name(kind: str) -> str:
    return Words().kind(kind)


def rule_text(season: Season) -> str:
    """One line on how players qualify and what the ranking counts."""
    rule = season.rule
    if rule.per_event is not None:
        text = ngettext("The best player of each qualifier qualifies.",
                        "The best %(num)s players of each qualifier qualify.", rule.per_event)
    else:
        text = ngettext("Each qualifier gives one place for every entrant.",
                        "Each qualifier gives one place for every %(num)s entrants, rounded "
                        "up.", rule.per_entrants or 1)
    if rule.min_entrants:
        text += " " + ngettext("A qualifier of fewer than %(num)s entrant gives none.",
                               "A qualifier of fewer than %(num)s entrants gives none.",
                               rule.min_entrants)
    if season.best:
        text += " " + ngettext("The ranking counts each player's best qualifier.",
                               "The ranking counts each player's best %(num)s qualifiers.",
                               season.best)
    else:
        text += " " + gettext("The ranking counts every qualifier a player played.")
    return text
