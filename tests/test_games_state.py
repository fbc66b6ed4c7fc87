"""A game's stored state (lists and statistics read only that), the device's own games,
pagination, and statistics computed in SQL."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import create_app
from scorekeeper.engine import errors
from scorekeeper.engine.deal import make_entry
from scorekeeper.engine.game import EventKind
from scorekeeper.engine.settings import make_settings
from scorekeeper.games import store, summary
from scorekeeper.web import db
from scorekeeper.web.schema import MIGRATIONS
from tests.conftest import read_csrf_token

DEAL, CORRECTION = EventKind.DEAL, EventKind.CORRECTION
WITHDRAWAL, RESTORE = EventKind.WITHDRAWAL, EventKind.RESTORE


def stored(conn, token: str) -> dict:
    """What the lists and statistics read of a game: its row and its players' rows."""
    game = conn.execute("SELECT id, deal_count, finished FROM games WHERE token = ?",
                        (token,)).fetchone()
    players = conn.execute("SELECT name, total, winner, deals, bullheads, clean FROM"
                           " game_players WHERE game_id = ? ORDER BY seat", (game["id"],))
    return {"deals": game["deal_count"], "finished": bool(game["finished"]),
            "players": [tuple(p) for p in players]}


def replayed(game: store.Game) -> dict:
    """The same, derived from a fresh replay of the log."""
    state = game.state
    taken = {n: [row.entry.entered(n) for row in state.deals] for n in game.settings.players}
    return {"deals": len(state.deals), "finished": state.finished,
            "players": [(n, state.totals[n], int(n in state.winners), len(state.deals),
                         sum(taken[n]), taken[n].count(0)) for n in game.settings.players]}


def summed(conn, device: str | None = None) -> list[tuple]:
    """The statistics' sums recomputed from every game's player rows."""
    source, params = "game_players p", ()
    if device is not None:
        source = "game_access a JOIN game_players p ON p.game_id = a.game_id AND a.device = ?"
        params = (device,)
    return [tuple(r) for r in conn.execute(
        "SELECT p.name_key, count(*), sum(p.winner), sum(p.deals), sum(p.bullheads),"
        " sum(p.clean), sum(g.finished) FROM"
        f" {source} JOIN games g ON g.id = p.game_id GROUP BY p.name_key ORDER BY p.name_key",
        params)]


def kept(conn, scope: str = summary.EVERYONE) -> list[tuple]:
    """The sums the statistics page reads."""
    return [tuple(r) for r in conn.execute(
        "SELECT name_key, games, wins, deals, bullheads, clean, ended FROM player_stats"
        " WHERE scope = ? ORDER BY name_key", (scope,))]


def rivals(conn) -> list[tuple]:
    """Every pair's games shared and how often the other ended ahead, as kept."""
    return [tuple(r) for r in conn.execute(
        "SELECT scope, name_key, rival_key, shared, behind FROM player_rivals"
        " ORDER BY scope, name_key, rival_key")]


def rivals_recomputed(conn) -> list[tuple]:
    """The same, computed again from the stored games by the statement of the migration
    that filled them for the games stored before it (then undone)."""
    migration = next(m for m in MIGRATIONS if "INSERT INTO player_rivals" in m)
    fill = "INSERT INTO player_rivals" + migration.split("INSERT INTO player_rivals")[1]
    conn.execute("SAVEPOINT recompute")
    try:
        conn.execute("DELETE FROM player_rivals")
        conn.execute(fill.strip().rstrip(";"))
        return rivals(conn)
    finally:
        conn.execute("ROLLBACK TO recompute")
        conn.execute("RELEASE recompute")


# A step: (kind, Ann's bullheads, Bob's bullheads); numbers are chosen from the state.
steps = st.lists(st.tuples(st.sampled_from([DEAL, DEAL, CORRECTION, WITHDRAWAL, RESTORE]),
                           st.integers(0, 40), st.integers(0, 40)), max_size=12)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(plan=steps, virgin=st.booleans())
def test_state_is_stored_right_after_every_kind_of_write(app, plan, virgin):
    """After each deal, correction, withdrawal and restore (refused ones included), the
    stored state equals a replay of the log."""
    with app.app_context():
        conn = db.get_db()
        settings_ = make_settings(["Ann", "Bob"], threshold=60, virgin_doubling=virgin)
        token = store.create_game(conn, settings_)
        assert stored(conn, token) == replayed(store.load(conn, token))
        for kind, ann, bob in plan:
            game = store.load(conn, token)
            values = {"Ann": ann, "Bob": max(bob, 4 - ann)}  # 2 players: 4 at least
            try:
                if kind in (DEAL, CORRECTION):
                    number = None if kind == DEAL else max(1, len(game.state.deals))
                    store.write_deal(conn, token, kind, number,
                                     make_entry(settings_, values), None)
                else:
                    number = (len(game.state.deals) if kind == WITHDRAWAL
                              else game.state.next_number)
                    store.undo(conn, token, kind, number)
            except errors.RulesError:
                pass
            assert stored(conn, token) == replayed(store.load(conn, token))
            assert kept(conn) == summed(conn)
            assert rivals(conn) == rivals_recomputed(conn)


