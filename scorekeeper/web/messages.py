"""The one table of translated sentences for every typed error (one per error type).

Engine errors (placement, scoring, tournament) and the web layer's shape errors are all
answered from here, so a sentence exists once and a test can check every type has one.
"""

from __future__ import annotations

from dataclasses import fields

from flask_babel import gettext, lazy_gettext

from ..engine import errors
from ..engine import events_errors as ev
from ..engine import scoring as sc
from ..engine import tournament as tr
from .jsonio import (
    BadShape,
    BodyNotJSON,
    BodyNotText,
    BodyTooDeep,
    BodyTooLarge,
    DealNotAnObject,
    GameNotAnObject,
)

_MESSAGES = {
    errors.WrongRowCount: lazy_gettext("The table needs 3 to 5 rows, not %(count)s."),
    errors.BadTakesAt: lazy_gettext(
        "A row is taken by its 5th, 6th or 7th card: takes_at must be 5, 6 or 7, "
        "not %(value)s."
    ),
    errors.EmptyRow: lazy_gettext("Row %(row)s is empty: every row holds at least one card."),
    errors.RowTooLong: lazy_gettext(
        "Row %(row)s holds %(length)s cards; a row holds at most %(limit)s."
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
        "%(player)s chose row %(row)s, but rows are numbered 1 to %(rows)s."
    ),
    errors.BadPlaceChoice: lazy_gettext(
        "The place chosen for %(player)s is not one of the places the card can go to."
    ),
    BadShape: lazy_gettext("The field “%(field)s” is not filled in the expected form."),
    BodyTooLarge: lazy_gettext("The request is too large."),
    BodyTooDeep: lazy_gettext("The request is nested too deeply."),
    BodyNotJSON: lazy_gettext("The request body is not valid JSON."),
    BodyNotText: lazy_gettext(
        "The request holds text that is not valid Unicode (a lone surrogate code point)."
    ),
    GameNotAnObject: lazy_gettext("Send the game as a JSON object."),
    DealNotAnObject: lazy_gettext("Send the deal as a JSON object."),
    # scoring a game
    sc.NoSuchGame: lazy_gettext("There is no such game."),
    sc.BadNote: lazy_gettext("The note must be text of at most %(limit)s characters."),
    sc.VirginDoublingNotBool: lazy_gettext("virgin_doubling must be true or false."),
    sc.BadDealNumber: lazy_gettext("The deal number must be a whole number from 1."),
    sc.BadClientId: lazy_gettext("The client_id must be text of 1 to %(limit)s characters."),
    sc.DealNumberMismatch: lazy_gettext(
        "The deal number in the body does not match the address."
    ),
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
    sc.UnknownGameVariant: lazy_gettext("“%(variant)s” is not a variant the scorekeeper knows."),
    sc.BadRowCount: lazy_gettext("A game is played with 3, 4 or 5 rows, not “%(value)s”."),
    sc.BadHandSize: lazy_gettext(
        "Each player is dealt 10 cards or more (a whole number), not “%(value)s”."
    ),
    sc.DeckTooSmall: lazy_gettext(
        "With %(players)s players, %(hand_size)s cards in each hand and %(rows)s rows, a deal "
        "needs %(needed)s cards, but the deck in use has only %(cards)s."
    ),
    sc.MissingPlayerValue: lazy_gettext("Enter a value for %(player)s."),
    sc.UnknownPlayer: lazy_gettext("%(player)s does not play in this game."),
    sc.BadBullheads: lazy_gettext(
        "%(player)s: “%(value)s” is not a number of bullheads (a whole number, 0 or more)."
    ),
    sc.DealOverBound: lazy_gettext(
        "This deal adds up to %(total)s bullheads, but the deck in use allows at most "
        "%(bound)s in one deal (one card stays in each of the %(rows)s rows). "
        "Check the numbers."
    ),
    sc.DealUnderBound: lazy_gettext(
        "This deal adds up to %(total)s bullheads, but with %(players)s players at least "
        "%(bound)s must be taken in a deal (%(cards)s cards are in play and at most "
        "%(kept)s stay on the table). Perhaps a player's bullheads are missing."
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
    sc.NotTheLastDeal: lazy_gettext(
        "Only the last deal can be withdrawn: that is deal %(last)s, not deal %(number)s."
    ),
    sc.CannotRestore: lazy_gettext(
        "Deal %(number)s cannot be restored: the next deal is number %(next)s "
        "(another deal took its place, or an earlier deal is withdrawn too)."
    ),
    sc.ClientIdReused: lazy_gettext(
        "This entry was already sent with other values; reload the game and try again."
    ),
    sc.TooManyDeals: lazy_gettext(
        "This game holds %(limit)s deals, the most one game can hold: start a new game."
    ),
    sc.TooManyChanges: lazy_gettext(
        "This game has been changed %(limit)s times, the most one game can take: "
        "start a new game."
    ),
    # the Tournament variant
    tr.WrongPlayerCount: lazy_gettext("A tournament takes 2 to 5 players, not %(count)s."),
    tr.BadName: lazy_gettext("Player %(index)s needs a name of 1 to %(limit)s characters."),
    tr.NameRepeated: lazy_gettext(
        "The name “%(player)s” is given twice: every player needs a different name."
    ),
    tr.MissingHand: lazy_gettext("The hand of %(player)s is missing."),
    tr.UnknownOwner: lazy_gettext(
        "A hand is given for “%(player)s”, who is not one of the players."
    ),
    tr.HandNotACard: lazy_gettext(
        "The hand of %(player)s holds something that is not a card number."
    ),
    tr.WrongHandSize: lazy_gettext(
        "The hand of %(player)s holds %(count)s cards; a hand holds exactly 10."
    ),
    tr.CardRepeated: lazy_gettext("The hand of %(player)s holds card %(card)s twice."),
    tr.HandCardOutOfRange: lazy_gettext(
        "Card %(card)s (hand of %(player)s) is not in the game: with %(count)s players "
        "the cards go from 1 to %(max_card)s."
    ),
    tr.CardInTwoHands: lazy_gettext(
        "Card %(card)s is in the hands of both %(first)s and %(second)s."
    ),
    tr.BadPoints: lazy_gettext(
        "The minus points on the sheet of %(player)s must be a whole number, 0 or more."
    ),
    tr.PointsTooHigh: lazy_gettext(
        "These minus points add up to %(total)s, but one game hands out at most %(limit)s."
    ),
    # club events
    ev.EventPlayerCount: lazy_gettext("An event takes 6 to 200 players, not %(count)s."),
    ev.EventPlayerRepeated: lazy_gettext(
        "The name “%(player)s” is given twice: every player needs a different name."
    ),
    ev.EventTableSize: lazy_gettext(
        "A table of an event seats 3 to 5 players, not %(size)s."
    ),
    ev.EventUnknownPlayer: lazy_gettext("“%(player)s” does not play in this event."),
    ev.EventBadBullheads: lazy_gettext(
        "The total of %(player)s must be a whole number of bullheads, 0 or more, "
        "not “%(value)s”."
    ),
}


def _show(value: object) -> str:
    """Short, readable rendering of a field value (user input can be anything)."""
    text = value if isinstance(value, str) else repr(value)
    if isinstance(value, bool):
        text = "true" if value else "false"
    return text if len(text) <= 40 else text[:39] + "…"


def add_sentences(sentences: dict) -> None:
    """A feature's own errors join the table (the web layer may not import a feature:
    ``events`` defines its errors and sentences in ``events/errors.py``)."""
    _MESSAGES.update(sentences)


def describe(error: errors.RulesError) -> str:
    """The error as a sentence in the request's language (placeholders name its fields)."""
    for cls in type(error).__mro__:
        template = _MESSAGES.get(cls)
        if template is not None:
            values = {field.name: _show(getattr(error, field.name)) for field in fields(error)}
            return str(template) % values
    return gettext("The request could not be understood.")
