"""The typed errors of a game's settings: its players, its end, its variant and its shape.

Where a field holds what the user typed, it holds it as given; the web layer shortens it
when it shows it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .limits import HAND_SIZE, MAX_PLAYERS, MAX_ROWS, MIN_PLAYERS, MIN_ROWS
from .scoring_errors import ScoringError


@dataclass(eq=False)
class PlayerCount(ScoringError):
    """Not 2 to 10 players."""

    count: int

    def __str__(self) -> str:
        return f"a game takes {MIN_PLAYERS} to {MAX_PLAYERS} players, not {self.count}"


@dataclass(eq=False)
class BadPlayerName(ScoringError):
    """A name is empty, or longer than ``limit`` characters after trimming."""

    player: object
    limit: int

    def __str__(self) -> str:
        return f"player name {self.player!r} is not 1 to {self.limit} characters"


@dataclass(eq=False)
class DuplicatePlayer(ScoringError):
    """Two players share a name (compared without case)."""

    player: str

    def __str__(self) -> str:
        return f"the name {self.player!r} is used twice"


@dataclass(eq=False)
class BadThreshold(ScoringError):
    """The threshold is not a whole number from 1 to ``limit``."""

    value: object
    limit: int

    def __str__(self) -> str:
        return f"threshold {self.value!r} is not a whole number from 1 to {self.limit}"


@dataclass(eq=False)
class BadFixedDeals(ScoringError):
    """The fixed number of deals is not a whole number from 1 to ``limit``."""

    value: object
    limit: int

    def __str__(self) -> str:
        return f"number of deals {self.value!r} is not a whole number from 1 to {self.limit}"


@dataclass(eq=False)
class UnknownGameVariant(ScoringError):
    """The variant is not basic, tactics, double or hand."""

    variant: object

    def __str__(self) -> str:
        return f"unknown game variant {self.variant!r}"

@dataclass(eq=False)
class BadRowCount(ScoringError):
    """The number of rows is not the whole number 3, 4 or 5 (booleans refused)."""

    value: object

    def __str__(self) -> str:
        return f"a game is played with {MIN_ROWS} to {MAX_ROWS} rows, not {self.value!r}"


@dataclass(eq=False)
class BadHandSize(ScoringError):
    """The cards in each hand are not a whole number of 10 or more (booleans refused)."""

    value: object

    def __str__(self) -> str:
        return f"each hand holds {HAND_SIZE} cards or more, not {self.value!r}"


@dataclass(eq=False)
class DeckTooSmall(ScoringError):
    """The deck in use cannot deal ``hand_size`` cards to each player and start the rows."""

    players: int
    hand_size: int
    rows: int
    needed: int
    """Cards a deal puts in play: ``hand_size · players + rows``."""
    cards: int
    """Cards of the deck in use (104; 10·n + 4 in Tactics; 208 in Double)."""

    def __str__(self) -> str:
        return (f"{self.players} hands of {self.hand_size} cards and {self.rows} rows need "
                f"{self.needed} cards; the deck in use has {self.cards}")
