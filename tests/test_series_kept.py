"""The series' season is kept in memory between requests (``series/season.py``,
:func:`kept_season`), keyed by the series and the state of its events' tables: after each
kind of write that changes what it is computed from, the standings the API answers (and
so the page, the CSV and the PDF, which read the same season) equal a full computation
made afresh from the database.

Each test reads the standings first, so that a season is kept, then writes, then reads
again: the answer must have moved (the write changed the result) and equal
:func:`season`, which reads the tables and rates every game again.
"""

from __future__ import annotations

import re

import pytest

from scorekeeper.engine import series as engine_series
from scorekeeper.series import season as season_module
from scorekeeper.series.api import standings_json
from scorekeeper.series.store import must_load
from scorekeeper.web.db import get_db
from tests.test_series_api import PLAYERS, Club


@pytest.fixture
def club(app, client, monkeypatch):
    # A mark every other game, so that a change goes on from one (a year's 32 would
    # never be reached by these few games).
    monkeypatch.setattr(engine_series, "MARK_EVERY", 2)
    return Club(app, client)


def computed(club, series_id):
    """The standings computed afresh: the tables read again, every game rated again."""
    with club.app.test_request_context():
        db = get_db()
        return standings_json(season_module.season(db, must_load(db, series_id)))


def kept_then(club, series_id, write):
    """The standings before and after ``write()``, a season kept before it; the answer
    after equals a full computation."""
    before = club.standings(series_id)
    assert club.standings(series_id) == before  # served from what was kept
    write()
    after = club.standings(series_id)
    assert after == computed(club, series_id)
    return before, after


def director(club, event):
    return {"X-Director-Key": club.event_keys[event["id"]]}


def played(club, rounds=1, **series_body):
    series = club.series(**series_body)
    event = club.event(series, "Avond 1", PLAYERS, rounds=rounds)
    club.play_event(event, rounds=rounds)
    return series, event


def table_players(club, event_id, round_=1, number=1):
    row = club.sql(f"SELECT players, game FROM event_tables WHERE event_id = '{event_id}'"
                   f" AND round = {round_} AND number = {number}")[0]
    return re.findall(r'"([^"]+)"', row["players"]), row["game"]


def reversed_totals(club, game):
    """The game's totals turned round (what the best took, the worst takes): totals
    its deal could have handed out, that move everyone."""
    totals = club.client.get(f"/api/v1/games/{game}").get_json()["totals"]
    names, values = list(totals), list(totals.values())
    return dict(zip(names, reversed(values), strict=True))


def test_a_season_is_computed_once_while_nothing_changes(club, monkeypatch):
    series, _event = played(club)
    calls = []
    full = season_module.season
    monkeypatch.setattr(season_module, "season",
                        lambda db, s, before: calls.append(s.id) or full(db, s, before))
    for path in (f"/api/v1/series/{series['id']}/standings", f"/series/{series['id']}",
                 f"/series/{series['id']}/standings.csv"):
        assert club.client.get(path).status_code == 200
    assert calls == [series["id"]]


def test_a_correction_to_a_finished_game(club):
    series, event = played(club, rounds=2)
    _players, game = table_players(club, event["id"], round_=2, number=2)

    def correct():
        answer = club.client.put(f"/api/v1/games/{game}/deals/1",
                                 json={"bullheads": reversed_totals(club, game)},
                                 headers={**club.csrf, **director(club, event)})
        assert answer.status_code == 200, answer.get_json()

    before, after = kept_then(club, series["id"], correct)
    assert after != before
    with club.app.test_request_context():
        kept = season_module.load_season(get_db(), series["id"])
    # The last game of four was corrected: the ratings went on from the mark after the
    # second game.
    assert (kept.games, kept.run.rated) == (4, 2)


def test_totals_from_paper_and_the_table_reopened(club):
    series, event = played(club)
    _players, game = table_players(club, event["id"])
    table = f"/api/v1/events/{event['id']}/rounds/1/tables/1"
    paper = reversed_totals(club, game)

    def type_totals():
        answer = club.client.put(f"{table}/totals", json={"totals": paper},
                                 headers={**club.csrf, **director(club, event)})
        assert answer.status_code == 200, answer.get_json()

    def reopen():
        answer = club.post(f"{table}/reopen", **director(club, event))
        assert answer.status_code == 200, answer.get_json()

    first, typed = kept_then(club, series["id"], type_totals)
    assert typed != first
    _typed, reopened = kept_then(club, series["id"], reopen)  # its game counts again
    assert reopened == first


