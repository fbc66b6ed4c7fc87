"""Games in a list, in the page's language: the words of each game's line, made for the
whole list at once.

A list shows twenty games. Asked of Babel and the catalog through the template, each
line's date and count of deals cost more than the rest of the page; here the page's
locale and catalog are looked up once per list and each game's words made in plain
Python. ``templates/games/_game_item.html`` writes the markup.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import NamedTuple

from babel import Locale
from babel import dates as babel_dates
from flask import url_for
from flask_babel import get_locale, get_translations

from .summary import GameSummary


def game_date(stamp: str, locale: Locale | None = None) -> str:
    """A stored UTC timestamp as a date in ``locale``, else the page's language
    (21 Nov 2026, 21.11.2026)."""
    try:
        day = date.fromisoformat(stamp[:10])
    except ValueError:
        return stamp[:10]
    return babel_dates.format_date(day, "medium", locale=locale or get_locale())


class Listed(NamedTuple):
    """One game's line: the game, its sheet's URL, and its players, date, deals and
    winners as words."""

    game: GameSummary
    sheet: str
    players: str
    date: str
    deals: str
    won: str
    """``Won by ...``, or empty while the game runs."""


def listed(games: Iterable[GameSummary]) -> list[Listed]:
    """Each of ``games`` with the words of its line, in the language being rendered."""
    locale, catalog = get_locale(), get_translations()
    medium = babel_dates.parse_pattern(babel_dates.get_date_format("medium", locale))
    sheets = url_for("games.listing") + "/"  # a game's sheet is /games/<id> (games.sheet)

    def day(stamp: str) -> str:  # as game_date says it, its pattern looked up once
        try:
            return medium.apply(date.fromisoformat(stamp[:10]), locale)
        except ValueError:
            return stamp[:10]

    return [Listed(
        game, sheets + game.id, ", ".join(game.players), day(game.created_at),
        catalog.ungettext("%(num)s deal", "%(num)s deals", game.deals) % {"num": game.deals},
        catalog.ugettext("Won by %(names)s") % {"names": ", ".join(game.winners)}
        if game.finished else "",
    ) for game in games]
