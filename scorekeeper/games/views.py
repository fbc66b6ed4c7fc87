"""The scorekeeper pages: start a game at ``/``, the score sheet, deals, corrections, lists.

Every form works without JavaScript. With it, the sheet is the phone's: static/js/sheet/page.js
keeps the game's log in the phone's storage, writes every entry there first, draws the
sheet from it and meets the server (and other phones) through the JSON interface; the
page hands it the game's log and the addresses it needs (:func:`.offline.sheet_data`).
"""

from __future__ import annotations

import json

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from flask_babel import format_decimal, format_percent, gettext
from werkzeug.exceptions import RequestEntityTooLarge

from ..engine import errors
from ..engine.deal import Entry, score_deal
from ..engine.game import EventKind
from ..engine.settings import Settings
from ..web import catalog, throttle
from ..web import db as database
from ..web.db import get_db
from ..web.device import device, kept, open_list, scope
from ..web.errors import describe, http_error
from ..web.i18n import LANGUAGES
from ..web.security import private
from . import (
    access,
    backup,
    bgstats,
    handover,
    imports,
    listed,
    offline,
    parts,
    spreadsheet,
    store,
    summary,
)
from .api import handover_json, view_url
from .chart import chart
from .forms import ConfirmForm, DealForm, ImportForm, StartForm, deal_form

bp = Blueprint("games", __name__)
bp.record_once(access.add_converter)  # before any route names <game:...>
# Games kept before their state was stored get it when the database is first opened.
bp.record_once(lambda _state: database.after_migrations(store.summarize_stale))
bp.add_app_template_global(open_list, "games_open_list")
bp.add_app_template_global(handover.qr_svg, "qr_svg")  # a hand-over's QR code
bp.add_app_template_global(handover.drawn, "qr_drawn")  # the sheet's, from its data
bp.add_app_template_global(listed.listed, "listed_games")
# Every page runs the phone's sync loop (static/js/pwa.js): where it writes to.
bp.add_app_template_global(offline.urls, "sync_urls")
bp.add_app_template_filter(listed.game_date, "game_date")
bp.add_app_template_filter(listed.names, "names")


def _game(game_id: str) -> store.Game:
    game = store.load(get_db(), game_id)
    if game is None:
        abort(404)
    return game


def _settings(game_id: str) -> Settings:
    """The game's settings without replaying it (404 when there is no such game): a write
    replays the game once, inside its transaction, and answers the game after it."""
    try:
        return store.settings_of(get_db(), game_id)
    except errors.NoSuchGame:
        abort(404)


def _page() -> int:
    """The list's page from ``?page=``: anything but a sensible number is the first."""
    page = request.args.get("page", 1, type=int)
    return page if 1 <= page <= 10_000 else 1


@bp.route("/", methods=["GET", "POST"])
@private  # lists this phone's running games
def index():
    form = StartForm()  # what was posted, or the fresh form
    problems: list[str] = []
    if request.method == "POST":
        if form.validate_on_submit():
            try:
                settings = form.settings()
            except errors.RulesError as exc:
                problems.append(describe(exc))
            else:
                game_id = store.create_game(get_db(), settings, (form.note.data or "").strip())
                access.grant(get_db(), game_id)
                return redirect(url_for("games.sheet", game_id=game_id))
        else:
            problems.append(gettext("Please check the form."))
        for field in (form.threshold, form.fixed_deals, form.note, form.rows, form.takes_at,
                      form.hand_size):
            problems.extend(f"{field.label.text}: {message}" for message in field.errors)
    db, phone = get_db(), scope()
    status = 400 if problems else 200
    return render_template("games/index.html", form=form, problems=problems,
                           running=summary.running(db, phone),
                           finished_count=summary.finished_count(db, phone),
                           finished_counted=summary.FINISHED_COUNTED,
                           catalog=catalog.tag(offline.START_CATALOG),
                           sheet_data=offline.sheet_data(None)), status


@bp.get(f"/<any({', '.join(LANGUAGES)}):lang>/")
def index_in(lang: str):
    """``/nl/``, ``/de/``, ``/en/``: the start page in that language, as the rules have
    ``/nl/rules/``. It is the language switch's address (``/?lang=nl``), so the choice is
    remembered as a tap on the switch remembers it, and the pages after it follow."""
    return redirect(url_for("games.index", lang=lang))


@bp.get("/games/offline")
def offline_sheet():
    """The score sheet of a game kept on this phone, empty: the shell the service worker
    keeps, which static/js/sheet/page.js fills from the phone's storage. A game started on the
    phone opens here (its key after ``#``) until the server has it; without a connection
    the worker answers a game's own address with it too."""
    return render_template("games/sheet.html", game=None, form=None,
                           catalog=catalog.tag(offline.SHEET_CATALOG),
                           sheet_data=offline.sheet_data(None))


@bp.get("/games")
@private
def listing():
    """This phone's games (every game with OPEN_LIST), a page at a time, from their
    stored state: the cost does not grow with the games ever played."""
    db, page = get_db(), _page()
    games, more = summary.games_page(db, scope(), page)
    return render_template("games/list.html", running=[g for g in games if not g.finished],
                           finished=[g for g in games if g.finished], page=page, more=more)


