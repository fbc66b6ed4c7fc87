"""Tournaments in SQLite: the players, their hands, and every result ever entered.

Outside this module a tournament is known by its token, a random text that cannot be
guessed (``/tournament/<token>``), as a game is; the integer row id stays the key of its
results and of its event. Whoever holds the link sees its hands and enters its results;
a device lists only the tournaments it made or kept from their link
(``tournament_access``).

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
from ..web.security import new_token
from .event import NO_EVENT, Event


@dataclass
class Tournament:
    id: str
    """The tournament's token: its id in every URL."""
    players: list[str]
    """Seating order, clockwise."""
    hands: dict[str, list[int]]
    """Hand owner -> the ten cards on that sheet."""
    games: dict[int, dict[str, int]] = field(default_factory=dict)
    """Game number -> sheet owner -> minus points (only games entered in full)."""
    event: Event = field(default_factory=Event)
    """What the sheets print in their head."""
    row_id: int = 0
    """The store's own key, never shown."""

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
           event: Event = NO_EVENT, device: str | None = None) -> str:
    """Store checked players, hands and event, kept for ``device`` (the one it was made
    on); answer the new tournament's token."""
    token = new_token()
    with transaction(db):
        cursor = db.execute(
            "INSERT INTO tournaments (players, hands, token) VALUES (?, ?, ?)",
            (json.dumps(players), json.dumps(hands), token),
        )
        tournament_id = int(cursor.lastrowid or 0)
        if event:
            db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                       (_event_key(tournament_id), json.dumps(event.as_json())))
        if device is not None:
            db.execute("INSERT INTO tournament_access (device, tournament_id) VALUES (?, ?)",
                       (device, tournament_id))
    return token


def keep(db: sqlite3.Connection, device: str, token: str) -> None:
    """Record the tournament ``token`` for ``device`` (kept from its link)."""
    with transaction(db):
        db.execute("INSERT OR IGNORE INTO tournament_access (device, tournament_id)"
                   " SELECT ?, id FROM tournaments WHERE token = ?", (device, token))


def kept(db: sqlite3.Connection, device: str, token: str) -> bool:
    """Whether ``device`` lists the tournament ``token``."""
    return db.execute(
        "SELECT 1 FROM tournament_access a JOIN tournaments t ON t.id = a.tournament_id"
        " WHERE a.device = ? AND t.token = ?", (device, token)).fetchone() is not None


def _event(db: sqlite3.Connection, tournament_id: int) -> Event:
    row = db.execute("SELECT value FROM meta WHERE key = ?",
                     (_event_key(tournament_id),)).fetchone()
    return Event.from_json(json.loads(row["value"])) if row else Event()


def load(db: sqlite3.Connection, token: str) -> Tournament | None:
    """The tournament with the newest complete results per game, or ``None``."""
    row = db.execute(
        "SELECT id, token, players, hands FROM tournaments WHERE token = ?", (token,)
    ).fetchone()
    if row is None:
        return None
    tournament_id = row["id"]
    tournament = Tournament(row["token"], json.loads(row["players"]), json.loads(row["hands"]),
                            event=_event(db, tournament_id), row_id=tournament_id)
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


def save_game(db: sqlite3.Connection, tournament: Tournament, game: int,
              points: dict[str, int]) -> None:
    """Store one game's minus points per sheet (a correction when the game has some)."""
    with transaction(db):
        db.executemany(
            "INSERT INTO tournament_results (tournament_id, game, owner, points) "
            "VALUES (?, ?, ?, ?)",
            [(tournament.row_id, game, owner, value) for owner, value in points.items()],
        )


def history(db: sqlite3.Connection, token: str) -> list[dict]:
    """Every result row, oldest first (corrections included)."""
    return [
        dict(row)
        for row in db.execute(
            "SELECT r.game, r.owner, r.points, r.created_at FROM tournament_results r "
            "JOIN tournaments t ON t.id = r.tournament_id WHERE t.token = ? ORDER BY r.id",
            (token,),
        )
    ]


def recent(db: sqlite3.Connection, device: str | None, limit: int = 20) -> list[dict]:
    """The newest tournaments ``device`` made or kept (every one for ``None``, a server
    with ``OPEN_LIST``), to resume one: token, players, event, start, games entered."""
    source, where = "tournaments t", ""
    if device is not None:
        source = "tournament_access a JOIN tournaments t ON t.id = a.tournament_id"
        where = "WHERE a.device = :device "
    rows = db.execute(
        "SELECT t.token, t.players, t.created_at, m.value AS event, "
        "(SELECT COUNT(DISTINCT game) FROM tournament_results r WHERE r.tournament_id = t.id) "
        f"AS games FROM {source} "
        "LEFT JOIN meta m ON m.key = 'tournament/' || t.id || '/event' "
        f"{where}ORDER BY t.id DESC LIMIT :limit",
        {"device": device, "limit": limit},
    )
    return [
        {"id": row["token"], "players": json.loads(row["players"]),
         "event": Event.from_json(json.loads(row["event"])) if row["event"] else Event(),
         "created_at": row["created_at"], "games": row["games"]}
        for row in rows
    ]
