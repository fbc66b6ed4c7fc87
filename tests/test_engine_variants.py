"""Double, Nifty and Hand placement as docs/rules.md reads them (values by hand)."""

from __future__ import annotations

from dataclasses import asdict

import pytest

from scorekeeper.engine import Play, Rule, Table, errors, resolve_turn
from scorekeeper.engine.cards import Deck

DOUBLE = Deck(copies=2)


def test_double_card_lies_on_its_twin_at_a_row_end_without_growing_the_row():
    table = Table.from_rows([[10, 11, 12, 13, 14], [30], [50], [70]], DOUBLE)
    result = resolve_turn(table, [Play("A", (14,))], "double")
    step = result.steps[0]
    assert (step.row, step.rule, step.taken, step.bullheads) == (1, Rule.SMALLEST_DIFFERENCE, (), 0)
    assert result.table.rows[0] == (10, 11, 12, 13, 14, 14)


def test_double_twin_inside_a_row_does_not_attract_the_card():
    table = Table.from_rows([[12, 14, 20], [5], [30], [40]], DOUBLE)
    result = resolve_turn(table, [Play("A", (14,))], "double")
    assert result.table.rows == ((12, 14, 20), (5, 14), (30,), (40,))


def test_double_stacked_twins_count_once_toward_five():
    # 12, 14 on 14, 20, 22: four positions, five physical cards.
    table = Table.from_rows([[12, 14, 14, 20, 22], [60], [70], [80]], DOUBLE)
    result = resolve_turn(table, [Play("A", (25,)), Play("B", (27,))], "double")
    # 25 is the 5th position; 27 would be the 6th and takes all six physical cards:
    # 12, 14, 14 (1 each), 20 (3), 22 (5), 25 (2) = 13.
    assert [(s.card, int(s.rule), s.taken, s.bullheads) for s in result.steps] == [
        (25, 2, (), 0),
        (27, 3, (12, 14, 14, 20, 22, 25), 13),
    ]
    assert result.table.rows[0] == (27,)


def test_double_twins_revealed_together_stack_on_the_same_row():
    table = Table.from_rows([[10], [30], [50], [70]], DOUBLE)
    result = resolve_turn(table, [Play("A", (20,)), Play("B", (20,))], "double")
    assert result.table.rows[0] == (10, 20, 20)
    assert result.bullheads == {"A": 0, "B": 0}


def test_double_twins_share_a_full_row_half_each_rounded_up():
    # 1, 2, 3, 4 and 10 hold 1+1+1+1+3 = 7 bullheads: each twin's player gets 4.
    table = Table.from_rows([[1, 2, 3, 4, 10], [30], [50], [70]], DOUBLE)
    result = resolve_turn(table, [Play("A", (12,)), Play("B", (12,))], "double")
    first, second = result.steps
    assert (first.player, first.rule, first.taken, first.bullheads, first.shared_with) == (
        "A", Rule.FULL_ROW, (1, 2, 3, 4, 10), 4, "B")
    assert (second.player, second.rule, second.taken, second.bullheads, second.shared_with) == (
        "B", Rule.FULL_ROW, (1, 2, 3, 4, 10), 4, "A")
    assert result.table.rows[0] == (12, 12)
    assert result.bullheads == {"A": 4, "B": 4}


def test_double_twins_share_a_lowest_card_take():
    table = Table.from_rows([[30], [40, 41], [50, 51], [60, 61]], DOUBLE)
    result = resolve_turn(table, [Play("A", (5,)), Play("B", (5,))], "double", take={"A": 2})
    assert [(s.player, s.row, int(s.rule), s.bullheads) for s in result.steps] == [
        ("A", 2, 4, 2), ("B", 2, 4, 2)]
    assert result.table.rows[1] == (5, 5)


def test_double_refuses_a_third_copy():
    table = Table.from_rows([[14, 14], [30], [50], [70]], DOUBLE)
    with pytest.raises(errors.CardTooOften) as caught:
        resolve_turn(table, [Play("A", (14,))], "double")
    assert (caught.value.card, caught.value.times, caught.value.allowed) == (14, 3, 2)


def test_nifty_lowest_card_holder_lays_both_cards_first_in_their_order():
    table = Table.from_rows([[10], [20], [30], [40]])
    result = resolve_turn(
        table, [Play("A", (25, 12)), Play("B", (11, 45))], "nifty"
    )
    assert [(s.player, s.card, s.row) for s in result.steps] == [
        ("B", 11, 1), ("B", 45, 4), ("A", 25, 2), ("A", 12, 1)]
    assert result.table.rows == ((10, 11, 12), (20, 25), (30,), (40, 45))


def test_nifty_needs_two_cards():
    table = Table.from_rows([[10], [20], [30], [40]])
    with pytest.raises(errors.WrongCardCount):
        resolve_turn(table, [Play("A", (25,))], "nifty")


def test_hand_places_in_the_order_given():
    table = Table.from_rows([[10], [20], [30], [40]])
    hand = resolve_turn(table, [Play("A", (25,)), Play("B", (22,))], "hand")
    assert hand.table.rows == ((10, 22), (20, 25), (30,), (40,))
    basic = resolve_turn(table, [Play("A", (25,)), Play("B", (22,))], "basic")
    assert basic.table.rows == ((10,), (20, 22, 25), (30,), (40,))