def _asked(settings: Settings, entry: Entry, form: DealForm) -> dict:
    """The question the deal form asks before saving, if any: the players whose field was
    left empty (and whether a 0 would make a virgin), else whether everyone has 0."""
    empty = form.unconfirmed_empty(settings)
    if empty:
        virgin = settings.virgin_doubling and any(entry.entered(n) == 0 for n in empty)
        return {"ask_empty": empty, "ask_empty_virgin": virgin}
    return {"ask_zero": True} if form.unconfirmed_zero(settings, entry) else {}


def _sheet(game: store.Game, form: DealForm | None = None, problem: str | None = None,
           preview: dict | None = None, status: int = 200, asked: dict | None = None):
    played = bgstats.play(game) if game.state.finished else None
    keeping = store.keeping(get_db(), game.id)
    return render_template(
        "games/sheet.html", game=game, state=game.state, chart=chart(game.state),
        form=form or deal_form(game.settings), problem=problem, preview=preview,
        catalog=catalog.tag(offline.SHEET_CATALOG), **(asked or {}),
        keeping=keeping, view_url=view_url(game), handover=handover_json(game),
        sheet_data=offline.sheet_data(game, keeping),
        bgstats_link=bgstats.link(played) if played else None,
        listed=access.allowed(get_db(), game.id), parts=parts.shown(game.id),
    ), status


@bp.get("/games/<game:game_id>")
def sheet(game_id: str):
    """The score sheet. Opening it writes nothing: a game opened through its link joins
    this phone's list by :func:`keep`, which the page's script posts by itself (a button
    without scripts)."""
    return _sheet(_game(game_id))


@bp.post("/games/<game:game_id>/keep")
def keep(game_id: str):
    """Keep a game opened through its link on this phone's list (its device cookie)."""
    _settings(game_id)  # no such game: 404, whatever was posted
    if not ConfirmForm().validate_on_submit():
        abort(400)  # only the CSRF check can fail, and CSRFProtect answers that first
    access.grant(get_db(), game_id)
    return kept(url_for("games.sheet", game_id=game_id))


@bp.post("/games/<game:game_id>/deals/<int:number>/withdraw")
def withdraw(game_id: str, number: int):
    """Undo the last deal from the score sheet; it can be restored from the history."""
    _settings(game_id)  # no such game: 404, whatever was posted
    if not ConfirmForm().validate_on_submit():
        abort(400)
    try:
        store.undo(get_db(), game_id, EventKind.WITHDRAWAL, number)
    except errors.RulesError as exc:
        return _sheet(_game(game_id), problem=describe(exc), status=exc.status)
    return redirect(url_for("games.sheet", game_id=game_id))


@bp.post("/games/<game:game_id>/deals/<int:number>/restore")
def restore(game_id: str, number: int):
    """Put a withdrawn deal back, from the sheet's note or the game's history."""
    _settings(game_id)  # no such game: 404, whatever was posted
    if not ConfirmForm().validate_on_submit():
        abort(400)
    try:
        restored = store.undo(get_db(), game_id, EventKind.RESTORE, number)
    except errors.RulesError as exc:
        return _history(_game(game_id), describe(exc), exc.status)
    return _to_sheet(restored)


def _to_sheet(game: store.Game):
    """Back to the sheet after a write, scrolled to what changed: the names, the newest
    deal and the totals, or the end of the game and its winners once it is over."""
    anchor = "status" if game.state.finished else "sheet"
    return redirect(url_for("games.sheet", game_id=game.id, _anchor=anchor))


def _preview(game: store.Game, entry: Entry) -> dict:
    scores = score_deal(game.settings, entry)
    return {n: (scores[n], game.state.totals[n] + scores[n]) for n in game.settings.players}


@bp.post("/games/<game:game_id>/deals")
def add_deal(game_id: str):
    settings = _settings(game_id)
    form = deal_form(settings)
    if not form.validate_on_submit():
        abort(400)  # only the CSRF token is checked here (CSRFProtect refuses it first)
    if form.action.data == "preview":  # Post/Redirect/Get: reloading it posts nothing
        return redirect(url_for("games.preview", game_id=game_id, **form.typed(),
                                _anchor="deal-form"))
    try:
        number = form.deal_number()  # as the API reads it: never "the next deal" unasked
        entry = form.entry(settings)
        asked = _asked(settings, entry, form)
        if asked:
            return _sheet(_game(game_id), form, asked=asked)
        saved, _ = store.write_deal(get_db(), game_id, EventKind.DEAL, number, entry, None)
    except errors.RulesError as exc:
        if exc.status == 409 or isinstance(exc, errors.BadDealNumber):
            form.number.data = ""  # the form offers the next free number, for the table to see
        return _sheet(_game(game_id), form, describe(exc), status=exc.status)
    return _to_sheet(saved)


