"""The typed errors of scoring a game: a deal's entry and the order of deals (the settings'
errors are in :mod:`.settings_errors`).

Where a field holds what the user typed, it holds it as given; the web layer shortens it
when it shows it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .errors import RulesError
from .limits import MAX_CLIENT_ID, MAX_DEALS, MAX_GAME_EVENTS, MAX_NOTE, ROWS


@dataclass(eq=False)
class ScoringError(RulesError):
    """Base class: the input does not describe a legal game or deal."""


@dataclass(eq=False)
class MissingPlayerValue(ScoringError):
    """A deal gives no value for a player."""

    player: str
    part: str
    """What is missing: "bullheads", "hand" or "cards"."""

    def __str__(self) -> str:
        return f"no {self.part} for {self.player}"


@dataclass(eq=False)
class UnknownPlayer(ScoringError):
    """A deal gives a value for someone who is not in the game."""

    player: object

    def __str__(self) -> str:
        return f"{self.player!r} does not play in this game"


@dataclass(eq=False)
class BadBullheads(ScoringError):
    """A player's value is not a whole number of 0 or more."""

    player: str
    value: object

    def __str__(self) -> str:
        return f"{self.player}: {self.value!r} is not a number of bullheads"


@dataclass(eq=False)
class DealOverBound(ScoringError):
    """The deal's total is over the deck's bullheads minus one card in each row."""

    total: int
    bound: int
    rows: int = ROWS

    def __str__(self) -> str:
        return (f"the deal adds up to {self.total} bullheads; at most {self.bound} "
                f"can be taken (a card stays in each of the {self.rows} rows)")


@dataclass(eq=False)
class DealUnderBound(ScoringError):
    """The deal's total is under the cards that must leave the table (each worth one
    bullhead or more): ``cards`` are in play and at most ``kept`` stay on the table."""

    total: int
    bound: int
    """``cards - kept``: the fewest bullheads a deal can hand out."""
    players: int
    cards: int
    """Cards in play in a deal: a hand for each player and the rows' first cards."""
    kept: int
    """Most cards the rows can hold at the end: r · (t − 1), twice that in Double."""

    def __str__(self) -> str:
        return (f"the deal adds up to {self.total} bullheads; with {self.players} players "
                f"at least {self.bound} are taken ({self.cards} cards in play, at most "
                f"{self.kept} stay on the table)")


@dataclass(eq=False)
class BadCard(ScoringError):
    """A value in a player's cards is not a card number."""

    player: str
    value: object

    def __str__(self) -> str:
        return f"{self.player}: {self.value!r} is not a card number"


@dataclass(eq=False)
class CardOutsideDeck(ScoringError):
    """A card is not in the deck in use (cards 1..``max_card``)."""

    card: int
    max_card: int

    def __str__(self) -> str:
        return f"card {self.card} is outside 1..{self.max_card}"


@dataclass(eq=False)
class CardTakenTwice(ScoringError):
    """A card is entered more often than the deck holds it (``copies``)."""

    card: int
    copies: int

    def __str__(self) -> str:
        return f"card {self.card} is entered more than {self.copies} time(s)"


@dataclass(eq=False)
class EntryKind(ScoringError):
    """Give either bullheads or cards for a deal, not both nor neither."""

    def __str__(self) -> str:
        return "a deal gives either bullheads or cards"


@dataclass(eq=False)
class HandNotInVariant(ScoringError):
    """Hand bullheads were given in a game that is not played in the Hand variant."""

    def __str__(self) -> str:
        return "bullheads in the hand count only in the Hand variant"


@dataclass(eq=False)
class GameFinished(ScoringError):
    """The game has ended; no deal can be added until a correction re-opens it."""

    status: ClassVar[int] = 409

    def __str__(self) -> str:
        return "the game has ended"


