"""Tournaments in SQLite: the players, their hands, and every result ever entered.

Results are an append-only log: a correction adds a row and the newest row for a
(game, sheet) counts, so nothing that was entered is lost. Like the games store, every
function takes the connection from the view (no request state here), and every write goes
through :func:`~scorekeeper.web.db.transaction`.

The event printed on the sheets (name, date, table; all optional) is kept in the ``meta``
table under ``tournament/<id>/event`` as JSON, written in the same transaction as the
tournament: it needs no column of its own, so no migration.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field

from ..engine import tournament as tournament_rules
from ..web.db import transaction
from .event import NO_EVENT, Event


@dataclass
class Tournament:
    id: int
    players: list[str]
    """Seating order, clockwise."""
    hands: dict[str, list[int]]
    """Hand owner -> the ten cards on that sheet."""
    games: dict[int, dict[str, int]] = field(default_factory=dict)
    """Game number -> sheet owner -> minus points (only games entered in full)."""
    event: Event = field(default_factory=Event)
    """What the sheets print in their head."""

    @property
    def next_game(self) -> int | None:
        """The first game without results, or ``None`` once all are in."""
        for number in range(1, len(self.players) + 1):
            if number not in self.games:
                return number
        return None

    @property
    def standings(self) -> list[tuple[str, int]]:
        return tournament_rules.standings(self.players, self.games)

    @property
    def winners(self) -> list[str]:
        return tournament_rules.winners(self.players, self.games)


def _event_key(tournament_id: int) -> str:
    return f"tournament/{tournament_id}/event"


def create(db: sqlite3.Connection, players: list[str], hands: dict[str, list[int]],
           event: Event = NO_EVENT) -> int:
    """Store checked players, hands and event; answer the new tournament's id."""
    with transaction(db):
        cursor = db.execute(
            "INSERT INTO tournaments (players, hands) VALUES (?, ?)",
            (json.dumps(players), json.dumps(hands)),
        )
        tournament_id = int(cursor.lastrowid or 0)
        if event:
            db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                       (_event_key(tournament_id), json.dumps(event.as_json())))
    return tournament_id


def _event(db: sqlite3.Connection, tournament_id: int) -> Event:
    row = db.execute("SELECT value FROM meta WHERE key = ?",
                     (_event_key(tournament_id),)).fetchone()
    return Event.from_json(json.loads(row["value"])) if row else Event()


def load(db: sqlite3.Connection, tournament_id: int) -> Tournament | None:
    """The tournament with the newest complete results per game, or ``None``."""
    row = db.execute(
        "SELECT id, players, hands FROM tournaments WHERE id = ?", (tournament_id,)
    ).fetchone()
    if row is None:
        return None
    tournament = Tournament(row["id"], json.loads(row["players"]), json.loads(row["hands"]),
                            event=_event(db, tournament_id))
    latest: dict[int, dict[str, int]] = {}
    for result in db.execute(
        "SELECT game, owner, points FROM tournament_results WHERE tournament_id = ? "
        "ORDER BY id",
        (tournament_id,),
    ):
        latest.setdefault(result["game"], {})[result["owner"]] = result["points"]
    tournament.games = {
        game: {owner: points[owner] for owner in tournament.players}
        for game, points in sorted(latest.items())
        if set(points) >= set(tournament.players)
    }
    return tournament


def save_game(db: sqlite3.Connection, tournament_id: int, game: int,
              points: dict[str, int]) -> None:
    """Store one game's minus points per sheet (a correction when the game has some)."""
    with transaction(db):
        db.executemany(
            "INSERT INTO tournament_results (tournament_id, game, owner, points) "
            "VALUES (?, ?, ?, ?)",
            [(tournament_id, game, owner, value) for owner, value in points.items()],
        )


def history(db: sqlite3.Connection, tournament_id: int) -> list[dict]:
    """Every result row, oldest first (corrections included)."""
    return [
        dict(row)
        for row in db.execute(
            "SELECT game, owner, points, created_at FROM tournament_results "
            "WHERE tournament_id = ? ORDER BY id",
            (tournament_id,),
        )
    ]


def recent(db: sqlite3.Connection, limit: int = 20) -> list[dict]:
    """The newest tournaments, to resume one: id, players, event, start, games entered."""
    rows = db.execute(
        "SELECT t.id, t.players, t.created_at, m.value AS event, "
        "(SELECT COUNT(DISTINCT game) FROM tournament_results r WHERE r.tournament_id = t.id) "
        "AS games FROM tournaments t "
        "LEFT JOIN meta m ON m.key = 'tournament/' || t.id || '/event' "
        "ORDER BY t.id DESC LIMIT ?",
        (limit,),
    )
    return [
        {"id": row["id"], "players": json.loads(row["players"]),
         "event": Event.from_json(json.loads(row["event"])) if row["event"] else Event(),
         "created_at": row["created_at"], "games": row["games"]}
        for row in rows
    ]
