"""The worked examples of the rules reference: tables drawn as cards, checked by hand.

Each example is plain data (rows before, cards revealed, rows after, bullheads taken),
so the page can draw it and :func:`checker_query` can open the same table in a checker:
the live ``/check`` or the exported site's own. Rows number 3 to 5 (4 in the booklet's
game) and ``takes_at`` is the card that takes a row (6 unless the postscript's shapes).
The tests replay every example through the engine, so a drawing can never contradict
the checker.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlencode

from ..engine import MAX_CARD, bullheads

Row = tuple[int, ...]


@dataclass(frozen=True)
class Example:
    """One worked example, drawn before and after the turn."""

    anchor: str
    """HTML id, the same in every language (``example-...``)."""
    rows: tuple[Row, ...]
    """The table before the turn; a stacked Double twin is its number twice."""
    plays: tuple[tuple[str, int], ...]
    """``(player, card)`` as revealed."""
    after: tuple[Row, ...]
    """The table after the turn (worked out by hand)."""
    taken: dict[str, int] = field(default_factory=dict)
    """Bullheads each player took, players who took nothing left out."""
    variant: str = "basic"
    max_card: int = MAX_CARD
    take: dict[str, int] = field(default_factory=dict)
    """Rule 4 row choices given to the checker (empty: its default, the cheapest row)."""
    tie: bool = False
    """The turn stops at a Professional tie that the checker asks about."""
    takes_at: int = 6
    """The card that takes a row (the postscript's "5 nimmt" and "7 nimmt")."""

    @property
    def played_cards(self) -> list[int]:
        return [card for _, card in self.plays]

    def new_cards(self, index: int) -> set[int]:
        """Cards of row ``index`` after the turn that were played in it (to highlight)."""
        return set(self.after[index]) & set(self.played_cards)

    @property
    def highlights(self) -> list[set[int]]:
        """:meth:`new_cards` of every row, in order."""
        return [self.new_cards(index) for index in range(len(self.after))]


def checker_query(example: Example) -> str:
    """The query string that opens a checker with the example's table and cards.

    One ``rN`` per row (as many as the table has); ``rows`` only when there are not 4 and
    ``takes_at`` only when it is not 6, so the booklet's game keeps its short links.

    >>> checker_query(BASIC_RULE_2)[:60]
    'variant=basic&max_card=104&r1=12&r2=37&r3=43&r4=58&player=A&'
    >>> checker_query(POSTSCRIPT)[:54]
    'variant=basic&max_card=104&rows=3&takes_at=5&r1=12,14,'
    """
    pairs: list[tuple[str, str]] = [
        ("variant", example.variant),
        ("max_card", str(example.max_card)),
    ]
    if len(example.rows) != 4:
        pairs.append(("rows", str(len(example.rows))))
    if example.takes_at != 6:
        pairs.append(("takes_at", str(example.takes_at)))
    for number, row in enumerate(example.rows, start=1):
        pairs.append((f"r{number}", ",".join(str(card) for card in row)))
    has_take = bool(example.take)
    for player, card in example.plays:
        pairs.append(("player", player))
        pairs.append(("card", str(card)))
        if has_take:
            pairs.append(("take", str(example.take.get(player, ""))))
    return urlencode(pairs, safe=",")


def row_bullheads(row: Row) -> int:
    return sum(bullheads(card) for card in row)


BASIC_RULE_2 = Example(
    anchor="example-rule-2",
    rows=((12,), (37,), (43,), (58,)),
    plays=(("A", 14), ("B", 15), ("C", 44), ("D", 61)),
    after=((12, 14, 15), (37,), (43, 44), (58, 61)),
)

BASIC_RULE_3 = Example(
    anchor="example-rule-3",
    rows=((12, 14, 15), (37,), (43, 44), (58, 61)),
    plays=(("A", 21), ("B", 26), ("C", 30), ("D", 36)),
    after=((30, 36), (37,), (43, 44), (58, 61)),
    taken={"C": 6},
)

BASIC_RULE_4 = Example(
    anchor="example-rule-4",
    rows=((30, 36), (37,), (43, 44), (58, 61)),
    plays=(("A", 3), ("B", 9), ("C", 68), ("D", 83)),
    after=((30, 36), (3, 9), (43, 44), (58, 61, 68, 83)),
    taken={"A": 1},
)

PITFALL_1 = Example(
    anchor="example-pitfall-1",
    rows=((7, 13), (25, 27, 29), (33, 39, 41), (23, 31, 34, 38, 42)),
    plays=(("A", 45),),
    after=((7, 13), (25, 27, 29), (33, 39, 41), (45,)),
    taken={"A": 5},
)

PITFALL_2 = Example(
    anchor="example-pitfall-2",
    rows=((52, 56, 61), (70, 72), (75, 79, 84), (32, 40, 46, 51, 57)),
    plays=(("A", 29), ("B", 62)),
    after=((29,), (70, 72), (75, 79, 84), (62,)),
    taken={"A": 3, "B": 7},
)

PROFESSIONAL = Example(
    anchor="example-professional",
    rows=((20, 24, 27, 31, 33), (45, 48), (60, 66, 70), (83, 90, 95)),
    plays=(("A", 18), ("B", 40), ("C", 58), ("D", 97)),
    after=((18,), (40, 45, 48), (58, 60, 66, 70), (83, 90, 95, 97)),
    taken={"A": 11},
    variant="professional",
)

PROFESSIONAL_TIE = Example(
    anchor="example-professional-tie",
    rows=((18,), (40, 45, 48), (58, 60, 66, 70), (83, 90, 95, 97)),
    plays=(("A", 53),),
    after=((18,), (40, 45, 48), (58, 60, 66, 70), (83, 90, 95, 97)),
    variant="professional",
    tie=True,
)

DOUBLE = Example(
    anchor="example-double",
    rows=((12, 14), (37,), (43, 44, 46, 47, 49), (58,)),
    plays=(("A", 14), ("B", 50), ("C", 50), ("D", 60)),
    after=((12, 14, 14), (37,), (50, 50), (58, 60)),
    taken={"B": 5, "C": 5},
    variant="double",
)

POSTSCRIPT = Example(
    anchor="example-postscript",
    rows=((12, 14, 15, 21), (37,), (58,)),
    plays=(("A", 26), ("B", 44)),
    after=((26,), (37, 44), (58,)),
    taken={"A": 5},
    takes_at=5,
)

#: Every example, by anchor, in page order.
EXAMPLES: dict[str, Example] = {
    example.anchor: example
    for example in (
        BASIC_RULE_2, BASIC_RULE_3, BASIC_RULE_4, PITFALL_1, PITFALL_2,
        PROFESSIONAL, PROFESSIONAL_TIE, DOUBLE, POSTSCRIPT,
    )
}
