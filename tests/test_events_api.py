"""The club events JSON interface (docs/api.md, Club events), with every table's game played
through the ordinary deals API: seating, 409s, refusals, drop-outs, late arrivals, and
standings checked against values worked out by hand."""

from __future__ import annotations

import re
from itertools import combinations

import pytest

from scorekeeper.web.db import get_db
from tests.conftest import read_csrf_token

NAMES = [f"Player {n:02d}" for n in range(1, 17)]


@pytest.fixture
def api(client):
    """JSON with the CSRF header, as a director's phone sends it."""
    csrf_headers = {"X-CSRFToken": read_csrf_token(client, "/events")}

    class Api:
        keys: dict[str, str] = {}

        def headers(self, path, director=True):
            """The CSRF header, and the director's key of the event the path names."""
            match = re.match(r"/api/v1/events/([^/?]+)", path)
            key = self.keys.get(match[1]) if match and director else None
            return {**csrf_headers, **({"X-Director-Key": key} if key else {})}

        def post(self, path, body=None, director=True, **kw):
            return client.post(path, json=body if body is not None else {},
                               headers=self.headers(path, director), **kw)

        def put(self, path, body, director=True):
            return client.put(path, json=body, headers=self.headers(path, director))

        def get(self, path, director=False, **kw):
            return client.get(path, headers=self.headers(path, director), **kw)

        def event(self, players, rounds=3, **settings):
            answer = self.post("/api/v1/events", {"name": "Clubavond", "players": players,
                                                  "rounds": rounds, **settings})
            assert answer.status_code == 201, answer.get_json()
            body = answer.get_json()
            self.keys[body["id"]] = body["director_key"]
            return body

        def seat(self, event_id):
            answer = self.post(f"/api/v1/events/{event_id}/rounds")
            assert answer.status_code == 201, answer.get_json()
            return answer.get_json()

        def standings(self, event_id):
            answer = self.get(f"/api/v1/events/{event_id}/standings")
            assert answer.status_code == 200
            return answer.get_json()

        def play(self, game, players, *deals):
            """Enter ``deals`` (bullheads in seat order) as the table's phone would."""
            body = None
            for number, values in enumerate(deals, 1):
                answer = self.post(f"/api/v1/games/{game}/deals", {
                    "number": number, "bullheads": dict(zip(players, values, strict=True))})
                assert answer.status_code == 201, answer.get_json()
                body = answer.get_json()
            return body

    return Api()


def seated_pairs(tables):
    return [frozenset(pair) for table in tables for pair in combinations(table["players"], 2)]


def test_create_answers_the_event(api):
    event = api.event(NAMES[:6], rounds=2, seed=7, threshold=50, virgin_doubling=True)
    assert event["name"] == "Clubavond" and event["players"] == NAMES[:6]
    assert (event["rounds"], event["round"], event["seed"]) == (2, 0, 7)
    assert (event["threshold"], event["fixed_deals"], event["virgin_doubling"]) == (50, None, True)
    assert event["tables"] == [] and event["active"] == NAMES[:6]
    assert len(event["id"]) >= 16 and not event["id"].isdigit()  # unguessable
    key = event.pop("director_key")
    assert len(key) >= 22 and event.pop("director_url").endswith(
        f"/events/{event['id']}/director/{key}")
    assert api.get(f"/api/v1/events/{event['id']}", director=True).get_json() == event
    public = api.get(f"/api/v1/events/{event['id']}").get_json()
    assert public == {k: v for k, v in event.items() if k not in ("seed", "replaced")}


def test_a_random_seed_is_chosen_and_kept(api):
    first, second = api.event(NAMES[:8]), api.event(NAMES[:8])
    assert isinstance(first["seed"], int) and first["id"] != second["id"]
    shown = api.get(f"/api/v1/events/{first['id']}", director=True).get_json()
    assert shown["seed"] == first["seed"]


