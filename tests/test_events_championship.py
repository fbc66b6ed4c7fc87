"""What a championship asks of a club event, through the JSON interface and the pages
(docs/api.md, Club events): the scoring, a table signing its result, the standings
released by round, the knock-out, and the director's tools (rename, swap, the round's
results, the paper score sheets, an event added to a series). Every table's game is
played through the ordinary deals API, by the phones at the table: each phone is its own
test client, so its own device."""

from __future__ import annotations

import re
import subprocess

import pytest

from tests.conftest import read_csrf_token, refusal

NAMES = [f"Player {n:02d}" for n in range(1, 21)]


class Phone:
    """A phone (its own cookies, so its own device) that sends JSON with a CSRF token,
    and the director's key where asked."""

    def __init__(self, app, key: str | None = None):
        self.client = app.test_client()
        self.token = read_csrf_token(self.client, "/events")
        self.key = key

    def headers(self, director: bool) -> dict:
        headers = {"X-CSRFToken": self.token}
        if director and self.key:
            headers["X-Director-Key"] = self.key
        return headers

    def post(self, path, body=None, director=False):
        return self.client.post(path, json=body if body is not None else {},
                                headers=self.headers(director))

    def put(self, path, body, director=False):
        return self.client.put(path, json=body, headers=self.headers(director))

    def patch(self, path, body, director=False):
        return self.client.patch(path, json=body, headers=self.headers(director))

    def get(self, path, director=False):
        return self.client.get(path, headers=self.headers(director))


@pytest.fixture
def director(app):
    return Phone(app)


@pytest.fixture
def phones(app):
    """Two players' phones at a table."""
    return Phone(app), Phone(app)


def start(director, players=NAMES, rounds=2, **options):
    answer = director.post("/api/v1/events", {"name": "Kwalificatie", "players": players,
                                              "rounds": rounds, "seed": 7, "fixed_deals": 1,
                                              **options})
    assert answer.status_code == 201, answer.get_json()
    event = answer.get_json()
    director.key = event["director_key"]
    return event


def seat(director, event):
    answer = director.post(f"/api/v1/events/{event['id']}/rounds", director=True)
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def play(phone, table, values):
    """One deal that ends the game (fixed_deals 1): ``values`` in seat order."""
    answer = phone.post(f"/api/v1/games/{table['game']}/deals", {
        "number": 1, "bullheads": dict(zip(table["players"], values, strict=True))})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def sign(phone, event, round_number, table, client_id="sign-1", game=True):
    body = {"client_id": client_id, **({"game": table["game"]} if game else {})}
    return phone.post(f"/api/v1/events/{event['id']}/rounds/{round_number}/tables/"
                      f"{table['table']}/sign-off", body)


def standings(phone, event, director=False):
    answer = phone.get(f"/api/v1/events/{event['id']}/standings", director=director)
    assert answer.status_code == 200
    return answer.get_json()


def values_for(size, base=0):
    """Distinct totals for a table, fewest first: seat 1 wins."""
    return [base + 10 + 10 * seat for seat in range(size)]


# --- The options at the start ----------------------------------------------------------------


def test_the_options_are_answered_and_left_out_mean_an_evening(director):
    evening = start(director, NAMES[:8])
    assert {k: evening[k] for k in ("scoring", "points", "sign_off", "release", "knockout")} == {
        "scoring": "placement", "points": None, "sign_off": False, "release": None,
        "knockout": None}
    final = start(director, scoring="wins", sign_off=True, release="round", knockout=16)
    shown = director.get(f"/api/v1/events/{final['id']}").get_json()
    assert (shown["scoring"], shown["sign_off"], shown["release"], shown["knockout"]) == (
        "wins", True, "round", 16)


@pytest.mark.parametrize(("options", "code"), [
    ({"scoring": "elo"}, "BadScoring"),
    ({"points": {"4": [7, 5, 3, 1]}}, "PointsTableSizes"),
    ({"points": {"3": [7, 4, 1], "4": [7, 8, 3, 1], "5": [7, 5, 4, 2, 1]}}, "BadPointsTable"),
    ({"scoring": "bullheads", "points": {"3": [3, 2, 1], "4": [4, 3, 2, 1],
                                         "5": [5, 4, 3, 2, 1]}}, "PointsWithoutPlacement"),
    ({"sign_off": 1}, "SignOffNotBool"),
    ({"release": "now"}, "BadRelease"),
    ({"knockout": 32}, "BadKnockout"),
    ({"knockout": 64}, "KnockoutTooLarge"),
])
def test_options_refused_at_the_start(director, options, code):
    answer = director.post("/api/v1/events", {"name": "X", "players": NAMES, "rounds": 2,
                                              **options})
    assert answer.status_code == 400 and answer.get_json()["code"] == code
    assert refusal(answer)