@bp.get("/games/<game:game_id>/preview")
def preview(game_id: str):
    """The preview of a typed deal for a phone without scripts (scripts preview live)."""
    game = _game(game_id)
    form = deal_form(game.settings, formdata=request.args)
    try:
        entry = form.entry(game.settings)
    except errors.RulesError as exc:
        return _sheet(game, form, describe(exc), status=exc.status)
    return _sheet(game, form, preview=_preview(game, entry))


@bp.route("/games/<game:game_id>/deals/<int:number>/edit", methods=["GET", "POST"])
def correct(game_id: str, number: int):
    """The correction form of deal ``number``. A posted correction goes straight to the
    store, whose transaction checks that the deal exists; the game is loaded only to draw
    the page (the form, a refusal, or a question: a field left empty, every 0 meant)."""
    form: DealForm | None = None
    problem, status, asked = None, 200, {}
    if request.method == "POST":
        settings = _settings(game_id)
        form = deal_form(settings)
        if form.validate_on_submit():
            try:
                entry = form.entry(settings)
                asked = _asked(settings, entry, form)
                if not asked:
                    saved, _ = store.write_deal(get_db(), game_id, EventKind.CORRECTION,
                                                number, entry, None)
                    return _to_sheet(saved)
            except errors.RulesError as exc:
                problem, status = describe(exc), exc.status
    game = _game(game_id)
    row = next((r for r in game.state.deals if r.number == number), None)
    if row is None:
        abort(404)
    if form is None:
        form = deal_form(game.settings, row.entry)
    return render_template(
        "games/correct.html", game=game, row=row, form=form, problem=problem,
        history=game.history(number), **asked,
        sheet_url=url_for("games.sheet", game_id=game.id, _anchor=f"correct-{number}"),
    ), status


def _history(game: store.Game, problem: str | None = None, status: int = 200):
    return render_template("games/history.html", game=game, problem=problem), status


@bp.get("/games/<game:game_id>/history")
def history(game_id: str):
    return _history(_game(game_id))


@bp.route("/games/<game:game_id>/delete", methods=["GET", "POST"])
def delete(game_id: str):
    game = _game(game_id)
    if not access.allowed(get_db(), game.id):
        abort(404)  # not one of this phone's games: as if there were none
    store.check_change(get_db(), game.id, store.Change.DELETE)  # a kept game says so now
    form = ConfirmForm()
    if form.validate_on_submit():
        store.delete_game(get_db(), game_id)
        return redirect(url_for("games.listing"))
    return render_template("games/delete.html", game=game, form=form)


# --- Backups, spreadsheets and statistics (formats in :mod:`.backup`, :mod:`.spreadsheet`) ---


@bp.get("/games/<game:game_id>/export.csv")
def export_csv(game_id: str):
    game = store.load(get_db(), game_id) or abort(404)
    return spreadsheet.response(spreadsheet.rows(game), f"game-{game_id}.csv")


@bp.get("/games/<game:game_id>/export.json")
def export_json(game_id: str):
    game = store.load(get_db(), game_id) or abort(404)
    body = json.dumps(backup.to_json(game), ensure_ascii=False, indent=1)
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition": f"attachment; filename=game-{game_id}.json"})


@bp.route("/games/import", methods=["GET", "POST"])
def import_page():
    form = ImportForm()
    problem, status, headers = None, 400, {}
    if form.validate_on_submit():
        file = form.file.data
        # A text field sends its line breaks as CRLF; the text pasted had them as LF.
        raw = (file.read(imports.MAX_BYTES + 1) if file
               else (form.text.data or "").replace("\r\n", "\n"))
        try:
            throttle.count_import("backup")
            games = imports.read(raw)
        except errors.RulesError as exc:  # a rule's refusal says where in the file
            problem = describe(exc)
            if exc.status == 429:
                status, headers = 429, throttle.retry_after(exc)
        else:
            db, phone = get_db(), device(create=True)
            tokens = [store.import_game(db, g.settings, g.note, g.created_at, g.events,
                                        imports.on_device(g.digest, phone))[0]
                      for g in games]
            for token in tokens:
                access.grant(db, token)
            if len(tokens) > 1:
                return redirect(url_for("games.listing"))
            return redirect(url_for("games.sheet", game_id=tokens[0]))
    return render_template("games/import.html", form=form, problem=problem), (
        status if problem else 200), headers


@bp.errorhandler(413)
def too_large(error: RequestEntityTooLarge):
    """A backup file larger than any body the app reads: the import page again, saying so
    in the visitor's language (the form is not read, so nothing of it is kept). Any other
    page of the games answers as every page does."""
    if request.endpoint != "games.import_page":
        return http_error(error)
    return render_template("games/import.html", form=ImportForm(formdata=None),
                           problem=describe(imports.BackupTooLarge())), 413


@bp.get("/games/stats")
@private
def stats():
    db, page = get_db(), _page()
    rows, more = summary.statistics(db, scope(), page)
    for row in rows:  # 1.5 in English, 1,5 in Dutch and German; 67 %, 67%
        average, rate = row["average"], row["win_rate"]
        row["average_text"] = "–" if average is None else format_decimal(average, "0.0")
        row["win_rate_text"] = "–" if rate is None else format_percent(rate)
    return render_template("games/stats.html", rows=rows, page=page, more=more)


