"""The tournament's printables: one template answered as a PDF or as its screen preview.

Shared by the pages (:mod:`.views`) and the JSON API (:mod:`.api`), so neither imports the
other and both print a sheet the same way.
"""

from __future__ import annotations

from flask import Response, current_app, render_template, request
from flask_babel import force_locale, get_locale

from ..engine import tournament as tournament_rules
from ..web import pdf


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


def sheets_context(players: list[str], hands: dict[str, list[int]]) -> dict:
    """One sheet per hand: its cards and the players in the order they play it."""
    return {
        "sheets": [
            {"owner": owner, "cards": hands[owner],
             "order": tournament_rules.sheet_order(players, owner)}
            for owner in players
        ],
        "rows": tournament_rules.starting_rows(players, hands),
        "lines": len(players),
    }


def blank_context() -> dict:
    """A sheet with no owner, no cards and an empty line per seat: to copy by hand."""
    seats = tournament_rules.TOURNAMENT_MAX_PLAYERS
    return {
        "sheets": [{"owner": None, "cards": [None] * tournament_rules.HAND_SIZE,
                    "order": [""] * seats}],
        "rows": None,
        "lines": seats,
    }