def test_the_start_page_takes_the_options(client):
    token = read_csrf_token(client, "/events")
    answer = client.post("/events", data={
        "csrf_token": token, "name": "Finale", "players": "\n".join(NAMES), "rounds": "3",
        "end": "threshold", "threshold": "66", "scoring": "placement",
        "points_5": "10 6 4 2 0", "points_4": "8, 5, 2, 0", "points_3": "6 3 0",
        "sign_off": "y", "release": "y", "knockout": "16"})
    assert answer.status_code == 302
    page = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert "of 5 players 10, 6, 4, 2, 0; of 4 players 8, 5, 2, 0; of 3 players 6, 3, 0" in page
    assert "Bonn-spielt" in page
    assert "Signed results:" in page and "Released by round:" in page
    assert "the best 16 play at tables of 4" in page
    # A rising table is refused, and the form keeps what was typed.
    answer = client.post("/events", data={
        "csrf_token": token, "name": "Finale", "players": "\n".join(NAMES), "rounds": "3",
        "end": "threshold", "threshold": "66", "scoring": "placement",
        "points_5": "10 6 4 2 0", "points_4": "1 5 2 0", "points_3": "6 3 0"})
    assert answer.status_code == 400
    page = answer.get_data(as_text=True)
    assert "The points for a table of 4 must be 4 whole numbers" in page
    assert 'value="1 5 2 0"' in page


# --- Scoring ----------------------------------------------------------------------------------


def _one_round(director, phone, **options):
    event = start(director, NAMES[:8], rounds=1, **options)
    tables = seat(director, event)["tables"]
    play(phone, tables[0], [10, 20, 30, 70])
    play(phone, tables[1], [15, 15, 40, 66])
    return event, tables


def test_bullheads_only_and_wins_order_the_standings(director, phones):
    event, tables = _one_round(director, phones[0], scoring="bullheads")
    rows = standings(phones[1], event)["standings"]
    first, second = tables[0]["players"], tables[1]["players"]
    # 10, 15, 15, 20, 30, 40, 66, 70: the two at 15 share a win each, and go by the lot.
    assert [row["player"] for row in rows][0] == first[0]
    assert {rows[1]["player"], rows[2]["player"]} == {second[0], second[1]}
    assert rows[1]["lot"] is not None and rows[0]["wins"] == 1
    assert [row["bullheads"] for row in rows] == [10, 15, 15, 20, 30, 40, 66, 70]

    event, tables = _one_round(director, phones[0], scoring="wins")
    rows = standings(phones[1], event)["standings"]
    # Three winners (one alone, two sharing) before everyone else, by bullheads.
    assert [row["wins"] for row in rows] == [1, 1, 1, 0, 0, 0, 0, 0]
    assert [row["bullheads"] for row in rows] == [10, 15, 15, 20, 30, 40, 66, 70]
    page = phones[1].get(f"/events/{event['id']}?lang=en").get_data(as_text=True)
    assert "Standings by wins" in page and ">Wins<" in page


def test_an_own_points_table_counts(director, phones):
    own = {"3": [3, 1, 0], "4": [10, 4, 1, 0], "5": [10, 6, 4, 2, 0]}
    event, tables = _one_round(director, phones[0], points=own)
    rows = {row["player"]: row for row in standings(phones[1], event)["standings"]}
    first, second = tables[0]["players"], tables[1]["players"]
    assert [rows[p]["points"] for p in first] == [10, 4, 1, 0]
    # Two tied for first share (10 + 4) / 2 = 7.
    assert [rows[p]["points"] for p in second] == [7, 7, 1, 0]


# --- Signing a table's result ---------------------------------------------------------------


