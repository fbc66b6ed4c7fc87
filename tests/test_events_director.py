"""Who may change a club event (docs/api.md, Who may change an event): its director, who
holds the key, and no one else; what everyone may see names no game and no seed; a
table's game belongs to the event; the director's remedies at a table."""

from __future__ import annotations

import html
import re
import subprocess

import pytest

from scorekeeper.web.db import get_db
from tests.conftest import read_csrf_token

NAMES = [f"Player {n:02d}" for n in range(1, 14)]
SEED = 8_734_529_113_377
#: One deal that ends a game at 66, for tables of 4 and 5.
DEAL = (5, 15, 25, 70, 30)


class Director:
    """A director's phone speaking JSON, and the tables' phones entering their games."""

    def __init__(self, client, key=None):
        self.client = client
        self.csrf = {"X-CSRFToken": read_csrf_token(client, "/events")}
        self.key = key

    def headers(self, key=True):
        extra = {"X-Director-Key": self.key} if key and self.key else {}
        return {**self.csrf, **extra}

    def post(self, path, body=None, key=True):
        return self.client.post(path, json=body or {}, headers=self.headers(key))

    def put(self, path, body, key=True):
        return self.client.put(path, json=body, headers=self.headers(key))

    def delete(self, path, key=True):
        return self.client.delete(path, headers=self.headers(key))

    def get(self, path, key=False):
        return self.client.get(path, headers=self.headers(key))

    def event(self, players=NAMES, rounds=3, **settings):
        answer = self.post("/api/v1/events", {"name": "Clubavond", "players": players,
                                              "rounds": rounds, "seed": SEED, **settings})
        assert answer.status_code == 201, answer.get_json()
        body = answer.get_json()
        self.key = body["director_key"]
        return body

    def seat(self, event_id):
        answer = self.post(f"/api/v1/events/{event_id}/rounds")
        assert answer.status_code == 201, answer.get_json()
        return answer.get_json()["tables"]

    def play(self, table, deal=DEAL, key=False):
        """The table's phone enters the one deal that ends its game."""
        players = table["players"]
        answer = self.post(f"/api/v1/games/{table['game']}/deals", {
            "number": 1, "bullheads": dict(zip(players, deal, strict=False))}, key=key)
        assert answer.status_code == 201, answer.get_json()
        return answer.get_json()

    def round_played(self, event_id):
        tables = self.seat(event_id)
        for table in tables:
            self.play(table)
        return tables

    def state(self, event_id):
        """Everything stored about the event, as its director sees it."""
        answer = self.get(f"/api/v1/events/{event_id}", key=True)
        assert answer.status_code == 200
        standings = self.get(f"/api/v1/events/{event_id}/standings").get_json()
        return answer.get_json(), standings


@pytest.fixture
def director(client):
    return Director(client)


@pytest.fixture
def stranger(app):
    return Director(app.test_client())


def page_text(answer) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ",
                                                   answer.get_data(as_text=True))))


# --- A stranger changes nothing ----------------------------------------------------------


def test_a_stranger_changes_nothing_through_the_api(director, stranger):
    event = director.event()
    eid = event["id"]
    director.round_played(eid)
    director.seat(eid)
    before = director.state(eid)
    table = f"/api/v1/events/{eid}/rounds/1/tables/1"
    writes = [
        ("post", f"/api/v1/events/{eid}/rounds", None),
        ("post", f"/api/v1/events/{eid}/players", {"player": "Zoë"}),
        ("post", f"/api/v1/events/{eid}/dropouts", {"player": NAMES[0]}),
        ("post", f"{table}/reopen", None),
        ("post", f"{table}/close", None),
        ("post", f"{table}/replace", None),
        ("put", f"{table}/totals", {"totals": dict.fromkeys(NAMES[:4], 1)}),
    ]
    for wrong in (None, "x" * 32, director.key[:-1] + ("A" if director.key[-1] != "A" else "B")):
        stranger.key = wrong
        for method, path, body in writes:
            answer = getattr(stranger, method)(path, body)
            assert answer.status_code == 403, (path, wrong, answer.get_json())
            assert answer.get_json() == {
                "error": "Only the director of “Clubavond” can change it. The director's "
                         "page has a link and a QR code that make another device a "
                         "director too.",
                "code": "DirectorOnly", "fields": {"event": "Clubavond"}}
        export = stranger.get(f"/api/v1/events/{eid}/export", key=True)
        assert export.status_code == 403
    assert director.state(eid) == before
    german = stranger.post(f"/api/v1/events/{eid}/rounds?lang=de")
    assert german.status_code == 403 and "Clubavond" in german.get_json()["error"]
    assert german.get_json()["error"] != "Only the director"


