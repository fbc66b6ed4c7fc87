"""Checking a turn's input and putting its cards in placing order.

A cheap pass accepts the common legal turn; anything it does not accept gets the detailed
pass, which raises the precise, typed error (or finds the turn legal after all, e.g. Hand
players with two cards, or Double twins). The table was checked when it was built, against
its own deck; it is checked again only if this turn's deck is smaller than that one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from operator import itemgetter

from . import errors
from .cards import Deck
from .limits import MAX_CARD, MAX_NAME, MAX_PLAYERS, ROWS
from .model import Play, Side, Variant
from .table import Table, check_card, check_counts

__all__ = ["checked_choices", "checked_deck", "checked_order", "checked_variant"]

Order = list[tuple[str, int]]
"""``(player, card)`` pairs in placing order."""

_by_card = itemgetter(1)
_HAND, _NIFTY = Variant.HAND, Variant.NIFTY
_VARIANTS = frozenset(Variant)


def checked_variant(value: object) -> Variant:
    if type(value) is Variant:
        return value
    if isinstance(value, str) and value in _VARIANTS:
        return Variant(value)
    raise errors.UnknownVariant(variant=value)


@lru_cache(maxsize=256)
def _deck(max_card: int, copies: int) -> Deck:
    return Deck(max_card, copies)


def checked_deck(max_card: object, variant: Variant) -> Deck:
    if type(max_card) is not int:
        raise errors.NotACard(value=max_card, where="max_card")
    if not 1 <= max_card <= MAX_CARD:
        raise errors.CardOutOfRange(card=max_card, max_card=MAX_CARD)
    return _deck(max_card, variant.copies)


def checked_order(table: Table, plays: Sequence[Play], variant: Variant, deck: Deck) -> Order:
    """Check the plays against the table and ``deck``; return them in placing order."""
    if not plays:
        raise errors.NoPlays()
    pairs = None
    if variant.copies == 1 and variant.plays_per_player == 1 and deck.covers(table.deck):
        pairs = _quick_pairs(table, plays, variant.cards_per_play, deck.max_card)
    if pairs is None:
        _diagnose(table, plays, variant, deck)
        pairs = [(player, card) for player, cards in plays for card in cards]
    if variant is _HAND:
        return pairs
    if variant is _NIFTY:
        by_lowest = sorted(plays, key=lambda play: min(play[1]))
        return [(player, card) for player, cards in by_lowest for card in cards]
    # sorted() is stable: Double twins keep the order the plays were given in.
    return sorted(pairs, key=_by_card)


def _quick_pairs(table: Table, plays: Sequence[Play], per_play: int, max_card: int) -> Order | None:
    """The ``(player, card)`` pairs of a legal turn with one play per player and a single
    deck, in the order given; None means "look closer"."""
    names: set[str] = set()
    pairs: Order = []
    try:
        for player, cards in plays:
            if (
                type(player) is not str or not 0 < len(player) <= MAX_NAME or player.isspace()
                or player in names or len(cards) != per_play
            ):
                return None
            names.add(player)
            for card in cards:
                if type(card) is not int or not 0 < card <= max_card:
                    return None
                pairs.append((player, card))
    except (TypeError, ValueError):
        return None
    played = set(map(_by_card, pairs))
    if len(names) > MAX_PLAYERS or len(played) < len(pairs):
        return None
    return pairs if played.isdisjoint(table.cards()) else None


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
    if not deck.covers(table.deck):
        for card in table.cards():
            check_card(card, deck, "table")
    check_counts([*table.cards(), *(card for play in plays for card in play[1])], deck)


def checked_choices(
    plays: Sequence[Play],
    take: Mapping[str, int] | None,
    place: Mapping[str, tuple[int, Side | str]] | None,
    count: int = ROWS,
) -> tuple[dict[str, int], dict[str, tuple[int, Side]]]:
    """``take`` and ``place`` checked against the players and the ``count`` rows (numbered
    1 to ``count``); sides become :class:`Side`."""
    rows: dict[str, int] = {}
    sides: dict[str, tuple[int, Side]] = {}
    if not take and not place:
        return rows, sides
    names = {play[0] for play in plays}
    for player, row in (take or {}).items():
        if player not in names:
            raise errors.UnknownPlayerChoice(player=player)
        if type(row) is not int or not 1 <= row <= count:
            raise errors.BadRowChoice(player=player, row=row, rows=count)
        rows[player] = row
    for player, choice in (place or {}).items():
        if player not in names:
            raise errors.UnknownPlayerChoice(player=player)
        row, side = choice
        if type(row) is not int or not 1 <= row <= count:
            raise errors.BadRowChoice(player=player, row=row, rows=count)
        if side not in (Side.LEFT, Side.RIGHT):
            raise errors.BadPlaceChoice(player=player, card=None)
        sides[player] = (row, Side(side))
    return rows, sides
