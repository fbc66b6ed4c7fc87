"""A game's state kept beside its log, and the lists and statistics read from it.

The store calls :func:`save` in the same transaction as every event it writes, so the
stored state is always the replay of the log. Lists and statistics read only these rows,
a page at a time: their cost does not grow with the number of games ever played.

``device`` below is the device cookie whose games are listed; ``None`` lists every game
(a server kept for one table, ``OPEN_LIST``).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass

from ..engine.game import GameState
from ..engine.record import Line, half_up, lines_of
from . import notes

#: Games on one page of a list.
PER_PAGE = 20
#: Games in progress offered on the start page; the list has the rest.
RESUME = 5
#: Players on one page of the statistics.
STATS_PER_PAGE = 50
#: Finished games the start page counts; past that it says "more than 100 finished".
FINISHED_COUNTED = 100


#: The scope of the statistics over every game (a server with ``OPEN_LIST``).
EVERYONE = "*"

_ADD = (
    "INSERT INTO player_stats (scope, name_key, name, latest, games, wins, deals, bullheads,"
    " clean, ended) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (scope, name_key) DO"
    " UPDATE SET name = CASE WHEN excluded.latest >= latest THEN excluded.name ELSE name END,"
    " latest = max(latest, excluded.latest), games = games + excluded.games,"
    " wins = wins + excluded.wins, deals = deals + excluded.deals,"
    " bullheads = bullheads + excluded.bullheads, clean = clean + excluded.clean,"
    " ended = ended + excluded.ended"
)
_ADD_RIVAL = (
    "INSERT INTO player_rivals (scope, name_key, rival_key, rival, shared, behind)"
    " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (scope, name_key, rival_key) DO UPDATE SET"
    " rival = excluded.rival, shared = shared + excluded.shared,"
    " behind = behind + excluded.behind"
)


#: One player's row of a game's stored state (the engine's line, read back from the rows).
Player = Line


def _players(db: sqlite3.Connection, row_id: int) -> list[Player]:
    return [Player(*r) for r in db.execute(
        "SELECT p.name, p.name_key, p.winner, p.deals, p.bullheads, p.clean, p.total,"
        " g.finished FROM game_players p JOIN games g ON g.id = p.game_id"
        " WHERE p.game_id = ? ORDER BY p.seat", (row_id,))]


def _count(db: sqlite3.Connection, scopes: list[str], row_id: int, players: list[Player],
           sign: int) -> None:
    """Add (``sign`` 1) or take away (-1) one game's player rows in each scope's sums,
    and, for an ended game, each pair of its players: both played it, and whether the
    other ended ahead (fewer bullheads)."""
    latest = row_id if sign > 0 else -1
    pairs = [(p.key, q.key, q.name, sign, sign * int(q.total < p.total))
             for p in players for q in players if p.key != q.key and p.ended]
    for scope in scopes:
        db.executemany(_ADD, [(scope, p.key, p.name, latest, sign, sign * p.winner,
                               sign * p.deals, sign * p.bullheads, sign * p.clean,
                               sign * p.ended) for p in players])
        db.executemany(_ADD_RIVAL, [(scope, *pair) for pair in pairs])
        if sign < 0 and players:
            # Only this game's players' rows can have dropped to nothing: found by the
            # primary key, not by reading every row of the scope (a server's years of
            # games hold thousands of players and tens of thousands of pairs).
            keys = [p.key for p in players]
            marks = ", ".join("?" * len(keys))
            db.execute(f"DELETE FROM player_stats WHERE scope = ? AND name_key IN ({marks})"
                       " AND games <= 0", (scope, *keys))
            db.execute(f"DELETE FROM player_rivals WHERE scope = ? AND name_key IN ({marks})"
                       " AND shared <= 0", (scope, *keys))


def _respell(db: sqlite3.Connection, scopes: list[str], row_id: int) -> None:
    """Players whose shown spelling came from game ``row_id``, about to go, take the
    spelling of their latest other game in that scope."""
    for scope in scopes:
        access = "" if scope == EVERYONE else (
            " AND p.game_id IN (SELECT game_id FROM game_access WHERE device = :scope)")
        db.execute(
            "UPDATE player_stats SET (name, latest) = (SELECT p.name, p.game_id FROM"
            " game_players p WHERE p.name_key = player_stats.name_key AND p.game_id != :game"
            f"{access} ORDER BY p.game_id DESC LIMIT 1) WHERE scope = :scope AND latest = :game",
            {"scope": scope, "game": row_id})


def _scopes(db: sqlite3.Connection, row_id: int) -> list[str]:
    devices = db.execute("SELECT device FROM game_access WHERE game_id = ?", (row_id,))
    return [EVERYONE, *(d[0] for d in devices)]


def save(db: sqlite3.Connection, row_id: int, state: GameState, updated_at: str) -> None:
    """Store ``state`` for game ``row_id``: deal count, end, per player total, win,
    bullheads as taken and clean deals, and the statistics' sums that hold the game.
    Inside the caller's transaction."""
    old = _players(db, row_id)  # as the game stood before this write
    finished = int(state.finished)
    # ended_at: the moment the game ended, kept through corrections that leave it ended.
    db.execute("UPDATE games SET deal_count = ?, finished = ?, updated_at = ?, ended_at ="
               " CASE WHEN ? THEN coalesce(ended_at, ?) END WHERE id = ?",
               (len(state.deals), finished, updated_at, finished, updated_at, row_id))
    db.execute("UPDATE game_access SET finished = ? WHERE game_id = ? AND finished != ?",
               (finished, row_id, finished))
    new = lines_of(state)
    if new != old:
        scopes = _scopes(db, row_id)
        _count(db, scopes, row_id, old, -1)
        _count(db, scopes, row_id, new, 1)
    db.executemany(
        "INSERT OR REPLACE INTO game_players (game_id, seat, name, name_key, winner, deals,"
        " bullheads, clean, total) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(row_id, seat, p.name, p.key, p.winner, p.deals, p.bullheads, p.clean, p.total)
         for seat, p in enumerate(new)])