def test_a_table_signs_from_another_phone_not_the_one_that_entered_the_last_deal(director,
                                                                                 phones):
    event = start(director, sign_off=True)
    table = seat(director, event)["tables"][0]
    entering, other = phones
    early = sign(other, event, 1, table)
    assert early.status_code == 409 and early.get_json()["code"] == "GameNotOver"
    play(entering, table, values_for(4))
    same = sign(entering, event, 1, table)
    assert same.status_code == 409 and same.get_json()["code"] == "SameDevice"
    stranger = sign(other, event, 1, table, game=False)
    assert stranger.status_code == 403 and stranger.get_json()["code"] == "NotAtTable"
    wrong = other.post(f"/api/v1/events/{event['id']}/rounds/1/tables/1/sign-off",
                       {"client_id": "x", "game": "0" * 20})
    assert wrong.status_code == 403
    signed = sign(other, event, 1, table)
    assert signed.status_code == 200, signed.get_json()
    assert signed.get_json()["signed"]["by"] == "table"
    again = sign(other, event, 1, table)  # the same sign sent again: answered as it stands
    assert again.status_code == 200
    twice = sign(other, event, 1, table, client_id="another")
    assert twice.status_code == 409 and twice.get_json()["code"] == "AlreadySigned"
    history = director.get(f"/events/{event['id']}/director/{director.key}?lang=en")
    assert "a phone at the table · Signed the result of table 1, event round 1." in (
        history.get_data(as_text=True))


def test_the_next_round_waits_until_every_table_is_signed(director, phones):
    event = start(director, sign_off=True)
    tables = seat(director, event)["tables"]
    for table in tables:
        play(phones[0], table, values_for(len(table["players"])))
    waiting = director.post(f"/api/v1/events/{event['id']}/rounds", director=True)
    assert waiting.status_code == 409
    assert waiting.get_json()["code"] == "RoundNotSigned"
    assert waiting.get_json()["fields"] == {"round": 1, "tables": 5}
    # Finished but not signed: no table counts yet, for anyone.
    assert all(row["games"] == 0 for row in standings(director, event, True)["standings"])
    shown = phones[1].get(f"/api/v1/events/{event['id']}").get_json()["tables"]
    assert [t["awaiting"] for t in shown] == [True] * 5
    page = phones[1].get(f"/events/{event['id']}?lang=en").get_data(as_text=True)
    assert page.count("Awaiting signature") == 5
    for table in tables[:4]:
        assert sign(phones[1], event, 1, table, client_id=f"s{table['table']}").status_code == 200
    still = director.post(f"/api/v1/events/{event['id']}/rounds", director=True)
    assert still.get_json()["fields"] == {"round": 1, "tables": 1}
    # The director signs the last one (the key: any phone).
    last = tables[4]
    by_director = director.post(f"/api/v1/events/{event['id']}/rounds/1/tables/"
                                f"{last['table']}/sign-off", {"client_id": "d"}, director=True)
    assert by_director.status_code == 200 and by_director.get_json()["signed"]["by"] == (
        "director")
    assert sum(row["games"] for row in standings(director, event)["standings"]) == 20
    seat(director, event)


def test_a_signed_result_is_changed_only_by_the_director_with_a_reason(director, phones):
    event = start(director, sign_off=True)
    table = seat(director, event)["tables"][0]
    play(phones[0], table, values_for(4))
    assert sign(phones[1], event, 1, table).status_code == 200
    deal = f"/api/v1/games/{table['game']}/deals/1"
    corrected = {"bullheads": dict(zip(table["players"], [40, 10, 20, 30], strict=True))}
    from_slip = phones[0].put(deal, corrected)
    assert from_slip.status_code == 409 and from_slip.get_json()["code"] == "TableSignedOff"
    undo = phones[1].client.delete(deal, json={}, headers=phones[1].headers(False))
    assert undo.status_code == 409 and undo.get_json()["code"] == "TableSignedOff"
    without_reason = director.put(deal, corrected, director=True)
    assert without_reason.status_code == 400
    assert without_reason.get_json()["code"] == "ReasonMissing"
    with_reason = director.put(deal, {**corrected, "reason": "Seat 1 and 2 swapped by the "
                                                              "scorer"}, director=True)
    assert with_reason.status_code == 200, with_reason.get_json()
    rows = {row["player"]: row for row in standings(director, event)["standings"]}
    assert rows[table["players"][1]]["points"] == 7  # the corrected result counts
    page = director.get(f"/events/{event['id']}/director/{director.key}?lang=en")
    text = page.get_data(as_text=True)
    assert ("Changed the signed game of table 1, event round 1. Reason: Seat 1 and 2 swapped"
            " by the scorer") in text
    public = phones[1].get(f"/events/{event['id']}?lang=en").get_data(as_text=True)
    assert "Changed by the director (through the JSON interface," in public
    assert "): Seat 1 and 2 swapped by the scorer" in public


