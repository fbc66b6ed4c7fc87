"""The scorekeeper pages: start a game at ``/``, the score sheet, deals, corrections, lists.

Every form works without JavaScript; the sheet's script only makes entry quicker
(live preview, card grid), keeps the screen on and notices other phones' deals.
"""

from __future__ import annotations

import json
from datetime import date

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from flask_babel import format_date, format_decimal, gettext

from ..engine import scoring as sc
from ..web.db import get_db
from ..web.messages import describe
from . import backup, offline, store
from .chart import chart
from .forms import ConfirmForm, DealForm, ImportForm, StartForm, deal_form

bp = Blueprint("games", __name__)


@bp.app_template_filter("game_date")
def game_date(stamp: str) -> str:
    """A stored UTC timestamp as a date in the page's language (21 Nov 2026, 21.11.2026)."""
    try:
        return format_date(date.fromisoformat(stamp[:10]), "medium")
    except ValueError:
        return stamp[:10]


def _game(game_id: int) -> store.Game:
    game = store.load(get_db(), game_id)
    if game is None:
        abort(404)
    return game


@bp.route("/", methods=["GET", "POST"])
def index():
    form = StartForm()
    problems: list[str] = []
    if form.validate_on_submit():
        try:
            settings = form.settings()
        except sc.ScoringError as exc:
            problems.append(describe(exc))
        else:
            game_id = store.create_game(get_db(), settings, (form.note.data or "").strip())
            return redirect(url_for("games.sheet", game_id=game_id))
    elif request.method == "POST":
        problems.append(gettext("Please check the form."))
    for field in (form.threshold, form.fixed_deals, form.note, form.rows, form.takes_at,
                  form.hand_size):
        problems.extend(f"{field.label.text}: {message}" for message in field.errors)
    games = store.all_games(get_db())
    running = [g for g in games if not g.state.finished]
    status = 400 if problems else 200
    return render_template("games/index.html", form=form, problems=problems,
                           running=running, finished_count=len(games) - len(running),
                           words=offline.start_words()), status


@bp.get("/games/offline")
def offline_sheet():
    """The score sheet of a game started on this phone without a connection: a shell the
    service worker keeps, filled from the phone's storage by static/js/offline-game.js."""
    return render_template("games/offline.html", words=offline.sheet_words(),
                           sheet_url=url_for("games.sheet", game_id=0).rsplit("/", 1)[0] + "/{id}")


@bp.get("/games")
def listing():
    games = store.all_games(get_db())
    return render_template(
        "games/list.html",
        running=[g for g in games if not g.state.finished],
        finished=[g for g in games if g.state.finished],
    )


def _sheet(game: store.Game, form: DealForm | None = None, problem: str | None = None,
           preview: dict | None = None, status: int = 200, withdrawn: int | None = None):
    return render_template(
        "games/sheet.html", game=game, state=game.state, chart=chart(game.state),
        form=form or deal_form(game.settings), problem=problem, preview=preview,
        refusals=offline.refusals(), withdrawn=withdrawn,
    ), status


@bp.get("/games/<int:game_id>")
def sheet(game_id: int):
    game = _game(game_id)
    # After an undo: the note on the withdrawn deal, while it can still be restored.
    withdrawn = request.args.get("withdrawn", type=int)
    return _sheet(game, withdrawn=withdrawn if withdrawn == game.state.restorable else None)


@bp.post("/games/<int:game_id>/deals/<int:number>/withdraw")
def withdraw(game_id: int, number: int):
    """Undo the last deal from the score sheet; it can be restored from the history."""
    _game(game_id)
    if not ConfirmForm().validate_on_submit():
        abort(400)
    try:
        store.undo(get_db(), game_id, sc.EventKind.WITHDRAWAL, number)
    except sc.ScoringError as exc:
        return _sheet(_game(game_id), problem=describe(exc), status=exc.status)
    return redirect(url_for("games.sheet", game_id=game_id, withdrawn=number))


@bp.post("/games/<int:game_id>/deals/<int:number>/restore")
def restore(game_id: int, number: int):
    """Put a withdrawn deal back, from the game's history."""
    _game(game_id)
    if not ConfirmForm().validate_on_submit():
        abort(400)
    try:
        store.undo(get_db(), game_id, sc.EventKind.RESTORE, number)
    except sc.ScoringError as exc:
        return _history(_game(game_id), describe(exc), exc.status)
    return redirect(url_for("games.sheet", game_id=game_id, _anchor="latest"))


