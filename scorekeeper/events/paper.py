"""An event's paper: the round's table slips with each table's game link as a QR code,
followed by a paper score sheet for each table (for a phone that fails), a round's
results to pin on the wall, the standings as PDF, and the results as CSV.

Each answer is built from :func:`.progress.load_progress`, the same plain data the
director's page shows, so paper and screen cannot disagree; the PDFs themselves take
plain data (:func:`slips_pdf`, :func:`standings_pdf`). A slip carries the link twice: as
a QR code for a phone's camera and as text for typing. The QR code is a PNG ``data:``
URL, the one kind of resource WeasyPrint's restricted fetcher (:mod:`scorekeeper.web.pdf`)
loads besides our static files; as a raster of one pixel per module it costs WeasyPrint a
fraction of what the same code drawn as SVG paths does (measured: fifty slips 3.7 s as SVG).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

import segno
from flask import Blueprint, abort, request, url_for
from flask_babel import format_date, gettext

from ..engine.event_options import Scoring
from ..engine.standings import placement_points
from ..games import spreadsheet
from ..web import pdf, security
from ..web.db import get_db
from ..web.workers import heavy
from . import director, season_link
from .present import round_name, score, scoring_rule, standings_heading
from .progress import Progress, TableState, load_progress

bp = Blueprint("events_paper", __name__)

#: Slips on one sheet of paper: two columns of three, to cut along the lines.
SLIPS_PER_PAGE = 6
#: Paper score sheets on one sheet of paper, one above the other.
SHEETS_PER_PAGE = 2
#: Deal lines on a paper score sheet: a game to 66 rarely needs ten.
SHEET_DEALS = 12
#: At most this many lines, for a game of a fixed number of deals.
MAX_SHEET_DEALS = 20


def qr_png(link: str) -> str:
    """``link`` as a QR code (a PNG ``data:`` URL, scaled up crisply by the style sheet;
    medium error correction survives a crease or a coffee ring)."""
    return segno.make(link, error="m").png_data_uri(scale=1, border=2)


@dataclass(frozen=True)
class Slip:
    table: int
    players: tuple[str, ...]
    link: str
    numbers: tuple[int | None, ...] = ()
    """An event of a season: each player's season number, in seat order."""
    after: str | None = None
    """An event of a season: where the players find their results after the evening."""

    @property
    def qr(self) -> str:
        return qr_png(self.link)

    @property
    def after_qr(self) -> str | None:
        return None if self.after is None else qr_png(self.after)


def pages(slips: Sequence[Slip], per_page: int = SLIPS_PER_PAGE) -> list[list[Slip]]:
    """The slips grouped as they go on paper.

    >>> [len(p) for p in pages([Slip(n, (), "x") for n in range(1, 14)])]
    [6, 6, 1]
    """
    return [list(slips[start:start + per_page]) for start in range(0, len(slips), per_page)]


def slips_pdf(name: str, round_number: int, slips: Sequence[Slip], lang: str, paper: str,
              round_label: str = "", deals: int | None = None):
    """The round's table slips as a PDF answer; then, unless ``deals`` is None, a paper
    score sheet for each table with that many deal lines."""
    return pdf.response("events/print_slips.html", "table-slips.pdf", lang, paper,
                        name=name, round_number=round_number, pages=pages(slips),
                        round_label=round_label,
                        sheets=[] if deals is None else pages(slips, SHEETS_PER_PAGE),
                        deals=deals or 0)


def standings_pdf(name: str, heading: str, standings: Sequence, lang: str, paper: str,
                  left: frozenset[str] = frozenset(), day: str = "",
                  scoring: str = "placement", rule: str = ""):
    """The standings (``engine.standings.Standing`` rows) as a PDF answer, under
    ``heading`` (what they count), the players in ``left`` marked as having left, dated
    ``day`` (the day they were made, ``27 November 2026``), with the columns ``scoring``
    orders by and ``rule``, how they are ordered (the event's words). After a round many
    phones ask for the same standings: each is laid out once (``web/pdf.py``)."""
    return pdf.response("events/print_standings.html", "standings.pdf", lang, paper,
                        name=name, heading=heading, standings=standings, number=score,
                        left=left, day=day, scoring=scoring, rule=rule)


@bp.get("/events/<event_id>/rounds/<int:number>/slips.pdf")
@heavy
def slips(event_id: str, number: int):
    """One slip per table of round ``number`` (``?table=`` one table's again): its players
    in seat order and its game's link as a QR code; then a paper score sheet per table
    (``?sheets=0`` leaves them out). The director's: the links open the tables' games."""
    state = load_progress(get_db(), event_id)
    director.require(state.event)
    only = request.args.get("table", type=int)
    tables = [t.seat for t in state.tables if t.seat.round == number
              and only in (None, t.seat.number)]
    if not tables:
        abort(404)
    season = season_link.notes(get_db(), event_id)
    event = state.event
    deals = None if request.args.get("sheets") == "0" else min(
        event.fixed_deals or SHEET_DEALS, MAX_SHEET_DEALS)
    return security.keep_secret(slips_pdf(event.name, number, [
        Slip(seat.number, seat.players,
             url_for("games.sheet", game_id=seat.game, _external=True),
             () if season is None else tuple(season.numbers.get(p) for p in seat.players),
             None if season is None else season.link)
        for seat in tables
    ], pdf.current_lang(), pdf.paper_arg(), round_name(event, number), deals))


