"""``/tournament`` pages, forms, storage and the sheets API's refusals and CSRF choice."""

from __future__ import annotations

import re
import sqlite3

import pytest
from conftest import read_csrf_token, refusal

from scorekeeper import create_app

THREE = ["Ann", "Bob", "Cas"]
TYPED = {
    "name1": "Ann", "hand1": "1 4 7 10 13 16 19 22 25 28",
    "name2": "Bob", "hand2": "2, 5, 8, 11, 14, 17, 20, 23, 26, 29",
    "name3": "Cas", "hand3": "3-6-9-12-15-18-21-24-27-30",
}


def form_token(client, path="/tournament"):
    return read_csrf_token(client, path)


def create(client, data=TYPED):
    response = client.post("/tournament", data={**data, "csrf_token": form_token(client)})
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.headers["Location"]


def save_game(client, url, game, points):
    data = {f"points{i}": str(p) for i, p in enumerate(points, start=1)}
    return client.post(f"{url}/games/{game}", data={**data, "csrf_token": form_token(client, url)})


def alert(response):
    match = re.search(r'role="alert"[^>]*>([^<]*)<', response.get_data(as_text=True))
    return match and match.group(1)


def test_page_is_linked_from_the_menu_and_translated(client):
    html = client.get("/tournament?lang=de").get_data(as_text=True)
    assert 'href="/tournament"' in html and 'aria-current="page"' in html
    assert "<h1>Turnier</h1>" in html and "Neues Turnier" in html
    assert "Toernooi" in client.get("/tournament?lang=nl").get_data(as_text=True)


def test_typed_hands_make_a_tournament_with_schedule_and_starting_rows(client):
    url = create(client)
    assert re.fullmatch(r"/tournament/[0-9a-f]{20}", url)
    html = client.get(url + "?lang=en").get_data(as_text=True)
    assert "The four rows start with 31, 32, 33, 34." in html
    assert "Results of game 1" in html
    # One table per game, a row per player: in game 2 Ann plays Cas's sheet, Bob plays
    # Ann's, Cas plays Bob's. Only the game to play next is open.
    plans = re.findall(r'id="plan-(\d)"( open)?>(.*?)</details>', html, re.S)
    assert [(number, opened) for number, opened, _ in plans] == [("1", " open"), ("2", ""),
                                                                  ("3", "")]
    cell = r'<th scope="row">([^<]*)</th><td><span class="sheet-name">([^<]*)<'
    rows = [re.findall(cell, body) for _number, _opened, body in plans]
    assert rows == [
        [("Ann", "Ann"), ("Bob", "Bob"), ("Cas", "Cas")],
        [("Ann", "Cas"), ("Bob", "Ann"), ("Cas", "Bob")],
        [("Ann", "Bob"), ("Bob", "Cas"), ("Cas", "Ann")],
    ]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"name2": "", "hand2": "", "name3": "", "hand3": ""},
         "A tournament takes 2 to 5 players, not 1."),
        ({"name3": "Ann"}, "The name “Ann” is given twice: every player needs a different name."),
        ({"hand3": ""}, "The hand of Cas is missing."),
        ({"hand3": "3 6 9 twelve"}, "The hand of Cas holds something that is not a card number."),
        ({"hand3": "3 6 9 12 15 18 21 24 27"},
         "The hand of Cas holds 9 cards; a hand holds exactly 10."),
        ({"hand3": "3 6 9 12 15 18 21 24 27 35"},
         "Card 35 (hand of Cas) is not in the game: with 3 players the cards go from 1 to 34."),
        ({"hand3": "3 6 9 12 15 18 21 24 27 28"},
         "Card 28 is in the hands of both Ann and Cas."),
        ({"hand3": "3 6 9 12 15 18 21 24 27 27"}, "The hand of Cas holds card 27 twice."),
        ({"name2": "", "hand2": "2 5"}, "Player 2 needs a name of 1 to 40 characters."),
    ],
)
def test_bad_forms_say_what_is_wrong_and_keep_what_was_typed(client, change, message):
    data = {**TYPED, **change, "csrf_token": form_token(client)}
    response = client.post("/tournament?lang=en", data=data)
    assert response.status_code == 400
    assert alert(response) == message
    html = response.get_data(as_text=True)
    assert f'value="{data["hand1"]}"' in html


