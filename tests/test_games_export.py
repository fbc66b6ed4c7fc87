"""JSON export and import (an exact round trip), and per-player statistics (CSV:
test_games_spreadsheet.py)."""

from __future__ import annotations

import io
import json

from tests.conftest import read_csrf_token


def make_game(client, headers, **settings):
    body = {"players": ["Ann", "=Bob", "Cas"], "note": "Zolder", **settings}
    game = client.post("/api/v1/games", json=body, headers=headers).get_json()
    return game["id"], f"/api/v1/games/{game['id']}/deals"


def full_game(client, headers):
    game_id, url = make_game(client, headers, variant="hand", virgin_doubling=True,
                             threshold=100)
    client.post(url, json={"number": 1, "bullheads": {"Ann": 20, "=Bob": 0, "Cas": 1},
                           "hand": {"Ann": 0, "=Bob": 0, "Cas": 2}, "client_id": "x-1"},
                headers=headers)
    client.post(url, json={"number": 2, "cards": {"Ann": [55], "=Bob": [10, 11], "Cas": []},
                           "hand": {"Ann": 0, "=Bob": 1, "Cas": 0}}, headers=headers)
    client.put(f"{url}/1", json={"bullheads": {"Ann": 2, "=Bob": 0, "Cas": 1},
                                 "hand": {"Ann": 0, "=Bob": 0, "Cas": 2}}, headers=headers)
    return game_id


def test_json_export_import_round_trip_is_exact(client, csrf_headers):
    game_id = full_game(client, csrf_headers)
    exported = client.get(f"/games/{game_id}/export.json").get_data()
    data = json.loads(exported)
    assert [e["kind"] for e in data["events"]] == ["deal", "deal", "correction"]
    assert data["events"][1]["cards"] == {"Ann": [55], "=Bob": [10, 11], "Cas": []}
    token = read_csrf_token(client)
    answer = client.post("/games/import", data={
        "csrf_token": token, "file": (io.BytesIO(exported), "game.json")},
        content_type="multipart/form-data")
    assert answer.status_code == 302
    new_id = answer.headers["Location"].rsplit("/", 1)[1]
    assert new_id != game_id
    assert client.get(f"/games/{new_id}/export.json").get_data() == exported
    original = client.get(f"/api/v1/games/{game_id}").get_json()
    restored = client.get(f"/api/v1/games/{new_id}").get_json()
    # the copy has a link and a view link of its own (and their hand-over QR codes)
    assert restored["view_url"] != original["view_url"]
    assert restored["handover"]["link"] == f"http://localhost/games/{new_id}"
    own = {"id": 0, "view_url": "", "handover": None}
    assert {**original, **own} == {**restored, **own}


def test_import_by_pasting_text(client, csrf_headers):
    game_id = full_game(client, csrf_headers)
    text = client.get(f"/games/{game_id}/export.json").get_data(as_text=True)
    token = read_csrf_token(client)
    answer = client.post("/games/import", data={"csrf_token": token, "text": text})
    assert answer.status_code == 302


def test_import_refuses_damaged_files(client, csrf_headers):
    game_id = full_game(client, csrf_headers)
    data = json.loads(client.get(f"/games/{game_id}/export.json").get_data())
    token = read_csrf_token(client)
    over = json.loads(json.dumps(data))
    over["events"][0]["bullheads"]["Ann"] = 500
    cheat = json.loads(json.dumps(data))
    cheat["events"][1]["bullheads"]["Ann"] = 1  # 55 holds 7 bullheads, not 1
    for text, expected in (("{", "not a game file"), ("[]", "not a game file"),
                           (json.dumps(over), "In this backup, entry 1 of the game"),
                           (json.dumps(cheat), "not a game file")):
        answer = client.post("/games/import", data={"csrf_token": token, "text": text})
        assert answer.status_code == 400 and expected in answer.get_data(as_text=True)
    assert len(client.get("/games").get_data(as_text=True).split('class="game-item"')) == 2


