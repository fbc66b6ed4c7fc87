"""The series pages: starting a series, its public page (standings, ratings in words, a
chart per player, who beats whom), the director's link and merge form, the event form's
choice of series, and the CSV and PDF read back."""

from __future__ import annotations

import re
import subprocess

import pytest

from scorekeeper.games import summary
from scorekeeper.series.season import load_season
from scorekeeper.web.db import get_db
from tests.conftest import read_csrf_token
from tests.test_series_api import PLAYERS, Club


@pytest.fixture
def club(app, client):
    return Club(app, client)


def played_series(club, events=2):
    series = club.series()
    for number in range(1, events + 1):
        event = club.event(series, f"Clubavond {number}", PLAYERS)
        club.play_event(event, tie=number == 2)
    return series


def form_token(client, path):
    html = client.get(path).get_data(as_text=True)
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)[1]


def test_start_a_series_from_the_page(client):
    token = form_token(client, "/series")
    answer = client.post("/series", data={"csrf_token": token, "name": "Clubcompetitie",
                                          "best": "8"})
    assert answer.status_code == 302
    director = answer.headers["Location"]
    assert re.search(r"/series/[\w-]{16}/director/[\w-]{32}\?new=1$", director)
    cookie = answer.headers["Set-Cookie"]
    assert cookie.startswith("series=") and "HttpOnly" in cookie and "Path=/;" in cookie
    page = client.get(director)
    assert page.status_code == 200 and page.headers["Cache-Control"] == "private, no-store"
    html = page.get_data(as_text=True)
    assert "<svg" in html and "You direct this series on this device." in html
    public = client.get(director.split("/director/")[0])
    assert "/director/" in public.get_data(as_text=True)  # this browser directs it
    assert public.headers["Cache-Control"] == "private, no-store"
    listed = client.get("/series")
    assert "Clubcompetitie" in listed.get_data(as_text=True)
    assert listed.headers["Cache-Control"] == "private, no-store"
    # The event form now offers the series.
    events = client.get("/events").get_data(as_text=True)
    assert 'name="series"' in events and "Clubcompetitie" in events


@pytest.mark.parametrize("fields, sentence", [
    ({"name": ""}, "The series needs a name"),
    ({"name": "S", "best": "nul"}, "The number of events that count"),
])
def test_a_bad_series_form_keeps_what_was_typed(client, fields, sentence):
    token = form_token(client, "/series")
    answer = client.post("/series", data={"csrf_token": token, **fields})
    html = answer.get_data(as_text=True)
    assert answer.status_code == 400 and sentence in html
    if fields.get("best"):
        assert 'value="nul"' in html


def test_the_event_form_joins_the_series(app, club):
    series = club.series()
    client = club.client
    client.get(f"/series/{series['id']}/director/{series['director_key']}")
    token = form_token(client, "/events")
    answer = client.post("/events", data={
        "csrf_token": token, "name": "Clubavond", "players": "\n".join(PLAYERS),
        "rounds": "3", "end": "threshold", "threshold": "66", "series": series["id"]})
    assert answer.status_code == 302, answer.get_data(as_text=True)
    shown = client.get(f"/api/v1/series/{series['id']}").get_json()
    assert [e["name"] for e in shown["events"]] == ["Clubavond"]


def test_a_stranger_gets_no_choice_and_no_way_in(app, club):
    series = club.series()
    stranger = app.test_client()
    html = stranger.get("/events").get_data(as_text=True)
    assert 'name="series"' not in html
    token = form_token(stranger, "/events")
    answer = stranger.post("/events", data={
        "csrf_token": token, "name": "Mine", "players": "\n".join(PLAYERS), "rounds": "3",
        "end": "threshold", "threshold": "66", "series": series["id"]})
    assert answer.status_code == 400  # not one of this browser's choices
    assert club.client.get(f"/api/v1/series/{series['id']}").get_json()["events"] == []
    wrong = stranger.get(f"/series/{series['id']}/director/{'x' * 32}")
    assert wrong.status_code == 403
    assert "not the director&#39;s link" in wrong.get_data(as_text=True)
    merge = stranger.post(f"/series/{series['id']}/merge", data={
        "csrf_token": token, "source": "Ann", "target": "Bob"})
    assert merge.status_code == 403
    assert "Only the director of the series" in merge.get_data(as_text=True)