EVENT = {"event_name": "Club <i>night</i>", "event_date": "2025-03-14", "event_table": "7"}


def test_the_event_is_stored_shown_and_listed(client):
    url = create(client, {**TYPED, **EVENT})
    html = client.get(url + "?lang=en").get_data(as_text=True)
    assert ">Club &lt;i&gt;night&lt;/i&gt; · March 14, 2025 · Table 7</p>" in html  # escaped
    assert 'id="event"' not in client.get(create(client)).get_data(as_text=True)  # none given
    assert client.get("/tournament").get_data(as_text=True).count('class="recent-event"') == 1


@pytest.mark.parametrize(("change", "message"), [
    ({"event_name": "x" * 81}, "The occasion may hold at most 80 characters."),
    ({"event_table": "x" * 21}, "The table label may hold at most 20 characters."),
    ({"event_date": "14.3.2025"}, "The date is not a day of the calendar, like 2025-03-14."),
])
def test_bad_event_fields_are_refused_and_kept(client, change, message):
    data = {**TYPED, **EVENT, **change, "csrf_token": form_token(client)}
    html = client.post("/tournament?lang=en", data=data).get_data(as_text=True)
    assert message in html and f'value="{next(iter(change.values()))}"' in html


def test_form_errors_are_translated(client):
    data = {**TYPED, "hand3": "", "csrf_token": form_token(client)}
    response = client.post("/tournament?lang=de", data=data)
    assert "Die Hand von Cas fehlt." in response.get_data(as_text=True)


def test_forms_need_the_csrf_token(client):
    assert client.post("/tournament", data=TYPED).status_code == 400
    url = create(client)
    response = client.post(f"{url}/games/1", data={"points1": "1", "points2": "2", "points3": "3"})
    assert response.status_code == 400


def test_results_standings_winner_and_corrections(app, client):
    url = create(client)
    assert save_game(client, url, 1, [5, 0, 12]).status_code == 302
    assert save_game(client, url, 3, [1, 1, 1]).status_code == 404  # game 2 comes first
    assert save_game(client, url, 2, [1, 2, 3]).status_code == 302
    html = client.get(url + "?lang=en").get_data(as_text=True)
    assert "Standings after 2 of 3 games" in html and 'id="winner"' not in html
    # In game 2 Bob played Ann's sheet, which took 1; game 3 is open and says so.
    assert re.search(r'id="plan-2">.*?Bob</th><td><span class="sheet-name">Ann</span> '
                     r'<strong class="pts">1</strong>', html, re.S)
    assert re.search(r'id="plan-3" open>\s*<summary>Game 3 <span class="plan-state">next<', html)
    assert save_game(client, url, 3, [1, 2, 3]).status_code == 302
    html = client.get(url + "?lang=en").get_data(as_text=True)
    # By hand: Ann 5 + 3 + 2 = 10, Bob 0 + 1 + 3 = 4, Cas 12 + 2 + 1 = 15.
    names = re.findall(r'class="standing-name">([^<]*)<', html)
    totals = re.findall(r'class="standing-total">([^<]*)<', html)
    assert list(zip(names, totals, strict=True)) == [
        ("Bob", "4 minus points"), ("Ann", "10 minus points"), ("Cas", "15 minus points")
    ]
    assert 'id="winner">Winner: Bob<' in html
    # Correct game 1: Bob now took 20 on his own sheet, so Ann wins.
    assert save_game(client, url, 1, [5, 20, 12]).status_code == 302
    html = client.get(url + "?lang=nl").get_data(as_text=True)
    assert 'id="winner">Winnaar: Ann<' in html
    with app.app_context():
        from scorekeeper.tournament import store as tournament_store
        from scorekeeper.web.db import get_db

        history = tournament_store.history(get_db(), url.rsplit("/", 1)[1])
    assert [row["points"] for row in history if row["game"] == 1] == [5, 0, 12, 5, 20, 12]