def test_player_statistics(client, csrf_headers):
    one = client.post("/api/v1/games", json={"players": ["Ann", "Bob"]},
                      headers=csrf_headers).get_json()["id"]
    two = client.post("/api/v1/games", json={"players": ["Bob", "Cas"], "virgin_doubling": True},
                      headers=csrf_headers).get_json()["id"]
    for game, deals in ((one, [(10, 0), (60, 5)]), (two, [(1, 10), (0, 30)])):
        names = ["Ann", "Bob"] if game == one else ["Bob", "Cas"]
        for number, (a, b) in enumerate(deals, 1):
            client.post(f"/api/v1/games/{game}/deals", headers=csrf_headers, json={
                "number": number, "bullheads": dict(zip(names, (a, b), strict=True))})
    html = client.get("/games/stats").get_data(as_text=True)
    rows = [r.split("</th>")[1].split("\n")[0] for r in html.split('<tr><th scope="row">')[1:]]
    # Bob: 2 games, 2 wins of 2 ended games (Ann reached 70; Cas 10 + 2 × 30 = 70 with Bob
    # the virgin of deal 2), 0+5+1+0 = 6 bullheads in 4 deals = 1.5, 2 clean deals.
    assert html.index(">Bob<") < html.index(">Ann<")
    assert rows[0] == "<td>2</td><td>2</td><td>100%</td><td>1.5</td><td>2</td></tr>"
    # Nobody ended ahead of Bob; Ann's and Cas's rival is Bob, ahead in their one game.
    assert html.count('class="rival"') == 2
    assert "Rival: Bob, ahead in 1 of 1 game" in html


def test_who_beats_whom_over_ended_games_only(client, csrf_headers):
    """Three games of Ann, Bob and Cas, worked by hand: Ann wins two, Bob one; a fourth
    game still running counts for nobody's rival or win rate."""
    headers = csrf_headers
    finals = [{"Ann": 5, "Bob": 70, "Cas": 20},   # Ann ahead of Cas ahead of Bob
              {"Ann": 10, "Bob": 30, "Cas": 66},  # Ann, Bob, Cas
              {"Ann": 67, "Bob": 1, "Cas": 40},   # Bob, Cas, Ann
              {"Ann": 60, "Bob": 0, "Cas": 0}]    # running: nobody has reached 66
    for values in finals:
        game = client.post("/api/v1/games", json={"players": ["Ann", "Bob", "Cas"]},
                           headers=headers).get_json()["id"]
        client.post(f"/api/v1/games/{game}/deals", headers=headers,
                    json={"number": 1, "bullheads": values})
    html = client.get("/games/stats?lang=en").get_data(as_text=True)
    rows = {r.split("<")[0]: r for r in html.split('<tr><th scope="row">')[1:]}
    # Ann: 4 games, 2 wins of 3 ended = 67%; ahead of her: Bob once (game 3), Cas once
    # (game 3): a tie of 1 each in 3 shared games, settled by the name: Bob.
    assert "Rival: Bob, ahead in 1 of 3 games" in rows["Ann"]
    assert "<td>4</td><td>2</td><td>67%</td>" in rows["Ann"]
    # Bob: 1 win of 3 = 33%; Ann ended ahead of him twice, Cas once: Ann, 2 of 3.
    assert "Rival: Ann, ahead in 2 of 3 games" in rows["Bob"]
    assert "<td>4</td><td>1</td><td>33%</td>" in rows["Bob"]
    # Cas: no win; Ann ahead twice (games 1 and 2), Bob twice (2 and 3): Ann by the name.
    assert "Rival: Ann, ahead in 2 of 3 games" in rows["Cas"]
    assert "<td>4</td><td>0</td><td>0%</td>" in rows["Cas"]
    nl = client.get("/games/stats?lang=nl").get_data(as_text=True)
    assert "67%" in nl or "67 %" in nl


def test_statistics_use_the_language_decimal_comma(client, csrf_headers):
    game = client.post("/api/v1/games", json={"players": ["Ann", "Bob"]},
                       headers=csrf_headers).get_json()["id"]
    for number, values in enumerate(({"Ann": 4, "Bob": 0}, {"Ann": 5, "Bob": 0}), 1):
        client.post(f"/api/v1/games/{game}/deals", headers=csrf_headers,
                    json={"number": number, "bullheads": values})
    assert "<td>4,5</td>" in client.get("/games/stats?lang=de").get_data(as_text=True)
    assert "<td>4.5</td>" in client.get("/games/stats?lang=en").get_data(as_text=True)
