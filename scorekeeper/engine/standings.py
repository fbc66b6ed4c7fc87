"""The standings of a club event: placement points, relative points, a lot (docs/rules.md,
Club events), or another scoring a championship chooses (docs/rules.md, Championships).

Each finished game gives its players placement points by their place at the table (fewest
bullheads first) and relative points (the table's mean bullheads minus their own). The
event ranks on points, then relative, then bullheads; what is still tied is settled by a
lot drawn from the event's seed, and the standing says so. Scored by bullheads, the event
ranks on total bullheads (fewest first), then games won; scored by wins, on games won,
then bullheads; the lot settles what is left in either.

>>> game = {"Ann": 2, "Bob": 10, "Cas": 10, "Dirk": 18}
>>> rows = standings(["Ann", "Bob", "Cas", "Dirk"], [game], seed=1)
>>> [(row.rank, row.player, int(row.points), int(row.relative)) for row in rows]
[(1, 'Ann', 7, 8), (2, 'Bob', 4, 0), (3, 'Cas', 4, 0), (4, 'Dirk', 1, -8)]
>>> [row.lot is not None for row in rows]
[False, True, True, False]
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm

from .errors import (
    EventBadBullheads,
    EventTableSize,
    EventUnknownPlayer,
    NameRepeated,
)
from .event_options import PLACEMENT_POINTS, Scoring

__all__ = ["PLACEMENT_POINTS", "Scoring", "Standing", "lots", "placement_points",
           "standings", "winners"]


@dataclass(frozen=True)
class Standing:
    """One player's line in the standings."""

    rank: int
    """1, 2, ...: unique; ties left after bullheads are broken by the lot."""
    player: str
    points: Fraction
    """Placement points, summed over the player's finished games."""
    relative: Fraction
    """The table's mean bullheads minus the player's own, summed over games."""
    bullheads: int
    """The player's game totals, summed."""
    games: int
    """Finished games played."""
    lot: int | None
    """The player's lot number when the lot decided their place, else None."""
    wins: int = 0
    """Finished games the player won (a shared win counts as a win)."""


def placement_points(totals: Mapping[str, int],
                     table: Mapping[int, Sequence[int]] = PLACEMENT_POINTS
                     ) -> dict[str, Fraction]:
    """Points for each player of one finished game by ``table`` (points by table size,
    this project's own unless the director gave another); tied players share the mean
    of the places they cover.

    >>> placement_points({"Ann": 5, "Bob": 9, "Cas": 9, "Dirk": 12})
    {'Ann': Fraction(7, 1), 'Bob': Fraction(4, 1), 'Cas': Fraction(4, 1), 'Dirk': Fraction(1, 1)}
    >>> sorted(placement_points({"A": 0, "B": 0, "C": 0}).values())
    [Fraction(4, 1), Fraction(4, 1), Fraction(4, 1)]
    """
    points = table.get(len(totals))
    if points is None:
        raise EventTableSize(size=len(totals))
    for player, value in totals.items():
        if type(value) is not int or value < 0:
            raise EventBadBullheads(player=player, value=value)
    order = sorted(totals, key=lambda player: totals[player])
    shared: dict[str, Fraction] = {}
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and totals[order[end + 1]] == totals[order[start]]:
            end += 1
        mean = Fraction(sum(points[start:end + 1]), end - start + 1)
        for player in order[start:end + 1]:
            shared[player] = mean
        start = end + 1
    return {player: shared[player] for player in totals}


def winners(totals: Mapping[str, int]) -> set[str]:
    """Who won a finished game: the fewest bullheads; equal totals share the win.

    >>> sorted(winners({"Ann": 12, "Bob": 12, "Cas": 30}))
    ['Ann', 'Bob']
    """
    least = min(totals.values(), default=0)
    return {player for player, value in totals.items() if value == least}


def _check_distinct(players: Sequence[str]) -> None:
    seen: set[str] = set()
    for player in players:
        if player in seen:
            raise NameRepeated(player=player)
        seen.add(player)


def lots(players: Sequence[str], seed: int) -> dict[str, int]:
    """Each player's lot number (1, 2, ...; lower wins): it depends only on the seed and
    the names, so the order of two players never changes when others join or leave.

    >>> lots(["Bob", "Ann"], 7) == lots(["Ann", "Bob"], 7)
    True
    """
    def draw(player: str) -> tuple[float, str]:
        return random.Random(f"{seed}\x00{player}").random(), player

    return {player: number for number, player in enumerate(sorted(players, key=draw), 1)}


def standings(players: Sequence[str], games: Sequence[Mapping[str, int]],
              seed: int, scoring: Scoring = Scoring.PLACEMENT,
              table: Mapping[int, Sequence[int]] = PLACEMENT_POINTS,
              lot_names: Mapping[str, str] | None = None) -> list[Standing]:
    """The event's standings, best first, from every finished game's totals, ordered as
    ``scoring`` says (placement points by ``table``). ``lot_names`` gives the name a
    player's lot is drawn for when it is not their name now (a renamed player keeps the
    lot of the name they were entered with)."""
    _check_distinct(players)
    points = {player: Fraction(0) for player in players}
    relative = {player: Fraction(0) for player in players}
    bullheads = dict.fromkeys(players, 0)
    played = dict.fromkeys(players, 0)
    won = dict.fromkeys(players, 0)
    for totals in games:
        for player in totals:
            if player not in points:
                raise EventUnknownPlayer(player=player)
        game_points = placement_points(totals, table)
        mean = Fraction(sum(totals.values()), len(totals))
        for player, value in totals.items():
            points[player] += game_points[player]
            relative[player] += mean - value
            bullheads[player] += value
            played[player] += 1
        for player in winners(totals):
            won[player] += 1

    # Each player's merit made once, as whole numbers over one common denominator (exact,
    # and far quicker to sort and count than fractions: an event holds 250 names).
    scale = lcm(*(value.denominator for value in (*points.values(), *relative.values())))

    def whole(value: Fraction) -> int:
        return value.numerator * (scale // value.denominator)

    merit: dict[str, tuple[int, ...]]
    if scoring == Scoring.BULLHEADS:
        # Fewer games played is never an advantage: a player who left early, or arrived
        # late, stands below everyone who finished more games (docs/rules.md).
        merit = {player: (-played[player], bullheads[player], -won[player])
                 for player in players}
    elif scoring == Scoring.WINS:
        merit = {player: (-won[player], bullheads[player]) for player in players}
    else:
        merit = {player: (-whole(points[player]), -whole(relative[player]),
                          bullheads[player]) for player in players}
    drawn = lots([(lot_names or {}).get(player, player) for player in players], seed)
    lot = {player: drawn[(lot_names or {}).get(player, player)] for player in players}
    order = sorted(players, key=lambda player: (merit[player], lot[player]))
    counts = Counter(merit.values())
    tied = {player for player in players if counts[merit[player]] > 1}
    return [Standing(rank=rank, player=player, points=points[player],
                     relative=relative[player], bullheads=bullheads[player],
                     games=played[player], lot=lot[player] if player in tied else None,
                     wins=won[player])
            for rank, player in enumerate(order, 1)]
