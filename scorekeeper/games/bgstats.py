"""A finished game as a play for BG Stats, the app many players log their plays in: the
link of its published scheme for other apps (``createPlay.html?data=<the play as JSON>``).

The sheet offers it once a game has ended; the browser builds the same link from the game
it keeps (``static/js/game/summary.js`` ``bgStatsPlay``), with the end in the phone's
own time. Without scripts the page carries the link built here, in the server's time.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from datetime import UTC, datetime
from urllib.parse import quote

from ..engine.game import Event, advance, replay
from ..engine.series import places
from . import store

URL = "https://app.bgstatsapp.com/createPlay.html?data="
#: This app, as BG Stats names where a play came from.
SOURCE = "6 nimmt! table companion"
#: The game, as BoardGameGeek knows it (6 nimmt! is its game 432); fewest points win.
GAME = {"name": "6 nimmt!", "sourceGameId": "6nimmt", "bggId": 432, "highestWins": False}
#: What encodeURIComponent leaves as it is, besides letters and digits: the two links agree.
_SAFE = "-_.!~*'()"


def _moment(stamp: str) -> datetime:
    return datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)


def ended_at(game: store.Game) -> str | None:
    """When the game ended: the time of the entry after which it has stayed finished
    (None while it is open). A correction after the end that keeps it ended moves nothing.
    """
    state = replay(game.settings, [])
    ended = None
    for event in game.events:
        state = advance(state, Event(event.kind, event.number, event.entry))
        ended = (ended or event.created_at) if state.finished else None
    return ended


def play_id(game_id: str) -> str:
    """What BG Stats knows the play by: the first 16 hex digits of SHA-256 of the game's
    id, the same for every phone and the server. Never the id itself: it is the game's
    link, whoever holds it may change the score, and BG Stats' servers log the link.

    >>> play_id("0123456789abcdef0123")
    '1bd8fd47297046f9'
    """
    return hashlib.sha256(game_id.encode()).hexdigest()[:16]


def play(game: store.Game, local: Callable[[datetime], datetime] = datetime.astimezone,
         ) -> dict | None:
    """The play BG Stats logs for a finished game (None while it is open): its end in the
    time ``local`` gives (the server's own zone by default), its length in whole minutes,
    the note, and each player's total, win and place."""
    ended = ended_at(game)
    if ended is None:
        return None
    state = game.state
    seconds = (_moment(ended) - _moment(game.created_at)).total_seconds()
    place = places(state.totals)  # fewest first; equal totals share a place (1, 2, 2, 4)
    return {
        "sourceName": SOURCE,
        "sourcePlayId": play_id(game.id),
        "playDate": local(_moment(ended)).strftime("%Y-%m-%d %H:%M:%S"),
        "durationMin": max(0, int(seconds + 30) // 60),
        "comments": game.note,
        "game": GAME,
        "players": [{"name": name, "sourcePlayerId": name, "score": state.totals[name],
                     "winner": name in state.winners, "rank": place[name]}
                    for name in game.settings.players],
    }


def link(data: dict) -> str:
    """The address that opens BG Stats with the play filled in."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return URL + quote(text, safe=_SAFE)
