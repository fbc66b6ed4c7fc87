"""``/tournament``: Variant 3 — players and hands, printable sheets, results, standings.

The pages and PDFs; ``POST /api/v1/tournament/sheets`` is in :mod:`.api`. Rules live in
:mod:`scorekeeper.engine.tournament`, forms in :mod:`.forms`, storage in :mod:`.store`,
printing in :mod:`.sheets`. A bad form is shown again with what was typed, so the views
catch the rules' errors themselves; anything else goes to the app's error handlers.

A tournament is kept as a game is: its address holds an unguessable token
(``<tournament:…>``), so only whoever has its link sees its hands and enters results, and
``/tournament`` lists only the tournaments made on this device or kept from their link.
"""

from __future__ import annotations

import click
from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask.blueprints import BlueprintSetupState

from ..engine import tournament as tournament_rules
from ..engine.cards import bullheads
from ..engine.errors import N_, RulesError
from ..web import catalog
from ..web.db import get_db
from ..web.device import device, kept, scope
from ..web.errors import describe
from ..web.pdf import current_lang, paper_arg
from ..web.pdf import response as pdf_response
from ..web.security import SecretToken, private
from ..web.workers import heavy
from . import event as event_fields
from . import store
from .forms import ConfirmForm, CreateForm, ResultsForm
from .sheets import blank_context, sheets_context


class TournamentToken(SecretToken):
    """``<tournament:tournament_id>`` in a route: a tournament's token, 20 hex digits."""


def _add_converter(state: BlueprintSetupState) -> None:
    state.app.url_map.converters.setdefault("tournament", TournamentToken)


bp = Blueprint("tournament", __name__, url_prefix="/tournament")
bp.record_once(_add_converter)  # before any route names <tournament:...>

#: The draft on one phone (static/js/pages/tournament-draft.js): what its status line says.
DRAFT = {
    "turn": N_("%(player)s picks card %(number)s of 10"),
    "done": N_("The draft is complete. The four rows start with %(cards)s."),
    "names": N_("Enter 2 to 5 different names first."),
    "picked": N_("Card %(card)s, taken by %(player)s"),
}
DRAFT_CATALOG = catalog.page("tournament", DRAFT)


@bp.cli.command("links")
def links_command() -> None:
    """Print every stored tournament's address, newest first (the keeper of the server
    hands a link on to whoever played a tournament made before addresses were tokens)."""
    for item in store.recent(get_db(), None, limit=-1):
        event = f"{item['event'].name} · " if item["event"].name else ""
        click.echo(f"/tournament/{item['id']}  {item['created_at']}  {event}"
                   + ", ".join(item["players"]))


# --- Pages ---


@bp.route("", methods=["GET", "POST"])
@private  # lists this device's tournaments
def page():
    form = CreateForm()
    message = None
    if form.validate_on_submit():
        try:
            players, hands = form.tournament()
            event = form.event()
        except RulesError as exc:
            message = describe(exc)
        else:
            token = store.create(get_db(), players, hands, event, device(create=True))
            return redirect(url_for("tournament.show", tournament_id=token))
    elif form.is_submitted():
        abort(400)  # only the CSRF check can fail, and CSRFProtect answers that first
    phone = scope()
    return render_template(
        "tournament/index.html", form=form, message=message, open_list=phone is None,
        recent=store.recent(get_db(), phone), catalog=catalog.tag(DRAFT_CATALOG),
    ), (400 if message else 200)


def _print_args() -> dict[str, str]:
    """The print choices of a preview's query, for its link to the PDF, in its language."""
    kept = ("paper", "per_page", "event", "date", "table")
    return {**{key: request.args[key] for key in kept if key in request.args},
            "lang": current_lang()}


def _blank_context() -> dict:
    """``?event=&date=&table=&per_page=`` of the blank sheet's links."""
    return blank_context(event_fields.from_query(request.args),
                         event_fields.per_page_from_query(request.args))


@bp.get("/sheet.pdf")
@heavy
def blank_sheet():
    return pdf_response(
        "tournament/sheets.html", "tournament-sheet.pdf", current_lang(), paper_arg(),
        **_blank_context(),
    )