def test_the_director_reopens_a_signed_table_with_a_reason_and_it_signs_again(director,
                                                                              phones):
    event = start(director, sign_off=True)
    table = seat(director, event)["tables"][0]
    play(phones[0], table, values_for(4))
    assert sign(phones[1], event, 1, table).status_code == 200
    path = f"/api/v1/events/{event['id']}/rounds/1/tables/1/reopen"
    assert director.post(path, {}, director=True).get_json()["code"] == "ReasonMissing"
    reopened = director.post(path, {"reason": "A deal was entered twice"}, director=True)
    assert reopened.status_code == 200 and reopened.get_json()["signed"] is None
    # The table corrects from its sheet, and signs again from the other phone.
    fixed = phones[0].put(f"/api/v1/games/{table['game']}/deals/1", {
        "bullheads": dict(zip(table["players"], [12, 20, 30, 40], strict=True))})
    assert fixed.status_code == 200
    assert sign(phones[0], event, 1, table, "s2").get_json()["code"] == "SameDevice"
    assert sign(phones[1], event, 1, table, "s2").status_code == 200


def test_a_finished_tables_sheet_offers_the_sign_on_another_phone(director, phones, app):
    event = start(director, sign_off=True)
    table = seat(director, event)["tables"][0]
    sheet = f"/games/{table['game']}?lang=en"
    assert "another player's phone at this table signs" in (
        phones[1].get(sheet).get_data(as_text=True))
    play(phones[0], table, values_for(4))
    mine = phones[0].get(sheet).get_data(as_text=True)
    assert "This phone entered the last deal" in mine and 'id="sign-button"' not in mine
    theirs = phones[1].client.get(sheet).get_data(as_text=True)
    assert 'id="sign-button"' in theirs
    client_id = re.search(r'name="client_id" value="([0-9a-f]+)"', theirs)[1]
    answer = phones[1].client.post(
        f"/events/{event['id']}/rounds/1/tables/1/sign-off",
        data={"csrf_token": phones[1].token, "game": table["game"], "client_id": client_id})
    assert answer.status_code == 302 and answer.headers["Location"].endswith("#table-sign")
    after = phones[0].get(sheet).get_data(as_text=True)
    assert "Signed at the table." in after
    # The part again for the sheet's script: only with the game's id.
    part = f"/events/{event['id']}/rounds/1/tables/1/sign"
    assert phones[0].get(part).status_code == 404
    fetched = phones[0].get(f"{part}?game={table['game']}&lang=en")
    assert fetched.status_code == 200 and "Signed at the table." in fetched.get_data(
        as_text=True)
    assert fetched.headers["Cache-Control"] == "private, no-store"


def test_a_sign_refused_through_the_form_is_shown_on_the_sheets_part(director, phones):
    event = start(director, sign_off=True)
    table = seat(director, event)["tables"][0]
    play(phones[0], table, values_for(4))
    answer = phones[0].client.post(
        f"/events/{event['id']}/rounds/1/tables/1/sign-off?lang=en",
        data={"csrf_token": phones[0].token, "game": table["game"], "client_id": "c1"})
    assert answer.status_code == 409
    page = answer.get_data(as_text=True)
    assert "This phone entered the last change to the game of table 1" in page
    assert "Back to the score sheet" in page


def test_a_table_without_sign_off_shows_nothing_and_refuses_a_sign(director, phones):
    event = start(director)
    table = seat(director, event)["tables"][0]
    play(phones[0], table, values_for(4))
    assert 'id="table-sign"' not in phones[1].get(f"/games/{table['game']}").get_data(
        as_text=True)
    answer = sign(phones[1], event, 1, table)
    assert answer.status_code == 409 and answer.get_json()["code"] == "NoSignOff"


# --- Release by round ---------------------------------------------------------------------------