def test_the_public_page_shows_standings_ratings_and_records(app, club):
    series = played_series(club)
    page = club.client.get(f"/series/{series['id']}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert series["director_key"] not in html and "/director/" not in html
    with app.app_context():
        state = load_season(get_db(), series["id"])
    first = state.rows[0]
    assert first.name == "Ann"
    mu, sigma = first.standing.rating.mu, first.standing.rating.sigma
    assert f"about {round(mu)} ± {max(1, round(sigma))}" in html
    assert html.count('<polyline points="') == 8  # one chart per player
    assert html.count('<details class="player"') == 8
    assert "Rival" in html and "Bullheads per deal" in html


def test_the_records_are_those_of_the_games_statistics(app, club):
    """Over the same games, the series' who-beats-whom equals /games/stats' (which keeps
    its sums in the database): the pure part is one, in engine/record.py."""
    series = played_series(club)
    with app.app_context():
        state = load_season(get_db(), series["id"])
        stats, _more = summary.statistics(get_db(), None, per_page=50)
    by_key = {row["name_key"]: row for row in stats}
    assert len(by_key) == 8
    for row in state.rows:
        record, expected = row.record, by_key[row.name.casefold()]
        assert (record.games, record.wins, record.clean) == (
            expected["games"], expected["wins"], expected["clean"])
        assert (record.win_rate, record.average) == (expected["win_rate"],
                                                     expected["average"])
        rival = record.rival
        assert (None if rival is None else {"name": rival.name, "ahead": rival.ahead,
                                            "shared": rival.shared}) == expected["rival"]
    ann = next(r.record for r in state.rows if r.name == "Ann")
    assert ann.wins == ann.games == 4 and ann.rival is None
    hans = next(r.record for r in state.rows if r.name == "Hans")
    assert hans.wins == 0 and hans.rival is not None and hans.rival.ahead == hans.rival.shared


def test_merge_from_the_directors_page(club):
    series = club.series()
    for number, last in enumerate(["Jose", "José"], 1):
        club.play_event(club.event(series, f"Avond {number}", [*PLAYERS[:7], last]), rounds=1)
    client = club.client
    director = f"/series/{series['id']}/director/{series['director_key']}"
    token = read_csrf_token(client, director)
    before = club.standings(series["id"])
    asked = client.get(f"/series/{series['id']}/merge?source=Jose&target=Jos%C3%A9")
    assert asked.status_code == 200 and "Count “Jose” as José?" in asked.get_data(as_text=True)
    assert club.standings(series["id"]) == before  # asked first: nothing merged yet
    answer = client.post(f"/series/{series['id']}/merge", data={
        "csrf_token": token, "source": "Jose", "target": "José", "confirm": "yes"})
    assert answer.status_code == 302
    html = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert "“Jose” now counts as José." in html
    refused = client.post(f"/series/{series['id']}/merge", data={
        "csrf_token": token, "source": "Ann", "target": "Bob"})
    assert refused.status_code == 400
    assert "both played in" in refused.get_data(as_text=True)
    names = [r["player"] for r in club.standings(series["id"])["standings"]]
    assert "Jose" not in names and "José" in names

    merge = club.client.get(f"/api/v1/series/{series['id']}").get_json()["merges"][0]
    undone = client.post(f"/series/{series['id']}/merges/{merge['id']}/undo",
                         data={"csrf_token": token})
    assert undone.status_code == 302
    html = client.get(undone.headers["Location"]).get_data(as_text=True)
    assert "“Jose” and José are two players again." in html and "Merges undone" in html
    assert club.standings(series["id"]) == before  # the standings as before the merge
    shown = club.client.get(f"/api/v1/series/{series['id']}").get_json()
    assert shown["merges"] == [] and shown["undone_merges"][0]["from"] == "Jose"
    again = client.post(f"/series/{series['id']}/merges/{merge['id']}/undo",
                        data={"csrf_token": token})
    assert again.status_code == 404 and "no merge 1 to undo" in again.get_data(as_text=True)
    stranger = club.client.application.test_client()
    theirs = read_csrf_token(stranger, f"/series/{series['id']}")
    assert stranger.post(f"/series/{series['id']}/merges/{merge['id']}/undo",
                         data={"csrf_token": theirs}).status_code == 403


def test_csv_and_pdf(club, tmp_path):
    series = played_series(club)
    standings = club.standings(series["id"])["standings"]
    csv = club.client.get(f"/series/{series['id']}/standings.csv?lang=nl")
    assert csv.status_code == 200
    text = csv.data.decode("utf-8-sig")
    lines = text.splitlines()
    assert lines[0].startswith("Plaats;Naam;")
    assert lines[1].split(";")[:2] == ["1", "Ann"]
    assert len(lines) == 1 + len(standings)

    answer = club.client.get(f"/series/{series['id']}/standings.pdf?lang=de")
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    path = tmp_path / "series.pdf"
    path.write_bytes(answer.data)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True,
                          capture_output=True, text=True).stdout
    assert "Clubcompetitie 2027" in text and "Rangliste" in text
    first = re.search(r"^\s*1\s+Ann\s+2\s+(\d+)\s+etwa (\d+) ± (\d+)", text, re.M)
    assert first, text
    assert int(first[1]) == standings[0]["points"]
    assert int(first[2]) == round(standings[0]["rating"]["mu"])


def test_unknown_series_is_404(client):
    assert client.get("/series/abcdefghijklmnop").status_code == 404
    assert client.get("/api/v1/series/abcdefghijklmnop/standings").status_code == 404
    assert client.get("/series/abcdefghijklmnop/standings.pdf").status_code == 404


def test_reads_write_nothing(app, club):
    series = played_series(club, events=1)
    with app.app_context():
        before = get_db().total_changes
    for path in (f"/series/{series['id']}", f"/api/v1/series/{series['id']}/standings",
                 f"/series/{series['id']}/standings.csv"):
        assert club.client.get(path).status_code == 200
    with app.app_context():
        assert get_db().total_changes == before
    assert read_csrf_token(club.client, f"/series/{series['id']}")
