"""The pure scoring rules: totals, the end, winners, Virgin doubling, deal bounds, cards.

A deal's total as entered must lie within its bounds (docs/rules.md, The bounds of a deal): at least
h·n + r − r·(t − 1) (the cards that must leave the table; 4 for two players, 14 for three,
24 for four in the booklet's game), so the deals below are chosen to be legal.
"""

from __future__ import annotations

from dataclasses import asdict

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.engine import errors
from scorekeeper.engine.deal import Entry, make_entry, score_deal
from scorekeeper.engine.game import (
    Event,
    EventKind,
    advance,
    check_correction,
    check_new_deal,
    check_restore,
    check_withdrawal,
    replay,
)
from scorekeeper.engine.settings import GameVariant, Settings, make_settings


def play(settings, *deals):
    events = [Event("deal", i, make_entry(settings, d)) for i, d in enumerate(deals, 1)]
    return replay(settings, events)


FOUR = ["Ann", "Bob", "Cas", "Dirk"]


def test_reaching_exactly_the_threshold_ends_the_game():
    s = make_settings(FOUR)
    state = play(s, {"Ann": 40, "Bob": 10, "Cas": 5, "Dirk": 12},
                 {"Ann": 26, "Bob": 3, "Cas": 9, "Dirk": 1})
    assert state.totals == {"Ann": 66, "Bob": 13, "Cas": 14, "Dirk": 13}
    assert state.finished
    assert state.winners == ("Bob", "Dirk")  # equal totals share the win


def test_one_below_the_threshold_plays_on():
    s = make_settings(FOUR)
    state = play(s, {"Ann": 65, "Bob": 0, "Cas": 0, "Dirk": 0})
    assert not state.finished and state.winners == ()
    assert state.leaders == ("Bob", "Cas", "Dirk")
    assert check_new_deal(state, 2) == 2


def test_passing_the_threshold_ends_and_refuses_more_deals():
    s = make_settings(["Ann", "Bob"])
    state = play(s, {"Ann": 60, "Bob": 3}, {"Ann": 20, "Bob": 2})
    assert state.totals == {"Ann": 80, "Bob": 5}
    assert state.finished and state.winners == ("Bob",)
    with pytest.raises(errors.GameFinished):
        check_new_deal(state, 3)


def test_dutch_reading_uses_threshold_67():
    s = make_settings(["Ann", "Bob"], threshold=67)
    assert not play(s, {"Ann": 66, "Bob": 0}).finished


def test_fixed_deals_game_ends_after_the_last_deal_whatever_the_totals():
    s = make_settings(["Ann", "Bob", "Cas"], threshold=None, fixed_deals=2)
    assert s.threshold is None
    one = play(s, {"Ann": 90, "Bob": 3, "Cas": 3})
    assert not one.finished  # 90 is over 66, but this game counts deals
    two = play(s, {"Ann": 90, "Bob": 3, "Cas": 3}, {"Ann": 0, "Bob": 9, "Cas": 5})
    assert two.finished and two.winners == ("Cas",)
    assert two.totals == {"Ann": 90, "Bob": 12, "Cas": 8}


@pytest.mark.parametrize(
    ("entered", "expected"),
    [
        ({"A": 4, "B": 5, "C": 6}, {"A": 4, "B": 5, "C": 6}),  # no virgin: as entered
        ({"A": 0, "B": 14, "C": 6}, {"A": 0, "B": 28, "C": 12}),  # one virgin
        ({"A": 0, "B": 0, "C": 15}, {"A": 0, "B": 0, "C": 30}),  # several virgins
        ({"A": 0, "B": 0, "C": 14}, {"A": 0, "B": 0, "C": 28}),  # at the lower bound (14)
    ],
)
def test_virgin_doubling(entered, expected):
    s = make_settings(["A", "B", "C"], virgin_doubling=True)
    entry = make_entry(s, entered)
    assert score_deal(s, entry) == expected
    assert entry.bullheads == entered  # entered values are kept as entered


def test_virgin_doubling_off_counts_as_entered():
    s = make_settings(["A", "B"])
    assert score_deal(s, make_entry(s, {"A": 0, "B": 5})) == {"A": 0, "B": 5}


