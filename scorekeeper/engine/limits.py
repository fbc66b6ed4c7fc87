"""Every number the rules fix, defined once; the rest of the engine imports them from here.

>>> tactics_max_card(4), MAX_CARD, ROWS, ROW_LIMIT, TAKES_AT
(44, 104, 4, 5, 6)
"""

from __future__ import annotations

#: The highest card of a full deck.
MAX_CARD = 104
#: Rows on the table, unless the table chooses the postscript's 3 or 5.
ROWS = 4
MIN_ROWS = 3
MAX_ROWS = 5
#: The card that takes a row (rule 3), unless the table chooses "5 nimmt" or "7 nimmt".
TAKES_AT = 6
MIN_TAKES_AT = 5
MAX_TAKES_AT = 7
#: Positions a row holds in the booklet's game: the next card takes it.
ROW_LIMIT = TAKES_AT - 1
#: Cards dealt to each player: 10, or more where the deck allows.
HAND_SIZE = 10
MIN_PLAYERS = 2
MAX_PLAYERS = 10
#: Longest player name, in characters after trimming.
MAX_NAME = 40
#: A tournament sheet (the Tournament variant) has five player lines.
TOURNAMENT_MAX_PLAYERS = 5

# Scoring a game
MAX_THRESHOLD = 1000
MAX_FIXED_DEALS = 200
DEFAULT_THRESHOLD = 66
#: A game's note (place, occasion), in characters.
MAX_NOTE = 500
#: The id a phone gives a deal or a game so a retry is recognised, in characters.
MAX_CLIENT_ID = 100
#: Deals one game holds: a game of all-zero deals (the Hand variant allows them) never
#: reaches its threshold, so without a cap a client could grow one game without bound.
#: As many as the longest fixed game, far beyond any evening's play.
MAX_DEALS = 200
#: Lines in one game's log (deals, corrections, withdrawals, restores): its sheet replays
#: them all, so corrections back and forth must not grow it without bound either.
MAX_GAME_EVENTS = 1000

# Club events (docs/rules.md, Club events): many tables, several rounds
MIN_EVENT_PLAYERS = 6
MAX_EVENT_PLAYERS = 200
#: The most players one event seats: a championship season's final seats its qualified
#: players and its wild cards past an ordinary event's 200 (a Wizard final seats 190–230).
MAX_FINAL_PLAYERS = 250
#: Names an event holds, players who left included: joining and leaving under new names
#: must not grow it (and its standings and paper) without bound.
MAX_EVENT_NAMES = 250
#: Joins and drop-outs an event keeps: the same player joining and leaving again.
MAX_EVENT_CHANGES = 1000
MAX_EVENT_ROUNDS = 20
#: An event's name, in characters.
MAX_EVENT_NAME = 100
#: A table of an event seats 4, else 5; 3 only where the count allows no other split.
EVENT_TABLE = 4
MIN_EVENT_TABLE = 3
MAX_EVENT_TABLE = 5


def tactics_max_card(players: int) -> int:
    """Highest card in the Tactics, Logic and Tournament variants: 10 per player plus 4."""
    return 10 * players + 4
