"""The event pages: start an event, the director's page, and the live standings.

Every form works without JavaScript. The live page refreshes itself with a small script
(``static/js/events-live.js``) that fetches the page again and swaps its content; without
a script it has a plain reload link.
"""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, request, session, url_for
from flask_babel import gettext

from ..engine.errors import RulesError
from ..web.db import get_db
from ..web.errors import describe
from . import checks, present, store
from .api import game_note
from .forms import DropForm, EventForm, JoinForm, SeatForm
from .progress import Progress, load_progress, seat_next_round

bp = Blueprint("events", __name__)
bp.add_app_template_filter(present.score, "event_score")
bp.add_app_template_filter(present.signed, "event_signed")

#: Seconds between two refreshes of the live page.
LIVE_REFRESH = 15
#: Events this browser started, listed on the start page (kept in the signed session).
MY_EVENTS = 20


@bp.route("/events", methods=["GET", "POST"])
def index():
    form = EventForm()
    problem = None
    if form.validate_on_submit():
        try:
            name, players, rounds, settings = form.values()
        except RulesError as exc:
            problem = describe(exc)
        else:
            event_id = store.create_event(get_db(), name, players, rounds,
                                          checks.new_seed(), settings)
            session["events"] = [event_id, *session.get("events", [])][:MY_EVENTS]
            return redirect(url_for("events.director", event_id=event_id))
    elif request.method == "POST":
        problem = gettext("Please check the form.")
    return render_template("events/index.html", form=form, problem=problem,
                           recent=store.named_events(get_db(), session.get("events", []))
                           ), 400 if problem else 200


def _director(state: Progress, problem: str | None = None, status: int = 200,
              join: JoinForm | None = None):
    drop = DropForm()
    drop.player.choices = list(state.event.active)
    refusal = state.refusal()
    return render_template(
        "events/director.html", state=state, event=state.event, problem=problem,
        seat_form=SeatForm(), join_form=join or JoinForm(), drop_form=drop,
        waiting=None if refusal is None else describe(refusal),
        rule=present.games_rule(state.event),
    ), status


@bp.get("/events/<event_id>")
def director(event_id: str):
    return _director(load_progress(get_db(), event_id))


@bp.post("/events/<event_id>/rounds")
def seat(event_id: str):
    state = load_progress(get_db(), event_id)
    if not SeatForm().validate_on_submit():
        return _director(state, gettext("Please check the form."), 400)
    try:
        seat_next_round(get_db(), event_id, game_note)
    except RulesError as exc:
        return _director(load_progress(get_db(), event_id), describe(exc), exc.status)
    return redirect(url_for("events.director", event_id=event_id, _anchor="round"))


def _change(event_id: str, kind: str, form: JoinForm | DropForm):
    state = load_progress(get_db(), event_id)
    if not form.validate_on_submit():
        return _director(state, gettext("Please check the form."), 400)
    try:
        store.change_player(get_db(), event_id, kind, checks.checked_player(form.player.data))
    except RulesError as exc:
        join = form if isinstance(form, JoinForm) else None
        return _director(load_progress(get_db(), event_id), describe(exc), exc.status, join)
    return redirect(url_for("events.director", event_id=event_id, _anchor="players"))


@bp.post("/events/<event_id>/players")
def join(event_id: str):
    return _change(event_id, store.JOIN, JoinForm())


@bp.post("/events/<event_id>/dropouts")
def drop(event_id: str):
    return _change(event_id, store.DROP, DropForm())


@bp.get("/events/<event_id>/live")
def live(event_id: str):
    """``?every=`` sets the seconds between refreshes (2 to 300) for a slower or faster
    screen."""
    state = load_progress(get_db(), event_id)
    every = min(max(request.args.get("every", LIVE_REFRESH, type=int), 2), 300)
    return render_template("events/live.html", state=state, event=state.event, refresh=every)
