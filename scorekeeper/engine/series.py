"""A club's series: a year of club events, its standings and each player's rating
(docs/rules.md, Series).

A player's series points add up their event points (each event's placement points,
:mod:`.standings`), counting only their best ``best`` events where the series sets it.
Their rating is an OpenSkill rating (the ``openskill`` package's Bradley-Terry model,
which lets players share a place), updated by every finished table game in the order the
games ended: the places by the games' totals, fewest bullheads first, ties sharing a
place. The standings rank by points, then by the rating's ``ordinal`` (mu − 3·sigma: the
rating the games are fairly sure the player has at least).

Players are keys here (a name's :func:`~.names.name_key`, after the series' merges,
:func:`merged`); the feature above shows their names.

>>> games = [{"ann": 5, "bob": 20, "cas": 20, "dirk": 31}]
>>> ratings, _history = rate(games, [0])
>>> ratings["bob"] == ratings["cas"], ratings["bob"].mu  # shared 2nd place: one beaten, one not
(True, 25.0)
>>> round(ratings["ann"].mu + ratings["dirk"].mu, 9), ratings["ann"].mu > 25
(50.0, True)
>>> rows = series_standings([event_points(games)], None, ratings)
>>> [(r.rank, r.player, str(r.points)) for r in rows]
[(1, 'ann', '7'), (2, 'bob', '4'), (2, 'cas', '4'), (4, 'dirk', '1')]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from openskill.models import BradleyTerryFull

from .standings import placement_points

__all__ = ["Rating", "RatingRun", "SeriesStanding", "event_points", "merged", "places",
           "rate", "rate_on", "series_standings"]


@dataclass(frozen=True)
class Rating:
    mu: float
    """The skill the games show (every player starts at 25)."""
    sigma: float
    """How unsure that is (it starts at 25/3 and shrinks with every game)."""

    @property
    def ordinal(self) -> float:
        """mu − 3·sigma: the rating the player very likely has at least."""
        return self.mu - 3 * self.sigma


def merged(merges: Sequence[tuple[str, str]]) -> dict[str, str]:
    """Each merged key and the key it now counts as: merges ``(from, into)`` in the order
    made, a merge into a key merged away before followed to its end.

    >>> merged([("jose", "josé"), ("josé", "jose maria")])
    {'jose': 'jose maria', 'josé': 'jose maria'}
    """
    into: dict[str, str] = {}
    for source, target in merges:
        while target in into:
            target = into[target]
        if target == source:
            continue  # (the feature refuses such a merge: nothing to join)
        into[source] = target
        for key, value in into.items():
            if value == source:
                into[key] = target
    return into


def places(totals: Mapping[str, int]) -> dict[str, int]:
    """Each player's place in one game, fewest bullheads first; tied players share the
    better place.

    >>> places({"ann": 9, "bob": 3, "cas": 9, "dirk": 12})
    {'ann': 2, 'bob': 1, 'cas': 2, 'dirk': 4}
    """
    return {player: 1 + sum(other < total for other in totals.values())
            for player, total in totals.items()}


def rate(games: Sequence[Mapping[str, int]], events: Sequence[int]
         ) -> tuple[dict[str, Rating], dict[str, list[tuple[int, Rating]]]]:
    """Every player's rating after ``games`` (each one game's totals by player, in the
    order they ended; ``events[i]`` is the event game ``i`` belongs to), and each player's
    history: their rating after each event they played in, as ``(event, rating)``."""
    run = rate_on(games, events, None)
    return run.ratings, run.history


#: A run keeps where it stood after every this many games.
MARK_EVERY = 32

Game = tuple[tuple[tuple[str, int], ...], int]
"""One game as a run keeps it: its totals as ``(player, total)`` in the order given (the
order matters to the last bit of a rating), and its event."""


@dataclass(frozen=True)
class _Mark:
    """Where a run stood after its first ``games`` games: the model's ratings held, and
    each player's history line as its length and last entry (the entries before the last
    never change later, so they are read back from the run's final lines)."""

    games: int
    held: dict[str, object]
    lines: dict[str, tuple[int, tuple[int, Rating]]]


@dataclass(frozen=True)
class RatingRun:
    """The result of :func:`rate` with what it takes to rate a changed list of games again
    from its first change only: the games rated, and a mark every so many games. A game's
    ratings depend only on the games before it, so a list that begins with the same games
    resumes at the last mark before the first game that differs. Nothing in a run is
    changed once it is made: a later run copies what it goes on from."""

    games: tuple[Game, ...]
    marks: tuple[_Mark, ...]
    ratings: dict[str, Rating]
    history: dict[str, list[tuple[int, Rating]]]
    """Each player's rating after each event they played in, as in :func:`rate`."""
    rated: int
    """How many games this run rated itself (the rest it took from the run before)."""