def test_doubling_can_cause_the_end():
    s = make_settings(["A", "B"], virgin_doubling=True)
    state = play(s, {"A": 33, "B": 0})
    assert state.totals == {"A": 66, "B": 0} and state.finished and state.winners == ("B",)


def test_hand_variant_counts_the_hand_double():
    s = make_settings(["A", "B"], variant="hand")
    entry = make_entry(s, {"A": 4, "B": 0}, hand={"A": 1, "B": 3})
    assert score_deal(s, entry) == {"A": 6, "B": 6}
    with pytest.raises(errors.MissingPlayerValue):
        make_entry(s, {"A": 4, "B": 0})


def test_hand_variant_with_virgin_doubling_needs_an_empty_stack_and_hand():
    s = make_settings(["A", "B", "C"], variant="hand", virgin_doubling=True)
    entry = make_entry(s, {"A": 0, "B": 0, "C": 2}, hand={"A": 0, "B": 1, "C": 1})
    assert score_deal(s, entry) == {"A": 0, "B": 4, "C": 8}


def test_everyone_at_zero_is_possible_only_in_hand():
    # Taken cards may go to the hand, so Hand has no lower bound; elsewhere 0 is refused.
    s = make_settings(["A", "B", "C"], variant="hand", virgin_doubling=True)
    zero = dict.fromkeys("ABC", 0)
    assert score_deal(s, make_entry(s, zero, hand=zero)) == zero
    with pytest.raises(errors.DealUnderBound):
        make_entry(make_settings(["A", "B", "C"], virgin_doubling=True), zero)


def test_hand_values_in_a_basic_game_are_refused():
    s = make_settings(["A", "B"])
    with pytest.raises(errors.HandNotInVariant):
        make_entry(s, {"A": 1, "B": 1}, hand={"A": 0, "B": 0})


@pytest.mark.parametrize(
    ("variant", "players", "bound"),
    [("basic", 2, 167), ("hand", 2, 167), ("double", 2, 338), ("tactics", 4, 68)],
)
def test_deck_bound(variant, players, bound):
    # Tactics with 4 players: cards 1..44 hold 72 bullheads (hand-counted: 44 cards,
    # +1 for 5, 15, 25, 35; +2 for 10, 20, 30, 40; +4 for 11, 22, 33, 44) -> 72 - 4.
    names = [f"P{i}" for i in range(players)]
    s = make_settings(names, variant=variant)
    assert s.bound == bound
    at_bound = dict.fromkeys(names, 0) | {"P0": bound}
    hand = dict.fromkeys(names, 0) if variant == "hand" else None
    make_entry(s, at_bound, hand=hand)
    with pytest.raises(errors.DealOverBound) as caught:
        make_entry(s, at_bound | {"P1": 1}, hand=hand)
    assert asdict(caught.value) == {"total": bound + 1, "bound": bound, "rows": 4}


def test_hand_and_stack_together_are_bounded():
    s = make_settings(["A", "B"], variant="hand")
    with pytest.raises(errors.DealOverBound):
        make_entry(s, {"A": 100, "B": 0}, hand={"A": 0, "B": 68})


def test_cards_give_bullheads():
    s = make_settings(["A", "B"])
    entry = make_entry(s, cards={"A": [55, 11, 10, 5, 1], "B": []})
    assert entry.bullheads == {"A": 7 + 5 + 3 + 2 + 1, "B": 0}
    assert entry.cards == {"A": (55, 11, 10, 5, 1), "B": ()}


def test_card_taken_twice_is_refused():
    s = make_settings(["A", "B"])
    with pytest.raises(errors.CardTakenTwice) as caught:
        make_entry(s, cards={"A": [12, 30], "B": [30]})
    assert caught.value.card == 30
    with pytest.raises(errors.CardTakenTwice):
        make_entry(s, cards={"A": [7, 7], "B": []})


def test_double_deck_allows_twins_but_not_three():
    s = make_settings(["A", "B"], variant="double")
    assert make_entry(s, cards={"A": [30], "B": [30]}).bullheads == {"A": 3, "B": 3}
    with pytest.raises(errors.CardTakenTwice):
        make_entry(s, cards={"A": [30, 30], "B": [30]})


