"""The director's table: paper totals checked as a game's deals and started from the
phone's deals, the director's pages with the key by cookie or by header alike, and the
destructive acts asked first and undone (docs/api.md, A table's remedies)."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from tests.conftest import read_csrf_token
from tests.test_events_director import NAMES, Director, page_text


@pytest.fixture
def director(client):
    return Director(client)


def totals_path(eid, round_number=1, table=1):
    return f"/api/v1/events/{eid}/rounds/{round_number}/tables/{table}/totals"


# --- Paper totals, checked as the table's game would have checked its deals ---------------


@pytest.mark.parametrize(("values", "code", "fields"), [
    ((0, 0, 0, 0), "GameNotEnded", {"threshold": 66, "highest": 0}),
    ((10, 12, 5, 0), "GameNotEnded", {"threshold": 66, "highest": 12}),
    ((9999, 0, 0, 0), "TotalOutOfReach", {"player": "{0}", "total": 9999, "most": 232}),
    ((70, 65, 65, 65, 0), None, None),  # a table of five: someone at 66, the rest near it
])
def test_paper_totals_no_game_could_end_with_are_refused(director, values, code, fields):
    eid = director.event(players=NAMES[:9])["id"]  # tables of 4 and 5
    tables = director.seat(eid)
    table = next(t for t in tables if len(t["players"]) == len(values))
    before = director.state(eid)
    totals = dict(zip(table["players"], values, strict=True))
    answer = director.put(totals_path(eid, 1, table["table"]), {"totals": totals})
    if code is None:
        assert answer.status_code == 200 and answer.get_json()["paper"] == totals
        return
    body = answer.get_json()
    assert answer.status_code == 400 and body["code"] == code, body
    assert body["fields"] == {k: (v.format(*table["players"]) if isinstance(v, str) else v)
                              for k, v in fields.items()}
    assert director.state(eid) == before


def test_a_fixed_number_of_deals_bounds_the_totals_from_both_sides(director):
    eid = director.event(players=NAMES[:8], fixed_deals=3)["id"]
    table = director.seat(eid)[0]
    few = director.put(totals_path(eid), {"totals": dict.fromkeys(table["players"], 10)})
    assert few.get_json()["code"] == "TotalsTooFew"
    assert few.get_json()["fields"] == {"total": 40, "least": 72}  # 3 deals of at least 24
    many = director.put(totals_path(eid), {"totals": dict.fromkeys(table["players"], 130)})
    assert many.get_json()["code"] == "TotalsTooMany"
    assert many.get_json()["fields"] == {"total": 520, "most": 501}  # 3 × 167
    fair = director.put(totals_path(eid), {"totals": dict(zip(
        table["players"], (30, 20, 25, 10), strict=True))})
    assert fair.status_code == 200


@pytest.mark.parametrize(("change", "code", "field"), [
    (lambda t, others: {**t, others[0]: 5}, "PlayerNotAtTable", None),
    (lambda t, others: {**t, "Nobody": 5}, "EventUnknownPlayer", None),
    (lambda t, others: {k: (None if i == 0 else v) for i, (k, v) in enumerate(t.items())},
     "MissingPaperTotal", None),
    (lambda t, others: {k: (str(v) if i == 0 else v) for i, (k, v) in enumerate(t.items())},
     "BadShape", "totals.{0}"),
    (lambda t, others: {k: (True if i == 0 else v) for i, (k, v) in enumerate(t.items())},
     "BadShape", "totals.{0}"),
    (lambda t, others: {k: (-1 if i == 0 else v) for i, (k, v) in enumerate(t.items())},
     "BadPaperTotal", None),
])
def test_paper_totals_are_json_whole_numbers_for_the_tables_players(director, change, code,
                                                                      field):
    eid = director.event(players=NAMES[:8])["id"]
    first, second = director.seat(eid)
    totals = dict(zip(first["players"], (70, 12, 30, 8), strict=True))
    before = director.state(eid)
    answer = director.put(totals_path(eid), {"totals": change(totals, second["players"])})
    body = answer.get_json()
    assert answer.status_code == 400 and body["code"] == code, body
    if field:
        assert body["fields"]["field"] == field.format(first["players"][0])
    assert "null" not in body["error"] and "does not play in this event" not in body["error"] \
        or code == "EventUnknownPlayer"
    assert director.state(eid) == before


def test_the_wordings_of_a_missing_total_and_another_tables_player(director):
    eid = director.event(players=NAMES[:8])["id"]
    first, second = director.seat(eid)
    totals = dict(zip(first["players"], (70, 12, 30, None), strict=True))
    missing = director.put(totals_path(eid), {"totals": totals})
    assert missing.get_json()["error"] == (
        f"Type the total of {first['players'][3]} as the paper sheet has it.")
    elsewhere = director.put(totals_path(eid), {"totals": {**totals, first["players"][3]: 8,
                                                           second["players"][0]: 5}})
    assert elsewhere.get_json()["error"] == (
        f"{second['players'][0]} does not play at table 1 of event round 1.")


def test_the_totals_start_from_the_deals_the_phone_sent(director, client):
    token = read_csrf_token(client, "/events")
    created = client.post("/events", data={
        "csrf_token": token, "name": "Clubavond", "players": "\n".join(NAMES[:8]),
        "rounds": "2", "end": "threshold", "threshold": "66"})
    base = created.headers["Location"].split("/director/")[0]
    key = created.headers["Location"].split("/director/")[1].split("?")[0]
    director.key = key
    eid = base.rsplit("/", 1)[1]
    table = director.seat(eid)[0]
    for number, values in enumerate(((5, 15, 25, 10), (20, 5, 6, 10)), 1):
        director.post(f"/api/v1/games/{table['game']}/deals", {
            "number": number, "bullheads": dict(zip(table["players"], values, strict=True))},
            key=False)
    started = director.get(totals_path(eid), key=True)
    assert started.status_code == 200 and started.headers["Cache-Control"] == "private, no-store"
    want = dict(zip(table["players"], (25, 20, 31, 20), strict=True))
    assert started.get_json() == {"round": 1, "table": 1, "players": table["players"],
                                  "totals": want, "paper": False, "deals": 2}
    assert director.get(totals_path(eid)).status_code == 403

    page = client.get(f"{base}/rounds/1/tables/1/totals")
    html = page.get_data(as_text=True)
    values = re.findall(r'name="total_\d" [^>]*value="(\d+)"|value="(\d+)"[^>]*name="total_\d"',
                        html)
    assert [int(a or b) for a, b in values] == [25, 20, 31, 20]
    assert "Filled in with the totals of the 2 deals the table's phone sent" in page_text(page)
    form = {"csrf_token": token, "total_0": "70", "total_1": "20", "total_2": "31",
            "total_3": "20"}
    saved = client.post(f"{base}/rounds/1/tables/1/totals", data=form)
    assert saved.status_code == 302 and "typed=1" in saved.headers["Location"]
    assert "The totals of table 1, event round 1, count now." in page_text(
        client.get(saved.headers["Location"]))
    again = director.get(totals_path(eid), key=True).get_json()
    assert again["paper"] is True and again["totals"][table["players"][0]] == 70
    nobody = client.post(f"{base}/rounds/1/tables/1/totals", data={
        **form, "total_0": "30"})
    assert nobody.status_code == 400
    assert "Nobody has reached 66 (the highest total is 31)" in page_text(nobody)
    assert 'value="30"' in nobody.get_data(as_text=True)  # what was typed stays


# --- The director's pages, the key by cookie or by header ---------------------------------


def _browser(app, by_header: bool):
    """A director's browser (the cookie of the browser that started the event) or a
    program sending ``X-Director-Key`` with no cookie: the event it directs and a way to
    ask."""
    starter = app.test_client()
    token = read_csrf_token(starter, "/events")
    created = starter.post("/events", data={
        "csrf_token": token, "name": "Clubavond", "players": "\n".join(NAMES[:8]),
        "rounds": "2", "end": "threshold", "threshold": "66"})
    base, key = created.headers["Location"].split("?")[0].split("/director/")
    if not by_header:
        return starter, base, key, token, {}
    program = app.test_client()
    return program, base, key, read_csrf_token(program, "/events"), {"X-Director-Key": key}


@pytest.mark.parametrize("by_header", [False, True], ids=["cookie", "header"])
def test_every_directors_page_answers_the_key_by_cookie_or_header_alike(app, by_header):
    client, base, key, token, headers = _browser(app, by_header)
    table = f"{base}/rounds/1/tables/1"

    def post(path, **data):
        return client.post(path, data={"csrf_token": token, **data}, headers=headers)

    def get(path):
        return client.get(path, headers=headers)

    steps = [
        ("page", lambda: get(f"{base}/director/{key}"), 200),
        ("seat", lambda: post(f"{base}/rounds"), 302),
        ("totals form", lambda: get(f"{table}/totals"), 200),
        ("totals", lambda: post(f"{table}/totals", total_0="70", total_1="5", total_2="9",
                                total_3="12"), 302),
        ("re-open", lambda: post(f"{table}/reopen"), 302),
        ("replace asks", lambda: get(f"{table}/replace"), 200),
        ("replace asks by post", lambda: post(f"{table}/replace"), 200),
        ("replace", lambda: post(f"{table}/replace", confirm="yes"), 302),
        ("put back", lambda: post(f"{table}/replace/undo"), 302),
        ("close", lambda: post(f"{table}/close"), 409),
        ("join", lambda: post(f"{base}/players", player="Zoë"), 302),
        ("leave asks", lambda: get(f"{base}/dropouts?player=Zo%C3%AB"), 200),
        ("leave asks by post", lambda: post(f"{base}/dropouts", player="Zoë"), 200),
        ("leave", lambda: post(f"{base}/dropouts", player="Zoë", confirm="yes"), 302),
        ("stay", lambda: post(f"{base}/dropouts/undo", player="Zoë"), 302),
        ("nobody leaves", lambda: get(f"{base}/dropouts?player="), 400),
        ("event file", lambda: get(f"{base}/export.json"), 200),
        ("slips", lambda: get(f"{base}/rounds/1/slips.pdf"), 200),
    ]
    seen = {name: act().status_code for name, act, _want in steps}
    assert seen == {name: want for name, _act, want in steps}
    stranger = app.test_client()
    assert stranger.get(f"{base}/export.json", headers={
        "X-Director-Key": key[:-1] + ("A" if key[-1] != "A" else "B")}).status_code == 403


# --- Destructive acts ask first and can be undone -------------------------------------------


def test_replacing_asks_first_saying_what_stops_counting_and_can_be_put_back(client, app):
    browser, base, key, token, _headers = _browser(app, by_header=False)
    director = Director(browser, key)
    eid = base.rsplit("/", 1)[1]
    first = director.seat(eid)[0]
    director.play(first)  # the table's game has ended
    path = f"{base}/rounds/1/tables/1/replace"
    asked = browser.get(path)
    text = page_text(asked)
    assert asked.status_code == 200 and "Replace the game of table 1, event round 1?" in text
    winner = first["players"][0]
    assert f"Its game has ended, won by {winner}: that result stops counting." in text
    assert director.state(eid)[0]["tables"][0]["game"] == first["game"]  # nothing yet
    done = browser.post(path, data={"csrf_token": token, "confirm": "yes"})
    assert done.status_code == 302
    notice = page_text(browser.get(done.headers["Location"]))
    assert "Table 1 of event round 1 has a new, empty game" in notice
    assert "Undo: put back its earlier game" in notice
    new_game = director.state(eid)[0]["tables"][0]["game"]
    assert new_game != first["game"]
    back = browser.post(f"{path}/undo", data={"csrf_token": token})
    assert back.status_code == 302
    event, standings = director.state(eid)
    assert event["tables"][0]["game"] == first["game"] and event["tables"][0]["finished"]
    assert [old["game"] for old in event["replaced"]] == [new_game]  # kept, not lost
    assert winner in [row["player"] for row in standings["standings"] if row["games"]]
    acts = [line["act"] for line in director.get(f"/api/v1/events/{eid}/export",
                                                 key=True).get_json()["history"]]
    assert acts[-2:] == ["replace", "putback"]


def test_putting_back_restores_the_tables_paper_totals(director):
    eid = director.event(players=NAMES[:8])["id"]
    table = director.seat(eid)[0]
    paper = dict(zip(table["players"], (70, 12, 30, 8), strict=True))
    director.put(totals_path(eid), {"totals": paper})
    undo = f"/api/v1/events/{eid}/rounds/1/tables/1/replace/undo"
    nothing = director.post(undo)
    assert nothing.status_code == 409 and nothing.get_json()["code"] == "NothingToPutBack"
    replaced = director.post(f"/api/v1/events/{eid}/rounds/1/tables/1/replace")
    assert replaced.get_json()["paper"] is None
    back = director.post(undo)
    assert back.status_code == 200 and back.get_json()["paper"] == paper
    assert back.get_json()["game"] == table["game"]
    assert director.post(undo).get_json()["paper"] is None  # and back to the newer game
    assert director.post(undo, key=False).status_code == 403


def test_a_leaving_asks_first_from_a_list_that_starts_on_no_name(client, app):
    browser, base, key, token, _headers = _browser(app, by_header=False)
    page = browser.get(f"{base}/director/{key}").get_data(as_text=True)
    select = re.search(r'<select id="leave-player" name="player">(.*?)</select>', page, re.S)
    options = re.findall(r'<option[^>]*value="([^"]*)"', select[1])
    assert options[0] == "" and options[1:] == sorted(NAMES[:8])
    empty = browser.get(f"{base}/dropouts?player=")
    assert empty.status_code == 400 and "Choose the player who leaves." in page_text(empty)
    asked = browser.get(f"{base}/dropouts?player={NAMES[2]}")
    assert f"Does {NAMES[2]} leave the event?" in page_text(asked)
    assert f"Yes, {NAMES[2]} leaves" in page_text(asked)
    left = browser.post(f"{base}/dropouts", data={"csrf_token": token, "player": NAMES[2],
                                                  "confirm": "yes"})
    notice = page_text(browser.get(left.headers["Location"]))
    assert f"Undo: {NAMES[2]} stays" in notice
    stays = browser.post(f"{base}/dropouts/undo", data={"csrf_token": token,
                                                        "player": NAMES[2]})
    assert f"{NAMES[2]} stays in the event: the leaving is taken back." in page_text(
        browser.get(stays.headers["Location"]))


def test_a_leaving_is_taken_back_until_the_next_round_is_seated(director):
    eid = director.event(players=NAMES[:9])["id"]
    undo = f"/api/v1/events/{eid}/dropouts/undo"
    assert director.post(undo, {"player": NAMES[1]}).get_json()["code"] == "PlayerNotOut"
    director.post(f"/api/v1/events/{eid}/dropouts", {"player": NAMES[1]})
    assert director.post(undo, {"player": NAMES[1]}, key=False).status_code == 403
    taken = director.post(undo, {"player": NAMES[1].upper()})
    assert taken.status_code == 200 and NAMES[1] in taken.get_json()["active"]
    assert taken.get_json()["changes"] == []
    director.post(f"/api/v1/events/{eid}/dropouts", {"player": NAMES[1]})
    director.seat(eid)
    late = director.post(undo, {"player": NAMES[1]})
    assert late.status_code == 409 and late.get_json()["code"] == "TooLateToUndo"
    assert late.get_json()["fields"] == {"player": NAMES[1], "round": 1}
    acts = [line["act"] for line in director.get(f"/api/v1/events/{eid}/export",
                                                 key=True).get_json()["history"]]
    assert acts == ["create", "drop", "undrop", "drop", "seat"]


# --- The director's page: one id per element, labels on their controls ---------------------


def test_the_directors_page_has_no_id_twice_and_every_label_has_its_control(app):
    browser, base, key, token, _headers = _browser(app, by_header=False)
    browser.post(f"{base}/rounds", data={"csrf_token": token})
    html = browser.get(f"{base}/director/{key}").get_data(as_text=True)
    ids = Counter(re.findall(r'\sid="([^"]+)"', html))
    assert [i for i, n in ids.items() if n > 1] == []
    for target in re.findall(r'<label[^>]*for="([^"]+)"', html):
        assert ids[target] == 1, target
    assert re.search(r'<label for="join-player">Name of the late arrival</label>', html)
    assert re.search(r'<label for="leave-player">Player who leaves</label>', html)


def test_the_wall_and_the_finder_take_letters_with_and_without_marks(director, client):
    names = ["Søren Ødegård", "Łukasz Żak", "Zoë Bakker", "Anke Groß", "Émile", "Dörte",
             "Małgorzata Wójcik", "Ëlise Möller"]
    eid = director.event(players=names)["id"]
    director.seat(eid)
    wall = page_text(client.get(f"/events/{eid}/wall"))
    order = [name for name in sorted(names, key=wall.index)]
    assert order == ["Anke Groß", "Dörte", "Ëlise Möller", "Émile", "Łukasz Żak",
                     "Małgorzata Wójcik", "Søren Ødegård", "Zoë Bakker"]
    for typed, found in (("sor", "Søren Ødegård"), ("ode", "Søren Ødegård"),
                         ("luk", "Łukasz Żak"), ("malg", "Małgorzata Wójcik"),
                         ("gross", "Anke Groß"), ("ZOE", "Zoë Bakker")):
        html = client.get(f"/events/{eid}/find?name={typed}").get_data(as_text=True)
        shown = re.findall(r'<li data-key="[^"]*">\s*<strong class="find-name">([^<]+)', html)
        assert shown == [found], (typed, shown)
