"""The event pages without a browser: the start form, the director's page and its forms,
the live standings page."""

from __future__ import annotations

import io
import re

import pytest
from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from scorekeeper.events.forms import pasted_names
from tests.conftest import read_csrf_token

NAMES = ["Anna", "Bernd", "Clara", "Dirk", "Eva", "Frank", "Greta", "Hans"]


@pytest.fixture
def token(client):
    return read_csrf_token(client, "/events")


def start(client, token, **fields):
    data = {"csrf_token": token, "name": "Clubavond", "players": "\n".join(NAMES),
            "rounds": "2", "end": "threshold", "threshold": "66", **fields}
    return client.post("/events", data=data)


def text(answer) -> str:
    html = answer.get_data(as_text=True)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def event_path(answer) -> str:
    """The event's own path (``/events/<id>``) from the redirect to its director's page;
    the forms post under it."""
    return director_path(answer).split("/director/")[0]


def director_path(answer) -> str:
    assert answer.status_code == 302, text(answer)
    location = answer.headers["Location"].split("?")[0]
    assert "/director/" in location, location
    return location


def game_links(html: str) -> list[str]:
    return re.findall(r'href="(/games/[^"/]+)"', html)


@pytest.mark.parametrize(("pasted", "names"), [
    ("Ann\nBob\r\n\n Cas ", ["Ann", "Bob", "Cas"]),
    ("Ann, Bob,Cas;Dirk", ["Ann", "Bob", "Cas", "Dirk"]),
    ("  \n , ;", []),
    ("Jansen, Piet\nde Vries, Anna\n", ["Jansen, Piet", "de Vries, Anna"]),
    ("\ufeffAnn; Bob", ["Ann", "Bob"]),
])
def test_pasted_lists(pasted, names):
    assert pasted_names(pasted) == names


def test_start_page_in_three_languages(client):
    for lang, title in (("en", "Club events"), ("nl", "<html lang=\"nl\""),
                        ("de", "<html lang=\"de\"")):
        answer = client.get(f"/events?lang={lang}")
        assert answer.status_code == 200 and title in answer.get_data(as_text=True)


def test_start_an_event_from_a_pasted_list(client, token):
    path = director_path(start(client, token, players=", ".join(NAMES)))
    page = client.get(path)
    assert page.status_code == 200
    body = text(page)
    assert "Clubavond" in body and "Event rounds: 2 · Players: 8" in body
    assert "Each game ends at 66." in body
    assert "Draw the tables of event round 1" in body
    assert "The standings appear when the first game has ended." in body


def test_a_refused_form_keeps_what_was_typed(client, token):
    answer = start(client, token, players="Anna\nBernd\nanna", name="Mijn avond")
    assert answer.status_code == 400
    html = answer.get_data(as_text=True)
    assert 'role="alert"' in html and "anna" in text(answer)
    assert 'value="Mijn avond"' in html and "Anna\nBernd\nanna" in html
    too_few = start(client, token, players="Anna\nBernd")
    assert too_few.status_code == 400 and "not 2" in text(too_few)
    bad_end = start(client, token, end="deals", fixed_deals="zero")
    assert bad_end.status_code == 400 and "“zero”" in text(bad_end)


@pytest.mark.parametrize(("deals", "lang", "line"), [
    ("1", "en", "Each game: 1 deal."), ("3", "en", "Each game: 3 deals."),
    ("1", "nl", "Elk spel: 1 spelronde."), ("3", "nl", "Elk spel: 3 spelrondes."),
    ("1", "de", "Jedes Spiel: 1 Durchgang."), ("3", "de", "Jedes Spiel: 3 Durchgänge."),
])
def test_the_games_rule_counts_its_deals(client, token, deals, lang, line):
    answer = start(client, token, end="deals", fixed_deals=deals)
    for page in (event_path(answer), director_path(answer)):
        assert line in text(client.get(f"{page}?lang={lang}")), page


def test_forms_need_the_csrf_token(client, token):
    assert start(client, "").status_code == 400
    path = event_path(start(client, token))
    assert client.post(path + "/rounds", data={}).status_code == 400