def test_card_outside_the_deck_is_refused():
    s = make_settings(["A", "B"], variant="tactics")  # 2 players: cards 1..24
    with pytest.raises(errors.CardOutsideDeck) as caught:
        make_entry(s, cards={"A": [25], "B": []})
    assert asdict(caught.value) == {"card": 25, "max_card": 24}
    with pytest.raises(errors.CardOutsideDeck):
        make_entry(make_settings(["A", "B"]), cards={"A": [105], "B": []})


@pytest.mark.parametrize(
    ("values", "error"),
    [
        ({"A": -1, "B": 0}, errors.BadBullheads),
        ({"A": 1.5, "B": 0}, errors.BadBullheads),
        ({"A": True, "B": 0}, errors.BadBullheads),
        ({"A": "²", "B": 0}, errors.BadBullheads),
        ({"A": "٣", "B": 0}, errors.BadBullheads),
        ({"A": 1}, errors.MissingPlayerValue),
        ({"A": 1, "B": 0, "Zed": 0}, errors.UnknownPlayer),
    ],
)
def test_bad_entries(values, error):
    with pytest.raises(error):
        make_entry(make_settings(["A", "B"]), values)


def test_bullheads_and_cards_together_are_refused():
    s = make_settings(["A", "B"])
    with pytest.raises(errors.EntryKind):
        make_entry(s, {"A": 1, "B": 0}, cards={"A": [], "B": []})


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"players": ["Ann"]}, errors.PlayerCount),
        ({"players": [f"P{i}" for i in range(11)]}, errors.PlayerCount),
        ({"players": ["Ann", "  "]}, errors.BadPlayerName),
        ({"players": ["Ann", "x" * 41]}, errors.BadPlayerName),
        ({"players": ["Ann", " ann "]}, errors.DuplicatePlayer),
        ({"players": ["Ann", "Bob"], "threshold": 0}, errors.BadThreshold),
        ({"players": ["Ann", "Bob"], "threshold": "abc"}, errors.BadThreshold),
        ({"players": ["Ann", "Bob"], "fixed_deals": 0}, errors.BadFixedDeals),
        ({"players": ["Ann", "Bob"], "variant": "nifty"}, errors.UnknownGameVariant),
    ],
)
def test_bad_settings(kwargs, error):
    with pytest.raises(error):
        make_settings(**kwargs)


def test_names_are_trimmed_and_40_characters_allowed():
    s = make_settings(["  Ann ", "x" * 40])
    assert s.players == ("Ann", "x" * 40)


def test_correction_that_takes_the_end_back_reopens_the_game():
    s = make_settings(["Ann", "Bob"])
    first = make_entry(s, {"Ann": 70, "Bob": 1})
    events = [Event("deal", 1, first)]
    assert replay(s, events).finished
    events.append(Event("correction", 1, make_entry(s, {"Ann": 7, "Bob": 1})))
    state = replay(s, events)
    assert not state.finished and state.totals == {"Ann": 7, "Bob": 1}
    assert state.deals[0].corrections == 1
    assert check_new_deal(state, 2) == 2


def test_deal_numbers_taken_and_skipped():
    s = make_settings(["Ann", "Bob"])
    state = play(s, {"Ann": 3, "Bob": 1}, {"Ann": 1, "Bob": 3})
    with pytest.raises(errors.DealNumberTaken):
        check_new_deal(state, 2)
    with pytest.raises(errors.DealNumberSkipped):
        check_new_deal(state, 4)
    assert check_new_deal(state, None) == 3
    with pytest.raises(errors.NoSuchDeal):
        check_correction(state, 3)


def test_running_totals_per_row():
    s = make_settings(["Ann", "Bob"])
    state = play(s, {"Ann": 3, "Bob": 1}, {"Ann": 2, "Bob": 9})
    assert [row.totals for row in state.deals] == [{"Ann": 3, "Bob": 1}, {"Ann": 5, "Bob": 10}]
    assert state.leaders == ("Ann",)


# -- the postscript's shapes and the bounds of a deal (docs/rules.md) ---------------------------

