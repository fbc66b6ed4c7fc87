"""A championship season through the JSON interface (docs/api.md, A championship season):
an organiser, three venues, qualifiers started on the season's server and one played on
a venue's own server (its own database, its own app) and sent as its event file, season
numbers across venues, qualifying once with places passed down, the ranking, the final.

Each qualifier here is one event round of fixed deals at tables of four. The bullheads
are dealt by a strength order this test chooses: the tables are ordered by their
strongest player, and at the k-th of them (0, 1, ...) the i-th strongest player of that
table takes ``10·i + k`` bullheads. Every table then has the same placement points
(7, 5, 3, 1) and the same relative points (+15, +5, −5, −15), so by the rules the
event's standings take the tables' first players first (the k-th table's before the
next one's: fewer bullheads), then their second players, and so on; the strongest
player of all wins. :func:`expected_order` writes that down without the app's code.
"""

from __future__ import annotations

import copy
import sqlite3

import pytest

from scorekeeper import create_app
from tests.conftest import read_csrf_token, refusal

EIGHT = ["Anna", "Bram", "Cas", "Dirk", "Eva", "Fien", "Gijs", "Hans"]


class Server:
    """One server's app and a browser-less client holding its CSRF token."""

    def __init__(self, app):
        self.app = app
        self.client = app.test_client()
        self.csrf = {"X-CSRFToken": read_csrf_token(self.client, "/events")}

    def post(self, path, body=None, expect=None, **headers):
        answer = self.client.post(path, json=body if body is not None else {},
                                  headers={**self.csrf, **headers})
        if expect is not None:
            assert answer.status_code == expect, answer.get_json()
        return answer

    def get(self, path, expect=200):
        answer = self.client.get(path)
        assert answer.status_code == expect, answer.get_data(as_text=True)[:400]
        return answer.get_json()

    def rows(self) -> dict[str, list[tuple]]:
        """Every row of every table: what a refused request must leave as it was."""
        with sqlite3.connect(self.app.config["DATABASE"]) as conn:
            tables = [r[0] for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'"
                " AND name NOT LIKE 'sqlite_%'")]
            return {t: sorted(conn.execute(f'SELECT * FROM "{t}"').fetchall(), key=repr)
                    for t in tables}

    # --- An event, played by a strength order ---

    def event(self, players, headers, **fields):
        body = {"name": "Kwalificatie", "players": players, "rounds": 1, "fixed_deals": 1,
                "seed": 7, **fields}
        return self.post("/api/v1/events", body, 201, **headers).get_json()

    def play(self, event, strength):
        """Seat the one round and end every table's game by ``strength`` (names, best
        first); answers the expected final order."""
        key = {"X-Director-Key": event["director_key"]}
        tables = self.post(f"/api/v1/events/{event['id']}/rounds", None, 201,
                           **key).get_json()["tables"]
        seated = []
        tables.sort(key=lambda table: min(map(strength.index, table["players"])))
        for k, table in enumerate(tables):
            order = sorted(table["players"], key=strength.index)
            totals = {p: 10 * i + k for i, p in enumerate(order)}
            game = self.post(f"/api/v1/games/{table['game']}/deals",
                             {"number": 1, "bullheads": totals}, 201).get_json()
            assert game["finished"]
            seated.append(order)
        return expected_order(seated)


def expected_order(tables: list[list[str]]) -> list[str]:
    """The event's standings by the rules, as the module's docstring says: the tables'
    first players in the tables' order, then their second players, ..."""
    return [table[i] for i in range(max(map(len, tables))) for table in tables
            if i < len(table)]


@pytest.fixture
def here(app):
    return Server(app)


@pytest.fixture
def elsewhere(tmp_path):
    """A venue's own server without internet: its own database, its own app."""
    return Server(create_app({"TESTING": True, "DATABASE": str(tmp_path / "venue.sqlite"),
                              "SECRET_KEY": "venue"}))


