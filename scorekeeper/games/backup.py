"""Games out and back in: CSV for spreadsheets, JSON as an exact backup, and statistics.

Pure functions over stored games; the routes that serve them are in :mod:`.views`.

The JSON file holds the settings and the whole event log (corrections, withdrawals and
restores included, with their timestamps), so importing it and exporting again gives the
same file.
"""

from __future__ import annotations

import csv
import io
import re

from flask_babel import gettext

from ..engine import scoring as sc
from . import store
from .codec import entry_json

FORMAT = "6nimmt-scorekeeper-game"
_KINDS = frozenset(kind.value for kind in sc.EventKind)
_TIMESTAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")


class BadBackup(ValueError):
    """The file is not a game exported by this app (or was damaged)."""


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


def _stamp(value: object) -> str:
    if not isinstance(value, str) or not _TIMESTAMP.fullmatch(value):
        raise BadBackup("timestamp")
    return value


def from_json(data: object) -> tuple[sc.Settings, str, str, list[store.StoredEvent]]:
    """Settings, note, creation time and events of a backup; every deal is checked again."""
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != 1:
        raise BadBackup("format")
    players = data.get("players")
    # A backup made before games had shapes holds none: it was the booklet's game.
    settings = sc.make_settings(players, data.get("threshold"), data.get("fixed_deals"),
                                data.get("virgin_doubling") is True, data.get("variant"),
                                rows=data.get("rows", 4), takes_at=data.get("takes_at", 6),
                                hand_size=data.get("hand_size", 10))
    if list(settings.players) != players:
        raise BadBackup("players")
    note = data.get("note", "")
    if (not isinstance(note, str) or len(note) > sc.MAX_NOTE
            or not isinstance(data.get("events"), list)):
        raise BadBackup("note")
    events = []
    for item in data["events"]:
        if not isinstance(item, dict) or item.get("kind") not in _KINDS:
            raise BadBackup("event")
        number, client_id = item.get("number"), item.get("client_id")
        if isinstance(number, bool) or not isinstance(number, int):
            raise BadBackup("number")
        if client_id is not None and not isinstance(client_id, str):
            raise BadBackup("client_id")
        if item.get("cards") is not None:
            entry = sc.make_entry(settings, cards=item["cards"], hand=item.get("hand"))
            if entry.bullheads != item.get("bullheads"):
                raise BadBackup("bullheads")
        else:
            entry = sc.make_entry(settings, item.get("bullheads"), hand=item.get("hand"))
        events.append(store.StoredEvent(sc.EventKind(item["kind"]), number, entry, client_id,
                                        _stamp(item.get("created_at"))))
    sc.replay(settings, [sc.Event(e.kind, e.number, e.entry) for e in events])
    return settings, note, _stamp(data.get("created_at")), events


def _cell(value: object) -> str:
    """Text a spreadsheet will not run as a formula."""
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def to_csv(game: store.Game) -> str:
    s = game.settings
    hand = s.variant == "hand"
    head = [gettext("Deal")]
    for name in s.players:
        if hand:
            head += [f"{name}: " + gettext("stack"), f"{name}: " + gettext("hand")]
        else:
            head.append(f"{name}: " + gettext("entered"))
        head.append(f"{name}: " + gettext("counts"))
    rows = [head]
    for row in game.state.deals:
        line: list[object] = [row.number]
        for name in s.players:
            line.append(row.entry.bullheads[name])
            if hand:
                line.append((row.entry.hand or {}).get(name, 0))
            line.append(row.scores[name])
        rows.append(line)
    total: list[object] = [gettext("Total")]
    for name in s.players:
        total += [""] * (2 if hand else 1) + [game.state.totals[name]]
    rows.append(total)
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows([[_cell(v) for v in r] for r in rows])
    return out.getvalue()


def statistics(games: list[store.Game]) -> list[dict]:
    """Per player across games: games, wins, average bullheads per deal, clean deals."""
    table: dict[str, dict] = {}
    for game in games:
        for name in game.settings.players:
            row = table.setdefault(name.casefold(), {
                "name": name, "games": 0, "wins": 0, "deals": 0, "bullheads": 0, "clean": 0})
            row["games"] += 1
            row["wins"] += name in game.state.winners
            for deal in game.state.deals:
                taken = deal.entry.entered(name)
                row["deals"] += 1
                row["bullheads"] += taken
                row["clean"] += taken == 0
    for row in table.values():
        row["average"] = round(row["bullheads"] / row["deals"], 1) if row["deals"] else None
    return sorted(table.values(), key=lambda r: (-r["wins"], -r["games"], r["name"].casefold()))
