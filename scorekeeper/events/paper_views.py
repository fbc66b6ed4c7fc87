"""An event's paper: the round's table slips and the standings as PDF, the results as CSV.

Each answer is built from :func:`.progress.load_progress`, the same plain data the
director's page shows, so paper and screen cannot disagree.
"""

from __future__ import annotations

from flask import Blueprint, abort, url_for
from flask_babel import gettext

from ..engine.standings import placement_points
from ..games import spreadsheet
from ..web import pdf
from ..web.db import get_db
from .present import score
from .printed import Slip, slips_pdf, standings_pdf
from .progress import Progress, load_progress

bp = Blueprint("events_paper", __name__)


@bp.get("/events/<event_id>/rounds/<int:number>/slips.pdf")
def slips(event_id: str, number: int):
    """One slip per table of round ``number``: its players in seat order and its game's
    link as a QR code."""
    state = load_progress(get_db(), event_id)
    tables = [t.seat for t in state.tables if t.seat.round == number]
    if not tables:
        abort(404)
    return slips_pdf(state.event.name, number, [
        Slip(seat.number, seat.players,
             url_for("games.sheet", game_id=seat.game, _external=True))
        for seat in tables
    ], pdf.current_lang(), pdf.paper_arg())


@bp.get("/events/<event_id>/standings.pdf")
def standings(event_id: str):
    state = load_progress(get_db(), event_id)
    return standings_pdf(state.event.name, state.complete, state.standings,
                         pdf.current_lang(), pdf.paper_arg())


def results_table(state: Progress) -> list[list[object]]:
    """The standings, then every finished game a line per player: what a club reports."""
    table: list[list[object]] = [[
        gettext("Place"), gettext("Name"), gettext("Points"), gettext("Relative"),
        gettext("Bullheads"), gettext("Games"), gettext("Lot"),
    ]]
    for row in state.standings:
        table.append([row.rank, row.player, score(row.points), score(row.relative),
                      row.bullheads, row.games, "" if row.lot is None else row.lot])
    table.append([])
    table.append([gettext("Event round"), gettext("Table"), gettext("Name"),
                  gettext("Bullheads"), gettext("Points")])
    for table_state in state.tables:
        if not table_state.finished:
            continue
        totals = table_state.totals
        points = placement_points(totals)
        for player in table_state.seat.players:
            table.append([table_state.seat.round, table_state.seat.number, player,
                          totals[player], score(points[player])])
    return table


@bp.get("/events/<event_id>/results.csv")
def results(event_id: str):
    """The results for a spreadsheet: ``;`` and a byte-order mark for Dutch and German,
    ``,`` for English (``?sep=comma|semicolon`` chooses)."""
    return spreadsheet.response(results_table(load_progress(get_db(), event_id)),
                                "event-results.csv")