class Season:
    """The organiser's season on ``here`` and its venues' keys."""

    def __init__(self, server: Server, **rules):
        self.server = server
        body = {"name": "6 nimmt! DM 2027", "qualify": {"per_event": 2},
                "min_entrants": 8, **rules}
        answer = server.post("/api/v1/seasons", body, 201).get_json()
        self.id, self.key = answer["id"], answer["organiser_key"]
        self.organiser = {"X-Organiser-Key": self.key}
        self.venues: dict[str, dict] = {}

    def venue(self, name):
        answer = self.server.post(f"/api/v1/seasons/{self.id}/venues", {"name": name}, 201,
                                  **self.organiser).get_json()
        self.venues[name] = answer
        return answer

    def qualifier(self, venue, players, strength, kind="qualifier", seed=7):
        """A qualifier started by ``venue`` on the season's server, played to its end;
        answers its expected final order."""
        event = self.server.event(players, {"X-Venue-Key": self.venues[venue]["venue_key"]},
                                  season=self.id, venue=self.venues[venue]["id"], kind=kind,
                                  seed=seed)
        return self.server.play(event, strength)

    def standings(self):
        return self.server.get(f"/api/v1/seasons/{self.id}/standings")

    def qualified(self):
        return [(q["player"], q["event"], q["rank"]) for q in self.standings()["qualified"]]

    def number(self, name):
        return next(r["number"] for r in self.standings()["standings"] if r["player"] == name)

    def send(self, venue, data, expect=201, key=None, **query):
        path = f"/api/v1/seasons/{self.id}/venues/{self.venues[venue]['id']}/results"
        if query:
            path += "?" + "&".join(f"{k}={v}" for k, v in query.items())
        headers = key if key is not None else {"X-Venue-Key": self.venues[venue]["venue_key"]}
        answer = self.server.client.post(path, json=data, headers={**self.server.csrf,
                                                                   **headers})
        assert answer.status_code == expect, answer.get_json()
        return answer.get_json()


def played_elsewhere(server: Server, players, strength, name="Vorrunde Aachen"):
    """A qualifier played on a venue's own server, knowing nothing of the season; answers
    its event file (the director's download) and its expected final order."""
    event = server.event(players, {}, name=name, seed=11)
    order = server.play(event, strength)
    answer = server.client.get(f"/api/v1/events/{event['id']}/export",
                               headers={"X-Director-Key": event["director_key"]})
    assert answer.status_code == 200
    return answer.get_json(), order


# --- The whole season ---


