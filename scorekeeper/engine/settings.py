"""A scored game's settings: players, end, variant and shape, checked once when it is created.

The shape (docs/rules.md, The postscript's shapes) is the postscript's choice of rows (3 to 5), the
card that takes a row (5th to 7th) and the cards in each hand (10 or more, as far as the
deck allows). It bounds what one deal can hand out:

>>> s = make_settings(["Ann", "Bob", "Cas", "Dirk"])
>>> s.lower_bound, s.bound
(24, 167)
>>> s = make_settings(["Ann", "Bob", "Cas"], rows=5, takes_at=5, hand_size=12)
>>> s.cards_in_play, s.kept, s.lower_bound, s.bound
(41, 20, 21, 166)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .cards import Deck
from .errors import (
    BadFixedDeals,
    BadHandSize,
    BadRowCount,
    BadThreshold,
    DeckTooSmall,
    PlayerCount,
    UnknownGameVariant,
)
from .limits import (
    DEFAULT_THRESHOLD,
    HAND_SIZE,
    MAX_FIXED_DEALS,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_ROWS,
    MAX_THRESHOLD,
    MIN_PLAYERS,
    MIN_ROWS,
    ROWS,
    TAKES_AT,
    tactics_max_card,
)
from .names import distinct_names
from .table import checked_takes_at

__all__ = ["GameVariant", "Settings", "make_settings", "whole"]


class GameVariant(StrEnum):
    """The variants a game is scored in: which deck bounds a deal, and whether hands count.

    Stored and sent as the plain string, which the member equals.
    """

    BASIC = "basic"
    TACTICS = "tactics"
    """Cards 1 to 10·n + 4 (also Logic and Tournament)."""
    DOUBLE = "double"
    """Two decks."""
    HAND = "hand"
    """A deal also carries the bullheads left in each hand, which count double."""


_GAME_VARIANTS = frozenset(GameVariant)


@dataclass(frozen=True)
class Settings:
    """How a game is scored; fixed when it is created."""

    players: tuple[str, ...]
    """Names in seating order, made and checked by :mod:`.names`, distinct."""
    threshold: int | None = DEFAULT_THRESHOLD
    """A total that reaches this ends the game; None when the game has fixed deals."""
    fixed_deals: int | None = None
    """Play exactly this many deals instead of a threshold."""
    virgin_doubling: bool = False
    """The postscript's Maagd: in a deal with a virgin (took nothing), the others count double."""
    variant: GameVariant = GameVariant.BASIC
    """Which deck bounds a deal; in Hand a deal adds hand bullheads."""
    rows: int = ROWS
    """Rows on the table: 3 to 5."""
    takes_at: int = TAKES_AT
    """The card that takes a row: 5 to 7."""
    hand_size: int = HAND_SIZE
    """Cards dealt to each player: 10 or more."""

    @property
    def reshaped(self) -> bool:
        """Whether the table plays a postscript shape: rows, the taking card or the hand
        other than the booklet's (the sheet then says which).

        >>> make_settings(["A", "B"]).reshaped, make_settings(["A", "B"], rows=5).reshaped
        (False, True)
        """
        return (self.rows, self.takes_at, self.hand_size) != (ROWS, TAKES_AT, HAND_SIZE)

    @property
    def deck(self) -> Deck:
        if self.variant == GameVariant.TACTICS:
            return Deck(tactics_max_card(len(self.players)))
        return Deck(copies=2 if self.variant == GameVariant.DOUBLE else 1)

    @property
    def bound(self) -> int:
        """Most bullheads one deal can hand out: one card at least stays in each row.

        >>> make_settings(["A", "B"]).bound, make_settings(["A", "B"], variant="double").bound
        (167, 338)
        """
        return self.deck.total_bullheads - self.rows

    @property
    def cards_in_play(self) -> int:
        """Cards a deal starts with: a hand for each player and one card for each row."""
        return self.hand_size * len(self.players) + self.rows

    @property
    def kept(self) -> int:
        """Most cards the rows can hold when a deal ends: t − 1 positions in each row, and in
        Double a stacked twin on each position."""
        return self.deck.copies * self.rows * (self.takes_at - 1)

    @property
    def lower_bound(self) -> int:
        """Fewest bullheads one deal can hand out (0: no bound): every card that must leave
        the table is worth one bullhead or more. None in Hand, where taken cards may go to
        the hand.

        >>> [make_settings(["A", "B"] + [f"P{i}" for i in range(n)]).lower_bound
        ...  for n in range(5)]
        [4, 14, 24, 34, 44]
        >>> make_settings(["A", "B", "C", "D"], variant="hand").lower_bound
        0
        >>> make_settings(["A", "B", "C", "D", "E", "F"], variant="double").lower_bound
        24
        """
        if self.variant == GameVariant.HAND:
            return 0
        return max(0, self.cards_in_play - self.kept)