def test_a_stranger_changes_nothing_through_the_forms(client, app, token_of=read_csrf_token):
    token = token_of(client, "/events")
    answer = client.post("/events", data={
        "csrf_token": token, "name": "Clubavond", "players": "\n".join(NAMES), "rounds": "2",
        "end": "deals", "fixed_deals": "1"})
    director_url = answer.headers["Location"].split("?")[0]
    base = director_url.split("/director/")[0]
    assert client.post(base + "/rounds", data={"csrf_token": token}).status_code == 302
    other = app.test_client()
    theirs = token_of(other, "/events")
    seated = page_text(client.get(director_url))
    forms = [("/rounds", {}), ("/players", {"player": "Zoë"}),
             ("/dropouts", {"player": NAMES[0]}), ("/rounds/1/tables/1/reopen", {}),
             ("/rounds/1/tables/1/close", {}), ("/rounds/1/tables/1/replace", {}),
             ("/rounds/1/tables/1/totals", {"total_0": "3"}), ("/claim", {})]
    for path, data in forms:
        refused = other.post(base + path, data={"csrf_token": theirs, **data})
        assert refused.status_code == 403, path
        assert "Only the director of “Clubavond” can change it." in page_text(refused)
    for path in ("/rounds/1/tables/1/totals", "/export.json", "/rounds/1/slips.pdf"):
        assert other.get(base + path).status_code == 403, path
    wrong = other.get(base + "/director/" + "A" * 32)
    assert wrong.status_code == 403 and "not the director's link" in page_text(wrong)
    assert "director=" not in wrong.headers.get("Set-Cookie", "")
    assert page_text(client.get(director_url)) == seated


# --- What everyone may see -----------------------------------------------------------------


def test_no_public_answer_names_a_game_or_the_seed(director, stranger, tmp_path):
    event = director.event()
    eid = event["id"]
    first = director.round_played(eid)
    second = director.seat(eid)
    director.play(second[0])
    director.post(f"/api/v1/events/{eid}/rounds/2/tables/2/replace")
    director.put(f"/api/v1/events/{eid}/rounds/2/tables/3/totals",
                 {"totals": dict.fromkeys(second[2]["players"], 20)})
    director_view = director.get(f"/api/v1/events/{eid}", key=True).get_json()
    secrets = {str(SEED), director.key}
    secrets |= {t["game"] for t in first + second + director_view["tables"]}
    secrets |= {old["game"] for old in director_view["replaced"]}
    assert len(secrets) == 2 + 3 + 3 + 1  # the seed, the key, six games and a replacement

    answers = {path: stranger.get(path) for path in (
        f"/api/v1/events/{eid}", f"/api/v1/events/{eid}/standings",
        f"/api/v1/events/{eid}/standings?after=1", f"/events/{eid}",
        f"/events/{eid}?after=1", f"/events/{eid}/live", f"/events/{eid}/wall",
        f"/events/{eid}/find", f"/events/{eid}/find?name=play",
        f"/events/{eid}/results.csv", f"/events/{eid}/standings.pdf",
        f"/events/{eid}/standings.pdf?after=1", "/events")}
    for path, answer in answers.items():
        assert answer.status_code == 200, path
        if answer.mimetype == "application/pdf":
            pdf = tmp_path / "public.pdf"
            pdf.write_bytes(answer.data)
            body = subprocess.run(["pdftotext", str(pdf), "-"], check=True,
                                  capture_output=True, text=True).stdout
            assert "Player 01" in body
        else:
            body = answer.get_data(as_text=True)
        leaked = [secret for secret in secrets if secret in body]
        assert not leaked, (path, leaked)
    public = answers[f"/api/v1/events/{eid}"].get_json()
    assert "seed" not in public and all("game" not in t for t in public["tables"])


