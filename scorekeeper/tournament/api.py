"""``POST /api/v1/tournament/sheets``: the prefilled sheets of a tournament as one PDF.

Every refusal is a typed error (:class:`~scorekeeper.web.jsonio.BadShape` for a field of
the wrong kind, a ``RulesError`` for a rule); the view lets it through to the app's
error handler, which answers it as translated JSON with its status.
"""

from __future__ import annotations

from flask import Blueprint

from ..engine import tournament as tournament_rules
from ..web import pdf
from ..web.i18n import LANGUAGES
from ..web.jsonio import BadShape, read_json
from ..web.pdf import current_lang
from ..web.pdf import response as pdf_response
from ..web.workers import heavy
from .event import from_body as event_from_body
from .sheets import sheets_context

bp = Blueprint("tournament_api", __name__, url_prefix="/api/v1/tournament")


@bp.post("/sheets")
@heavy
def sheets_api():
    """Prefilled sheets as a PDF (docs/api.md, Tournament sheets).

    Optional: ``event``, ``date`` (``YYYY-MM-DD``) and ``table`` for
    the sheets' head, and ``per_page`` (1 or 2 hands on each sheet of paper; 1 by default).

    Not CSRF-protected, on purpose: like ``/api/v1/placement`` it is a pure function of
    its body. It stores nothing and changes nothing, and a cross-site page that posts to
    it cannot read the answer, so a forged request gains the forger nothing.
    """
    data = read_json()
    players, hands, lang, paper = _parse_sheets_request(data)
    event, per_page = event_from_body(data)
    players = tournament_rules.check_players(players)
    hands = tournament_rules.check_hands(
        players, {owner.strip(): hand for owner, hand in hands.items()}
    )
    return pdf_response(
        "tournament/sheets.html", "tournament-sheets.pdf", lang, paper,
        **sheets_context(players, hands, event, per_page),
    )


def _parse_sheets_request(data: object) -> tuple[list, dict, str, str]:
    """The body's fields, each of the kind docs/api.md names, or :class:`BadShape`."""
    if not isinstance(data, dict):
        raise BadShape(field="(body)", expected="object")
    players, hands = data.get("players"), data.get("hands")
    if not isinstance(players, list):
        raise BadShape(field="players", expected="list of names")
    if not isinstance(hands, dict):
        raise BadShape(field="hands", expected="object of hands")
    lang = data.get("lang", current_lang())
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise BadShape(field="lang", expected="one of " + ", ".join(LANGUAGES))
    paper = data.get("paper", "a4")
    if not isinstance(paper, str) or paper not in pdf.PAPER_SIZES:
        raise BadShape(field="paper", expected="one of " + ", ".join(pdf.PAPER_SIZES))
    return players, hands, lang, paper
