"""A table signs its result from its own score sheet (docs/rules.md, Championships).

In an event with sign-off, the sheet of a table's game shows, below its status, where
the table's result stands: not over yet, awaiting its signature, or signed (when, by
whom). On a finished table's sheet, on any phone but the one that made the game's last
change, it offers the button that signs it. Holding the game's link (the table's slip)
is what lets a phone sign: the form carries the game's id, as the JSON interface does.

The part is registered with the games' sheet by the application factory
(:func:`games.parts.add_part`); its script (``static/js/pages/event-sign.js``) fetches it again
when the sheet shows the game ending and while the result waits for its sign, so a phone
learns of another's sign without a reload.
"""

from __future__ import annotations

import secrets

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for
from markupsafe import Markup

from ..engine.errors import RulesError
from ..games import store as games
from ..web import device, security
from ..web.db import get_db
from ..web.errors import describe
from . import progress, store
from .forms import SeatForm

bp = Blueprint("events_signing", __name__)


def _part(event: store.Event, seat: store.SeatedTable, problem: str | None = None) -> str:
    game = games.load(get_db(), str(seat.game))
    finished = game is not None and game.state.finished
    mine = seat.last_device is not None and seat.last_device == device.device()
    return render_template(
        "events/_sheet_sign.html", event=event, seat=seat, finished=finished, mine=mine,
        client_id=secrets.token_hex(16), form=SeatForm(), problem=problem,
        reasons=store.reasons(get_db(), event.id).get((seat.round, seat.number), []))


def _table_of(game_id: str) -> tuple[store.Event, store.SeatedTable] | None:
    """The event table whose game this is, where the event signs its results."""
    kept = store.kept_game(get_db(), game_id)
    if kept is None or kept["old"]:
        return None
    event = store.must_load(get_db(), kept["event_id"])
    if not event.options.sign_off:
        return None
    return event, event.table(kept["round"], kept["number"])


def sheet_part(game_id: str) -> Markup | None:
    """The sign's part of a table's score sheet (None: not a table that signs)."""
    found = _table_of(game_id)
    return None if found is None else Markup(_part(*found))


@bp.get("/events/<event_id>/rounds/<int:number>/tables/<int:table>/sign")
def part(event_id: str, number: int, table: int):
    """The part again, for the sheet's script: only for whoever holds the game's link."""
    found = _table_of(request.args.get("game", ""))
    if found is None or (found[0].id, found[1].round, found[1].number) != (
            event_id, number, table):
        abort(404)
    return security.keep_secret(make_response(_part(*found)))


@bp.post("/events/<event_id>/rounds/<int:number>/tables/<int:table>/sign-off")
def sign(event_id: str, number: int, table: int):
    """The sign from the table's sheet (its form carries the game's id); back to the
    sheet, or the refusal on the sheet's part."""
    form = SeatForm()
    game_id = request.form.get("game", "")
    if not form.validate_on_submit():
        abort(400)
    try:
        progress.sign(get_db(), event_id, number, table,
                      (request.form.get("client_id") or "")[:100] or secrets.token_hex(16),
                      device.device(create=True), game_id)
    except RulesError as exc:
        found = _table_of(game_id)
        if found is None or found[0].id != event_id:
            raise
        page = render_template("events/sign_refused.html", part=Markup(_part(
            *found, problem=describe(exc))), game_id=game_id)
        return security.keep_secret(make_response(page, exc.status))
    return redirect(url_for("games.sheet", game_id=game_id, _anchor="table-sign"))
