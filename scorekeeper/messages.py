"""Translated sentences for the engine's typed errors (one per error type)."""

from __future__ import annotations

from flask_babel import gettext, lazy_gettext

from .engine import errors
from .placement_request import BadShape

_MESSAGES = {
    errors.WrongRowCount: lazy_gettext("The table needs exactly 4 rows, not %(count)s."),
    errors.EmptyRow: lazy_gettext("Row %(row)s is empty: every row holds at least one card."),
    errors.RowTooLong: lazy_gettext(
        "Row %(row)s holds %(length)s cards; a row holds at most 5."
    ),
    errors.RowNotAscending: lazy_gettext(
        "Row %(row)s is not in ascending order: %(card)s comes after %(previous)s."
    ),
    errors.NotACard: lazy_gettext("%(value)s (%(where)s) is not a card number."),
    errors.CardOutOfRange: lazy_gettext(
        "Card %(card)s does not exist in this game: cards go from 1 to %(max_card)s."
    ),
    errors.CardTooOften: lazy_gettext(
        "Card %(card)s appears %(times)s times, but the deck holds it only %(allowed)s time(s)."
    ),
    errors.NoPlays: lazy_gettext("Add at least one revealed card."),
    errors.TooManyPlayers: lazy_gettext("%(count)s players is too many: at most 10 can play."),
    errors.MissingPlayer: lazy_gettext("Card %(index)s has no player's name."),
    errors.PlayerNameTooLong: lazy_gettext(
        "The name “%(player)s” is too long: at most %(limit)s characters."
    ),
    errors.MissingCard: lazy_gettext("%(player)s has no card."),
    errors.WrongCardCount: lazy_gettext(
        "%(player)s played %(count)s card(s); this variant needs %(expected)s."
    ),
    errors.PlayerRepeated: lazy_gettext(
        "%(player)s is named too often: at most %(allowed)s time(s) in one turn."
    ),
    errors.UnknownVariant: lazy_gettext(
        "“%(variant)s” is not a variant the checker knows."
    ),
    errors.UnknownPlayerChoice: lazy_gettext(
        "A choice is given for %(player)s, who played no card."
    ),
    errors.BadRowChoice: lazy_gettext(
        "%(player)s chose row %(row)s, but rows are numbered 1 to 4."
    ),
    errors.BadPlaceChoice: lazy_gettext(
        "The place chosen for %(player)s is not one of the places the card can go to."
    ),
    BadShape: lazy_gettext("The field “%(field)s” is not filled in the expected form."),
}


def _show(value: object) -> str:
    """Short, readable rendering of a field value (user input can be anything)."""
    text = value if isinstance(value, str) else repr(value)
    if isinstance(value, bool):
        text = "true" if value else "false"
    return text if len(text) <= 40 else text[:39] + "…"


def register(messages: dict) -> None:
    """Add a feature's sentences: one lazy-translated template per error type."""
    _MESSAGES.update(messages)


def describe(error: errors.RulesError) -> str:
    """The error as a sentence in the request's language (placeholders name its fields)."""
    for cls in type(error).__mro__:
        template = _MESSAGES.get(cls)
        if template is not None:
            fields = {key: _show(value) for key, value in error.fields.items()}
            return str(template) % fields
    return gettext("The request could not be understood.")
