"""Typed errors: each names what was wrong and where, so the web layer can translate it.

Every error is a dataclass and a ``ValueError``: its fields are typed (the web layer reads
them to fill in a translated sentence), ``str(error)`` is an English sentence for logs and
tests, and ``status`` is the HTTP status it is answered with.

>>> error = EmptyRow(row=3)
>>> error, str(error), error.status
(EmptyRow(row=3), 'row 3 is empty', 400)
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar

from .limits import MAX_PLAYERS, MAX_ROWS, MAX_TAKES_AT, MIN_ROWS, MIN_TAKES_AT, ROW_LIMIT, ROWS


# eq=False everywhere: an error compares by identity and stays hashable, like any
# exception; not frozen, because raising sets ``__traceback__`` on it.
@dataclass(eq=False)
class RulesError(ValueError):
    """Base class: the input does not describe a legal table, turn, game or tournament."""

    status: ClassVar[int] = 400
    """HTTP status: 400 bad input; 404 "not there"; 409 "the game moved on"."""

    def __str__(self) -> str:
        return repr(self)

    def __reduce__(self) -> tuple[type[RulesError], tuple[object, ...]]:
        # BaseException pickles its ``args``, which a dataclass leaves empty.
        return type(self), tuple(getattr(self, field.name) for field in fields(self))


@dataclass(eq=False)
class WrongRowCount(RulesError):
    """The table does not have 3 to 5 rows (4 in the booklet's game)."""

    count: int

    def __str__(self) -> str:
        return f"a table has {MIN_ROWS} to {MAX_ROWS} rows, not {self.count}"


@dataclass(eq=False)
class BadTakesAt(RulesError):
    """The card that takes a row is not the 5th, 6th or 7th (booleans and floats refused)."""

    value: object
    """The value as given."""

    def __str__(self) -> str:
        return (f"takes_at must be a whole number from {MIN_TAKES_AT} to {MAX_TAKES_AT}, "
                f"not {self.value!r}")


@dataclass(eq=False)
class EmptyRow(RulesError):
    """A row holds no card."""

    row: int
    """Row number, 1-based."""

    def __str__(self) -> str:
        return f"row {self.row} is empty"


@dataclass(eq=False)
class RowTooLong(RulesError):
    """A row holds more positions than a row can hold."""

    row: int
    length: int
    """Positions in the row (stacked twins count once)."""
    limit: int = ROW_LIMIT
    """Positions a row holds: one less than the card that takes it."""

    def __str__(self) -> str:
        return f"row {self.row} holds {self.length} cards; a row holds at most {self.limit}"


@dataclass(eq=False)
class RowNotAscending(RulesError):
    """A row is not in ascending order: ``card`` follows ``previous``."""

    row: int
    card: int
    previous: int

    def __str__(self) -> str:
        return f"row {self.row} is not ascending: {self.card} after {self.previous}"


@dataclass(eq=False)
class NotACard(RulesError):
    """A value is not a whole number (booleans and floats are refused)."""

    value: object
    """The value as given."""
    where: str
    """Where it was found: ``"row 2"``, ``"max_card"`` or the player's name."""

    def __str__(self) -> str:
        return f"{self.value!r} in {self.where} is not a card number"


@dataclass(eq=False)
class CardOutOfRange(RulesError):
    """A card is outside ``1..max_card``."""

    card: int
    max_card: int

    def __str__(self) -> str:
        return f"card {self.card} is outside 1..{self.max_card}"


@dataclass(eq=False)
class CardTooOften(RulesError):
    """A card appears more often than the deck holds it."""

    card: int
    times: int
    allowed: int
    """Copies of each card in the deck: 1, or 2 in Double."""

    def __str__(self) -> str:
        return f"card {self.card} appears {self.times} times; the deck holds it {self.allowed}"


@dataclass(eq=False)
class NoPlays(RulesError):
    """A turn needs at least one revealed card."""

    def __str__(self) -> str:
        return "no card was played"


@dataclass(eq=False)
class TooManyPlayers(RulesError):
    """More players than the game takes."""

    count: int

    def __str__(self) -> str:
        return f"{self.count} players; the game is for at most {MAX_PLAYERS}"


@dataclass(eq=False)
class MissingPlayer(RulesError):
    """A play names no player."""

    index: int
    """Play number, 1-based."""

    def __str__(self) -> str:
        return f"play {self.index} names no player"


@dataclass(eq=False)
class PlayerNameTooLong(RulesError):
    """A player's name is longer than ``limit`` characters."""

    player: str
    limit: int

    def __str__(self) -> str:
        return f"player name {self.player!r} is longer than {self.limit} characters"


@dataclass(eq=False)
class MissingCard(RulesError):
    """A player's play holds no card."""

    player: str

    def __str__(self) -> str:
        return f"{self.player} played no card"


@dataclass(eq=False)
class WrongCardCount(RulesError):
    """A player played ``count`` cards where the variant asks for ``expected``."""

    player: str
    count: int
    expected: int

    def __str__(self) -> str:
        return f"{self.player} played {self.count} cards; this variant needs {self.expected}"


@dataclass(eq=False)
class PlayerRepeated(RulesError):
    """A player has more plays than the variant allows."""

    player: str
    allowed: int

    def __str__(self) -> str:
        return f"{self.player} is named more than {self.allowed} time(s)"


@dataclass(eq=False)
class UnknownVariant(RulesError):
    """The variant is not one of the placement variants."""

    variant: object
    """The variant as given."""

    def __str__(self) -> str:
        return f"unknown variant {self.variant!r}"


@dataclass(eq=False)
class UnknownPlayerChoice(RulesError):
    """A choice (``take`` or ``place``) names a player who played no card."""

    player: str

    def __str__(self) -> str:
        return f"a choice names {self.player}, who played no card"


@dataclass(eq=False)
class BadRowChoice(RulesError):
    """A player chose a row that does not exist."""

    player: str
    row: object
    """The row as given."""
    rows: int = ROWS
    """Rows on the table: they are numbered 1 to ``rows``."""

    def __str__(self) -> str:
        return f"{self.player} chose row {self.row!r}; rows are numbered 1 to {self.rows}"


@dataclass(eq=False)
class BadPlaceChoice(RulesError):
    """A player's placement choice is not one of the tied options for their card."""

    player: str
    card: int | None
    """The tied card; None when the side itself was not "left" or "right"."""

    def __str__(self) -> str:
        return f"{self.player}'s choice for card {self.card} is not one of the tied options"
