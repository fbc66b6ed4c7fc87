"""An event file replayed: every game from its deals, every table's totals and the
standings from those games, compared with what the file says (docs/api.md, A
championship season).

A championship season takes a qualifier played on another server as its event file, and
stores nothing before the file adds up: the file is read as any event file is
(:func:`.transfer.read`, which checks each game's log), its standings are computed the
one way an event's are (:func:`.progress.of`), and every finished table's totals and
every line of the standings must be what the file says. Each refusal names the table,
the round or the player that is wrong.
"""

from __future__ import annotations

import dataclasses
import re

from ..games import imports
from ..games import store as games
from . import progress, transfer
from .errors import (
    EventFileField,
    FileRoundsLeft,
    FileStandingStranger,
    FileStandingWrong,
    FileTableUnfinished,
    FileTableWrong,
    FileTotalWrong,
    FileWithoutResults,
)
from .progress import Progress, TableState

#: A reader's refusal of a table's field: ``tables[7].game`` names the file's 8th table.
_TABLE_FIELD = re.compile(r"(tables|replaced)\[(\d+)\]")


def _game(backup: imports.Backup) -> games.Game:
    """A checked game of the file as the games store would load it once stored."""
    events = tuple(backup.events)
    return games.Game("", backup.created_at, backup.note, backup.settings, events,
                      games.replay(backup.settings, events))


def _where(data: object, error: EventFileField) -> EventFileField | FileTableWrong:
    """The reader's refusal of a table's field, worded by that table's round and number."""
    match = _TABLE_FIELD.match(error.field)
    if match is None or not isinstance(data, dict):
        return error
    items = data.get(match[1])
    index = int(match[2])
    if not isinstance(items, list) or index >= len(items) or not isinstance(items[index], dict):
        return error
    return FileTableWrong(round=items[index].get("round"), table=items[index].get("table"))


@dataclasses.dataclass(frozen=True)
class Replayed:
    state: Progress
    """The file's event and its tables' games as they stand."""
    contents: transfer.Contents
    """The file as it was read (what :func:`.transfer.import_event` stores)."""


def replayed(data: object) -> Replayed:
    """The file's event and its tables' games, read and checked."""
    try:
        contents = transfer.read(data)
    except EventFileField as error:
        raise _where(data, error) from None
    event, tables, _replaced = contents
    event = dataclasses.replace(event, tables=tuple(seat for seat, _game in tables))
    return Replayed(progress.of(event, tuple(
        TableState(seat, _game(game), event.options.sign_off) for seat, game in tables)),
        contents)


def _check_totals(items: list, state: Progress) -> None:
    for item, table in zip(items, state.tables, strict=True):
        stated = item.get("totals")
        if not isinstance(stated, dict):
            raise FileWithoutResults()
        where = {"round": table.seat.round, "table": table.seat.number}
        for player, value in table.totals.items():
            if stated.get(player) != value or isinstance(stated.get(player), bool):
                raise FileTotalWrong(**where, player=player, stated=stated.get(player),
                                     replayed=value)
        strangers = sorted(map(str, stated.keys() - table.totals.keys()))
        if strangers:  # a name the table did not seat
            raise FileTotalWrong(**where, player=strangers[0], stated=stated[strangers[0]],
                                 replayed=0)


def _check_standings(rows: object, state: Progress) -> None:
    if not isinstance(rows, list):
        raise FileWithoutResults()
    expected = progress.standing_rows(state.standings)
    stated = {row.get("player"): row for row in rows if isinstance(row, dict)}
    for line in expected:
        row = stated.pop(line["player"], None)
        if row is None or any(row.get(key) != line[key] for key in
                              ("rank", "points", "relative", "bullheads", "games", "wins")):
            raise FileStandingWrong(player=line["player"], rank=line["rank"],
                                    points=line["points"], games=line["games"])
    if stated or len(rows) != len(expected):
        raise FileStandingStranger(player=str(next(iter(stated), "?")))


def checked(data: object) -> Replayed:
    """The file's event replayed, once everything in it adds up: every game ended,
    every event round played, each table's totals and the standings as the file states
    them. Raises the refusal that names what is wrong; nothing is stored here."""
    result = replayed(data)
    state = result.state
    for table in state.tables:
        if not table.done:  # (unfinished, or awaiting the sign its event asks)
            raise FileTableUnfinished(round=table.seat.round, table=table.seat.number)
    if state.event.round < state.event.total_rounds:
        raise FileRoundsLeft(played=state.event.round, rounds=state.event.total_rounds)
    assert isinstance(data, dict)  # (transfer.read refuses anything else)
    _check_totals(data.get("tables", []), state)
    _check_standings(data.get("standings"), state)
    return result
