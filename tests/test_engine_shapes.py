"""The postscript's shapes: 3 to 5 rows, a row taken by its 5th, 6th or 7th card.

An independent check first: a small reference resolver, written apart from the engine and
importing nothing from it, places basic and Professional turns for any shape; hypothesis
draws legal tables of every shape and the engine must agree with it on every one. Then the
invariants of every variant hold in every shape, and the shapes' refusals name the limit.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine import BULLHEADS, Deck, Play, Table, errors, resolve_turn
from scorekeeper.engine.model import Variant
from scorekeeper.engine.table import _checked_rows, _quick_rows, positions
from scorekeeper.engine.turn import _resolve_general, _resolve_single
from scorekeeper.engine.turn_checks import checked_deck, checked_order

# -- the reference resolver (test-only; it shares no code with the engine) -----------------


def ref_bullheads(card):
    if card == 55:
        return 7
    return 5 if card % 11 == 0 else 3 if card % 10 == 0 else 2 if card % 5 == 0 else 1


def reference(rows, plays, takes_at, professional=False, take=None, place=None):
    """Place ``plays`` (``(player, card)`` pairs), lowest card first, on ``rows``.

    Returns ``(rows, bullheads by player, tie)``; ``tie`` is ``(player, card, options)``
    when a Professional card has a right and a left place at the same difference and
    ``place`` does not settle it (the turn stops there), else None.
    """
    rows = [list(row) for row in rows]
    take, place = take or {}, place or {}
    scores = dict.fromkeys((player for player, _ in plays), 0)
    for player, card in sorted(plays, key=lambda play: play[1]):
        options = [(card - row[-1], i, "right") for i, row in enumerate(rows) if row[-1] < card]
        if professional:
            options += [(row[0] - card, i, "left") for i, row in enumerate(rows) if card < row[0]]
        if not options:  # rule 4: the chosen row, else the cheapest (lowest number first)
            costs = [sum(map(ref_bullheads, row)) for row in rows]
            index = take[player] - 1 if player in take else costs.index(min(costs))
            scores[player] += costs[index]
            rows[index] = [card]
            continue
        nearest = min(difference for difference, _, _ in options)
        best = sorted(((i, side) for d, i, side in options if d == nearest),
                      key=lambda option: option[1] == "left")
        if len(best) > 1:
            if player not in place:
                return rows, scores, (player, card, [(i + 1, side) for i, side in best])
            best = [(place[player][0] - 1, place[player][1])]
        index, side = best[0]
        if len(rows[index]) == takes_at - 1:  # rule 3: the t-th card takes the row
            scores[player] += sum(map(ref_bullheads, rows[index]))
            rows[index] = [card]
        elif side == "right":
            rows[index].append(card)
        else:
            rows[index].insert(0, card)
    return rows, scores, None


def test_the_reference_knows_the_booklets_examples():
    rows, scores, _ = reference([[12, 14, 15], [37], [43, 44], [58, 61]],
                                [("A", 21), ("B", 26), ("C", 30), ("D", 36)], 6)
    assert rows == [[30, 36], [37], [43, 44], [58, 61]] and scores["C"] == 6
    _, _, tie = reference([[10], [30], [50], [70]], [("A", 40)], 6, professional=True)
    assert tie == ("A", 40, [(2, "right"), (3, "left")])
    rows, scores, _ = reference([[12, 14, 15, 16], [37], [43]], [("A", 20)], 5)
    assert rows == [[20], [37], [43]] and scores == {"A": 5}


# -- random legal tables of every shape ----------------------------------------------------

NAMES = [f"P{i}" for i in range(1, 11)]


@st.composite
def shaped_turns(draw, variant):
    """A legal turn of ``variant`` on a table of 3 to 5 rows with ``takes_at`` 5 to 7."""
    count = draw(st.integers(3, 5))
    takes_at = draw(st.integers(5, 7))
    copies = 2 if variant == "double" else 1
    max_card = 104 if copies == 2 else draw(st.sampled_from([104, 104, 54, 34]))
    pool = draw(st.permutations(list(range(1, max_card + 1)) * copies))
    per_play = 2 if variant == "nifty" else 1
    players = draw(st.integers(1, 7 if variant == "nifty" else 10))
    lengths = [draw(st.integers(1, takes_at - 1)) for _ in range(count)]
    while sum(lengths) + players * per_play * (2 if variant == "hand" else 1) > len(pool):
        lengths = [max(1, n - 1) for n in lengths]
    rows, used = [], 0
    for n in lengths:
        rows.append(sorted(pool[used:used + n]))
        used += n
    plays = []
    for i in range(players):
        for _ in range(2 if variant == "hand" and draw(st.booleans()) else 1):
            plays.append(Play(NAMES[i], tuple(pool[used:used + per_play])))
            used += per_play
    if variant == "hand":
        plays = draw(st.permutations(plays))
    table = Table.from_rows(rows, Deck(max_card, copies), takes_at)
    return table, list(plays), max_card


def settle_with_reference(table, plays, professional, data):
    """Engine and reference, tie by tie: each tie settled by an option hypothesis picks."""
    pairs = [(play.player, play.cards[0]) for play in plays]
    rows = [list(row) for row in table.rows]
    variant = "professional" if professional else "basic"
    take = {}
    if data.draw(st.booleans()):
        take = {player: data.draw(st.integers(1, len(rows))) for player, _ in pairs[:2]}
    place = {}
    while True:
        result = resolve_turn(table, plays, variant, take=take, place=place)
        ref_rows, ref_scores, tie = reference(rows, pairs, table.takes_at, professional,
                                              take, place)
        engine_tie = result.tie and (result.tie.player, result.tie.card,
                                     [(row, side.value) for row, side in result.tie.options])
        assert engine_tie == (tie or None)
        assert [list(row) for row in result.table.rows] == ref_rows
        assert result.bullheads == ref_scores
        if tie is None:
            return result
        place[tie[0]] = data.draw(st.sampled_from(tie[2]))


@settings(max_examples=400, deadline=None)
@given(st.data(), st.booleans())
def test_the_engine_agrees_with_the_reference_in_every_shape(data, professional):
    table, plays, _ = data.draw(shaped_turns("professional" if professional else "basic"))
    result = settle_with_reference(table, plays, professional, data)
    assert len(result.table.rows) == len(table.rows)
    assert result.table.takes_at == table.takes_at


def check_shape_invariants(before, plays, result, variant):
    placed = Counter(step.card for step in result.steps)
    if result.tie is None:
        assert placed == Counter(card for play in plays for card in play.cards)
    taken = Counter()
    previous = None
    for step in result.steps:
        partner = previous is not None and step.shared_with == previous.player \
            and previous.shared_with == step.player and previous.card == step.card
        if not partner:
            taken.update(step.taken)
        total = sum(BULLHEADS[card] for card in step.taken)
        if step.rule == 3:  # the t-th card: the row it took held t − 1 positions
            assert positions(step.taken) == before.takes_at - 1
        if step.shared_with is None:
            assert step.bullheads == total
        assert 1 <= step.row <= len(before.rows)
        previous = step
    assert Counter(before.cards()) + placed == Counter(result.table.cards()) + taken
    assert len(result.table.rows) == len(before.rows)
    for row in result.table.rows:
        assert 1 <= positions(row) <= before.takes_at - 1
        assert all(a < b or (variant == "double" and a == b)
                   for a, b in zip(row, row[1:], strict=False))


@settings(max_examples=150, deadline=None)
@given(st.data(), st.sampled_from(["basic", "professional", "double", "nifty", "hand"]))
def test_every_variant_keeps_its_invariants_in_every_shape(data, variant):
    table, plays, max_card = data.draw(shaped_turns(variant))
    place = {}
    while True:
        result = resolve_turn(table, plays, variant, max_card=max_card, place=place)
        check_shape_invariants(table, plays, result, variant)
        if result.tie is None:
            break
        place[result.tie.player] = data.draw(st.sampled_from(result.tie.options))


@settings(max_examples=200, deadline=None)
@given(st.data(), st.sampled_from(["basic", "nifty", "hand"]))
def test_the_fast_path_agrees_with_the_general_loop_in_every_shape(data, variant):
    table, plays, max_card = data.draw(shaped_turns(variant))
    v = Variant(variant)
    deck = checked_deck(max_card, v)
    order = checked_order(table, plays, v, deck)
    players = [play.player for play in plays]
    fast = _resolve_single(table, list(order), {}, players, deck)
    assert fast == _resolve_general(table, list(order), v, {}, {}, players, deck)
    assert fast.table.takes_at == table.takes_at


cards_or_junk = st.one_of(st.integers(-1, 106), st.sampled_from([True, 5.0, "7", None]))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(cards_or_junk, max_size=7), min_size=2, max_size=6),
       st.sampled_from([104, 34]), st.integers(4, 6))
def test_the_quick_table_check_accepts_only_legal_tables_of_any_shape(rows, max_card, limit):
    quick = _quick_rows(rows, max_card, limit)
    try:
        checked = _checked_rows(rows, Deck(max_card), limit)
    except errors.RulesError:
        assert quick is None
    else:
        assert quick == checked


# -- the shapes, worked by hand ------------------------------------------------------------

def plays(*cards):
    return [Play(name, (card,)) for name, card in zip("ABCDE", cards, strict=False)]


def test_five_nimmt_the_fifth_card_takes_the_row():
    table = Table.from_rows([[12, 14, 15, 20], [37], [43]], takes_at=5)
    result = resolve_turn(table, plays(21))
    assert result.steps[0].rule == 3 and result.steps[0].taken == (12, 14, 15, 20)
    assert result.table.rows == ((21,), (37,), (43,)) and result.bullheads == {"A": 7}


def test_seven_nimmt_the_sixth_card_still_joins_the_row():
    table = Table.from_rows([[1, 2, 3, 4, 5], [37], [43], [58], [90]], takes_at=7)
    result = resolve_turn(table, plays(6, 7))
    assert [step.rule for step in result.steps] == [2, 3]
    assert result.table.rows[0] == (7,) and result.bullheads == {"A": 0, "B": 7}
    assert result.steps[1].taken == (1, 2, 3, 4, 5, 6)


def test_double_counts_stacked_twins_once_in_every_shape():
    row = [12, 14, 14, 20, 22]  # 5 cards, 4 positions
    table = Table.from_rows([row, [60], [70]], Deck(copies=2), takes_at=5)
    step = resolve_turn(table, plays(25), "double").steps[0]
    assert (step.rule, step.taken) == (3, tuple(row))  # 4 positions: the 5th card takes them
    roomy = Table.from_rows([row, [60], [70]], Deck(copies=2), takes_at=6)
    assert resolve_turn(roomy, plays(25), "double").table.rows[0] == (*row, 25)


def test_rule_four_takes_any_row_of_a_five_row_table():
    table = Table.from_rows([[30], [40], [50], [61], [70]])
    result = resolve_turn(table, plays(5), take={"A": 5})
    assert result.steps[0].row == 5 and result.table.rows == ((30,), (40,), (50,), (61,), (5,))
    default = resolve_turn(table, plays(5)).steps[0]
    assert default.row_bullheads == (3, 3, 3, 1, 3) and default.row == 4


@pytest.mark.parametrize("value", [4, 8, 0, -6, "6", True, False, 6.0, 6.5, None, [6]])
def test_takes_at_other_than_5_6_or_7_is_refused_as_given(value):
    with pytest.raises(errors.BadTakesAt) as caught:
        Table.from_rows([[1], [2], [3], [4]], takes_at=value)
    assert caught.value.value is value


@pytest.mark.parametrize(
    ("rows", "takes_at", "fields"),
    [
        ([[1, 2, 3, 4, 5], [9], [10]], 5, {"row": 1, "length": 5, "limit": 4}),
        ([[1], [2, 3, 4, 5, 6, 7, 8], [9]], 7, {"row": 2, "length": 7, "limit": 6}),
    ],
)
def test_a_row_too_long_for_its_shape_names_the_limit(rows, takes_at, fields):
    with pytest.raises(errors.RowTooLong) as caught:
        Table.from_rows(rows, takes_at=takes_at)
    assert asdict(caught.value) == fields
    assert str(caught.value).endswith(f"at most {fields['limit']}.")
    if takes_at < 7:  # one card later, the row is legal
        assert Table.from_rows(rows, takes_at=takes_at + 1).rows[fields["row"] - 1] == tuple(
            rows[fields["row"] - 1])


def test_takes_at_is_judged_before_the_rows():
    with pytest.raises(errors.BadTakesAt):
        Table.from_rows([[1]], takes_at=8)


def test_rows_are_numbered_1_to_r_in_choices():
    table = Table.from_rows([[30], [40], [50]])
    with pytest.raises(errors.BadRowChoice) as caught:
        resolve_turn(table, plays(5), take={"A": 4})
    assert asdict(caught.value) == {"player": "A", "row": 4, "rows": 3}
    assert str(caught.value) == "A chose row 4, but rows are numbered 1 to 3."
    tie = Table.from_rows([[10], [30], [50]])
    with pytest.raises(errors.BadRowChoice):
        resolve_turn(tie, plays(40), "professional", place={"A": (4, "left")})


def test_the_default_shape_is_the_booklets():
    table = Table.from_rows([[1], [2], [3], [4]])
    assert table.takes_at == 6 and table.limit == 5
    assert table == Table.from_rows([[1], [2], [3], [4]], takes_at=6)
    assert table != Table.from_rows([[1], [2], [3], [4]], takes_at=7)
