"""The outline of the rules reference: every heading's anchor, title and level, in order.

Anchors are the same in every language, so a link to ``#rule-2-smallest-difference``
settles an argument whatever language the reader uses. Rule and variant headings carry
the booklets' names from :mod:`scorekeeper.web.terms`, so they match the checker's.
"""

from __future__ import annotations

from flask_babel import lazy_gettext

from ..web.terms import VIRGIN_NAME, lazy_rule_heading, lazy_variant_heading

#: (anchor, title, level) in page order: the table of contents and every heading.
SECTIONS: list[tuple[str, object, int]] = [
    ("goal", lazy_gettext("Goal of the game"), 2),
    ("material", lazy_gettext("Material"), 2),
    ("setup", lazy_gettext("Setting up"), 2),
    ("playing-a-card", lazy_gettext("Playing a card"), 2),
    ("placement", lazy_gettext("Where a card goes: the four rules"), 2),
    ("rule-1-ascending-order", lazy_rule_heading(1), 3),
    ("rule-2-smallest-difference", lazy_rule_heading(2), 3),
    ("rule-3-full-row", lazy_rule_heading(3), 3),
    ("rule-4-lowest-card", lazy_rule_heading(4), 3),
    ("taking-cards", lazy_gettext("Cards you take"), 2),
    ("bullheads", lazy_gettext("Bullheads of all 104 cards"), 2),
    ("end-of-game", lazy_gettext("End of the game"), 2),
    ("pitfalls", lazy_gettext("Two pitfalls"), 2),
    ("pitfall-1-closer-row", lazy_gettext("Pitfall 1: a closer row wins"), 3),
    ("pitfall-2-emptied-row", lazy_gettext("Pitfall 2: the row you counted on is gone"), 3),
    ("variants", lazy_gettext("The eight variants"), 2),
    ("variant-tactics", lazy_variant_heading("tactics"), 3),
    ("variant-logic", lazy_variant_heading("logic"), 3),
    ("variant-tournament", lazy_variant_heading("tournament"), 3),
    ("variant-professional", lazy_variant_heading("professional"), 3),
    ("variant-open", lazy_variant_heading("open"), 3),
    ("variant-nifty", lazy_variant_heading("nifty"), 3),
    ("variant-hand", lazy_variant_heading("hand"), 3),
    ("variant-double", lazy_variant_heading("double"), 3),
    ("postscript", lazy_gettext("The postscript: more ways to play"), 2),
    ("postscript-rows", lazy_gettext("Three or five rows"), 3),
    ("postscript-takes-at", lazy_gettext("A row taken by its 5th or 7th card"), 3),
    ("postscript-hand-size", lazy_gettext("More than 10 cards in hand"), 3),
    ("virgin-doubling", VIRGIN_NAME, 3),
    ("readings", lazy_gettext("Where the booklets leave room"), 2),
]

#: Anchors that earlier versions of the page used, each kept as a target on the page so
#: shared links still land: old anchor -> where its content is now.
OLD_ANCHORS: dict[str, str] = {
    "house-rules": "postscript",
    "house-rule-virgin-doubling": "virgin-doubling",
}

#: Our readings of the booklets (docs/rules.md), each shown where its rule is explained.
#: In page order; each box says what the booklets leave open and what the app does there.
READINGS: list[tuple[str, object]] = [
    ("reading-rule-4", lazy_gettext("Rule 4 when nobody names a row, and rows as cheap")),
    ("reading-end-of-game", lazy_gettext("66 or more, or more than 66, and a shared win")),
    ("reading-professional-tie", lazy_gettext("Professional: equal differences left and right")),
    ("reading-hand-end", lazy_gettext("Hand: the hand that counts is the one at a round's end")),
    ("reading-double", lazy_gettext("Double: a twin on a row's end, and twins that take")),
    ("reading-postscript-shapes", lazy_gettext("The postscript's shapes: what we add")),
    ("reading-virgin-doubling", lazy_gettext("Virgin doubling: whose points double")),
]

TITLES = {anchor: title for anchor, title, _level in SECTIONS}

#: Heading level of every anchor (2 or 3), for the headings drawn in the templates.
LEVELS = {anchor: level for anchor, _title, level in SECTIONS}


def toc() -> list[tuple[str, object, list[tuple[str, object]]]]:
    """SECTIONS as a two-level tree; the readings hang under their own section."""
    tree: list[tuple[str, object, list[tuple[str, object]]]] = []
    for anchor, title, level in SECTIONS:
        if level == 2:
            tree.append((anchor, title, list(READINGS) if anchor == "readings" else []))
        else:
            tree[-1][2].append((anchor, title))
    return tree
