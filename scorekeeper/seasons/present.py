"""How the season pages write dates, points and a season's rules, in the page's
language."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from babel import dates as babel_dates
from flask_babel import get_locale, gettext, ngettext

from ..series.present import points
from .errors import FINAL, LAST_CHANCE
from .store import Season

__all__ = ["days", "kind_name", "points", "rule_text"]


def days() -> Callable[[str | None], str]:
    """A function writing a stored moment's day as the page's language does ("14 March",
    "14 maart", "14. März"): the pattern is looked up once, each day written once."""
    locale = babel_dates.Locale.parse(get_locale())
    skeletons = locale.datetime_skeletons
    pattern = babel_dates.parse_pattern(skeletons[babel_dates.match_skeleton("MMMMd",
                                                                            skeletons)])
    made: dict[str, str] = {}

    def day(moment: str | None) -> str:
        if moment is None:
            return ""
        key = moment[:10]
        if key not in made:
            try:
                made[key] = pattern.apply(date.fromisoformat(key), locale)
            except ValueError:
                made[key] = key
        return made[key]

    return day


def kind_name(kind: str) -> str:
    if kind == FINAL:
        return gettext("Final")
    if kind == LAST_CHANCE:
        return gettext("Last chance")
    return gettext("Qualifier")


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