# --- The director's link -------------------------------------------------------------------


def test_the_director_link_makes_a_co_director(client, app):
    token = read_csrf_token(client, "/events")
    answer = client.post("/events", data={
        "csrf_token": token, "name": "Clubavond", "players": "\n".join(NAMES), "rounds": "2",
        "end": "threshold", "threshold": "66"})
    location = answer.headers["Location"]
    assert location.endswith("?new=1") and "/director/" in location
    cookie = answer.headers["Set-Cookie"]
    base, key = location.split("?")[0].split("/director/")
    assert f"Path={base}" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert key not in cookie.split(";")[0].split(".")[0]  # the device id comes first
    first = client.get(location)
    assert first.status_code == 200 and first.headers["Cache-Control"] == "private, no-store"
    assert first.headers["Referrer-Policy"] == "strict-origin"
    assert "Keep this link: it is the director's key." in page_text(first)
    with app.app_context():
        stored = get_db().execute("SELECT director_hash FROM events").fetchone()[0]
    assert len(stored) == 64 and key not in stored  # only the key's hash is kept

    co = app.test_client()
    assert "To the director's page" not in page_text(co.get(base))
    taken = co.get(f"{base}/director/{key}")
    assert taken.status_code == 200 and "Set-Cookie" in taken.headers
    assert "Keep this link" not in page_text(taken)
    co_token = read_csrf_token(co, "/events")
    assert co.post(f"{base}/rounds", data={"csrf_token": co_token}).status_code == 302
    assert "To the director's page" in page_text(co.get(base))
    assert "Clubavond" in page_text(co.get("/events"))  # now one of its events
    history = page_text(client.get(location.split("?")[0]))
    assert "device 1 · Started the event." in history
    assert "device 2 · Opened the director's link" in history
    assert "device 2 · Seated event round 1." in history


def test_an_event_from_before_keys_is_claimed_by_the_browser_that_started_it(client, app):
    token = read_csrf_token(client, "/events")
    answer = client.post("/events", data={
        "csrf_token": token, "name": "Oud", "players": "\n".join(NAMES[:8]), "rounds": "2",
        "end": "threshold", "threshold": "66"})
    base = answer.headers["Location"].split("/director/")[0]
    with app.app_context():  # as the migration leaves an event started before keys
        get_db().execute("UPDATE events SET director_hash = NULL")
    client.delete_cookie("director", path=base)
    assert client.post(base + "/rounds", data={"csrf_token": token}).status_code == 403
    other = app.test_client()
    assert "Take the director's link" not in page_text(other.get(base))
    assert other.post(base + "/claim", data={
        "csrf_token": read_csrf_token(other, "/events")}).status_code == 403
    assert "Take the director's link" in page_text(client.get(base))
    claimed = client.post(base + "/claim", data={"csrf_token": token})
    assert claimed.status_code == 302 and "/director/" in claimed.headers["Location"]
    assert client.post(base + "/rounds", data={"csrf_token": token}).status_code == 302
    again = client.post(base + "/claim", data={"csrf_token": token})
    assert again.status_code == 409


def test_starting_or_claiming_an_event_from_the_page_is_one_commit(client, app):
    """The event, its director's device and the history's first line are written
    together: a crash between them can no longer leave an event without its "create"
    line, nor a key given whose device is not numbered."""
    statements = []

    @app.before_request
    def trace():
        get_db().set_trace_callback(statements.append)

    @app.teardown_request
    def untrace(_exc):
        get_db().set_trace_callback(None)

    token = read_csrf_token(client, "/events")
    statements.clear()
    answer = client.post("/events", data={
        "csrf_token": token, "name": "Eén keer", "players": "\n".join(NAMES[:8]),
        "rounds": "2", "end": "threshold", "threshold": "66"})
    assert answer.status_code == 302
    assert statements.count("BEGIN IMMEDIATE") == 1 and statements.count("COMMIT") == 1
    base = answer.headers["Location"].split("/director/")[0]
    with app.app_context():
        db = get_db()
        event_id = base.rsplit("/", 1)[1]
        history = db.execute("SELECT h.act, d.number FROM event_history h JOIN"
                             " event_devices d ON d.event_id = h.event_id AND d.device ="
                             " h.device WHERE h.event_id = ?", (event_id,)).fetchall()
        assert [tuple(row) for row in history] == [("create", 1)]
        db.execute("UPDATE events SET director_hash = NULL")
    client.delete_cookie("director", path=base)
    statements.clear()
    claimed = client.post(base + "/claim", data={"csrf_token": token})
    assert claimed.status_code == 302
    assert statements.count("BEGIN IMMEDIATE") == 1 and statements.count("COMMIT") == 1