def test_release_by_round_keeps_a_finished_tables_totals_out_until_the_round_ends(director,
                                                                                  phones):
    event = start(director, release="round")
    tables = seat(director, event)["tables"]
    play(phones[0], tables[0], [3, 20, 30, 40])
    public = standings(phones[1], event)
    assert public["round"] == 0 and public["standings"] == []
    assert public["playing"] == [2, 3, 4, 5]
    seen = standings(director, event, director=True)
    assert seen["standings"][0]["points"] == 7 and seen["standings"][0]["games"] == 1
    shown = phones[1].get(f"/api/v1/events/{event['id']}").get_json()["tables"][0]
    assert shown["finished"] is True and shown["leaders"] == []
    page = phones[1].get(f"/events/{event['id']}?lang=en").get_data(as_text=True)
    assert "Won by" not in page and "shown once every table is done" in page
    live = phones[1].get(f"/events/{event['id']}/live?lang=en").get_data(as_text=True)
    assert 'class="standings"' not in live
    csv = phones[1].get(f"/events/{event['id']}/results.csv?lang=en").get_data(as_text=True)
    assert tables[0]["players"][0] + ",3" not in csv
    pdf = phones[1].get(f"/events/{event['id']}/rounds/1/results.pdf")
    assert pdf.status_code == 403
    for table in tables[1:]:
        play(phones[0], table, values_for(len(table["players"])))
    public = standings(phones[1], event)
    assert public["round"] == 1 and public["standings"][0]["games"] == 1
    assert phones[1].get(f"/events/{event['id']}/rounds/1/results.pdf").status_code == 200
    # Round 2 is withheld again until it ends; round 1 stays shown.
    tables = seat(director, event)["tables"]
    play(phones[0], tables[0], [3, 20, 30, 40])
    public = standings(phones[1], event)
    assert public["round"] == 1 and max(row["games"] for row in public["standings"]) == 1


# --- The knock-out ------------------------------------------------------------------------------


def _swiss(director, phone, event, rounds):
    """Play ``rounds`` rounds: at every table seat 1 wins, the others follow in order."""
    for _ in range(rounds):
        for table in seat(director, event)["tables"]:
            play(phone, table, values_for(len(table["players"])))


