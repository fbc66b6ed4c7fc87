"""Who beats whom: what one game gives each of its players, and a player's record over
many games (games, wins, win rate, bullheads per deal, clean deals, the rival).

The games' statistics (``games/summary.py``) keep these sums in the database for every
game a phone holds; a club's series adds them up here from its own games. Both take each
game's lines from :func:`lines_of` and round with :func:`half_up`, so the two pages agree.

>>> ann = Line("Ann", "ann", winner=1, deals=3, bullheads=9, clean=1, total=9, ended=1)
>>> bob = Line("Bob", "bob", winner=0, deals=3, bullheads=20, clean=0, total=20, ended=1)
>>> records = tally([[ann, bob], [ann.__class__("Ann", "ann", 0, 2, 30, 0, 30, 1),
...                               bob.__class__("Bob", "bob", 1, 2, 4, 1, 4, 1)]])
>>> records["ann"].games, records["ann"].wins, records["ann"].win_rate
(2, 1, Decimal('0.50'))
>>> records["ann"].average, records["ann"].rival
(Decimal('7.8'), Rival(name='Bob', ahead=1, shared=2))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

from .game import GameState

__all__ = ["Line", "Meeting", "Rival", "Record", "half_up", "lines_of", "rival_order", "tally"]


@dataclass(frozen=True)
class Line:
    """One player's line of one game: what the statistics add up."""

    name: str
    key: str
    """What names are compared by (the caller's choice: the games store's case folding,
    or a series' name key after its merges)."""
    winner: int
    deals: int
    bullheads: int
    """Bullheads as taken, before any doubling."""
    clean: int
    """Deals in which the player took nothing."""
    total: int
    ended: int
    """1 once the game has ended: only ended games count toward win rates and rivals."""


def lines_of(state: GameState) -> list[Line]:
    """Each player's line of a game, in seat order (keys are the names case folded)."""
    players = state.settings.players
    finished = int(state.finished)
    taken = {name: [row.entry.entered(name) for row in state.deals] for name in players}
    return [Line(name, name.casefold(), int(name in state.winners), len(state.deals),
                 sum(taken[name]), taken[name].count(0), state.totals[name], finished)
            for name in players]


def half_up(numerator: int, denominator: int, places: int) -> Decimal:
    """``numerator / denominator`` to ``places`` decimals, a half rounded up as a calculator
    does (11.25 -> 11.3), exactly: no float is involved.

    >>> half_up(45, 4, 1), half_up(2, 3, 2), half_up(1, 8, 2)
    (Decimal('11.3'), Decimal('0.67'), Decimal('0.13'))
    """
    exact = Decimal(numerator) / Decimal(denominator)
    return exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def rival_order(behind: int, shared: int, key: str) -> tuple[int, int, str]:
    """How a player's rivals are ranked: who ended ahead of them most often, then who
    shared more ended games with them, then the name key (``games/summary.py`` reads its
    rivals' index in this order)."""
    return -behind, -shared, key


@dataclass(frozen=True)
class Rival:
    name: str
    ahead: int
    """Ended games in which the rival ended ahead (fewer bullheads)."""
    shared: int
    """Ended games both played."""


@dataclass
class Meeting:
    """Another player, as met by one player: ended games shared, and how often the other
    ended ahead."""

    name: str
    shared: int = 0
    behind: int = 0


@dataclass
class Record:
    """A player's sums over many games."""

    name: str
    games: int = 0
    wins: int = 0
    deals: int = 0
    bullheads: int = 0
    clean: int = 0
    ended: int = 0
    against: dict[str, Meeting] = field(default_factory=dict)
    """Every player met in an ended game, by key."""

    @property
    def average(self) -> Decimal | None:
        """Bullheads per deal, as taken, to one decimal."""
        return half_up(self.bullheads, self.deals, 1) if self.deals else None

    @property
    def win_rate(self) -> Decimal | None:
        """Wins over ended games, to two decimals."""
        return half_up(self.wins, self.ended, 2) if self.ended else None

    @property
    def rival(self) -> Rival | None:
        """Whoever ended ahead of this player most often (at least once)."""
        ahead = [(key, met) for key, met in self.against.items() if met.behind > 0]
        if not ahead:
            return None
        _key, met = min(ahead, key=lambda item: rival_order(item[1].behind, item[1].shared,
                                                             item[0]))
        return Rival(met.name, met.behind, met.shared)


def tally(games: Iterable[Sequence[Line]]) -> dict[str, Record]:
    """Each player's record over ``games`` (each a game's lines), by key; the name shown
    is the spelling of the player's last game given."""
    records: dict[str, Record] = {}
    for lines in games:
        for line in lines:
            record = records.setdefault(line.key, Record(line.name))
            record.name = line.name
            record.games += 1
            record.wins += line.winner
            record.deals += line.deals
            record.bullheads += line.bullheads
            record.clean += line.clean
            record.ended += line.ended
            if not line.ended:
                continue
            for other in lines:
                if other.key == line.key:
                    continue
                met = record.against.setdefault(other.key, Meeting(other.name))
                met.name = other.name
                met.shared += 1
                met.behind += int(other.total < line.total)
    return records
