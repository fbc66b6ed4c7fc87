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
from datetime import UTC, datetime

import segno
from flask import Blueprint, Response, abort, request, url_for
from flask_babel import format_date, gettext

from ..engine.standings import placement_points
from ..games import spreadsheet
from ..web import pdf, security
from ..web.db import get_db
from . import director
from .present import score, standings_heading
from .progress import Progress, load_progress

bp = Blueprint("events_paper", __name__)

#: Slips on one sheet of paper: two columns of three, to cut along the lines.
SLIPS_PER_PAGE = 6


@dataclass(frozen=True)
class Slip:
    table: int
    players: tuple[str, ...]
    link: str

    @property
    def qr(self) -> str:
        """The link as a QR code (a PNG ``data:`` URL, scaled up crisply by the style
        sheet; medium error correction survives a crease or a coffee ring)."""
        return segno.make(self.link, error="m").png_data_uri(scale=1, border=2)


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


def standings_pdf(name: str, heading: str, standings: Sequence, lang: str, paper: str,
                  left: frozenset[str] = frozenset(), day: str = ""):
    """The standings (``engine.standings.Standing`` rows) as a PDF answer, under
    ``heading`` (what they count), the players in ``left`` marked as having left, dated
    ``day`` (the day they were made, ``2026-11-27``)."""
    key = (name, heading, lang, paper, left, day, tuple(
        (row.rank, row.player, row.points, row.relative, row.bullheads, row.games, row.lot)
        for row in standings))
    with _making:
        made = _made.get(key)
        if made is None:
            made = pdf.response("events/print_standings.html", "standings.pdf", lang, paper,
                                name=name, heading=heading, standings=standings,
                                number=score, left=left, day=day).get_data()
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
    return security.keep_secret(slips_pdf(state.event.name, number, [
        Slip(seat.number, seat.players,
             url_for("games.sheet", game_id=seat.game, _external=True))
        for seat in tables
    ], pdf.current_lang(), pdf.paper_arg()))


@bp.get("/events/<event_id>/standings.pdf")
def standings(event_id: str):
    """The standings now, or ``?after=<round>`` as they stood once that round ended."""
    state = load_progress(get_db(), event_id)
    after = request.args.get("after", type=int)
    event = state.event
    left = frozenset(event.players) - frozenset(event.active)
    day = format_date(datetime.now(UTC).date(), "long")
    if after is not None and 1 <= after < event.round:
        heading = gettext("Standings after event round %(round)s", round=after)
        return standings_pdf(event.name, heading, state.standings_after(after),
                             pdf.current_lang(), pdf.paper_arg(), left, day)
    return standings_pdf(event.name, standings_heading(state), state.standings,
                         pdf.current_lang(), pdf.paper_arg(), left, day)


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