@dataclass(frozen=True)
class ResultLine:
    """One player's line of a round's results: total, place at the table, points."""

    player: str
    total: int
    place: str
    """``1``, or ``2=`` for a place shared by equal totals."""
    points: str
    """Placement points (or "won" where the event counts wins); empty by bullheads."""


def result_lines(state: Progress, table: TableState) -> list[ResultLine]:
    """A finished table's players, best first, as a round's results print them."""
    options = state.event.options
    totals = table.totals
    order = sorted(table.seat.players, key=lambda player: totals[player])
    points = placement_points(totals, options.table)
    won = set(table.leaders)
    lines = []
    for player in order:
        place = 1 + sum(1 for other in order if totals[other] < totals[player])
        shared = sum(1 for other in order if totals[other] == totals[player]) > 1
        if options.scoring == Scoring.PLACEMENT:
            shown = score(points[player])
        elif options.scoring == Scoring.WINS:
            shown = gettext("won") if player in won else ""
        else:
            shown = ""
        lines.append(ResultLine(player, totals[player], f"{place}=" if shared else str(place),
                                shown))
    return lines


@bp.get("/events/<event_id>/rounds/<int:number>/results.pdf")
@heavy
def round_results(event_id: str, number: int):
    """A round's results to pin on the wall: each table, each player's total, place and
    points. With release by round, a round still being played is the director's."""
    state = load_progress(get_db(), event_id)
    tables = [t for t in state.tables if t.seat.round == number]
    if not tables:
        abort(404)
    if state.withheld(tables[0]):
        director.require(state.event)
    event = state.event
    column = {Scoring.PLACEMENT: gettext("Points"), Scoring.WINS: gettext("Win"),
              Scoring.BULLHEADS: ""}[event.options.scoring]
    answer = pdf.response(
        "events/print_results.html", "round-results.pdf", pdf.current_lang(),
        pdf.paper_arg(), name=event.name, round_label=round_name(event, number),
        column=column, tables=[(t, result_lines(state, t) if t.finished else None)
                               for t in tables])
    return security.keep_secret(answer) if state.withheld(tables[0]) else answer


@bp.get("/events/<event_id>/standings.pdf")
@heavy
def standings(event_id: str):
    """The standings now, or ``?after=<round>`` as they stood once that round ended."""
    state = load_progress(get_db(), event_id)
    event = state.event
    how = {"scoring": str(event.options.scoring), "rule": scoring_rule(event)}
    after = request.args.get("after", type=int)
    left = frozenset(event.players) - frozenset(event.active)
    day = format_date(datetime.now(UTC).date(), "long")
    last = state.complete if state.withholds else event.round - 1
    if after is not None and 1 <= after <= last and after < event.round:
        heading = gettext("Standings after event round %(round)s", round=after)
        return standings_pdf(event.name, heading, state.standings_after(after),
                             pdf.current_lang(), pdf.paper_arg(), left, day, **how)
    return standings_pdf(event.name, standings_heading(state), state.shown_standings(),
                         pdf.current_lang(), pdf.paper_arg(), left, day, **how)


def results_table(state: Progress) -> list[list[object]]:
    """The standings, then every finished game a line per player: what a club reports."""
    table: list[list[object]] = [[
        gettext("Place"), gettext("Name"), gettext("Points"), gettext("Relative"),
        gettext("Bullheads"), gettext("Games"), gettext("Lot"),
    ]]
    for row in state.shown_standings():
        table.append([row.rank, row.player, row.points, row.relative,
                      row.bullheads, row.games, "" if row.lot is None else row.lot])
    table.append([])
    table.append([gettext("Event round"), gettext("Table"), gettext("Name"),
                  gettext("Bullheads"), gettext("Points")])
    for table_state in state.tables:
        if not table_state.done or state.withheld(table_state):
            continue  # (a table's totals typed from paper count as its game's)
        totals = table_state.totals
        points = placement_points(totals, state.event.options.table)
        for player in table_state.seat.players:
            table.append([table_state.seat.round, table_state.seat.number, player,
                          totals[player], points[player]])
    return table


@bp.get("/events/<event_id>/results.csv")
def results(event_id: str):
    """The results for a spreadsheet: ``;`` and a byte-order mark for Dutch and German,
    ``,`` for English (``?sep=comma|semicolon`` chooses)."""
    return spreadsheet.response(results_table(load_progress(get_db(), event_id)),
                                "event-results.csv")
