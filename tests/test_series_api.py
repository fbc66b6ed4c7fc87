"""A club's series through the JSON interface (docs/api.md, Series): three (then four)
events of 8 players played through the ordinary events and games APIs, one player winning
every table and one losing every table.

The expected numbers are computed here without the series code: the points from each
event's own standings (``/api/v1/events/<id>/standings``, section 6 of the rules), the
ratings by calling ``openskill``'s Bradley-Terry model directly on every game's totals
as the games API answers them, in the order the test played them.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from openskill.models import BradleyTerryFull

from scorekeeper.web.db import get_db
from tests.conftest import read_csrf_token

PLAYERS = ["Ann", "Bob", "Cas", "Dirk", "Eva", "Fien", "Gijs", "Hans"]
WINNER, LOSER = "Ann", "Hans"


class Club:
    """A club's phones: CSRF token, the series' key, each event's director's key."""

    def __init__(self, app, client):
        self.app = app
        self.client = client
        self.csrf = {"X-CSRFToken": read_csrf_token(client, "/events")}
        self.played: list[dict[str, int]] = []
        """Every game's final totals, in the order played."""
        self.event_keys: dict[str, str] = {}

    def sql(self, query):
        with self.app.app_context():
            return get_db().execute(query).fetchall()

    def post(self, path, body=None, **headers):
        return self.client.post(path, json=body if body is not None else {},
                                headers={**self.csrf, **headers})

    def series(self, **body):
        answer = self.post("/api/v1/series", {"name": "Clubcompetitie 2027", **body})
        assert answer.status_code == 201, answer.get_json()
        return answer.get_json()

    def event(self, series, name, players, rounds=2):
        answer = self.post("/api/v1/events", {
            "name": name, "players": players, "rounds": rounds, "fixed_deals": 1,
            "series": series["id"], "seed": len(self.event_keys)},
            **{"X-Series-Key": series["director_key"]})
        assert answer.status_code == 201, answer.get_json()
        event = answer.get_json()
        self.event_keys[event["id"]] = event["director_key"]
        return event

    def play_event(self, event, rounds=2, tie=False):
        """Every table: the winner takes 0 bullheads, the loser 60, the others between
        (two of them equal with ``tie``)."""
        for number in range(1, rounds + 1):
            seated = self.post(f"/api/v1/events/{event['id']}/rounds",
                               **{"X-Director-Key": self.event_keys[event["id"]]})
            assert seated.status_code == 201, seated.get_json()
            for table in seated.get_json()["tables"]:
                values = {}
                for seat, player in enumerate(table["players"]):
                    if player.casefold() == WINNER.casefold():
                        values[player] = 0
                    elif player.casefold() == LOSER.casefold():
                        values[player] = 60
                    else:
                        values[player] = 9 if tie else 5 + 3 * seat + 2 * number
                game = self.post(f"/api/v1/games/{table['game']}/deals",
                                 {"number": 1, "bullheads": values})
                assert game.status_code == 201, game.get_json()
                assert game.get_json()["finished"]
                self.played.append(game.get_json()["totals"])

    def event_points(self, event_id):
        answer = self.client.get(f"/api/v1/events/{event_id}/standings").get_json()
        return {row["player"].casefold(): Fraction(str(row["points"]))
                for row in answer["standings"]}

    def standings(self, series_id):
        answer = self.client.get(f"/api/v1/series/{series_id}/standings")
        assert answer.status_code == 200
        return answer.get_json()


@pytest.fixture
def club(app, client):
    return Club(app, client)


def expected_ratings(games):
    """openskill's Bradley-Terry (full pairing), called directly: each game's totals as
    its ranks (lower is better, equal totals tie), every player's rating carried on."""
    model = BradleyTerryFull()
    ratings = {}
    for totals in games:
        names = [name.casefold() for name in totals]
        teams = [[ratings.get(name) or model.rating()] for name in names]
        rated = model.rate(teams, ranks=list(totals.values()))
        ratings.update({name: team[0] for name, team in zip(names, rated, strict=True)})
    return ratings


