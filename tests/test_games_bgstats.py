"""A finished game's BG Stats link (games/bgstats.py): the play it carries names the game
by a digest of its id, never by the id, which is the game's link (whoever holds it may
change the score) and would land in BG Stats' server logs."""

from __future__ import annotations

import hashlib
import html
import json
import re
from urllib.parse import parse_qs, urlsplit

from conftest import read_csrf_token


def finished_game(client) -> str:
    headers = {"X-CSRFToken": read_csrf_token(client)}
    game = client.post("/api/v1/games", headers=headers,
                       json={"players": ["Ann", "Bob"], "threshold": 20}).get_json()["id"]
    answer = client.post(f"/api/v1/games/{game}/deals", headers=headers,
                         json={"number": 1, "bullheads": {"Ann": 25, "Bob": 3}})
    assert answer.status_code == 201 and answer.get_json()["finished"]
    return game


def test_the_link_holds_a_digest_of_the_game_and_never_its_id(client):
    game = finished_game(client)
    page = client.get(f"/games/{game}?lang=en").get_data(as_text=True)
    href = html.unescape(re.search(r'id="bgstats-link" href="([^"]+)"', page).group(1))
    assert href.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    assert game not in href
    play = json.loads(parse_qs(urlsplit(href).query)["data"][0])
    assert game not in json.dumps(play)
    # By hand: SHA-256 of the id's text, its first 16 hex digits.
    assert play["sourcePlayId"] == hashlib.sha256(game.encode("ascii")).hexdigest()[:16]
    assert [p["score"] for p in play["players"]] == [25, 3]


def test_two_games_get_two_ids(client):
    first, second = finished_game(client), finished_game(client)
    ids = []
    for game in (first, second):
        page = client.get(f"/games/{game}?lang=en").get_data(as_text=True)
        href = html.unescape(re.search(r'id="bgstats-link" href="([^"]+)"', page).group(1))
        ids.append(json.loads(parse_qs(urlsplit(href).query)["data"][0])["sourcePlayId"])
    assert len(set(ids)) == 2 and all(re.fullmatch(r"[0-9a-f]{16}", i) for i in ids)