@pytest.mark.parametrize(
    ("players", "variant", "shape", "lower", "upper"),
    [
        (2, "basic", {}, 4, 167),  # 20 + 4 cards in play, at most 4 · 5 stay
        (3, "basic", {}, 14, 167),
        (4, "basic", {}, 24, 167),
        (10, "basic", {}, 84, 167),
        (4, "basic", {"rows": 3, "takes_at": 5}, 31, 168),  # 43 − 3 · 4
        (4, "basic", {"rows": 5, "takes_at": 7}, 15, 166),  # 45 − 5 · 6
        (2, "basic", {"rows": 5, "takes_at": 7}, 0, 166),  # 25 − 30: no lower bound
        (4, "basic", {"hand_size": 12}, 32, 167),  # 52 − 20
        (6, "double", {}, 24, 338),  # 64 − 2 · 4 · 5
        (10, "double", {"rows": 3, "takes_at": 5}, 79, 339),  # 103 − 2 · 3 · 4
        (4, "tactics", {}, 24, 68),
        (4, "tactics", {"rows": 3}, 28, 69),  # 43 − 15; cards 1..44 hold 72 bullheads
        (4, "hand", {}, 0, 167),  # taken cards may go to the hand: no lower bound
        (10, "hand", {"rows": 3, "takes_at": 5}, 0, 168),
    ],
)
def test_the_bounds_of_a_deal(players, variant, shape, lower, upper):
    names = [f"P{i}" for i in range(players)]
    s = make_settings(names, variant=variant, **shape)
    assert (s.lower_bound, s.bound) == (lower, upper)
    hand = dict.fromkeys(names, 0) if variant == "hand" else None
    for total in {lower, upper}:  # both ends are legal
        make_entry(s, dict.fromkeys(names, 0) | {"P0": total}, hand=hand)
    with pytest.raises(errors.DealOverBound) as over:
        make_entry(s, dict.fromkeys(names, 0) | {"P0": upper, "P1": 1}, hand=hand)
    assert asdict(over.value) == {"total": upper + 1, "bound": upper, "rows": s.rows}
    if lower:
        with pytest.raises(errors.DealUnderBound) as under:
            make_entry(s, dict.fromkeys(names, 0) | {"P1": lower - 1}, hand=hand)
        assert asdict(under.value) == {
            "total": lower - 1, "bound": lower, "players": players,
            "cards": s.cards_in_play, "kept": s.kept}


def test_the_lower_bound_counts_cards_entered_as_cards_too():
    s = make_settings(["A", "B", "C"])  # at least 14
    with pytest.raises(errors.DealUnderBound) as caught:
        make_entry(s, cards={"A": [55], "B": [11], "C": [1]})  # 7 + 5 + 1 = 13
    assert (caught.value.total, caught.value.bound) == (13, 14)
    assert make_entry(s, cards={"A": [55], "B": [11], "C": [1, 2]}).bullheads == {
        "A": 7, "B": 5, "C": 2}


def test_hand_has_no_lower_bound_on_the_stack():
    # In Hand the cards kept in the hand count: a stack of 0 everywhere is possible.
    s = make_settings(["A", "B", "C", "D"], variant="hand")
    assert make_entry(s, dict.fromkeys("ABCD", 0), hand={"A": 3, "B": 0, "C": 0, "D": 0})


def test_the_shape_defaults_to_the_booklets_game():
    s = make_settings(["A", "B"])
    assert (s.rows, s.takes_at, s.hand_size) == (4, 6, 10)
    # Built directly (as the store does), the shape keeps its defaults too.
    assert Settings(("A", "B"), 66, None, False, GameVariant.BASIC) == s


@pytest.mark.parametrize(
    ("shape", "error"),
    [
        ({"rows": 2}, errors.BadRowCount),
        ({"rows": 6}, errors.BadRowCount),
        ({"rows": "4"}, errors.BadRowCount),
        ({"rows": True}, errors.BadRowCount),
        ({"rows": 4.0}, errors.BadRowCount),
        ({"rows": None}, errors.BadRowCount),
        ({"takes_at": 4}, errors.BadTakesAt),
        ({"takes_at": 8}, errors.BadTakesAt),
        ({"takes_at": "6"}, errors.BadTakesAt),
        ({"takes_at": True}, errors.BadTakesAt),
        ({"takes_at": 6.0}, errors.BadTakesAt),
        ({"hand_size": 9}, errors.BadHandSize),
        ({"hand_size": "10"}, errors.BadHandSize),
        ({"hand_size": True}, errors.BadHandSize),
        ({"hand_size": 10.0}, errors.BadHandSize),
        ({"hand_size": -10}, errors.BadHandSize),
    ],
)
def test_bad_shapes_are_refused_with_the_value_as_given(shape, error):
    with pytest.raises(error) as caught:
        make_settings(["A", "B"], **shape)
    assert caught.value.value is next(iter(shape.values()))