def rate_on(games: Sequence[Mapping[str, int]], events: Sequence[int],
            before: RatingRun | None, every: int | None = None) -> RatingRun:
    """:func:`rate` of ``games``, going on from ``before`` (a run of another list, or
    None) at its last mark before the first game where the two lists differ; the same
    result as rating every game (``tests/test_series_engine.py`` holds it). The new run
    keeps a mark after every ``every`` games (:data:`MARK_EVERY` if not given)."""
    every = every or MARK_EVERY
    played: tuple[Game, ...] = tuple(
        (tuple(totals.items()), event) for totals, event in zip(games, events, strict=True))
    held: dict[str, object] = {}
    history: dict[str, list[tuple[int, Rating]]] = {}
    marks: list[_Mark] = []
    start = 0
    if before is not None:
        same = 0
        for old, new in zip(before.games, played, strict=False):
            if old != new:
                break
            same += 1
        marks = [mark for mark in before.marks if mark.games <= same]
        if marks:
            start = marks[-1].games
            held = dict(marks[-1].held)
            history = {player: [*before.history[player][:length - 1], last]
                       for player, (length, last) in marks[-1].lines.items()}
    model = BradleyTerryFull()
    for number in range(start, len(played)):
        pairs, event = played[number]
        players = [player for player, _total in pairs]
        place = places(dict(pairs))
        teams = [[held.get(player) or model.rating(name=player)] for player in players]
        rated = model.rate(teams, ranks=[place[player] for player in players])  # type: ignore[arg-type]
        for player, (rating,) in zip(players, rated, strict=True):
            held[player] = rating
            shown = Rating(float(rating.mu), float(rating.sigma))
            line = history.setdefault(player, [])
            if line and line[-1][0] == event:
                line[-1] = (event, shown)
            else:
                line.append((event, shown))
        if (number + 1) % every == 0:
            marks.append(_Mark(number + 1, dict(held),
                               {player: (len(line), line[-1]) for player, line in history.items()}))
    return RatingRun(played, tuple(marks),
                     {player: line[-1][1] for player, line in history.items()}, history,
                     len(played) - start)


def event_points(games: Sequence[Mapping[str, int]]) -> dict[str, Fraction]:
    """Each player's points of one event: the placement points of its finished games."""
    # Added up as whole numbers of sixtieths (every shared place's mean is one: at most
    # five places share), then made exact fractions once: a year's fractions added one by
    # one cost more than its ratings.
    sixtieths: dict[str, int] = {}
    for totals in games:
        for player, value in placement_points(totals).items():
            sixtieths[player] = sixtieths.get(player, 0) + int(value * 60)
    return {player: Fraction(value, 60) for player, value in sixtieths.items()}


@dataclass(frozen=True)
class SeriesStanding:
    rank: int
    """1, 2, ...; players equal in points and rating share a rank."""
    player: str
    events: int
    """Events the player has points from (a finished game at least)."""
    points: Fraction
    """Their event points added up: their best ``best`` events where the series sets it."""
    counted: tuple[int, ...]
    """The events (indexes) whose points count."""
    rating: Rating


def series_standings(events: Sequence[Mapping[str, Fraction]], best: int | None,
                     ratings: Mapping[str, Rating]) -> list[SeriesStanding]:
    """The series' standings from each event's points by player (in the series' order),
    best first. With ``best``, a player's ``best`` highest events count (of equal ones,
    the earlier).

    >>> r = {"ann": Rating(30, 2), "bob": Rating(28, 1)}
    >>> rows = series_standings([{"ann": Fraction(7)}, {"ann": Fraction(1), "bob": Fraction(5)},
    ...                          {"bob": Fraction(3)}], 1, r)
    >>> [(row.rank, row.player, row.events, int(row.points), row.counted) for row in rows]
    [(1, 'ann', 2, 7, (0,)), (2, 'bob', 2, 5, (1,))]
    """
    scored: dict[str, list[tuple[Fraction, int]]] = {}
    for index, by_player in enumerate(events):
        for player, value in by_player.items():
            scored.setdefault(player, []).append((value, index))
    rows = []
    for player, values in scored.items():
        chosen = sorted(values, key=lambda item: (-item[0], item[1]))
        if best is not None:
            chosen = chosen[:best]
        rows.append((player, len(values), sum((v for v, _i in chosen), Fraction(0)),
                     tuple(sorted(i for _v, i in chosen))))
    ordered = sorted(rows, key=lambda row: (-row[2], -ratings[row[0]].ordinal, row[0]))
    standings: list[SeriesStanding] = []
    for position, (player, count, total, counted) in enumerate(ordered, 1):
        before = standings[-1] if standings else None
        rank = position
        if before is not None and (before.points, before.rating.ordinal) == (
                total, ratings[player].ordinal):
            rank = before.rank
        standings.append(SeriesStanding(rank, player, count, total, counted,
                                        ratings[player]))
    return standings
