"""A scored game as an event log: deals, corrections, withdrawals and restores, replayed
into totals and winners (docs/rules.md).

A game is its settings (:mod:`.settings`: players, end, variant, shape and the bounds of
a deal) plus this log of deal entries (:mod:`.deal`: entries and a deal's scores); its
refusals are in :mod:`.errors`. Nothing entered is ever lost: a correction is one more
event, and the latest value of each deal counts. Withdrawing the last deal (undo) is one
more event too: the deal stops counting but stays in the log, and a restore puts back the
value it had when withdrawn.

>>> from scorekeeper.engine.deal import make_entry
>>> from scorekeeper.engine.settings import make_settings
>>> s = make_settings(["Ann", "Bob"], virgin_doubling=True)
>>> state = replay(s, [Event(EventKind.DEAL, 1, make_entry(s, {"Ann": 5, "Bob": 0}))])
>>> state.totals, state.finished
({'Ann': 10, 'Bob': 0}, False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from .deal import Entry, score_deal
from .errors import (
    CannotRestore,
    DealNumberSkipped,
    DealNumberTaken,
    GameFinished,
    GameNotEnded,
    NoSuchDeal,
    NotTheLastDeal,
    TooManyDeals,
    TotalOutOfReach,
    TotalsTooFew,
    TotalsTooMany,
)
from .limits import MAX_DEALS
from .settings import GameVariant, Settings


class EventKind(StrEnum):
    """What one line of a game's log does; stored as the plain string, which it equals."""

    DEAL = "deal"
    """A new deal, numbered one after the last."""
    CORRECTION = "correction"
    """New values for an existing deal."""
    WITHDRAWAL = "withdrawal"
    """The last deal stops counting (undo); its entry is the value it had."""
    RESTORE = "restore"
    """A withdrawn deal counts again, with the value it had when withdrawn."""


@dataclass(frozen=True)
class Event:
    """One line of a game's log: a new deal, or a correction, withdrawal or restore of deal
    ``number``. For a withdrawal or restore, ``entry`` records the value withdrawn or put
    back (for the history); replay uses the value it derived itself."""

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
    withdrawn: dict[int, Entry] = field(default_factory=dict)
    """Each deal number ever withdrawn, with the value it had at its latest withdrawal."""
    withdrawn_corrections: dict[int, int] = field(default_factory=dict)
    """How often each of those deals had been corrected then: a restore brings that back
    with the value."""

    @property
    def next_number(self) -> int:
        return len(self.deals) + 1

    @property
    def restorable(self) -> int | None:
        """The withdrawn deal that can be restored now: only one numbered next, while the
        game is open."""
        number = self.next_number
        return number if number in self.withdrawn and not self.finished else None


def replay(settings: Settings, events: Sequence[Event]) -> GameState:
    """Derive the game from its log: latest value of each deal, totals, end, winners."""
    entries: dict[int, Entry] = {}
    corrected: Counter[int] = Counter()
    withdrawn: dict[int, tuple[Entry, int]] = {}
    for event in events:
        number = event.number
        if event.kind == EventKind.DEAL:
            if number != len(entries) + 1:
                raise DealNumberSkipped(number=number, expected=len(entries) + 1)
            entries[number] = event.entry
            corrected[number] = 0
        elif event.kind == EventKind.CORRECTION:
            if number not in entries:
                raise NoSuchDeal(number=number)
            entries[number] = event.entry
            corrected[number] += 1
        elif event.kind == EventKind.WITHDRAWAL:
            _check_last(len(entries), number)
            withdrawn[number] = (entries.pop(number), corrected[number])
        else:
            if number not in withdrawn:
                raise NoSuchDeal(number=number)
            if number != len(entries) + 1:
                raise CannotRestore(number=number, next=len(entries) + 1)
            entries[number], corrected[number] = withdrawn[number]
    rows: list[DealRow] = []
    for number in sorted(entries):  # 1 to n: only the last deal leaves, only the next comes
        entry = entries[number]
        rows.append(_row(settings, rows, number, entry, score_deal(settings, entry),
                         corrected[number]))
    return _state(settings, rows, withdrawn)


