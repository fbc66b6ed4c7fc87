"""The rules of 6 nimmt!, in pure Python (no Flask): cards, decks, tables and turns.

>>> from scorekeeper.engine import Deck, Table, Play, resolve_turn
>>> table = Table.from_rows([[12], [37], [43], [58]], Deck())
>>> result = resolve_turn(table, [Play("Ann", (14,)), Play("Bob", (44,))])
>>> result.table.rows
((12, 14), (37,), (43, 44), (58,))
"""

from .cards import BULLHEADS, Deck, bullheads
from .errors import RulesError
from .limits import MAX_CARD, tactics_max_card
from .model import Play, Resolution, Rule, Side, Step, Tie, Variant
from .table import Table
from .turn import resolve_turn

__all__ = [
    "BULLHEADS",
    "MAX_CARD",
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
