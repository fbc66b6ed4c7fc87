"""An evening: the sums over its games (hand-computed examples and invariants), "new game,
same players" and the evening's page."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.deal import make_entry
from scorekeeper.engine.game import Event, EventKind, GameState, replay
from scorekeeper.engine.settings import GameVariant, Settings, make_settings
from scorekeeper.games.evening import PlayerEvening, add_up
from tests.conftest import read_csrf_token, shown

THREE = ("Ann", "Bob", "Cas")


def played(players, deals, **settings) -> GameState:
    """A game's state after ``deals`` (bullheads in seat order), replayed by the engine."""
    s = make_settings(list(players), **settings)
    events = [Event(EventKind.DEAL, number, make_entry(s, dict(zip(players, values,
                                                                            strict=True))))
              for number, values in enumerate(deals, 1)]
    return replay(s, events)


# Three games of 30 (3 players: a deal hands out 14 bullheads at least).
# Game 1: Ann 2+3 = 5, Bob 10+21 = 31 (ends it), Cas 4+1 = 5: Ann and Cas share the win.
# Game 2: Ann 12+20 = 32 (ends it), Bob 2+3 = 5, Cas 14+1 = 15: Bob wins.
# Game 3, still running: Ann 4, Bob 6, Cas 5.
# A fourth game without a deal counts for nothing.
EVENING = [
    played(THREE, [(2, 10, 4), (3, 21, 1)], threshold=30),
    played(THREE, [(12, 2, 14), (20, 3, 1)], threshold=30),
    played(THREE, [(4, 6, 5)], threshold=30),
    played(THREE, [], threshold=30),
]


def test_sums_of_an_evening_by_hand():
    assert [s.finished for s in EVENING] == [True, True, False, False]
    # Ann 5+32+4 = 41 in 5 deals (8.2), Bob 31+5+6 = 42 (8.4), Cas 5+15+5 = 25 (5.0):
    # one win each, so the fewest bullheads per deal come first.
    assert add_up(EVENING) == [
        PlayerEvening("Cas", games=3, wins=1, bullheads=25, deals=5),
        PlayerEvening("Ann", games=3, wins=1, bullheads=41, deals=5),
        PlayerEvening("Bob", games=3, wins=1, bullheads=42, deals=5),
    ]
    assert [p.average for p in add_up(EVENING)] == [5.0, 8.2, 8.4]


def test_wins_come_first_and_a_shared_win_counts_for_each():
    # Game 1 alone: Ann and Cas share it (5 each), Bob has none.
    sums = add_up(EVENING[:1])
    assert [(p.name, p.wins, p.bullheads) for p in sums] == [
        ("Ann", 1, 5), ("Cas", 1, 5), ("Bob", 0, 31)]  # Ann and Cas tie: seat order


def test_bullheads_are_what_counted_after_virgin_doubling():
    # Ann takes nothing in deal 1: Bob's 6 and Cas's 8 count double (12 and 16).
    state = played(THREE, [(0, 6, 8), (5, 5, 4)], virgin_doubling=True)
    sums = {p.name: p for p in add_up([state])}
    assert (sums["Ann"].bullheads, sums["Bob"].bullheads, sums["Cas"].bullheads) == (5, 17, 20)
    assert sums["Bob"].average == 8.5 and sums["Bob"].wins == 0


def test_a_player_who_joined_later_counts_only_the_games_played():
    later = played(("Ann", "Bob", "Cas", "Dirk"), [(10, 8, 4, 2)], threshold=30)
    sums = {p.name: p for p in add_up([EVENING[0], later])}
    assert (sums["Dirk"].games, sums["Dirk"].bullheads, sums["Dirk"].deals) == (1, 2, 1)
    assert (sums["Ann"].games, sums["Ann"].bullheads, sums["Ann"].deals) == (2, 15, 3)


def test_an_evening_without_deals_has_no_sums():
    assert add_up([]) == [] and add_up(EVENING[3:]) == []


deal = st.tuples(st.integers(0, 30), st.integers(0, 30)).filter(lambda d: sum(d) >= 4)


@settings(deadline=None)
@given(st.lists(st.lists(deal, max_size=6), max_size=5))
def test_the_sums_add_up_the_sheets(games):
    """Whatever the games: the evening's bullheads are the sheets' totals, its wins the
    winners of the finished games, and the order never puts fewer wins first."""
    states = []
    for deals in games:
        state = played(("Ann", "Bob"), [], threshold=40)
        for count in range(1, len(deals) + 1):
            if state.finished:  # no deal after the end
                break
            state = played(("Ann", "Bob"), deals[:count], threshold=40)
        states.append(state)
    sums = add_up(states)
    counted = [s for s in states if s.deals]
    assert sum(p.bullheads for p in sums) == sum(sum(s.totals.values()) for s in counted)
    assert sum(p.wins for p in sums) == sum(len(s.winners) for s in counted if s.finished)
    assert all(p.games == len(counted) for p in sums)
    assert all(p.deals == sum(len(s.deals) for s in counted) for p in sums)
    assert [p.wins for p in sums] == sorted((p.wins for p in sums), reverse=True)