def advance(state: GameState, event: Event) -> GameState:
    """The game after one more event: what :func:`replay` derives from the log with
    ``event`` appended, refusals included, without scoring the deals before it again.

    A write replays the stored log once, checks the new event against that state, and
    advances it: the deal the event changes is scored, the later ones keep their scores.

    >>> from scorekeeper.engine.deal import make_entry
    >>> from scorekeeper.engine.settings import make_settings
    >>> s = make_settings(["Ann", "Bob"])
    >>> log = [Event(EventKind.DEAL, 1, make_entry(s, {"Ann": 5, "Bob": 0})),
    ...        Event(EventKind.DEAL, 2, make_entry(s, {"Ann": 1, "Bob": 9}))]
    >>> fix = Event(EventKind.CORRECTION, 1, make_entry(s, {"Ann": 0, "Bob": 6}))
    >>> after = advance(replay(s, log), fix)
    >>> after.totals, after.deals[0].corrections, after == replay(s, [*log, fix])
    ({'Ann': 1, 'Bob': 15}, 1, True)
    """
    settings, number = state.settings, event.number
    rows = list(state.deals)
    withdrawn = {n: (entry, state.withdrawn_corrections.get(n, 0))
                 for n, entry in state.withdrawn.items()}
    if event.kind == EventKind.DEAL:
        if number != len(rows) + 1:
            raise DealNumberSkipped(number=number, expected=len(rows) + 1)
        entry, corrections = event.entry, 0
    elif event.kind == EventKind.CORRECTION:
        if not 0 < number <= len(rows):
            raise NoSuchDeal(number=number)
        entry, corrections = event.entry, rows[number - 1].corrections + 1
    elif event.kind == EventKind.WITHDRAWAL:
        _check_last(len(rows), number)
        last = rows.pop()
        withdrawn[number] = (last.entry, last.corrections)
        return _state(settings, rows, withdrawn)
    else:
        if number not in withdrawn:
            raise NoSuchDeal(number=number)
        if number != len(rows) + 1:
            raise CannotRestore(number=number, next=len(rows) + 1)
        entry, corrections = withdrawn[number]
    later = rows[number:]  # their scores stand; their running totals follow the change
    del rows[number - 1:]
    rows.append(_row(settings, rows, number, entry, score_deal(settings, entry), corrections))
    for row in later:
        rows.append(_row(settings, rows, row.number, row.entry, row.scores, row.corrections))
    return _state(settings, rows, withdrawn)


def _row(settings: Settings, before: list[DealRow], number: int, entry: Entry,
         scores: dict[str, int], corrections: int) -> DealRow:
    """Deal ``number`` with the running totals after the deals ``before`` it."""
    totals = before[-1].totals if before else dict.fromkeys(settings.players, 0)
    return DealRow(number, entry, scores,
                   {n: totals[n] + scores[n] for n in settings.players}, corrections)


def _state(settings: Settings, rows: list[DealRow],
           withdrawn: dict[int, tuple[Entry, int]]) -> GameState:
    """The game with these deals counting: totals, end, winners and leaders."""
    totals = rows[-1].totals if rows else dict.fromkeys(settings.players, 0)
    finished = game_over(settings, len(rows), totals)
    low = min(totals.values())
    leaders = tuple(n for n in settings.players if totals[n] == low) if rows else ()
    return GameState(settings, tuple(rows), totals, finished, leaders if finished else (),
                     leaders, {n: entry for n, (entry, _) in withdrawn.items()},
                     {n: count for n, (_, count) in withdrawn.items()})


def game_over(settings: Settings, deals: int, totals: dict[str, int]) -> bool:
    """Whether a game with ``deals`` deals and these totals has ended: the fixed number
    of deals played, or someone at the threshold.

    >>> from .settings import Settings
    >>> game_over(Settings(("A", "B"), 66, None, False), 3, {"A": 66, "B": 2})
    True
    """
    if settings.fixed_deals is not None:
        return deals >= settings.fixed_deals
    # Totals never go down, so the threshold reached in any deal is still reached now.
    return deals > 0 and max(totals.values()) >= (settings.threshold or 0)