def test_sixteen_players_over_three_rounds(api):
    """Tables of 4, everyone once a round, no pair meeting twice, and the points and
    relative points each player's games give by the rules of docs/rules.md (Club events)."""
    event = api.event(NAMES, rounds=3, seed=2024)
    base = (5, 15, 25, 70)  # one deal; 70 reaches 66 and ends the game; mean 28.75
    expected = {name: [0, 0.0, 0, 0] for name in NAMES}  # points, relative, bullheads, games
    pairs = []
    for round_number in (1, 2, 3):
        seated = api.seat(event["id"])
        assert seated["round"] == round_number
        tables = seated["tables"]
        assert [t["table"] for t in tables] == [1, 2, 3, 4]
        assert [len(t["players"]) for t in tables] == [4, 4, 4, 4]
        assert sorted(p for t in tables for p in t["players"]) == sorted(NAMES)
        pairs += seated_pairs(tables)
        for t in tables:
            shift = (t["table"] + round_number) % 4
            values = base[shift:] + base[:shift]
            game = api.play(t["game"], t["players"], values)
            assert game["finished"] is True
            for player, value in zip(t["players"], values, strict=True):
                place = sorted(values).index(value)
                expected[player][0] += (7, 5, 3, 1)[place]
                expected[player][1] += 28.75 - value
                expected[player][2] += value
                expected[player][3] += 1
    assert len(pairs) == len(set(pairs)) == 3 * 4 * 6  # no pair met twice

    answer = api.standings(event["id"])
    assert answer["round"] == 3 and answer["playing"] == []
    rows = answer["standings"]
    assert [row["rank"] for row in rows] == list(range(1, 17))
    for row in rows:
        points, relative, bullheads, games = expected[row["player"]]
        assert (row["points"], row["bullheads"], row["games"]) == (points, bullheads, games)
        assert row["relative"] == pytest.approx(relative)
    keys = [(-r["points"], -r["relative"], r["bullheads"]) for r in rows]
    assert keys == sorted(keys)

    beyond = api.post(f"/api/v1/events/{event['id']}/rounds")
    assert beyond.status_code == 409
    assert "All 3 event rounds have been seated" in beyond.get_json()["error"]


def test_seven_players_standings_worked_out_by_hand(api):
    """Tables of 4 and 3, one deal each (to 66):

    table 1 (seats a b c d): 10 20 20 70, mean 30 -> points 7 4 4 1 (b and c share 2nd
    and 3rd: (5 + 3) / 2), relative 20 10 10 -40.
    table 2 (seats e f g): 66 0 30, mean 32 -> points 1 7 4, relative -34 32 2.
    Order: f (7, 32), a (7, 20), b and c (4, 10, 20 bullheads: the lot), g (4, 2),
    e (1, -34), d (1, -40).
    """
    event = api.event(NAMES[:7], rounds=2, seed=11)
    tables = api.seat(event["id"])["tables"]
    assert [len(t["players"]) for t in tables] == [4, 3]
    (a, b, c, d), (e, f, g) = tables[0]["players"], tables[1]["players"]
    api.play(tables[0]["game"], tables[0]["players"], (10, 20, 20, 70))
    api.play(tables[1]["game"], tables[1]["players"], (66, 0, 30))

    rows = api.standings(event["id"])["standings"]
    lines = [(r["rank"], r["points"], r["relative"], r["bullheads"], r["games"]) for r in rows]
    assert lines == [(1, 7, 32, 0, 1), (2, 7, 20, 10, 1), (3, 4, 10, 20, 1),
                     (4, 4, 10, 20, 1), (5, 4, 2, 30, 1), (6, 1, -34, 66, 1),
                     (7, 1, -40, 70, 1)]
    players = [r["player"] for r in rows]
    assert players[:2] == [f, a] and set(players[2:4]) == {b, c} and players[4:] == [g, e, d]
    assert [r["lot"] is not None for r in rows] == [False, False, True, True, False, False,
                                                    False]


def test_a_correction_recomputes_the_standings(api):
    """Table 2's deal corrected: e 30, f 0, g 66 -> points 4 7 1, relative 2 32 -34; and a
    correction that takes the end back makes the game count no more."""
    event = api.event(NAMES[:7], rounds=2, seed=11)
    tables = api.seat(event["id"])["tables"]
    api.play(tables[0]["game"], tables[0]["players"], (10, 20, 20, 70))
    e, f, g = tables[1]["players"]
    game = tables[1]["game"]
    api.play(game, (e, f, g), (66, 0, 30))
    answer = api.put(f"/api/v1/games/{game}/deals/1", {"bullheads": {e: 30, f: 0, g: 66}})
    assert answer.status_code == 200
    rows = {r["player"]: r for r in api.standings(event["id"])["standings"]}
    assert (rows[e]["points"], rows[e]["relative"]) == (4, 2)
    assert (rows[g]["points"], rows[g]["relative"]) == (1, -34)

    api.put(f"/api/v1/games/{game}/deals/1", {"bullheads": {e: 30, f: 0, g: 30}})
    answer = api.standings(event["id"])
    # table 1 has ended and counts; table 2 plays on: "after event round 1 (table 2 still
    # playing)", never a round whose games count differently
    assert answer["round"] == 1 and answer["complete"] == 0 and answer["playing"] == [2]
    assert answer["still_playing"] == [{"round": 1, "table": 2}]
    assert {r["player"]: r["games"] for r in answer["standings"]}[e] == 0
    assert api.post(f"/api/v1/events/{event['id']}/rounds").status_code == 409


