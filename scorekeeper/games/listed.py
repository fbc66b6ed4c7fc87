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
from babel.lists import format_list
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


def names(people: Iterable[str], locale: Locale | None = None) -> str:
    """Names as a sentence lists them in ``locale``, else the page's language: "Eva and
    Gijs", "Ann, Bob en Cas" (``static/js/shared/catalog.js`` ``listed`` reads the same lists)."""
    return format_list(list(people), locale=locale or get_locale())


class Listed(NamedTuple):
    """One game's line, in words."""

    sheet: str
    """The URL of its score sheet."""
    players: str
    meta: str
    """Its date, deals and note: ``6 Feb 2026 · 30 deals · Club evening``."""
    won: str
    """``Won by ...``, or empty while the game runs."""


def listed(games: Iterable[GameSummary]) -> list[Listed]:
    """Each of ``games`` as the words of its line, in the language being rendered."""
    locale, catalog = get_locale(), get_translations()
    medium = babel_dates.parse_pattern(babel_dates.get_date_format("medium", locale))
    sheets = url_for("games.listing") + "/"  # a game's sheet is /games/<id> (games.sheet)
    lines = []
    for game in games:
        try:  # as game_date says it, with the pattern looked up once
            day = medium.apply(date.fromisoformat(game.created_at[:10]), locale)
        except ValueError:
            day = game.created_at[:10]
        deals = catalog.ungettext("%(num)s deal", "%(num)s deals", game.deals) % {
            "num": game.deals}
        won = (catalog.ugettext("Won by %(names)s") % {"names": names(game.winners, locale)}
               if game.finished else "")
        meta = f"{day} · {deals} · {game.note}" if game.note else f"{day} · {deals}"
        lines.append(Listed(sheets + game.id, ", ".join(game.players), meta, won))
    return lines