def check_final_totals(settings: Settings, totals: Mapping[str, int]) -> None:
    """Refuses totals no game with ``settings`` can end with (a table's result typed from
    its paper sheet is checked as its deals would have been, docs/rules.md).

    - Someone reached the end: the threshold (:class:`GameNotEnded` otherwise); a game of
      a fixed number of deals ends after them, whatever its totals.
    - Each deal hands out at least the deal's lower bound and at most its bound (doubled
      with Virgin doubling): the totals add up to at least one deal's least (``fixed``
      deals: that many deals' least), and to at most what the deals can hand out
      (:class:`TotalsTooFew`, :class:`TotalsTooMany`).
    - Before the last deal nobody had reached the threshold, so a player's total is at
      most the threshold less one plus one deal's most (:class:`TotalOutOfReach`).

    In Hand, where taken cards may go to the hand, no bound holds but the end.

    >>> from .settings import make_settings
    >>> s = make_settings(["Ann", "Bob", "Cas", "Dirk"])
    >>> check_final_totals(s, {"Ann": 70, "Bob": 12, "Cas": 30, "Dirk": 8})
    >>> check_final_totals(s, {"Ann": 10, "Bob": 12, "Cas": 5, "Dirk": 0})
    Traceback (most recent call last):
    ...
    scorekeeper.engine.errors.GameNotEnded: Nobody has reached 66 (the highest total is 12): \
a game ends when a player reaches 66.
    >>> check_final_totals(s, {"Ann": 9999, "Bob": 0, "Cas": 0, "Dirk": 0})
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scorekeeper.engine.errors.TotalOutOfReach: No game ends with 9999 bullheads for Ann: ...
    """
    total, highest = sum(totals.values()), max(totals.values(), default=0)
    deals = settings.fixed_deals or 1
    most_in_a_deal = settings.bound * (2 if settings.virgin_doubling else 1)
    if settings.fixed_deals is None:
        threshold = settings.threshold or 0
        if highest < threshold:
            raise GameNotEnded(threshold=threshold, highest=highest)
        player_most = threshold - 1 + most_in_a_deal
        most = len(totals) * (threshold - 1) + most_in_a_deal
    else:
        player_most = most = deals * most_in_a_deal
    least = deals * settings.lower_bound
    if total < least:
        raise TotalsTooFew(total=total, least=least)
    if settings.variant == GameVariant.HAND:
        return
    for player, value in totals.items():
        if value > player_most:
            raise TotalOutOfReach(player=player, total=value, most=player_most)
    if total > most:
        raise TotalsTooMany(total=total, most=most)


def _check_last(count: int, number: int) -> None:
    """Refuses withdrawing anything but the last of ``count`` deals (numbered 1 to count)."""
    if not 0 < number <= count:
        raise NoSuchDeal(number=number)
    if number != count:
        raise NotTheLastDeal(number=number, last=count)


def check_new_deal(state: GameState, number: int | None) -> int:
    """The number a new deal gets; refuses a finished game and a taken or skipped number."""
    if state.finished:
        raise GameFinished()
    expected = state.next_number
    if expected > MAX_DEALS:
        raise TooManyDeals()
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


def check_withdrawal(state: GameState, number: int) -> Entry:
    """The value deal ``number`` has; refuses a deal that does not exist or is not the last.

    A finished game may withdraw its last deal: that re-opens it."""
    _check_last(len(state.deals), number)
    return state.deals[-1].entry


def check_restore(state: GameState, number: int) -> Entry:
    """The value withdrawn deal ``number`` comes back with; refuses a deal never withdrawn,
    a finished game, and a number that is not the next one (another deal took it)."""
    if number not in state.withdrawn:
        raise NoSuchDeal(number=number)
    if state.finished:
        raise GameFinished()
    if number != state.next_number:
        raise CannotRestore(number=number, next=state.next_number)
    return state.withdrawn[number]
