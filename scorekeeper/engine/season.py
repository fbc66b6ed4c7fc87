"""A championship season: who qualifies at each qualifier, and the season's ranking
(docs/rules.md, A championship season).

Players are season numbers here (the feature above matches names and numbers to them).
A qualifier is known by its players' places in its final standings, best first.

**Qualifying once.** Qualifiers are taken in the order they ended. Each gives a number of
places (:meth:`QualifyRule.places`: so many per qualifier, or one per so many entrants,
rounded up; none below the minimum of entrants) to its best players who have not
qualified before: a place passes down past a player who already has one.

>>> rule = QualifyRule(per_event=2, min_entrants=3)
>>> first = Qualifier("köln", ((7, 1), (3, 2), (5, 3), (9, 4)))
>>> second = Qualifier("bonn", ((7, 1), (5, 2), (8, 3), (4, 4)))
>>> [(q.number, q.qualifier, q.place) for q in qualify([first, second], rule)]
[(7, 'köln', 1), (3, 'köln', 2), (5, 'bonn', 2), (8, 'bonn', 3)]

**The ranking.** A player's season points add up their event points over their best
``best`` qualifiers (all where ``best`` is None); equal points rank the player who played
fewer qualifiers first, then the better single event, then the lower season number.

>>> rows = ranking([record(3, [Fraction(20), Fraction(9)], 1), record(7, [Fraction(20)], 1)])
>>> [(rank, row.number, int(row.points), row.events) for rank, row in rows]
[(1, 7, 20, 1), (2, 3, 20, 2)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

__all__ = ["Qualified", "Qualifier", "QualifyRule", "SeasonRecord", "from_sixtieths",
           "qualify", "rank_key", "ranking", "record", "sixtieths"]

#: Points are kept as whole numbers of sixtieths: every shared place's mean is one (at
#: most five players share a place), so sums stay exact and compare as integers.
SIXTIETHS = 60


def sixtieths(value: Fraction) -> int:
    """``value`` in sixtieths, exactly; a value that is none is a ValueError.

    >>> sixtieths(Fraction(9, 2)), sixtieths(Fraction(11, 3))
    (270, 220)
    """
    scaled = value * SIXTIETHS
    if scaled.denominator != 1:
        raise ValueError(f"{value} is not a whole number of sixtieths")
    return int(scaled)


def from_sixtieths(value: int) -> Fraction:
    return Fraction(value, SIXTIETHS)


@dataclass(frozen=True)
class QualifyRule:
    """How many places a qualifier gives."""

    per_event: int | None = None
    """So many places at every qualifier (its best so many eligible players)."""
    per_entrants: int | None = None
    """One place for every so many entrants, rounded up (used when ``per_event`` is None)."""
    min_entrants: int = 8
    """A qualifier with fewer entrants gives no place."""

    def places(self, entrants: int) -> int:
        """The places a qualifier of ``entrants`` players gives.

        >>> rule = QualifyRule(per_entrants=8, min_entrants=8)
        >>> [rule.places(n) for n in (7, 8, 9, 16, 17, 40)]
        [0, 1, 2, 2, 3, 5]
        """
        if entrants <= 0 or entrants < self.min_entrants:
            return 0
        if self.per_event is not None:
            return self.per_event
        assert self.per_entrants is not None and self.per_entrants > 0
        return -(-entrants // self.per_entrants)


@dataclass(frozen=True)
class Qualifier:
    key: str
    """Which qualifier this is (the feature's id of it)."""
    placed: tuple[tuple[int, int], ...]
    """``(season number, place in its final standings)`` of every player who played a
    game there, best first. How many there are is the qualifier's count of entrants."""

    @property
    def entrants(self) -> int:
        return len(self.placed)


@dataclass(frozen=True)
class Qualified:
    number: int
    qualifier: str
    """The qualifier where the player qualified."""
    place: int
    """Their place in that qualifier's final standings."""


def qualify(qualifiers: Sequence[Qualifier], rule: QualifyRule) -> list[Qualified]:
    """Everyone who qualified, in the order they did: ``qualifiers`` in the order they
    ended, each giving its places to its best players not qualified before."""
    done: set[int] = set()
    found: list[Qualified] = []
    for qualifier in qualifiers:
        left = rule.places(qualifier.entrants)
        for number, place in qualifier.placed:
            if left == 0:
                break
            if number in done:
                continue  # the place passes down
            done.add(number)
            found.append(Qualified(number, qualifier.key, place))
            left -= 1
    return found


#: Points, exact: as fractions, or as whole numbers of :func:`sixtieths` (what the feature
#: stores, and adds up without making a fraction of each).
P = TypeVar("P", int, Fraction)


@dataclass(frozen=True)
class SeasonRecord(Generic[P]):
    """One player's line in the season's ranking."""

    number: int
    events: int
    """Qualifiers played (a finished game at least)."""
    points: P
    """Event points added up over the best ``best`` qualifiers."""
    best: P
    """The player's best single qualifier's points."""


def record(number: int, points: Sequence[P], best: int | None) -> SeasonRecord[P]:
    """A player's record from their points at each qualifier they played (at least one).

    >>> record(5, [Fraction(9), Fraction(21), Fraction(14)], 2)
    SeasonRecord(number=5, events=3, points=Fraction(35, 1), best=Fraction(21, 1))
    >>> record(5, [540, 1260, 840], 2).points == sixtieths(Fraction(35))
    True
    """
    if not points:
        raise ValueError("a record needs the points of one qualifier at least")
    ordered = sorted(points, reverse=True)
    counted = ordered if best is None else ordered[:best]
    return SeasonRecord(number, len(ordered), sum(counted[1:], counted[0]), ordered[0])


def rank_key(row: SeasonRecord[P]) -> tuple[P, int, P, int]:
    """Sorts the ranking: more points, then fewer qualifiers, then a better single event,
    then the lower season number."""
    return (-row.points, row.events, -row.best, row.number)


def ranking(records: Iterable[SeasonRecord[P]]) -> list[tuple[int, SeasonRecord[P]]]:
    """The season's ranking, best first, each with its rank (1, 2, ...; never shared:
    the season number decides last)."""
    return list(enumerate(sorted(records, key=rank_key), 1))
