"""The season pages: start a season, the season's public page, the organiser's page, a
venue's page, a player's page, an event's results under season numbers, and the
ranking and the qualified players as CSV and PDF.

Everyone may look at the season, its venues, its events' results and its players'
pages. Only the organiser adds venues, merges numbers and starts the final (the browser
that started the season, or one that opened the organiser's link); a venue's browser
(one that opened its link) starts that venue's qualifiers and sends their files. Any
other browser gets a 403 page saying who may, and nothing changes. Every form works
without JavaScript; a GET writes nothing (opening a link only gives a cookie).
"""

from __future__ import annotations

from flask import (
    Blueprint,
    Response,
    abort,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext

from ..engine.errors import RulesError
from ..events import present as event_present
from ..events import store as events_store
from ..events.errors import MAX_EVENT_FILE, EventFileTooLarge
from ..events.forms import scoring_label
from ..games import spreadsheet
from ..games import store as games_store
from ..web import keys, pdf, security
from ..web.db import get_db
from ..web.errors import describe
from ..web.jsonio import parse_json
from ..web.security import private
from ..web.workers import heavy
from . import access, files, link, numbers, present, standing, store
from .api import add_venue, checked_name, checked_venue_name
from .errors import (
    FINAL,
    LAST_CHANCE,
    QUALIFIER,
    BadMerge,
    NoSuchPlayer,
    NotAnOrganiserLink,
    NotAVenueLink,
    OrganiserOnly,
    VenueOnly,
)
from .forms import FileForm, MergeForm, SeasonForm, VenueForm
from .store import Season, Venue, must_load

bp = Blueprint("seasons", __name__)


def _register(_state: object) -> None:
    """Events hear of seasons, and a table's game tells its season it changed."""
    link.register()
    games_store.add_watcher(link.game_changed)


bp.record_once(_register)

#: Lines of the ranking on one page of the season's page.
PAGE = 100


def _links(season_id: str) -> dict[str, str]:
    """The addresses a season page links by the hundred, up to their last part: a
    player's page (add the number), an event's results and an event's own page (add its
    id). One ``url_for`` a line would cost more than the rest of the line."""
    def prefix(endpoint: str, **values: object) -> str:
        return url_for(endpoint, **values).rsplit("/", 1)[0] + "/"

    return {"player": prefix("seasons.player", season_id=season_id, number=0),
            "results": prefix("seasons.results", season_id=season_id, event_id="x"),
            "event": prefix("events.event", event_id="x")}


def organised() -> list[tuple[str, str]]:
    """(id, name) of every season this browser holds the organiser's key of."""
    held = access.ORGANISERS.keys()
    if not held:
        return []
    return [(row["id"], row["name"]) for row in store.named_seasons(get_db(), list(held))
            if keys.opens(row["key_hash"], held[row["id"]])]


@bp.route("/seasons", methods=["GET", "POST"])
@private
def index():
    """Start a season; the seasons this browser organises."""
    form = SeasonForm()
    problem = None
    if form.validate_on_submit():
        try:
            name = checked_name(form.name.data)
            rule, best, scoring = form.values()
        except RulesError as exc:
            problem = describe(exc)
        else:
            key = keys.new_key()
            season_id = store.create_season(get_db(), name, rule, best, scoring,
                                            keys.key_hash(key))
            answer = redirect(url_for("seasons.organiser", season_id=season_id, key=key,
                                      new=1))
            return access.ORGANISERS.remember(answer, season_id, key)
    elif request.method == "POST":
        problem = gettext("Please check the form.")
    return render_template("seasons/index.html", form=form, problem=problem,
                           mine=organised()), 400 if problem else 200


def _page_number() -> int:
    page = request.args.get("page", 1, type=int)
    return page if page and page > 0 else 1


@bp.get("/seasons/<season_id>")
def page(season_id: str):
    """Everyone's view: venues, events with their dates, who qualified, the ranking (a
    hundred lines a page), the final."""
    db = get_db()
    season = must_load(db, season_id)
    number = _page_number()
    count = standing.ranked(db, season.id)
    events = store.events_of(db, season.id)
    final = next((e for e in events if e.kind == FINAL), None)
    key = access.organiser_key(season)
    answer = make_response(render_template(
        "seasons/season.html", season=season, events=events, final=final,
        champions=[] if final is None or final.ended is None else
        standing.event_results(db, final.event_id)[:3],
        qualified=standing.qualified(db, season.id),
        ranking=standing.ranking(db, season.id, PAGE, (number - 1) * PAGE),
        ranked=count, page=number, pages=max(1, -(-count // PAGE)),
        words=present.Words(), urls=_links(season.id),
        rule=present.rule_text(season),
        organiser_link=None if key is None else url_for("seasons.organiser",
                                                        season_id=season.id, key=key)))
    return answer if key is None else security.keep_secret(answer)


def _organiser(season: Season, key: str, problem: str | None = None, status: int = 200,
               venue_form: VenueForm | None = None, merge_form: MergeForm | None = None):
    db = get_db()
    events = store.events_of(db, season.id)
    links = [(venue, url_for("seasons.venue_link", season_id=season.id, venue_id=venue.id,
                             key=access.venue_key(key, venue.id), _external=True))
             for venue in season.venues]
    final = next((e for e in events if e.kind == FINAL), None)
    page = render_template(
        "seasons/organiser.html", season=season, problem=problem, links=links,
        venue_form=venue_form or VenueForm(), merge_form=merge_form or MergeForm(),
        file_form=FileForm(), new=request.args.get("new") == "1", final=final,
        scoring=scoring_label(season.scoring),
        final_options=[] if final is None else event_present.option_lines(
            events_store.must_load(db, final.event_id)),
        qualified=len(standing.qualified(db, season.id)), merges=store.merges(db, season.id),
        words=present.Words(), rule=present.rule_text(season),
        organiser_url=url_for("seasons.organiser", season_id=season.id, key=key,
                              _external=True))
    return security.keep_secret(make_response(page, status))


@bp.get("/seasons/<season_id>/organiser/<key>", endpoint="organiser")
def organiser_page(season_id: str, key: str):
    """The organiser's page; opening it makes this browser an organiser of the season."""
    season = must_load(get_db(), season_id)
    if not keys.opens(season.key_hash, key):
        raise NotAnOrganiserLink(season=season.name)
    answer = _organiser(season, key)
    if access.organiser_key(season) != key:
        access.ORGANISERS.remember(answer, season_id, key)
    return answer


def _organiser_key(season: Season) -> str:
    """The organiser's key this browser holds; a 403 page for anyone else (a program's
    header does not open the pages' forms)."""
    key = access.organiser_key(season)
    if key is None or access.ORGANISER_HEADER in request.headers:
        raise OrganiserOnly(season=season.name)
    return key


@bp.post("/seasons/<season_id>/venues")
def venue_form(season_id: str):
    season = must_load(get_db(), season_id)
    key = _organiser_key(season)
    form = VenueForm()
    if not form.validate_on_submit():
        return _organiser(season, key, gettext("Please check the form."), 400, form)
    try:
        venue_id, _venue_key = add_venue(season, checked_venue_name(form.name.data), key)
    except RulesError as exc:
        return _organiser(season, key, describe(exc), exc.status, form)
    return redirect(url_for("seasons.organiser", season_id=season_id, key=key,
                            added=venue_id, _anchor="venues"))


@bp.post("/seasons/<season_id>/merge")
def merge_form(season_id: str):
    """Two season numbers of one person count as one from now on."""
    season = must_load(get_db(), season_id)
    key = _organiser_key(season)
    form = MergeForm()
    if not form.validate_on_submit():
        return _organiser(season, key, gettext("Please check the form."), 400,
                          merge_form=form)
    try:
        typed = [(value or "").strip().lstrip("#") for value in (form.source.data,
                                                                 form.target.data)]
        if not all(text.isascii() and text.isdigit() and len(text) <= 9 for text in typed):
            raise BadMerge()
        source, target = (int(text) for text in typed)
        numbers.merge(get_db(), season, source, target)
    except RulesError as exc:
        return _organiser(season, key, describe(exc), exc.status, merge_form=form)
    return redirect(url_for("seasons.organiser", season_id=season_id, key=key,
                            merged=source, into=target, _anchor="merge"))


def _venue(season: Season, venue: Venue, problem: str | None = None, status: int = 200,
           form: FileForm | None = None, runs: bool | None = None):
    """A venue's page: its events; with the venue's (or the organiser's) key, starting
    a qualifier and sending a qualifier's file."""
    runs = access.runs(season, venue) if runs is None else runs
    page = make_response(render_template(
        "seasons/venue.html", season=season, venue=venue, runs=runs, problem=problem,
        events=store.events_at(get_db(), season.id, venue.id), form=form or FileForm(),
        words=present.Words(), QUALIFIER=QUALIFIER,
        LAST_CHANCE=LAST_CHANCE, taken=request.args.get("taken")), status)
    return security.keep_secret(page) if runs else page


@bp.get("/seasons/<season_id>/venues/<venue_id>")
def venue(season_id: str, venue_id: str):
    season = must_load(get_db(), season_id)
    return _venue(season, season.venue(venue_id))


@bp.get("/seasons/<season_id>/venues/<venue_id>/<key>", endpoint="venue_link")
def venue_link_page(season_id: str, venue_id: str, key: str):
    """The venue's link: opening it makes this browser that venue's."""
    season = must_load(get_db(), season_id)
    venue = season.venue(venue_id)
    if not keys.opens(venue.key_hash, key):
        raise NotAVenueLink(venue=venue.name)
    answer = _venue(season, venue, runs=True)
    if access.held_venue_key(venue) != key:
        access.VENUES.remember(answer, venue.id, key)
    return answer


@bp.post("/seasons/<season_id>/venues/<venue_id>/results")
def results_form(season_id: str, venue_id: str):
    """A qualifier's event file, sent from the venue's page."""
    db = get_db()
    season = must_load(db, season_id)
    venue = season.venue(venue_id)
    if access.ORGANISER_HEADER in request.headers or access.VENUE_HEADER in request.headers:
        raise VenueOnly(venue=venue.name)
    access.require_venue(season, venue)
    form = FileForm()
    if not form.validate_on_submit():
        return _venue(season, venue, gettext("Please check the form."), 400, form)
    raw = form.file.data.read(MAX_EVENT_FILE + 1) if form.file.data else b""
    try:
        if len(raw) > MAX_EVENT_FILE:
            raise EventFileTooLarge()
        event_id, _new = files.take(db, season, venue, parse_json(raw), form.kind.data)
    except RulesError as exc:
        return _venue(season, venue, describe(exc), exc.status, form)
    return redirect(url_for("seasons.venue", season_id=season_id, venue_id=venue_id,
                            taken=event_id, _anchor="events"))


@bp.get("/seasons/<season_id>/players/<int:number>")
def player(season_id: str, number: int):
    """A player's page: their events, their place in the ranking, whether they qualified
    (where and when); what the public standings say, no more."""
    db = get_db()
    season = must_load(db, season_id)
    row = store.player(db, season.id, number)
    if row is not None and row["merged_into"] is not None:
        return redirect(url_for("seasons.player", season_id=season_id,
                                number=row["merged_into"]))
    view = standing.player_view(db, season, number)
    return render_template("seasons/player.html", season=season, view=view,
                           words=present.Words())


@bp.get("/seasons/<season_id>/players")
def find_player(season_id: str):
    """``?number=427``: the player's page (a form on the season's page)."""
    season = must_load(get_db(), season_id)
    text = request.args.get("number", "").strip().lstrip("#")
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise NoSuchPlayer(number=text)
    if store.player(get_db(), season.id, int(text)) is None:
        raise NoSuchPlayer(number=int(text))
    return redirect(url_for("seasons.player", season_id=season_id, number=int(text)))


@bp.get("/seasons/<season_id>/events/<event_id>", endpoint="results")
def event_results(season_id: str, event_id: str):
    """An event of the season: its final standings under season numbers, each name a
    link to the player's page (where a table slip's second code leads)."""
    db = get_db()
    season = must_load(db, season_id)
    event = store.event_of(db, season.id, event_id)
    if event is None:
        abort(404)
    return render_template("seasons/event.html", season=season, event=event,
                           rows=standing.event_results(db, event_id), words=present.Words(),
                           urls=_links(season.id))


# --- Paper -------------------------------------------------------------------------------


def ranking_table(season: Season) -> list[list[object]]:
    table: list[list[object]] = [[gettext("Place"), gettext("Season number"), gettext("Name"),
                                  gettext("Qualifiers"), gettext("Points"),
                                  gettext("Qualified")]]
    for row in standing.ranking(get_db(), season.id):
        table.append([row.rank, row.number, row.name, row.events, row.points,
                      gettext("yes") if row.qualified else ""])
    return table


def qualified_table(season: Season) -> list[list[object]]:
    day = present.Words().day
    table: list[list[object]] = [[gettext("Order"), gettext("Season number"), gettext("Name"),
                                  gettext("Venue"), gettext("Event"), gettext("Date"),
                                  gettext("Place")]]
    for row in standing.qualified(get_db(), season.id):
        table.append([row.order, row.number, row.name, row.venue or "", row.event,
                      day(row.ended), row.place])
    return table


@bp.get("/seasons/<season_id>/standings.csv")
def standings_csv(season_id: str):
    return spreadsheet.response(ranking_table(must_load(get_db(), season_id)),
                                "season-ranking.csv")


@bp.get("/seasons/<season_id>/qualified.csv")
def qualified_csv(season_id: str):
    return spreadsheet.response(qualified_table(must_load(get_db(), season_id)),
                                "season-qualified.csv")


def _pdf(season_id: str, which: str) -> Response:
    season = must_load(get_db(), season_id)
    table = ranking_table(season) if which == "ranking" else qualified_table(season)
    head = [gettext("No.") if index == 1 else cell for index, cell in enumerate(table[0])]
    return pdf.response("seasons/print.html", f"season-{which}.pdf", pdf.current_lang(),
                        pdf.paper_arg(), season=season, which=which, head=head,
                        rows=table[1:], rule=present.rule_text(season),
                        points=present.points)


@bp.get("/seasons/<season_id>/standings.pdf")
@heavy
def standings_pdf(season_id: str):
    return _pdf(season_id, "ranking")


@bp.get("/seasons/<season_id>/qualified.pdf")
@heavy
def qualified_pdf(season_id: str):
    return _pdf(season_id, "qualified")