def test_seat_play_and_see_the_standings(client, token):
    answer = start(client, token, end="deals", fixed_deals="1")
    path, director = event_path(answer), director_path(answer)
    seated = client.post(path + "/rounds", data={"csrf_token": token})
    assert seated.status_code == 302 and seated.headers["Location"].endswith("#round")
    assert director in seated.headers["Location"]
    html = client.get(director).get_data(as_text=True)
    links = game_links(html)
    assert len(links) == 2  # two tables of 4, each with its score sheet
    assert len(re.findall(r'href="/games/[^"]+/history"', html)) == 2
    assert "Event round 1 is still being played at 2 tables" in text(client.get(director))
    assert not game_links(client.get(path).get_data(as_text=True))  # the public page

    api = f"/api/v1{links[0]}"
    players = client.get(api).get_json()["players"]
    client.post(f"{api}/deals", json={"number": 1, "bullheads": dict(
        zip(players, (3, 9, 9, 12), strict=True))}, headers={"X-CSRFToken": token})
    body = text(client.get(director))
    assert "Done" in body and f"Won by {players[0]}" in body
    assert "Event round 1 is still being played at 1 table:" in body
    assert f"{players[0]} 7 +5.25 3" in body  # mean 8.25; 2nd and 3rd share 4 points
    assert f"{players[1]} 4 −0.75 9" in body

    live = client.get(path + "/live")
    assert live.status_code == 200
    live_body = text(live)
    # Table 2 has not started: the live page still shows where everyone sits.
    assert "Event round 1: where to sit Table 1" in live_body and "Reload" in live_body
    assert "Still playing" not in live_body
    assert "pages/events-live.js" in live.get_data(as_text=True)


def test_two_tables_seated_at_once_are_refused(client, token):
    path = event_path(start(client, token))
    client.post(path + "/rounds", data={"csrf_token": token})
    again = client.post(path + "/rounds", data={"csrf_token": token})
    assert again.status_code == 409 and "is still being played at" in text(again)


def test_drop_out_and_late_arrival_from_the_page(client, token):
    answer = start(client, token)
    path, director = event_path(answer), director_path(answer)
    asked = client.post(path + "/dropouts", data={"csrf_token": token, "player": "Dirk"})
    assert asked.status_code == 200 and "Does Dirk leave the event?" in text(asked)
    assert "Dirk left" not in text(client.get(director))  # nothing happened yet
    left = client.post(path + "/dropouts", data={"csrf_token": token, "player": "Dirk",
                                                 "confirm": "yes"})
    assert left.status_code == 302
    joined = client.post(path + "/players", data={"csrf_token": token, "player": " Zoë "})
    assert joined.status_code == 302
    assert "changed=join" in joined.headers["Location"]
    assert "Zoë joins: seated from event round 1 on." in text(client.get(
        joined.headers["Location"]))
    body = text(client.get(director))
    assert "Dirk left: not seated from event round 1 on." in body
    assert "Zoë joined: seated from event round 1 on." in body
    twice = client.post(path + "/players", data={"csrf_token": token, "player": "zoë"})
    assert twice.status_code == 400 and 'value="zoë"' in twice.get_data(as_text=True)
    client.post(path + "/rounds", data={"csrf_token": token})
    html = client.get(director).get_data(as_text=True)
    seated = " ".join(re.findall(r'<p class="seats">([^<]*)</p>', html))
    assert "Zoë" in seated and "Dirk" not in seated


def test_unknown_events_are_404(client):
    assert client.get("/events/nothing-here").status_code == 404
    assert client.get("/events/nothing-here/live").status_code == 404


def test_the_live_page_refresh_can_be_slower_or_faster(client, token):
    path = event_path(start(client, token))
    assert 'data-refresh="15"' in client.get(path + "/live").get_data(as_text=True)
    assert 'data-refresh="2"' in client.get(path + "/live?every=1").get_data(as_text=True)
    assert 'data-refresh="60"' in client.get(path + "/live?every=60").get_data(as_text=True)


def test_the_start_page_lists_only_this_browsers_events(app, client, token):
    path = event_path(start(client, token, name="Mijn clubavond"))
    assert "Mijn clubavond" in text(client.get("/events"))
    assert f'href="{path}"' in client.get("/events").get_data(as_text=True)
    other = app.test_client()
    assert "Mijn clubavond" not in text(other.get("/events"))


def test_the_start_form_says_what_is_too_long(client, token):
    answer = client.post("/events", data={
        "csrf_token": token, "name": "Clubavond", "players": "x" * 20_001, "rounds": "2",
        "end": "threshold", "threshold": "66"})
    assert answer.status_code == 400
    assert "The list of players is longer than 20,000 characters" in text(answer)


def test_an_event_file_over_the_door_gets_the_import_page(client, token):
    big = b'{"pad": "' + b"x" * (700 * 1024) + b'"}'
    # The body encoded here: the test client spools one this large to a temporary file
    # it never closes (a ResourceWarning in whichever test comes next).
    boundary, body = encode_multipart({"csrf_token": token,
                                       "file": FileStorage(io.BytesIO(big), "event.json")})
    answer = client.post("/events/import?lang=de", data=body,
                         content_type=f"multipart/form-data; boundary={boundary}")
    assert answer.status_code == 413
    assert "Diese Clubturnierdatei ist größer als 256 KB" in text(answer)
    assert 'type="file"' in answer.get_data(as_text=True)  # the form, to try again
