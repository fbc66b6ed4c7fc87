"""``/tournament``: Variant 3 — players and hands, printable sheets, results, standings.

The pages and PDFs; ``POST /api/v1/tournament/sheets`` is in :mod:`.api`. Rules live in
:mod:`scorekeeper.engine.tournament`, storage in :mod:`.store`, PDF rendering in
:mod:`scorekeeper.web.pdf`.
"""

from __future__ import annotations

import re

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import force_locale, get_locale

from ..engine import tournament as rules
from ..engine.cards import bullheads
from ..web import pdf
from ..web.messages import describe
from . import store

bp = Blueprint("tournament", __name__, url_prefix="/tournament")

SEATS = range(1, rules.MAX_PLAYERS + 1)


def parse_cards(text: str) -> list[int] | str:
    """Numbers typed in any common way ("2, 4 8-14"); the text back if a token is no number.

    >>> parse_cards("2, 4 8-14;19")
    [2, 4, 8, 14, 19]
    >>> parse_cards("2 four")
    '2 four'
    """
    tokens = [token for token in re.split(r"[\s,;.\-–/]+", text) if token]
    if not all(token.isascii() and token.isdigit() for token in tokens):
        return text
    return [int(token) for token in tokens]


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
            {"owner": owner, "cards": hands[owner], "order": rules.sheet_order(players, owner)}
            for owner in players
        ],
        "rows": rules.starting_rows(players, hands),
        "lines": len(players),
    }


def _paper() -> str:
    paper = request.args.get("paper", "a4")
    return paper if paper in pdf.PAPER_SIZES else "a4"


def current_lang() -> str:
    return str(get_locale() or "en")


# --- Pages ---


@bp.route("", methods=["GET", "POST"])
def page():
    values = {"names": [""] * len(SEATS), "hands": [""] * len(SEATS)}
    message = None
    if request.method == "POST":
        values["names"] = [request.form.get(f"name{seat}", "") for seat in SEATS]
        values["hands"] = [request.form.get(f"hand{seat}", "") for seat in SEATS]
        filled = [
            (name, hand) for name, hand in zip(values["names"], values["hands"], strict=True)
            if name.strip() or hand.strip()
        ]
        try:
            players = rules.check_players([name for name, _hand in filled])
            typed = [hand for _name, hand in filled]
            hands = rules.check_hands(players, {
                name: parse_cards(hand) if hand.strip() else None
                for name, hand in zip(players, typed, strict=True)
            })
        except rules.TournamentError as exc:
            message = describe(exc)
        else:
            tournament_id = store.create(players, hands)
            return redirect(url_for("tournament.show", tournament_id=tournament_id))
    return render_template(
        "tournament/index.html", values=values, message=message, recent=store.recent()
    ), (400 if message else 200)


@bp.get("/sheet.pdf")
def blank_sheet():
    return pdf_response(
        "tournament/sheets.html", "tournament-sheet.pdf", current_lang(), _paper(),
        sheets=[{"owner": None, "cards": [None] * rules.HAND_SIZE,
                 "order": [""] * rules.MAX_PLAYERS}],
        rows=None, lines=rules.MAX_PLAYERS,
    )


@bp.get("/sheet")
def blank_preview():
    """The blank sheet as a web page: the same template the PDF is made from."""
    return render_template(
        "tournament/sheets.html", paper=_paper(), preview=True,
        sheets=[{"owner": None, "cards": [None] * rules.HAND_SIZE,
                 "order": [""] * rules.MAX_PLAYERS}],
        rows=None, lines=rules.MAX_PLAYERS,
    )


def _load(tournament_id: int) -> store.Tournament:
    tournament = store.load(tournament_id)
    if tournament is None:
        abort(404)
    return tournament


@bp.get("/<int:tournament_id>")
def show(tournament_id: int):
    tournament = _load(tournament_id)
    game = request.args.get("game", type=int) or tournament.next_game
    if game is not None and not 1 <= game <= (tournament.next_game or len(tournament.players)):
        game = tournament.next_game
    entered = tournament.games.get(game, {}) if game else {}
    values = [str(entered[owner]) if owner in entered else "" for owner in tournament.players]
    return _render_show(tournament, game, values, None)


def _render_show(tournament, game, values, message):
    return render_template(
        "tournament/show.html", t=tournament, game=game, values=values, message=message,
        plan=rules.schedule(tournament.players), hands=rules.hands_played(tournament.players),
        rows=rules.starting_rows(tournament.players, tournament.hands), bullheads=bullheads,
    ), (400 if message else 200)


@bp.post("/<int:tournament_id>/games/<int:game>")
def save_game(tournament_id: int, game: int):
    tournament = _load(tournament_id)
    if not 1 <= game <= (tournament.next_game or len(tournament.players)):
        abort(404)
    values = [request.form.get(f"points{seat}", "").strip() for seat in SEATS][
        : len(tournament.players)
    ]
    points = {
        owner: int(value) if value.isascii() and value.isdigit() else value
        for owner, value in zip(tournament.players, values, strict=True)
    }
    try:
        checked = rules.check_game_points(tournament.players, points)
    except rules.TournamentError as exc:
        return _render_show(tournament, game, values, describe(exc))
    store.save_game(tournament.id, game, checked)
    return redirect(url_for("tournament.show", tournament_id=tournament.id) + "#standings")


@bp.get("/<int:tournament_id>/sheets.pdf")
def sheets_pdf(tournament_id: int):
    tournament = _load(tournament_id)
    return pdf_response(
        "tournament/sheets.html", f"tournament-{tournament.id}-sheets.pdf", current_lang(),
        _paper(),
        **sheets_context(tournament.players, tournament.hands),
    )


@bp.get("/<int:tournament_id>/sheets")
def sheets_preview(tournament_id: int):
    """The sheets as a web page: the same template the PDF is made from."""
    tournament = _load(tournament_id)
    return render_template(
        "tournament/sheets.html", paper=_paper(), preview=True,
        back=url_for("tournament.show", tournament_id=tournament.id),
        **sheets_context(tournament.players, tournament.hands),
    )


@bp.get("/<int:tournament_id>/standings.pdf")
def standings_pdf(tournament_id: int):
    tournament = _load(tournament_id)
    return pdf_response(
        "tournament/standings.html", f"tournament-{tournament.id}-standings.pdf", current_lang(),
        _paper(), t=tournament, hands=rules.hands_played(tournament.players),
    )
