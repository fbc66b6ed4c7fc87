"""Seating the rounds of a club event: table sizes, the draw, later rounds (docs/rules.md,
Club events).

>>> table_sizes(13), table_sizes(11), table_sizes(6)
((4, 4, 5), (4, 4, 3), (3, 3))
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from typing import TypeVar

from . import seating_search as search
from .errors import EventPlayerCount, NameRepeated
from .limits import EVENT_TABLE, MAX_EVENT_TABLE, MAX_FINAL_PLAYERS, MIN_EVENT_PLAYERS

T = TypeVar("T")

#: The counts that cannot be split into tables of 4 and 5, and their split with a 3.
_WITH_THREES = {6: (3, 3), 7: (4, 3), 11: (4, 4, 3)}
#: Positions the search for any seating without repeats may visit, and then the search
#: by standings (which only has to improve on a seating already found).
EXACT_BUDGET = 20_000
STANDINGS_BUDGET = 1_000
#: Positions the searches for a seating with fewer repeats than the local search found
#: may visit together: with repeats allowed every player is a candidate.
FEWER_BUDGET = 5_000
#: How far up and down the standings the local search looks for a swap, and how often
#: it shakes a seating that still has repeats.
WINDOW = 8
KICKS = 8


def table_sizes(count: int) -> tuple[int, ...]:
    """Sizes of the tables for ``count`` players (6 to 250: a season's final seats more
    than the 200 of an ordinary event): as many tables of 4 as possible, the rest of 5;
    tables of 3 only for 6, 7 and 11 players.

    >>> table_sizes(16), table_sizes(10), table_sizes(7)
    ((4, 4, 4, 4), (5, 5), (4, 3))
    """
    if not MIN_EVENT_PLAYERS <= count <= MAX_FINAL_PLAYERS:
        raise EventPlayerCount(count=count)
    if count in _WITH_THREES:
        return _WITH_THREES[count]
    fives = count % EVENT_TABLE  # 5 = 4 + 1: each table of 5 takes one player over the 4s
    fours = (count - MAX_EVENT_TABLE * fives) // EVENT_TABLE
    return (EVENT_TABLE,) * fours + (MAX_EVENT_TABLE,) * fives


def _check_players(players: Sequence[str]) -> tuple[int, ...]:
    """The table sizes for ``players``, once their count and their names are checked."""
    sizes = table_sizes(len(players))
    seen: set[str] = set()
    for player in players:
        if player in seen:
            raise NameRepeated(player=player)
        seen.add(player)
    return sizes


def _split(players: Sequence[T], sizes: Sequence[int]) -> list[list[T]]:
    tables: list[list[T]] = []
    start = 0
    for size in sizes:
        tables.append(list(players[start:start + size]))
        start += size
    return tables


def draw_round(players: Sequence[str], seed: int) -> list[list[str]]:
    """Round 1: a random seating, repeatable from ``seed``.

    >>> draw_round([f"P{n}" for n in range(9)], 3) == draw_round([f"P{n}" for n in range(9)], 3)
    True
    """
    sizes = _check_players(players)
    shuffled = list(players)
    random.Random(seed).shuffle(shuffled)
    return _split(shuffled, sizes)


def repeats(tables: Sequence[Sequence[str]], met: Collection[frozenset[str]]) -> int:
    """How many pairs at these tables already shared a table.

    >>> repeats([["Ann", "Bob", "Cas"], ["Dirk", "Eva", "Fay"]], {frozenset({"Ann", "Cas"})})
    1
    """
    return sum(1 for table in tables for i, first in enumerate(table)
               for second in table[i + 1:] if frozenset((first, second)) in met)


def seat_round(ranked: Sequence[str], met: Collection[frozenset[str]], seed: int,
               round_number: int) -> list[list[str]]:
    """A later round: players of similar standing together (table 1 the top), no pair
    meeting again where a seating without repeats exists, else as few repeats as possible.

    ``ranked`` are the players still in the event, best first; ``met`` every pair that
    already shared a table. The same inputs always give the same seating; ``seed`` and
    ``round_number`` only steer the local search used when repeats cannot be avoided.
    Tables are listed best first, each in order of standing; their sizes are those of
    :func:`table_sizes`, in its order where the standings allow.

    >>> players = [f"P{n}" for n in range(1, 9)]
    >>> seat_round(players, {frozenset({"P1", "P2"})}, seed=1, round_number=2)
    [['P1', 'P3', 'P4', 'P5'], ['P2', 'P6', 'P7', 'P8']]
    """
    sizes = _check_players(ranked)
    index = {player: number for number, player in enumerate(ranked)}
    masks = [0] * len(ranked)
    for pair in met:
        both = [index[player] for player in pair if player in index]
        if len(both) == 2:  # a pair with a player who left no longer matters
            masks[both[0]] |= 1 << both[1]
            masks[both[1]] |= 1 << both[0]
    rng = random.Random(f"{seed}:{round_number}")
    seating = _seat(masks, sizes, rng)
    return [[ranked[player] for player in table] for table in sorted(seating)]


def _seat(met: list[int], sizes: tuple[int, ...], rng: random.Random) -> list[list[int]]:
    """The seating by indices. The search that seats the most constrained players first
    settles whether a seating without repeats exists; the search by standings then tries
    for the seating that fills the best players' tables first, and when it runs out of
    budget the first seating is brought close to the standings instead. Without such a
    seating: a local search, then exact searches for fewer repeats while budget lasts."""
    try:
        found = search.find(met, sizes, 0, False, search.Budget(EXACT_BUDGET))
    except search.OutOfBudget:
        found = None
    if found is not None:
        try:
            by_standings = search.find(met, sizes, 0, True, search.Budget(STANDINGS_BUDGET))
        except search.OutOfBudget:
            by_standings = None
        return by_standings or search.improve(found, met, rng, WINDOW, kicks=0)
    best = search.improve(_split(range(len(met)), sizes), met, rng, WINDOW, KICKS)
    budget = search.Budget(FEWER_BUDGET)
    for allowed in range(1, sum(search.table_repeats(table, met) for table in best)):
        try:
            found = search.find(met, sizes, allowed, False, budget)
        except search.OutOfBudget:
            break
        if found is not None:
            return search.improve(found, met, rng, WINDOW, kicks=0)
    return best