def test_a_knockout_of_16_from_20_players(director, phones):
    event = start(director, rounds=2, knockout=16)
    _swiss(director, phones[0], event, 2)
    swiss = [row["player"] for row in standings(director, event)["standings"]]
    first = seat(director, event)
    assert first["round"] == 3 and len(first["tables"]) == 4
    top = swiss[:16]
    for number, table in enumerate(first["tables"]):
        assert table["players"] == [top[number], top[7 - number], top[8 + number],
                                    top[15 - number]]
        quarters = sorted(top.index(p) // 4 for p in table["players"])
        assert quarters == [0, 1, 2, 3]
    # Only the winners go on: give each table a winner that is not its first seed.
    winners = []
    for table in first["tables"]:
        play(phones[0], table, [40, 10, 30, 20])
        winners.append(table["players"][1])
    bracket = standings(phones[1], event)["knockout"]
    assert bracket[0]["round"] == 3
    assert [t["winner"] for t in bracket[0]["tables"]] == winners
    final = seat(director, event)
    assert len(final["tables"]) == 1
    assert final["tables"][0]["players"] == sorted(winners, key=swiss.index)
    refused = director.post(f"/api/v1/events/{event['id']}/rounds", director=True)
    assert refused.status_code == 409  # the final is playing
    # The final: two tied for first, the last deal decides (one deal: the lower score).
    seats = final["tables"][0]["players"]
    play(phones[0], final["tables"][0], [30, 30, 12, 50])
    result = standings(phones[1], event)
    order = [row["player"] for row in result["standings"]]
    assert order[0] == seats[2] and set(order[1:3]) == set(seats[:2])
    assert order[3] == seats[3]
    assert [row["rank"] for row in result["standings"]] == list(range(1, 21))
    assert order[4:] == [p for p in swiss if p not in seats]
    assert result["knockout"][1]["tables"][0]["winner"] == seats[2]
    done = director.post(f"/api/v1/events/{event['id']}/rounds", director=True)
    assert done.get_json()["code"] == "AllRoundsSeated"
    shown = director.get(f"/api/v1/events/{event['id']}").get_json()
    assert shown["finished"] is True
    page = phones[1].get(f"/events/{event['id']}?lang=en").get_data(as_text=True)
    assert "Knock-out of the best 16" in page and "Final table" in page


def test_a_knockout_tie_for_first_goes_by_the_last_deal(director, phones):
    event = start(director, NAMES[:8], rounds=1, knockout=4, fixed_deals=None)
    _swiss_by_threshold(director, phones[0], event)
    final = seat(director, event)["tables"][0]
    game = final["game"]
    players = final["players"]
    deals = [[20, 30, 10, 10], [10, 0, 20, 60]]  # totals 30, 30, 30, 70: last deal 10, 0, 20
    for number, values in enumerate(deals, 1):
        answer = phones[0].post(f"/api/v1/games/{game}/deals", {
            "number": number, "bullheads": dict(zip(players, values, strict=True))})
        assert answer.status_code == 201, answer.get_json()
    result = standings(phones[1], event)
    assert result["knockout"][0]["tables"][0]["winner"] == players[1]
    assert [row["player"] for row in result["standings"][:4]] == [
        players[1], players[0], players[2], players[3]]


def _swiss_by_threshold(director, phone, event):
    for table in seat(director, event)["tables"]:
        answer = phone.post(f"/api/v1/games/{table['game']}/deals", {
            "number": 1, "bullheads": dict(zip(table["players"], (5, 15, 25, 70),
                                               strict=True))})
        assert answer.status_code == 201


def test_a_knockout_needs_its_players_still_in(director, phones):
    event = start(director, NAMES[:17], rounds=1, knockout=16)
    tables = seat(director, event)["tables"]
    for player in NAMES[:2]:
        answer = director.post(f"/api/v1/events/{event['id']}/dropouts", {"player": player},
                               director=True)
        assert answer.status_code == 201
    for table in tables:
        play(phones[0], table, values_for(len(table["players"])))
    refused = director.post(f"/api/v1/events/{event['id']}/rounds", director=True)
    assert refused.status_code == 409 and refused.get_json()["code"] == "KnockoutTooFew"
    assert refused.get_json()["fields"] == {"size": 16, "count": 15}


# --- The director's tools ---------------------------------------------------------------------


def test_rename_with_the_key_and_not_without(director, phones):
    event = start(director, NAMES[:8], rounds=2)
    tables = seat(director, event)["tables"]
    path = f"/api/v1/events/{event['id']}/players"
    body = {"from": "player 03", "to": "  Player   Three "}
    assert phones[0].patch(path, body).status_code == 403
    answer = director.patch(path, body, director=True)
    assert answer.status_code == 200, answer.get_json()
    renamed = answer.get_json()
    assert renamed["rename"] == {"from": "Player 03", "to": "Player Three"}
    assert "Player Three" in renamed["players"] and "Player 03" not in renamed["players"]
    assert renamed["renames"][0]["from"] == "Player 03"
    # Name rules: another player's name (without case), nothing visible, the same name.
    for bad, code in (({"from": "Player Three", "to": "PLAYER 04"}, "NameRepeated"),
                      ({"from": "Player Three", "to": "\u200b"}, "NameHiddenCharacter"),
                      ({"from": "Player Three", "to": "Player Three"}, "SameName"),
                      ({"from": "Nobody", "to": "Somebody"}, "EventUnknownPlayer")):
        refused = director.patch(path, bad, director=True)
        assert refused.status_code == 400 and refused.get_json()["code"] == code, bad
    # The table's game keeps the old name; the standings use the new one.
    for table in tables:
        play(phones[0], table, values_for(4))
    rows = [row["player"] for row in standings(phones[1], event)["standings"]]
    assert "Player Three" in rows and "Player 03" not in rows
    page = director.get(f"/events/{event['id']}/director/{director.key}?lang=en")
    assert "Renamed Player 03 to Player Three." in page.get_data(as_text=True)
    second = seat(director, event)["tables"]
    assert any("Player Three" in t["players"] for t in second)


def test_swap_with_the_key_before_either_table_has_a_deal(director, phones):
    event = start(director, NAMES[:8], rounds=2)
    tables = seat(director, event)["tables"]
    a, b = tables[0]["players"][0], tables[1]["players"][2]
    path = f"/api/v1/events/{event['id']}/rounds/1/swap"
    assert phones[0].post(path, {"players": [a, b]}).status_code == 403
    same = director.post(path, {"players": [a, tables[0]["players"][1]]}, director=True)
    assert same.status_code == 400 and same.get_json()["code"] == "SwapSameTable"
    answer = director.post(path, {"players": [a, b]}, director=True)
    assert answer.status_code == 200, answer.get_json()
    swapped = answer.get_json()["tables"]
    assert swapped[0]["players"][0] == b and swapped[1]["players"][2] == a
    assert swapped[0]["game"] != tables[0]["game"]  # new games: new slips
    old = phones[0].post(f"/api/v1/games/{tables[0]['game']}/deals", {
        "number": 1, "bullheads": dict(zip(tables[0]["players"], values_for(4),
                                           strict=True))})
    assert old.status_code == 409 and old.get_json()["code"] == "GameReplaced"
    play(phones[0], swapped[0], values_for(4))
    started = director.post(path, {"players": [swapped[0]["players"][1],
                                               swapped[1]["players"][1]]}, director=True)
    assert started.status_code == 409 and started.get_json()["code"] == "SwapStarted"
    assert started.get_json()["fields"] == {"round": 1, "table": 1}


def test_a_rounds_results_and_the_paper_score_sheets(director, phones, tmp_path):
    event = start(director, NAMES[:9], rounds=1)
    tables = seat(director, event)["tables"]
    play(phones[0], tables[0], [10, 25, 25, 40])
    path = tmp_path / "results.pdf"
    path.write_bytes(phones[1].get(f"/events/{event['id']}/rounds/1/results.pdf?lang=en").data)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True,
                          capture_output=True, text=True).stdout
    lines = [" ".join(line.split()) for line in text.splitlines()]
    first = tables[0]["players"]
    assert "Event round 1: results" in text
    assert f"1 {first[0]} 10 7" in lines and f"2= {first[1]} 25 4" in lines
    assert f"4 {first[3]} 40 1" in lines
    assert "Still playing: " + ", ".join(tables[1]["players"]) in " ".join(lines)
    slips = director.get(f"/events/{event['id']}/rounds/1/slips.pdf?lang=en", director=True)
    path.write_bytes(slips.data)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True,
                          capture_output=True, text=True).stdout
    assert text.count("Score sheet") == 2 and "Signed (two players of the table):" in text
    assert text.count("\f") == 2  # the two slips, then both score sheets on one page
    one = director.get(f"/events/{event['id']}/rounds/1/slips.pdf?table=2&sheets=0",
                       director=True)
    path.write_bytes(one.data)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True,
                          capture_output=True, text=True).stdout
    assert "Table 2" in text and "Table 1" not in text and "Score sheet" not in text