# --- A table's game belongs to the event ---------------------------------------------------


def test_a_slip_holder_cannot_delete_a_tables_game(director, client):
    event = director.event()
    table = director.seat(event["id"])[0]
    game = table["game"]
    token = read_csrf_token(client, "/events")
    client.get(f"/games/{game}")  # the slip holder opens it and its page keeps it:
    assert client.post(f"/games/{game}/keep",  # one of this phone's games
                       headers={"X-CSRFToken": token}).status_code < 400
    for answer in (client.get(f"/games/{game}/delete"),
                   client.post(f"/games/{game}/delete",
                               data={"csrf_token": token})):
        assert answer.status_code == 409
        assert "event “Clubavond”: it cannot be deleted" in page_text(answer)
    assert client.get(f"/games/{game}").status_code == 200


def test_a_tables_settings_never_change_from_its_sheet(director, app):
    """No page changes a game's settings today; should one come, the event's keeper
    refuses it for a table's game as it refuses a deletion."""
    from scorekeeper.events.errors import EventGame
    from scorekeeper.games import store

    table = director.seat(director.event()["id"])[0]
    with app.app_context():
        with pytest.raises(EventGame):
            store.check_change(get_db(), table["game"], store.Change.SETTINGS)
        store.check_change(get_db(), table["game"], store.Change.DEAL)  # its table plays


def test_a_closed_rounds_game_changes_only_with_the_key(director, client):
    eid = director.event()["id"]
    first = director.round_played(eid)
    director.seat(eid)
    game, players = first[0]["game"], first[0]["players"]
    before = director.state(eid)
    deal = {"bullheads": dict(zip(players, (70, 25, 15, 5), strict=False))}
    for answer in (director.put(f"/api/v1/games/{game}/deals/1", deal, key=False),
                   director.delete(f"/api/v1/games/{game}/deals/1", key=False)):
        assert answer.status_code == 403
        assert answer.get_json()["code"] == "RoundClosed"
        assert answer.get_json()["fields"] == {"event": "Clubavond", "round": 1, "table": 1}
    token = read_csrf_token(client, "/events")
    page = client.post(f"/games/{game}/deals/1/withdraw", data={"csrf_token": token})
    assert page.status_code == 403 and "Event round 1 of “Clubavond” is over" in page_text(page)
    assert director.state(eid) == before  # the standings did not fall back

    fixed = director.put(f"/api/v1/games/{game}/deals/1", deal)  # the director's key
    assert fixed.status_code == 200
    after = {r["player"]: r["points"] for r in director.state(eid)[1]["standings"]}
    assert after[players[3]] == 7 and after[players[0]] == 1

    director.post(f"/api/v1/events/{eid}/rounds/1/tables/1/reopen")
    undone = director.delete(f"/api/v1/games/{game}/deals/1", key=False)  # the table again
    assert undone.status_code == 200
    event, standings = director.state(eid)
    assert standings["complete"] == 0  # the director re-opened it, and is told:
    assert standings["still_playing"] == [{"round": 1, "table": 1}]
    refused = director.post(f"/api/v1/events/{eid}/rounds")
    assert refused.status_code == 409 and refused.get_json()["code"] == "RoundStillPlaying"
    assert refused.get_json()["fields"] == {"round": 1, "tables": 1}
    director.post(f"/api/v1/games/{game}/deals/1/restore", key=False)
    closed = director.post(f"/api/v1/events/{eid}/rounds/1/tables/1/close")
    assert closed.status_code == 200 and closed.get_json()["reopened"] is False
    assert director.delete(f"/api/v1/games/{game}/deals/1", key=False).status_code == 403
    history = director.get(f"/api/v1/events/{eid}/export", key=True).get_json()["history"]
    acts = [(line["act"], line["detail"].get("change")) for line in history]
    assert acts[-3:] == [("game", "correction"), ("reopen", None), ("close", None)]