@pytest.mark.parametrize(("count", "sizes"), [(13, [4, 4, 5]), (11, [4, 4, 3]),
                                              (6, [3, 3]), (10, [5, 5])])
def test_table_sizes(api, count, sizes):
    event = api.event(NAMES[:count], rounds=1)
    assert sorted(len(t["players"]) for t in api.seat(event["id"])["tables"]) == sorted(sizes)


def test_the_next_round_waits_for_every_game(api):
    event = api.event(NAMES[:8], rounds=2, seed=3)
    tables = api.seat(event["id"])["tables"]
    api.play(tables[0]["game"], tables[0]["players"], (10, 20, 30, 70))
    answer = api.post(f"/api/v1/events/{event['id']}/rounds")
    assert answer.status_code == 409
    assert answer.get_json()["error"].startswith(
        "Event round 1 is still being played at 1 table:")
    assert api.standings(event["id"])["playing"] == [2]
    api.play(tables[1]["game"], tables[1]["players"], (10, 20, 30, 70))
    assert api.seat(event["id"])["round"] == 2


def test_the_same_seed_draws_the_same_first_round(api):
    first, second = api.event(NAMES, seed=99), api.event(NAMES, seed=99)
    draw = [t["players"] for t in api.seat(first["id"])["tables"]]
    assert draw == [t["players"] for t in api.seat(second["id"])["tables"]]


def test_each_table_plays_an_ordinary_game_with_the_events_settings(api):
    event = api.event(NAMES[:8], rounds=1, fixed_deals=3, virgin_doubling=True)
    table = api.seat(event["id"])["tables"][0]
    game = api.get(f"/api/v1/games/{table['game']}").get_json()
    assert game["players"] == table["players"]
    assert (game["threshold"], game["fixed_deals"], game["virgin_doubling"]) == (None, 3, True)
    assert game["note"] == "Clubavond · event round 1 · table 1"


def test_a_tables_game_is_noted_in_its_readers_language(api, client):
    """The director seats in Dutch; each reader reads the game's note in their own
    language, on its JSON, its sheet and the phone's list of games."""
    event = api.event(NAMES[:8], rounds=1)
    answer = api.post(f"/api/v1/events/{event['id']}/rounds?lang=nl")
    assert answer.status_code == 201, answer.get_json()
    game = answer.get_json()["tables"][1]["game"]
    token = api.headers("/games", director=False)["X-CSRFToken"]
    kept = client.post(f"/games/{game}/keep", data={"csrf_token": token})
    assert kept.status_code < 400  # on this phone's list
    for lang, note in (("de", "Clubavond · Turnierrunde 1 · Tisch 2"),
                       ("nl", "Clubavond · toernooironde 1 · tafel 2"),
                       ("en", "Clubavond · event round 1 · table 2")):
        assert api.get(f"/api/v1/games/{game}?lang={lang}").get_json()["note"] == note
        assert note in api.get(f"/games/{game}?lang={lang}").get_data(as_text=True)
        assert note in api.get(f"/games?lang={lang}").get_data(as_text=True)


def test_drop_out_and_late_arrival(api):
    event = api.event(NAMES[:8], rounds=3, seed=5)
    eid = event["id"]
    tables = api.seat(eid)["tables"]
    dropped = api.post(f"/api/v1/events/{eid}/dropouts", {"player": " player 01 "})
    assert dropped.status_code == 201
    body = dropped.get_json()
    assert body["dropped"] == ["Player 01"] and "Player 01" not in body["active"]
    assert body["changes"] == [{"kind": "drop", "player": "Player 01", "from_round": 2}]
    joined = api.post(f"/api/v1/events/{eid}/players", {"player": "Zoë"}).get_json()
    assert joined["players"][-1] == "Zoë" and "Zoë" in joined["active"]
    for t in tables:
        api.play(t["game"], t["players"], (10, 20, 30, 70))
    seated = [p for t in api.seat(eid)["tables"] for p in t["players"]]
    assert "Player 01" not in seated and "Zoë" in seated and len(seated) == 8
    rows = {r["player"]: r for r in api.standings(eid)["standings"]}
    assert rows["Player 01"]["games"] == 1 and rows["Zoë"]["games"] == 0

    again = api.post(f"/api/v1/events/{eid}/dropouts", {"player": "Player 01"})
    assert again.status_code == 409
    unknown = api.post(f"/api/v1/events/{eid}/dropouts", {"player": "Nobody"})
    assert unknown.status_code == 400 and "Nobody" in unknown.get_json()["error"]
    twice = api.post(f"/api/v1/events/{eid}/players", {"player": "zoë"})
    assert twice.status_code == 400
    back = api.post(f"/api/v1/events/{eid}/players", {"player": "player 01"}).get_json()
    assert "Player 01" in back["active"] and back["players"].count("Player 01") == 1


