"""What a championship asks of a club event, beyond an evening's defaults (docs/rules.md,
Championships): how the standings order players, whether a table signs its result,
whether the standings are released round by round, and a knock-out after the rounds.

Every option is chosen when the event is created and kept with it (its event file too);
an option left out means what an evening does without it. One value, :class:`EventOptions`,
carries them all, made once from what a request or a file sends (:func:`make_options`)
and written back the same way (:meth:`EventOptions.as_json`).

>>> options = make_options(scoring="wins", sign_off=True, knockout=4, players=20)
>>> options.as_json()
{'scoring': 'wins', 'points': None, 'sign_off': True, 'release': None, 'knockout': 4}
>>> make_options() == EventOptions()
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from .errors import (
    BadKnockout,
    BadPointsTable,
    BadRelease,
    BadScoring,
    KnockoutTooLarge,
    PointsTableSizes,
    PointsWithoutPlacement,
    SignOffNotBool,
)


class Scoring(StrEnum):
    """How the standings order players (docs/rules.md, Championships)."""

    PLACEMENT = "placement"
    """Placement points, then relative points, then bullheads, then the lot."""
    BULLHEADS = "bullheads"
    """Total bullheads, fewest first; then games won; then the lot."""
    WINS = "wins"
    """Games won, most first; then bullheads, fewest first; then the lot."""


class Release(StrEnum):
    ROUND = "round"
    """Everyone but the director sees a round's results once all its tables are done."""


#: Placement points by table size, for the 1st, 2nd, ... place: this project's own table
#: (docs/rules.md, Club events), unless the director gives another.
PLACEMENT_POINTS: dict[int, tuple[int, ...]] = {
    3: (7, 4, 1),
    4: (7, 5, 3, 1),
    5: (7, 5, 4, 2, 1),
}
#: The highest number of points a director's own table may give one place.
MAX_PLACE_POINTS = 1000
#: The players a knock-out takes: tables of 4, only each table's winner goes on.
KNOCKOUT_SIZES = (4, 16, 64)


@dataclass(frozen=True)
class EventOptions:
    scoring: Scoring = Scoring.PLACEMENT
    points: Mapping[int, tuple[int, ...]] | None = field(default=None)
    """The director's own placement points by table size; None: :data:`PLACEMENT_POINTS`."""
    sign_off: bool = False
    """A finished table counts once signed from a second device, or by the director."""
    release: Release | None = None
    """``ROUND``: everyone else sees a round only once every table of it is done."""
    knockout: int | None = None
    """4, 16 or 64: after the rounds, the best this many play a knock-out at tables of 4."""

    @property
    def table(self) -> Mapping[int, tuple[int, ...]]:
        """The placement points in force."""
        return self.points if self.points is not None else PLACEMENT_POINTS

    @property
    def knockout_rounds(self) -> int:
        """Rounds of the knock-out: 16 players play two (four tables, then the final).

        >>> [EventOptions(knockout=k).knockout_rounds for k in (4, 16, 64)]
        [1, 2, 3]
        """
        rounds, players = 0, self.knockout or 1
        while players > 1:
            players //= 4
            rounds += 1
        return rounds

    def as_json(self) -> dict[str, object]:
        """As the interface and the event file write it (table sizes as text keys)."""
        return {"scoring": str(self.scoring),
                "points": None if self.points is None else {
                    str(size): list(values) for size, values in sorted(self.points.items())},
                "sign_off": self.sign_off,
                "release": None if self.release is None else str(self.release),
                "knockout": self.knockout}


def _scoring(value: object) -> Scoring:
    if value is None:
        return Scoring.PLACEMENT
    if isinstance(value, str) and value in Scoring._value2member_map_:
        return Scoring(value)
    raise BadScoring(value=value)


def _places(size: int, value: object) -> tuple[int, ...]:
    """One table size's points: ``size`` whole numbers, never rising."""
    if not isinstance(value, Sequence) or isinstance(value, str) or len(value) != size or any(
            isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_PLACE_POINTS
            for v in value) or any(value[i + 1] > value[i] for i in range(size - 1)):
        raise BadPointsTable(size=size, value=value, limit=MAX_PLACE_POINTS)
    return tuple(value)


def points_table(value: object) -> dict[int, tuple[int, ...]] | None:
    """A director's points table, ``{"3": [...], "4": [...], "5": [...]}`` (keys as text, as
    JSON has them, or as numbers), checked: every size 3 to 5 once, one number a place.

    >>> points_table({"3": [3, 2, 0], "4": [4, 3, 2, 0], "5": [5, 4, 3, 2, 0]})[4]
    (4, 3, 2, 0)
    """
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise PointsTableSizes(value=value)
    sizes: dict[int, object] = {}
    for key, places in value.items():
        size = int(key) if isinstance(key, str) and key in ("3", "4", "5") else key
        if isinstance(size, bool) or size not in PLACEMENT_POINTS or size in sizes:
            raise PointsTableSizes(value=sorted(str(k) for k in value))
        sizes[size] = places
    if set(sizes) != set(PLACEMENT_POINTS):
        raise PointsTableSizes(value=sorted(str(k) for k in value))
    return {size: _places(size, sizes[size]) for size in sorted(sizes)}


def _knockout(value: object, players: int | None) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or value not in KNOCKOUT_SIZES:
        raise BadKnockout(value=value)
    assert isinstance(value, int)
    if players is not None and value > players:
        raise KnockoutTooLarge(size=value, count=players)
    return value


def make_options(scoring: object = None, points: object = None, sign_off: object = None,
                 release: object = None, knockout: object = None,
                 players: int | None = None) -> EventOptions:
    """The options of a new event from what was sent (None: left out), each checked;
    ``players``, when given, bounds the knock-out.

    >>> make_options(knockout=16, players=12)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scorekeeper.engine.errors.KnockoutTooLarge: A knock-out of the best 16 needs at least ...
    """
    chosen = _scoring(scoring)
    table = points_table(points)
    if table is not None and chosen != Scoring.PLACEMENT:
        raise PointsWithoutPlacement(scoring=str(chosen))
    if sign_off is not None and not isinstance(sign_off, bool):
        raise SignOffNotBool(value=sign_off)
    if release is not None and release != Release.ROUND:
        raise BadRelease(value=release)
    return EventOptions(chosen, table, bool(sign_off),
                        None if release is None else Release.ROUND,
                        _knockout(knockout, players))


def options_of(data: Mapping[str, object], players: int | None = None) -> EventOptions:
    """The options among a request's or a file's fields (those it leaves out: defaults)."""
    return make_options(data.get("scoring"), data.get("points"), data.get("sign_off"),
                        data.get("release"), data.get("knockout"), players)


#: An evening's options: what an event that chose none of them has.
EVENING = EventOptions()
