"""A game's settings and a deal's entry as the columns of their rows, and back.

Each part is stored as JSON in the shape the API and backups write it (:mod:`.codec`).
"""

from __future__ import annotations

import json
import sqlite3

from ..engine.deal import Entry
from ..engine.settings import GameVariant, Settings
from .codec import entry_json


def dump(value: object) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False)


def entry_columns(entry: Entry) -> tuple[str, str | None, str | None]:
    """The bullheads, hand and cards columns: each part as the API and backups write it."""
    data = entry_json(entry)
    return dump(data["bullheads"]) or "{}", dump(data.get("hand")), dump(data.get("cards"))


def entry_of(row: sqlite3.Row) -> Entry:
    cards = json.loads(row["cards"]) if row["cards"] else None
    return Entry(
        json.loads(row["bullheads"]),
        json.loads(row["hand"]) if row["hand"] else None,
        None if cards is None else {n: tuple(c) for n, c in cards.items()},
    )


def settings_of_row(row: sqlite3.Row) -> Settings:
    return Settings(
        tuple(json.loads(row["players"])),
        row["threshold"],
        row["fixed_deals"],
        bool(row["virgin_doubling"]),
        GameVariant(row["variant"]),
        rows=row["rows"],
        takes_at=row["takes_at"],
        hand_size=row["hand_size"],
    )
