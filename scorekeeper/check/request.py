"""The placement request: JSON-shaped data in, engine call, JSON-shaped answer out.

Shared by ``POST /api/v1/placement`` and the ``/check`` page, so both accept and refuse
exactly the same tables. This module only reshapes: it checks the JSON types and keys it
has to read (raising :class:`BadShape`, or the engine's own error where the engine has
that exact sentence) and leaves every rule (ranges, counts, repeats, names) to the engine.
Both kinds are refusals, each worded by its own template (:mod:`scorekeeper.engine.errors`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from ..engine import MAX_CARD, Play, Resolution, Side, Table, Variant, errors, resolve_turn
from ..engine.turn_checks import checked_deck
from ..web.jsonio import BadShape


@dataclass(frozen=True)
class PlacementRequest:
    table: Table
    plays: tuple[Play, ...]
    variant: Variant
    max_card: int
    take: dict[str, int]
    place: dict[str, tuple[int, Side]]

    def resolve(self, place: dict[str, tuple[int, Side]] | None = None) -> Resolution:
        return resolve_turn(
            self.table, self.plays, self.variant, max_card=self.max_card,
            take=self.take, place=self.place if place is None else place,
        )


class Outcome(NamedTuple):
    """One way to settle a Professional tie, and the turn resolved that way."""

    row: int
    side: Side
    resolution: Resolution


class Resolved(NamedTuple):
    """The engine's answer to a request: the turn, and each outcome of an unsettled tie."""

    resolution: Resolution
    outcomes: tuple[Outcome, ...] = ()


def _object(value: Any, field: str) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise BadShape(field=field, expected="object")
    return value


def parse(data: Any) -> PlacementRequest:
    """Reshape JSON-shaped ``data`` (docs/api.md, Placement) into an engine request."""
    if not isinstance(data, dict):
        raise BadShape(field="body", expected="object")
    try:
        variant = Variant(data.get("variant", "basic"))
    except (ValueError, TypeError):
        raise errors.UnknownVariant(variant=str(data.get("variant"))[:40]) from None
    # The table is validated against the deck, so the engine judges the deck first.
    deck = checked_deck(data.get("max_card", MAX_CARD), variant)
    # The table's shape: 3 to 5 rows (its length), and the card that takes a row.
    table = Table.from_rows(data.get("rows"), deck, data.get("takes_at", 6))

    raw_plays = data.get("plays")
    if not isinstance(raw_plays, list):
        raise BadShape(field="plays", expected="list")
    plays = tuple(_play(entry, index, variant) for index, entry in enumerate(raw_plays, start=1))

    take = {player.strip(): row for player, row in _object(data.get("take"), "take").items()}
    place = {}
    for player, choice in _object(data.get("place"), "place").items():
        choice = _object(choice, "place")
        side = choice.get("side", "right")
        if side not in ("left", "right"):
            raise BadShape(field="place", expected='"left" or "right"')
        place[player.strip()] = (choice.get("row"), Side(side))
    return PlacementRequest(table, plays, variant, deck.max_card, take, place)


def _play(entry: Any, index: int, variant: Variant) -> Play:
    """One entry of ``plays``; a missing card becomes no cards, which the engine refuses."""
    if not isinstance(entry, dict):
        raise BadShape(field="plays", expected="list of objects")
    player = entry.get("player")
    if not isinstance(player, str):
        raise errors.MissingPlayer(index=index)
    player = player.strip()
    if variant is Variant.NIFTY:
        cards = entry.get("cards")
        if cards is not None and not isinstance(cards, list):
            raise errors.NotACard(value=cards, where=player)
        return Play(player, tuple(cards or ()))
    card = entry.get("card")
    return Play(player, () if card is None else (card,))


def resolve(request: PlacementRequest) -> Resolved:
    """The turn; an unsettled Professional tie is also resolved once for each option."""
    resolution = request.resolve()
    if resolution.tie is None:
        return Resolved(resolution)
    player = resolution.tie.player
    return Resolved(resolution, tuple(
        Outcome(row, side, request.resolve({**request.place, player: (row, side)}))
        for row, side in resolution.tie.options
    ))


def step_json(step) -> dict:
    out = {
        "player": step.player, "card": step.card, "row": step.row,
        "side": step.side.value, "rule": int(step.rule),
        "taken": list(step.taken), "bullheads": step.bullheads,
    }
    if step.alternatives is not None:
        out["alternatives"] = list(step.alternatives)
    if step.row_bullheads is not None:
        out["row_bullheads"] = list(step.row_bullheads)
    if step.shared_with is not None:
        out["shared_with"] = step.shared_with
    return out


def resolution_json(resolution: Resolution) -> dict:
    out: dict[str, Any] = {
        "steps": [step_json(step) for step in resolution.steps],
        "rows": [list(row) for row in resolution.table.rows],
        "bullheads": resolution.bullheads,
    }
    if resolution.tie is not None:
        tie = resolution.tie
        out["tie"] = {
            "player": tie.player, "card": tie.card,
            "options": [{"row": row, "side": side.value} for row, side in tie.options],
        }
    return out


def resolved_json(resolved: Resolved) -> dict:
    out = resolution_json(resolved.resolution)
    if resolved.outcomes:
        out["tie_outcomes"] = [
            {"row": outcome.row, "side": outcome.side.value,
             **resolution_json(outcome.resolution)}
            for outcome in resolved.outcomes
        ]
    return out


def answer(request: PlacementRequest) -> dict:
    """The API's whole answer; an unsettled Professional tie also shows every option's outcome."""
    return resolved_json(resolve(request))