def _preview(game: store.Game, entry: sc.Entry) -> dict:
    scores = sc.score_deal(game.settings, entry)
    return {n: (scores[n], game.state.totals[n] + scores[n]) for n in game.settings.players}


@bp.post("/games/<int:game_id>/deals")
def add_deal(game_id: int):
    game = _game(game_id)
    form = deal_form(game.settings)
    if not form.validate_on_submit():
        abort(400)  # only the CSRF token is checked here (CSRFProtect refuses it first)
    try:
        entry = form.entry(game.settings)
        if form.action.data == "preview":
            return _sheet(game, form, preview=_preview(game, entry))
        store.write_deal(get_db(), game_id, sc.EventKind.DEAL, form.deal_number(), entry, None)
    except sc.ScoringError as exc:
        if exc.status == 409:
            form.number.data = ""  # the game moved on: the form offers the next free number
        return _sheet(_game(game_id), form, describe(exc), status=exc.status)
    return redirect(url_for("games.sheet", game_id=game_id, _anchor="latest"))


@bp.route("/games/<int:game_id>/deals/<int:number>/edit", methods=["GET", "POST"])
def correct(game_id: int, number: int):
    game = _game(game_id)
    row = next((r for r in game.state.deals if r.number == number), None)
    if row is None:
        abort(404)
    form = deal_form(game.settings, None if request.method == "POST" else row.entry)
    problem, status = None, 200
    if form.validate_on_submit():
        try:
            entry = form.entry(game.settings)
            store.write_deal(get_db(), game_id, sc.EventKind.CORRECTION, number, entry, None)
        except sc.ScoringError as exc:
            problem, status = describe(exc), exc.status
        else:
            return redirect(url_for("games.sheet", game_id=game_id))
    return render_template(
        "games/correct.html", game=game, row=row, form=form, problem=problem,
        history=game.history(number),
    ), status


def _history(game: store.Game, problem: str | None = None, status: int = 200):
    return render_template("games/history.html", game=game, problem=problem), status


@bp.get("/games/<int:game_id>/history")
def history(game_id: int):
    return _history(_game(game_id))


@bp.route("/games/<int:game_id>/delete", methods=["GET", "POST"])
def delete(game_id: int):
    game = _game(game_id)
    form = ConfirmForm()
    if form.validate_on_submit():
        store.delete_game(get_db(), game_id)
        return redirect(url_for("games.listing"))
    return render_template("games/delete.html", game=game, form=form)


# --- Backups, spreadsheets and statistics (the formats are in :mod:`.backup`) ---


@bp.get("/games/<int:game_id>/export.csv")
def export_csv(game_id: int):
    game = store.load(get_db(), game_id) or abort(404)
    return Response(backup.to_csv(game), mimetype="text/csv", headers={
        "Content-Disposition": f"attachment; filename=game-{game_id}.csv"})


@bp.get("/games/<int:game_id>/export.json")
def export_json(game_id: int):
    game = store.load(get_db(), game_id) or abort(404)
    body = json.dumps(backup.to_json(game), ensure_ascii=False, indent=1)
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition": f"attachment; filename=game-{game_id}.json"})


@bp.route("/games/import", methods=["GET", "POST"])
def import_page():
    form = ImportForm()
    problem = None
    if form.validate_on_submit():
        raw = form.file.data.read(256 * 1024) if form.file.data else (form.text.data or "")
        try:
            settings, note, created_at, events = backup.from_json(json.loads(raw))
        except sc.ScoringError as exc:
            problem = gettext("This backup holds a deal that cannot be scored: %(reason)s",
                              reason=describe(exc))
        except (backup.BadBackup, ValueError, RecursionError):
            problem = gettext("This is not a game file exported by this app.")
        else:
            game_id = store.import_game(get_db(), settings, note, created_at, events)
            return redirect(url_for("games.sheet", game_id=game_id))
    return render_template("games/import.html", form=form, problem=problem), (
        400 if problem else 200)


@bp.get("/games/stats")
def stats():
    rows = backup.statistics(store.all_games(get_db()))
    for row in rows:  # 1.5 in English, 1,5 in Dutch and German
        average = row["average"]
        row["average_text"] = "–" if average is None else format_decimal(average, "0.0")
    return render_template("games/stats.html", rows=rows)
