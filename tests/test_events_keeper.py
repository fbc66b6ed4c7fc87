"""A club event keeps its tables' games (events/keeper.py): a table's sheet offers no game
outside the event, links to the event's page, and says the truth about corrections once
its round is over; "new game, same players" is refused for it, in the asker's language."""

from __future__ import annotations

import json
import re
from html import unescape

from tests.conftest import read_csrf_token
from tests.test_events_director import Director, page_text

NEW_GAME = "New game, same players"


def played_table(client) -> tuple[Director, str, dict]:
    director = Director(client)
    event_id = director.event()["id"]
    table = director.round_played(event_id)[0]
    return director, event_id, table


def shown(answer) -> str:
    """The page's text as shown: without the data its scripts read."""
    page = answer.get_data(as_text=True).split('<script type="application/json"')[0]
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def games_stored(app) -> int:
    import sqlite3

    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return conn.execute("SELECT count(*) FROM games").fetchone()[0]


def test_a_tables_sheet_links_to_the_event_and_offers_no_game_outside_it(client, app):
    director, event_id, table = played_table(client)
    answer = client.get(f"/games/{table['game']}?lang=en")
    text, html = shown(answer), answer.get_data(as_text=True)
    assert "The game is over." in text
    assert NEW_GAME not in html  # only the phone's catalog holds it
    assert 'id="same-players"' not in html
    assert f'id="event-link" href="/events/{event_id}"' in html
    assert "“Clubavond”, event round 1, table 1: standings and seating" in text
    # The round is still open: a correction can still re-open the game.
    assert "Correcting a deal can re-open the game." in text
    data = json.loads(re.search(r'<script type="application/json" id="sheet-data">(.*?)</script>',
                                html, re.S).group(1))
    assert data["game"]["keeping"] == {  # the phone draws the same
        "label": "“Clubavond”, event round 1, table 1: standings and seating",
        "url": f"/events/{event_id}", "closed": None}


def test_new_game_same_players_is_refused_for_a_tables_game(client, app):
    director, event_id, table = played_table(client)
    before = games_stored(app)
    token = read_csrf_token(client, "/events")
    answer = client.post(f"/api/v1/games/{table['game']}/same-players?lang=nl",
                         headers={"X-CSRFToken": token})
    assert answer.status_code == 409
    body = answer.get_json()
    assert body["code"] == "NotInTheEvent"
    assert body["fields"] == {"event": "Clubavond", "round": 1, "table": 1}
    assert body["error"].startswith("Dit spel wordt gespeeld aan tafel 1 van “Clubavond”")
    form = client.post(f"/games/{table['game']}/same-players", data={"csrf_token": token},
                       headers={"Accept-Language": "en"})
    assert form.status_code == 409
    assert "a new game with the same players would not count in the event" in page_text(form)
    assert games_stored(app) == before  # nothing started


def test_a_closed_rounds_sheet_says_only_the_director_can_change_it(client):
    director, event_id, table = played_table(client)
    director.seat(event_id)  # round 2: round 1 is over
    closed = ("Event round 1 of “Clubavond” is over: only the event's director can change "
              "the game of table 1 now.")
    text = shown(client.get(f"/games/{table['game']}?lang=en"))
    assert "No deal can be added any more." in text and closed in text
    assert "Correcting a deal can re-open the game." not in text  # it would be refused

    director.post(f"/api/v1/events/{event_id}/rounds/1/tables/1/reopen")  # the director
    text = shown(client.get(f"/games/{table['game']}?lang=en"))
    assert closed not in text and "Correcting a deal can re-open the game." in text