def test_an_import_and_a_stale_game_are_summarized(app):
    with app.app_context():
        conn = db.get_db()
        settings_ = make_settings(["Ann", "Bob"])
        token = store.create_game(conn, settings_)
        store.write_deal(conn, token, DEAL, None, make_entry(settings_, {"Ann": 70, "Bob": 1}),
                         None)
        conn.execute("UPDATE games SET updated_at = NULL, deal_count = 0, finished = 0")
        conn.execute("DELETE FROM game_players")
        store.summarize_stale(conn)
        assert stored(conn, token) == replayed(store.load(conn, token))
        assert stored(conn, token)["finished"] is True


# --- Each phone lists its own games ---


def api_game(client, players=("Ann", "Bob")) -> str:
    answer = client.post("/api/v1/games", json={"players": list(players)},
                         headers={"X-CSRFToken": read_csrf_token(client)})
    assert answer.status_code == 201
    return answer.get_json()["id"]


def items(html: str) -> int:
    return html.count('class="game-item"')


def test_a_second_phone_sees_nothing_but_can_open_a_link(app):
    mine, theirs = app.test_client(), app.test_client()
    token = api_game(mine, ("Ann", "Bob"))
    assert re.fullmatch(r"[0-9a-f]{20}", token)
    assert items(mine.get("/games").get_data(as_text=True)) == 1
    assert items(mine.get("/").get_data(as_text=True)) == 1
    for path in ("/", "/games"):
        assert items(theirs.get(path).get_data(as_text=True)) == 0, path
    assert ">Ann<" not in theirs.get("/games/stats").get_data(as_text=True)
    assert ">Ann<" in mine.get("/games/stats").get_data(as_text=True)
    # Deleting from the list needs the game to be one of this phone's.
    assert theirs.get(f"/games/{token}/delete").status_code == 404
    # The link opens the game; kept (the page's script posts it, else its button), it is
    # one of theirs from then on.
    sheet = theirs.get(f"/games/{token}").get_data(as_text=True)
    assert f'action="/games/{token}/keep"' in sheet
    assert items(theirs.get("/games").get_data(as_text=True)) == 0  # opening wrote nothing
    assert theirs.post(f"/games/{token}/keep",
                       data={"csrf_token": read_csrf_token(theirs)}).status_code == 302
    assert items(theirs.get("/games").get_data(as_text=True)) == 1
    assert 'id="keep-form"' not in theirs.get(f"/games/{token}").get_data(as_text=True)
    assert theirs.get(f"/games/{token}/delete").status_code == 200
    third = app.test_client()
    assert third.get(f"/api/v1/games/{token}").status_code == 200  # the API GET lists nothing
    assert items(third.get("/games").get_data(as_text=True)) == 0
    assert third.post(f"/games/{token}/keep", headers={
        "X-CSRFToken": read_csrf_token(third), "Accept": "application/json"}).status_code == 204
    assert items(third.get("/games").get_data(as_text=True)) == 1
    # A token nobody was given is not found.
    assert theirs.get("/games/" + "ab" * 10).status_code == 404
    assert theirs.get("/api/v1/games/" + "ab" * 10).status_code == 404


def test_each_phones_statistics_follow_writes_links_and_deletes(app):
    mine, theirs = app.test_client(), app.test_client()
    headers = {"X-CSRFToken": read_csrf_token(mine)}
    one, two = api_game(mine, ("Ann", "Bob")), api_game(mine, ("ann", "Cas"))
    mine.post(f"/api/v1/games/{one}/deals", headers=headers,
              json={"number": 1, "bullheads": {"Ann": 70, "Bob": 0}})
    theirs.post(f"/games/{two}/keep", data={"csrf_token": read_csrf_token(theirs)})  # its link
    mine.post(f"/api/v1/games/{two}/deals", headers=headers,
              json={"number": 1, "bullheads": {"ann": 0, "Cas": 9}})
    devices = [c.get_cookie("device").value for c in (mine, theirs)]

    def check() -> None:
        with app.app_context():
            conn = db.get_db()
            assert kept(conn) == summed(conn)
            for device in devices:
                assert kept(conn, device) == summed(conn, device)

    check()
    with app.app_context():
        assert [r[:3] for r in kept(db.get_db(), devices[1])] == [("ann", 1, 0), ("cas", 1, 0)]
    stats = theirs.get("/games/stats").get_data(as_text=True)
    assert ">ann<" in stats and ">Bob<" not in stats
    assert mine.post(f"/games/{two}/delete", data={"csrf_token": headers["X-CSRFToken"]}
                     ).status_code == 302
    check()
    assert ">ann<" not in theirs.get("/games/stats").get_data(as_text=True)
    assert ">Ann<" in mine.get("/games/stats").get_data(as_text=True)


