"""The series' rules in the engine, from examples worked by hand, and the game's end moment
the ratings are ordered by."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.deal import make_entry
from scorekeeper.engine.game import EventKind
from scorekeeper.engine.series import (
    Rating,
    event_points,
    merged,
    places,
    rate,
    rate_on,
    series_standings,
)
from scorekeeper.engine.settings import make_settings
from scorekeeper.games import store
from scorekeeper.web.db import get_db


def test_merges_follow_chains_and_skip_a_merge_into_itself():
    assert merged([("a", "b"), ("b", "c")]) == {"a": "c", "b": "c"}
    assert merged([("b", "c"), ("a", "b")]) == {"b": "c", "a": "c"}
    assert merged([("a", "b"), ("b", "a")]) == {"a": "b"}  # b into a is a into itself


def test_places_share_the_better_place():
    assert places({"a": 0, "b": 0, "c": 5, "d": 5, "e": 9}) == {
        "a": 1, "b": 1, "c": 3, "d": 3, "e": 5}


def test_event_points_are_placement_points_added_up():
    # A table of 5 with three tied first: (7 + 5 + 4) / 3 = 16/3 each, then 2 and 1.
    # A table of 4 with two tied last: (3 + 1) / 2 = 2 each.
    games = [{"a": 3, "b": 3, "c": 3, "d": 10, "e": 20},
             {"a": 0, "b": 5, "c": 9, "d": 9}]
    assert event_points(games) == {"a": Fraction(16, 3) + 7, "b": Fraction(16, 3) + 5,
                                   "c": Fraction(16, 3) + 2, "d": 2 + 2, "e": 1}


def test_two_players_move_by_the_same_amount_and_a_tie_moves_nobody():
    ratings, history = rate([{"a": 0, "b": 30}], [0])
    assert ratings["a"].mu > 25 > ratings["b"].mu
    assert ratings["a"].mu + ratings["b"].mu == pytest.approx(50)
    assert ratings["a"].sigma == ratings["b"].sigma < 25 / 3
    tied, _ = rate([{"a": 7, "b": 7}], [0])
    assert tied["a"].mu == pytest.approx(25) and tied["b"].mu == pytest.approx(25)
    assert tied["a"].sigma < 25 / 3
    assert history == {"a": [(0, ratings["a"])], "b": [(0, ratings["b"])]}


def test_history_keeps_the_rating_after_each_event_played():
    games = [{"a": 0, "b": 9}, {"a": 0, "b": 9}, {"a": 0, "c": 9}]
    ratings, history = rate(games, [0, 0, 2])
    assert [event for event, _r in history["a"]] == [0, 2]
    assert [event for event, _r in history["b"]] == [0]
    assert history["a"][-1][1] == ratings["a"]
    after_first, _ = rate(games[:2], [0, 0])
    assert history["a"][0][1] == after_first["a"]


def test_best_events_and_the_order():
    ratings = {"a": Rating(30, 2), "b": Rating(30, 2), "c": Rating(40, 1)}
    events = [{"a": Fraction(7), "b": Fraction(1), "c": Fraction(3)},
              {"a": Fraction(2), "b": Fraction(7), "c": Fraction(3)},
              {"a": Fraction(2), "b": Fraction(2), "c": Fraction(3)}]
    everything = series_standings(events, None, ratings)
    assert [(r.player, r.points) for r in everything] == [("a", 11), ("b", 10), ("c", 9)]
    best_two = series_standings(events, 2, ratings)
    # a: 7 + 2 (the earlier of the equal 2s), b: 7 + 2, c: 3 + 3; a and b equal in
    # points and rating share first place.
    assert [(r.rank, r.player, r.points, r.counted) for r in best_two] == [
        (1, "a", 9, (0, 1)), (1, "b", 9, (1, 2)), (3, "c", 6, (0, 1))]
    assert [r.events for r in best_two] == [3, 3, 3]
    # Equal points: the higher ordinal first.
    tie = series_standings([{"a": Fraction(5), "c": Fraction(5)}], None, ratings)
    assert [r.player for r in tie] == ["c", "a"] and [r.rank for r in tie] == [1, 2]


def test_a_game_keeps_the_moment_it_ended(app):
    with app.app_context():
        db = get_db()
        settings = make_settings(["Ann", "Bob"], 20, None, False)
        token = store.create_game(db, settings)

        def ended():
            return db.execute("SELECT ended_at FROM games WHERE token = ?",
                              (token,)).fetchone()[0]

        store.write_deal(db, token, EventKind.DEAL, 1, make_entry(settings, {"Ann": 5,
                                                                              "Bob": 10}), None)
        assert ended() is None
        store.write_deal(db, token, EventKind.DEAL, 2, make_entry(settings, {"Ann": 20,
                                                                              "Bob": 0}), None)
        first = ended()
        assert first is not None
        db.execute("UPDATE games SET ended_at = '2000-01-01T00:00:00Z' WHERE token = ?",
                   (token,))
        # A correction that leaves the game ended keeps its end.
        store.write_deal(db, token, EventKind.CORRECTION, 2,
                         make_entry(settings, {"Ann": 25, "Bob": 0}), None)
        assert ended() == "2000-01-01T00:00:00Z"
        # One that re-opens it clears it.
        store.write_deal(db, token, EventKind.CORRECTION, 2,
                         make_entry(settings, {"Ann": 4, "Bob": 0}), None)
        assert ended() is None


FEW = ["a", "b", "c", "d", "e", "f"]
game_lists = st.lists(st.tuples(
    st.dictionaries(st.sampled_from(FEW), st.integers(0, 12), min_size=2, max_size=5),
    st.integers(0, 4)), max_size=40)


@settings(max_examples=150, deadline=None)
@given(first=game_lists, same=st.integers(0, 40), then=game_lists, every=st.integers(1, 7))
def test_a_run_gone_on_from_another_equals_rating_every_game(first, same, then, every):
    """A list that keeps the first ``same`` games of another and then goes its own way
    (a correction, a game inserted or dropped, games added at the end): rated on from the
    other's run, every rating and every history line equals rating it all, to the last
    bit, and only the games from the last mark before the change are rated again; and
    back again."""
    second = first[:same] + then
    before = rate_on([g for g, _e in first], [e for _g, e in first], None, every)
    run = rate_on([g for g, _e in second], [e for _g, e in second], before, every)
    assert (run.ratings, run.history) == rate([g for g, _e in second], [e for _g, e in second])
    shared = 0
    while shared < min(len(first), len(second)) and (
            list(first[shared][0].items()), first[shared][1]) == (
            list(second[shared][0].items()), second[shared][1]):
        shared += 1
    assert run.rated == len(second) - shared // every * every
    back = rate_on([g for g, _e in first], [e for _g, e in first], run, every)
    assert (back.ratings, back.history) == (before.ratings, before.history)
