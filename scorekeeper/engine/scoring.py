"""Scoring a game of 6 nimmt! (docs/rules.md), in pure Python: the one import for it.

A game is its settings plus an event log of deal entries, corrections, withdrawals and
restores; totals, the end and the winners are derived by replaying the log, so neither a
correction nor an undo ever loses what was entered before. The code lives in
:mod:`.settings` (players, end, variant, shape and the bounds of a deal), :mod:`.deal`
(entries, a deal's scores), :mod:`.game` (the log and its replay); its refusals are in
:mod:`.errors`.

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
from .game import (
    DealRow,
    Event,
    EventKind,
    GameState,
    check_correction,
    check_new_deal,
    check_restore,
    check_withdrawal,
    game_over,
    replay,
)
from .limits import (
    DEFAULT_THRESHOLD,
    HAND_SIZE,
    MAX_CLIENT_ID,
    MAX_DEALS,
    MAX_FIXED_DEALS,
    MAX_GAME_EVENTS,
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

__all__ = [
    "DEFAULT_THRESHOLD",
    "HAND_SIZE",
    "MAX_CLIENT_ID",
    "MAX_DEALS",
    "MAX_FIXED_DEALS",
    "MAX_GAME_EVENTS",
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
    "DealRow",
    "Entry",
    "Event",
    "EventKind",
    "GameState",
    "GameVariant",
    "Settings",
    "checked_cards",
    "check_correction",
    "check_new_deal",
    "check_restore",
    "check_withdrawal",
    "game_over",
    "make_entry",
    "make_settings",
    "replay",
    "score_deal",
]
