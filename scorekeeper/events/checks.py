"""What a new event is made of, checked once for the JSON interface and the form alike.

The API first refuses a value of the wrong JSON type; the form hands over what was
typed. Names and the games' settings are judged by the engine.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from ..engine.errors import EventPlayerCount, NameRepeated
from ..engine.limits import (
    MAX_EVENT_NAME,
    MAX_EVENT_PLAYERS,
    MAX_EVENT_ROUNDS,
    MAX_NAME,
    MIN_EVENT_PLAYERS,
)
from ..engine.names import distinct_names, normal_name
from ..engine.settings import Settings, make_settings, whole
from .errors import MAX_SEASON_NUMBER, BadEventName, BadRounds, BadSeasonNumber, NumberRepeated

#: Stand-ins for a table's players while the games' settings are checked.
_A_TABLE = ("1", "2", "3", "4", "5")


def checked_name(value: object) -> str:
    """The event's name, made and checked as a player's name is (NFC, one space, no
    hidden or control character: it shows on the big screen, the slips and every table's
    note), up to its own limit."""
    return normal_name(value, MAX_EVENT_NAME, lambda _value: BadEventName())


def checked_player(value: object) -> str:
    """One player's name, made and checked as every name is (``engine/names.py``)."""
    return normal_name(value, MAX_NAME)


def checked_players(values: Sequence[object], limit: int = MAX_EVENT_PLAYERS) -> list[str]:
    """6 to 200 names (a season's final: up to ``limit``), distinct without regard to case
    (a table's game needs that)."""
    names = distinct_names(values, MAX_NAME, lambda name: NameRepeated(player=name))
    if not MIN_EVENT_PLAYERS <= len(names) <= limit:
        raise EventPlayerCount(count=len(names))
    return names


def checked_number(value: object) -> int | None:
    """A season number a player gives: a whole number from 1 to 999999, or nothing."""
    if value is None or value == "":
        return None
    number = whole(value.strip() if isinstance(value, str) else value)
    if number is None or not 1 <= number <= MAX_SEASON_NUMBER:
        raise BadSeasonNumber(value=value)
    return number


def entries(values: Sequence[object]) -> tuple[list[object], dict[object, int]]:
    """The players of a request, each a name or ``{"name": ..., "number": 427}``: the
    names as given (judged by :func:`checked_players`) and the numbers given, by those
    names. Two players giving one number are refused."""
    names: list[object] = []
    numbers: dict[object, int] = {}
    givers: dict[int, object] = {}
    for value in values:
        if isinstance(value, dict):
            name, number = value.get("name"), checked_number(value.get("number"))
            if number is not None:
                if number in givers:
                    raise NumberRepeated(number=number, player=givers[number], other=name)
                givers[number] = name
                if isinstance(name, str):
                    numbers[name] = number
            names.append(name)
        else:
            names.append(value)
    return names, numbers


def numbers_of(names: Sequence[str], given: dict[object, int]) -> dict[str, int]:
    """The numbers given, by each player's name as stored (names are made once, so a
    name typed with extra spaces finds its number)."""
    made = {normal_name(key): number for key, number in given.items() if isinstance(key, str)}
    return {name: made[name] for name in names if name in made}


def checked_rounds(value: object) -> int:
    rounds = whole(value)
    if rounds is None or not 1 <= rounds <= MAX_EVENT_ROUNDS:
        raise BadRounds(value=value, limit=MAX_EVENT_ROUNDS)
    return rounds


def games_settings(threshold: object, fixed_deals: object,
                   virgin_doubling: bool) -> Settings:
    """The settings every table's game gets (checked by the engine for a table of five;
    the players are filled in per table)."""
    return make_settings(_A_TABLE, threshold, fixed_deals, virgin_doubling)


def new_seed() -> int:
    """A seed for an event that was given none: its draw and lot are recorded by it."""
    return secrets.randbelow(2**31)
