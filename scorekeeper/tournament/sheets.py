"""The tournament's printables: one template answered as a PDF or as its screen preview.

Shared by the pages (:mod:`.views`) and the JSON API (:mod:`.api`), so neither imports the
other and both print a sheet the same way.
"""

from __future__ import annotations

from flask import Response, current_app, render_template, request
from flask_babel import force_locale, get_locale

from ..engine import tournament as tournament_rules
from ..web import pdf
from .event import NO_EVENT, Event


def current_lang() -> str:
    """The request's language code; a PDF is printed in it unless the body names another."""
    return str(get_locale() or "en")


def paper_arg() -> str:
    """``?paper=`` if it names a paper size we print on, else A4."""
    paper = request.args.get("paper", "a4")
    return paper if paper in pdf.PAPER_SIZES else "a4"


def pdf_response(template: str, filename: str, lang: str, paper: str, **context) -> Response:
    """Render ``template`` in ``lang`` on ``paper`` and answer it as a PDF."""
    with force_locale(lang):
        html = render_template(template, paper=paper, **context)
    body = pdf.render(html, current_app.static_folder, paper)
    response = Response(body, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def _paged(sheets: list[dict], per_page: int) -> list[list[dict]]:
    """The sheets grouped as they go on paper, ``per_page`` (1 or 2) to a page.

    >>> _paged([1, 2, 3, 4, 5], 2)
    [[1, 2], [3, 4], [5]]
    """
    return [sheets[start:start + per_page] for start in range(0, len(sheets), per_page)]


def sheets_context(players: list[str], hands: dict[str, list[int]], event: Event = NO_EVENT,
                   per_page: int = 1) -> dict:
    """One sheet per hand: its cards and the players in the order they play it."""
    sheets = [
        {"owner": owner, "cards": hands[owner],
         "order": tournament_rules.sheet_order(players, owner)}
        for owner in players
    ]
    return {
        "pages": _paged(sheets, per_page),
        "per_page": per_page,
        "event": event,
        "rows": tournament_rules.starting_rows(players, hands),
    }


def blank_context(event: Event = NO_EVENT, per_page: int = 1) -> dict:
    """A sheet with no owner, no cards and an empty line per seat: to copy by hand.

    Two to a page print the same blank twice, to cut in halves.
    """
    seats = tournament_rules.TOURNAMENT_MAX_PLAYERS
    blank = {"owner": None, "cards": [None] * tournament_rules.HAND_SIZE,
             "order": [""] * seats}
    return {"pages": [[blank] * per_page], "per_page": per_page, "event": event,
            "rows": None}