BAD_POINTS = "The minus points on the sheet of %s must be a whole number, 0 or more."


@pytest.mark.parametrize(
    ("points", "message"),
    [
        (["1", "x", "2"], BAD_POINTS % "Bob"),
        (["1", "-2", "2"], BAD_POINTS % "Bob"),
        (["", "0", "0"], BAD_POINTS % "Ann"),
        (["50", "1", "1"], "These minus points add up to 52, but one game hands out at most 51."),
    ],
)
def test_bad_points_are_refused_and_kept(client, points, message):
    url = create(client)
    response = save_game(client, url, 1, points)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert f'value="{points[1]}"' in response.get_data(as_text=True)


def test_tournaments_survive_a_restart(tmp_path):
    config = {"TESTING": True, "DATABASE": str(tmp_path / "t.sqlite"), "SECRET_KEY": "k"}
    first = create_app(config).test_client()
    url = create(first)
    save_game(first, url, 1, [3, 4, 5])
    again = create_app(config).test_client()
    html = again.get(url + "?lang=en").get_data(as_text=True)
    assert "Results of game 2" in html and "Hand of Cas" in html
    assert "Ann, Bob, Cas" not in again.get("/tournament").get_data(as_text=True)  # a stranger
    again.set_cookie("device", first.get_cookie("device").value)  # the phone it was made on
    assert "Ann, Bob, Cas" in again.get("/tournament").get_data(as_text=True)
    conn = sqlite3.connect(config["DATABASE"])
    assert conn.execute("SELECT COUNT(*) FROM tournament_results").fetchone()[0] == 3


def test_unknown_tournament_is_404(client):
    assert client.get("/tournament/999").status_code == 404


# --- POST /api/v1/tournament/sheets: refusals and CSRF ---

HANDS = {
    "Ann": [2, 4, 8, 14, 19, 23, 24, 31, 38, 44],
    "Bob": [1, 3, 5, 6, 7, 9, 10, 11, 12, 13],
    "Cas": [15, 16, 17, 18, 20, 21, 22, 25, 26, 27],
    "Dirk": [28, 29, 30, 32, 33, 34, 35, 36, 37, 39],
}
BODY = {"players": ["Ann", "Bob", "Cas", "Dirk"], "hands": HANDS, "lang": "de", "paper": "a4"}
SHAPE = "The field “%s” is not filled in the expected form."
BAD_OPTIONS = {"per_page": ("2", 2.0, True, 3, 0, None), "event": (5, ["Club"], "x" * 81, None),
               "table": (3, "x" * 21), "date": ("14.3.2025", "2025-02-30", 20250314)}


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ([], "The field “(body)” is not filled in the expected form."),
        ({**BODY, "players": "Ann"}, "The field “players” is not filled in the expected form."),
        ({**BODY, "hands": []}, "The field “hands” is not filled in the expected form."),
        ({**BODY, "lang": "fr"}, "The field “lang” is not filled in the expected form."),
        ({**BODY, "paper": "a3"}, "The field “paper” is not filled in the expected form."),
        ({**BODY, "lang": ["de"]}, "The field “lang” is not filled in the expected form."),
        ({**BODY, "paper": {"a4": 1}}, "The field “paper” is not filled in the expected form."),
        ({**BODY, "players": ["Ann"]}, "A tournament takes 2 to 5 players, not 1."),
        ({**BODY, "players": ["A", "B", "C", "D", "E", "F"]},
         "A tournament takes 2 to 5 players, not 6."),
        ({**BODY, "players": ["Ann", "Bob", "Cas", "Ann"]},
         "The name “Ann” is given twice: every player needs a different name."),
        ({**BODY, "hands": {**HANDS, "Bob": HANDS["Bob"][:9]}},
         "The hand of Bob holds 9 cards; a hand holds exactly 10."),
        ({**BODY, "hands": {**HANDS, "Bob": [45, *HANDS["Bob"][1:]]}},
         "Card 45 (hand of Bob) is not in the game: with 4 players the cards go from 1 to 44."),
        ({**BODY, "hands": {**HANDS, "Bob": [2, *HANDS["Bob"][1:]]}},
         "Card 2 is in the hands of both Ann and Bob."),
        ({**BODY, "hands": {**HANDS, "Eve": HANDS["Bob"]}},
         "A hand is given for “Eve”, who is not one of the players."),
        ({**BODY, "hands": {**HANDS, "Bob": ["1", *HANDS["Bob"][1:]]}},
         "The hand of Bob holds something that is not a card number."),
        *[({**BODY, key: bad}, SHAPE % key) for key, bads in BAD_OPTIONS.items() for bad in bads],
    ],
)
def test_sheets_api_refuses_bad_bodies_with_400_json(client, body, message):
    response = client.post("/api/v1/tournament/sheets?lang=en", json=body)
    assert response.status_code == 400
    assert refusal(response) == message


