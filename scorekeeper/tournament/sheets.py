"""The tournament's printables: one template answered as a PDF or as its screen preview.

Shared by the pages (:mod:`.views`) and the JSON API (:mod:`.api`), so neither imports the
other and both print a sheet the same way.
"""

from __future__ import annotations

from ..engine import tournament as tournament_rules
from .event import NO_EVENT, Event


def _paged(sheets: list[dict], per_page: int) -> list[list[dict]]:
    """The sheets grouped as they go on paper, ``per_page`` (1 or 2) to a page.

    >>> _paged([1, 2, 3, 4, 5], 2)
    [[1, 2], [3, 4], [5]]
    """
    return [sheets[start:start + per_page] for start in range(0, len(sheets), per_page)]


def sheets_context(players: list[str], hands: dict[str, list[int]], event: Event = NO_EVENT,
                   per_page: int = 1) -> dict:
    """One sheet per hand: its cards and the players in the order they play it."""
    sheets = [
        {"owner": owner, "cards": hands[owner],
         "order": tournament_rules.sheet_order(players, owner)}
        for owner in players
    ]
    return {
        "pages": _paged(sheets, per_page),
        "per_page": per_page,
        "event": event,
        "rows": tournament_rules.starting_rows(players, hands),
    }


def blank_context(event: Event = NO_EVENT, per_page: int = 1) -> dict:
    """A sheet with no owner, no cards and an empty line per seat: to copy by hand.

    Two to a page print the same blank twice, to cut in halves.
    """
    seats = tournament_rules.TOURNAMENT_MAX_PLAYERS
    blank = {"owner": None, "cards": [None] * tournament_rules.HAND_SIZE,
             "order": [""] * seats}
    return {"pages": [[blank] * per_page], "per_page": per_page, "event": event,
            "rows": None}
