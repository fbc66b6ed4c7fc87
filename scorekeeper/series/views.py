"""The series pages: start a series, its public page, the director's page and the merge
form, and the CSV and PDF of its standings.

Everyone may look at ``/series/<id>``: the standings, each player's rating with its
history and who beats whom. Only the key's holder changes anything: the browser that
started the series, or one that opened the director's link (:mod:`.key`); any other
browser gets a 403 page saying who may, and nothing changes. Every form works without
JavaScript; the charts are SVG drawn here.
"""

from __future__ import annotations

import re

from flask import Blueprint, make_response, redirect, render_template, request, url_for
from flask_babel import gettext

from ..engine.errors import RulesError
from ..events.joining import register
from ..games import spreadsheet
from ..web import keys, pdf, security
from ..web.db import get_db
from ..web.errors import describe
from ..web.security import private
from ..web.workers import heavy
from . import key as series_key
from . import present, store
from .api import add_existing, checked_merge, checked_name, merge
from .errors import NotAnEventLink, NotASeriesLink, SeriesOnly
from .forms import AddEventForm, MergeForm, SeriesForm
from .season import Season, load_season
from .store import Series, must_load

bp = Blueprint("series", __name__)


def directed() -> list[tuple[str, str]]:
    """(id, name) of every series this browser holds a valid key for, newest first."""
    held = series_key.held()
    if not held:
        return []
    return [(row["id"], row["name"]) for row in store.named_series(get_db(), list(held))
            if keys.opens(row["key_hash"], held[row["id"]])]


def admit(db, series_id: str, event_id: str) -> None:
    """An event joining the series as it is created (``events/joining.py``): 404 for no
    such series, 403 without its key (the header, else this browser's cookie)."""
    series = must_load(db, series_id)
    series_key.require(series)
    store.add_event(db, series, event_id)


bp.record_once(lambda _state: register(admit, directed))


@bp.route("/series", methods=["GET", "POST"])
@private
def index():
    """Start a series; the series this browser directs."""
    form = SeriesForm()
    problem = None
    if form.validate_on_submit():
        try:
            name, best = checked_name(form.name.data), form.best_value()
        except RulesError as exc:
            problem = describe(exc)
        else:
            key = keys.new_key()
            series_id = store.create_series(get_db(), name, best, keys.key_hash(key))
            answer = redirect(url_for("series.director", series_id=series_id, key=key, new=1))
            return series_key.remember(answer, series_id, key)
    elif request.method == "POST":
        problem = gettext("Please check the form.")
    return render_template("series/index.html", form=form, problem=problem,
                           mine=directed()), 400 if problem else 200


@bp.get("/series/<series_id>")
def page(series_id: str):
    """Everyone's view: standings, ratings and their history, who beats whom."""
    state = load_season(get_db(), series_id)
    key = series_key.held_key(state.series)
    page = make_response(render_template(
        "series/series.html", state=state, series=state.series, charts=state.charts,
        about=present.about, points=present.points, average=present.average,
        win_rate=present.win_rate,
        director_link=None if key is None else url_for("series.director",
                                                       series_id=series_id, key=key)))
    # A director's browser sees its key in the link to its page: kept by no cache.
    return page if key is None else security.keep_secret(page)


def _director(state: Season, key: str, problem: str | None = None, status: int = 200,
              form: MergeForm | None = None, add: AddEventForm | None = None):
    form = form or MergeForm()
    names = sorted((row.name for row in state.rows), key=str.casefold)
    form.source.choices = form.target.choices = [(name, name) for name in names]
    page = render_template(
        "series/director.html", state=state, series=state.series, form=form,
        add_form=add or AddEventForm(), problem=problem, new=request.args.get("new") == "1",
        director_url=url_for("series.director", series_id=state.series.id, key=key,
                             _external=True))
    return security.keep_secret(make_response(page, status))


@bp.get("/series/<series_id>/director/<key>", endpoint="director")
def director_page(series_id: str, key: str):
    """The director's page; opening it makes this browser a director of the series (the
    link a co-director scans from the QR code)."""
    state = load_season(get_db(), series_id)
    if not keys.opens(state.series.key_hash, key):
        raise NotASeriesLink(series=state.series.name)
    answer = _director(state, key)
    if series_key.held_key(state.series) != key:
        series_key.remember(answer, series_id, key)
    return answer


def _held(series_id: str) -> tuple[Series, str]:
    """The series and the key this browser holds for it; a form's answer for a director's
    browser only (403 ``SeriesOnly`` otherwise, and for a request sending the header)."""
    series = must_load(get_db(), series_id)
    key = series_key.held_key(series)
    if key is None or series_key.HEADER in request.headers:
        raise SeriesOnly(series=series.name)
    return series, key


