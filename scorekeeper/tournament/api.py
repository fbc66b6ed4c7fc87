"""``POST /api/v1/tournament/sheets``: the prefilled sheets of a tournament as one PDF."""

from __future__ import annotations

from flask import Blueprint
from flask_babel import gettext as _

from ..engine import tournament as rules
from ..web import pdf
from ..web.i18n import LANGUAGES
from ..web.jsonio import error, read_json
from ..web.messages import describe
from .views import current_lang, pdf_response, sheets_context

bp = Blueprint("tournament_api", __name__, url_prefix="/api/v1/tournament")


class BadField(ValueError):
    """A JSON field is missing or of the wrong kind."""


@bp.post("/sheets")
def sheets_api():
    """Prefilled sheets as a PDF (CONTRACT.md, "Tournament sheets").

    Not CSRF-protected, on purpose: like ``/api/v1/placement`` it is a pure function of
    its body. It stores nothing and changes nothing, and a cross-site page that posts to
    it cannot read the answer, so a forged request gains the forger nothing.
    """
    data = read_json()
    try:
        players, hands, lang, paper = _parse_sheets_request(data)
        players = rules.check_players(players)
        hands = rules.check_hands(players, {owner.strip(): hand for owner, hand in hands.items()})
    except BadField as exc:
        return error(_("The field “%(field)s” is not filled in the expected form.",
                       field=str(exc)))
    except rules.TournamentError as exc:
        return error(describe(exc))
    return pdf_response(
        "tournament/sheets.html", "tournament-sheets.pdf", lang, paper,
        **sheets_context(players, hands),
    )


def _parse_sheets_request(data: object):
    if not isinstance(data, dict):
        raise BadField("(body)")
    players, hands = data.get("players"), data.get("hands")
    if not isinstance(players, list):
        raise BadField("players")
    if not isinstance(hands, dict):
        raise BadField("hands")
    lang = data.get("lang", current_lang())
    if lang not in LANGUAGES:
        raise BadField("lang")
    paper = data.get("paper", "a4")
    if paper not in pdf.PAPER_SIZES:
        raise BadField("paper")
    return players, hands, lang, paper