def whole(value: object) -> int | None:
    """A whole number typed or sent: an int (not a bool) or ASCII digits; else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    text = value.strip() if isinstance(value, str) else ""
    if text.isascii() and text.isdigit() and len(text) <= 9:  # "²" is a digit to Python
        return int(text)
    return None


def _names(players: Sequence[object]) -> tuple[str, ...]:
    if not isinstance(players, Sequence) or isinstance(players, str):
        raise PlayerCount(count=0)
    names = distinct_names(players, MAX_NAME)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise PlayerCount(count=len(names))
    return tuple(names)


def _end(threshold: object, fixed_deals: object) -> tuple[int | None, int | None]:
    """``(threshold, fixed_deals)``: one of them set."""
    if fixed_deals is not None:
        deals = whole(fixed_deals)
        if deals is None or not 1 <= deals <= MAX_FIXED_DEALS:
            raise BadFixedDeals(value=fixed_deals, limit=MAX_FIXED_DEALS)
        return None, deals
    limit = whole(DEFAULT_THRESHOLD if threshold is None else threshold)
    if limit is None or not 1 <= limit <= MAX_THRESHOLD:
        raise BadThreshold(value=threshold, limit=MAX_THRESHOLD)
    return limit, None


def make_settings(
    players: Sequence[object],
    threshold: object = DEFAULT_THRESHOLD,
    fixed_deals: object = None,
    virgin_doubling: bool = False,
    variant: object = GameVariant.BASIC,
    *,
    rows: object = ROWS,
    takes_at: object = TAKES_AT,
    hand_size: object = HAND_SIZE,
) -> Settings:
    """Validated settings; raises a refusal naming the first problem.

    ``rows``, ``takes_at`` and ``hand_size`` are whole numbers (an int, not a bool or a
    text); the deck in use must hold ``hand_size · players + rows`` cards.

    >>> make_settings(["A", "B", "C"], variant="tactics", rows=5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scorekeeper.engine.errors.DeckTooSmall: With 3 players, ... needs 35 cards, but ... only 34.
    """
    names = _names(players)
    if not isinstance(variant, str) or variant not in _GAME_VARIANTS:
        raise UnknownGameVariant(variant=variant)
    limit, deals = _end(threshold, fixed_deals)
    if type(rows) is not int or not MIN_ROWS <= rows <= MAX_ROWS:
        raise BadRowCount(value=rows)
    takes = checked_takes_at(takes_at)
    if type(hand_size) is not int or hand_size < HAND_SIZE:
        raise BadHandSize(value=hand_size)
    settings = Settings(names, limit, deals, bool(virgin_doubling), GameVariant(variant),
                        rows, takes, hand_size)
    if settings.cards_in_play > settings.deck.size:
        raise DeckTooSmall(players=len(names), hand_size=hand_size, rows=rows,
                           needed=settings.cards_in_play, cards=settings.deck.size)
    return settings
