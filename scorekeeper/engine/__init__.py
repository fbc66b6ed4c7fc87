"""The rules of 6 nimmt!, in pure Python (no Flask): cards, decks, tables and turns.

>>> from scorekeeper.engine import Deck, Table, Play, resolve_turn
>>> table = Table.from_rows([[12], [37], [43], [58]], Deck())
>>> result = resolve_turn(table, [Play("Ann", (14,)), Play("Bob", (44,))])
>>> result.table.rows
((12, 14), (37,), (43, 44), (58,))

The postscript's shapes: 3 to 5 rows, and the card that takes a row (5, 6 or 7):

>>> five = Table.from_rows([[12, 14, 15, 20], [37], [43]], takes_at=5)
>>> resolve_turn(five, [Play("Ann", (21,))]).steps[0].taken
(12, 14, 15, 20)
"""

from .cards import BULLHEADS, Deck, bullheads
from .errors import RulesError
from .limits import MAX_CARD, ROWS, TAKES_AT, tactics_max_card
from .model import Play, Resolution, Rule, Side, Step, Tie, Variant
from .table import Table
from .turn import resolve_turn

__all__ = [
    "BULLHEADS",
    "MAX_CARD",
    "ROWS",
    "TAKES_AT",
    "Deck",
    "Play",
    "Resolution",
    "Rule",
    "RulesError",
    "Side",
    "Step",
    "Table",
    "Tie",
    "Variant",
    "bullheads",
    "resolve_turn",
    "tactics_max_card",
]
