"""The event pages: start an event, its public page, the director's page and its forms.

Everyone may look: ``/events/<id>`` (the seating, the standings after any round, and
links to the screens of :mod:`.screens`). Only a director changes anything: the browser
that started the event, or one that opened the director's link
``/events/<id>/director/<key>`` (:mod:`.director`); any other browser gets a 403 page
saying who may do it, and nothing changes. Every form works without JavaScript.
"""

from __future__ import annotations

import json

from flask import (
    Blueprint,
    Response,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import format_number, gettext, ngettext
from werkzeug.exceptions import RequestEntityTooLarge

from ..engine.errors import RulesError
from ..engine.names import plain_key
from ..web import keys, security, throttle
from ..web.db import get_db, transaction
from ..web.errors import describe, http_error
from ..web.jsonio import parse_json
from . import checks, director, joining, present, progress, season_link, store, transfer
from .api import event_options, game_note, players_of, store_new
from .errors import (
    MAX_EVENT_FILE,
    MAX_REASON,
    EventFileTooLarge,
    EventHasDirector,
    NoPlayerChosen,
    NotADirectorLink,
)
from .forms import (
    PLAYERS_TEXT,
    DropForm,
    EventForm,
    ImportForm,
    JoinForm,
    RenameForm,
    SeatForm,
    SwapForm,
    TotalsForm,
    scoring_label,
)
from .progress import Progress, TableState, load_progress, seat_next_round
from .store import must_load

bp = Blueprint("events", __name__)
bp.add_app_template_filter(present.score, "event_score")
bp.add_app_template_filter(present.signed, "event_signed")
bp.add_app_template_filter(present.round_name, "round_name")
bp.add_app_template_filter(present.device_label, "act_who")
bp.add_app_template_filter(present.standings_heading, "standings_heading")

#: Events this browser started or directs, listed on the start page (the signed session).
MY_EVENTS = 20


def _remember_in_session(event_id: str) -> None:
    session["events"] = [event_id, *(e for e in session.get("events", []) if e != event_id)
                         ][:MY_EVENTS]


def _make_director(event_id: str, key: str, response: Response, device: str | None = None,
                   act: str | None = "director") -> Response:
    """This browser directs the event from now on (its device numbered in the event, and
    ``act`` written in the event's history), in one transaction, or in the caller's."""
    device = device or director.new_device()
    db = get_db()
    with transaction(db):
        store.device_number(db, event_id, device)
        if act is not None:
            store.log(db, event_id, device, act)
    _remember_in_session(event_id)
    return director.remember(response, event_id, key, device)


def _to_director(event_id: str, key: str, anchor: str | None = None, **args: object):
    return redirect(url_for("events.director", event_id=event_id, key=key, _anchor=anchor,
                            **args))


def _season_plan(form: EventForm) -> season_link.Plan | None:
    """The plan of the season the form starts an event for (the links of a venue's and
    an organiser's pages carry it): refused, as the API refuses it, without the key."""
    if request.method == "GET":
        for field in (form.season, form.venue, form.kind):
            field.data = request.args.get(field.name, "")[:100]
    season, venue, kind = form.season_fields()
    if season is None:
        return None
    return season_link.prepare(season_link.Asked(season, venue, kind, [], {}))


@bp.route("/events", methods=["GET", "POST"])
@security.private
def index():
    form = EventForm()
    form.series.choices = [("", gettext("No series")), *joining.directed()]
    problem = None
    plan = _season_plan(form)
    if form.validate_on_submit():
        try:
            season, venue, kind = form.season_fields()
            players, numbers, plan = (None, {}, None) if season is None else players_of(
                form.entries(), season, venue, kind, {})
            name, players, rounds, settings = form.values(players)
            options = event_options(form.option_fields(scoring_chosen=plan is None),
                                    len(players), plan)
            # The event, its director's device and its history's first line: one commit.
            with transaction(get_db()):
                event_id, key = store_new(name, players, rounds, checks.new_seed(),
                                          settings, numbers, form.series.data or None,
                                          plan, options, device=None)
                return _make_director(event_id, key, _to_director(event_id, key, new=1),
                                      act="create")
        except RulesError as exc:
            problem = describe(exc)
    elif request.method == "POST":
        problem = (gettext("The list of players is longer than %(limit)s characters, more "
                           "than 200 names need.", limit=format_number(PLAYERS_TEXT))
                   if form.players.errors else gettext("Please check the form."))
    season_scoring = None if plan is None else scoring_label(plan.options.get("scoring"))
    return render_template("events/index.html", form=form, problem=problem, plan=plan,
                           season_scoring=season_scoring,
                           recent=store.named_events(get_db(), session.get("events", []))
                           ), 400 if problem else 200


@bp.get("/events/<event_id>")
def event(event_id: str):
    """The event as everyone may see it: where each player sits, the standings after any
    round (``?after=``), the screens and the paper; a director's browser is offered its
    director's page."""
    state = load_progress(get_db(), event_id)
    after = request.args.get("after", type=int)
    last = state.complete if state.withholds else state.event.round
    if after is None or not 1 <= after < min(last + 1, state.event.round):
        after = None  # the standings now (with release by round: as the last round ended)
    key = director.held_key(state.event)
    claimable = state.event.director_hash is None and event_id in session.get("events", [])
    page = make_response(render_template(
        "events/event.html", state=state, event=state.event, after=after,
        standings=state.shown_standings() if after is None else state.standings_after(after),
        director_link=None if key is None else url_for("events.director", event_id=event_id,
                                                       key=key),
        claimable=claimable, claim_form=SeatForm(), rule=present.games_rule(state.event),
        reasons=store.reasons(get_db(), event_id), **_explained(state.event),
        season=season_link.notes(get_db(), event_id)))
    # A director's browser is shown its link, and so its key: as on the series' page.
    return page if key is None else security.keep_secret(page)


@bp.get("/events/<event_id>/director/<key>", endpoint="director")
def director_page(event_id: str, key: str):
    """The director's page; opening it makes this browser a director of the event (the
    link a co-director scans from the QR code)."""
    state = load_progress(get_db(), event_id)
    if not director.opens(state.event, key):
        raise NotADirectorLink(event=state.event.name)
    page = make_response(_director(state, key))
    if director.held_key(state.event) != key:
        # A GET writes nothing: the cookie is enough; the event numbers this device, and
        # writes that it opened the link, at its first change (store.log).
        _remember_in_session(event_id)
        director.remember(page, event_id, key, director.new_device())
    return security.keep_secret(page)


def _explained(event: store.Event) -> dict[str, object]:
    """What the event's pages say about its scoring and its championship options."""
    return {"scoring_rule": present.scoring_rule(event),
            "option_lines": present.option_lines(event)}


def _director(state: Progress, key: str, problem: str | None = None, status: int = 200,
              join: JoinForm | None = None, rename: RenameForm | None = None):
    drop = DropForm()
    # No name chosen to begin with, then A–Z as the wall list: one mis-tap drops nobody.
    drop.player.choices = [("", gettext("Choose a player")), *(
        (name, name) for name in sorted(state.event.active, key=plain_key))]
    rename = rename or RenameForm()
    rename.player.choices = list(state.event.players)
    swap = SwapForm()
    unstarted = [p for t in state.current if not t.started for p in t.seat.players]
    swap.player.choices = swap.other.choices = unstarted
    refusal = state.refusal()
    return render_template(
        "events/director.html", state=state, event=state.event, problem=problem, key=key,
        seat_form=SeatForm(), join_form=join or JoinForm(), drop_form=drop,
        table_form=SeatForm(), rename_form=rename, swap_form=swap,
        waiting=None if refusal is None else describe(refusal),
        rule=present.games_rule(state.event), new=request.args.get("new") == "1",
        director_url=url_for("events.director", event_id=state.event.id, key=key,
                             _external=True),
        history=present.history(store.history(get_db(), state.event.id)),
        season=season_link.notes(get_db(), state.event.id),
        reasons=store.reasons(get_db(), state.event.id), **_explained(state.event),
    ), status


def _directing(event_id: str) -> tuple[store.Event, str, str]:
    """The event, this director's device and key (from the browser's cookie, or the
    ``X-Director-Key`` a program sends); a 403 page for anyone else."""
    event = must_load(get_db(), event_id)
    device = director.require(event)
    key = director.asking_key(event)
    if key is None:  # require() opened it: cannot happen, but never a 500
        raise director.DirectorOnly(event=event.name)
    return event, device, key


def _confirmed() -> bool:
    """The form's confirmation step was answered (``confirm=yes``)."""
    return request.form.get("confirm") == "yes"


def _confirm_page(key: str, event: store.Event, question: str, consequences: list[str],
                  action: str, yes: str, fields: dict[str, object] | None = None,
                  reason: bool = False):
    """The one question a destructive act asks before it happens (every form works
    without JavaScript): what it does, a button that does it, a way back; with
    ``reason``, a field for why (a signed table's result changes only with one)."""
    page = render_template(
        "confirm.html", title=event.name, question=question, consequences=consequences,
        action=action, yes=yes, fields=fields or {}, reason=reason,
        reason_limit=MAX_REASON,
        back=url_for("events.director", event_id=event.id, key=key, _anchor="round"))
    return security.keep_secret(make_response(page))


def _refused(event_id: str, key: str, exc: RulesError | None,
             join: JoinForm | None = None, rename: RenameForm | None = None):
    """The director's page with the refusal (None: a form that did not validate)."""
    problem = gettext("Please check the form.") if exc is None else describe(exc)
    page = _director(load_progress(get_db(), event_id), key, problem,
                     400 if exc is None else exc.status, join, rename)
    return security.keep_secret(make_response(page))


@bp.post("/events/<event_id>/rounds")
def seat(event_id: str):
    _event, device, key = _directing(event_id)
    if not SeatForm().validate_on_submit():
        return _refused(event_id, key, None)
    try:
        seat_next_round(get_db(), event_id, game_note, device)
    except RulesError as exc:
        return _refused(event_id, key, exc)
    return _to_director(event_id, key, "round")


def _change(event_id: str, kind: str, form: JoinForm | DropForm):
    event, device, key = _directing(event_id)
    join = form if isinstance(form, JoinForm) else None
    if not form.validate_on_submit():
        return _refused(event_id, key, None, join)
    try:
        if kind == store.DROP and not _confirmed():
            return _confirm_leaving(event, key, form.player.data)
        number = checks.checked_number(form.number.data) if join is not None else None
        _stored, change = store.change_player(get_db(), event_id, kind,
                                              checks.checked_player(form.player.data), device,
                                              number)
    except RulesError as exc:
        return _refused(event_id, key, exc, join)
    return _to_director(event_id, key, "done", changed=change.kind, player=change.player,
                        round=change.from_round)


def _confirm_leaving(event: store.Event, key: str, typed: str | None):
    """The question before a player leaves: who, from which round, what still counts
    (a refusal when no player is chosen, or the one chosen cannot leave)."""
    if not (typed or "").strip():
        raise NoPlayerChosen()
    player = event.check_drop(checks.checked_player(typed))
    state = load_progress(get_db(), event.id)
    games = sum(1 for t in state.tables if t.finished and player in t.seat.players)
    following = event.round + 1
    return _confirm_page(
        key, event, gettext("Does %(player)s leave the event?", player=player), [
            gettext("%(player)s is not seated from event round %(round)s on.", player=player,
                    round=following),
            ngettext("The %(num)s game played counts in the standings still.",
                     "The %(num)s games played count in the standings still.", games),
            gettext("Until event round %(round)s is seated you can take it back.",
                    round=following)],
        url_for("events.drop", event_id=event.id),
        gettext("Yes, %(player)s leaves", player=player), {"player": player})


@bp.post("/events/<event_id>/players")
def join(event_id: str):
    return _change(event_id, store.JOIN, JoinForm())


@bp.route("/events/<event_id>/dropouts", methods=["GET", "POST"])
def drop(event_id: str):
    """A player leaves; a GET (the leaving form, ``?player=``) asks first, and so does a
    POST without ``confirm=yes``."""
    if request.method == "GET":
        event, _device, key = _directing(event_id)
        try:
            return _confirm_leaving(event, key, request.args.get("player"))
        except RulesError as exc:
            return _refused(event_id, key, exc)
    return _change(event_id, store.DROP, DropForm())


@bp.post("/events/<event_id>/dropouts/undo")
def undo_drop(event_id: str):
    """Take back a player's leaving (until the next round is seated)."""
    _event, device, key = _directing(event_id)
    form = DropForm()
    if not form.validate_on_submit():
        return _refused(event_id, key, None)
    try:
        name = checks.checked_player(form.player.data)
        store.undo_drop(get_db(), event_id, name, device)
    except RulesError as exc:
        return _refused(event_id, key, exc)
    return _to_director(event_id, key, "done", stays=name)


def _table_act(event_id: str, act, **done: object):
    _event, device, key = _directing(event_id)
    if not SeatForm().validate_on_submit():
        return _refused(event_id, key, None)
    try:
        act(device)
    except RulesError as exc:
        return _refused(event_id, key, exc)
    if done:
        return _to_director(event_id, key, "done", **done)
    return _to_director(event_id, key, "round")


def _reason() -> str | None:
    """The reason typed for a remedy at a signed table (a signed table's forms ask)."""
    return request.form.get("reason")


@bp.post("/events/<event_id>/rounds/<int:number>/tables/<int:table>/reopen")
def reopen(event_id: str, number: int, table: int):
    return _table_act(event_id, lambda device: progress.reopen(
        get_db(), event_id, number, table, device, _reason()))


@bp.post("/events/<event_id>/rounds/<int:number>/tables/<int:table>/sign")
def director_sign(event_id: str, number: int, table: int):
    """The director signs a finished table's result from the director's page."""
    return _table_act(event_id, lambda device: progress.sign(
        get_db(), event_id, number, table, director.new_device(), device, director=device))


@bp.post("/events/<event_id>/rounds/<int:number>/swap")
def swap(event_id: str, number: int):
    """Two players of two tables change places before either table has a deal."""
    _event, device, key = _directing(event_id)
    form = SwapForm()
    if not form.validate_on_submit():
        return _refused(event_id, key, None)
    try:
        progress.swap(get_db(), event_id, number, [form.player.data or "",
                                                   form.other.data or ""], game_note, device)
    except RulesError as exc:
        return _refused(event_id, key, exc)
    return _to_director(event_id, key, "round", swapped=1)


@bp.post("/events/<event_id>/rename")
def rename(event_id: str):
    """The director corrects a player's name."""
    _event, device, key = _directing(event_id)
    form = RenameForm()
    if not form.validate_on_submit():
        return _refused(event_id, key, None, rename=form)
    try:
        old, new = store.rename_player(get_db(), event_id, form.player.data or "",
                                       checks.checked_player(form.name.data), device)
    except RulesError as exc:
        return _refused(event_id, key, exc, rename=form)
    return _to_director(event_id, key, "players", renamed=old, to=new)


@bp.post("/events/<event_id>/rounds/<int:number>/tables/<int:table>/close")
def close(event_id: str, number: int, table: int):
    return _table_act(event_id, lambda device: progress.close(
        get_db(), event_id, number, table, device))


@bp.route("/events/<event_id>/rounds/<int:number>/tables/<int:table>/replace",
          methods=["GET", "POST"])
def replace(event_id: str, number: int, table: int):
    """Asks first (a GET, or a POST without ``confirm=yes``: what the table's game holds
    stops counting), then replaces it."""
    if request.method == "GET" or not _confirmed():
        event, _device, key = _directing(event_id)
        if request.method == "POST" and not SeatForm().validate_on_submit():
            return _refused(event_id, key, None)
        try:
            state = load_progress(get_db(), event_id).table(number, table)
        except RulesError as exc:
            return _refused(event_id, key, exc)
        return _confirm_replacing(event, key, state)
    return _table_act(event_id, lambda device: progress.replace(
        get_db(), event_id, number, table, game_note, device, _reason()), replaced=table,
        round=number)


def _confirm_replacing(event: store.Event, key: str, table: TableState):
    where = {"table": table.seat.number, "round": table.seat.round}
    if table.paper:
        lost = gettext("Its totals typed from paper stop counting.")
    elif table.finished:
        lost = gettext("Its game has ended, won by %(names)s: that result stops counting.",
                       names=", ".join(table.leaders))
    elif table.started:
        lost = ngettext("Its %(num)s deal stays in the old game, which stops counting.",
                        "Its %(num)s deals stay in the old game, which stops counting.",
                        table.deals)
    else:
        lost = gettext("Its game has no deal yet.")
    return _confirm_page(
        key, event, gettext("Replace the game of table %(table)s, event round %(round)s?",
                            **where),
        [lost, gettext("The table gets a new, empty game: print its new slip."),
         gettext("The old game is kept; you can put it back afterwards.")],
        url_for("events.replace", event_id=event.id, number=table.seat.round,
                table=table.seat.number),
        gettext("Yes, replace the game"),
        reason=table.needs_reason)


@bp.post("/events/<event_id>/rounds/<int:number>/tables/<int:table>/replace/undo")
def put_back(event_id: str, number: int, table: int):
    """Undo the table's last replacement: its earlier game plays again."""
    return _table_act(event_id, lambda device: progress.put_back(
        get_db(), event_id, number, table, device), put_back=table, round=number)


@bp.route("/events/<event_id>/rounds/<int:number>/tables/<int:table>/totals",
          methods=["GET", "POST"])
def totals(event_id: str, number: int, table: int):
    """The director types a table's totals from its paper sheet."""
    event, device, key = _directing(event_id)
    state = load_progress(get_db(), event_id).table(number, table)
    seat = state.seat
    # The form starts from what counts now: the totals typed already, else the totals of
    # the deals the table's phone sent.
    form = TotalsForm.for_table(seat, state.totals if state.started else None)
    problem, status = None, 200
    if form.validate_on_submit():
        try:
            progress.type_totals(get_db(), event_id, number, table, form.totals(seat),
                                 device, _reason())
        except RulesError as exc:
            problem, status = describe(exc), exc.status
        else:
            return _to_director(event_id, key, "done", typed=table, round=number)
    elif request.method == "POST":
        problem, status = gettext("Please check the form."), 400
    page = render_template("events/totals.html", event=event, seat=seat, form=form,
                           problem=problem, key=key, table=state,
                           needs_reason=state.needs_reason)
    return security.keep_secret(make_response(page, status))


@bp.post("/events/<event_id>/claim")
def claim(event_id: str):
    """An event started before directors had keys: the browser that started it (its
    session lists the event) takes the first key."""
    event = must_load(get_db(), event_id)
    if event_id not in session.get("events", []) or not SeatForm().validate_on_submit():
        raise director.DirectorOnly(event=event.name)
    key = keys.new_key()
    with transaction(get_db()):  # the key given and its device numbered: one commit
        if not store.claim(get_db(), event_id, keys.key_hash(key)):
            raise EventHasDirector()
        return _make_director(event_id, key, _to_director(event_id, key, new=1))


@bp.get("/events/<event_id>/export.json")
def export(event_id: str):
    """The whole event as one file, for the director (it holds the seed and the games)."""
    event, _device, _key = _directing(event_id)
    body = json.dumps(transfer.event_file(get_db(), event), ensure_ascii=False,
                      separators=(",", ":"))
    return security.keep_secret(Response(body, mimetype="application/json", headers={
        "Content-Disposition": f"attachment; filename=event-{event_id}.json"}))


@bp.route("/events/import", methods=["GET", "POST"])
def import_page():
    """An event file read back as a new event, directed by this browser."""
    form = ImportForm()
    problem, status, headers = None, 200, {}
    if form.validate_on_submit():
        try:
            with throttle.one_at_a_time():
                throttle.count_import("event")
                raw = form.file.data.read(MAX_EVENT_FILE + 1) if form.file.data else b""
                if len(raw) > MAX_EVENT_FILE:
                    raise EventFileTooLarge()
                key, device = keys.new_key(), director.new_device()
                event_id = transfer.import_event(get_db(), parse_json(raw),
                                                 keys.key_hash(key), device)
        except RulesError as exc:
            problem, status = describe(exc), 429 if exc.status == 429 else 400
            headers = throttle.retry_after(exc) if status == 429 else {}
        else:
            return _make_director(event_id, key, _to_director(event_id, key, new=1), device,
                                  act=None)
    elif request.method == "POST":
        problem, status = gettext("Please check the form."), 400
    return render_template("events/import.html", form=form, problem=problem), status, headers


@bp.errorhandler(413)
def too_large(error: RequestEntityTooLarge):
    """A file larger than any body the app reads: the import page again, saying so in the
    visitor's language. Any other page of the events answers as every page does."""
    if request.endpoint != "events.import_page":
        return http_error(error)
    return render_template("events/import.html", form=ImportForm(formdata=None),
                           problem=describe(EventFileTooLarge())), 413
