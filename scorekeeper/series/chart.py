"""A player's rating over the series as a small SVG chart, drawn on the server (no script).

The line is the rating (mu) after each event the player played; the band around it is
mu ± sigma, which narrows as the games make the rating surer. Every player's chart has
the same scale (the series' lowest and highest band), so two charts compare at a glance.

>>> from scorekeeper.engine.series import Rating
>>> scale = Scale.of([[(0, Rating(25, 5)), (2, Rating(30, 2))]], events=3)
>>> (scale.low, scale.high)
(20, 35)
>>> drawn = history_chart([(0, Rating(25, 5)), (2, Rating(30, 2))], scale)
>>> drawn.line  # y(25) = 8 + 60 · (35 − 25) / 15
'8.0,48.0 292.0,28.0'
>>> drawn.band
'8.0,28.0 292.0,20.0 292.0,36.0 8.0,68.0'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.series import Rating

WIDTH, HEIGHT = 300, 76
#: Room around the plot, so a dot at the edge is drawn whole.
PAD = 8


@dataclass(frozen=True)
class Scale:
    low: int
    high: int
    events: int

    @classmethod
    def of(cls, histories: Sequence[Sequence[tuple[int, Rating]]], events: int) -> Scale:
        """The series' scale: every band inside, rounded out to multiples of 5."""
        lows = [r.mu - r.sigma for history in histories for _e, r in history]
        highs = [r.mu + r.sigma for history in histories for _e, r in history]
        low = 5 * math.floor(min(lows, default=15) / 5)
        high = 5 * math.ceil(max(highs, default=35) / 5)
        return cls(low, max(high, low + 5), max(events, 1))

    def x(self, event: int) -> float:
        span = WIDTH - 2 * PAD
        return round(PAD + span * (event / (self.events - 1) if self.events > 1 else 0.5), 1)

    def y(self, value: float) -> float:
        span = HEIGHT - 2 * PAD
        return round(PAD + span * (self.high - value) / (self.high - self.low), 1)


@dataclass(frozen=True)
class HistoryChart:
    width: int
    height: int
    line: str
    """The polyline's points: (x, y) of mu after each event played."""
    band: str
    """The polygon's points: mu + sigma left to right, then mu − sigma back."""
    last_x: float
    last_y: float
    mid_y: float
    """Where 25, the rating every player starts from, lies."""


def history_chart(history: Sequence[tuple[int, Rating]], scale: Scale) -> HistoryChart:
    points = [(scale.x(event), rating) for event, rating in history]
    line = " ".join(f"{x},{scale.y(r.mu)}" for x, r in points)
    upper = [f"{x},{scale.y(r.mu + r.sigma)}" for x, r in points]
    lower = [f"{x},{scale.y(r.mu - r.sigma)}" for x, r in reversed(points)]
    last_x, last = points[-1]
    return HistoryChart(WIDTH, HEIGHT, line, " ".join(upper + lower), last_x,
                        scale.y(last.mu), scale.y(25))
