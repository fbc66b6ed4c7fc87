"""The checker's sentences, once: the server renders the result with them, and the page
carries them in its catalog (:mod:`scorekeeper.web.catalog`) so ``static/js/check/result.js``
can render the very same text on a phone without a connection.

Each sentence is a gettext template with ``%(name)s`` placeholders. :func:`say` fills one
for the templates; :func:`page_catalog` hands every template to the browser unfilled, in
the page's language, together with the rules' names (:mod:`scorekeeper.web.terms`) and the
template of each refusal of the placement engine (each refusal class's own), so the
browser never words anything itself.
"""

from __future__ import annotations

from flask_babel import lazy_gettext, ngettext

from ..engine import errors
from ..web import catalog
from ..web.jsonio import BadShape
from ..web.terms import RULE_NAMES, lazy_rule_heading

SENTENCES = {
    "title": lazy_gettext("The turn, step by step"),
    "intro": lazy_gettext("The revealed cards are laid one at a time, the lowest first."),
    "intro_nifty": lazy_gettext(
        "Each player revealed two cards. The player with the lowest card lays both first, in "
        "their order; then the player with the lowest card among the rest, and so on."),
    "intro_hand": lazy_gettext(
        "The cards are laid one after another, in the order they were entered."),
    "before": lazy_gettext("Show the table before the turn"),
    "row": lazy_gettext("Row %(row)s"),
    "twice": lazy_gettext("(twice, stacked)"),
    "what_twin": lazy_gettext("%(player)s lays %(card)s on its twin in row %(row)s."),
    "what_left": lazy_gettext("%(player)s lays %(card)s at the start of row %(row)s."),
    "what_right": lazy_gettext("%(player)s lays %(card)s in row %(row)s."),
    "what_take": lazy_gettext("%(player)s takes row %(row)s; %(card)s starts it anew."),
    "why_twin": lazy_gettext(
        "It is the twin of the card %(other)s just laid: both end up in this row, stacked, "
        "and if they take a row, the two players share its bullheads."),
    "why_stacked": lazy_gettext(
        "Its twin is the end card of row %(row)s, so it is laid on top of it: the row does "
        "not grow."),
    "why_rule4": lazy_gettext(
        "%(card)s is lower than the end card of every row, so it fits nowhere: its player "
        "takes a whole row of their choice, and %(card)s becomes that row's first card."),
    "why_left": lazy_gettext(
        "In Professional a card may also go before the first card of a row. "
        "Rule 2, “%(rule)s”: the closest is %(first)s at the start of row %(row)s "
        "(%(calc)s)."),
    "why_right": lazy_gettext(
        "Rule 1, “%(rule1)s”: a card only follows a lower end card. Rule 2, “%(rule2)s”: of "
        "those, %(end)s at the end of row %(row)s is the closest (%(calc)s)."),
    # Translators: rule 3. %(takes)s is 5, 6 or 7 (the card that takes a row), %(full)s one
    # less: "the 6th" is "de 6e" in Dutch and "die 6." in German.
    "why_full": lazy_gettext(
        "But row %(row)s already holds %(full)s cards and %(card)s would be the %(takes)sth: "
        "%(player)s takes those %(full)s cards, and %(card)s starts the row anew."),
    "takes": lazy_gettext("%(player)s takes:"),
    "shared": lazy_gettext("(shared with %(other)s: half each, rounded up)"),
    "suggests": lazy_gettext("The checker suggests row %(row)s: it has the fewest bullheads."),
    "chose": lazy_gettext("%(player)s chose row %(row)s."),
    "another": lazy_gettext("Take another row:"),
    "cheapest": lazy_gettext("cheapest"),
    "who": lazy_gettext("Who takes what"),
    "nobody": lazy_gettext("Nobody takes any cards this turn."),
    "after": lazy_gettext("The rows after the turn"),
    "tie_title": lazy_gettext("A tie the booklets do not settle"),
    "tie": lazy_gettext(
        "%(player)s's %(card)s fits at the end of row %(right)s and at the start of row "
        "%(left)s, with the same difference. The booklets do not say which place wins: "
        "agree at the table and pick one of the outcomes below."),
    "option_left": lazy_gettext("Option %(number)s: at the start of row %(row)s"),
    "option_right": lazy_gettext("Option %(number)s: at the end of row %(row)s"),
    "tie_again": lazy_gettext(
        "After this choice another tie follows, for %(player)s: choose this outcome to see "
        "it."),
    "choose": lazy_gettext("Choose this outcome"),
    "share_title": lazy_gettext("Share this result"),
    "share_hint": lazy_gettext(
        "The link holds the whole table: whoever opens it sees this turn resolved."),
    "copy": lazy_gettext("Copy link"),
    "copied": lazy_gettext("Link copied"),
    # The number grid names the field its taps go to: a row ("row") or a player's card.
    "card_of": lazy_gettext("Card of %(player)s"),
    "change": lazy_gettext("Change the table"),
    # The page without a connection (static/js/check/page.js).
    "computed": lazy_gettext("This answer was worked out on this phone."),
    "offline": lazy_gettext(
        "The checker still answers: it works out the turn on this phone."),
}


#: Sentences with a singular and a plural (one and more, as in English, Dutch and German).
PLURALS = {
    "bullheads": catalog.ngettext("%(num)s bullhead", "%(num)s bullheads"),
    "as_cheap": catalog.ngettext("Row %(rows)s is just as cheap.",
                                 "Rows %(rows)s are just as cheap."),
}

#: The placement engine's refusals, by the name the browser's engine gives them (``code``).
REFUSALS = (*errors.PLACEMENT_REFUSALS, BadShape)


def say(key: str, **values: object) -> str:
    """Sentence ``key`` in the current language, its placeholders filled with ``values``."""
    return str(SENTENCES[key]) % values


def say_n(key: str, count: int, **values: object) -> str:
    """Plural sentence ``key`` for ``count`` (``num`` is ``count`` unless given)."""
    return ngettext(*PLURALS[key], count, **values)


def page_catalog(refusals: tuple[type[errors.RulesError], ...] = ()) -> catalog.PageCatalog:
    """The checker's catalog (:mod:`scorekeeper.web.catalog`), named once (the form's
    ``PAGE_CATALOG``): every template the browser needs to render a result or a refusal
    as the server does, the rules' names (``rule_name_1``, ``rule_heading_1``, ...), the
    placement engine's refusals and ``refusals`` (the form's)."""
    rules = {}
    for number in (1, 2, 3, 4):
        rules[f"rule_name_{number}"] = RULE_NAMES[number]
        rules[f"rule_heading_{number}"] = lazy_rule_heading(number)
    return catalog.page("check", sentences={**SENTENCES, **rules}, plurals=PLURALS,
                        refusals=(*REFUSALS, *refusals))
