"""The committed deal vectors are what the engine scores now (``tests/js/deal.test.mjs``,
run by ``make test`` beside pytest, holds engine/deal.js to the same file).

``tests/vectors/deals.json`` is regenerated in memory here: a changed scoring rule makes
this test fail until the file is written again (and the diff shows which deals moved),
and then the Node test shows whether ``static/js/engine/deal.js`` followed: the scores, the
bounds of a deal in every shape and deck, and the end of a game.
"""

from __future__ import annotations

import json

import pytest

from scorekeeper.engine.deal import make_entry, score_deal
from scorekeeper.engine.settings import make_settings
from tests.vectors import make_deal_vectors as vectors


def test_committed_file_is_what_the_engine_gives_now():
    expected = vectors.render(vectors.document())
    assert vectors.PATH.read_text(encoding="utf-8") == expected, (
        "the scoring changed: run .venv/bin/python tests/vectors/make_deal_vectors.py")


def test_generating_twice_gives_the_same_cases():
    assert vectors.document() == vectors.document()


def scores(players, virgin=False, variant="basic", **entered):
    settings = make_settings(players, virgin_doubling=virgin, variant=variant)
    return score_deal(settings, make_entry(settings, **entered))


@pytest.mark.parametrize(("entered", "virgin", "variant", "expected"), [
    # Three players take at least 14 in a deal (34 cards in play, at most 20 stay).
    ({"bullheads": {"A": 0, "B": 14, "C": 6}}, True, "basic", {"A": 0, "B": 28, "C": 12}),
    ({"bullheads": {"A": 0, "B": 14, "C": 6}}, False, "basic", {"A": 0, "B": 14, "C": 6}),
    ({"bullheads": {"A": 4, "B": 5, "C": 6}}, True, "basic", {"A": 4, "B": 5, "C": 6}),
    # The hand counts double, and cards kept in the hand make no virgin.
    ({"bullheads": {"A": 0, "B": 3, "C": 0}, "hand": {"A": 2, "B": 1, "C": 0}}, True, "hand",
     {"A": 8, "B": 10, "C": 0}),
    ({"cards": {"A": [55, 11], "B": [], "C": [10]}}, True, "basic", {"A": 24, "B": 0, "C": 6}),
])
def test_cases_checked_by_hand(entered, virgin, variant, expected):
    assert scores(["A", "B", "C"], virgin, variant, **entered) == expected


def test_the_file_holds_the_cases_checked_by_hand():
    document = json.loads(vectors.PATH.read_text(encoding="utf-8"))
    cases = document["cases"]
    first = cases[0]
    assert first["players"] == ["A", "B", "C"] and first["virgin_doubling"] is True
    assert first["entered"] == {"bullheads": {"A": 0, "B": 14, "C": 6}}
    assert first["scores"] == {"A": 0, "B": 28, "C": 12}
    assert first["bounds"] == {"lower": 14, "upper": 167}
    zero = cases[4]
    assert zero["error"] == "DealUnderBound" and zero["fields"] == {
        "total": 0, "bound": 14, "players": 3, "cards": 34, "kept": 20}
    assert {len(c["players"]) for c in cases} == set(range(2, 11))
    # Each bound just inside and just outside, in every shape of every deck.
    shapes = {(c["variant"], c["rows"], c["takes_at"]) for c in cases}
    assert shapes >= {(v, r, t) for v in ("basic", "double", "hand") for r in (3, 4, 5)
                      for t in (5, 6, 7)}
    assert {(c["variant"], c["rows"]) for c in cases if c["variant"] == "tactics"} == {
        ("tactics", 3), ("tactics", 4)}  # 5 rows: 10·n + 5 cards from 10·n + 4
    errors = {c.get("error") for c in cases}
    assert errors == {None, "DealOverBound", "DealUnderBound"}
    for c in cases:  # every scored deal lies within its bounds
        if "error" not in c:
            total = sum(c["bullheads"].values()) + sum((c["entered"].get("hand") or {}).values())
            assert c["bounds"]["lower"] <= total <= c["bounds"]["upper"]
    assert {c["error"] for c in document["settings"] if "error" in c} == {"DeckTooSmall"}
    # The start form's refusals, each with the fields the engine gives it.
    starts = {c["error"]: c["fields"] for c in document["starts"] if "error" in c}
    assert set(starts) == {"PlayerCount", "DuplicatePlayer", "BadPlayerName", "BadThreshold",
                           "BadFixedDeals", "UnknownGameVariant", "BadRowCount", "BadTakesAt",
                           "BadHandSize", "DeckTooSmall"}
    assert starts["DuplicatePlayer"] == {"player": "STRASSE"}
    games = document["games"]
    assert [g["finished"] for g in games].count(True) >= 5
    assert any(g["fixed_deals"] for g in games) and any(g["threshold"] == 67 for g in games)


@pytest.mark.parametrize(("players", "variant", "shape", "lower", "upper"), [
    (4, "basic", {}, 24, 167),
    (3, "basic", {}, 14, 167),
    (2, "basic", {}, 4, 167),
    (4, "double", {}, 4, 338),  # 44 − 2 · 4 · 5
    (4, "tactics", {}, 24, 68),
    (4, "hand", {}, 0, 167),
    (5, "basic", {"rows": 3, "takes_at": 5}, 41, 168),  # 53 − 12
    (5, "basic", {"rows": 5, "takes_at": 7, "hand_size": 12}, 35, 166),  # 65 − 30
])
def test_bounds_checked_by_hand(players, variant, shape, lower, upper):
    settings = make_settings(list(vectors.NAMES[:players]), variant=variant, **shape)
    assert (settings.lower_bound, settings.bound) == (lower, upper)
