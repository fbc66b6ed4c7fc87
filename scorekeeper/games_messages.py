"""Translated sentences for the scoring errors (one per error type)."""

from __future__ import annotations

from flask_babel import lazy_gettext

from .engine import scoring as sc
from .games_store import ClientIdReused
from .messages import describe, register

__all__ = ["CONFLICTS", "describe"]

_MESSAGES = {
    sc.PlayerCount: lazy_gettext("A game needs 2 to 10 players, not %(count)s."),
    sc.BadPlayerName: lazy_gettext(
        "Every player needs a name of 1 to %(limit)s characters (“%(player)s” is not)."
    ),
    sc.DuplicatePlayer: lazy_gettext("The name “%(player)s” is used twice: names must differ."),
    sc.BadThreshold: lazy_gettext(
        "The end score must be a whole number from 1 to %(limit)s, not “%(value)s”."
    ),
    sc.BadFixedDeals: lazy_gettext(
        "The number of deals must be a whole number from 1 to %(limit)s, not “%(value)s”."
    ),
    sc.UnknownVariant: lazy_gettext("“%(variant)s” is not a variant the scorekeeper knows."),
    sc.MissingPlayer: lazy_gettext("Enter a value for %(player)s."),
    sc.UnknownPlayer: lazy_gettext("%(player)s does not play in this game."),
    sc.BadBullheads: lazy_gettext(
        "%(player)s: “%(value)s” is not a number of bullheads (a whole number, 0 or more)."
    ),
    sc.DealOverBound: lazy_gettext(
        "This deal adds up to %(total)s bullheads, but the deck in use allows at most "
        "%(bound)s in one deal (one card stays in each row). Check the numbers."
    ),
    sc.BadCard: lazy_gettext("%(player)s: “%(value)s” is not a card number."),
    sc.CardOutsideDeck: lazy_gettext(
        "Card %(card)s is not in the deck in use: cards go from 1 to %(max_card)s."
    ),
    sc.CardTakenTwice: lazy_gettext(
        "Card %(card)s is entered more often than the deck holds it."
    ),
    sc.EntryKind: lazy_gettext("Enter each player's bullheads or their cards, not both."),
    sc.HandNotInVariant: lazy_gettext(
        "Bullheads left in the hand only count in the Hand variant."
    ),
    sc.GameFinished: lazy_gettext(
        "This game has ended: no deal can be added. Correct a deal to re-open it."
    ),
    sc.DealNumberTaken: lazy_gettext(
        "Deal %(number)s has been entered already (perhaps on another phone). "
        "The next deal is number %(expected)s."
    ),
    sc.DealNumberSkipped: lazy_gettext(
        "Deal %(number)s cannot be added yet: the next deal is number %(expected)s."
    ),
    sc.NoSuchDeal: lazy_gettext("There is no deal %(number)s in this game."),
    ClientIdReused: lazy_gettext(
        "This entry was already sent with other values; reload the game and try again."
    ),
}

#: Errors that mean "the game moved on", answered 409 with the game.
CONFLICTS = (sc.GameFinished, sc.DealNumberTaken, sc.DealNumberSkipped, ClientIdReused)

register(_MESSAGES)
