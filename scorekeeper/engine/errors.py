"""Typed errors: each names what was wrong and where, so the web layer can translate it.

All are ``ValueError`` subclasses. ``str(error)`` is an English sentence for logs and
tests; the web layer builds its translated message from the error's type and fields.
"""

from __future__ import annotations


class RulesError(ValueError):
    """Base class: the input does not describe a legal table or turn."""

    def __init__(self, **fields: object) -> None:
        self.fields = fields
        super().__init__(self.describe())

    def describe(self) -> str:
        return f"{type(self).__name__}: {self.fields}"

    def __getattr__(self, name: str) -> object:
        try:
            return self.__dict__["fields"][name]
        except KeyError:
            raise AttributeError(name) from None

    def __reduce__(self):  # keeps errors picklable despite keyword-only construction
        return (_rebuild, (type(self), self.fields))


def _rebuild(cls: type[RulesError], fields: dict) -> RulesError:
    return cls(**fields)


class WrongRowCount(RulesError):
    """The table does not have exactly four rows (``count``)."""

    def describe(self) -> str:
        return f"a table has exactly 4 rows, not {self.count}"


class EmptyRow(RulesError):
    """Row ``row`` (1-based) holds no card."""

    def describe(self) -> str:
        return f"row {self.row} is empty"


class RowTooLong(RulesError):
    """Row ``row`` holds ``length`` cards, more than the 5 a row can hold."""

    def describe(self) -> str:
        return f"row {self.row} holds {self.length} cards; a row holds at most 5"


class RowNotAscending(RulesError):
    """Row ``row`` is not in ascending order (``card`` follows ``previous``)."""

    def describe(self) -> str:
        return f"row {self.row} is not ascending: {self.card} after {self.previous}"


class NotACard(RulesError):
    """``value`` found at ``where`` is not a whole number (booleans and floats are refused)."""

    def describe(self) -> str:
        return f"{self.value!r} in {self.where} is not a card number"


class CardOutOfRange(RulesError):
    """``card`` is outside ``1..max_card``."""

    def describe(self) -> str:
        return f"card {self.card} is outside 1..{self.max_card}"


class CardTooOften(RulesError):
    """``card`` appears ``times`` times, but the deck holds it only ``allowed`` times."""

    def describe(self) -> str:
        return f"card {self.card} appears {self.times} times; the deck holds it {self.allowed}"


class NoPlays(RulesError):
    """A turn needs at least one revealed card."""

    def describe(self) -> str:
        return "no card was played"


class TooManyPlayers(RulesError):
    """More than 10 players (``count``)."""

    def describe(self) -> str:
        return f"{self.count} players; the game is for at most 10"


class MissingPlayer(RulesError):
    """Play number ``index`` (1-based) names no player."""

    def describe(self) -> str:
        return f"play {self.index} names no player"


class PlayerNameTooLong(RulesError):
    """``player`` is longer than ``limit`` characters."""

    def describe(self) -> str:
        return f"player name {self.player!r} is longer than {self.limit} characters"


class MissingCard(RulesError):
    """``player``'s play holds no card."""

    def describe(self) -> str:
        return f"{self.player} played no card"


class WrongCardCount(RulesError):
    """``player`` played ``count`` cards where the variant asks for ``expected``."""

    def describe(self) -> str:
        return f"{self.player} played {self.count} cards; this variant needs {self.expected}"


class PlayerRepeated(RulesError):
    """``player`` has more plays than the variant allows (``allowed``)."""

    def describe(self) -> str:
        return f"{self.player} is named more than {self.allowed} time(s)"


class UnknownVariant(RulesError):
    """``variant`` is not one of the placement variants."""

    def describe(self) -> str:
        return f"unknown variant {self.variant!r}"


class UnknownPlayerChoice(RulesError):
    """A choice (``take`` or ``place``) names ``player``, who played no card."""

    def describe(self) -> str:
        return f"a choice names {self.player}, who played no card"


class BadRowChoice(RulesError):
    """``player`` chose row ``row``; rows are numbered 1 to 4."""

    def describe(self) -> str:
        return f"{self.player} chose row {self.row!r}; rows are numbered 1 to 4"


class BadPlaceChoice(RulesError):
    """``player``'s placement choice is not one of the tied options for ``card``."""

    def describe(self) -> str:
        return f"{self.player}'s choice for card {self.card} is not one of the tied options"
