"""What a step says its card was placed against (``neighbour``) and how far (``difference``).

Expected values worked out by hand from the rules (docs/rules.md, Placing a card, and the variants).
"""

from __future__ import annotations

from scorekeeper.engine import Deck, Play, Rule, Side, Table, resolve_turn

DOUBLE = Deck(copies=2)


def plays(*cards: int) -> list[Play]:
    return [Play(chr(ord("A") + i), (card,)) for i, card in enumerate(cards)]


def near(step) -> tuple:
    return step.card, step.rule, step.side, step.neighbour, step.difference


def test_rule_two_right_names_the_end_card_below():
    # Ends below 44 are 12, 37 and 43; 43 is closest: difference 1.
    result = resolve_turn(Table.from_rows([[12], [37], [43], [58]]), plays(44))
    assert near(result.steps[0]) == (44, Rule.SMALLEST_DIFFERENCE, Side.RIGHT, 43, 1)


def test_rule_two_right_in_professional_takes_the_general_path_alike():
    # 75: ends below it 10, 30, 50, 70 (closest 70, difference 5); no first card above it.
    result = resolve_turn(Table.from_rows([[10], [30], [50], [70]]), plays(75), "professional")
    assert near(result.steps[0]) == (75, Rule.SMALLEST_DIFFERENCE, Side.RIGHT, 70, 5)


def test_professional_left_names_the_first_card_above():
    # 5 is below every end; first cards above it: 40 (35), 6 (1), 59 (54), 70 (65).
    # 58: end 50 is 8 below it, first card 59 is 1 above it: left of row 3.
    table = Table.from_rows([[40, 42, 45, 47, 50], [6, 30, 61], [59, 65], [70, 80]])
    first, second = resolve_turn(table, plays(5, 58), "professional").steps
    assert near(first) == (5, Rule.SMALLEST_DIFFERENCE, Side.LEFT, 6, 1)
    assert near(second) == (58, Rule.SMALLEST_DIFFERENCE, Side.LEFT, 59, 1)


def test_professional_full_row_on_the_left_names_its_first_card():
    # 17: no end below it; first cards above it: 40 (23), 59 (42), 70 (53): row 1, full.
    table = Table.from_rows([[40, 42, 45, 47, 50], [5, 6, 30, 61], [59, 65], [70, 80]])
    step = resolve_turn(table, plays(17), "professional").steps[0]
    assert near(step) == (17, Rule.FULL_ROW, Side.LEFT, 40, 23)


def test_rule_three_names_the_end_card_of_the_full_row():
    # 21 and 26 fill row 1 to five cards; 30 comes after the 26 and takes the row.
    table = Table.from_rows([[12, 14, 15], [37], [43, 44], [58, 61]])
    steps = resolve_turn(table, plays(21, 26, 30)).steps
    assert [near(s) for s in steps] == [
        (21, Rule.SMALLEST_DIFFERENCE, Side.RIGHT, 15, 6),
        (26, Rule.SMALLEST_DIFFERENCE, Side.RIGHT, 21, 5),
        (30, Rule.FULL_ROW, Side.RIGHT, 26, 4),
    ]


def test_rule_four_has_no_neighbour():
    step = resolve_turn(Table.from_rows([[30, 36], [37], [43, 44], [58, 61]]), plays(3)).steps[0]
    assert (step.rule, step.neighbour, step.difference) == (Rule.LOWEST_CARD, None, None)
    # Professional, the booklet's example 2: ends 61, 70, 80, 99 are all above 59 and
    # first cards 50, 55, 58, 40 all below it, so it fits neither right nor left.
    table = Table.from_rows([[50, 61], [55, 70], [58, 80], [40, 99]])
    step = resolve_turn(table, plays(59), "professional").steps[0]
    assert (step.rule, step.neighbour, step.difference) == (Rule.LOWEST_CARD, None, None)


def test_double_twin_stacked_on_its_pair_has_difference_zero():
    table = Table.from_rows([[10, 11, 12, 13, 14], [30], [50], [70]], DOUBLE)
    step = resolve_turn(table, plays(14), "double").steps[0]
    assert near(step) == (14, Rule.SMALLEST_DIFFERENCE, Side.RIGHT, 14, 0)


def test_double_twins_revealed_together_first_placed_then_stacked():
    # The first 20 follows the 10 (difference 10); the second lies on it (difference 0).
    table = Table.from_rows([[10], [30], [50], [70]], DOUBLE)
    first, second = resolve_turn(table, plays(20, 20), "double").steps
    assert near(first) == (20, Rule.SMALLEST_DIFFERENCE, Side.RIGHT, 10, 10)
    assert near(second) == (20, Rule.SMALLEST_DIFFERENCE, Side.RIGHT, 20, 0)


def test_the_second_twin_of_a_shared_take_has_no_neighbour():
    # The first 12 is the 6th card after the 10 (difference 2); its twin just follows it.
    table = Table.from_rows([[1, 2, 3, 4, 10], [30], [50], [70]], DOUBLE)
    first, second = resolve_turn(table, plays(12, 12), "double").steps
    assert near(first) == (12, Rule.FULL_ROW, Side.RIGHT, 10, 2)
    assert (second.rule, second.neighbour, second.difference) == (Rule.FULL_ROW, None, None)
    lowest = Table.from_rows([[30], [40, 41], [50, 51], [60, 61]], DOUBLE)
    steps = resolve_turn(lowest, plays(5, 5), "double", take={"A": 2}).steps
    assert [(s.rule, s.neighbour, s.difference) for s in steps] == [
        (Rule.LOWEST_CARD, None, None), (Rule.LOWEST_CARD, None, None)]


def test_row_bullheads_and_alternatives_of_a_default_rule_four():
    # Rows cost 30: 3, 40: 3, 50+51: 3+1, 60: 3; rows 1, 2 and 4 are equally cheap.
    table = Table.from_rows([[30], [40], [50, 51], [60]])
    step = resolve_turn(table, plays(5)).steps[0]
    assert (step.row, step.row_bullheads, step.alternatives) == (1, (3, 3, 4, 3), (2, 4))
