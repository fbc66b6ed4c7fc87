"""Games out as JSON, an exact backup (CSV: :mod:`.spreadsheet`; reading one back:
:mod:`.imports`).

The JSON file holds the settings and the whole event log (corrections, withdrawals and
restores included, with their timestamps), so importing it and exporting again gives the
same file.
"""

from __future__ import annotations

from . import store
from .store import entry_json

FORMAT = "6nimmt-scorekeeper-game"


def to_json(game: store.Game) -> dict:
    s = game.settings
    events = [{"kind": e.kind, "number": e.number, **entry_json(e.entry),
               "client_id": e.client_id, "created_at": e.created_at} for e in game.events]
    return {
        "format": FORMAT, "version": 1, "created_at": game.created_at,
        "players": list(s.players), "threshold": s.threshold, "fixed_deals": s.fixed_deals,
        "virgin_doubling": s.virgin_doubling, "variant": s.variant,
        "rows": s.rows, "takes_at": s.takes_at, "hand_size": s.hand_size, "note": game.note,
        "events": events,
    }