def test_an_event_that_exists_joins_a_series_with_both_keys(director, phones, app):
    event = start(director, NAMES[:8])
    series = director.post("/api/v1/series", {"name": "Clubjaar"}).get_json()
    path = f"/api/v1/series/{series['id']}/events"
    series_key = {"X-Series-Key": series["director_key"], "X-CSRFToken": director.token}
    no_event_key = director.client.post(path, json={"event": event["id"]}, headers=series_key)
    assert no_event_key.status_code == 403
    assert no_event_key.get_json()["code"] == "SeriesEventKey"
    both = {**series_key, "X-Director-Key": director.key}
    no_series_key = director.client.post(path, json={"event": event["id"]}, headers={
        "X-CSRFToken": director.token, "X-Director-Key": director.key})
    assert no_series_key.status_code == 403
    added = director.client.post(path, json={"event": event["id"]}, headers=both)
    assert added.status_code == 201 and added.get_json()["events"][0]["id"] == event["id"]
    again = director.client.post(path, json={"event": event["id"]}, headers=both)
    assert again.status_code == 409 and again.get_json()["code"] == "EventInSeries"


def test_the_event_file_keeps_the_options_signs_renames_and_knockout(director, phones):
    event = start(director, NAMES[:8], rounds=1, knockout=4, sign_off=True,
                  scoring="bullheads")
    assert director.patch(f"/api/v1/events/{event['id']}/players",
                          {"from": "Player 01", "to": "Anna"}, director=True).status_code == 200
    for table in seat(director, event)["tables"]:
        play(phones[0], table, values_for(4))
        assert sign(phones[1], event, 1, table, f"s{table['table']}").status_code == 200
    final = seat(director, event)["tables"][0]
    play(phones[0], final, values_for(4))
    exported = director.get(f"/api/v1/events/{event['id']}/export", director=True).get_json()
    assert exported["scoring"] == "bullheads" and exported["knockout"] == 4
    assert exported["sign_off"] is True
    assert exported["renames"][0]["from"] == "Player 01"
    assert exported["tables"][0]["signed"]["by"] == "table"
    assert exported["tables"][-1]["round"] == 2
    imported = director.client.post("/api/v1/events/import", json=exported,
                                    headers={"X-CSRFToken": director.token})
    assert imported.status_code == 201, imported.get_json()
    copy = imported.get_json()
    assert (copy["scoring"], copy["knockout"], copy["sign_off"]) == ("bullheads", 4, True)
    assert copy["round"] == 2
    copy_rows = director.get(f"/api/v1/events/{copy['id']}/standings").get_json()
    original = director.get(f"/api/v1/events/{event['id']}/standings").get_json()
    assert copy_rows["standings"] == original["standings"]
    assert copy_rows["knockout"][0]["tables"][0]["winner"] is None  # the final awaits its sign


