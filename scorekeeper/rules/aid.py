"""The player aid: one printed page per language to lay beside the table.

It says what a player looks up during play, at a size read from across the table: the
four placement rules, how a deal is scored and when the game ends, the bullheads of every
card, and each of the booklet's variants in one line. The full rules stay on ``/rules``.
"""

from __future__ import annotations

from flask_babel import lazy_gettext

from ..engine import BULLHEADS, MAX_CARD
from ..engine.limits import DEFAULT_THRESHOLD
from ..web.terms import VARIANT_NUMBERS, VIRGIN_NAME

#: Each variant of the booklet in one line, in the booklet's order.
VARIANT_LINES = {
    "tactics": lazy_gettext("Only the cards 1 to 10 × players + 4 are used."),
    "logic": lazy_gettext("The Tactics cards lie face up; in turn, each player takes one "
                          "until everyone holds ten."),
    "tournament": lazy_gettext("Tactics and Logic: each hand is written on a sheet and "
                               "played by every player in turn."),
    "professional": lazy_gettext("A card may also go before a row's first card; the "
                                 "smallest difference at either end wins."),
    "open": lazy_gettext("The cards are laid face up one after another; the start player "
                         "changes every turn."),
    "nifty": lazy_gettext("14 cards each, two played per turn; the player with the lowest "
                          "card lays both first."),
    "hand": lazy_gettext("14 cards each, laid one or two at a time; taken cards may go to "
                         "the hand, where they count double."),
    "double": lazy_gettext("Two decks: a card covers its twin at a row's end, and stacked "
                           "twins count as one card."),
}


def bullhead_rows() -> list[tuple[str, int]]:
    """``(cards, bullheads)``, most bullheads first, read off the engine's deck. Short
    lists are given whole, longer ones by their start and end; the last line (``""``) is
    every other card.

    >>> for row in bullhead_rows():
    ...     print(row)
    ('55', 7)
    ('11 22 33 44 66 77 88 99', 5)
    ('10 20 30 … 100', 3)
    ('5 15 25 … 95', 2)
    ('', 1)
    """
    by_count: dict[int, list[int]] = {}
    for card in range(1, MAX_CARD + 1):
        by_count.setdefault(BULLHEADS[card], []).append(card)
    rows = []
    for count in sorted(by_count, reverse=True)[:-1]:
        cards = by_count[count]
        shown = cards if len(cards) <= 8 else [*cards[:3], "…", cards[-1]]
        rows.append((" ".join(map(str, shown)), count))
    return [*rows, ("", min(by_count))]


def context(address: str | None) -> dict:
    """What ``templates/rules/aid.html`` shows; ``address`` is where the full rules are
    online (None: the aid does not say)."""
    return {
        "threshold": DEFAULT_THRESHOLD,
        "max_card": MAX_CARD,
        "deck_bullheads": sum(BULLHEADS),
        "bullhead_rows": bullhead_rows(),
        "variant_lines": [(key, VARIANT_LINES[key]) for key in VARIANT_NUMBERS],
        "virgin_name": VIRGIN_NAME,
        "rules_address": address,
    }
