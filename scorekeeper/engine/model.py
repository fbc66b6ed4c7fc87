"""The value types of a turn: variants, rules, sides, plays, steps, ties and resolutions."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import NamedTuple

from .table import Table


class Variant(StrEnum):
    """Placement variants of the booklets (Tactics, Logic, Tournament and Open place as basic)."""

    BASIC = "basic"
    PROFESSIONAL = "professional"
    DOUBLE = "double"
    NIFTY = "nifty"
    HAND = "hand"

    # Set on each member below (plain attributes: read in the hot path, cheaper than properties).
    cards_per_play: int
    """Nifty players reveal two cards; everyone else one."""
    plays_per_player: int
    """In Hand a player may lay one card, then another, in the same turn."""
    copies: int
    """Double is played with two decks."""


for _variant in Variant:
    _variant.cards_per_play = 2 if _variant is Variant.NIFTY else 1
    _variant.plays_per_player = 2 if _variant is Variant.HAND else 1
    _variant.copies = 2 if _variant is Variant.DOUBLE else 1


class Rule(IntEnum):
    """How a placement resolved, numbered as the booklet numbers its rules."""

    SMALLEST_DIFFERENCE = 2
    """The card joined the row whose end is closest below it (rule 2)."""
    FULL_ROW = 3
    """The card was the t-th (the 6th in the booklet's game): its player took the row's t − 1
    cards and starts the row anew (rule 3)."""
    LOWEST_CARD = 4
    """The card fitted no row: its player took a whole row of choice (rule 4)."""


class Side(StrEnum):
    """Where a card joined a row: after its end, or (Professional only) before its first card."""

    RIGHT = "right"
    LEFT = "left"


class Play(NamedTuple):
    """The card(s) one player revealed: one card, or two in Nifty, in the order laid."""

    player: str
    cards: tuple[int, ...]


class Step(NamedTuple):
    """One card placed."""

    player: str
    card: int
    row: int
    """Row number 1..r the card ended in (r rows on the table, 4 in the booklet's game)."""
    side: Side
    rule: Rule
    taken: tuple[int, ...]
    """Cards the player took in this step (empty unless rule 3 or 4)."""
    bullheads: int
    """Bullheads of ``taken``; for twins sharing a take, this player's half, rounded up."""
    alternatives: tuple[int, ...] | None = None
    """Rule 4 chosen by default: the other rows that were just as cheap. None if chosen."""
    row_bullheads: tuple[int, ...] | None = None
    """Rule 4: each row's bullheads at that moment, so another choice can be offered."""
    shared_with: str | None = None
    """Double: the player whose twin shared this take."""
    neighbour: int | None = None
    """Rules 2 and 3: the card this one was placed against, so the checker can say why: the
    row's end card, its first card for a left placement, or the twin it lies on. None under
    rule 4 and for the second twin of a shared take (it followed its pair)."""
    difference: int | None = None
    """Rules 2 and 3: how far the card is from ``neighbour`` (0 on its twin); else None."""


@dataclass(frozen=True, slots=True)
class Tie:
    """Professional: a right and a left placement at the same difference; the player decides."""

    player: str
    card: int
    options: tuple[tuple[int, Side], ...]
    """``(row, side)`` pairs, row numbered 1..r."""


class Resolution(NamedTuple):
    """The outcome of a turn, or of its part up to an unsettled :class:`Tie`."""

    steps: tuple[Step, ...]
    table: Table
    """The rows after the turn (or just before the tied card, if ``tie`` is set)."""
    bullheads: dict[str, int]
    """Bullheads each player took this turn, in the order the plays were given."""
    tie: Tie | None = None