def three_events(club, **series_body):
    series = club.series(**series_body)
    events = []
    for number, players in enumerate([PLAYERS, PLAYERS,
                                      [p.lower() if p == "Ann" else p for p in PLAYERS]], 1):
        event = club.event(series, f"Clubavond {number}", players)
        club.play_event(event, tie=number == 2)
        events.append(event)
    return series, events


def test_create_answers_the_series_with_its_key_once(club):
    series = club.series(best=8)
    assert set(series) >= {"id", "name", "best", "director_key", "events"}
    assert (series["name"], series["best"], series["events"]) == ("Clubcompetitie 2027", 8, [])
    assert re.fullmatch(r"[A-Za-z0-9_-]{16}", series["id"])
    assert re.fullmatch(r"[A-Za-z0-9_-]{32}", series["director_key"])  # 192 random bits
    shown = club.client.get(f"/api/v1/series/{series['id']}").get_json()
    assert "director_key" not in shown and series["director_key"] not in str(shown)
    stored = club.sql("SELECT key_hash FROM series")[0][0]
    assert series["director_key"] not in stored and len(stored) == 64
    assert club.series()["best"] is None


def test_three_events_standings_and_ratings(club):
    series, events = three_events(club)
    answer = club.standings(series["id"])
    assert answer["events"] == 3
    rows = {row["player"].casefold(): row for row in answer["standings"]}
    assert len(rows) == 8  # "ann" in the third event is Ann
    assert rows["ann"]["player"] == "ann"  # the spelling of her latest game

    expected = {name.casefold(): Fraction(0) for name in PLAYERS}
    for event in events:
        for name, points in club.event_points(event["id"]).items():
            expected[name] += points
    for name, row in rows.items():
        assert Fraction(str(row["points"])) == expected[name], name
        assert row["events"] == 3
    # 6 games, each won by Ann (7 points) and lost by Hans (1 point).
    assert expected["ann"] == 42 and expected["hans"] == 6

    ratings = expected_ratings(club.played)
    assert len(club.played) == 12
    for name, row in rows.items():
        assert row["rating"]["mu"] == pytest.approx(ratings[name].mu, abs=1e-4), name
        assert row["rating"]["sigma"] == pytest.approx(ratings[name].sigma, abs=1e-4)
        assert row["rating"]["ordinal"] == pytest.approx(
            ratings[name].mu - 3 * ratings[name].sigma, abs=1e-3)

    order = answer["standings"]
    assert order[0]["player"] == "ann" and order[-1]["player"] == "Hans"
    by_mu = sorted(order, key=lambda row: row["rating"]["mu"])
    assert by_mu[-1]["player"] == "ann" and by_mu[0]["player"] == "Hans"
    assert [row["rank"] for row in order] == sorted(row["rank"] for row in order)
    points = [Fraction(str(row["points"])) for row in order]
    assert points == sorted(points, reverse=True)


def test_best_events_count_on_a_fourth_event(club):
    series, events = three_events(club, best=3)
    fourth = club.event({**series}, "Clubavond 4", PLAYERS)
    club.play_event(fourth)
    per_event = [club.event_points(e["id"]) for e in [*events, fourth]]
    answer = club.standings(series["id"])
    assert answer["events"] == 4
    for row in answer["standings"]:
        name = row["player"].casefold()
        best = sorted((points[name] for points in per_event), reverse=True)[:3]
        assert Fraction(str(row["points"])) == sum(best), name
        assert row["events"] == 4
    everything = {name: sum(points[name] for points in per_event)
                  for name in per_event[0]}
    assert any(Fraction(str(r["points"])) < everything[r["player"].casefold()]
               for r in answer["standings"]), "the rule was never exercised"


def test_a_stranger_cannot_add_an_event(club):
    series = club.series()
    body = {"name": "Mine", "players": PLAYERS, "rounds": 1, "series": series["id"]}
    events_before = club.sql("SELECT count(*) FROM events")[0][0]
    for headers in ({}, {"X-Series-Key": "x" * 32}, {"X-Series-Key": series["director_key"][:-1]}):
        answer = club.post("/api/v1/events", body, **headers)
        assert answer.status_code == 403, headers
        assert answer.get_json()["code"] == "SeriesOnly"
    assert club.sql("SELECT count(*) FROM events")[0][0] == events_before
    other = club.series(name="Another club")
    answer = club.post("/api/v1/events", body, **{"X-Series-Key": other["director_key"]})
    assert answer.status_code == 403
    missing = club.post("/api/v1/events", {**body, "series": "nothing-here-abc"},
                        **{"X-Series-Key": series["director_key"]})
    assert missing.status_code == 404 and missing.get_json()["code"] == "NoSuchSeries"
    wrong_type = club.post("/api/v1/events", {**body, "series": 7})
    assert wrong_type.status_code == 400 and wrong_type.get_json()["code"] == "BadShape"
    assert club.client.get(f"/api/v1/series/{series['id']}").get_json()["events"] == []


