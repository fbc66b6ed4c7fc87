"""A deal's entry as JSON: one shape for the API's deals, the backup's events and the
database's columns, so the three cannot drift apart."""

from __future__ import annotations

from ..engine.deal import Entry


def entry_json(entry: Entry, **after_bullheads: object) -> dict:
    """``bullheads``, then ``hand`` and ``cards`` when the deal has them (cards as lists).

    ``after_bullheads`` go right after the bullheads: the API shows a deal's ``scores``
    there, and its key order is part of the answer (the app does not sort keys).

    >>> entry_json(Entry({"A": 8, "B": 0}, None, {"A": (55, 1), "B": ()}), scores={})
    {'bullheads': {'A': 8, 'B': 0}, 'scores': {}, 'cards': {'A': [55, 1], 'B': []}}
    """
    data: dict = {"bullheads": entry.bullheads, **after_bullheads}
    if entry.hand is not None:
        data["hand"] = entry.hand
    if entry.cards is not None:
        data["cards"] = {name: list(cards) for name, cards in entry.cards.items()}
    return data
