"""Tournament rules (pure): checking hands, the schedule, standings; expected values by hand."""

from __future__ import annotations

from dataclasses import asdict

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.engine import errors
from scorekeeper.engine import tournament as rules

FOUR = ["Ann", "Bob", "Cas", "Dirk"]
#: Ann's hand is the Dutch booklet's example; the others split 1..44 minus the 4 left over.
HANDS = {
    "Ann": [2, 4, 8, 14, 19, 23, 24, 31, 38, 44],
    "Bob": [1, 3, 5, 6, 7, 9, 10, 11, 12, 13],
    "Cas": [15, 16, 17, 18, 20, 21, 22, 25, 26, 27],
    "Dirk": [28, 29, 30, 32, 33, 34, 35, 36, 37, 39],
}


def test_schedule_passes_every_sheet_to_the_left():
    # Worked out at a table of four: after each game a sheet moves one seat to the left,
    # and the left neighbour of a player is the next one in the list.
    assert rules.schedule(FOUR) == [
        {"Ann": "Ann", "Bob": "Bob", "Cas": "Cas", "Dirk": "Dirk"},
        {"Ann": "Bob", "Bob": "Cas", "Cas": "Dirk", "Dirk": "Ann"},
        {"Ann": "Cas", "Bob": "Dirk", "Cas": "Ann", "Dirk": "Bob"},
        {"Ann": "Dirk", "Bob": "Ann", "Cas": "Bob", "Dirk": "Cas"},
    ]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_everyone_plays_every_hand_once_and_the_sheet_lists_them_in_order(n):
    players = [f"P{i}" for i in range(n)]
    plan = rules.schedule(players)
    assert len(plan) == n
    for game in plan:
        assert sorted(game.values()) == sorted(players)  # one hand per player per game
    for owner in players:
        assert [game[owner] for game in plan] == rules.sheet_order(players, owner)
        assert sorted(rules.sheet_order(players, owner)) == sorted(players)


def test_sheet_order_is_owner_then_clockwise():
    assert rules.sheet_order(FOUR, "Ann") == ["Ann", "Bob", "Cas", "Dirk"]
    assert rules.sheet_order(FOUR, "Dirk") == ["Dirk", "Ann", "Bob", "Cas"]


def test_valid_hands_are_sorted_and_leave_four_starting_cards():
    hands = rules.check_hands(FOUR, {k: list(reversed(v)) for k, v in HANDS.items()})
    assert hands == HANDS
    assert rules.starting_rows(FOUR, hands) == [40, 41, 42, 43]


def with_hand(player, hand):
    return {**HANDS, player: hand}


@pytest.mark.parametrize(
    ("hands", "error", "fields"),
    [
        ({k: v for k, v in HANDS.items() if k != "Cas"}, errors.MissingHand, {"player": "Cas"}),
        ({**HANDS, "Eve": HANDS["Ann"]}, errors.UnknownOwner, {"player": "Eve"}),
        (with_hand("Bob", [1, 3, 5, 6, 7, 9, 10, 11, 12]), errors.WrongHandSize,
         {"player": "Bob", "count": 9}),
        (with_hand("Bob", [1, 3, 5, 6, 7, 9, 10, 11, 12, 13, 40]), errors.WrongHandSize,
         {"player": "Bob", "count": 11}),
        (with_hand("Bob", [1, 3, 5, 6, 7, 9, 10, 11, 12, 12]), errors.CardRepeated,
         {"player": "Bob", "card": 12}),
        (with_hand("Bob", [0, 3, 5, 6, 7, 9, 10, 11, 12, 13]), errors.HandCardOutOfRange,
         {"player": "Bob", "card": 0, "max_card": 44, "count": 4}),
        (with_hand("Bob", [45, 3, 5, 6, 7, 9, 10, 11, 12, 13]), errors.HandCardOutOfRange,
         {"player": "Bob", "card": 45, "max_card": 44, "count": 4}),
        (with_hand("Bob", [2, 3, 5, 6, 7, 9, 10, 11, 12, 13]), errors.CardInTwoHands,
         {"card": 2, "first": "Ann", "second": "Bob"}),
        (with_hand("Bob", ["1", 3, 5, 6, 7, 9, 10, 11, 12, 13]), errors.HandNotACard,
         {"player": "Bob"}),
        (with_hand("Bob", [True, 3, 5, 6, 7, 9, 10, 11, 12, 13]), errors.HandNotACard,
         {"player": "Bob"}),
        (with_hand("Bob", "1 3 5"), errors.HandNotACard, {"player": "Bob"}),
    ],
)
def test_bad_hands_are_refused_with_what_and_where(hands, error, fields):
    with pytest.raises(error) as caught:
        rules.check_hands(FOUR, hands)
    assert asdict(caught.value) == fields


