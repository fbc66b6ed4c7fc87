"""Tournaments in SQLite: the players, their hands, and every result ever entered.

Results are an append-only log: a correction adds a row and the newest row for a
(game, sheet) counts, so nothing that was entered is lost. Like the games store, every
function takes the connection from the view (no request state here), and every write goes
through :func:`~scorekeeper.web.db.transaction`.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field

from ..engine import tournament as tournament_rules
from ..web.db import transaction


@dataclass
class Tournament:
    id: int
    players: list[str]
    """Seating order, clockwise."""
    hands: dict[str, list[int]]
    """Hand owner -> the ten cards on that sheet."""
    games: dict[int, dict[str, int]] = field(default_factory=dict)
    """Game number -> sheet owner -> minus points (only games entered in full)."""

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


def create(db: sqlite3.Connection, players: list[str], hands: dict[str, list[int]]) -> int:
    """Store checked players and hands; answer the new tournament's id."""
    with transaction(db):
        cursor = db.execute(
            "INSERT INTO tournaments (players, hands) VALUES (?, ?)",
            (json.dumps(players), json.dumps(hands)),
        )
    return int(cursor.lastrowid or 0)


def load(db: sqlite3.Connection, tournament_id: int) -> Tournament | None:
    """The tournament with the newest complete results per game, or ``None``."""
    row = db.execute(
        "SELECT id, players, hands FROM tournaments WHERE id = ?", (tournament_id,)
    ).fetchone()
    if row is None:
        return None
    tournament = Tournament(row["id"], json.loads(row["players"]), json.loads(row["hands"]))
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
    """The newest tournaments, to resume one: id, players, start, games entered."""
    rows = db.execute(
        "SELECT t.id, t.players, t.created_at, "
        "(SELECT COUNT(DISTINCT game) FROM tournament_results r WHERE r.tournament_id = t.id) "
        "AS games FROM tournaments t ORDER BY t.id DESC LIMIT ?",
        (limit,),
    )
    return [
        {"id": row["id"], "players": json.loads(row["players"]),
         "created_at": row["created_at"], "games": row["games"]}
        for row in rows
    ]
