"""The exported checker's words: every sentence its script shows, in the page's language.

The exported checker (``DEST/<lang>/checker/index.html``) places cards in the browser, with
no server to ask. Its script (``static/js/check/exported-site.js``) builds each answer from the
page's catalog (:mod:`scorekeeper.web.catalog`), rendered at export time through gettext:
the sentences below, the rules' headings, the counted sentences in both forms, and the
engine's refusals in their own templates (the page words none of them anew).
"""

from __future__ import annotations

from markupsafe import Markup

from ..engine.errors import N_, PLACEMENT_REFUSALS
from ..web import catalog
from ..web.jsonio import BadShape
from ..web.terms import lazy_rule_heading

SENTENCES = {
    "right": N_("%(player)s: %(card)s goes to row %(row)s, after %(end)s."),
    "left": N_("%(player)s: %(card)s goes to row %(row)s, in front of %(first)s."),
    "twin": N_("%(player)s: %(card)s goes on its twin at the end of row %(row)s."),
    "full": N_("%(player)s: %(card)s would be card %(takes_at)s of row %(row)s, so "
               "%(player)s takes the row and %(card)s starts it anew."),
    "lowest": N_("%(player)s: %(card)s is lower than the end of every row, so %(player)s "
                 "takes row %(row)s and %(card)s starts it anew."),
    "nothing": N_("Takes no cards."),
    "shared": N_("Shared with %(player)s: each scores half of the bullheads, rounded up."),
    "cheap": N_("Rows just as cheap: %(rows)s. With no row named, the checker takes the "
                "lowest number."),
    "steps": N_("Where the cards go"),
    "after": N_("The table after the turn"),
    "totals": N_("Bullheads taken this turn"),
    "row": N_("Row %(number)s"),
    "tie": N_("The %(card)s of %(player)s fits just as well in two places. The booklets do "
              "not say which one wins: here is what happens in each case."),
    "if_right": N_("If it goes to the right of row %(row)s"),
    "if_left": N_("If it goes to the left of row %(row)s"),
    "tie_again": N_("A later card of this turn ties as well; settle the first tie before you "
                    "check the rest."),
    "bad_row": N_("Row %(row)s: type card numbers separated by commas, for example 12, 14, "
                  "20."),
    "bad_card": N_("Line %(line)s: type the card as a number (in Nifty two numbers, "
                   "separated by a comma)."),
    "no_name": N_("Line %(line)s has a card but no player's name."),
    "no_plays": N_("Type at least one revealed card and the name of its player."),
    "bad_max": N_("The highest card is a number from 1 to 104."),
}

PLURALS = {
    "takes": catalog.ngettext("Takes %(cards)s: %(num)s bullhead.",
                              "Takes %(cards)s: %(num)s bullheads."),
    "bullheads": catalog.ngettext("%(num)s bullhead", "%(num)s bullheads"),
}


def checker_catalog() -> Markup:
    """The exported checker's catalog: its sentences, the rules' headings
    (``rule_heading_1`` ...) and the placement engine's refusals, each worded by its own
    template as the server words it, in the language being rendered."""
    headings = {f"rule_heading_{n}": lazy_rule_heading(n) for n in (1, 2, 3, 4)}
    return catalog.render({**SENTENCES, **headings}, PLURALS, (*PLACEMENT_REFUSALS, BadShape))
