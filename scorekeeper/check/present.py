"""The checker's result: the engine's steps worded for the page, never replayed.

Each :class:`~scorekeeper.engine.Step` already says what the card went next to
(``neighbour``, ``difference``), what a rule-4 row cost (``row_bullheads``) and whom a
Double take was shared with; this module only turns that into what the templates show,
plus links that open the same table with another choice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from flask import url_for

from ..engine import Resolution, Rule, Side, Step
from .form import CheckForm
from .request import PlacementRequest, Resolved

#: ``choose(player, row)``: the link that makes ``player`` take ``row`` under rule 4.
Chooser = Callable[[str, str], str]


def link(form: CheckForm, **choices) -> str:
    return url_for("check.page", _external=True) + "?" + form.query(**choices)


def present(form: CheckForm, placement: PlacementRequest, resolved: Resolved) -> dict:
    """Everything the result template needs, taken from the engine's resolution(s)."""
    resolution = resolved.resolution
    takes_at = placement.table.takes_at
    view = {
        "variant": placement.variant.value, "before": placement.table.rows,
        "played": {card for play in placement.plays for card in play.cards},
        "steps": explain(resolution.steps, lambda p, r: link(form, take={p: r}), takes_at),
        **outcome(resolution), "share": link(form), "tie": None,
    }
    tie = resolution.tie
    if tie is not None:
        done = len(resolution.steps)
        outcomes = []
        for option in resolved.outcomes:
            place = {tie.player: f"{option.row}-{option.side.value}"}
            outcomes.append({
                "row": option.row, "side": option.side.value,
                "steps": explain(
                    option.resolution.steps[done:],
                    lambda p, r, place=place: link(form, take={p: r}, place=place),
                    takes_at,
                ),
                **outcome(option.resolution), "tie": option.resolution.tie,
                "url": link(form, place=place),
            })
        sides = {side: row for row, side in tie.options}
        view["tie"] = {"player": tie.player, "card": tie.card, "outcomes": outcomes,
                       "right": sides.get(Side.RIGHT), "left": sides.get(Side.LEFT)}
    return view


def outcome(resolution: Resolution) -> dict:
    """Who took which cards and bullheads, and the rows after the turn."""
    taken: dict[str, list[int]] = {player: [] for player in resolution.bullheads}
    for step in resolution.steps:
        taken.setdefault(step.player, []).extend(step.taken)
    return {"rows": resolution.table.rows, "bullheads": resolution.bullheads, "taken": taken}


def explain(steps: Sequence[Step], choose: Chooser, takes_at: int) -> list[dict]:
    """Each step as the page words it: its neighbour and sum, a stacked twin, rule-4 links,
    and for rule 3 the card that takes a row (``takes_at``) and how many cards it takes.

    The second twin of a shared Double take follows its pair: ``twin_of`` names that player.
    """
    views: list[dict] = []
    previous: Step | None = None
    for step in steps:
        view = {
            "player": step.player, "card": step.card, "row": step.row,
            "side": step.side.value, "rule": int(step.rule), "taken": step.taken,
            "bullheads": step.bullheads, "alternatives": step.alternatives,
            "shared_with": step.shared_with, "neighbour": step.neighbour, "calc": None,
            "stacked": step.rule == Rule.SMALLEST_DIFFERENCE and step.difference == 0,
            "twin_of": None, "choices": [], "takes_at": takes_at,
        }
        if (step.shared_with and previous is not None and previous.card == step.card
                and previous.shared_with == step.player):
            view["twin_of"] = previous.player
        elif step.rule == Rule.LOWEST_CARD:
            view["choices"] = rule4_choices(step, choose)
        elif step.neighbour is not None:
            view["calc"] = _calc(step)
        views.append(view)
        previous = step
    return views


def _calc(step: Step) -> str:
    """``14 − 12 = 2`` with spaces that never break the sum over two lines."""
    if step.side == Side.LEFT:
        high, low = step.neighbour, step.card
    else:
        high, low = step.card, step.neighbour
    return f"{high}\u00a0−\u00a0{low}\u00a0=\u00a0{step.difference}"


def rule4_choices(step: Step, choose: Chooser) -> list[dict]:
    """The rows a rule-4 player may take, cheapest marked, each a link to that outcome."""
    costs = step.row_bullheads or ()
    cheapest = costs.index(min(costs)) + 1 if costs else None
    return [
        {"row": number, "bullheads": cost, "current": number == step.row,
         "cheapest": number == cheapest,
         "url": choose(step.player, "" if number == cheapest else str(number))}
        for number, cost in enumerate(costs, start=1)
    ]