def counted_for(db: sqlite3.Connection, device: str, row_id: int) -> None:
    """A game just recorded for ``device`` joins that device's statistics."""
    _count(db, [device], row_id, _players(db, row_id), 1)


def forget(db: sqlite3.Connection, row_id: int) -> None:
    """A game about to be deleted leaves every statistics it was counted in."""
    scopes = _scopes(db, row_id)
    _count(db, scopes, row_id, _players(db, row_id), -1)
    _respell(db, scopes, row_id)


@dataclass(frozen=True)
class GameSummary:
    """What a list shows of a game, read from its stored state."""

    id: str
    created_at: str
    note: str
    players: tuple[str, ...]
    deals: int
    finished: bool
    winners: tuple[str, ...]


def _scope(device: str | None) -> tuple[str, str, tuple]:
    """The FROM clause of the games ``device`` may list, the columns it is read in order
    of (an index holds that order), and its parameters."""
    if device is None:
        return "games g", "g.finished, g.id DESC", ()
    return ("game_access a JOIN games g ON g.id = a.game_id",
            "a.finished, a.game_id DESC", (device,))


def _summaries(db: sqlite3.Connection, rows: list[sqlite3.Row]) -> list[GameSummary]:
    """Rows of :data:`_COLUMNS` as summaries (read by position: a list page reads twenty,
    and looking each column up by name cost as much as the query)."""
    ids = [r[0] for r in rows if r[6]]  # only a finished game has winners
    winners: dict[int, list[str]] = {}
    if ids:
        marks = ",".join("?" * len(ids))
        for game_id, name in db.execute(f"SELECT game_id, name FROM game_players WHERE"
                                        f" winner = 1 AND game_id IN ({marks})"
                                        " ORDER BY game_id, seat", ids):
            winners.setdefault(game_id, []).append(name)
    return [GameSummary(token, created_at, notes.worded(note, note_code),
                        tuple(json.loads(players)), deals, bool(finished),
                        tuple(winners.get(row_id, ())))
            for row_id, token, created_at, note, players, deals, finished, note_code in rows]


#: What :func:`_summaries` reads, in this order.
_COLUMNS = ("g.id, g.token, g.created_at, g.note, g.players, g.deal_count, g.finished,"
            " g.note_code")


