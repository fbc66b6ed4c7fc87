"""An event keeps its tables' games: what the games store may change in one of them.

Registered with the games store (:func:`games.store.add_keeper`), which asks before every
change of a game, inside the change's transaction; the store knows nothing of events.

- A table's game, or one the director replaced, is never deleted, nor its settings
  changed, from its sheet (:class:`EventGame`, 409): a table "still playing" forever
  could stop the event. Nor is "new game, same players" started after it
  (:class:`NotInTheEvent`, 409): that game would not count in the event.
- A replaced game, and a game whose table's totals were typed from paper, is kept as it
  was (:class:`GameReplaced`, :class:`PlayedOnPaper`, 409).
- Once the next round is seated, a table's game takes deals, corrections, undos and
  restores only from its director (the key in ``X-Director-Key``), unless the director
  re-opened the table (:class:`RoundClosed`, 403). A change the key made is written in
  the event's history.
- Once its result is signed (an event with sign-off), it takes no change from its sheet
  (:class:`TableSignedOff`, 409); the director's key changes it with a ``reason`` in the
  body (:class:`ReasonMissing`, 400, without one), written in the history with it.

Every change it lets through records the device that made it (the ``device`` cookie):
the table's result must then be signed from another phone.

Registered as a describer too (:func:`games.store.add_describer`): the table's sheet
links to the event's page and, once its round is over, says who may change it.
"""

from __future__ import annotations

import sqlite3

from flask import g, has_request_context, request, url_for
from flask_babel import gettext

from ..games import store as games
from ..web import device, keys
from ..web.errors import describe
from . import director, store
from .errors import (
    MAX_REASON,
    EventGame,
    GameReplaced,
    NotInTheEvent,
    PlayedOnPaper,
    ReasonMissing,
    RoundClosed,
    TableSignedOff,
)


def _with_key(kept: sqlite3.Row) -> bool:
    """The request sends the event's director's key."""
    return has_request_context() and keys.opens(kept["director_hash"],
                                                request.headers.get(director.HEADER))


def _reason(kept: sqlite3.Row) -> str:
    """The ``reason`` of the request's JSON body, for a change to a signed result."""
    body = g.get("json_body") if has_request_context() else None
    reason = body.get("reason") if isinstance(body, dict) else None
    text = " ".join(reason.split()) if isinstance(reason, str) else ""
    if not 0 < len(text) <= MAX_REASON:
        raise ReasonMissing(round=kept["round"], table=kept["number"])
    return text


def keep(db: sqlite3.Connection, token: str, change: games.Change) -> None:
    kept = store.kept_game(db, token)
    if kept is None:
        return
    where = {"event": kept["name"], "round": kept["round"], "table": kept["number"]}
    if change in (games.Change.DELETE, games.Change.SETTINGS):
        raise EventGame(event=kept["name"])
    if change == games.Change.FOLLOW:
        raise NotInTheEvent(**where)
    if kept["old"]:
        raise GameReplaced(**where)
    if kept["paper"] is not None:
        raise PlayedOnPaper(**where)
    if kept["signed"] is not None:
        if not _with_key(kept):
            raise TableSignedOff(**where)
        store.log(db, kept["event_id"], store.API_DEVICE, "correct", round=kept["round"],
                  table=kept["number"], change=str(change), reason=_reason(kept))
    elif kept["round"] < kept["last"] and not kept["reopened"]:
        if not _with_key(kept):
            raise RoundClosed(**where)
        store.log(db, kept["event_id"], store.API_DEVICE, "game",
                  round=kept["round"], table=kept["number"], change=str(change))
    if has_request_context():
        store.set_last_device(db, token, device.device(create=True) or device.NOBODY)


def _closed(kept: sqlite3.Row) -> str | None:
    """Why the sheet can no longer change the game, in the page's words, else None."""
    where = {"event": kept["name"], "round": kept["round"], "table": kept["number"]}
    if kept["old"]:
        return describe(GameReplaced(**where))
    if kept["paper"] is not None:
        return describe(PlayedOnPaper(**where))
    if kept["signed"] is not None:
        return describe(TableSignedOff(**where))
    if kept["round"] < kept["last"] and not kept["reopened"]:
        return describe(RoundClosed(**where))
    return None


def describe_game(db: sqlite3.Connection, token: str) -> games.Keeping | None:
    """A table's game as its sheet names it: the event's page, and whether the sheet may
    still change it (the round is open, or the director re-opened the table)."""
    kept = store.kept_game(db, token)
    if kept is None:
        return None
    label = gettext("“%(event)s”, event round %(round)s, table %(table)s: standings and "
                    "seating", event=kept["name"], round=kept["round"], table=kept["number"])
    return games.Keeping(label, url_for("events.event", event_id=kept["event_id"]),
                         _closed(kept))
