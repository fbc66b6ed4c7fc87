"""The search behind :func:`~scorekeeper.engine.seating.seat_round`, over player indices.

Players are numbered by standing (0 is the best); ``met[i]`` is the bitmask of the players
``i`` already shared a table with. A seating is a list of tables, each a list of indices.

An exact search (:func:`find`) looks for a seating with at most ``allowed`` repeats: it
fills the table of one unseated player (the best one, or the one with the fewest
possible tablemates) with players in order of standing, prunes a branch as soon as the
players left cannot avoid more repeats than allowed (each needs a table of at least the
smallest size left, so too few possible tablemates force repeats), and remembers the
positions already refuted. A local search (:func:`improve`) swaps players between tables
to lower the repeats and then the spread of standings at each table.

>>> met = [0b0010, 0b0001, 0, 0, 0, 0]          # players 0 and 1 have met
>>> find(met, (3, 3), allowed=0, anchor_best=True, budget=Budget(1000))
[[0, 2, 3], [1, 4, 5]]
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

#: A player with this few possible tablemates left (themself included) is seated next,
#: even in the search by standings.
URGENT = 8


class OutOfBudget(Exception):
    """The exact search visited its allotted number of positions without an answer."""


class Budget:
    """Positions an exact search may still visit; one budget can serve several searches."""

    def __init__(self, positions: int) -> None:
        self.left = positions

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise OutOfBudget


def table_repeats(table: Sequence[int], met: Sequence[int]) -> int:
    """Pairs at one table that met before."""
    mask = 0
    for player in table:
        mask |= 1 << player
    return sum((met[player] & mask).bit_count() for player in table) // 2


def spread(table: Sequence[int]) -> int:
    """How far apart in the standings a table's players are: summed over its pairs."""
    return sum(abs(a - b) for i, a in enumerate(table) for b in table[i + 1:])