# --- The pages ---


def start(client, headers, **settings) -> str:
    body = {"players": ["Cas", "Ann", "Bob"], "threshold": 30, "virgin_doubling": True,
            "note": "Zolder", **settings}
    return client.post("/api/v1/games", json=body, headers=headers).get_json()["id"]


def deals(client, headers, game_id, *rows):
    for number, values in enumerate(rows, 1):
        answer = client.post(f"/api/v1/games/{game_id}/deals", headers=headers, json={
            "number": number, "bullheads": dict(zip(("Cas", "Ann", "Bob"), values,
                                                    strict=True))})
        assert answer.status_code == 201


def test_new_game_same_players_keeps_settings_and_seats(client, csrf_headers):
    first = start(client, csrf_headers, rows=5, takes_at=5)
    deals(client, csrf_headers, first, (4, 10, 30))  # Bob reaches 30: Cas wins
    sheet = client.get(f"/games/{first}").get_data(as_text=True)
    assert "New game, same players" in sheet
    token = read_csrf_token(client, f"/games/{first}")
    answer = client.post(f"/games/{first}/same-players", data={"csrf_token": token})
    assert answer.status_code == 302
    second = answer.headers["Location"].rsplit("/", 1)[1]
    assert second != first
    old, new = (client.get(f"/api/v1/games/{g}").get_json() for g in (first, second))
    assert new["players"] == ["Cas", "Ann", "Bob"] and new["deals"] == []
    for key in ("threshold", "virgin_doubling", "rows", "takes_at", "hand_size", "variant",
                "fixed_deals"):
        assert new[key] == old[key], key
    assert (new["rows"], new["takes_at"], new["virgin_doubling"]) == (5, 5, True)
    # Posted again from the first game (a reload, or another phone): no third game.
    again = client.post(f"/games/{first}/same-players", data={"csrf_token": token})
    assert again.headers["Location"].rsplit("/", 1)[1] == second
    html = client.get(f"/games/{second}/evening").get_data(as_text=True)
    assert html.count(f'href="/games/{first}"') == 1 and html.count(f'href="/games/{second}"') == 1
    assert "Still being played" in html and "Won by Cas with 4" in html


def test_new_game_needs_the_csrf_token(client, csrf_headers):
    first = start(client, csrf_headers)
    assert client.post(f"/games/{first}/same-players").status_code == 400


def test_running_game_offers_no_new_game(client, csrf_headers):
    first = start(client, csrf_headers)
    assert "New game, same players" not in shown(client.get(f"/games/{first}"))


def test_the_evening_page_adds_up_its_games(client, csrf_headers):
    first = start(client, csrf_headers, virgin_doubling=False)
    deals(client, csrf_headers, first, (4, 2, 10), (1, 3, 21))  # Bob 31: Cas and Ann share
    token = read_csrf_token(client, f"/games/{first}")
    second = client.post(f"/games/{first}/same-players", data={"csrf_token": token}
                         ).headers["Location"].rsplit("/", 1)[1]
    deals(client, csrf_headers, second, (14, 12, 2), (1, 21, 3))  # Ann 33: Bob wins
    html = client.get(f"/games/{first}/evening?lang=en").get_data(as_text=True)
    rows = re.findall(r'<th scope="row">(\w+)</th><td>(\d+)</td><td>(\d+)</td>'
                      r'<td>(\d+)</td><td>([\d.–]+)</td>', html)
    # Cas 5+15 = 20 in 4 deals (5.0), Bob 31+5 = 36 (9.0), Ann 5+33 = 38 (9.5).
    assert rows == [("Cas", "2", "1", "20", "5.0"), ("Bob", "2", "1", "36", "9.0"),
                    ("Ann", "2", "1", "38", "9.5")]
    assert "Won by Cas and Ann with 5" in html and "Won by Bob with 5" in html
    # The last game is over: the page offers the next one.
    assert f'action="/games/{second}/same-players"' in html
    german = client.get(f"/games/{first}/evening?lang=de").get_data(as_text=True)
    assert "<td>9,5</td>" in german


def test_evening_of_an_unknown_game_is_404(client):
    assert client.get("/games/0123456789abcdef0123/evening").status_code == 404


def test_the_next_game_is_made_once_whoever_asks(app):
    """Two taps (two phones, or a post sent again) on "new game, same players" of one game
    get one new game, and so does a tap on the first game after the second exists."""
    from scorekeeper.games import store
    from scorekeeper.web.db import get_db

    with app.app_context():
        db = get_db()
        settings = Settings(("Ann", "Bob", "Cas"), 66, None, False, GameVariant.BASIC)
        first = store.create_game(db, settings, "Clubavond")
        second = store.next_game(db, first)
        assert store.next_game(db, first) == second  # the second tap finds it
        third = store.next_game(db, second)
        assert third not in (first, second) and store.next_game(db, first) == third
        evening = store.series_games(db, second)
        assert [g.id for g in evening] == [first, second, third]
        assert {(g.settings, g.note) for g in evening} == {(settings, "Clubavond")}
