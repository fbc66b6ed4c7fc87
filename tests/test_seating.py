"""Seating a club event (docs/rules.md, Club events; issue 12): table sizes, the draw, later rounds.

The later rounds are checked against a plain reference written here: brute force over
every seating for small events, and a memoised search without any pruning for the
question "does a seating without repeats exist?" up to 23 players.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.errors import EventPlayerCount, NameRepeated
from scorekeeper.engine.seating import draw_round, repeats, seat_round, table_sizes
from scorekeeper.engine.standings import standings


@pytest.mark.parametrize(("count", "sizes"), [
    (6, (3, 3)), (7, (4, 3)), (8, (4, 4)), (9, (4, 5)), (10, (5, 5)), (11, (4, 4, 3)),
    (12, (4, 4, 4)), (13, (4, 4, 5)), (14, (4, 5, 5)), (15, (5, 5, 5)),
    (16, (4, 4, 4, 4)), (19, (4, 5, 5, 5)), (200, (4,) * 50),
])
def test_table_sizes(count, sizes):
    assert table_sizes(count) == sizes


@pytest.mark.parametrize("count", range(6, 251))
def test_table_sizes_are_fours_then_fives(count):
    sizes = table_sizes(count)
    assert sum(sizes) == count
    if count in (6, 7, 11):
        assert sizes.count(3) >= 1 and set(sizes) <= {3, 4}
    else:
        assert list(sizes) == sorted(sizes) and set(sizes) <= {4, 5}
        assert sizes.count(5) < 4  # four tables of 5 would seat as five tables of 4


@pytest.mark.parametrize("count", [-1, 0, 5, 251])
def test_table_sizes_refuse_counts_outside_6_to_250(count):
    """An ordinary event seats at most 200 (its start refuses more), a season's final
    250."""
    with pytest.raises(EventPlayerCount):
        table_sizes(count)


def _players(count):
    return [f"P{number:03}" for number in range(count)]


def _pairs(tables):
    return {frozenset(pair) for table in tables for pair in combinations(table, 2)}


def _check_seating(tables, players):
    assert sorted(player for table in tables for player in table) == sorted(players)
    assert sorted(len(table) for table in tables) == sorted(table_sizes(len(players)))


@settings(max_examples=40, deadline=None)
@given(st.integers(6, 200), st.integers(0, 2**63 - 1))
def test_draw_round_seats_everyone_once_repeatably(count, seed):
    players = _players(count)
    tables = draw_round(players, seed)
    _check_seating(tables, players)
    assert tuple(len(table) for table in tables) == table_sizes(count)
    assert draw_round(players, seed) == tables


def test_draw_round_depends_on_the_seed():
    players = _players(16)
    assert len({str(draw_round(players, seed)) for seed in range(10)}) == 10


def test_seating_refuses_bad_player_lists():
    with pytest.raises(NameRepeated):
        draw_round(["A", "B", "C", "D", "E", "A"], 1)
    with pytest.raises(NameRepeated):
        seat_round(["A", "B", "C", "D", "E", "A"], set(), 1, 2)
    with pytest.raises(EventPlayerCount):
        seat_round(["A", "B", "C", "D", "E"], set(), 1, 2)


def test_repeats_counts_pairs_that_met():
    met = {frozenset({"A", "B"}), frozenset({"C", "D"}), frozenset({"A", "E"})}
    assert repeats([["A", "B", "C", "D"], ["E", "F", "G"]], met) == 2


def test_without_history_the_standings_make_the_tables():
    players = _players(13)
    assert seat_round(players, set(), 4, 2) == [players[:4], players[4:8], players[8:]]


def test_a_pair_that_met_is_split_keeping_tables_close_to_the_standings():
    players = _players(8)
    tables = seat_round(players, {frozenset(players[:2])}, 4, 2)
    assert tables == [[players[0], *players[2:5]], [players[1], *players[5:]]]


def test_pairs_with_players_who_left_are_ignored():
    players = _players(8)
    met = {frozenset({"gone", players[1]}), frozenset({"gone", "also gone"})}
    assert seat_round(players, met, 4, 2) == [players[:4], players[4:]]


def _partitions(players, sizes):
    """Every seating of ``players`` at tables of ``sizes`` (a multiset), once each."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in sorted(set(sizes)):
        left = list(sizes)
        left.remove(size)
        for mates in combinations(rest, size - 1):
            others = [player for player in rest if player not in mates]
            for seating in _partitions(others, left):
                yield [[first, *mates], *seating]


