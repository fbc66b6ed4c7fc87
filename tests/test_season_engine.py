"""A championship season's rules in the engine (``engine/season.py``, ``engine/names.py``
``plain_key``): qualifying once with places passed down, the ranking and its
tie-breaks, and names alike with and without marks. Worked examples checked by hand,
then properties on random seasons (hypothesis)."""

from __future__ import annotations

import unicodedata
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.names import name_key, plain_key
from scorekeeper.engine.season import (
    Qualifier,
    QualifyRule,
    from_sixtieths,
    qualify,
    rank_key,
    ranking,
    record,
    sixtieths,
)

# --- Worked examples ---


def placed(*numbers: int) -> tuple[tuple[int, int], ...]:
    return tuple((number, place) for place, number in enumerate(numbers, 1))


def test_a_winner_of_two_qualifiers_qualifies_once_and_the_place_passes_down():
    rule = QualifyRule(per_event=3, min_entrants=4)
    # Anna (1) wins both; at the second, her place goes to the 4th (Dirk, 4), since
    # the 2nd and 3rd there (Bob 2, Cas 3) have not qualified before either.
    first = Qualifier("a", placed(1, 2, 3, 5, 6))
    second = Qualifier("b", placed(1, 7, 8, 4, 9))
    found = qualify([first, second], rule)
    assert [(q.number, q.qualifier, q.place) for q in found] == [
        (1, "a", 1), (2, "a", 2), (3, "a", 3), (7, "b", 2), (8, "b", 3), (4, "b", 4)]


def test_places_pass_down_past_everyone_qualified_before():
    rule = QualifyRule(per_event=2, min_entrants=2)
    found = qualify([Qualifier("a", placed(1, 2, 3)), Qualifier("b", placed(2, 1, 3, 4))],
                    rule)
    assert [(q.number, q.qualifier, q.place) for q in found] == [
        (1, "a", 1), (2, "a", 2), (3, "b", 3), (4, "b", 4)]


def test_a_qualifier_under_the_minimum_gives_no_place():
    rule = QualifyRule(per_event=3, min_entrants=8)
    assert qualify([Qualifier("small", placed(*range(1, 8)))], rule) == []
    assert len(qualify([Qualifier("eight", placed(*range(1, 9)))], rule)) == 3


@pytest.mark.parametrize(("entrants", "places"), [(8, 1), (9, 2), (16, 2), (17, 3), (40, 5),
                                                  (7, 0)])
def test_one_place_per_so_many_entrants_rounded_up(entrants, places):
    assert QualifyRule(per_entrants=8, min_entrants=8).places(entrants) == places


def test_a_last_chance_qualifies_only_players_not_yet_qualified():
    rule = QualifyRule(per_event=1, min_entrants=2)
    found = qualify([Qualifier("q", placed(5, 6)), Qualifier("last", placed(5, 6, 7))], rule)
    assert [(q.number, q.qualifier) for q in found] == [(5, "q"), (6, "last")]


def test_the_ranking_counts_the_best_qualifiers_then_breaks_ties_in_order():
    rows = ranking([
        record(1, [Fraction(20), Fraction(10)], 2),            # 30 over 2 qualifiers
        record(2, [Fraction(30)], 2),                          # 30 over 1: fewer first
        record(3, [Fraction(15), Fraction(15)], 2),            # 30 over 2, best 15
        record(4, [Fraction(21), Fraction(9), Fraction(1)], 2),  # best 2 = 30, 3 played
        record(5, [Fraction(25), Fraction(5)], 2),             # 30 over 2, best 25
        record(6, [Fraction(25), Fraction(5)], 2),             # as 5: the number decides
    ])
    assert [(rank, row.number) for rank, row in rows] == [
        (1, 2), (2, 5), (3, 6), (4, 1), (5, 3), (6, 4)]
    assert rows[-1][1].points == 30 and rows[-1][1].events == 3


def test_without_best_every_qualifier_counts():
    assert record(1, [Fraction(3), Fraction(4), Fraction(5)], None).points == 12
    assert record(1, [Fraction(3), Fraction(4), Fraction(5)], 1).points == 5


def test_shared_places_stay_exact_in_sixtieths():
    value = Fraction(11, 3) + Fraction(9, 2)
    assert from_sixtieths(sixtieths(value)) == value
    with pytest.raises(ValueError):
        sixtieths(Fraction(1, 7))


@pytest.mark.parametrize(("one", "other"), [
    ("Søren", "Soren"), ("Łukasz", "Lukasz"), ("Müller", "Muller"), ("JOSÉ", "jose"),
    ("Đorđe", "Dorde"), ("Ærø", "Aero"), ("Straße", "STRASSE"), ("Iñaki", "Inaki"),
    ("Zoë", "Zoe"), ("Jose\u0301", "José"),
])
def test_names_with_and_without_marks_are_alike(one, other):
    assert plain_key(one) == plain_key(other)


