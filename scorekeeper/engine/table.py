"""The rows on the table, validated once when built and immutable afterwards.

A table has 3 to 5 rows (4 in the booklet's game) and a row is taken by its ``takes_at``-th
card (5, 6 or 7; the 6th in the booklet's game), so a row holds at most ``takes_at − 1``
positions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from . import errors
from .cards import FULL_DECK, Deck
from .limits import MAX_ROWS, MAX_TAKES_AT, MIN_ROWS, MIN_TAKES_AT, ROW_LIMIT, ROWS, TAKES_AT

__all__ = [
    "ROWS", "ROW_LIMIT", "TAKES_AT", "Table", "check_card", "check_counts", "checked_takes_at",
    "positions", "trusted_table",
]

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


def checked_takes_at(value: object) -> int:
    """``value`` as the card that takes a row: the whole number 5, 6 or 7, nothing else.

    >>> checked_takes_at(7)
    7
    >>> checked_takes_at(True)
    Traceback (most recent call last):
    ...
    scorekeeper.engine.errors.BadTakesAt: ... takes_at must be 5, 6 or 7, not true.
    """
    if type(value) is not int or not MIN_TAKES_AT <= value <= MAX_TAKES_AT:
        raise errors.BadTakesAt(value=value)
    return value


def positions(row: Sequence[int]) -> int:
    """Places a row takes: stacked twins (the same number twice in a row) count once.

    >>> positions((12, 14, 14, 20))
    3
    """
    return len(row) - sum(1 for a, b in zip(row, row[1:], strict=False) if a == b)


@dataclass(frozen=True, slots=True)
class Table:
    """3 to 5 rows, left to right, each ascending; in Double, ``(14, 14)`` is a stacked twin.

    Build it with :meth:`from_rows`, which checks the rows; a table built directly is
    trusted to be legal for its ``deck`` and ``takes_at``.
    """

    rows: Rows
    """The rows, numbered 1 to r as players say them (index 0 is row 1)."""
    deck: Deck = field(default=FULL_DECK, repr=False, compare=False)
    """The deck the rows are legal in, so a turn played with it need not check them again."""
    takes_at: int = TAKES_AT
    """The card that takes a row (rule 3): a row holds at most ``takes_at - 1`` positions."""

    @classmethod
    def from_rows(cls, rows: object, deck: Deck | None = None, takes_at: object = TAKES_AT,
                  ) -> Table:
        """Validate ``takes_at``, then ``rows`` against ``deck`` (full single deck by default).

        >>> Table.from_rows([[12], [37], [43], [58]])
        Table(rows=((12,), (37,), (43,), (58,)), takes_at=6)
        >>> Table.from_rows([[12, 14, 15, 20], [37], [43]], takes_at=5).rows
        ((12, 14, 15, 20), (37,), (43,))
        """
        deck = deck or FULL_DECK
        if type(takes_at) is not int or takes_at not in _TAKES_AT:
            raise errors.BadTakesAt(value=takes_at)  # as checked_takes_at, without a call
        checked = _quick_rows(rows, deck.max_card, takes_at - 1) if deck.copies == 1 else None
        if checked is None:
            checked = _checked_rows(rows, deck, takes_at - 1)
        if cls is Table:
            return trusted_table(checked, deck, takes_at)
        return cls(checked, deck, takes_at)

    @property
    def limit(self) -> int:
        """Positions a row holds; the next card takes it."""
        return self.takes_at - 1

    def cards(self) -> list[int]:
        """Every physical card on the table."""
        return [card for row in self.rows for card in row]


_set_rows = Table.__dict__["rows"].__set__
_set_deck = Table.__dict__["deck"].__set__
_set_takes_at = Table.__dict__["takes_at"].__set__
_new_object = object.__new__


def trusted_table(rows: Rows, deck: Deck, takes_at: int) -> Table:
    """``Table(rows, deck, takes_at)`` for rows known to be legal, about twice as fast: the
    frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``, and a
    turn builds two tables (the one it is given, the one it leaves).

    >>> trusted_table(((5,), (9,), (12,)), FULL_DECK, 5) == Table(((5,), (9,), (12,)), takes_at=5)
    True
    """
    table = _new_object(Table)
    _set_rows(table, rows)
    _set_deck(table, deck)
    _set_takes_at(table, takes_at)
    return table


_ROW_COUNTS = frozenset(range(MIN_ROWS, MAX_ROWS + 1))
_TAKES_AT = frozenset(range(MIN_TAKES_AT, MAX_TAKES_AT + 1))


def _quick_rows(rows: object, max_card: int, limit: int = ROW_LIMIT) -> Rows | None:
    """The rows of a legal single-deck table, in one cheap pass; None means "look closer"."""
    if not isinstance(rows, list | tuple) or len(rows) not in _ROW_COUNTS:
        return None
    seen: set[int] = set()
    for row in rows:
        if not isinstance(row, list | tuple) or not 0 < len(row) <= limit:
            return None
        previous = 0
        for card in row:
            if type(card) is not int or not previous < card <= max_card or card in seen:
                return None
            seen.add(card)
            previous = card
    return tuple(map(tuple, rows))


def _checked_rows(rows: object, deck: Deck, limit: int = ROW_LIMIT) -> Rows:
    """Check every rule in the order players would, raising the first error found."""
    if not isinstance(rows, list | tuple) or not MIN_ROWS <= len(rows) <= MAX_ROWS:
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
        if length > limit:
            raise errors.RowTooLong(row=number, length=length, limit=limit)
        checked.append(cards)
    check_counts((card for row in checked for card in row), deck)
    return tuple(checked)
