"""What a championship asks of an event, in the engine (docs/rules.md, Championships): its
options, the standings by bullheads and by wins, a director's own points table, and the
knock-out's seating, table order and final order, against examples worked out by hand
and properties that hold for any results."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.engine.errors import (
    BadKnockout,
    BadPointsTable,
    BadRelease,
    BadScoring,
    KnockoutTableSize,
    KnockoutTooLarge,
    PointsTableSizes,
    PointsWithoutPlacement,
    SignOffNotBool,
)
from scorekeeper.engine.event_options import (
    EVENING,
    EventOptions,
    Release,
    Scoring,
    make_options,
    options_of,
)
from scorekeeper.engine.knockout import decided_by, final_order, seat_knockout, table_order
from scorekeeper.engine.standings import placement_points, standings

OWN = {"3": [3, 1, 0], "4": [4, 2, 1, 0], "5": [5, 3, 2, 1, 0]}


# --- The options ---------------------------------------------------------------------------


def test_options_left_out_are_an_evenings():
    assert make_options() == EVENING == options_of({})
    assert EVENING.as_json() == {"scoring": "placement", "points": None, "sign_off": False,
                                 "release": None, "knockout": None}


def test_options_as_json_read_back_are_the_same():
    options = make_options("placement", OWN, True, "round", 16, players=20)
    assert options == EventOptions(Scoring.PLACEMENT, {3: (3, 1, 0), 4: (4, 2, 1, 0),
                                                       5: (5, 3, 2, 1, 0)},
                                   True, Release.ROUND, 16)
    assert options_of(options.as_json(), 20) == options
    assert options.as_json()["points"] == OWN
    assert options.knockout_rounds == 2


@pytest.mark.parametrize(("fields", "error"), [
    ({"scoring": "elo"}, BadScoring),
    ({"scoring": 1}, BadScoring),
    ({"points": [7, 5, 3, 1]}, PointsTableSizes),
    ({"points": {"4": [7, 5, 3, 1]}}, PointsTableSizes),  # every size 3 to 5
    ({"points": {**OWN, "6": [1] * 6}}, PointsTableSizes),
    ({"points": {**OWN, "4": [4, 2, 1]}}, BadPointsTable),  # one number a place
    ({"points": {**OWN, "4": [4, 5, 1, 0]}}, BadPointsTable),  # never rising
    ({"points": {**OWN, "4": [4, 2, 1, -1]}}, BadPointsTable),
    ({"points": {**OWN, "4": [4, 2, 1.5, 0]}}, BadPointsTable),
    ({"points": {**OWN, "4": [True, 0, 0, 0]}}, BadPointsTable),
    ({"points": {**OWN, "4": [1001, 0, 0, 0]}}, BadPointsTable),
    ({"points": OWN, "scoring": "wins"}, PointsWithoutPlacement),
    ({"sign_off": "yes"}, SignOffNotBool),
    ({"release": "game"}, BadRelease),
    ({"knockout": 8}, BadKnockout),
    ({"knockout": "16"}, BadKnockout),
    ({"knockout": True}, BadKnockout),
    ({"knockout": 64}, KnockoutTooLarge),  # the 20 players below
])
def test_options_refused(fields, error):
    with pytest.raises(error):
        options_of(fields, players=20)


def test_equal_places_in_an_own_table_are_fine():
    assert make_options(points={**OWN, "4": [2, 2, 0, 0]}).table[4] == (2, 2, 0, 0)


# --- Standings by bullheads, by wins, by an own points table -------------------------------

#: Three tables of four, one game each, worked by hand below.
GAMES = [
    {"Ann": 10, "Bob": 20, "Cas": 20, "Dirk": 70},   # Ann wins
    {"Eva": 15, "Fay": 15, "Gus": 40, "Hal": 66},    # Eva and Fay share the win
    {"Ann": 30, "Eva": 5, "Gus": 70, "Bob": 25},     # Eva wins
]
PLAYERS = ["Ann", "Bob", "Cas", "Dirk", "Eva", "Fay", "Gus", "Hal"]


def _order(rows):
    return [row.player for row in rows]


def test_bullheads_only_orders_fewest_first_then_wins():
    """Games: Ann 2, Bob 2, Eva 2, Gus 2, the others 1. Bullheads: Eva 20, Ann 40, Bob 45,
    Gus 110; then, one game each, Fay 15 (a win), Cas 20, Hal 66, Dirk 70."""
    rows = standings(PLAYERS, GAMES, seed=1, scoring=Scoring.BULLHEADS)
    assert _order(rows) == ["Eva", "Ann", "Bob", "Gus", "Fay", "Cas", "Hal", "Dirk"]
    assert [(row.bullheads, row.wins, row.games) for row in rows[:2]] == [(20, 2, 2),
                                                                         (40, 1, 2)]
    assert all(row.lot is None for row in rows)


def test_bullheads_only_equal_totals_go_by_wins_then_the_lot():
    games = [{"A": 10, "B": 30, "C": 50}, {"D": 30, "E": 10, "F": 50},
             {"A": 20, "B": 10, "C": 5}, {"D": 10, "E": 30, "F": 40}]
    # A 30 (a win), D 40 (a win), E 40 (a win), B 40 (no win: C won with 5), C 55, F 90.
    rows = standings(list("ABCDEF"), games, seed=4, scoring=Scoring.BULLHEADS)
    assert rows[0].player == "A"
    assert {row.player for row in rows[1:3]} == {"D", "E"}
    assert [row.lot is not None for row in rows] == [False, True, True, False, False, False]
    assert _order(rows)[3:] == ["B", "C", "F"]


def test_wins_order_most_wins_first_then_bullheads():
    """Wins: Eva 2, Ann 1, Fay 1 (a shared win counts), the others 0; Ann and Fay go by
    bullheads, fewest first: Fay (15) before Ann (40)."""
    rows = standings(PLAYERS, GAMES, seed=1, scoring=Scoring.WINS)
    assert _order(rows)[:3] == ["Eva", "Fay", "Ann"]
    assert [row.wins for row in rows[:3]] == [2, 1, 1]
    # No wins: Cas 20, Bob 45, Hal 66, Dirk 70, Gus 110.
    assert _order(rows)[3:] == ["Cas", "Bob", "Hal", "Dirk", "Gus"]


def test_an_own_points_table_is_used():
    table = {3: (3, 1, 0), 4: (4, 2, 1, 0), 5: (5, 3, 2, 1, 0)}
    assert placement_points({"A": 1, "B": 5, "C": 5, "D": 9}, table) == {
        "A": F(4), "B": F(3, 2), "C": F(3, 2), "D": F(0)}
    rows = standings(PLAYERS, GAMES, seed=1, table=table)
    points = {row.player: row.points for row in rows}
    # Ann 4 + 1 (3rd of the last game); Eva (4 + 2) / 2 + 4; Bob (2 + 1) / 2 + 2.
    assert (points["Ann"], points["Eva"], points["Bob"]) == (F(5), F(7), F(7, 2))
    assert _order(rows)[:2] == ["Eva", "Ann"]


def test_a_renamed_player_keeps_the_lot_of_their_first_name():
    games = [{"A": 10, "B": 10, "C": 40}]
    before = standings(["A", "B", "C"], games, seed=9)
    after = standings(["A", "Bea", "C"], [{"A": 10, "Bea": 10, "C": 40}], seed=9,
                      lot_names={"Bea": "B"})
    assert [row.lot for row in before] == [row.lot for row in after]
    assert _order(after) == [name.replace("B", "Bea") for name in _order(before)]


results = st.lists(st.lists(st.integers(0, 120), min_size=4, max_size=4), min_size=1,
                   max_size=8)


@given(results)
def test_bullheads_and_wins_orders_hold_for_any_results(tables):
    players = [f"P{n}" for n in range(8)]
    games = [{players[(start + seat) % 8]: value for seat, value in enumerate(values)}
             for start, values in zip(range(0, 64, 3), tables, strict=False)]
    by_bullheads = standings(players, games, 5, Scoring.BULLHEADS)
    keys = [(-row.games, row.bullheads, -row.wins) for row in by_bullheads]
    assert keys == sorted(keys)
    by_wins = standings(players, games, 5, Scoring.WINS)
    keys = [(-row.wins, row.bullheads) for row in by_wins]
    assert keys == sorted(keys)
    # A game has at least one winner; shared wins each count.
    assert sum(row.wins for row in by_wins) >= len(games)


@given(st.lists(st.integers(0, 100), min_size=3, max_size=5),
       st.lists(st.integers(0, 20), min_size=5, max_size=5))
def test_an_own_table_hands_out_its_points_and_never_rewards_more_bullheads(bullheads, steps):
    falling = [sum(steps[i:]) for i in range(5)]  # never rising
    table = {size: tuple(falling[:size]) for size in (3, 4, 5)}
    totals = {f"P{n}": value for n, value in enumerate(bullheads)}
    points = placement_points(totals, table)
    assert sum(points.values()) == sum(table[len(totals)])
    for first in totals:
        for second in totals:
            if totals[first] < totals[second]:
                assert points[first] >= points[second]


# --- The knock-out -------------------------------------------------------------------------


def test_a_knockout_of_16_seats_one_of_each_quarter_at_each_table():
    ranked = [f"R{n:02d}" for n in range(1, 17)]
    assert seat_knockout(ranked) == [["R01", "R08", "R09", "R16"], ["R02", "R07", "R10", "R15"],
                                     ["R03", "R06", "R11", "R14"], ["R04", "R05", "R12", "R13"]]


@pytest.mark.parametrize("size", [4, 16, 64])
def test_every_knockout_table_holds_one_player_of_each_quarter(size):
    ranked = list(range(1, size + 1))
    tables = seat_knockout([str(n) for n in ranked])
    assert len(tables) == size // 4
    assert sorted(int(p) for table in tables for p in table) == ranked
    for table in tables:
        assert [(int(p) - 1) // (size // 4) for p in table] == [0, 1, 2, 3]
    # The best player meets the weakest of each other quarter: 1st, 2q-th, 2q+1-th, last.
    quarter = size // 4
    assert [int(p) for p in tables[0]] == [1, 2 * quarter, 2 * quarter + 1, size]


@pytest.mark.parametrize("count", [0, 8, 12, 20, 256])
def test_a_knockout_seats_only_4_16_or_64(count):
    with pytest.raises(KnockoutTableSize):
        seat_knockout([str(n) for n in range(count)])


def test_a_knockout_tables_order_and_what_decided_it():
    lot = {"A": 4, "B": 3, "C": 2, "D": 1}
    # Fewest bullheads wins outright.
    totals = {"A": 20, "B": 30, "C": 40, "D": 70}
    assert table_order(totals, {"A": 9, "B": 0, "C": 0, "D": 20}, lot)[0] == "A"
    assert decided_by(totals, None) == "bullheads"
    # Tied for first: fewest bullheads in the last deal.
    totals = {"A": 30, "B": 30, "C": 40, "D": 70}
    last = {"A": 8, "B": 3, "C": 0, "D": 20}
    assert table_order(totals, last, lot) == ["B", "A", "C", "D"]
    assert decided_by(totals, last) == "last_deal"
    # Tied there too (or totals from paper): the lot.
    assert table_order(totals, {"A": 3, "B": 3, "C": 0, "D": 20}, lot)[:2] == ["B", "A"]
    assert table_order(totals, None, lot)[:2] == ["B", "A"]
    assert decided_by(totals, {"A": 3, "B": 3, "C": 0, "D": 20}) == "lot"


def test_the_final_tables_order_tops_everyone_elses_order():
    swiss = [f"S{n}" for n in range(1, 21)]
    final = ["S4", "S1", "S16", "S2"]
    order = final_order(swiss, final)
    assert order[:4] == final
    assert order[4:] == [p for p in swiss if p not in final]