@pytest.mark.parametrize(
    ("names", "error"),
    [
        (["Ann"], errors.WrongPlayerCount),
        (["A", "B", "C", "D", "E", "F"], errors.WrongPlayerCount),
        (["Ann", "  "], errors.BadName),
        (["Ann", "x" * 41], errors.BadName),
        (["Ann", "\u200b"], errors.NameHiddenCharacter),
        (["Ann", "ANN"], errors.NameRepeated),
        (["Jose\u0301", "José"], errors.NameRepeated),
        (["Ann", 7], errors.BadName),
        (["Ann", " Ann "], errors.NameRepeated),
    ],
)
def test_bad_player_lists_are_refused(names, error):
    with pytest.raises(error):
        rules.check_players(names)


def test_names_are_trimmed_and_keep_their_order():
    assert rules.check_players([" Dirk", "Ann ", "x" * 40]) == ["Dirk", "Ann", "x" * 40]


def test_hands_are_found_under_the_names_as_they_were_made():
    players = rules.check_players(["Jose\u0301", "Ann"])
    assert players == ["José", "Ann"]
    hands = rules.check_hands(players, {"Jose\u0301": list(range(1, 11)),
                                        "Ann": list(range(11, 21))})
    assert hands["José"] == list(range(1, 11))


def test_points_limit_is_the_decks_bullheads_minus_four():
    # Cards 1..34: 11, 22, 33 -> 5 each (15); 10, 20, 30 -> 3 each (9);
    # 5, 15, 25 -> 2 each (6); the other 25 cards -> 1 each. Total 55, so 51.
    assert rules.points_limit(["A", "B", "C"]) == 51
    assert rules.check_game_points(["A", "B", "C"], {"A": 51, "B": 0, "C": 0})["A"] == 51
    with pytest.raises(errors.PointsTooHigh):
        rules.check_game_points(["A", "B", "C"], {"A": 50, "B": 1, "C": 1})


@pytest.mark.parametrize("value", [-1, "3", 2.5, None, True])
def test_points_must_be_whole_numbers_from_zero(value):
    with pytest.raises(errors.BadPoints) as caught:
        rules.check_game_points(["A", "B"], {"A": 0, "B": value})
    assert asdict(caught.value) == {"player": "B"}


def test_standings_follow_the_sheets_and_the_winner_waits_for_the_last_game():
    players = ["Ann", "Bob", "Cas"]
    games = {1: {"Ann": 5, "Bob": 0, "Cas": 12}, 2: {"Ann": 1, "Bob": 2, "Cas": 3}}
    # Game 2: Bob plays Ann's sheet (1), Cas plays Bob's (2), Ann plays Cas's (3).
    assert rules.standings(players, games) == [("Bob", 1), ("Ann", 8), ("Cas", 14)]
    assert rules.winners(players, games) == []
    games[3] = {"Ann": 1, "Bob": 2, "Cas": 3}
    # Game 3: Cas plays Ann's (1), Ann plays Bob's (2), Bob plays Cas's (3).
    assert rules.standings(players, games) == [("Bob", 4), ("Ann", 10), ("Cas", 15)]
    assert rules.winners(players, games) == ["Bob"]


def test_equal_lowest_totals_share_the_win():
    games = {1: {"A": 3, "B": 3}, 2: {"A": 0, "B": 0}}
    assert rules.winners(["A", "B"], games) == ["A", "B"]


@given(st.integers(2, 5), st.randoms(use_true_random=False))
def test_any_complete_draft_is_accepted(n, rnd):
    players = [f"P{i}" for i in range(n)]
    deck = list(range(1, 10 * n + 5))
    rnd.shuffle(deck)
    hands = {p: [deck.pop() for _ in range(10)] for p in players}
    checked = rules.check_hands(players, hands)
    assert sorted(deck) == rules.starting_rows(players, checked)
    assert len(rules.starting_rows(players, checked)) == 4
