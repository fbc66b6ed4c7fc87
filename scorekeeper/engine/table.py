"""The four rows on the table, validated once when built and immutable afterwards."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from . import errors
from .cards import FULL_DECK, Deck
from .limits import ROW_LIMIT, ROWS

__all__ = ["ROWS", "ROW_LIMIT", "Table", "check_card", "check_counts", "positions"]

Rows = tuple[tuple[int, ...], ...]


def check_card(value: object, deck: Deck, where: str) -> int:
    """Return ``value`` as a card of ``deck`` or raise; booleans and floats are not cards."""
    if type(value) is not int:
        raise errors.NotACard(value=value, where=where)
    if not 1 <= value <= deck.max_card:
        raise errors.CardOutOfRange(card=value, max_card=deck.max_card)
    return value


def check_counts(cards: Iterable[int], deck: Deck) -> None:
    """Raise if any card appears more often than the deck holds it."""
    for card, times in Counter(cards).items():
        if times > deck.copies:
            raise errors.CardTooOften(card=card, times=times, allowed=deck.copies)


def positions(row: Sequence[int]) -> int:
    """Places a row takes: stacked twins (the same number twice in a row) count once.

    >>> positions((12, 14, 14, 20))
    3
    """
    return len(row) - sum(1 for a, b in zip(row, row[1:], strict=False) if a == b)


@dataclass(frozen=True, slots=True)
class Table:
    """Four rows, left to right, each ascending; in Double, ``(14, 14)`` is a stacked twin.

    Build it with :meth:`from_rows`, which checks the rows; a table built directly is
    trusted to be legal for its ``deck``.
    """

    rows: Rows
    """The rows, numbered 1 to 4 as players say them (index 0 is row 1)."""
    deck: Deck = field(default=FULL_DECK, repr=False, compare=False)
    """The deck the rows are legal in, so a turn played with it need not check them again."""

    @classmethod
    def from_rows(cls, rows: object, deck: Deck | None = None) -> Table:
        """Validate ``rows`` against ``deck`` (full single deck by default).

        >>> Table.from_rows([[12], [37], [43], [58]])
        Table(rows=((12,), (37,), (43,), (58,)))
        """
        deck = deck or FULL_DECK
        checked = _quick_rows(rows, deck.max_card) if deck.copies == 1 else None
        if checked is None:
            checked = _checked_rows(rows, deck)
        return cls(checked, deck)

    def cards(self) -> list[int]:
        """Every physical card on the table."""
        return [card for row in self.rows for card in row]


def _quick_rows(rows: object, max_card: int) -> Rows | None:
    """The rows of a legal single-deck table, in one cheap pass; None means "look closer"."""
    if not isinstance(rows, list | tuple) or len(rows) != ROWS:
        return None
    seen: set[int] = set()
    for row in rows:
        if not isinstance(row, list | tuple) or not 0 < len(row) <= ROW_LIMIT:
            return None
        previous = 0
        for card in row:
            if type(card) is not int or not previous < card <= max_card or card in seen:
                return None
            seen.add(card)
            previous = card
    return tuple(map(tuple, rows))


def _checked_rows(rows: object, deck: Deck) -> Rows:
    """Check every rule in the order players would, raising the first error found."""
    if not isinstance(rows, list | tuple) or len(rows) != ROWS:
        raise errors.WrongRowCount(count=len(rows) if isinstance(rows, list | tuple) else 0)
    checked = []
    for number, row in enumerate(rows, start=1):
        if not isinstance(row, list | tuple):
            raise errors.NotACard(value=row, where=f"row {number}")
        if not row:
            raise errors.EmptyRow(row=number)
        cards = tuple(check_card(card, deck, f"row {number}") for card in row)
        for previous, card in zip(cards, cards[1:], strict=False):
            stacked_twin = deck.copies > 1 and card == previous
            if card < previous or (card == previous and not stacked_twin):
                raise errors.RowNotAscending(row=number, card=card, previous=previous)
        length = positions(cards)
        if length > ROW_LIMIT:
            raise errors.RowTooLong(row=number, length=length)
        checked.append(cards)
    check_counts((card for row in checked for card in row), deck)
    return tuple(checked)
