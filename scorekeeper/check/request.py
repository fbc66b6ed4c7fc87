"""The placement request: JSON-shaped data in, engine call, JSON-shaped answer out.

Shared by ``POST /api/v1/placement`` and the ``/check`` page, so both accept and refuse
exactly the same tables. Shape errors (a list where a number belongs) are raised as
:class:`BadShape`; rule errors come from the engine. Both are ``RulesError``s, translated
by :mod:`scorekeeper.messages`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import Deck, Play, Resolution, Side, Table, Variant, errors, resolve_turn
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


def _object(value: Any, field: str) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise BadShape(field=field, expected="object")
    return value


def parse(data: Any) -> PlacementRequest:
    """Validate JSON-shaped ``data`` (CONTRACT.md section 5) into an engine request."""
    if not isinstance(data, dict):
        raise BadShape(field="body", expected="object")
    try:
        variant = Variant(data.get("variant", "basic"))
    except (ValueError, TypeError):
        raise errors.UnknownVariant(variant=str(data.get("variant"))[:40]) from None
    max_card = data.get("max_card", 104)
    if type(max_card) is not int:
        raise errors.NotACard(value=max_card, where="max_card")
    if not 1 <= max_card <= 104:
        raise errors.CardOutOfRange(card=max_card, max_card=104)
    table = Table.from_rows(data.get("rows"), Deck(max_card, variant.copies))

    raw_plays = data.get("plays")
    if not isinstance(raw_plays, list):
        raise BadShape(field="plays", expected="list")
    if len(raw_plays) > 2 * 10:
        raise errors.TooManyPlayers(count=len(raw_plays))
    plays = []
    for index, entry in enumerate(raw_plays, start=1):
        if not isinstance(entry, dict):
            raise BadShape(field="plays", expected="list of objects")
        player = entry.get("player")
        if not isinstance(player, str) or not player.strip():
            raise errors.MissingPlayer(index=index)
        player = player.strip()
        if variant is Variant.NIFTY:
            cards = entry.get("cards")
            if cards is None:
                raise errors.MissingCard(player=player)
            if not isinstance(cards, list):
                raise errors.NotACard(value=cards, where=player)
            cards = tuple(cards)
        else:
            if "card" not in entry or entry["card"] is None:
                raise errors.MissingCard(player=player)
            cards = (entry["card"],)
        plays.append(Play(player, cards))

    take = {}
    for player, row in _object(data.get("take"), "take").items():
        take[player.strip()] = row
    place = {}
    for player, choice in _object(data.get("place"), "place").items():
        choice = _object(choice, "place")
        side = choice.get("side", "right")
        if side not in ("left", "right"):
            raise BadShape(field="place", expected='"left" or "right"')
        place[player.strip()] = (choice.get("row"), Side(side))
    return PlacementRequest(table, tuple(plays), variant, max_card, take, place)


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


def answer(request: PlacementRequest) -> dict:
    """The whole answer; an unsettled Professional tie also shows every option's outcome."""
    resolution = request.resolve()
    out = resolution_json(resolution)
    if resolution.tie is not None:
        player = resolution.tie.player
        out["tie_outcomes"] = [
            {"row": row, "side": side.value,
             **resolution_json(request.resolve({**request.place, player: (row, side)}))}
            for row, side in resolution.tie.options
        ]
    return out