@bp.get("/sheet")
def blank_preview():
    """The blank sheet as a web page: the same template the PDF is made from."""
    return render_template(
        "tournament/sheets.html", paper=paper_arg(), preview=True,
        pdf_url=url_for("tournament.blank_sheet", **_print_args()), **_blank_context(),
    )


def _load(tournament_id: str) -> store.Tournament:
    tournament = store.load(get_db(), tournament_id)
    if tournament is None:
        abort(404)
    return tournament


def _open_game(tournament: store.Tournament) -> int:
    """The last game that may be entered or corrected: the next one, or the last one."""
    return tournament.next_game or len(tournament.players)


@bp.get("/<tournament:tournament_id>")
def show(tournament_id: str):
    tournament = _load(tournament_id)
    game = request.args.get("game", type=int) or tournament.next_game
    if game is not None and not 1 <= game <= _open_game(tournament):
        game = tournament.next_game
    entered = tournament.games.get(game, {}) if game else {}
    form = ResultsForm(formdata=None, data={
        f"points{seat}": str(entered[owner])
        for seat, owner in enumerate(tournament.players, start=1) if owner in entered
    })
    return _render_show(tournament, game, form, None)


def _render_show(tournament: store.Tournament, game: int | None, form: ResultsForm,
                 message: str | None):
    players = tournament.players
    phone = scope()
    return render_template(
        "tournament/show.html", t=tournament, game=game, form=form, message=message,
        listed=phone is None or store.kept(get_db(), phone, tournament.id),
        plan=tournament_rules.schedule(players),
        hands=tournament_rules.hands_played(players),
        rows=tournament_rules.starting_rows(players, tournament.hands), bullheads=bullheads,
    ), (400 if message else 200)


@bp.post("/<tournament:tournament_id>/keep")
def keep(tournament_id: str):
    """Keep a tournament opened through its link on this phone's list (its device cookie)."""
    tournament = _load(tournament_id)
    if not ConfirmForm().validate_on_submit():
        abort(400)  # only the CSRF check can fail, and CSRFProtect answers that first
    phone = device(create=True)
    assert phone is not None
    store.keep(get_db(), phone, tournament.id)
    return kept(url_for("tournament.show", tournament_id=tournament.id))


@bp.post("/<tournament:tournament_id>/games/<int:game>")
def save_game(tournament_id: str, game: int):
    tournament = _load(tournament_id)
    if not 1 <= game <= _open_game(tournament):
        abort(404)
    form = ResultsForm()
    if not form.validate():
        abort(400)  # only the CSRF check can fail, and CSRFProtect answers that first
    try:
        points = form.points(tournament.players)
    except RulesError as exc:
        return _render_show(tournament, game, form, describe(exc))
    store.save_game(get_db(), tournament, game, points)
    return redirect(url_for("tournament.show", tournament_id=tournament.id) + "#standings")


def _sheets_context(tournament: store.Tournament) -> dict:
    """The stored tournament's sheets, ``?per_page=`` to a page."""
    return sheets_context(tournament.players, tournament.hands, tournament.event,
                          event_fields.per_page_from_query(request.args))


@bp.get("/<tournament:tournament_id>/sheets.pdf")
@heavy
def sheets_pdf(tournament_id: str):
    tournament = _load(tournament_id)
    return pdf_response(
        "tournament/sheets.html", "tournament-sheets.pdf", current_lang(),
        paper_arg(), **_sheets_context(tournament),
    )


@bp.get("/<tournament:tournament_id>/sheets")
def sheets_preview(tournament_id: str):
    """The sheets as a web page: the same template the PDF is made from."""
    tournament = _load(tournament_id)
    return render_template(
        "tournament/sheets.html", paper=paper_arg(), preview=True,
        back=url_for("tournament.show", tournament_id=tournament.id),
        pdf_url=url_for("tournament.sheets_pdf", tournament_id=tournament.id,
                        **_print_args()),
        **_sheets_context(tournament),
    )


@bp.get("/<tournament:tournament_id>/standings.pdf")
@heavy
def standings_pdf(tournament_id: str):
    tournament = _load(tournament_id)
    return pdf_response(
        "tournament/standings.html", "tournament-standings.pdf",
        current_lang(), paper_arg(), t=tournament,
        hands=tournament_rules.hands_played(tournament.players),
    )
