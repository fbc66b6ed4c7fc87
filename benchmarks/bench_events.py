"""Seating speed of a club event: round 4 of 200 players (and of 40), by the standings.

Rounds 1 to 3 are played first, untimed: round 1 drawn, every table's game given random
totals, the standings computed, the next round seated from them. Then round 4 is seated
again and again from the same standings and pairs met, and timed.

Beside it, a fixed reference load (a plain Python loop of a million additions) is timed
in the same runs, so a number taken on a busy machine can still be read.

Goal: 200 players in round 4 well under a second (under 0.25 s), with no pair meeting
twice.

Run: ``.venv/bin/python benchmarks/bench_events.py``
"""

from __future__ import annotations

import random
import statistics
import time
from itertools import combinations

from scorekeeper.engine.seating import draw_round, repeats, seat_round
from scorekeeper.engine.standings import standings

RUNS = 7
GOAL_SECONDS = 0.25


def round_four_inputs(count: int, seed: int) -> tuple[list[str], set[frozenset[str]]]:
    """The standings and the pairs met after three rounds of ``count`` players."""
    players = [f"Player {number}" for number in range(1, count + 1)]
    results = random.Random(seed)
    games: list[dict[str, int]] = []
    met: set[frozenset[str]] = set()
    tables = draw_round(players, seed)
    ranked = players
    for number in range(2, 5):
        met |= {frozenset(pair) for table in tables for pair in combinations(table, 2)}
        games += [{player: results.randint(0, 70) for player in table} for table in tables]
        ranked = [row.player for row in standings(players, games, seed)]
        if number < 4:
            tables = seat_round(ranked, met, seed, number)
    return ranked, met


def reference() -> float:
    start = time.perf_counter()
    total = 0
    for number in range(1_000_000):
        total += number
    return time.perf_counter() - start


def measure(count: int, seed: int) -> dict[str, float]:
    ranked, met = round_four_inputs(count, seed)
    seatings, loops = [], []
    for _ in range(RUNS):
        start = time.perf_counter()
        tables = seat_round(ranked, met, seed, 4)
        seatings.append(time.perf_counter() - start)
        loops.append(reference())
    return {"best": min(seatings), "median": statistics.median(seatings),
            "reference": statistics.median(loops), "repeats": repeats(tables, met)}


def main() -> None:
    for count in (200, 40):
        for seed in (1, 2, 3):
            result = measure(count, seed)
            print(f"{count} players, round 4, seed {seed}: best {result['best'] * 1000:.0f} ms, "
                  f"median {result['median'] * 1000:.0f} ms, repeats {result['repeats']:.0f} "
                  f"(reference loop {result['reference'] * 1000:.0f} ms; "
                  f"goal under {GOAL_SECONDS * 1000:.0f} ms for 200)")


if __name__ == "__main__":
    main()