def test_replace_a_broken_game_and_type_totals_from_paper(director, client):
    eid = director.event(players=NAMES[:8])["id"]
    tables = director.seat(eid)
    old = tables[0]["game"]
    replaced = director.post(f"/api/v1/events/{eid}/rounds/1/tables/1/replace")
    assert replaced.status_code == 201
    new = replaced.get_json()
    assert new["game"] != old and new["players"] == tables[0]["players"]
    refused = director.post(f"/api/v1/games/{old}/deals", {
        "bullheads": dict(zip(tables[0]["players"], DEAL, strict=False))})
    assert refused.status_code == 409 and refused.get_json()["code"] == "GameReplaced"
    assert refused.get_json()["players"] == tables[0]["players"]  # a 409 carries the game
    view = director.get(f"/api/v1/events/{eid}", key=True).get_json()
    assert [o["game"] for o in view["replaced"]] == [old]
    director.play(new)

    paper = {p: v for p, v in zip(tables[1]["players"], (3, 40, 66, 12), strict=True)}
    bad = director.put(f"/api/v1/events/{eid}/rounds/1/tables/2/totals",
                       {"totals": {**paper, tables[1]["players"][0]: -1}})
    assert bad.status_code == 400 and bad.get_json()["code"] == "BadPaperTotal"
    typed = director.put(f"/api/v1/events/{eid}/rounds/1/tables/2/totals", {"totals": paper})
    assert typed.status_code == 200 and typed.get_json()["paper"] == paper
    standings = director.state(eid)[1]
    assert standings["round"] == 1
    points = {r["player"]: r["points"] for r in standings["standings"]}
    assert [points[p] for p in tables[1]["players"]] == [7, 3, 1, 5]
    late = director.post(f"/api/v1/games/{tables[1]['game']}/deals", {
        "bullheads": dict(zip(tables[1]["players"], DEAL, strict=False))}, key=False)
    assert late.status_code == 409 and late.get_json()["code"] == "PlayedOnPaper"

    director.post(f"/api/v1/events/{eid}/rounds/1/tables/2/reopen")  # the game counts again
    assert director.state(eid)[1]["complete"] == 0
    history = director.get(f"/api/v1/events/{eid}/export", key=True).get_json()["history"]
    assert [line["act"] for line in history] == ["create", "seat", "replace", "paper",
                                                 "reopen"]
    assert all(line["device"] is None for line in history)  # through the JSON interface


# --- Names and the cap -------------------------------------------------------------------


def test_three_hundred_join_and_drop_cycles_stop_at_250_names(director):
    eid = director.event(players=NAMES[:6], rounds=2)["id"]
    codes = []
    for cycle in range(300):
        joined = director.post(f"/api/v1/events/{eid}/players", {"player": f"Guest {cycle}"})
        codes.append(joined.status_code)
        if joined.status_code == 201:
            assert director.post(f"/api/v1/events/{eid}/dropouts",
                                 {"player": f"Guest {cycle}"}).status_code == 201
        else:
            assert joined.get_json()["code"] == "EventFull"
            assert joined.get_json()["fields"] == {"limit": 250}
    assert codes == [201] * 244 + [409] * 56
    event = director.get(f"/api/v1/events/{eid}").get_json()
    assert len(event["players"]) == 250 and len(event["active"]) == 6
    back = director.post(f"/api/v1/events/{eid}/players", {"player": "guest 7"})
    assert back.status_code == 201  # a player who left comes back: no new name


