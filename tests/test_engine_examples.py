"""The booklets' worked examples and tips, through the engine (expected values from the texts)."""

from __future__ import annotations

from scorekeeper.engine import Play, Rule, Side, Table, resolve_turn


def plays(*cards: int) -> list[Play]:
    """Players A, B, C, ... revealing ``cards`` in that order."""
    return [Play(chr(ord("A") + i), (card,)) for i, card in enumerate(cards)]


def summary(result) -> list[tuple]:
    return [(s.player, s.card, s.row, int(s.rule), s.taken, s.bullheads) for s in result.steps]


def test_first_example_ascending_order_and_smallest_difference():
    # Fig. 1 -> Fig. 2: 14 and 15 can only follow 12; 44 fits rows 1-3 but is closest to 43.
    table = Table.from_rows([[12], [37], [43], [58]])
    result = resolve_turn(table, plays(14, 15, 44, 61))
    assert summary(result) == [
        ("A", 14, 1, 2, (), 0),
        ("B", 15, 1, 2, (), 0),
        ("C", 44, 3, 2, (), 0),
        ("D", 61, 4, 2, (), 0),
    ]
    assert result.table.rows == ((12, 14, 15), (37,), (43, 44), (58, 61))
    assert result.bullheads == {"A": 0, "B": 0, "C": 0, "D": 0}


def test_second_example_the_sixth_card_takes_the_full_row():
    # 21 and 26 fill row 1; 30 is its 6th card and takes 12, 14, 15, 21, 26 (1+1+2+1+1 = 6).
    table = Table.from_rows([[12, 14, 15], [37], [43, 44], [58, 61]])
    result = resolve_turn(table, plays(21, 26, 30, 36))
    assert summary(result) == [
        ("A", 21, 1, 2, (), 0),
        ("B", 26, 1, 2, (), 0),
        ("C", 30, 1, 3, (12, 14, 15, 21, 26), 6),
        ("D", 36, 1, 2, (), 0),
    ]
    assert result.table.rows == ((30, 36), (37,), (43, 44), (58, 61))
    assert result.bullheads == {"A": 0, "B": 0, "C": 6, "D": 0}


def test_third_example_lowest_card_takes_the_cheapest_row_by_default():
    # Row costs: 30+36 = 3+1, 37 = 1, 43+44 = 1+5, 58+61 = 1+1: row 2 is cheapest, as chosen
    # in the booklet. The 9 then follows the 3. (The Dutch booklet plays 83, the English 93.)
    table = Table.from_rows([[30, 36], [37], [43, 44], [58, 61]])
    result = resolve_turn(table, plays(3, 9, 68, 83))
    first = result.steps[0]
    assert (first.rule, first.row, first.taken, first.bullheads) == (Rule.LOWEST_CARD, 2, (37,), 1)
    assert first.alternatives == ()
    assert first.row_bullheads == (4, 1, 6, 2)
    assert result.table.rows == ((30, 36), (3, 9), (43, 44), (58, 61, 68, 83))
    english = resolve_turn(table, plays(3, 9, 68, 93))
    assert english.table.rows == ((30, 36), (3, 9), (43, 44), (58, 61, 68, 93))


def test_third_example_with_the_players_own_row_choice():
    table = Table.from_rows([[30, 36], [37], [43, 44], [58, 61]])
    chosen = resolve_turn(table, plays(3, 9, 68, 83), take={"A": 2})
    assert chosen.steps[0].row == 2 and chosen.steps[0].alternatives is None
    # Choosing the dearest row instead: 43 and 44 cost 6, and the 9 now follows the 3 there.
    dear = resolve_turn(table, plays(3, 9, 68, 83), take={"A": 3})
    assert summary(dear)[0] == ("A", 3, 3, 4, (43, 44), 6)
    assert dear.table.rows == ((30, 36), (37,), (3, 9), (58, 61, 68, 83))


