"""An evening: several games played one after another, added up per player.

Pure over the games' replayed states, so the sums are tested with hand-made games. The
bullheads are what counted on each sheet (after Virgin doubling or the Hand variant),
so the evening's totals are the sums of the totals the players saw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.game import GameState


@dataclass(frozen=True)
class PlayerEvening:
    name: str
    games: int
    """Games of the evening this player sat in that have at least one deal."""
    wins: int
    """Finished games this player won; a shared win counts for each winner."""
    bullheads: int
    """The player's totals summed over those games."""
    deals: int
    """Deals played in those games."""

    @property
    def average(self) -> float | None:
        """Bullheads per deal over the evening (None before the first deal)."""
        return self.bullheads / self.deals if self.deals else None


def add_up(states: Sequence[GameState]) -> list[PlayerEvening]:
    """Each player's evening, most wins first, then fewest bullheads per deal, then the
    order in which they first sat down.

    A game still running counts for games, bullheads and deals but has no winner yet; a
    game without a deal counts for nothing.
    """
    sums: dict[str, list[int]] = {}
    for state in states:
        if not state.deals:
            continue
        for name in state.settings.players:
            games, wins, bullheads, deals = sums.setdefault(name, [0, 0, 0, 0])
            won = state.finished and name in state.winners
            sums[name] = [games + 1, wins + won, bullheads + state.totals[name],
                          deals + len(state.deals)]
    players = [PlayerEvening(name, *values) for name, values in sums.items()]
    seat = {p.name: i for i, p in enumerate(players)}

    def order(p: PlayerEvening) -> tuple[int, float, int]:
        average = p.average
        return (-p.wins, float("inf") if average is None else average, seat[p.name])

    return sorted(players, key=order)
