"""Handing a game to another phone: its link as a QR code, drawn on the server.

A QR code is kept as data (:class:`QrCode`: its size in modules and one SVG path of its
dark modules), and drawn as inline SVG from that path (no image request). The sheet's
data carries the same values, so the phone keeps them with the game and fills the empty
box of a sheet it draws without a connection (static/js/sheet/page.js): both draw the
identical code. The other phone then needs a connection to open the link.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from functools import lru_cache

import segno
from markupsafe import Markup

#: The quiet zone around the code, in modules: the standard's four, which any camera reads.
BORDER = 4


@dataclasses.dataclass(frozen=True)
class QrCode:
    """A QR code as data: ``size`` modules a side (quiet zone included), and ``path``, the
    ``d`` of one SVG path that draws each row's runs of dark modules as lines one module
    wide (``M x y.5`` starts a row, ``h n`` draws n modules, ``m gap 0`` skips light ones)."""

    size: int
    path: str


@lru_cache(maxsize=256)
def qr_code(url: str) -> QrCode:
    """``url`` as a QR code with medium error correction, which survives a scratched or
    glare-struck screen.

    >>> code = qr_code("https://example.org/games/abc")
    >>> code.size, code.path[:12]
    (37, 'M4 4.5h7m7 0')
    """
    code = segno.make(url, error="m", micro=False)
    rows = []
    for y, row in enumerate(code.matrix_iter(scale=1, border=BORDER)):
        runs, x, end = [], 0, None
        values = list(row)
        while x < len(values):
            if not values[x]:
                x += 1
                continue
            start = x
            while x < len(values) and values[x]:
                x += 1
            runs.append(f"M{start} {y}.5h{x - start}" if end is None
                        else f"m{start - end} 0h{x - start}")
            end = x
        rows.append("".join(runs))
    return QrCode(size=code.symbol_size(scale=1, border=BORDER)[0], path="".join(rows))


def qr_json(url: str) -> dict[str, int | str]:
    """:func:`qr_code` as the sheet's data and the game's JSON carry it."""
    return dataclasses.asdict(qr_code(url))


def drawn(code: Mapping | QrCode | None, title: str) -> Markup:
    """``code`` as an inline SVG with ``title`` as its accessible name; None: the same
    SVG empty, a slot the phone fills (its ``viewBox`` and the path's ``d``).

    Black on white, so any camera app reads it. The SVG has no fixed size: the page's
    CSS sets it.
    """
    if isinstance(code, QrCode):
        code = dataclasses.asdict(code)
    size = Markup(' viewBox="0 0 {0} {0}"').format(code["size"]) if code else ""
    return Markup('<svg{} class="qr" role="img"><title>{}</title>'
                  '<rect width="100%" height="100%" fill="#fff"/>'
                  '<path stroke="#000" d="{}"/></svg>').format(
        size, title, code["path"] if code else "")


def qr_svg(url: str, title: str) -> Markup:
    """``url`` as an inline SVG QR code with ``title`` as its accessible name.

    >>> svg = qr_svg("https://example.org/games/abc", "Link")
    >>> svg.startswith('<svg viewBox="0 0 37 37" class="qr"') and "<title>Link</title>" in svg
    True
    """
    return drawn(qr_code(url), title)


def box(link: str, view: str | None) -> dict:
    """The hand-over box of a game as data: its ``link`` and that link's QR code, and the
    QR code of its ``view`` link (None without one)."""
    return {"link": link, "link_qr": qr_json(link),
            "view_qr": None if view is None else qr_json(view)}
