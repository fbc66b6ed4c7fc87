"""``/rules``: the rules reference, written by us, and its language-in-path copies.

``/rules`` is the live page in the visitor's language (the site's menu and forms).
``/<lang>/rules/`` is the same content with the language fixed by the path, a layout
without session, CSRF token or forms, so Frozen-Flask can export it as a static site
(:mod:`.export`). Anchors are the same in every language, so a link to
``#rule-2-smallest-difference`` settles an argument whatever language the reader uses.

The examples' try-it links reach the checker by its endpoint name (``check.page``) and
its query format, never by an import: the reference builds on ``engine`` and ``web`` only.
"""

from __future__ import annotations

from flask import Blueprint, abort, current_app, render_template, request, url_for
from flask_babel import force_locale, lazy_gettext
from flask_babel import gettext as _

from ..engine import BULLHEADS, MAX_CARD
from ..web.i18n import LANGUAGES
from .examples import EXAMPLES, checker_query, row_bullheads

bp = Blueprint("rules", __name__)

#: (anchor, title, level) in page order: the table of contents and every heading.
SECTIONS: list[tuple[str, object, int]] = [
    ("goal", lazy_gettext("Goal of the game"), 2),
    ("material", lazy_gettext("Material"), 2),
    ("setup", lazy_gettext("Setting up"), 2),
    ("playing-a-card", lazy_gettext("Playing a card"), 2),
    ("placement", lazy_gettext("Where a card goes: the four rules"), 2),
    ("rule-1-ascending-order", lazy_gettext("Rule 1: ascending order"), 3),
    ("rule-2-smallest-difference", lazy_gettext("Rule 2: smallest difference"), 3),
    ("rule-3-full-row", lazy_gettext("Rule 3: the sixth card takes the row"), 3),
    ("rule-4-lowest-card", lazy_gettext("Rule 4: a card too low for every row"), 3),
    ("taking-cards", lazy_gettext("Cards you pick up"), 2),
    ("bullheads", lazy_gettext("Bullheads of all 104 cards"), 2),
    ("end-of-game", lazy_gettext("End of the game"), 2),
    ("pitfalls", lazy_gettext("Two pitfalls"), 2),
    ("pitfall-1-closer-row", lazy_gettext("Pitfall 1: a closer row wins"), 3),
    ("pitfall-2-emptied-row", lazy_gettext("Pitfall 2: the row you counted on is gone"), 3),
    ("variants", lazy_gettext("The eight variants"), 2),
    ("variant-tactics", lazy_gettext("Variant 1: Tactics"), 3),
    ("variant-logic", lazy_gettext("Variant 2: Logic"), 3),
    ("variant-tournament", lazy_gettext("Variant 3: Tournament"), 3),
    ("variant-professional", lazy_gettext("Variant 4: Professional"), 3),
    ("variant-open", lazy_gettext("Variant 5: Open"), 3),
    ("variant-nifty", lazy_gettext("Variant 6: Nifty"), 3),
    ("variant-hand", lazy_gettext("Variant 7: Hand"), 3),
    ("variant-double", lazy_gettext("Variant 8: Double"), 3),
    ("readings", lazy_gettext("Where the booklets leave room"), 2),
    ("house-rules", lazy_gettext("House rules"), 2),
    ("house-rule-virgin-doubling", lazy_gettext("Virgin doubling"), 3),
]
TITLES = {anchor: title for anchor, title, _level in SECTIONS}

#: Our readings of the booklets (CONTRACT.md), each shown where its rule is explained.
READINGS: list[tuple[str, object]] = [
    ("reading-rule-4", lazy_gettext("Rule 4 when nobody names a row, and equal rows")),
    ("reading-end-of-game", lazy_gettext("66 or more, or more than 66")),
    ("reading-professional-tie", lazy_gettext("Professional: equal differences left and right")),
    ("reading-double", lazy_gettext("Double: stacked twins and shared takes")),
]

#: Heading level of every anchor (2 or 3), for the headings drawn in the templates.
LEVELS = {anchor: level for anchor, _title, level in SECTIONS}


def _toc() -> list[tuple[str, object, list[tuple[str, object]]]]:
    """SECTIONS as a two-level tree; the readings hang under their own section."""
    tree: list[tuple[str, object, list[tuple[str, object]]]] = []
    for anchor, title, level in SECTIONS:
        if level == 2:
            tree.append((anchor, title, list(READINGS) if anchor == "readings" else []))
        else:
            tree[-1][2].append((anchor, title))
    return tree


def lookup(raw: str | None) -> tuple[str, int | None, str | None]:
    """Parse the bullhead search: (what was typed, card or None, error message or None)."""
    typed = (raw or "").strip()[:10]
    if not typed:
        return "", None, None
    if not typed.isdigit():
        return typed, None, _("Type a whole number from 1 to %(max)s.", max=MAX_CARD)
    card = int(typed)
    if not 1 <= card <= MAX_CARD:
        return typed, None, _("There is no card %(card)s: the cards run from 1 to %(max)s.",
                              card=card, max=MAX_CARD)
    return typed, card, None


def _context(*, static: bool, lang: str | None = None) -> dict:
    """Everything both layouts need; ``checker`` is the base of the try-it links or None."""
    checker = _checker_base(static)
    typed, found, error = lookup(None if static else request.args.get("card"))
    return {
        "toc": _toc(),
        "titles": TITLES,
        "levels": LEVELS,
        "readings": READINGS,
        "reading_titles": dict(READINGS),
        "examples": EXAMPLES,
        "checker": checker,
        "checker_query": checker_query,
        "row_bullheads": row_bullheads,
        "bullheads": BULLHEADS,
        "max_card": MAX_CARD,
        "deck_bullheads": sum(BULLHEADS),
        "static": static,
        "page_lang": lang,
        "search": {"typed": typed, "card": found, "error": error},
    }


def _checker_base(static: bool) -> str | None:
    """The live checker: this app's ``/check``, or while freezing ``RULES_CHECKER_URL``."""
    if static and current_app.config.get("RULES_FREEZING"):
        base = current_app.config.get("RULES_CHECKER_URL")
        return base.rstrip("/") + "/check" if base else None
    return url_for("check.page") if "check.page" in current_app.view_functions else None


@bp.get("/rules")
def page():
    return render_template("rules/page.html", **_context(static=False))


@bp.get("/<lang>/rules/")
def lang_page(lang: str):
    """The reference with its language in the path: what the static site is made of."""
    if lang not in LANGUAGES:
        abort(404)
    with force_locale(lang):
        return render_template("rules/static.html", **_context(static=True, lang=lang))