@dataclass(eq=False)
class DealNumberTaken(ScoringError):
    """Deal ``number`` exists already (perhaps added on another phone)."""

    status: ClassVar[int] = 409
    number: int
    expected: int
    """The number the next deal gets."""

    def __str__(self) -> str:
        return f"deal {self.number} exists already; the next deal is {self.expected}"


@dataclass(eq=False)
class DealNumberSkipped(ScoringError):
    """Deal ``number`` would leave a gap."""

    status: ClassVar[int] = 409
    number: int
    expected: int
    """The number the next deal gets."""

    def __str__(self) -> str:
        return f"deal {self.number} would skip a deal; the next deal is {self.expected}"


@dataclass(eq=False)
class NoSuchDeal(ScoringError):
    """Deal ``number`` does not exist, so it cannot be corrected."""

    status: ClassVar[int] = 404
    number: int

    def __str__(self) -> str:
        return f"there is no deal {self.number}"


@dataclass(eq=False)
class ClientIdReused(ScoringError):
    """The ``client_id`` was used before for a different deal."""

    status: ClassVar[int] = 409
    client_id: str

    def __str__(self) -> str:
        return f"client_id {self.client_id!r} was sent before with other values"


@dataclass(eq=False)
class NoSuchGame(ScoringError):
    """No game has that id (deleted, or never created)."""

    status: ClassVar[int] = 404

    def __str__(self) -> str:
        return "there is no such game"


@dataclass(eq=False)
class BadNote(ScoringError):
    """The note is not text, or longer than ``limit`` characters."""

    limit: int = MAX_NOTE

    def __str__(self) -> str:
        return f"the note must be text of at most {self.limit} characters"


@dataclass(eq=False)
class VirginDoublingNotBool(ScoringError):
    """``virgin_doubling`` is given but is not true or false."""

    def __str__(self) -> str:
        return "virgin_doubling must be true or false"


@dataclass(eq=False)
class BadDealNumber(ScoringError):
    """A deal's number is given but is not a whole number from 1."""

    def __str__(self) -> str:
        return "the deal number must be a whole number from 1"


@dataclass(eq=False)
class BadClientId(ScoringError):
    """A ``client_id`` is given but is not text of 1 to ``limit`` characters."""

    limit: int = MAX_CLIENT_ID

    def __str__(self) -> str:
        return f"the client_id must be text of 1 to {self.limit} characters"


@dataclass(eq=False)
class DealNumberMismatch(ScoringError):
    """A correction names another deal than the one it is sent for."""

    def __str__(self) -> str:
        return "the deal number in the body does not match the deal corrected"


@dataclass(eq=False)
class NotTheLastDeal(ScoringError):
    """Only the last deal can be withdrawn; deal ``number`` is not it."""

    status: ClassVar[int] = 409
    number: int
    last: int
    """The number of the last deal, the one that can be withdrawn."""

    def __str__(self) -> str:
        return f"deal {self.number} is not the last deal; only deal {self.last} can be withdrawn"


@dataclass(eq=False)
class CannotRestore(ScoringError):
    """Withdrawn deal ``number`` cannot come back: it is not the next deal's number (another
    deal took its place, or an earlier deal is withdrawn too)."""

    status: ClassVar[int] = 409
    number: int
    next: int
    """The number the next deal gets."""

    def __str__(self) -> str:
        return f"deal {self.number} cannot be restored; the next deal is {self.next}"


@dataclass(eq=False)
class TooManyDeals(ScoringError):
    """The game holds :data:`MAX_DEALS` deals already; a new game must be started."""

    status: ClassVar[int] = 409
    limit: int = MAX_DEALS

    def __str__(self) -> str:
        return f"a game holds at most {self.limit} deals"


@dataclass(eq=False)
class TooManyChanges(ScoringError):
    """The game's log holds :data:`MAX_GAME_EVENTS` lines (deals, corrections and undos)."""

    status: ClassVar[int] = 409
    limit: int = MAX_GAME_EVENTS

    def __str__(self) -> str:
        return f"a game's log holds at most {self.limit} entries"