def test_hand_allows_a_second_card_but_not_a_third():
    table = Table.from_rows([[10], [20], [30], [40]])
    result = resolve_turn(
        table, [Play("A", (35,)), Play("B", (15,)), Play("A", (36,))], "hand")
    assert result.table.rows == ((10, 15), (20,), (30, 35, 36), (40,))
    with pytest.raises(errors.PlayerRepeated):
        resolve_turn(table, [Play("A", (35,)), Play("A", (36,)), Play("A", (37,))], "hand")


def test_tactics_deck_refuses_cards_above_ten_per_player_plus_four():
    table = Table.from_rows([[1], [2], [3], [4]])
    with pytest.raises(errors.CardOutOfRange) as caught:
        resolve_turn(table, [Play("A", (35,)), Play("B", (20,)), Play("C", (30,))], max_card=34)
    assert (caught.value.card, caught.value.max_card) == (35, 34)


@pytest.mark.parametrize(
    ("rows", "plays", "variant", "error"),
    [
        ([[1], [2], [3], [4]], [], "basic", errors.NoPlays),
        ([[1], [2], [3], [4]], [Play("", (5,))], "basic", errors.MissingPlayer),
        ([[1], [2], [3], [4]], [Play("  ", (5,))], "basic", errors.MissingPlayer),
        ([[1], [2], [3], [4]], [Play("A" * 41, (5,))], "basic", errors.PlayerNameTooLong),
        ([[1], [2], [3], [4]], [Play("A", ())], "basic", errors.MissingCard),
        ([[1], [2], [3], [4]], [Play("A", (True,))], "basic", errors.NotACard),
        ([[1], [2], [3], [4]], [Play("A", (5.0,))], "basic", errors.NotACard),
        ([[1], [2], [3], [4]], [Play("A", (105,))], "basic", errors.CardOutOfRange),
        ([[1], [2], [3], [4]], [Play("A", (0,))], "basic", errors.CardOutOfRange),
        ([[1], [2], [3], [4]], [Play("A", (4,))], "basic", errors.CardTooOften),
        ([[1], [2], [3], [4]], [Play("A", (5,)), Play("B", (5,))], "basic", errors.CardTooOften),
        ([[1], [2], [3], [4]], [Play("A", (5,)), Play("A", (6,))], "basic", errors.PlayerRepeated),
        ([[1], [2], [3], [4]], [Play(f"P{i}", (10 + i,)) for i in range(11)], "basic",
         errors.TooManyPlayers),
        ([[1], [2], [3], [4]], [Play("A", (5,))], "chess", errors.UnknownVariant),
    ],
)
def test_bad_turns_raise_typed_errors(rows, plays, variant, error):
    with pytest.raises(error):
        resolve_turn(Table.from_rows(rows), plays, variant)


@pytest.mark.parametrize(
    ("rows", "error", "fields"),
    [
        ([[1], [2]], errors.WrongRowCount, {"count": 2}),
        ([[1], [2], [3], [4], [5], [6]], errors.WrongRowCount, {"count": 6}),
        ([[1], [], [3], [4]], errors.EmptyRow, {"row": 2}),
        ([[1], [2], [3, 4, 5, 6, 7, 8], [9]], errors.RowTooLong,
         {"row": 3, "length": 6, "limit": 5}),
        ([[1], [2], [3], [9, 8]], errors.RowNotAscending, {"row": 4, "card": 8, "previous": 9}),
        ([[1], [2], [3], [9, 9]], errors.RowNotAscending, {"row": 4, "card": 9, "previous": 9}),
        ([[1], [2], [3], [4, 1]], errors.RowNotAscending, {"row": 4, "card": 1, "previous": 4}),
        ([[1], [2], [3], [4, 2]], errors.RowNotAscending, {"row": 4, "card": 2, "previous": 4}),
        ([[1], [2], [3], [False]], errors.NotACard, {"value": False, "where": "row 4"}),
        ([[1], [2], [3], [200]], errors.CardOutOfRange, {"card": 200, "max_card": 104}),
        ([[1], [2], [3], [1, 5]], errors.CardTooOften, {"card": 1, "times": 2, "allowed": 1}),
    ],
)
def test_bad_tables_name_what_is_wrong(rows, error, fields):
    with pytest.raises(error) as caught:
        Table.from_rows(rows)
    assert asdict(caught.value) == fields


def test_bad_choices_are_refused():
    table = Table.from_rows([[30], [40], [50], [60]])
    with pytest.raises(errors.BadRowChoice):
        resolve_turn(table, [Play("A", (5,))], take={"A": 5})
    with pytest.raises(errors.UnknownPlayerChoice):
        resolve_turn(table, [Play("A", (5,))], take={"Zed": 1})
    tie_table = Table.from_rows([[10], [30], [50], [70]])
    with pytest.raises(errors.BadPlaceChoice):
        resolve_turn(tie_table, [Play("A", (40,))], "professional", place={"A": (1, "right")})


def test_tactics_deck_refuses_a_table_card_above_its_highest_card():
    table = Table.from_rows([[1], [2], [3], [40]])  # legal in a full deck
    with pytest.raises(errors.CardOutOfRange) as caught:
        resolve_turn(table, [Play("A", (5,))], max_card=34)
    assert (caught.value.card, caught.value.max_card) == (40, 34)
