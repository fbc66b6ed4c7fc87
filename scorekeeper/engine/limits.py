"""Every number the rules fix, defined once; the rest of the engine imports them from here.

>>> tactics_max_card(4), MAX_CARD, ROWS, ROW_LIMIT
(44, 104, 4, 5)
"""

from __future__ import annotations

#: The highest card of a full deck.
MAX_CARD = 104
#: Rows on the table.
ROWS = 4
#: Positions a row holds; the next card takes it (rule 3).
ROW_LIMIT = 5
#: Cards dealt to each player.
HAND_SIZE = 10
MIN_PLAYERS = 2
MAX_PLAYERS = 10
#: Longest player name, in characters after trimming.
MAX_NAME = 40

# Scoring a game
MAX_THRESHOLD = 1000
MAX_FIXED_DEALS = 200
DEFAULT_THRESHOLD = 66
#: A game's note (place, occasion), in characters.
MAX_NOTE = 500
#: The id a phone gives a deal or a game so a retry is recognised, in characters.
MAX_CLIENT_ID = 100


def tactics_max_card(players: int) -> int:
    """Highest card in the Tactics, Logic and Tournament variants: 10 per player plus 4."""
    return 10 * players + 4
