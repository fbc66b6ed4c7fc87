"""Cards, their bullheads, and the decks the variants play with."""

from __future__ import annotations

from dataclasses import dataclass

#: The highest card of a full deck.
MAX_CARD = 104


def _count_bullheads(card: int) -> int:
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    if card % 5 == 0:
        return 2
    return 1


#: ``BULLHEADS[card]`` for cards 1..104 (index 0 is unused and holds 0).
BULLHEADS: tuple[int, ...] = (0, *(_count_bullheads(card) for card in range(1, MAX_CARD + 1)))


def bullheads(card: int) -> int:
    """Minus points printed on ``card``.

    >>> [bullheads(c) for c in (1, 5, 10, 11, 55, 100, 104)]
    [1, 2, 3, 5, 7, 3, 1]
    >>> sum(bullheads(c) for c in range(1, 105))
    171
    """
    return BULLHEADS[card]


def tactics_max_card(players: int) -> int:
    """Highest card in the Tactics, Logic and Tournament variants: 10 per player plus 4.

    >>> tactics_max_card(4)
    44
    """
    return 10 * players + 4


@dataclass(frozen=True, slots=True)
class Deck:
    """The cards in use: numbers ``1..max_card``, each present ``copies`` times."""

    max_card: int = MAX_CARD
    """Highest number in the deck (104, or 10·n + 4 in Tactics, Logic and Tournament)."""
    copies: int = 1
    """How many times each number exists: 2 in the Double variant ("twins")."""

    def __post_init__(self) -> None:
        if not 1 <= self.max_card <= MAX_CARD:
            raise ValueError(f"max_card must be within 1..{MAX_CARD}, not {self.max_card}")
        if self.copies not in (1, 2):
            raise ValueError(f"copies must be 1 or 2, not {self.copies}")

    @property
    def total_bullheads(self) -> int:
        """Bullheads of every card in the deck.

        >>> Deck().total_bullheads, Deck(copies=2).total_bullheads, Deck(44).total_bullheads
        (171, 342, 72)
        """
        return self.copies * sum(BULLHEADS[1 : self.max_card + 1])
