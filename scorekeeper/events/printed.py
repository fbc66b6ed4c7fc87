"""An event's paper: table slips with each table's game link as a QR code, and standings.

Plain data in, a PDF out, so the director's page and the API print the same paper. A
slip carries the link twice: as a QR code for a phone's camera and as text for typing.
The QR code is a PNG ``data:`` URL, the one kind of resource WeasyPrint's restricted
fetcher (:mod:`scorekeeper.web.pdf`) loads besides our static files; as a raster of one
pixel per module it costs WeasyPrint a fraction of what the same code drawn as SVG paths
does (measured: fifty slips 3.7 s as SVG).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import segno

from ..web import pdf
from .present import score

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


def standings_pdf(name: str, round_number: int, standings: Sequence, lang: str, paper: str):
    """The standings (``engine.standings.Standing`` rows) as a PDF answer."""
    return pdf.response("events/print_standings.html", "standings.pdf", lang, paper,
                        name=name, round_number=round_number, standings=standings,
                        number=score)
