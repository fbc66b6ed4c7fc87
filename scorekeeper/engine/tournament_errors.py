"""The typed errors of the Tournament variant (Variant 3): players, hands and points."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import RulesError
from .limits import HAND_SIZE, MIN_PLAYERS

#: A tournament sheet has five player lines.
TOURNAMENT_MAX_PLAYERS = 5


@dataclass(eq=False)
class TournamentError(RulesError):
    """Base class: the input does not describe legal tournament players, hands or points."""


@dataclass(eq=False)
class WrongPlayerCount(TournamentError):
    """Not 2 to 5 players."""

    count: int

    def __str__(self) -> str:
        return (f"a tournament takes {MIN_PLAYERS} to {TOURNAMENT_MAX_PLAYERS} players, "
                f"not {self.count}")


@dataclass(eq=False)
class BadName(TournamentError):
    """Player number ``index`` (1-based) has no name, or one longer than ``limit``."""

    index: int
    limit: int

    def __str__(self) -> str:
        return f"player {self.index} needs a name of 1 to {self.limit} characters"


@dataclass(eq=False)
class NameRepeated(TournamentError):
    """A name is listed twice."""

    player: str

    def __str__(self) -> str:
        return f"{self.player!r} is listed twice"


@dataclass(eq=False)
class MissingHand(TournamentError):
    """A player has no hand."""

    player: str

    def __str__(self) -> str:
        return f"{self.player} has no hand"


@dataclass(eq=False)
class UnknownOwner(TournamentError):
    """A hand is given for someone who is not among the players."""

    player: str

    def __str__(self) -> str:
        return f"a hand is given for {self.player!r}, who does not play"


@dataclass(eq=False)
class HandNotACard(TournamentError):
    """The hand of ``player`` is not a list of whole numbers."""

    player: str

    def __str__(self) -> str:
        return f"the hand of {self.player} holds something that is not a card number"


@dataclass(eq=False)
class WrongHandSize(TournamentError):
    """A hand does not hold exactly 10 cards."""

    player: str
    count: int

    def __str__(self) -> str:
        return f"the hand of {self.player} holds {self.count} cards, not {HAND_SIZE}"


@dataclass(eq=False)
class CardRepeated(TournamentError):
    """A hand holds a card twice."""

    player: str
    card: int

    def __str__(self) -> str:
        return f"the hand of {self.player} holds card {self.card} twice"


@dataclass(eq=False)
class HandCardOutOfRange(TournamentError):
    """A card in a hand is outside 1..``max_card`` (the Tactics deck of ``count`` players)."""

    player: str
    card: int
    max_card: int
    count: int

    def __str__(self) -> str:
        return (f"card {self.card} (hand of {self.player}) is outside 1..{self.max_card} "
                f"for {self.count} players")


@dataclass(eq=False)
class CardInTwoHands(TournamentError):
    """A card is in the hands of both ``first`` and ``second``."""

    card: int
    first: str
    second: str

    def __str__(self) -> str:
        return f"card {self.card} is in the hands of {self.first} and {self.second}"


@dataclass(eq=False)
class BadPoints(TournamentError):
    """The minus points on a player's sheet are not a whole number from 0."""

    player: str

    def __str__(self) -> str:
        return f"the minus points of {self.player} are not a whole number from 0"


@dataclass(eq=False)
class PointsTooHigh(TournamentError):
    """A game's minus points add up to more than one game can hand out."""

    total: int
    limit: int

    def __str__(self) -> str:
        return f"the minus points add up to {self.total}, more than {self.limit}"
