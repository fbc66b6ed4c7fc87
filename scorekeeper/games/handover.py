"""Handing a game to another phone: its link as a QR code, drawn on the server as SVG.

The SVG is written into the sheet's HTML itself (no image request), so a sheet the
service worker stored shows it without a connection too; the other phone then needs
one to open the link.
"""

from __future__ import annotations

from functools import lru_cache

import segno
from markupsafe import Markup


@lru_cache(maxsize=256)
def qr_svg(url: str, title: str) -> Markup:
    """``url`` as an inline SVG QR code with ``title`` as its accessible name.

    Medium error correction survives a scratched or glare-struck screen; black on white
    with the standard quiet zone of four modules, so any camera app reads it. The SVG
    has no fixed size: the page's CSS sets it.

    >>> svg = qr_svg("https://example.org/games/abc", "Link")
    >>> svg.startswith('<svg viewBox="0 0 ') and "<title>Link</title>" in svg
    True
    """
    code = segno.make(url, error="m", micro=False)
    return Markup(code.svg_inline(scale=4, border=4, dark="#000", light="#fff",
                                  omitsize=True, svgclass="qr", lineclass=None,
                                  title=title))