@pytest.mark.parametrize("body, code", [
    ({"name": ""}, "BadSeriesName"), ({"name": "x" * 101}, "BadSeriesName"),
    ({"name": "S", "best": 0}, "BadBest"), ({"name": "S", "best": "8"}, "BadBest"),
    ({"name": "S", "best": True}, "BadBest"), ({"name": "S", "best": 105}, "BadBest"),
])
def test_bad_series_are_refused(club, body, code):
    answer = club.post("/api/v1/series", body)
    assert answer.status_code == 400 and answer.get_json()["code"] == code


def test_creating_needs_the_csrf_token(client):
    answer = client.post("/api/v1/series", json={"name": "S"})
    assert answer.status_code == 400 and answer.get_json()["code"] == "FormExpired"


def test_merge_two_spellings(club):
    series = club.series()
    first = club.event(series, "Avond 1", [*PLAYERS[:7], "Jose"])
    club.play_event(first, rounds=1)
    second = club.event(series, "Avond 2", [*PLAYERS[:7], "José"])
    club.play_event(second, rounds=1)
    before = club.standings(series["id"])
    assert len(before["standings"]) == 9
    key = {"X-Series-Key": series["director_key"]}
    path = f"/api/v1/series/{series['id']}/merge"

    assert club.post(path, {"from": "Jose", "into": "José"}).status_code == 403
    # A key header needs no CSRF token (no browser sends one from another site): the
    # request is judged on its content.
    no_token = club.client.post(path, json={"from": "Zoë", "into": "José"}, headers=key)
    assert no_token.get_json()["code"] == "MergeUnknownPlayer"
    refused = club.post(path, {"from": "Ann", "into": "Bob"}, **key)
    assert refused.status_code == 400 and refused.get_json()["code"] == "MergeSameEvent"
    unknown = club.post(path, {"from": "Zoë", "into": "José"}, **key)
    assert unknown.get_json()["code"] == "MergeUnknownPlayer"

    merged = club.post(path, {"from": "Jose", "into": "José"}, **key)
    assert merged.status_code == 201, merged.get_json()
    rows = {row["player"]: row for row in merged.get_json()["standings"]}
    assert "Jose" not in rows and rows["José"]["events"] == 2
    points = {row["player"]: Fraction(str(row["points"])) for row in before["standings"]}
    assert Fraction(str(rows["José"]["points"])) == points["Jose"] + points["José"]
    again = club.post(path, {"from": "JOSE", "into": "José"}, **key)
    assert again.get_json()["code"] == "MergeSamePlayer"
    shown = club.client.get(f"/api/v1/series/{series['id']}").get_json()
    assert shown["merges"] == [{"from": "Jose", "into": "José"}]


def test_a_correction_moves_the_standings_at_once(club):
    series = club.series()
    event = club.event(series, "Avond", PLAYERS, rounds=1)
    club.play_event(event, rounds=1)
    game = club.sql("SELECT game, players FROM event_tables")[0]
    before = {r["player"]: r["points"] for r in club.standings(series["id"])["standings"]}
    players = re.findall(r'"([^"]+)"', game["players"])
    flipped = {p: (60 if p == players[0] else 0 if p == players[-1] else 30)
               for p in players}
    answer = club.client.put(f"/api/v1/games/{game['game']}/deals/1",
                             json={"bullheads": flipped},
                             headers={**club.csrf, "X-Director-Key": club.event_keys[event["id"]]})
    assert answer.status_code == 200, answer.get_json()
    after = {r["player"]: r["points"] for r in club.standings(series["id"])["standings"]}
    assert after[players[-1]] == 7 and after != before