@bp.route("/series/<series_id>/merge", methods=["GET", "POST"])
def merge_form(series_id: str):
    """Two spellings of one player count as one from now on; the merge form (a GET with
    ``?source=&target=``) asks first, and so does a POST without ``confirm=yes``."""
    series, key = _held(series_id)
    if request.method == "GET":
        try:
            return _confirm_merge(series, key, *checked_merge(
                series, request.args.get("source"), request.args.get("target")))
        except RulesError as exc:
            return _director(load_season(get_db(), series_id), key, describe(exc),
                             exc.status)
    form = MergeForm()
    if not form.validate_on_submit():
        return _director(load_season(get_db(), series_id), key,
                         gettext("Please check the form."), 400, form)
    try:
        if request.form.get("confirm") != "yes":  # asked first: it moves points
            return _confirm_merge(series, key, *checked_merge(
                series, form.source.data, form.target.data))
        source, target = merge(series, form.source.data, form.target.data)
    except RulesError as exc:
        return _director(load_season(get_db(), series_id), key, describe(exc), exc.status,
                         form)
    return redirect(url_for("series.director", series_id=series_id, key=key,
                            merged=source, into=target, _anchor="merge"))


#: An event's director's link, as its director's page shows it (the path is enough).
_EVENT_LINK = re.compile(r"/events/([A-Za-z0-9_-]{1,40})/director/(" + keys.KEY.pattern + ")")


@bp.post("/series/<series_id>/events")
def add_event(series_id: str):
    """An event that exists already on this server joins the series: its director's
    link, pasted by the series' director, gives its id and its key."""
    series, key = _held(series_id)
    form = AddEventForm()
    if not form.validate_on_submit():
        return _director(load_season(get_db(), series_id), key,
                         gettext("Please check the form."), 400, add=form)
    found = _EVENT_LINK.search((form.link.data or "").strip())
    try:
        if found is None:
            raise NotAnEventLink(value=(form.link.data or "").strip())
        event = add_existing(series, found[1], found[2])
    except RulesError as exc:
        return _director(load_season(get_db(), series_id), key, describe(exc), exc.status,
                         add=form)
    return redirect(url_for("series.director", series_id=series_id, key=key,
                            added=event.name, _anchor="add-event"))


def _confirm_merge(series: store.Series, key: str, source: str, target: str):
    page = render_template(
        "confirm.html", title=series.name,
        question=gettext("Count “%(name)s” as %(player)s?", name=source, player=target),
        consequences=[
            gettext("From now on the games, points and rating of “%(name)s” count for "
                    "%(player)s, in every event of the series.", name=source, player=target),
            gettext("You can undo it afterwards.")],
        action=url_for("series.merge_form", series_id=series.id),
        yes=gettext("Yes, count them as one player"),
        fields={"source": source, "target": target},
        back=url_for("series.director", series_id=series.id, key=key, _anchor="merge"))
    return security.keep_secret(make_response(page))


@bp.post("/series/<series_id>/merges/<int:merge_id>/undo")
def undo_merge(series_id: str, merge_id: int):
    """A merge taken back: the two names are two players again (the history keeps it)."""
    series, key = _held(series_id)
    if not MergeForm().validate_on_submit():
        return _director(load_season(get_db(), series_id), key,
                         gettext("Please check the form."), 400)
    try:
        store.undo_merge(get_db(), series.id, merge_id)
    except RulesError as exc:
        return _director(load_season(get_db(), series_id), key, describe(exc), exc.status)
    undone = next(m for m in must_load(get_db(), series_id).undone if m.id == merge_id)
    return redirect(url_for("series.director", series_id=series_id, key=key,
                            unmerged=undone.from_name, into=undone.into_name,
                            _anchor="merge"))


def standings_table(state: Season) -> list[list[object]]:
    """The standings for a spreadsheet: a line per player."""
    table: list[list[object]] = [[
        gettext("Place"), gettext("Name"), gettext("Club events"), gettext("Points"),
        gettext("Rating"), gettext("Uncertainty"), gettext("Games"), gettext("Wins"),
    ]]
    for row in state.rows:
        rating = row.standing.rating
        table.append([row.standing.rank, row.name, row.standing.events, row.standing.points,
                      round(rating.mu, 2), round(rating.sigma, 2), row.record.games,
                      row.record.wins])
    return table


@bp.get("/series/<series_id>/standings.csv")
def standings_csv(series_id: str):
    """``;`` and a byte-order mark for Dutch and German, ``,`` for English, as an
    event's results."""
    return spreadsheet.response(standings_table(load_season(get_db(), series_id)),
                                "series-standings.csv")


@bp.get("/series/<series_id>/standings.pdf")
@heavy
def standings_pdf(series_id: str):
    state = load_season(get_db(), series_id)
    return pdf.response("series/print_standings.html", "series-standings.pdf",
                        pdf.current_lang(), pdf.paper_arg(), state=state,
                        series=state.series, about=present.about, points=present.points)
