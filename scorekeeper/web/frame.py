"""The frame every page shares: the head's closing links and the site header.

It depends on nothing but the language and the section a page belongs to, yet rendering
it (a dozen sentences, eight links) was most of what a short page cost on every visit.
So it is rendered once per language and section, from the macros of
``templates/_frame.html``, and kept; only the language switch, whose links name the page
being shown, is rendered per request by ``base.html``.
"""

from __future__ import annotations

from flask import Flask, current_app, request
from markupsafe import Markup

from .i18n import kept_per_language

#: The sections of the site menu, each the start of its pages' endpoint names.
SECTIONS = ("games", "check", "tournament", "events", "rules")


def section() -> str:
    """The menu entry the current page belongs to (``""`` for none, such as an error)."""
    endpoint = request.endpoint or ""
    return next((name for name in SECTIONS if endpoint.startswith(name)), "")


def _macro(name: str):  # noqa: ANN202 - a Jinja macro
    return getattr(current_app.jinja_env.get_template("_frame.html").module, name)


def head_end() -> Markup:
    """The import map, manifest, icon and service-worker script that close ``<head>``."""
    return kept_per_language("frame:head", lambda: Markup(_macro("head_end")()))


def site_header_start() -> Markup:
    """The skip link, the brand and the site menu, up to the language switch."""
    here = section()
    return kept_per_language(f"frame:header:{here}",
                             lambda: Markup(_macro("site_header_start")(here)))


def init_app(app: Flask) -> None:
    app.add_template_global(head_end, "frame_head_end")
    app.add_template_global(site_header_start, "frame_header_start")