def test_a_series_counts_a_table_as_its_event_does(director, phones):
    """A series never shows what its event does not count yet: a table awaiting its sign,
    or a table of a round that release by round still withholds."""
    series = director.post("/api/v1/series", {"name": "Clubjaar"}).get_json()
    key = {"X-Series-Key": series["director_key"], "X-CSRFToken": director.token}

    def join(event):
        answer = director.client.post(f"/api/v1/series/{series['id']}/events",
                                      json={"event": event["id"]},
                                      headers={**key, "X-Director-Key": director.key})
        assert answer.status_code == 201

    def counted():
        rows = director.get(f"/api/v1/series/{series['id']}/standings").get_json()
        return {row["player"] for row in rows["standings"]}

    signing = start(director, NAMES[:8], rounds=1, sign_off=True)
    join(signing)
    table = seat(director, signing)["tables"][0]
    play(phones[0], table, values_for(4))
    assert counted() == set()
    assert sign(phones[1], signing, 1, table).status_code == 200
    assert counted() == set(table["players"])
    withholding = start(director, NAMES[8:16], rounds=1, release="round")
    join(withholding)
    tables = seat(director, withholding)["tables"]
    play(phones[0], tables[0], values_for(4))
    assert counted() == set(table["players"])
    play(phones[0], tables[1], values_for(4))
    assert counted() == set(table["players"]) | set(NAMES[8:16])


def test_the_directors_page_forms(director, phones):
    """The same tools without a script: sign as the director, re-open a signed table with
    a reason (refused without one), rename, swap; a stranger's browser is refused."""
    event = start(director, NAMES[:8], rounds=2, sign_off=True)
    tables = seat(director, event)["tables"]
    page = f"/events/{event['id']}/director/{director.key}?lang=en"
    assert director.client.get(page).status_code == 200  # this browser directs now
    token = {"csrf_token": director.token}
    base = f"/events/{event['id']}"
    for table in tables:
        play(phones[0], table, values_for(4))
    signed = director.client.post(f"{base}/rounds/1/tables/1/sign", data=token)
    assert signed.status_code == 302
    stranger = phones[1].client.post(f"{base}/rounds/1/tables/2/sign",
                                     data={"csrf_token": phones[1].token})
    assert stranger.status_code == 403
    no_reason = director.client.post(f"{base}/rounds/1/tables/1/reopen?lang=en", data=token)
    assert no_reason.status_code == 400
    assert "is signed: say why it changes" in no_reason.get_data(as_text=True)
    reopened = director.client.post(f"{base}/rounds/1/tables/1/reopen",
                                    data={**token, "reason": "Deal typed twice"})
    assert reopened.status_code == 302
    shown = director.get(f"/api/v1/events/{event['id']}").get_json()["tables"][0]
    assert shown["signed"] is None and shown["awaiting"] is True
    text = director.client.get(page).get_data(as_text=True)
    assert "Reason: Deal typed twice" in text
    assert "Changed by the director (device 1," in text
    renamed = director.client.post(f"{base}/rename", data={
        **token, "player": NAMES[0], "name": "Speler Een"})
    assert renamed.status_code == 302 and "renamed=" in renamed.headers["Location"]
    for table in tables[1:] + tables[:1]:
        director.client.post(f"{base}/rounds/1/tables/{table['table']}/sign", data=token)
    assert director.client.post(f"{base}/rounds", data=token).status_code == 302
    second = director.get(f"/api/v1/events/{event['id']}").get_json()["tables"]
    swapped = director.client.post(f"{base}/rounds/2/swap", data={
        **token, "player": second[0]["players"][0], "other": second[1]["players"][0]})
    assert swapped.status_code == 302 and "swapped=1" in swapped.headers["Location"]
    after = director.get(f"/api/v1/events/{event['id']}").get_json()["tables"]
    assert after[0]["players"][0] == second[1]["players"][0]
    same = director.client.post(f"{base}/rounds/2/swap?lang=en", data={
        **token, "player": after[0]["players"][0], "other": after[0]["players"][1]})
    assert same.status_code == 400 and "sit at the same table" in same.get_data(as_text=True)
