"""A scored game as an event log: deals and corrections, replayed into totals and winners.

Nothing entered is ever lost: a correction is one more event, and the latest value of
each deal counts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .deal import Entry, Settings, score_deal
from .scoring_errors import DealNumberSkipped, DealNumberTaken, GameFinished, NoSuchDeal


class EventKind(StrEnum):
    """What one line of a game's log does; stored as the plain string, which it equals."""

    DEAL = "deal"
    """A new deal, numbered one after the last."""
    CORRECTION = "correction"
    """New values for an existing deal."""


@dataclass(frozen=True)
class Event:
    """One line of a game's log: a new deal or a correction of deal ``number``."""

    kind: EventKind
    number: int
    entry: Entry


@dataclass(frozen=True)
class DealRow:
    """A deal as the score sheet shows it, with the running totals after it."""

    number: int
    entry: Entry
    scores: dict[str, int]
    totals: dict[str, int]
    corrections: int


@dataclass(frozen=True)
class GameState:
    settings: Settings
    deals: tuple[DealRow, ...]
    totals: dict[str, int]
    finished: bool
    winners: tuple[str, ...]
    leaders: tuple[str, ...]
    """Players with the fewest bullheads so far (empty before the first deal)."""

    @property
    def next_number(self) -> int:
        return len(self.deals) + 1


def replay(settings: Settings, events: Sequence[Event]) -> GameState:
    """Derive the game from its log: latest value of each deal, totals, end, winners."""
    entries: dict[int, Entry] = {}
    corrected: Counter[int] = Counter()
    for event in events:
        if event.kind == EventKind.DEAL:
            if event.number != len(entries) + 1:
                raise DealNumberSkipped(number=event.number, expected=len(entries) + 1)
            entries[event.number] = event.entry
        else:
            if event.number not in entries:
                raise NoSuchDeal(number=event.number)
            entries[event.number] = event.entry
            corrected[event.number] += 1
    totals = dict.fromkeys(settings.players, 0)
    rows = []
    for number in sorted(entries):
        scores = score_deal(settings, entries[number])
        totals = {n: totals[n] + scores[n] for n in settings.players}
        rows.append(DealRow(number, entries[number], scores, totals, corrected[number]))
    if settings.fixed_deals is not None:
        finished = len(rows) >= settings.fixed_deals
    else:
        # Totals never go down, so the threshold reached in any deal is still reached now.
        finished = bool(rows) and max(totals.values()) >= (settings.threshold or 0)
    low = min(totals.values())
    leaders = tuple(n for n in settings.players if totals[n] == low) if rows else ()
    return GameState(settings, tuple(rows), totals, finished, leaders if finished else (), leaders)


def check_new_deal(state: GameState, number: int | None) -> int:
    """The number a new deal gets; refuses a finished game and a taken or skipped number."""
    if state.finished:
        raise GameFinished()
    expected = state.next_number
    if number is None:
        return expected
    if number < expected:
        raise DealNumberTaken(number=number, expected=expected)
    if number > expected:
        raise DealNumberSkipped(number=number, expected=expected)
    return number


def check_correction(state: GameState, number: int) -> None:
    """Refuses a correction of a deal that does not exist."""
    if not any(row.number == number for row in state.deals):
        raise NoSuchDeal(number=number)
