"""The night's screens, for everyone: the live standings for a big screen, the wall list
of names and tables, and "where do I sit" for a player's phone.

None of them names a table's game or the seed. Each is built from
:func:`.progress.load_progress`, as the event's other pages are.
"""

from __future__ import annotations

from datetime import UTC, datetime

from flask import Blueprint, render_template, request

from ..engine.names import plain_key
from ..web.db import get_db
from .progress import Progress, TableState, load_progress

bp = Blueprint("events_screens", __name__)

#: Seconds between two refreshes of the live page, and a page of its standings shown.
LIVE_REFRESH = 15
LIVE_PAGE = 10


def sort_key(name: str) -> tuple[str, str]:
    """A name's place in an A–Z list: marks and case aside ("Émile" beside "Emma",
    "Łukasz" among the L's), as a player searches for it."""
    return plain_key(name), name


def search_key(text: str) -> str:
    """What a typed search and a name are compared by (``engine/names.py`` ``plain_key``;
    the page's script narrows the list by its twin, ``static/js/engine/names.js``)."""
    return plain_key(text)


def seats(state: Progress) -> list[tuple[str, TableState]]:
    """Every player seated in the last round, A–Z, with their table."""
    return sorted(state.seat_of().items(), key=lambda item: sort_key(item[0]))


def _seconds(name: str, default: int, low: int, high: int) -> int:
    return min(max(request.args.get(name, default, type=int), low), high)


@bp.get("/events/<event_id>/live")
def live(event_id: str):
    """``?every=`` sets the seconds between refreshes (2 to 300) and ``?page=`` the seconds
    each page of the standings stays on a big screen (2 to 120)."""
    state = load_progress(get_db(), event_id)
    return render_template(
        "events/live.html", state=state, event=state.event,
        refresh=_seconds("every", LIVE_REFRESH, 2, 300),
        page_seconds=_seconds("page", LIVE_PAGE, 2, 120),
        updated=datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"))


@bp.get("/events/<event_id>/wall")
def wall(event_id: str):
    """Names A–Z and the table each sits at this round: to hang on the wall (it prints on
    its own, in columns)."""
    state = load_progress(get_db(), event_id)
    return render_template("events/wall.html", state=state, event=state.event,
                           seats=seats(state))


@bp.get("/events/<event_id>/find")
def find(event_id: str):
    """A player types a few letters of their name and sees their table and tablemates.
    Without a script, ``?name=`` answers; with one, the list narrows as they type."""
    state = load_progress(get_db(), event_id)
    typed = (request.args.get("name") or "")[:40]
    wanted = search_key(typed)
    found = [(player, table) for player, table in seats(state)
             if wanted and wanted in search_key(player)]
    return render_template("events/find.html", state=state, event=state.event,
                           seats=seats(state), typed=typed, found=found,
                           search_key=search_key)