def test_rule_four_names_rows_that_were_just_as_cheap():
    table = Table.from_rows([[30], [40], [50], [60]])  # 3 bullheads each
    step = resolve_turn(table, plays(5)).steps[0]
    assert (step.row, step.bullheads, step.alternatives) == (1, 3, (2, 3, 4))


def test_tip_one_the_45_goes_to_the_smaller_difference_and_takes():
    # The player hoped for the 41 in row 3, but 42 ends row 4 and that row is full.
    table = Table.from_rows([[3, 8], [20, 25, 27], [33, 38, 41], [34, 36, 39, 40, 42]])
    result = resolve_turn(table, plays(45))
    assert summary(result) == [("A", 45, 4, 3, (34, 36, 39, 40, 42), 7)]
    assert result.table.rows[3] == (45,)


def test_tip_two_a_lower_card_empties_the_row_the_62_was_meant_for():
    # The 29 fits nowhere and takes row 1 (the cheapest, 2 bullheads); the 62 then
    # goes after the 60 of the full row 4 and takes its 5 cards (3+1+7+1+3 = 15).
    table = Table.from_rows(
        [[59, 61], [31, 33, 35], [44, 48], [50, 52, 55, 57, 60]]
    )
    result = resolve_turn(table, plays(62, 29))
    assert summary(result) == [
        ("B", 29, 1, 4, (59, 61), 2),
        ("A", 62, 4, 3, (50, 52, 55, 57, 60), 15),
    ]
    assert result.table.rows == ((29,), (31, 33, 35), (44, 48), (62,))
    # Without the 29 the 62 would simply have followed the 61.
    alone = resolve_turn(table, plays(62))
    assert summary(alone) == [("A", 62, 1, 2, (), 0)]


def test_professional_example_left_and_right():
    # Our table for the booklet's example 1: 5 goes left of row 2, 17 left of the full
    # row 1 (taking 40, 42, 45, 47, 50 = 3+1+2+1+3), 58 left of row 3, 62 right of row 2.
    table = Table.from_rows([[40, 42, 45, 47, 50], [6, 30, 61], [59, 65], [70, 80]])
    result = resolve_turn(table, plays(5, 17, 58, 62), "professional")
    assert [(s.card, s.row, s.side, int(s.rule), s.bullheads) for s in result.steps] == [
        (5, 2, Side.LEFT, 2, 0),
        (17, 1, Side.LEFT, 3, 10),
        (58, 3, Side.LEFT, 2, 0),
        (62, 2, Side.RIGHT, 2, 0),
    ]
    assert result.table.rows == ((17,), (5, 6, 30, 61, 62), (58, 59, 65), (70, 80))
    # "A player who now played a 1, 2, 3, 4, or a 63 or 64 would take the second row."
    for card in (1, 2, 3, 4, 63, 64):
        step = resolve_turn(result.table, plays(card), "professional").steps[0]
        assert (step.row, step.rule, step.taken) == (2, Rule.FULL_ROW, (5, 6, 30, 61, 62))


def test_professional_example_two_fits_neither_left_nor_right():
    table = Table.from_rows([[50, 61], [55, 70], [58, 80], [40, 99]])
    for card in (59, 60):
        step = resolve_turn(table, plays(card), "professional").steps[0]
        assert step.rule == Rule.LOWEST_CARD


def test_professional_tie_is_reported_never_picked():
    table = Table.from_rows([[10], [30], [50], [70]])
    result = resolve_turn(table, plays(40, 75), "professional")
    assert result.tie is not None
    assert (result.tie.player, result.tie.card) == ("A", 40)
    assert result.tie.options == ((2, Side.RIGHT), (3, Side.LEFT))
    assert result.steps == () and result.table == table
    left = resolve_turn(table, plays(40, 75), "professional", place={"A": (3, "left")})
    assert left.table.rows == ((10,), (30,), (40, 50), (70, 75))
    right = resolve_turn(table, plays(40, 75), "professional", place={"A": (2, "right")})
    assert right.table.rows == ((10,), (30, 40), (50,), (70, 75))