@pytest.mark.parametrize(
    ("players", "variant", "shape", "needed", "cards"),
    [
        (3, "tactics", {"rows": 5}, 35, 34),  # Tactics deals every card of its deck
        (2, "tactics", {"hand_size": 11}, 26, 24),
        (10, "basic", {"hand_size": 11}, 114, 104),
        (9, "basic", {"hand_size": 11, "rows": 5}, 104 + 0, 0),  # fits exactly: no error
        (2, "double", {"hand_size": 103}, 210, 208),
        (2, "double", {"hand_size": 102}, 208, 0),  # fits exactly
        (2, "basic", {"hand_size": 10**20}, 2 * 10**20 + 4, 104),
    ],
)
def test_the_hands_must_fit_the_deck(players, variant, shape, needed, cards):
    names = [f"P{i}" for i in range(players)]
    if not cards:
        assert make_settings(names, variant=variant, **shape).cards_in_play == needed
        return
    with pytest.raises(errors.DeckTooSmall) as caught:
        make_settings(names, variant=variant, **shape)
    assert asdict(caught.value) == {
        "players": players, "hand_size": shape.get("hand_size", 10),
        "rows": shape.get("rows", 4), "needed": needed, "cards": cards}


# --- Undo: withdrawing the last deal and restoring it (hand-checked totals) ---


def log(settings, *lines):
    """Events from (kind, number, values) lines; values None for a withdrawal/restore."""
    events = []
    for kind, number, values in lines:
        entry = (make_entry(settings, values) if values
                 else Entry(dict.fromkeys(settings.players, 0)))  # replay derives it
        events.append(Event(kind, number, entry))
    return events


TWO = ["Ann", "Bob"]


def test_a_withdrawn_deal_no_longer_counts_and_can_be_restored():
    s = make_settings(TWO)
    deals = [("deal", 1, {"Ann": 5, "Bob": 3}), ("deal", 2, {"Ann": 10, "Bob": 2})]
    state = replay(s, log(s, *deals, ("withdrawal", 2, None)))
    assert state.totals == {"Ann": 5, "Bob": 3}  # 5 + 10 → 5, 3 + 2 → 3
    assert [row.number for row in state.deals] == [1]
    assert state.next_number == 2 and state.restorable == 2
    assert state.withdrawn[2].bullheads == {"Ann": 10, "Bob": 2}
    assert check_restore(state, 2).bullheads == {"Ann": 10, "Bob": 2}
    back = replay(s, log(s, *deals, ("withdrawal", 2, None), ("restore", 2, None)))
    assert back.totals == {"Ann": 15, "Bob": 5} and back.restorable is None


def test_only_the_last_deal_can_be_withdrawn():
    s = make_settings(TWO)
    state = replay(s, log(s, ("deal", 1, {"Ann": 5, "Bob": 3}),
                             ("deal", 2, {"Ann": 4, "Bob": 4})))
    with pytest.raises(errors.NotTheLastDeal) as caught:
        check_withdrawal(state, 1)
    assert (caught.value.number, caught.value.last, caught.value.status) == (1, 2, 409)
    with pytest.raises(errors.NoSuchDeal):
        check_withdrawal(state, 3)
    assert check_withdrawal(state, 2).bullheads == {"Ann": 4, "Bob": 4}
    with pytest.raises(errors.NotTheLastDeal):
        replay(s, log(s, ("deal", 1, {"Ann": 5, "Bob": 3}),
                         ("deal", 2, {"Ann": 4, "Bob": 4}), ("withdrawal", 1, None)))


def test_withdrawing_the_deal_that_ended_the_game_reopens_it():
    s = make_settings(TWO, threshold=20)
    deals = [("deal", 1, {"Ann": 12, "Bob": 2}), ("deal", 2, {"Ann": 9, "Bob": 1})]
    ended = replay(s, log(s, *deals))
    assert ended.finished and ended.winners == ("Bob",)  # Ann 21, Bob 3
    state = replay(s, log(s, *deals, ("withdrawal", 2, None)))
    assert not state.finished and state.winners == () and state.totals == {"Ann": 12, "Bob": 2}
    assert check_new_deal(state, 2) == 2


