"""Cards, their bullheads, and the decks the variants play with."""

from __future__ import annotations

from dataclasses import dataclass

from .limits import MAX_CARD, tactics_max_card

__all__ = ["BULLHEADS", "FULL_DECK", "MAX_CARD", "Deck", "bullheads", "tactics_max_card"]


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
    def size(self) -> int:
        """Cards in the deck.

        >>> Deck().size, Deck(copies=2).size, Deck(44).size
        (104, 208, 44)
        """
        return self.copies * self.max_card

    @property
    def total_bullheads(self) -> int:
        """Bullheads of every card in the deck.

        >>> Deck().total_bullheads, Deck(copies=2).total_bullheads, Deck(44).total_bullheads
        (171, 342, 72)
        """
        return self.copies * sum(BULLHEADS[1 : self.max_card + 1])

    def covers(self, other: Deck) -> bool:
        """Whether every table legal with ``other`` is legal with this deck too.

        >>> Deck().covers(Deck(44)), Deck(44).covers(Deck()), Deck().covers(Deck(copies=2))
        (True, False, False)
        """
        return other.max_card <= self.max_card and other.copies <= self.copies


#: The booklet's deck: cards 1..104, once each.
FULL_DECK = Deck()