def games_page(db: sqlite3.Connection, device: str | None, page: int,
               per_page: int = PER_PAGE) -> tuple[list[GameSummary], bool]:
    """Page ``page`` (from 1) of the games, those in progress first, newest first; and
    whether a next page exists."""
    source, order, params = _scope(device)
    where = "WHERE a.device = ?" if params else ""
    rows = db.execute(f"SELECT {_COLUMNS} FROM {source} {where} ORDER BY {order}"
                      " LIMIT ? OFFSET ?", (*params, per_page + 1, (page - 1) * per_page)
                      ).fetchall()
    return _summaries(db, rows[:per_page]), len(rows) > per_page


def _filtered(device: str | None, finished: int) -> tuple[str, str, tuple]:
    source, order, params = _scope(device)
    if params:
        return source, f"WHERE a.device = ? AND a.finished = {finished:d}", params
    return source, f"WHERE g.finished = {finished:d}", ()


def running(db: sqlite3.Connection, device: str | None, limit: int = RESUME
            ) -> list[GameSummary]:
    """The newest games in progress, to resume from the start page."""
    source, where, params = _filtered(device, 0)
    newest = "a.game_id DESC" if params else "g.id DESC"
    rows = db.execute(f"SELECT {_COLUMNS} FROM {source} {where} ORDER BY {newest} LIMIT ?",
                      (*params, limit)).fetchall()
    return _summaries(db, rows)


def finished_count(db: sqlite3.Connection, device: str | None) -> int:
    """The finished games, counted up to one more than :data:`FINISHED_COUNTED`: past that
    the start page says "more than 100 finished", and its cost does not grow with the
    games ever played."""
    source, where, params = _filtered(device, 1)
    return int(db.execute(f"SELECT count(*) FROM (SELECT 1 FROM {source} {where} LIMIT ?)",
                          (*params, FINISHED_COUNTED + 1)).fetchone()[0])


def statistics(db: sqlite3.Connection, device: str | None, page: int = 1,
               per_page: int = STATS_PER_PAGE) -> tuple[list[dict], bool]:
    """Per player (names compared without case) across the games: games, wins, the win
    rate over ended games, average bullheads per deal as taken, clean deals, and the rival
    (the player who most often ended ahead of them in ended games both played, with how
    often and of how many); most wins first. Indexed reads of the sums :func:`save` keeps,
    one for the page and one for its rivals; the name shown is the spelling of the
    player's latest game."""
    scope = device or EVERYONE
    rows = db.execute(
        "SELECT name, name_key, games, wins, deals, bullheads, clean, ended FROM player_stats"
        " WHERE scope = ? ORDER BY wins DESC, games DESC, name_key LIMIT ? OFFSET ?",
        (scope, per_page + 1, (page - 1) * per_page)).fetchall()[:per_page + 1]
    shown = rows[:per_page]
    rivals = _rivals(db, scope, [r["name_key"] for r in shown])
    table = [{**dict(r), "average": half_up(r["bullheads"], r["deals"], 1) if r["deals"]
              else None, "win_rate": half_up(r["wins"], r["ended"], 2) if r["ended"] else None,
              "rival": rivals.get(r["name_key"])} for r in shown]
    return table, len(rows) > per_page


def _rivals(db: sqlite3.Connection, scope: str, keys: list[str]) -> dict[str, dict]:
    """Each of ``keys``'s rival: ``{"name", "ahead", "shared"}``, for those who have one
    (someone ended ahead of them at least once). Ties go to more games shared, then the
    name. One row per player, read in the order of the rivals' index."""
    if not keys:
        return {}
    marks = ",".join("?" * len(keys))
    found = db.execute(
        "SELECT name_key, rival, behind, shared FROM (SELECT name_key, rival, behind, shared,"
        " row_number() OVER (PARTITION BY name_key ORDER BY behind DESC, shared DESC,"
        " rival_key) AS place FROM player_rivals WHERE scope = ? AND behind > 0"
        f" AND name_key IN ({marks})) WHERE place = 1", (scope, *keys))
    return {key: {"name": name, "ahead": behind, "shared": shared}
            for key, name, behind, shared in found}