def test_restore_refused_once_another_deal_took_the_number():
    s = make_settings(TWO)
    lines = [("deal", 1, {"Ann": 5, "Bob": 3}), ("deal", 2, {"Ann": 10, "Bob": 2}),
             ("withdrawal", 2, None), ("deal", 2, {"Ann": 1, "Bob": 6})]
    state = replay(s, log(s, *lines))
    assert state.totals == {"Ann": 6, "Bob": 9} and state.restorable is None
    with pytest.raises(errors.CannotRestore) as caught:
        check_restore(state, 2)
    assert (caught.value.number, caught.value.next, caught.value.status) == (2, 3, 409)
    with pytest.raises(errors.CannotRestore):
        replay(s, log(s, *lines, ("restore", 2, None)))
    with pytest.raises(errors.NoSuchDeal):
        check_restore(state, 1)  # never withdrawn


def test_restore_puts_back_the_corrected_value_and_needs_the_deals_before_it():
    s = make_settings(TWO)
    lines = [("deal", 1, {"Ann": 5, "Bob": 3}), ("deal", 2, {"Ann": 10, "Bob": 2}),
             ("correction", 2, {"Ann": 8, "Bob": 2}),
             ("withdrawal", 2, None), ("withdrawal", 1, None)]
    state = replay(s, log(s, *lines))
    assert state.totals == {"Ann": 0, "Bob": 0} and state.restorable == 1
    with pytest.raises(errors.CannotRestore):
        check_restore(state, 2)
    back = replay(s, log(s, *lines, ("restore", 1, None), ("restore", 2, None)))
    assert back.totals == {"Ann": 13, "Bob": 5}  # 5 + 8, 3 + 2: the corrected value
    assert back.deals[1].corrections == 1


def test_a_finished_game_cannot_restore_until_it_reopens():
    s = make_settings(TWO, threshold=20)
    lines = [("deal", 1, {"Ann": 5, "Bob": 3}), ("deal", 2, {"Ann": 4, "Bob": 4}),
             ("deal", 3, {"Ann": 4, "Bob": 4}), ("withdrawal", 3, None),
             ("correction", 2, {"Ann": 16, "Bob": 4})]
    state = replay(s, log(s, *lines))
    assert state.finished and state.totals == {"Ann": 21, "Bob": 7}
    assert state.restorable is None
    with pytest.raises(errors.GameFinished):
        check_restore(state, 3)


# --- Advancing a replayed game by one event, as a write does ---

ENTRIES = [{"Ann": 5, "Bob": 3}, {"Ann": 0, "Bob": 9}, {"Ann": 30, "Bob": 2},
           {"Ann": 4, "Bob": 4}]


@given(st.data(), st.sampled_from([{"threshold": 40}, {"threshold": 66}, {"fixed_deals": 4}]))
def test_advancing_by_one_event_is_replaying_the_longer_log(data, end):
    """At every step, advancing the log's state by the next event gives what replaying
    the longer log gives: the same state, or the same refusal (a refused event is left
    out of the log, as a write leaves it out). Events of every kind, numbered around the
    game's deals, most of them valid."""
    s = make_settings(TWO, virgin_doubling=True, **end)
    kept: list[Event] = []
    state = replay(s, kept)
    for _ in range(data.draw(st.integers(0, 24))):
        deals = len(state.deals)
        kind = data.draw(st.sampled_from(list(EventKind)))
        fitting = {EventKind.DEAL: deals + 1, EventKind.WITHDRAWAL: deals,
                   EventKind.RESTORE: deals + 1}.get(kind)
        number = data.draw(st.integers(0, deals + 2) if fitting is None or data.draw(
            st.integers(0, 3)) > 0 else st.just(fitting))
        event = Event(kind, number, make_entry(s, data.draw(st.sampled_from(ENTRIES))))
        try:
            expected = replay(s, [*kept, event])
        except errors.RulesError as exc:
            with pytest.raises(errors.RulesError) as caught:
                advance(state, event)
            assert (type(caught.value), caught.value.fields) == (type(exc), exc.fields)
            continue
        assert advance(state, event) == expected
        kept.append(event)
        state = expected