def test_too_few_players_left_to_seat(api):
    event = api.event(NAMES[:6], rounds=2)
    api.post(f"/api/v1/events/{event['id']}/dropouts", {"player": NAMES[0]})
    answer = api.post(f"/api/v1/events/{event['id']}/rounds")
    assert answer.status_code == 409 and "Only 5 players" in answer.get_json()["error"]


@pytest.mark.parametrize(("body", "status", "words"), [
    ([], 400, "JSON object"),
    ({"name": "", "players": NAMES, "rounds": 2}, 400, "needs a name"),
    ({"name": "x" * 101, "players": NAMES, "rounds": 2}, 400, "needs a name"),
    ({"name": "Club", "players": "Ann, Bob", "rounds": 2}, 400, "players"),
    ({"name": "Club", "players": NAMES[:5], "rounds": 2}, 400, "not 5"),
    ({"name": "Club", "players": [f"P{n}" for n in range(201)], "rounds": 2}, 400, "not 201"),
    ({"name": "Club", "players": [*NAMES[:6], "player 01"], "rounds": 2}, 400, "player 01"),
    ({"name": "Club", "players": [*NAMES[:6], " "], "rounds": 2}, 400, "1 to 40"),
    ({"name": "Club", "players": [*NAMES[:6], 7], "rounds": 2}, 400, "1 to 40"),
    ({"name": "Club", "players": NAMES, "rounds": 0}, 400, "event rounds"),
    ({"name": "Club", "players": NAMES, "rounds": "3"}, 400, "event rounds"),
    ({"name": "Club", "players": NAMES}, 400, "event rounds"),
    ({"name": "Club", "players": NAMES, "rounds": 2, "threshold": "66"}, 400, "threshold"),
    ({"name": "Club", "players": NAMES, "rounds": 2, "threshold": 0}, 400, "The limit must"),
    ({"name": "Club", "players": NAMES, "rounds": 2, "fixed_deals": 0}, 400, "deals"),
    ({"name": "Club", "players": NAMES, "rounds": 2, "virgin_doubling": 1}, 400,
     "virgin_doubling"),
    ({"name": "Club", "players": NAMES, "rounds": 2, "seed": -1}, 400, "seed"),
    ({"name": "Club", "players": NAMES, "rounds": 2, "seed": 1.5}, 400, "seed"),
])
def test_bad_events_are_refused_with_a_sentence(api, body, status, words):
    answer = api.post("/api/v1/events", body)
    assert answer.status_code == status
    assert words in answer.get_json()["error"]


def test_refusals_are_translated(api):
    body = {"name": "Club", "players": [*NAMES[:6], ""], "rounds": 2}
    english = api.post("/api/v1/events", body).get_json()["error"]
    german = api.post("/api/v1/events?lang=de", body)
    assert german.status_code == 400 and german.get_json()["error"] != english
    assert api.get("/api/v1/events/nope?lang=nl").status_code == 404
    assert api.post("/api/v1/events/nope/rounds").status_code == 404


def test_writes_need_the_csrf_token(client):
    answer = client.post("/api/v1/events", json={"name": "C", "players": NAMES, "rounds": 1})
    assert answer.status_code == 400 and "error" in answer.get_json()


def test_standings_read_only_the_events_own_games(api, app, monkeypatch):
    """The cost is bounded by the event's games: other games are never loaded."""
    for _ in range(3):
        api.post("/api/v1/games", {"players": ["Ann", "Bob"]})
    event = api.event(NAMES[:8], rounds=1)
    tables = api.seat(event["id"])["tables"]
    from scorekeeper.games import store as games

    loaded = []
    real = games.load
    monkeypatch.setattr(games, "load", lambda db, gid: loaded.append(gid) or real(db, gid))
    api.standings(event["id"])
    assert sorted(map(str, loaded)) == sorted(str(t["game"]) for t in tables)
    with app.app_context():
        assert get_db().execute("SELECT count(*) FROM event_tables").fetchone()[0] == 2
