"""Checking a turn's input and putting its cards in placing order.

A cheap pass accepts the common legal turn; anything it does not accept gets the detailed
pass, which raises the precise, typed error (or finds the turn legal after all, e.g. Hand
players with two cards, or Double twins).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import chain
from operator import itemgetter

from . import errors
from .cards import MAX_CARD, Deck
from .model import Play, Side, Variant
from .table import ROWS, Table, check_card, check_counts

MAX_PLAYERS = 10
MAX_NAME = 40
_by_card = itemgetter(1)
_HAND, _NIFTY = Variant.HAND, Variant.NIFTY


def checked_variant(value: Variant | str) -> Variant:
    if type(value) is Variant:
        return value
    try:
        return Variant(value)
    except ValueError:
        raise errors.UnknownVariant(variant=value) from None


@lru_cache(maxsize=256)
def _deck(max_card: int, copies: int) -> Deck:
    return Deck(max_card, copies)


def checked_deck(max_card: object, variant: Variant) -> Deck:
    if type(max_card) is not int:
        raise errors.NotACard(value=max_card, where="max_card")
    if not 1 <= max_card <= MAX_CARD:
        raise errors.CardOutOfRange(card=max_card, max_card=MAX_CARD)
    return _deck(max_card, variant.copies)


def checked_order(
    table: Table,
    plays: Sequence[Play],
    variant: Variant,
    max_card: object,
    take: dict[str, int],
    place: dict[str, tuple[int, Side | str]],
) -> list[tuple[str, int]]:
    """Check the plays against the table and deck; return ``(player, card)`` in placing order.

    ``place`` is normalised in place to ``(row, Side)`` pairs.
    """
    deck = checked_deck(max_card, variant)
    if not plays:
        raise errors.NoPlays()
    simple = variant.copies == 1 and variant.plays_per_player == 1
    if not (simple and _looks_valid(table, plays, variant.cards_per_play, deck.max_card)):
        _diagnose(table, plays, variant, deck)
    if take or place:
        _check_choices(plays, take, place)

    if variant is _HAND:
        return [(player, cards[0]) for player, cards in plays]
    if variant is _NIFTY:
        by_lowest = sorted(plays, key=lambda play: min(play[1]))
        return [(player, card) for player, cards in by_lowest for card in cards]
    # sorted() is stable: Double twins keep the order the plays were given in.
    return sorted([(player, cards[0]) for player, cards in plays], key=_by_card)


def _looks_valid(table: Table, plays: Sequence[Play], per_play: int, max_card: int) -> bool:
    """True for a legal single-deck turn with one play per player; False means "look closer"."""
    names: set[str] = set()
    seen: set[int] = set()
    try:
        for player, cards in plays:
            if (
                type(player) is not str or not 0 < len(player) <= MAX_NAME or player.isspace()
                or player in names or len(cards) != per_play
            ):
                return False
            names.add(player)
            for card in cards:
                if type(card) is not int or not 0 < card <= max_card or card in seen:
                    return False
                seen.add(card)
    except (TypeError, ValueError):
        return False
    if len(names) > MAX_PLAYERS:
        return False
    rows = table.rows
    if max_card < MAX_CARD and max(row[-1] for row in rows) > max_card:
        return False  # a Table holds cards 1..104 by construction; a smaller deck may not
    return seen.isdisjoint(chain.from_iterable(rows))


def _diagnose(table: Table, plays: Sequence[Play], variant: Variant, deck: Deck) -> None:
    """Raise the precise error for plays that failed the quick check (or return if legal)."""
    per_play = variant.cards_per_play
    allowed = variant.plays_per_player
    seen: dict[str, int] = {}
    for index, play in enumerate(plays, start=1):
        if not isinstance(play, tuple) or len(play) != 2:
            raise errors.MissingPlayer(index=index)
        player, cards = play
        if type(player) is not str or not player.strip():
            raise errors.MissingPlayer(index=index)
        if len(player) > MAX_NAME:
            raise errors.PlayerNameTooLong(player=player, limit=MAX_NAME)
        if not isinstance(cards, tuple | list) or not cards:
            raise errors.MissingCard(player=player)
        if len(cards) != per_play:
            raise errors.WrongCardCount(player=player, count=len(cards), expected=per_play)
        for card in cards:
            check_card(card, deck, player)
        seen[player] = seen.get(player, 0) + 1
        if seen[player] > allowed:
            raise errors.PlayerRepeated(player=player, allowed=allowed)
    if len(seen) > MAX_PLAYERS:
        raise errors.TooManyPlayers(count=len(seen))
    for row in table.rows:
        for card in row:
            check_card(card, deck, "table")
    check_counts([*table.cards(), *(card for play in plays for card in play[1])], deck)


def _check_choices(
    plays: Sequence[Play], take: dict[str, int], place: dict[str, tuple[int, Side | str]]
) -> None:
    names = {play[0] for play in plays}
    for player, row in take.items():
        if player not in names:
            raise errors.UnknownPlayerChoice(player=player)
        if type(row) is not int or not 1 <= row <= ROWS:
            raise errors.BadRowChoice(player=player, row=row)
    for player, choice in place.items():
        if player not in names:
            raise errors.UnknownPlayerChoice(player=player)
        row, side = choice
        if type(row) is not int or not 1 <= row <= ROWS:
            raise errors.BadRowChoice(player=player, row=row)
        if side not in (Side.LEFT, Side.RIGHT):
            raise errors.BadPlaceChoice(player=player, card=None)
        place[player] = (row, Side(side))