@pytest.mark.parametrize(("typed", "code"), [
    ("Player 01", "NameRepeated"), ("PLAYER 01", "NameRepeated"),
    ("Player\u00a0 01", "NameRepeated"), ("Zoe\u0308", None), ("Zo\u00eb", None),
    ("Zoë\u200b", "NameHiddenCharacter"), ("\u202eZoë", "NameHiddenCharacter"),
    ("Zoë\x07", "NameHiddenCharacter"), ("Zoë\x00", "NameHiddenCharacter"),
    ("   ", "BadPlayerName"), ("\u3164", "NameNotVisible"),
])
def test_lookalike_names_join_as_one_name_or_not_at_all(director, typed, code):
    eid = director.event(players=NAMES[:6])["id"]
    if code is None:  # composed or not, "Zoë" is one name
        assert director.post(f"/api/v1/events/{eid}/players", {"player": "Zoë"}
                             ).status_code == 201
        code = "NameRepeated"
    answer = director.post(f"/api/v1/events/{eid}/players", {"player": typed})
    assert answer.status_code == 400 and answer.get_json()["code"] == code
    assert "\x00" not in director.client.get(f"/events/{eid}/results.csv").get_data(as_text=True)


def test_an_event_refuses_lookalike_names_at_the_start(director):
    for players in ([*NAMES[:5], "Player 01\u200d"], [*NAMES[:5], "player  01"],
                    [*NAMES[:5], "Jose\u0301", "José"]):
        answer = director.post("/api/v1/events", {"name": "C", "players": players,
                                                  "rounds": 1})
        assert answer.status_code == 400, players
    made = director.event(players=[*NAMES[:5], "  Jose\u0301   de  Vries "])
    assert made["players"][-1] == "José de Vries"


# --- Standings after an earlier round ------------------------------------------------------


def test_the_standings_after_any_earlier_round(director, stranger):
    eid = director.event(players=NAMES[:8])["id"]
    director.round_played(eid)
    after_one = director.get(f"/api/v1/events/{eid}/standings").get_json()
    director.post(f"/api/v1/events/{eid}/players", {"player": "Zoë"})
    second = director.seat(eid)
    director.play(second[0])  # one table of round 2 has ended, the other plays on
    partly = director.get(f"/api/v1/events/{eid}/standings").get_json()
    strictly = director.get(f"/api/v1/events/{eid}/standings?after=1").get_json()
    # round 2's finished table counts already: the standings say round 2, and which
    # table of it still plays, never "after round 1" over round-2 figures
    assert (partly["round"], partly["complete"]) == (2, 1)
    assert partly["still_playing"] == [{"round": 2, "table": 2}]
    assert partly["standings"] != after_one["standings"]
    assert strictly == {**after_one, "playing": []}
    heading = "Standings after event round 2 (table 2 still playing)"
    for path in (f"/events/{eid}", f"/events/{eid}/live"):
        assert heading in page_text(stranger.client.get(path)), path
    director.play(second[1])
    now = director.get(f"/api/v1/events/{eid}/standings").get_json()
    assert now["round"] == 2 and "Zoë" in [r["player"] for r in now["standings"]]
    again = director.get(f"/api/v1/events/{eid}/standings?after=1").get_json()
    assert again == {**after_one, "playing": []}
    page = page_text(stranger.client.get(f"/events/{eid}?after=1"))
    assert "Standings after event round 1" in page and "Zoë" not in page.split(
        "Standings after event round 1")[1].split("Earlier event rounds")[0]


def test_the_event_page_a_director_opens_keeps_the_key_secret(client, app):
    """A director's browser sees its director's link on the event's public page, so that
    answer is as private as the director's page: a stranger's copy of the page is not."""
    client.post("/events", data={
        "csrf_token": read_csrf_token(client, "/events"), "name": "Clubavond",
        "players": "\n".join(NAMES), "rounds": "2", "end": "threshold", "threshold": "66"})
    with app.app_context():
        event_id = get_db().execute("SELECT id FROM events").fetchone()[0]
    mine = client.get(f"/events/{event_id}")
    assert "To the director's page" in page_text(mine)
    assert mine.headers["Cache-Control"] == "private, no-store"
    assert mine.headers["Referrer-Policy"] == "strict-origin"
    public = app.test_client().get(f"/events/{event_id}")
    assert "To the director's page" not in page_text(public)
    assert public.headers.get("Cache-Control") != "private, no-store"
    assert public.headers["Referrer-Policy"] == "same-origin"