def _forced(unseated: int, smallest: int, tables: int, met: Sequence[int]) -> int:
    """A lower bound on the repeats among ``unseated`` at ``tables`` tables. Each player
    sits with at least ``smallest - 1`` of them, and each repeat is shared by two; and
    players who all met each other (found greedily) need a table each, or repeat."""
    short, crowd, rest = 0, 0, unseated
    while rest:
        low = rest & -rest
        player = low.bit_length() - 1
        rest ^= low
        mates = (unseated & ~met[player]).bit_count() - 1
        short += max(0, smallest - 1 - mates)
        clique, others = 1, met[player] & unseated
        while others:
            clique += 1
            others &= met[(others & -others).bit_length() - 1]
        if clique > tables:
            crowd = max(crowd, _crowded_pairs(clique, tables))
    return max((short + 1) // 2, crowd)


def _crowded_pairs(players: int, tables: int) -> int:
    """The fewest pairs sharing a table when ``players`` sit at ``tables`` tables."""
    each, over = divmod(players, tables)
    return over * (each + 1) * each // 2 + (tables - over) * each * (each - 1) // 2


def _anchor(unseated: int, met: Sequence[int], best: bool) -> int:
    """The player whose table is filled next: the most constrained one, or (``best``)
    the best unseated player unless someone is running short of possible tablemates,
    since seating them late is what makes a search by standings go astray."""
    choice, fewest, rest = -1, 1 << 30, unseated
    while rest:
        low = rest & -rest
        player = low.bit_length() - 1
        rest ^= low
        mates = (unseated & ~met[player]).bit_count()
        if mates < fewest:
            choice, fewest = player, mates
    if best and fewest > URGENT:
        return (unseated & -unseated).bit_length() - 1
    return choice


def _groups(anchor: int, candidates: list[int], need: int, allowed: int,
            met: Sequence[int]) -> Iterator[tuple[int, int]]:
    """Every way to seat ``need`` of ``candidates`` with ``anchor`` (as a bitmask, with
    its repeats), at most ``allowed`` repeats, in the order of ``candidates``."""
    def extend(mask: int, start: int, left: int, cost: int) -> Iterator[tuple[int, int]]:
        if left == 0:
            yield mask, cost
            return
        for position in range(start, len(candidates) - left + 1):
            player = candidates[position]
            more = cost + (met[player] & mask).bit_count()
            if more <= allowed:
                yield from extend(mask | 1 << player, position + 1, left - 1, more)

    return extend(1 << anchor, 0, need, 0)


def find(met: Sequence[int], sizes: Sequence[int], allowed: int, anchor_best: bool,
         budget: Budget) -> list[list[int]] | None:
    """A seating with at most ``allowed`` repeats, or None when there is none; raises
    :class:`OutOfBudget` once ``budget`` is spent. Tables of 4 are tried before other
    sizes, so the seating follows ``sizes`` where it can."""
    counts = {size: sizes.count(size) for size in sorted(set(sizes), key=lambda s: (s != 4, s))}
    refuted: set[tuple[int, int, tuple[int, ...]]] = set()

    def search(unseated: int, allowed: int) -> list[int] | None:
        if not unseated:
            return []
        budget.spend()
        left = tuple(counts.values())
        if (unseated, allowed, left) in refuted:
            return None
        smallest = min(size for size, count in counts.items() if count)
        if _forced(unseated, smallest, sum(counts.values()), met) > allowed:
            return None
        anchor = _anchor(unseated, met, anchor_best)
        pool = unseated & ~(1 << anchor)
        if not allowed:
            pool &= ~met[anchor]
        candidates = _members(pool)
        if not anchor_best:
            candidates.sort(key=lambda player: abs(player - anchor))
        for size, count in counts.items():
            if not count:
                continue
            counts[size] -= 1
            for group, cost in _groups(anchor, candidates, size - 1, allowed, met):
                rest = search(unseated & ~group, allowed - cost)
                if rest is not None:
                    counts[size] += 1
                    return [group, *rest]
            counts[size] += 1
        refuted.add((unseated, allowed, left))
        return None

    found = search((1 << len(met)) - 1, allowed)
    if found is None:
        return None
    return [_members(group) for group in found]


def _members(mask: int) -> list[int]:
    """The players of a bitmask, best first."""
    players = []
    while mask:
        low = mask & -mask
        players.append(low.bit_length() - 1)
        mask ^= low
    return players


def improve(tables: list[list[int]], met: Sequence[int], rng: random.Random,
            window: int, kicks: int) -> list[list[int]]:
    """Swap players between tables while that lowers the repeats, or keeps them and
    lowers the spread of standings; swaps look ``window`` places up and down the
    standings (everyone, for a player with a repeat). ``kicks`` random swaps shake a
    seating that still has repeats out of a local minimum; the best seating is kept."""
    weight = len(met) ** 3  # one repeat outweighs any spread

    def total(seating: list[list[int]]) -> int:
        return sum(table_repeats(table, met) * weight + spread(table) for table in seating)

    best = [table[:] for table in tables]
    best_cost = total(best)
    for kick in range(kicks + 1):
        seating = [table[:] for table in best]
        if kick:
            for _swap in range(2):
                first, second = rng.sample(range(len(seating)), 2)
                i = rng.randrange(len(seating[first]))
                j = rng.randrange(len(seating[second]))
                seating[first][i], seating[second][j] = seating[second][j], seating[first][i]
        _descend(seating, met, weight, window)
        if total(seating) < best_cost:
            best, best_cost = seating, total(seating)
        if best_cost < weight or len(tables) < 2:
            break
    return [sorted(table) for table in best]


def _descend(tables: list[list[int]], met: Sequence[int], weight: int, window: int) -> None:
    """First-improvement swaps until none helps; a player with a repeat looks for a
    partner across the whole event, the others ``window`` places around them."""
    where = {player: number for number, table in enumerate(tables) for player in table}
    masks = [sum(1 << player for player in table) for table in tables]

    def pull(player: int, table: int, leaving: int) -> int:
        """What ``player`` costs at ``table`` once ``leaving`` has gone from it."""
        others = masks[table] & ~(1 << leaving) & ~(1 << player)
        far = sum(abs(player - other) for other in tables[table] if other != leaving)
        return (met[player] & others).bit_count() * weight + far

    improved = True
    while improved:
        improved = False
        for player in range(len(met)):
            home = where[player]
            clash = met[player] & masks[home]
            others = range(len(met)) if clash else range(max(0, player - window),
                                                         min(len(met), player + window + 1))
            for other in others:
                away = where[other]
                if away == home:
                    continue
                change = (pull(other, home, player) - pull(player, home, player)
                          + pull(player, away, other) - pull(other, away, other))
                if change < 0:
                    tables[home][tables[home].index(player)] = other
                    tables[away][tables[away].index(other)] = player
                    masks[home] ^= 1 << player | 1 << other
                    masks[away] ^= 1 << player | 1 << other
                    where[player], where[other] = away, home
                    improved = True
                    break