@settings(max_examples=120, deadline=None)
@given(st.integers(6, 10).flatmap(lambda count: st.tuples(
    st.permutations(_players(count)),
    st.sets(st.sampled_from([frozenset(pair) for pair in combinations(_players(count), 2)]),
            max_size=3 * count),
    st.integers(0, 1000))))
def test_seat_round_against_brute_force(case):
    """Every player once, the right sizes, the same answer twice, and the fewest repeats
    any seating has (zero whenever a seating without repeats exists)."""
    ranked, met, seed = case
    tables = seat_round(ranked, met, seed, 2)
    _check_seating(tables, ranked)
    assert seat_round(ranked, met, seed, 2) == tables
    fewest = min(repeats(seating, met)
                 for seating in _partitions(ranked, table_sizes(len(ranked))))
    assert repeats(tables, met) == fewest


def _no_repeat_possible(players, met, sizes):
    """The reference: is there a seating without repeats? A memoised search over
    the players still to seat, with no pruning beyond "these two met"."""
    @cache
    def possible(left, sizes):
        if not left:
            return True
        first, rest = left[0], left[1:]
        for size in set(sizes):
            fewer = list(sizes)
            fewer.remove(size)
            for mates in combinations(rest, size - 1):
                group = (first, *mates)
                if any(frozenset(pair) in met for pair in combinations(group, 2)):
                    continue
                if possible(tuple(p for p in rest if p not in mates), tuple(sorted(fewer))):
                    return True
        return False

    return possible(tuple(players), tuple(sorted(sizes)))


def _play_event(count, rounds, seed):
    """An event seated round by round from standings of random game results; yields each
    round's tables, the pairs met before it and the standings it was seated by."""
    players = _players(count)
    results = random.Random(seed)
    games, met = [], set()
    tables = draw_round(players, seed)
    yield tables, set(), players
    for number in range(2, rounds + 1):
        met |= _pairs(tables)
        games += [{player: results.randint(0, 70) for player in table} for table in tables]
        ranked = [row.player for row in standings(players, games, seed)]
        tables = seat_round(ranked, met, seed, number)
        _check_seating(tables, players)
        yield tables, set(met), ranked


@pytest.mark.parametrize("seed", range(4))
def test_sixteen_players_three_rounds_never_meet_twice(seed):
    for tables, met, _ in _play_event(16, 3, seed):
        assert [len(table) for table in tables] == [4, 4, 4, 4]
        assert repeats(tables, met) == 0


@pytest.mark.parametrize("count", range(24, 41))
def test_24_to_40_players_four_rounds_never_meet_twice(count):
    for seed in range(2):
        for tables, met, _ in _play_event(count, 4, seed):
            assert repeats(tables, met) == 0


@pytest.mark.parametrize("count", range(12, 24))
def test_12_to_23_players_four_rounds_repeat_only_when_they_must(count):
    """Below 24 players four rounds often cannot avoid a repeat: 12 players at three
    tables of 4 cannot even seat round 2 without one (four players from three tables of
    round 1), nor can a table of 5 when round 1 had only four tables (13 to 19 players)."""
    for tables, met, ranked in _play_event(count, 4, seed=count):
        if repeats(tables, met):
            assert not _no_repeat_possible(ranked, met, table_sizes(count))


def test_round_two_of_12_players_always_repeats():
    _, (tables, met, ranked) = _play_event(12, 2, seed=9)
    # each table of 4 draws from only three tables of round 1: one repeat at each, no more
    assert repeats(tables, met) == 3
    assert not _no_repeat_possible(ranked, met, table_sizes(12))


def test_late_arrivals_and_dropouts():
    players = _players(17)
    first = draw_round(players[:16], 2)
    met = _pairs(first)
    ranked = [player for player in players if player != players[3]]  # P003 left, P016 came
    tables = seat_round(ranked, met, 2, 2)
    _check_seating(tables, ranked)
    assert repeats(tables, met) == 0


def test_two_hundred_players_round_four():
    rounds = list(_play_event(200, 4, seed=1))
    for tables, met, _ in rounds:
        assert repeats(tables, met) == 0
    tables, _, ranked = rounds[-1]
    assert [len(table) for table in tables] == [4] * 50
    # like a Swiss system: the leader sits at table 1, the top 20 at the first 8 tables
    assert ranked[0] in tables[0]
    assert set(ranked[:20]) <= {player for table in tables[:8] for player in table}