@pytest.mark.parametrize(("one", "other"), [
    ("Müller", "Mueller"), ("Ann", "Anne"), ("Jan", "Jana"), ("Lea", "Léo"),
])
def test_different_names_stay_different(one, other):
    assert plain_key(one) != plain_key(other)


# --- Properties ---

numbers = st.integers(min_value=1, max_value=30)


@st.composite
def qualifiers(draw):
    """A season's qualifiers: each a few distinct season numbers in their final order."""
    count = draw(st.integers(min_value=0, max_value=8))
    found = []
    for index in range(count):
        players = draw(st.lists(numbers, unique=True, max_size=12))
        found.append(Qualifier(f"q{index}", placed(*players)))
    return found


rules = st.one_of(
    st.builds(QualifyRule, per_event=st.integers(1, 5), min_entrants=st.integers(0, 8)),
    st.builds(QualifyRule, per_event=st.none(), per_entrants=st.integers(1, 9),
              min_entrants=st.integers(0, 8)),
)


@settings(max_examples=300, deadline=None)
@given(qualifiers(), rules)
def test_qualifying_gives_each_qualifier_its_best_eligible_players_once(season, rule):
    found = qualify(season, rule)
    assert len({q.number for q in found}) == len(found), "a player qualified twice"
    before: set[int] = set()
    for qualifier in season:
        here = [q.number for q in found if q.qualifier == qualifier.key]
        eligible = [n for n, _place in qualifier.placed if n not in before]
        # exactly the best eligible players, as many as the places (or all of them)
        assert here == eligible[:rule.places(qualifier.entrants)]
        if qualifier.entrants < rule.min_entrants:
            assert here == []
        before.update(here)
    # in the order of the qualifiers
    order = {q.key: index for index, q in enumerate(season)}
    assert [order[q.qualifier] for q in found] == sorted(order[q.qualifier] for q in found)


@settings(max_examples=200, deadline=None)
@given(qualifiers(), rules)
def test_qualifying_later_qualifiers_never_changes_who_qualified_earlier(season, rule):
    for cut in range(len(season) + 1):
        early = qualify(season[:cut], rule)
        assert qualify(season, rule)[:len(early)] == early


points = st.builds(Fraction, st.integers(0, 400), st.sampled_from([1, 2, 3, 4, 5]))


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(numbers, st.lists(points, min_size=1, max_size=6), max_size=20),
       st.one_of(st.none(), st.integers(1, 6)), st.randoms())
def test_the_ranking_is_one_strict_order_whatever_the_input_order(results, best, rnd):
    records = [record(number, values, best) for number, values in results.items()]
    shuffled = list(records)
    rnd.shuffle(shuffled)
    rows = ranking(records)
    assert rows == ranking(shuffled)
    assert [rank for rank, _row in rows] == list(range(1, len(rows) + 1))
    keys = [rank_key(row) for _rank, row in rows]
    assert all(a < b for a, b in zip(keys, keys[1:], strict=False)), "ties must be broken"
    for _rank, row in rows:
        values = sorted(results[row.number], reverse=True)
        assert row.points == sum(values[:best] if best else values)
        assert row.best == values[0] and row.events == len(values)


@settings(max_examples=200, deadline=None)
@given(st.lists(points, min_size=1, max_size=6), points, st.one_of(st.none(), st.integers(1, 6)))
def test_one_more_qualifier_never_lowers_a_players_points(values, more, best):
    assert record(1, [*values, more], best).points >= record(1, values, best).points


#: Letters, marks and spaces. (Case is folded before marks come off: the Greek
#: ypogegrammeni, U+0345, is a mark that case folding makes a letter, ι.)
names = st.text(st.characters(codec="utf-8", categories=("Lu", "Ll", "Mn", "Zs")),
                min_size=1, max_size=20)


def without_marks(text: str) -> str:
    return unicodedata.normalize("NFC", "".join(
        c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c)))


@settings(max_examples=400, deadline=None)
@given(names)
def test_folding_takes_every_mark_off_and_keeps_what_names_already_share(name):
    assert plain_key(name) == plain_key(without_marks(name.casefold()))
    assert plain_key(plain_key(name)) == plain_key(name)
    assert plain_key(name.upper()) == plain_key(name.lower()) or (
        name_key(name.upper()) != name_key(name.lower()))
    assert not any(unicodedata.combining(c) for c in unicodedata.normalize(
        "NFD", plain_key(name)))


@settings(max_examples=200, deadline=None)
@given(names, names)
def test_names_equal_by_case_are_equal_folded(one, other):
    if name_key(one) == name_key(other):
        assert plain_key(one) == plain_key(other)