def test_a_replaced_game_and_putting_it_back(club):
    series, event = played(club)
    table = f"/api/v1/events/{event['id']}/rounds/1/tables/1"

    def replace():
        answer = club.post(f"{table}/replace", **director(club, event))
        assert answer.status_code == 201, answer.get_json()

    def put_back():
        answer = club.post(f"{table}/replace/undo", **director(club, event))
        assert answer.status_code == 200, answer.get_json()

    first, replaced = kept_then(club, series["id"], replace)  # the new game is empty
    assert replaced != first
    _replaced, back = kept_then(club, series["id"], put_back)
    assert back == first


def test_a_merge_and_its_undoing(club):
    series = club.series()
    for number, name in enumerate(["Jose", "José"], 1):
        club.play_event(club.event(series, f"Avond {number}", [*PLAYERS[:7], name]),
                        rounds=1)
    key = {"X-Series-Key": series["director_key"]}

    def merge():
        answer = club.post(f"/api/v1/series/{series['id']}/merge",
                           {"from": "Jose", "into": "José"}, **key)
        assert answer.status_code == 201, answer.get_json()

    def undo():
        merge_id = club.client.get(f"/api/v1/series/{series['id']}").get_json()["merges"][0]
        answer = club.post(f"/api/v1/series/{series['id']}/merges/{merge_id['id']}/undo",
                           {}, **key)
        assert answer.status_code == 200, answer.get_json()

    first, merged = kept_then(club, series["id"], merge)
    assert len(merged["standings"]) == len(first["standings"]) - 1
    _merged, undone = kept_then(club, series["id"], undo)
    assert undone == first


def test_an_event_added_to_the_series(club):
    series, _event = played(club)
    answer = club.post("/api/v1/events", {"name": "Avond 2", "players": PLAYERS,
                                          "rounds": 1, "fixed_deals": 1, "seed": 7})
    assert answer.status_code == 201, answer.get_json()
    outside = answer.get_json()
    club.event_keys[outside["id"]] = outside["director_key"]
    club.play_event(outside, rounds=1)

    def add():
        added = club.post(f"/api/v1/series/{series['id']}/events", {"event": outside["id"]},
                          **{"X-Series-Key": series["director_key"],
                             "X-Director-Key": outside["director_key"]})
        assert added.status_code in (200, 201), added.get_json()

    before, after = kept_then(club, series["id"], add)
    assert (before["events"], after["events"]) == (1, 2) and after != before


def championship_event(club, series, **options):
    answer = club.post("/api/v1/events", {
        "name": "Finale", "players": PLAYERS, "rounds": 1, "fixed_deals": 1,
        "series": series["id"], "seed": 3, **options},
        **{"X-Series-Key": series["director_key"]})
    assert answer.status_code == 201, answer.get_json()
    event = answer.get_json()
    club.event_keys[event["id"]] = event["director_key"]
    return event


def test_a_table_counts_once_signed(club):
    series, _first = played(club)
    event = championship_event(club, series, sign_off=True)
    club.play_event(event, rounds=1)

    def sign():
        answer = club.post(f"/api/v1/events/{event['id']}/rounds/1/tables/1/sign-off",
                           {"client_id": "kept-test"}, **director(club, event))
        assert answer.status_code == 200, answer.get_json()

    before, after = kept_then(club, series["id"], sign)
    assert after != before


def test_a_round_withheld_until_its_last_table_is_done(club):
    series, _first = played(club)
    event = championship_event(club, series, release="round")
    seated = club.post(f"/api/v1/events/{event['id']}/rounds", **director(club, event))
    assert seated.status_code == 201, seated.get_json()
    tables = seated.get_json()["tables"]
    assert len(tables) == 2

    def finish(table):
        bullheads = {player: (0, 60, 11, 14)[seat]
                     for seat, player in enumerate(table["players"])}
        answer = club.post(f"/api/v1/games/{table['game']}/deals",
                           {"number": 1, "bullheads": bullheads})
        assert answer.status_code == 201 and answer.get_json()["finished"]

    before, withheld = kept_then(club, series["id"], lambda: finish(tables[0]))
    assert withheld == before  # the round is not done: its table does not count yet
    _withheld, released = kept_then(club, series["id"], lambda: finish(tables[1]))
    assert released != withheld
