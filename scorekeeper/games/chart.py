"""Geometry of the running-totals chart, drawn as SVG on the server (no script, no style="").

>>> from scorekeeper.engine.deal import make_entry
>>> from scorekeeper.engine.game import Event, replay
>>> from scorekeeper.engine.settings import make_settings
>>> s = make_settings(["A", "B"])
>>> state = replay(s, [Event("deal", 1, make_entry(s, {"A": 10, "B": 0}))])
>>> chart(state).lines[0].points  # top of the scale: 66 + 10%, rounded up to 80
'40.0,200.0 320.0,176.2'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.game import GameState

#: Ten colours that stay apart for common colour blindness, one per seat.
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
           "#17becf", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22")
WIDTH, HEIGHT = 340, 220
LEFT, RIGHT, TOP, BOTTOM = 40, 20, 10, 20


@dataclass(frozen=True)
class Line:
    player: str
    colour: str
    points: str
    last_x: float
    last_y: float


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    lines: tuple[Line, ...]
    threshold_y: float | None
    ticks: tuple[tuple[int, float], ...]
    """(value, y) for the labels on the left axis."""
    x_ticks: tuple[tuple[int, float], ...]
    """(deal number, x) along the bottom."""
    left: int = LEFT
    right: int = WIDTH - RIGHT
    top: int = TOP
    bottom: int = HEIGHT - BOTTOM


def chart(state: GameState) -> Chart:
    players = state.settings.players
    threshold = state.settings.threshold
    deals = len(state.deals)
    highest = max([*state.totals.values(), threshold or 0, 10])
    top_value = -(-highest * 11 // 100) * 10  # about 10% headroom, a multiple of 10
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(deal: int) -> float:
        return round(LEFT + plot_w * deal / max(deals, 1), 1)

    def y(value: int) -> float:
        return round(TOP + plot_h * (1 - value / top_value), 1)

    lines = []
    for seat, name in enumerate(players):
        values = [0, *(row.totals[name] for row in state.deals)]
        points = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(values))
        lines.append(Line(name, COLOURS[seat % len(COLOURS)], points, x(deals), y(values[-1])))
    step = max(1, -(-top_value // 4 // 10) * 10)
    ticks = tuple((v, y(v)) for v in range(0, top_value + 1, step))
    every = max(1, -(-deals // 8))
    x_ticks = tuple((d, x(d)) for d in range(every, deals + 1, every))
    return Chart(WIDTH, HEIGHT, tuple(lines), None if threshold is None else y(threshold),
                 ticks, x_ticks)