def test_sheets_api_errors_follow_the_request_language(client):
    body = {**BODY, "hands": {**HANDS, "Bob": HANDS["Bob"][:9]}}
    response = client.post("/api/v1/tournament/sheets", json=body,
                           headers={"Accept-Language": "nl"})
    assert refusal(response) == "De hand van Bob telt 9 kaarten; een hand telt er precies 10."


def test_sheets_api_refuses_broken_json(client):
    response = client.post("/api/v1/tournament/sheets", data="{players:",
                           content_type="application/json")
    assert response.status_code == 400 and "error" in response.get_json()


def test_sheets_api_needs_no_csrf_token_because_it_changes_nothing(app, client):
    """The documented choice: a pure function of its body, like /api/v1/placement."""
    response = client.post("/api/v1/tournament/sheets", json=BODY)
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert client.get("/tournament").status_code == 200  # and nothing was stored:
    assert "Your tournaments" not in client.get("/tournament?lang=en").get_data(as_text=True)
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        assert conn.execute("SELECT count(*) FROM tournaments").fetchone() == (0,)
    assert client.get_cookie("device") is None


def test_sheets_api_trims_names_like_the_form(client):
    body = {**BODY, "players": [" Ann", "Bob ", "Cas", "Dirk"],
            "hands": {" Ann": HANDS["Ann"], "Bob": HANDS["Bob"], "Cas ": HANDS["Cas"],
                      "Dirk": HANDS["Dirk"]}}
    assert client.post("/api/v1/tournament/sheets", json=body).status_code == 200


def test_csrf_header_is_accepted_too(client):
    headers = {"X-CSRFToken": read_csrf_token(client, "/tournament")}
    response = client.post("/api/v1/tournament/sheets", json=BODY, headers=headers)
    assert response.status_code == 200


def test_names_are_escaped_on_every_page(client):
    name = '<img src=x onerror="alert(1)">'
    url = create(client, {**TYPED, "name2": name})
    for path in (url, f"{url}/sheets", "/tournament"):
        html = client.get(path).get_data(as_text=True)
        assert "<img src=x" not in html
        assert "&lt;img src=x onerror=&#34;alert(1)&#34;&gt;" in html


def test_sheet_previews_use_the_pdf_template(client):
    url = create(client)
    html = client.get(f"{url}/sheets?lang=nl").get_data(as_text=True)
    assert html.count('<section class="sheet">') == 3
    assert "Hand van Bob" in html and "css/print.css" in html
    blank = client.get("/tournament/sheet?lang=de").get_data(as_text=True)
    assert blank.count('<td class="name"></td>') == 5 and "Turnierzettel" in blank
