"""A knock-out after an event's rounds (docs/rules.md, Championships): the best 4, 16 or
64 players play at tables of 4, only each table's winner goes on, to a final table.

Tables are seated by the standings so that each holds one player from each quarter: of
16, the 1st, 8th, 9th and 16th together, the 2nd, 7th, 10th and 15th, and so on, as a
snake through the quarters. A table's winner has the fewest bullheads; a tie for first
is decided by the fewest bullheads in the game's last deal, then by the lot. The final
table's order is the event's order for its players; everyone else keeps the order of
the rounds before the knock-out, below them.

>>> seat_knockout([f"P{n}" for n in range(1, 17)])[0]
['P1', 'P8', 'P9', 'P16']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .errors import KnockoutTableSize
from .event_options import KNOCKOUT_SIZES

#: The knock-out's tables seat 4.
KNOCKOUT_TABLE = 4


def seat_knockout(ranked: Sequence[str]) -> list[list[str]]:
    """Tables of 4 for ``ranked`` (best first; 4, 16 or 64 players, or the 16 or 4
    winners of a round before): table *t* takes the *t*-th player of the first and third
    quarters and the *t*-th from the end of the second and fourth.

    >>> seat_knockout(["A", "B", "C", "D"])
    [['A', 'B', 'C', 'D']]
    >>> [table[0] + table[-1] for table in seat_knockout([f"{n:02}" for n in range(1, 17)])]
    ['0116', '0215', '0314', '0413']
    """
    if len(ranked) not in KNOCKOUT_SIZES:
        raise KnockoutTableSize(count=len(ranked))
    tables = len(ranked) // KNOCKOUT_TABLE
    quarters = [list(ranked[q * tables:(q + 1) * tables]) for q in range(KNOCKOUT_TABLE)]
    for q in (1, 3):
        quarters[q].reverse()
    return [[quarter[t] for quarter in quarters] for t in range(tables)]


def table_order(totals: Mapping[str, int], last_deal: Mapping[str, int] | None,
                lot: Mapping[str, int]) -> list[str]:
    """A knock-out table's players, best first: fewest bullheads, then fewest in the last
    deal (when the game has one; totals typed from paper have none), then the lot.

    >>> table_order({"A": 40, "B": 30, "C": 30, "D": 70}, {"A": 5, "B": 9, "C": 2, "D": 20},
    ...             {"A": 1, "B": 2, "C": 3, "D": 4})
    ['C', 'B', 'A', 'D']
    """
    def rank(player: str) -> tuple[int, int, int]:
        return (totals[player], last_deal[player] if last_deal is not None else 0,
                lot[player])

    return sorted(totals, key=rank)


def decided_by(totals: Mapping[str, int], last_deal: Mapping[str, int] | None) -> str:
    """What decided a table's winner: ``"bullheads"``, ``"last_deal"`` or ``"lot"``.

    >>> decided_by({"A": 30, "B": 30}, {"A": 2, "B": 9}), decided_by({"A": 30, "B": 30}, None)
    ('last_deal', 'lot')
    """
    least = min(totals.values())
    tied = [player for player, value in totals.items() if value == least]
    if len(tied) == 1:
        return "bullheads"
    if last_deal is not None and len([p for p in tied if last_deal[p] == min(
            last_deal[q] for q in tied)]) == 1:
        return "last_deal"
    return "lot"


def final_order(swiss: Sequence[str], final_table: Sequence[str]) -> list[str]:
    """The event's order once the final table is done: that table's order first, then
    everyone else in the order of the rounds before the knock-out.

    >>> final_order(["A", "B", "C", "D", "E", "F"], ["C", "A", "D", "B"])
    ['C', 'A', 'D', 'B', 'E', 'F']
    """
    at_final = set(final_table)
    return [*final_table, *(player for player in swiss if player not in at_final)]
