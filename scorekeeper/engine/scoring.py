"""Scoring a game of 6 nimmt! (CONTRACT.md section 4), in pure Python: the one import for it.

A game is its settings plus an event log of deal entries and corrections; totals, the
end and the winners are derived by replaying the log, so a correction never loses what
was entered before. The code lives in :mod:`.settings` (players, end, variant, shape and
the bounds of a deal), :mod:`.deal` (entries, a deal's scores), :mod:`.game` (the log and
its replay), :mod:`.settings_errors` and :mod:`.scoring_errors`.

>>> s = make_settings(["Ann", "Bob"], virgin_doubling=True)
>>> state = replay(s, [Event(EventKind.DEAL, 1, make_entry(s, {"Ann": 5, "Bob": 0}))])
>>> state.totals, state.finished
({'Ann': 10, 'Bob': 0}, False)
"""

from __future__ import annotations

from .deal import (
    Entry,
    GameVariant,
    Settings,
    checked_cards,
    make_entry,
    make_settings,
    score_deal,
)
from .errors import BadTakesAt
from .game import (
    DealRow,
    Event,
    EventKind,
    GameState,
    check_correction,
    check_new_deal,
    replay,
)
from .limits import (
    DEFAULT_THRESHOLD,
    HAND_SIZE,
    MAX_CLIENT_ID,
    MAX_FIXED_DEALS,
    MAX_NAME,
    MAX_NOTE,
    MAX_PLAYERS,
    MAX_ROWS,
    MAX_TAKES_AT,
    MAX_THRESHOLD,
    MIN_PLAYERS,
    MIN_ROWS,
    MIN_TAKES_AT,
    ROWS,
    TAKES_AT,
)
from .scoring_errors import (
    BadBullheads,
    BadCard,
    BadClientId,
    BadDealNumber,
    BadNote,
    CardOutsideDeck,
    CardTakenTwice,
    ClientIdReused,
    DealNumberMismatch,
    DealNumberSkipped,
    DealNumberTaken,
    DealOverBound,
    DealUnderBound,
    EntryKind,
    GameFinished,
    HandNotInVariant,
    MissingPlayerValue,
    NoSuchDeal,
    NoSuchGame,
    ScoringError,
    UnknownPlayer,
    VirginDoublingNotBool,
)
from .settings_errors import (
    BadFixedDeals,
    BadHandSize,
    BadPlayerName,
    BadRowCount,
    BadThreshold,
    DeckTooSmall,
    DuplicatePlayer,
    PlayerCount,
    UnknownGameVariant,
)

__all__ = [
    "DEFAULT_THRESHOLD",
    "HAND_SIZE",
    "MAX_CLIENT_ID",
    "MAX_FIXED_DEALS",
    "MAX_NAME",
    "MAX_NOTE",
    "MAX_PLAYERS",
    "MAX_ROWS",
    "MAX_TAKES_AT",
    "MAX_THRESHOLD",
    "MIN_PLAYERS",
    "MIN_ROWS",
    "MIN_TAKES_AT",
    "ROWS",
    "TAKES_AT",
    "BadBullheads",
    "BadCard",
    "BadClientId",
    "BadDealNumber",
    "BadFixedDeals",
    "BadHandSize",
    "BadNote",
    "BadPlayerName",
    "BadRowCount",
    "BadTakesAt",
    "BadThreshold",
    "CardOutsideDeck",
    "CardTakenTwice",
    "ClientIdReused",
    "DealNumberMismatch",
    "DealNumberSkipped",
    "DealNumberTaken",
    "DealOverBound",
    "DealRow",
    "DealUnderBound",
    "DeckTooSmall",
    "DuplicatePlayer",
    "Entry",
    "EntryKind",
    "Event",
    "EventKind",
    "GameFinished",
    "GameState",
    "GameVariant",
    "HandNotInVariant",
    "MissingPlayerValue",
    "NoSuchDeal",
    "NoSuchGame",
    "PlayerCount",
    "ScoringError",
    "Settings",
    "UnknownGameVariant",
    "UnknownPlayer",
    "VirginDoublingNotBool",
    "checked_cards",
    "check_correction",
    "check_new_deal",
    "make_entry",
    "make_settings",
    "replay",
    "score_deal",
]
