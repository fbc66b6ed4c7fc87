"""Translated sentences for the tournament rules' typed errors."""

from __future__ import annotations

from flask_babel import lazy_gettext

from . import tournament_rules as rules
from .messages import describe, register

__all__ = ["describe"]

_MESSAGES = {
    rules.WrongPlayerCount: lazy_gettext("A tournament takes 2 to 5 players, not %(count)s."),
    rules.BadName: lazy_gettext("Player %(index)s needs a name of 1 to %(limit)s characters."),
    rules.NameRepeated: lazy_gettext(
        "The name “%(player)s” is given twice: every player needs a different name."
    ),
    rules.MissingHand: lazy_gettext("The hand of %(player)s is missing."),
    rules.UnknownOwner: lazy_gettext(
        "A hand is given for “%(player)s”, who is not one of the players."
    ),
    rules.NotACard: lazy_gettext(
        "The hand of %(player)s holds something that is not a card number."
    ),
    rules.WrongHandSize: lazy_gettext(
        "The hand of %(player)s holds %(count)s cards; a hand holds exactly 10."
    ),
    rules.CardRepeated: lazy_gettext("The hand of %(player)s holds card %(card)s twice."),
    rules.CardOutOfRange: lazy_gettext(
        "Card %(card)s (hand of %(player)s) is not in the game: with %(count)s players "
        "the cards go from 1 to %(max_card)s."
    ),
    rules.CardInTwoHands: lazy_gettext(
        "Card %(card)s is in the hands of both %(first)s and %(second)s."
    ),
    rules.BadPoints: lazy_gettext(
        "The minus points on the sheet of %(player)s must be a whole number, 0 or more."
    ),
    rules.PointsTooHigh: lazy_gettext(
        "These minus points add up to %(total)s, but one game hands out at most %(limit)s."
    ),
}

register(_MESSAGES)
