"""A game's line in a list, rendered once per state and language, then kept.

A list page shows twenty games, and each line's links, dates and translated words cost
more than the rest of the page. A line changes only with what it shows (the stored
summary: deals, end, winners, note) and the language, so that is its key; a bounded
number are kept, the oldest dropped first.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from flask import Flask, current_app, render_template
from markupsafe import Markup

from ..web.i18n import current_language
from .summary import GameSummary

#: Lines kept per app: a few hundred kilobytes at most.
LINES_KEPT = 4096
_lock = threading.Lock()


def game_lines(games: list[GameSummary], delete_word: str | None = None) -> Markup:
    """The ``<li>`` of each of ``games``, with a delete link labelled ``delete_word`` when
    given."""
    kept: OrderedDict = current_app.extensions["games.lines"]
    language = current_language()
    lines = []
    for game in games:
        key = (game, language, delete_word)
        with _lock:
            line = kept.get(key)
        if line is None:
            line = render_template("games/_game_item.html", game=game, delete_word=delete_word)
            with _lock:
                kept[key] = line
                if len(kept) > LINES_KEPT:
                    kept.popitem(last=False)
        lines.append(line)
    return Markup("".join(lines))


def init_app(app: Flask) -> None:
    app.extensions["games.lines"] = OrderedDict()
    app.add_template_global(game_lines, "game_lines")
