"""An event's paper: the round's table slips with each table's game link as a QR code,
the standings as PDF, and the results as CSV.

Each answer is built from :func:`.progress.load_progress`, the same plain data the
director's page shows, so paper and screen cannot disagree; the PDFs themselves take
plain data (:func:`slips_pdf`, :func:`standings_pdf`). A slip carries the link twice: as
a QR code for a phone's camera and as text for typing. The QR code is a PNG ``data:``
URL, the one kind of resource WeasyPrint's restricted fetcher (:mod:`scorekeeper.web.pdf`)
loads besides our static files; as a raster of one pixel per module it costs WeasyPrint a
fraction of what the same code drawn as SVG paths does (measured: fifty slips 3.7 s as SVG).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import segno
from flask import Blueprint, Response, abort, request, url_for
from flask_babel import gettext

from ..engine.standings import placement_points
from ..games import spreadsheet
from ..web import pdf, security
from ..web.db import get_db
from . import director, season_link
from .present import score
from .progress import Progress, load_progress

bp = Blueprint("events_paper", __name__)

#: Slips on one sheet of paper: two columns of three, to cut along the lines.
SLIPS_PER_PAGE = 6


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


def slips_pdf(name: str, round_number: int, slips: Sequence[Slip], lang: str, paper: str):
    """The round's table slips as a PDF answer."""
    return pdf.response("events/print_slips.html", "table-slips.pdf", lang, paper,
                        name=name, round_number=round_number, pages=pages(slips))


#: Standings PDFs made lately, by everything they show. After a round many phones ask for
#: the same standings; each is made once, and one at a time, so a burst of requests never
#: holds every serving thread in WeasyPrint (250 names take about a second to lay out).
_made: OrderedDict[tuple, bytes] = OrderedDict()
_making = threading.Lock()
MADE_KEPT = 16


def standings_pdf(name: str, round_number: int, standings: Sequence, lang: str, paper: str):
    """The standings (``engine.standings.Standing`` rows) as a PDF answer."""
    key = (name, round_number, lang, paper, tuple(
        (row.rank, row.player, row.points, row.relative, row.bullheads, row.games, row.lot)
        for row in standings))
    with _making:
        made = _made.get(key)
        if made is None:
            made = pdf.response("events/print_standings.html", "standings.pdf", lang, paper,
                                name=name, round_number=round_number, standings=standings,
                                number=score).get_data()
            _made[key] = made
            while len(_made) > MADE_KEPT:
                _made.popitem(last=False)
        else:
            _made.move_to_end(key)
    return Response(made, mimetype="application/pdf", headers={
        "Content-Disposition": 'inline; filename="standings.pdf"'})


@bp.get("/events/<event_id>/rounds/<int:number>/slips.pdf")
def slips(event_id: str, number: int):
    """One slip per table of round ``number``: its players in seat order and its game's
    link as a QR code. The director's: the links open the tables' games."""
    state = load_progress(get_db(), event_id)
    director.require(state.event)
    tables = [t.seat for t in state.tables if t.seat.round == number]
    if not tables:
        abort(404)
    season = season_link.notes(get_db(), event_id)
    return security.keep_secret(slips_pdf(state.event.name, number, [
        Slip(seat.number, seat.players,
             url_for("games.sheet", game_id=seat.game, _external=True),
             () if season is None else tuple(season.numbers.get(p) for p in seat.players),
             None if season is None else season.link)
        for seat in tables
    ], pdf.current_lang(), pdf.paper_arg()))


@bp.get("/events/<event_id>/standings.pdf")
def standings(event_id: str):
    """The standings now, or ``?after=<round>`` as they stood once that round ended."""
    state = load_progress(get_db(), event_id)
    after = request.args.get("after", type=int)
    if after is not None and 1 <= after < state.event.round:
        return standings_pdf(state.event.name, after, state.standings_after(after),
                             pdf.current_lang(), pdf.paper_arg())
    return standings_pdf(state.event.name, state.complete, state.standings,
                         pdf.current_lang(), pdf.paper_arg())


def results_table(state: Progress) -> list[list[object]]:
    """The standings, then every finished game a line per player: what a club reports."""
    table: list[list[object]] = [[
        gettext("Place"), gettext("Name"), gettext("Points"), gettext("Relative"),
        gettext("Bullheads"), gettext("Games"), gettext("Lot"),
    ]]
    for row in state.standings:
        table.append([row.rank, row.player, row.points, row.relative,
                      row.bullheads, row.games, "" if row.lot is None else row.lot])
    table.append([])
    table.append([gettext("Event round"), gettext("Table"), gettext("Name"),
                  gettext("Bullheads"), gettext("Points")])
    for table_state in state.tables:
        if not table_state.finished:
            continue  # (a table's totals typed from paper count as its game's)
        totals = table_state.totals
        points = placement_points(totals)
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