def test_the_device_cookie_is_long_lived_http_only_and_lax(app):
    client = app.test_client()
    api_game(client)
    cookie = client.get_cookie("device")
    assert re.fullmatch(r"[0-9a-f]{32}", cookie.value)
    assert cookie.http_only and cookie.same_site == "Lax" and not cookie.secure
    assert cookie.max_age is not None and cookie.max_age > 365 * 24 * 3600
    other = create_app({"TESTING": True, "DATABASE": app.config["DATABASE"],
                        "SECRET_KEY": "test", "SESSION_COOKIE_SECURE": True}).test_client()
    api_game(other)
    assert other.get_cookie("device").secure
    # A forged cookie of another shape is replaced, not trusted.
    forged = app.test_client()
    forged.set_cookie("device", "../../etc")
    api_game(forged)
    assert re.fullmatch(r"[0-9a-f]{32}", forged.get_cookie("device").value)


def test_open_list_shows_every_game_to_everyone(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "open.sqlite"),
                      "SECRET_KEY": "test", "OPEN_LIST": True})
    token = api_game(app.test_client())
    stranger = app.test_client()
    assert items(stranger.get("/games").get_data(as_text=True)) == 1
    assert "All games" in stranger.get("/games").get_data(as_text=True)
    assert stranger.get(f"/games/{token}/delete").status_code == 200


# --- Pages of games, statistics in SQL ---


def fill(app, count: int, finished_every: int = 3) -> list[str]:
    """``count`` games straight through the store; every third one finished."""
    tokens = []
    with app.app_context():
        conn = db.get_db()
        s = make_settings(["Ann", "Bob"])
        for i in range(count):
            token = store.create_game(conn, s, f"game {i}")
            if i % finished_every == 0:
                store.write_deal(conn, token, DEAL, None, make_entry(s, {"Ann": 70, "Bob": 0}),
                                 None)
            tokens.append(token)
    return tokens


def test_the_list_comes_in_pages_running_first(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "pages.sqlite"),
                      "SECRET_KEY": "test", "OPEN_LIST": True})
    fill(app, 45)  # 15 finished (0, 3, ..., 42), 30 in progress
    client = app.test_client()
    pages = [client.get(f"/games?page={n}").get_data(as_text=True) for n in (1, 2, 3, 4)]
    notes = [re.findall(r"· (game \d+)</span>", page) for page in pages]
    assert [len(n) for n in notes] == [20, 20, 5, 0]
    running = [f"game {i}" for i in range(44, -1, -1) if i % 3]
    finished = [f"game {i}" for i in range(42, -1, -3)]
    assert notes[0] + notes[1] + notes[2] == running + finished
    assert 'rel="next"' in pages[0] and 'rel="prev"' not in pages[0]
    assert 'rel="next"' in pages[1] and 'rel="prev"' in pages[1]
    assert 'rel="next"' not in pages[2] and "Page 3" in pages[2]
    for junk in ("abc", "-1", "0", "99999999999999999999999"):
        assert client.get(f"/games?page={junk}").get_data(as_text=True).count(
            'class="game-item"') == 20, junk
    home = client.get("/").get_data(as_text=True)
    # The start page offers the five newest games in progress; the list has the rest.
    assert items(home) == 5 and "15 finished" in home
    assert [note for note in running[:5] if note in home] == running[:5]


