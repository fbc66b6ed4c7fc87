"""Invariants of every variant, on random legal turns (hypothesis).

Cards are conserved (table + taken = before + played), rows stay ascending with at most
5 positions, and a player's bullheads are those of the cards they took (half, rounded up,
for twins sharing a take).
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine import BULLHEADS, Deck, Play, RulesError, Table, resolve_turn
from scorekeeper.engine.model import Variant
from scorekeeper.engine.table import _checked_rows, _quick_rows, positions
from scorekeeper.engine.turn import _resolve_general, _resolve_single
from scorekeeper.engine.turn_checks import _diagnose, _quick_pairs, checked_deck, checked_order

NAMES = [f"P{i}" for i in range(1, 11)]


@st.composite
def turns(draw, variant: str):
    copies = 2 if variant == "double" else 1
    max_card = draw(st.sampled_from([104, 104, 54, 34])) if copies == 1 else 104
    pool = draw(st.permutations(list(range(1, max_card + 1)) * copies))
    per_play = 2 if variant == "nifty" else 1
    players = draw(st.integers(1, 7 if variant == "nifty" else 10))
    lengths = [draw(st.integers(1, 5)) for _ in range(4)]
    while sum(lengths) + players * per_play * (2 if variant == "hand" else 1) > len(pool):
        lengths = [max(1, n - 1) for n in lengths]
    rows, used = [], 0
    for n in lengths:
        rows.append(sorted(pool[used:used + n]))
        used += n
    plays = []
    for i in range(players):
        repeat = 2 if variant == "hand" and draw(st.booleans()) else 1
        for _ in range(repeat):
            plays.append(Play(NAMES[i], tuple(pool[used:used + per_play])))
            used += per_play
    if variant == "hand":
        plays = draw(st.permutations(plays))
    return Table.from_rows(rows, Deck(max_card, copies)), list(plays), max_card


def check_invariants(before: Table, plays: list[Play], result, variant: str) -> None:
    after = result.table
    placed = Counter(step.card for step in result.steps)
    if result.tie is None:
        assert placed == Counter(card for play in plays for card in play.cards)
    taken: Counter = Counter()
    earned: Counter = Counter()
    previous = None
    for step in result.steps:
        total = sum(BULLHEADS[c] for c in step.taken)
        partner = previous is not None and previous.shared_with == step.player \
            and step.shared_with == previous.player and previous.card == step.card
        if step.shared_with is not None:
            assert variant == "double"
            assert step.bullheads == (total + 1) // 2
        else:
            assert step.bullheads == total
        if not partner:
            taken.update(step.taken)
        earned[step.player] += step.bullheads
        previous = step
    assert Counter(before.cards()) + placed == Counter(after.cards()) + taken
    nonzero = {player: n for player, n in result.bullheads.items() if n}
    assert {player: n for player, n in earned.items() if n} == nonzero
    assert set(result.bullheads) == {play.player for play in plays}
    assert len(after.rows) == 4
    for row in after.rows:
        assert row, "a row is never empty"
        assert positions(row) <= 5
        for a, b in zip(row, row[1:], strict=False):
            assert a < b or (variant == "double" and a == b)


def resolve_all_ties(table, plays, variant, max_card, data):
    """Professional: settle each tie with an option hypothesis picks, until the turn is done."""
    place = {}
    while True:
        result = resolve_turn(table, plays, variant, max_card=max_card, place=place)
        if result.tie is None:
            return result
        check_invariants(table, plays, result, variant)
        place[result.tie.player] = data.draw(st.sampled_from(result.tie.options))


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_basic_invariants(data):
    table, plays, max_card = data.draw(turns("basic"))
    check_invariants(table, plays, resolve_turn(table, plays, max_card=max_card), "basic")


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_professional_invariants(data):
    table, plays, max_card = data.draw(turns("professional"))
    result = resolve_all_ties(table, plays, "professional", max_card, data)
    check_invariants(table, plays, result, "professional")


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_double_invariants(data):
    table, plays, max_card = data.draw(turns("double"))
    check_invariants(table, plays, resolve_turn(table, plays, "double"), "double")


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_nifty_invariants(data):
    table, plays, max_card = data.draw(turns("nifty"))
    result = resolve_turn(table, plays, "nifty", max_card=max_card)
    check_invariants(table, plays, result, "nifty")


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_hand_invariants(data):
    table, plays, max_card = data.draw(turns("hand"))
    result = resolve_turn(table, plays, "hand", max_card=max_card)
    check_invariants(table, plays, result, "hand")
    assert [s.card for s in result.steps] == [p.cards[0] for p in plays]


@settings(max_examples=300, deadline=None)
@given(st.data(), st.sampled_from(["basic", "nifty", "hand"]))
def test_fast_path_agrees_with_the_general_loop(data, variant):
    """The bisection fast path must place exactly like the plain search it replaces."""
    table, plays, max_card = data.draw(turns(variant))
    v = Variant(variant)
    deck = checked_deck(max_card, v)
    order = checked_order(table, plays, v, deck)
    players = [p.player for p in plays]
    fast = _resolve_single(table, list(order), {}, players, deck)
    general = _resolve_general(table, list(order), v, {}, {}, players, deck)
    assert fast == general


cards_or_junk = st.one_of(st.integers(-1, 106), st.sampled_from([True, 5.0, "7", None]))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(cards_or_junk, max_size=6), min_size=3, max_size=5),
       st.sampled_from([104, 34]))
def test_the_quick_table_check_accepts_only_legal_tables(rows, max_card):
    """The one-pass check may send a legal table on to the detailed one, never the reverse."""
    quick = _quick_rows(rows, max_card)
    try:
        checked = _checked_rows(rows, Deck(max_card))
    except RulesError:
        assert quick is None
    else:
        assert quick == checked


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["A", "B", "", " ", "C" * 41, 7]),
                          st.lists(cards_or_junk, max_size=3)), max_size=12),
       st.sampled_from(["basic", "nifty", "professional"]), st.sampled_from([104, 34]))
def test_the_quick_play_check_accepts_only_legal_plays(raw, variant, max_card):
    table = Table.from_rows([[1], [2], [3], [4]])
    plays = [Play(player, tuple(cards)) for player, cards in raw]
    v = Variant(variant)
    deck = Deck(max_card)
    quick = _quick_pairs(table, plays, v.cards_per_play, max_card)
    try:
        _diagnose(table, plays, v, deck)
    except RulesError:
        assert quick is None
    else:
        assert quick is None or quick == [(p, c) for p, cards in plays for c in cards]