def test_three_venues_two_qualifiers_here_and_one_sent_as_a_file(here, elsewhere):
    season = Season(here, qualify={"per_event": 2})
    for name in ("Spielwiese Köln", "Spielbar Bonn", "Aachener Spielekreis"):
        season.venue(name)
    first = season.qualifier("Spielwiese Köln", EIGHT, EIGHT)
    second_players = ["Anna", "Bram", "Ilse", "Jan", "Karin", "Lars", "Mila", "Noor"]
    strength = ["Ilse", "Bram", "Jan", "Anna", "Karin", "Lars", "Mila", "Noor"]
    second = season.qualifier("Spielbar Bonn", second_players, strength)
    third_players = ["Olga", "Piet", "Quinten", "Rosa", "Sem", "Tess", "Ugo", "Vera"]
    data, third = played_elsewhere(elsewhere, third_players, third_players)
    taken = season.send("Aachener Spielekreis", data)
    assert taken["new"] is True and taken["from_file"] is True and taken["entrants"] == 8

    answer = season.standings()
    # In the order they qualified: each qualifier's best two not qualified before.
    assert [(q["player"], q["venue"], q["rank"]) for q in answer["qualified"]] == [
        (first[0], "Spielwiese Köln", 1), (first[1], "Spielwiese Köln", 2),
        *[(p, "Spielbar Bonn", second.index(p) + 1)
          for p in [p for p in second if p not in first[:2]][:2]],
        (third[0], "Aachener Spielekreis", 1), (third[1], "Aachener Spielekreis", 2)]
    # The ranking: 22 players, each with their points from every qualifier they played.
    ranking = answer["standings"]
    assert len(ranking) == len(set(EIGHT) | set(second_players) | set(third_players)) == 22
    points = {(7, 5, 3, 1)[i // 2] for i in range(8)}
    assert all(row["points"] in points | {a + b for a in points for b in points}
               for row in ranking)
    assert [row["rank"] for row in ranking] == list(range(1, 23))
    by_name = {row["player"]: row for row in ranking}
    assert by_name["Anna"]["events"] == by_name["Bram"]["events"] == 2
    assert {q["player"] for q in answer["qualified"]} == {
        row["player"] for row in ranking if row["qualified"]}
    # The season lists its three venues and three qualifiers, the file's among them.
    shown = here.get(f"/api/v1/seasons/{season.id}")
    assert [v["name"] for v in shown["venues"]] == list(season.venues)
    assert [(e["venue"], e["from_file"], e["entrants"]) for e in shown["events"]] == [
        ("Spielwiese Köln", False, 8), ("Spielbar Bonn", False, 8),
        ("Aachener Spielekreis", True, 8)]


def test_a_winner_of_two_qualifiers_qualifies_once_and_the_second_place_passes_down(here):
    season = Season(here, qualify={"per_event": 1})
    season.venue("Köln")
    season.venue("Bonn")
    first = season.qualifier("Köln", EIGHT, EIGHT)
    assert first[0] == "Anna"  # the strongest at table 1 or 2 wins: Anna is strongest
    second = ["Anna", "Ilse", "Jan", "Karin", "Lars", "Mila", "Noor", "Olga"]
    order = season.qualifier("Bonn", second, second)
    assert order[0] == "Anna"
    assert season.qualified() == [("Anna", "Kwalificatie", 1), (order[1], "Kwalificatie", 2)]
    anna = here.get(f"/api/v1/seasons/{season.id}/players/{season.number('Anna')}")
    assert anna["qualified"]["venue"] == "Köln" and anna["qualified"]["rank"] == 1
    assert [q["venue"] for q in anna["qualifiers"]] == ["Köln", "Bonn"]


def test_a_qualifier_under_the_minimum_qualifies_nobody_but_counts_for_the_ranking(here):
    season = Season(here, qualify={"per_event": 3}, min_entrants=9)
    season.venue("Köln")
    season.qualifier("Köln", EIGHT, EIGHT)
    answer = season.standings()
    assert answer["qualified"] == []
    assert len(answer["standings"]) == 8 and not any(r["qualified"] for r in answer["standings"])
    season.venue("Bonn")
    ten = [*EIGHT, "Ilse", "Jan"]
    order = season.qualifier("Bonn", ten, ten)
    assert [q[0] for q in season.qualified()] == order[:3]


def test_one_place_per_so_many_entrants_rounded_up(here):
    season = Season(here, qualify={"per_entrants": 3}, min_entrants=0)
    season.venue("Köln")
    order = season.qualifier("Köln", EIGHT, EIGHT)
    assert [q[0] for q in season.qualified()] == order[:3]  # 8 / 3 rounded up


def test_one_person_with_and_without_marks_and_by_number_is_one_season_number(here, elsewhere):
    season = Season(here)
    for name in ("Köln", "Bonn", "Aachen"):
        season.venue(name)
    first = ["Søren Müller", "Łukasz", *EIGHT[2:]]
    season.qualifier("Köln", first, first)
    soren, lukasz = season.number("Søren Müller"), season.number("Łukasz")
    # At Bonn typed without marks; Łukasz gives his number under another spelling.
    second = ["SOREN MULLER", {"name": "Lucas K.", "number": lukasz}, *EIGHT[2:]]
    order = [p if isinstance(p, str) else p["name"] for p in second]
    season.qualifier("Bonn", second, order)
    # At Aachen, on its own server: by number only, under a third spelling.
    players = [{"name": "S. Müller", "number": soren}, "Lukasz", *EIGHT[2:]]
    event = elsewhere.event(players, {}, name="Aachen")
    elsewhere.play(event, ["S. Müller", "Lukasz", *EIGHT[2:]])
    data = elsewhere.client.get(f"/api/v1/events/{event['id']}/export",
                                headers={"X-Director-Key": event["director_key"]}).get_json()
    assert data["numbers"] == {"S. Müller": soren}
    season.send("Aachen", data)
    rows = season.standings()["standings"]
    assert len(rows) == 8  # the same eight people every time
    by_number = {r["number"]: r for r in rows}
    assert by_number[soren]["events"] == by_number[lukasz]["events"] == 3
    assert by_number[soren]["player"] == "Søren Müller"  # the name first seen


def test_a_number_nobody_has_is_refused_when_joining_here(here):
    season = Season(here)
    season.venue("Köln")
    before = here.rows()
    answer = here.post("/api/v1/events", {
        "name": "Q", "players": [{"name": "Anna", "number": 427}, *EIGHT[1:]], "rounds": 1,
        "season": season.id, "venue": season.venues["Köln"]["id"]}, 400,
        **{"X-Venue-Key": season.venues["Köln"]["venue_key"]})
    assert answer.get_json()["code"] == "UnknownSeasonNumber"
    assert "427" in refusal(answer) and "Anna" in refusal(answer)
    assert here.rows() == before


def test_the_final_seats_exactly_the_qualified_players_and_its_wild_cards(here):
    season = Season(here, qualify={"per_event": 2})
    season.venue("Köln")
    season.venue("Bonn")
    first = season.qualifier("Köln", EIGHT, EIGHT)
    second = ["Anna", "Ilse", "Jan", "Karin", "Lars", "Mila", "Noor", "Olga"]
    order = season.qualifier("Bonn", second, second)
    qualified = [q[0] for q in season.qualified()]
    assert qualified == [first[0], first[1], *[p for p in order if p not in first[:2]][:2]]
    # A venue's key does not start the final; the organiser's does.
    here.post("/api/v1/events", {"name": "Finale", "season": season.id, "kind": "final",
                                 "rounds": 2}, 403,
              **{"X-Venue-Key": season.venues["Köln"]["venue_key"]})
    final = here.post("/api/v1/events", {
        "name": "Finale", "season": season.id, "kind": "final", "rounds": 1, "fixed_deals": 1,
        "players": ["Wildcard Wim", "Wildcard Wendy"]}, 201, **season.organiser).get_json()
    assert final["players"] == [*qualified, "Wildcard Wim", "Wildcard Wendy"]
    here.post("/api/v1/events", {"name": "Finale 2", "season": season.id, "kind": "final",
                                 "rounds": 2, "players": EIGHT}, 409, **season.organiser)
    # Its result is the season's champion and order.
    strength = [*qualified[::-1], "Wildcard Wim", "Wildcard Wendy"]
    expected = here.play(final, strength)
    champion = here.get(f"/api/v1/seasons/{season.id}/players/{season.number(expected[0])}")
    assert champion["final"]["rank"] == 1
    # The final counts for neither the ranking nor qualifying.
    assert [q[0] for q in season.qualified()] == qualified
    assert all(r["events"] <= 2 for r in season.standings()["standings"])


def test_two_players_whose_names_differ_by_a_mark_in_one_event_keep_two_numbers(here):
    season = Season(here, qualify={"per_event": 1}, min_entrants=0)
    season.venue("Köln")
    season.venue("Bonn")
    season.qualifier("Köln", ["Jan", *EIGHT[1:]], ["Jan", *EIGHT[1:]])
    jan = season.number("Jan")
    # At Bonn "Ján" and "Jan" play each other: Jan is the Jan of Köln (his name is the
    # number's own), Ján is someone else, and wins.
    other = ["Ján", "Jan", "Karin", "Lars", "Mila", "Noor", "Olga", "Piet"]
    season.qualifier("Bonn", other, other)
    assert season.number("Jan") == jan and season.number("Ján") != jan
    assert [q[0] for q in season.qualified()] == ["Jan", "Ján"]
    jan_row = next(r for r in season.standings()["standings"] if r["number"] == jan)
    assert jan_row["events"] == 2
    final = here.post("/api/v1/events", {"name": "Finale", "season": season.id,
                                         "kind": "final", "rounds": 1,
                                         "players": ["Ilse", "Eva", "Hans", "Noah"]},
                      201, **season.organiser).get_json()
    assert final["players"][:2] == ["Jan", "Ján"]


def test_the_same_file_twice_is_one_qualifier_and_a_corrected_file_replaces_it(here, elsewhere):
    season = Season(here)
    season.venue("Aachen")
    data, order = played_elsewhere(elsewhere, EIGHT, EIGHT)
    first = season.send("Aachen", data)
    again = copy.deepcopy(data)
    again["exported_at"] = "2030-01-01T00:00:00Z"  # downloaded again later
    second = season.send("Aachen", again, expect=200)
    assert second["id"] == first["id"] and second["new"] is False
    assert len(here.get(f"/api/v1/seasons/{season.id}")["events"]) == 1
    assert [q[0] for q in season.qualified()] == order[:2]


def test_a_file_with_one_deal_changed_is_refused_naming_the_table_and_stores_nothing(
        here, elsewhere):
    season = Season(here)
    season.venue("Aachen")
    data, _order = played_elsewhere(elsewhere, EIGHT, EIGHT)
    changed = copy.deepcopy(data)
    table = changed["tables"][1]
    line = table["game"]["log"][0]
    line[2][0], line[2][1] = line[2][1], line[2][0]  # two players' bullheads swapped
    before = here.rows()
    answer = season.send("Aachen", changed, expect=400)
    assert answer["code"] == "FileTotalWrong"
    assert answer["fields"]["table"] == 2 and answer["fields"]["round"] == 1
    assert answer["fields"]["player"] in table["players"]
    assert "table 2" in answer["error"] and answer["fields"]["player"] in answer["error"]
    assert here.rows() == before


@pytest.mark.parametrize("damage", ["deal", "standings", "unfinished", "rounds", "no-results"])
def test_every_file_that_does_not_add_up_is_refused_and_stores_nothing(here, elsewhere,
                                                                      damage):
    season = Season(here)
    season.venue("Aachen")
    data, order = played_elsewhere(elsewhere, EIGHT, EIGHT)
    data = copy.deepcopy(data)
    expected = {"deal": "FileTotalWrong", "standings": "FileStandingWrong",
                "unfinished": "FileTableUnfinished", "rounds": "FileRoundsLeft",
                "no-results": "FileWithoutResults"}[damage]
    if damage == "deal":
        # within what the cards allow (a deal beyond it is refused as the file is read,
        # tests/test_events_transfer.py), but not what the file's totals say
        data["tables"][0]["game"]["log"][0][2][0] += 1
    elif damage == "standings":
        data["standings"][0]["points"], data["standings"][1]["points"] = 1, 7
    elif damage == "unfinished":
        data["tables"][0]["game"]["log"] = []
        data["tables"][0]["totals"] = None
    elif damage == "rounds":
        data["rounds"] = 2
    else:
        del data["standings"]
    before = here.rows()
    answer = season.send("Aachen", data, expect=400)
    assert answer["code"] == expected, answer
    if damage in ("deal", "unfinished"):
        assert answer["fields"]["table"] == 1 and "table 1" in answer["error"]
    if damage == "standings":
        assert answer["fields"]["player"] == order[0]
    assert here.rows() == before


def test_a_file_of_another_scoring_is_refused(here, elsewhere):
    season = Season(here, scoring="wins")
    season.venue("Aachen")
    data, _order = played_elsewhere(elsewhere, EIGHT, EIGHT)
    answer = season.send("Aachen", data, expect=400)
    assert answer["code"] == "SeasonOptionDiffers" and answer["fields"]["expected"] == "wins"


def test_every_event_of_the_season_takes_its_scoring(here):
    season = Season(here, scoring="bullheads")
    season.venue("Köln")
    headers = {"X-Venue-Key": season.venues["Köln"]["venue_key"]}
    body = {"name": "Q", "players": EIGHT, "rounds": 1, "season": season.id,
            "venue": season.venues["Köln"]["id"]}
    answer = here.post("/api/v1/events", {**body, "scoring": "wins"}, 400, **headers)
    assert answer.get_json()["code"] == "SeasonOptionDiffers"
    here.post("/api/v1/events", {**body, "scoring": "bullheads"}, 201, **headers)


def test_a_stranger_and_another_venues_key_change_nothing(here, elsewhere):
    season = Season(here)
    cologne, bonn = season.venue("Köln"), season.venue("Bonn")
    data, _order = played_elsewhere(elsewhere, EIGHT, EIGHT)
    before = here.rows()
    wrong = {"X-Venue-Key": bonn["venue_key"]}
    stranger = {"X-Organiser-Key": "x" * 32}
    qualifier = {"name": "Q", "players": EIGHT, "rounds": 1, "season": season.id,
                 "venue": cologne["id"]}
    attempts = [
        here.post("/api/v1/events", qualifier, **wrong),
        here.post("/api/v1/events", qualifier),
        here.post("/api/v1/events", qualifier, **stranger),
        here.post("/api/v1/events", {"name": "F", "season": season.id, "kind": "final",
                                     "rounds": 1}, **wrong),
        here.post(f"/api/v1/seasons/{season.id}/venues", {"name": "Mine"}),
        here.post(f"/api/v1/seasons/{season.id}/venues", {"name": "Mine"}, **wrong),
        here.post(f"/api/v1/seasons/{season.id}/merge", {"from": 1, "into": 2}, **wrong),
        here.post(f"/api/v1/seasons/{season.id}/merge", {"from": 1, "into": 2}, **stranger),
    ]
    path = f"/api/v1/seasons/{season.id}/venues/{cologne['id']}/results"
    attempts.append(here.client.post(path, json=data, headers={**here.csrf, **wrong}))
    attempts.append(here.client.post(path, json=data, headers=here.csrf))
    assert [a.status_code for a in attempts] == [403] * len(attempts), [
        a.get_json() for a in attempts]
    assert {a.get_json()["code"] for a in attempts} <= {"VenueOnly", "OrganiserOnly"}
    assert here.rows() == before
    # With Bonn's own key, Bonn's results are taken.
    season.send("Bonn", data)


def test_the_organiser_merges_two_numbers_of_one_person_but_not_two_who_met(here):
    season = Season(here, qualify={"per_event": 1})
    season.venue("Köln")
    season.venue("Bonn")
    season.qualifier("Köln", EIGHT, EIGHT)
    second = ["Annie", "Ilse", "Jan", "Karin", "Lars", "Mila", "Noor", "Olga"]
    order = season.qualifier("Bonn", second, second)
    anna, annie = season.number("Anna"), season.number("Annie")
    assert [q[0] for q in season.qualified()] == ["Anna", "Annie"]
    # Anna and Bram met at Köln: two people.
    refused = here.post(f"/api/v1/seasons/{season.id}/merge",
                        {"from": season.number("Bram"), "into": anna}, 400, **season.organiser)
    assert refused.get_json()["code"] == "MergePlayedTogether"
    merged = here.post(f"/api/v1/seasons/{season.id}/merge", {"from": annie, "into": anna},
                       201, **season.organiser).get_json()
    # Annie was Anna: she qualified once (at Köln), Bonn's place passes down.
    assert [q["player"] for q in merged["qualified"]] == ["Anna", order[1]]
    row = next(r for r in merged["standings"] if r["number"] == anna)
    assert row["events"] == 2 and all(r["number"] != annie for r in merged["standings"])
    # The number merged away finds its player's page.
    page = here.client.get(f"/seasons/{season.id}/players/{annie}")
    assert page.status_code == 302 and page.headers["Location"].endswith(f"/players/{anna}")
    again = here.post(f"/api/v1/seasons/{season.id}/merge", {"from": annie, "into": anna},
                      404, **season.organiser)
    assert again.get_json()["code"] == "NoSuchPlayer"


def test_a_late_arrival_gives_a_number_and_the_last_chance_qualifies_only_the_rest(here):
    season = Season(here, qualify={"per_event": 2})
    season.venue("Köln")
    first = season.qualifier("Köln", EIGHT, EIGHT)
    anna = season.number(first[0])
    key = {"X-Venue-Key": season.venues["Köln"]["venue_key"]}
    event = here.event(["Ilse", "Jan", "Karin", "Lars", "Mila", "Noor", "Olga"], key,
                       season=season.id, venue=season.venues["Köln"]["id"], kind="last_chance")
    director = {"X-Director-Key": event["director_key"]}
    here.post(f"/api/v1/events/{event['id']}/players", {"player": "A. Late", "number": anna},
              201, **director)
    unknown = here.post(f"/api/v1/events/{event['id']}/players",
                        {"player": "Nobody", "number": 9999}, 400, **director)
    assert unknown.get_json()["code"] == "UnknownSeasonNumber"
    strength = ["A. Late", "Ilse", "Jan", "Karin", "Lars", "Mila", "Noor", "Olga"]
    order = here.play(event, strength)
    assert order[0] == "A. Late"
    # Anna (as "A. Late") won the last chance, but had qualified already.
    assert [q[0] for q in season.qualified()] == [*first[:2], order[1], order[2]]
    page = here.get(f"/api/v1/seasons/{season.id}/players/{anna}")
    assert [q["kind"] for q in page["qualifiers"]] == ["qualifier", "last_chance"]


def test_a_correction_after_the_end_moves_the_season(here):
    season = Season(here, qualify={"per_event": 1})
    season.venue("Köln")
    key = {"X-Venue-Key": season.venues["Köln"]["venue_key"]}
    event = here.event(EIGHT, key, season=season.id, venue=season.venues["Köln"]["id"])
    order = here.play(event, EIGHT)
    assert season.qualified()[0][0] == order[0]
    # The director corrects the winner's table: the winner takes the most bullheads.
    tables = here.client.get(f"/api/v1/events/{event['id']}",
                             headers={"X-Director-Key": event["director_key"]}).get_json()
    table = next(t for t in tables["tables"] if order[0] in t["players"])
    game = here.get(f"/api/v1/games/{table['game']}")
    totals = {p: 0 if p != order[0] else 90 for p in table["players"]}
    totals.update({p: 5 + i for i, p in enumerate(table["players"]) if p != order[0]})
    answer = here.client.put(f"/api/v1/games/{table['game']}/deals/1",
                             json={"bullheads": totals, "base": game["version"]},
                             headers={**here.csrf, "X-Director-Key": event["director_key"]})
    assert answer.status_code == 200, answer.get_json()
    assert season.qualified()[0][0] != order[0]
    row = next(r for r in season.standings()["standings"] if r["player"] == order[0])
    assert row["points"] == 1


@pytest.mark.parametrize(("body", "code"), [
    ({"name": "", "qualify": {"per_event": 3}}, "BadSeasonName"),
    ({"name": "S", "qualify": {"per_event": 0}}, "BadQualify"),
    ({"name": "S", "qualify": {"per_event": 3, "per_entrants": 8}}, "BadQualify"),
    ({"name": "S", "qualify": {"every": 3}}, "BadQualify"),
    ({"name": "S"}, "BadQualify"),
    ({"name": "S", "qualify": {"per_entrants": 8}, "min_entrants": -1}, "BadMinEntrants"),
    ({"name": "S", "qualify": {"per_entrants": 8}, "best": 0}, "BadSeasonBest"),
    ({"name": "S", "qualify": {"per_entrants": 8}, "scoring": "luck"}, "BadScoring"),
    ([], "SeasonNotAnObject"),
])
def test_a_season_that_cannot_be_is_refused_with_its_reason(here, body, code):
    answer = here.post("/api/v1/seasons", body, 400)
    assert answer.get_json()["code"] == code
    assert refusal(answer)


@pytest.mark.parametrize(("fields", "code", "status"), [
    ({"venue": "x"}, "NotInASeason", 400),
    ({"season": "nope"}, "NoSuchSeason", 404),
    ({"season": "{season}", "kind": "friendly"}, "BadKind", 400),
    ({"season": "{season}"}, "VenueMissing", 400),
    ({"season": "{season}", "venue": "nope"}, "NoSuchVenue", 404),
])
def test_an_event_of_a_season_that_cannot_be_is_refused(here, fields, code, status):
    season = Season(here)
    fields = {k: v.replace("{season}", season.id) for k, v in fields.items()}
    answer = here.post("/api/v1/events", {"name": "Q", "players": EIGHT, "rounds": 1,
                                          **fields}, status, **season.organiser)
    assert answer.get_json()["code"] == code


def test_a_players_line_says_only_what_the_public_standings_say(here):
    season = Season(here, qualify={"per_event": 1})
    season.venue("Köln")
    order = season.qualifier("Köln", EIGHT, EIGHT)
    number = season.number(order[1])
    page = here.get(f"/api/v1/seasons/{season.id}/players/{number}")
    line = next(r for r in season.standings()["standings"] if r["number"] == number)
    assert (page["player"], page["rank"], page["points"], page["events"]) == (
        line["player"], line["rank"], line["points"], line["events"])
    assert page["qualified"] is None
    event = here.get(f"/api/v1/seasons/{season.id}")["events"][0]
    standings = here.get(f"/api/v1/events/{event['id']}/standings")["standings"]
    mine = next(r for r in standings if r["player"] == order[1])
    assert page["qualifiers"] == [{"event": "Kwalificatie", "kind": "qualifier",
                                   "venue": "Köln", "date": event["ended"][:10],
                                   "rank": mine["rank"], "points": mine["points"]}]
    text = str(page)
    assert season.key not in text and season.venues["Köln"]["venue_key"] not in text
    here.get(f"/api/v1/seasons/{season.id}/players/999", expect=404)


def test_a_final_seats_more_players_than_an_ordinary_event_takes(here):
    """An event takes 200 players; a final its qualified players and wild cards, up to
    250 (a Wizard final seats 190–230)."""
    season = Season(here, qualify={"per_event": 2}, min_entrants=0)
    season.venue("Köln")
    season.qualifier("Köln", EIGHT, EIGHT)
    wild = [f"Wildcard {n}" for n in range(1, 204)]
    here.post("/api/v1/events", {"name": "Clubavond", "players": wild[:201], "rounds": 1},
              400)
    final = here.post("/api/v1/events", {"name": "Finale", "season": season.id,
                                         "kind": "final", "rounds": 1, "players": wild},
                      201, **season.organiser).get_json()
    assert len(final["players"]) == 205
    tables = here.post(f"/api/v1/events/{final['id']}/rounds", None, 201,
                       **{"X-Director-Key": final["director_key"]}).get_json()["tables"]
    assert sum(len(t["players"]) for t in tables) == 205 and len(tables) == 51
    too_many = [f"Extra {n}" for n in range(1, 252)]
    season2 = Season(here, qualify={"per_event": 2}, min_entrants=0)
    answer = here.post("/api/v1/events", {"name": "Finale", "season": season2.id,
                                          "kind": "final", "rounds": 1, "players": too_many},
                       400, **season2.organiser)
    assert answer.get_json()["code"] == "EventPlayerCount"


def test_the_file_of_a_qualifier_played_here_is_refused_it_counts_already(here):
    season = Season(here)
    season.venue("Köln")
    season.qualifier("Köln", EIGHT, EIGHT)
    event = here.get(f"/api/v1/seasons/{season.id}")["events"][0]
    # Its file (as its director downloads it) is sent as a venue's file.
    rows = here.rows()
    with here.app.app_context():
        from scorekeeper.events import store as events
        from scorekeeper.events import transfer
        from scorekeeper.web.db import get_db
        data = transfer.event_file(get_db(), events.must_load(get_db(), event["id"]))
    answer = season.send("Köln", data, expect=409)
    assert answer["code"] == "QualifierPlayedHere"
    assert here.rows() == rows


def test_the_season_names_its_champion_once_the_final_has_ended(here):
    season = Season(here, qualify={"per_event": 3}, min_entrants=0)
    season.venue("Köln")
    order = season.qualifier("Köln", EIGHT, EIGHT)
    final = here.post("/api/v1/events", {"name": "Finale", "season": season.id,
                                         "kind": "final", "rounds": 1, "fixed_deals": 1,
                                         "players": ["Ilse", "Jan", "Karin"]},
                      201, **season.organiser).get_json()
    shown = here.get(f"/api/v1/seasons/{season.id}")["final"]
    assert shown["id"] == final["id"] and shown["ended"] is None and shown["standings"] == []
    result = here.play(final, ["Karin", *order[:3], "Ilse", "Jan"])
    shown = here.get(f"/api/v1/seasons/{season.id}")["final"]
    assert [line["player"] for line in shown["standings"]] == result
    champion = here.get(f"/api/v1/seasons/{season.id}/players/"
                        f"{shown['standings'][0]['number']}")
    assert champion["player"] == "Karin" and champion["final"]["rank"] == 1
    assert champion["rank"] is None  # a wild card: in no qualifier, so not in the ranking


# --- The season's options on the events it creates (engine/event_options.py) ---


def test_a_season_scored_by_bullheads_creates_qualifiers_scored_by_bullheads(here):
    """Two tables where placement and bullheads order differently. Table A: 0, 30, 31,
    32 bullheads; table B: 5, 6, 7, 8. By bullheads (fewest first): A's 0, then B's 5,
    6, 7, 8, then A's 30, 31, 32. By placement A's 30 (5 points) would come before B's
    7 (3 points)."""
    season = Season(here, scoring="bullheads", qualify={"per_event": 2})
    venue = season.venue("Köln")
    event = here.event(EIGHT, {"X-Venue-Key": venue["venue_key"]}, season=season.id,
                       venue=venue["id"])
    assert event["scoring"] == "bullheads"
    key = {"X-Director-Key": event["director_key"]}
    tables = here.post(f"/api/v1/events/{event['id']}/rounds", None, 201,
                       **key).get_json()["tables"]
    high, low = tables[0]["players"], tables[1]["players"]
    for table, totals in ((high, [0, 30, 31, 32]), (low, [5, 6, 7, 8])):
        game = next(t["game"] for t in tables if t["players"] == table)
        here.post(f"/api/v1/games/{game}/deals",
                  {"number": 1, "bullheads": dict(zip(table, totals, strict=True))}, 201)
    standings = here.get(f"/api/v1/events/{event['id']}/standings")["standings"]
    assert [row["player"] for row in standings] == [high[0], *low, *high[1:]]
    # The season takes the event's places as the event ranks them.
    assert [q[0] for q in season.qualified()] == [high[0], low[0]]


def test_the_final_started_with_knock_out_and_sign_off_has_them(here):
    season = Season(here, scoring="wins", qualify={"per_event": 2})
    season.venue("Köln")
    qualified = season.qualifier("Köln", EIGHT, EIGHT)[:2]
    final = here.post("/api/v1/events", {
        "name": "Finale", "season": season.id, "kind": "final", "rounds": 1,
        "fixed_deals": 1, "players": ["Wim", "Wendy", "Ilse", "Jan"], "knockout": 4,
        "sign_off": True, "release": "round"}, 201, **season.organiser).get_json()
    assert final["players"] == [*qualified, "Wim", "Wendy", "Ilse", "Jan"]
    assert (final["scoring"], final["sign_off"], final["release"], final["knockout"]) == (
        "wins", True, "round", 4)
    # A final of another scoring than the season's is refused, and nothing is made.
    before = here.rows()
    answer = here.post("/api/v1/events", {"name": "Finale", "season": season.id,
                                          "kind": "final", "rounds": 1, "scoring": "bullheads"},
                       400, **season.organiser)
    assert answer.get_json()["code"] == "SeasonOptionDiffers"
    assert here.rows() == before



def test_a_qualifier_asking_for_signs_counts_once_every_table_is_signed(here):
    season = Season(here, qualify={"per_event": 2})
    venue = season.venue("Köln")
    event = here.event(EIGHT, {"X-Venue-Key": venue["venue_key"]}, season=season.id,
                       venue=venue["id"], sign_off=True)
    order = here.play(event, EIGHT)
    assert season.qualified() == []  # the games ended, their results await their signs
    seen = here.client.get(f"/api/v1/events/{event['id']}",
                           headers={"X-Director-Key": event["director_key"]}).get_json()
    table_phone = Server(here.app)  # another player's phone at the tables
    for table in seen["tables"]:
        table_phone.post(f"/api/v1/events/{event['id']}/rounds/1/tables/{table['table']}"
                         "/sign-off", {"client_id": f"sign-{table['table']}",
                                       "game": table["game"]}, 200)
    assert [q[0] for q in season.qualified()] == order[:2]


def test_a_player_the_director_renames_keeps_their_season_number(here):
    season = Season(here, qualify={"per_event": 2})
    venue = season.venue("Köln")
    event = here.event(EIGHT, {"X-Venue-Key": venue["venue_key"]}, season=season.id,
                       venue=venue["id"])
    order = here.play(event, EIGHT)
    number = season.number(order[0])
    renamed = f"{order[0]} van Dijk"
    answer = here.client.patch(f"/api/v1/events/{event['id']}/players",
                               json={"from": order[0], "to": renamed},
                               headers={"X-Director-Key": event["director_key"]})
    assert answer.status_code == 200, answer.get_json()
    assert len(season.standings()["standings"]) == len(EIGHT)  # nobody got a new number
    page = here.get(f"/api/v1/seasons/{season.id}/players/{number}")
    assert page["qualifiers"][0]["rank"] == 1 and page["qualified"] is not None
    # The renamed spelling finds the number from now on, as a new event's entrant.
    later = here.event([renamed, "Ilse", "Jan", "Karin", "Lars", "Mila", "Noor", "Olga"],
                       {"X-Venue-Key": venue["venue_key"]}, season=season.id,
                       venue=venue["id"], name="Tweede")
    here.play(later, [renamed, "Ilse", "Jan", "Karin", "Lars", "Mila", "Noor", "Olga"])
    assert here.get(f"/api/v1/seasons/{season.id}/players/{number}")["events"] == 2