def test_statistics_are_summed_in_sql(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "stats.sqlite"),
                      "SECRET_KEY": "test", "OPEN_LIST": True})
    with app.app_context():
        conn = db.get_db()
        hand = make_settings(["ann", "Bob"], variant="hand")
        one = store.create_game(conn, hand)
        for values, held in (({"ann": 3, "Bob": 0}, {"ann": 1, "Bob": 0}),
                             ({"ann": 0, "Bob": 0}, {"ann": 0, "Bob": 0})):
            store.write_deal(conn, one, DEAL, None, make_entry(hand, values, held), None)
        basic = make_settings(["Ann", "Cas"], threshold=10)
        two = store.create_game(conn, basic)
        store.write_deal(conn, two, DEAL, None, make_entry(basic, {"Ann": 0, "Cas": 12}),
                         None)
        rows, more = summary.statistics(conn, None)
    # Ann (the latest game's spelling): 2 games, 1 win (game two), deals 2 + 1,
    # bullheads 3+1 + 0 + 0 = 4 as taken, clean deals: deal 2 of one, deal 1 of two.
    assert not more
    # Only game two has ended, and Ann won it ahead of Cas: a win rate of 1, no rival.
    assert rows[0] == {"name": "Ann", "name_key": "ann", "games": 2, "wins": 1, "deals": 3,
                       "bullheads": 4, "clean": 2, "ended": 1, "average": Decimal("1.3"),
                       "win_rate": Decimal("1.00"), "rival": None}
    # Bob: one game, not finished, 2 clean deals. Cas: one game lost, 12 in one deal.
    # Bob's game (one) has not ended; Cas lost game two to Ann, who is Cas's rival.
    assert rows[1:] == [
        {"name": "Bob", "name_key": "bob", "games": 1, "wins": 0, "deals": 2, "bullheads": 0,
         "clean": 2, "ended": 0, "average": Decimal("0.0"), "win_rate": None, "rival": None},
        {"name": "Cas", "name_key": "cas", "games": 1, "wins": 0, "deals": 1, "bullheads": 12,
         "clean": 0, "ended": 1, "average": Decimal("12.0"), "win_rate": Decimal("0.00"),
         "rival": {"name": "Ann", "ahead": 1, "shared": 1}}]
    page = app.test_client().get("/games/stats").get_data(as_text=True)
    assert "<td>2</td><td>1</td><td>100%</td><td>1.3</td><td>2</td>" in page


def test_statistics_come_in_pages(tmp_path, monkeypatch):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "many.sqlite"),
                      "SECRET_KEY": "test", "OPEN_LIST": True})
    monkeypatch.setattr(summary, "STATS_PER_PAGE", 2)
    with app.app_context():
        conn = db.get_db()
        for names in (["Ann", "Bob"], ["Cas", "Dirk"], ["Eva", "Fay"]):
            store.create_game(conn, make_settings(names))
        first, more = summary.statistics(conn, None, 1, 2)
        last, no_more = summary.statistics(conn, None, 3, 2)
    assert [r["name"] for r in first] == ["Ann", "Bob"] and more
    assert [r["name"] for r in last] == ["Eva", "Fay"] and not no_more


@pytest.mark.parametrize("path", ["/", "/games", "/games/stats"])
def test_lists_never_load_a_game(client, monkeypatch, path):
    """The start page, the list and the statistics read stored state only."""
    api_game(client)

    def refuse(*args, **kwargs):
        raise AssertionError("a list replayed a game")

    monkeypatch.setattr(store, "load", refuse)
    monkeypatch.setattr(store, "replay", refuse)
    assert client.get(path).status_code == 200


def test_a_list_line_follows_the_game_and_the_language(app):
    """A new deal, the end and another language each show at once in a game's line."""
    client = app.test_client()
    token = api_game(client)
    headers = {"X-CSRFToken": read_csrf_token(client)}

    def line(lang="en") -> str:
        page = client.get(f"/games?lang={lang}").get_data(as_text=True)
        return re.search(r'<li class="game-item">.*?</li>', page, re.S).group(0)

    assert "0 deals" in line() and token in line()
    assert client.post(f"/api/v1/games/{token}/deals", headers=headers, json={
        "number": 1, "bullheads": {"Ann": 70, "Bob": 3}}).status_code == 201
    assert "1 deal" in line() and "Won by Bob" in line()
    assert "1 spelronde" in line("nl") and "Gewonnen door Bob" in line("nl")


@pytest.mark.parametrize("open_list", [False, True])
@pytest.mark.parametrize(("lang", "exact", "more"), [
    ("en", "(15 finished)", "(more than 14 finished)"),
    ("nl", "(15 afgelopen)", "(meer dan 14 afgelopen)"),
    ("de", "(15 beendet)", "(mehr als 14 beendet)"),
])
def test_the_start_page_counts_finished_games_only_up_to_a_cap(tmp_path, monkeypatch, open_list,
                                                                lang, exact, more):
    """Counting every finished game made the start page cost more with each game played;
    past the cap it says "more than" the cap, in the page's language."""
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "count.sqlite"),
                      "SECRET_KEY": "test", "OPEN_LIST": open_list})
    client = app.test_client()
    token = read_csrf_token(client)
    for game in fill(app, 45)[::3]:  # the 15 finished, kept on this phone from their links
        assert client.post(f"/games/{game}/keep", data={"csrf_token": token}).status_code == 302
    monkeypatch.setattr(summary, "FINISHED_COUNTED", 15)
    page = client.get(f"/?lang={lang}").get_data(as_text=True)
    assert exact in page and more not in page
    monkeypatch.setattr(summary, "FINISHED_COUNTED", 14)
    page = client.get(f"/?lang={lang}").get_data(as_text=True)
    assert more in page and exact not in page
