"""The shared placement vectors (tests/vectors/placement/) are what the Python engine answers.

The same files are checked against the browser's engine by ``tests/js/engine.test.mjs``, so
the two engines cannot drift apart. Regenerate them after a deliberate engine change with
``.venv/bin/python tests/vectors/make_placement_vectors.py`` and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import refusal

from scorekeeper.check.request import answer, parse
from scorekeeper.engine import RulesError
from scorekeeper.web.errors import refusal_fields
from tests.vectors import make_placement_vectors as generator

HERE = Path(__file__).resolve().parent
VECTORS = HERE / "vectors" / "placement"
GENERATOR = HERE / "vectors" / "make_placement_vectors.py"
VARIANTS = ("basic", "professional", "double", "nifty", "hand")
#: The booklet's table (4 rows, the 6th card takes a row) in the first six files; the
#: postscript's shapes (3 to 5 rows, takes_at 5 to 7) in the shapes-* files.
FILES = (*VARIANTS, "refusals", *(f"shapes-{v}" for v in VARIANTS), "shapes-refusals")
SHAPES = {(rows, takes_at) for rows in (3, 4, 5) for takes_at in (5, 6, 7)}


def load(name: str) -> list[dict[str, Any]]:
    return json.loads((VECTORS / f"{name}.json").read_text(encoding="utf-8"))


def api(request: Any) -> dict[str, Any]:
    """What ``POST /api/v1/placement`` makes of ``request``: the functions its view calls."""
    try:
        result = answer(parse(json.loads(json.dumps(request))))
    except RulesError as error:
        return {"error": error.code, "fields": json.loads(json.dumps(refusal_fields(error)))}
    return {"answer": json.loads(json.dumps(result))}


def expected(case: dict[str, Any]) -> dict[str, Any]:
    return {key: case[key] for key in ("answer", "error", "fields") if key in case}


@pytest.mark.parametrize("name", FILES)
def test_every_vector_is_what_the_engine_answers(name):
    wrong = [(i, case["request"]) for i, case in enumerate(load(name))
             if api(case["request"]) != expected(case)]
    assert not wrong, f"{len(wrong)} cases differ, the first: {wrong[:3]}"


def test_the_vectors_are_many_and_cover_every_refusal():
    cases = {name: load(name) for name in FILES}
    assert sum(map(len, cases.values())) >= 3000
    assert sum((VECTORS / f"{name}.json").stat().st_size for name in FILES) < 4_000_000
    refusals = {case["error"] for name in ("refusals", "shapes-refusals")
                for case in cases[name] if "error" in case}
    assert refusals >= {"BadTakesAt",
        "BadShape", "UnknownVariant", "NotACard", "CardOutOfRange", "WrongRowCount",
        "EmptyRow", "RowTooLong", "RowNotAscending", "CardTooOften", "NoPlays",
        "TooManyPlayers", "MissingPlayer", "PlayerNameTooLong", "MissingCard",
        "WrongCardCount", "PlayerRepeated", "UnknownPlayerChoice", "BadRowChoice",
        "BadPlaceChoice",
    }


def shape(request: dict[str, Any]) -> tuple[int, Any]:
    return len(request["rows"]), request.get("takes_at", 6)


def test_every_variant_is_answered_in_every_shape():
    for variant in VARIANTS:
        cases = [case for case in load(f"shapes-{variant}") if "answer" in case]
        by_shape: dict[tuple[int, Any], int] = {}
        for case in cases:
            by_shape[shape(case["request"])] = by_shape.get(shape(case["request"]), 0) + 1
        assert set(by_shape) == SHAPES, variant
        assert min(by_shape.values()) >= 14, (variant, by_shape)
        for case in cases:  # rule 3 takes exactly t − 1 positions, rows keep at most t − 1
            rows, takes_at = shape(case["request"])
            outcomes = [case["answer"], *case["answer"].get("tie_outcomes", [])]
            for out in outcomes:
                assert len(out["rows"]) == rows
                assert all(len(set(row)) <= takes_at - 1 for row in out["rows"])
                for step in out["steps"]:
                    if step["rule"] == 3:
                        assert len(set(step["taken"])) == takes_at - 1
        # Rule 3 is met in every shape.
        assert {shape(c["request"]) for c in cases
                if any(s["rule"] == 3 for s in c["answer"]["steps"])} == SHAPES, variant


def test_the_shapes_refusals_cover_both_bounds_of_both_numbers():
    cases = load("shapes-refusals")
    counts = {len(c["request"]["rows"]) for c in cases if c.get("error") == "WrongRowCount"
              and isinstance(c["request"].get("rows"), list)}
    assert {0, 1, 2, 6} <= counts
    takes = [c["request"]["takes_at"] for c in cases if c.get("error") == "BadTakesAt"]
    for value in (4, 8, "6", True, 6.5, None):
        assert any(type(t) is type(value) and t == value for t in takes), value
    too_long = {shape(c["request"])[1] for c in cases if c.get("error") == "RowTooLong"}
    assert too_long >= {5, 6, 7}


def test_the_generator_writes_exactly_the_committed_files():
    files = generator.cases_by_file()
    assert tuple(files) == FILES
    assert sorted(path.name for path in VECTORS.glob("*.json")) == sorted(
        f"{name}.json" for name in FILES)
    for name, cases in files.items():
        committed = (VECTORS / f"{name}.json").read_text(encoding="utf-8")
        script = GENERATOR.relative_to(HERE.parent)
        assert generator.render(cases) == committed, (
            f"{name}.json is out of date: run .venv/bin/python {script}")


def test_the_api_view_answers_a_sample_of_the_vectors_alike(client):
    for name in FILES:
        for case in load(name)[::40]:
            response = client.post("/api/v1/placement", data=json.dumps(case["request"]),
                                   content_type="application/json")
            if "error" in case:
                assert response.status_code == 400, case
                assert response.get_json()["code"] == case["error"], case
                assert response.get_json()["fields"] == case["fields"], case
                assert refusal(response)
            else:
                assert response.status_code == 200, case
                # The same keys in the same order, not just equal objects.
                assert json.dumps(response.get_json()) == json.dumps(case["answer"])


# -- the booklets' examples, worked by hand ----------------------------------------------

def four(*cards: int) -> list[dict[str, Any]]:
    """Plays of the players A, B, C and D, in that order."""
    return [{"player": p, "card": c} for p, c in zip("ABCD", cards, strict=True)]


def step(player, card, row, rule, taken=(), bullheads=0, side="right", **extra):
    return {"player": player, "card": card, "row": row, "side": side, "rule": rule,
            "taken": list(taken), "bullheads": bullheads, **extra}


def test_booklet_first_example_smallest_difference():
    # Ann's 14 is 2 above row 1's 12 (rule 2); Bob's 44 is 1 above row 3's 43.
    # Ann's row choice only applies under rule 4, so it changes nothing.
    assert api({"variant": "basic", "rows": [[12], [37], [43], [58]],
                "plays": [{"player": "Ann", "card": 14}, {"player": "Bob", "card": 44}],
                "take": {"Ann": 2}, "max_card": 104}) == {"answer": {
        "steps": [step("Ann", 14, 1, 2), step("Bob", 44, 3, 2)],
        "rows": [[12, 14], [37], [43, 44], [58]],
        "bullheads": {"Ann": 0, "Bob": 0},
    }}


def test_booklet_sixth_card_takes_the_row():
    result = api({"rows": [[12, 14, 15], [37], [43, 44], [58, 61]],
                  "plays": four(21, 26, 30, 36)})
    # 12, 14, 21, 26 one bullhead each, 15 two: 6.
    assert result["answer"]["steps"][2] == step("C", 30, 1, 3, (12, 14, 15, 21, 26), 6)
    assert result["answer"]["rows"] == [[30, 36], [37], [43, 44], [58, 61]]
    assert result["answer"]["bullheads"] == {"A": 0, "B": 0, "C": 6, "D": 0}


def test_booklet_lowest_card_takes_the_cheapest_row():
    result = api({"rows": [[30, 36], [37], [43, 44], [58, 61]],
                  "plays": four(3, 9, 68, 83)})
    # Rows hold 3+1, 1, 1+5 and 1+1 bullheads: row 2 is the only cheapest.
    assert result["answer"]["steps"][0] == step(
        "A", 3, 2, 4, (37,), 1, alternatives=[], row_bullheads=[4, 1, 6, 2])
    assert result["answer"]["rows"] == [[30, 36], [3, 9], [43, 44], [58, 61, 68, 83]]


def test_professional_tie_shows_both_outcomes():
    result = api({"variant": "professional", "rows": [[10], [30], [50], [70]],
                  "plays": [{"player": "Ann", "card": 40}, {"player": "Bob", "card": 12}]})
    answer_ = result["answer"]
    assert answer_["tie"] == {"player": "Ann", "card": 40, "options": [
        {"row": 2, "side": "right"}, {"row": 3, "side": "left"}]}
    assert [(o["row"], o["side"], o["rows"]) for o in answer_["tie_outcomes"]] == [
        (2, "right", [[10, 12], [30, 40], [50], [70]]),
        (3, "left", [[10, 12], [30], [40, 50], [70]]),
    ]
    assert answer_["tie_outcomes"][1]["steps"][1] == step("Ann", 40, 3, 2, side="left")


def test_double_twins_share_a_full_row_half_each_rounded_up():
    result = api({"variant": "double", "rows": [[1, 2, 3, 4, 10], [30], [50], [70]],
                  "plays": [{"player": "A", "card": 12}, {"player": "B", "card": 12}]})
    # 1, 2, 3, 4 and 10 hold 7 bullheads: each player gets 4.
    assert result["answer"]["steps"] == [
        step("A", 12, 1, 3, (1, 2, 3, 4, 10), 4, shared_with="B"),
        step("B", 12, 1, 3, (1, 2, 3, 4, 10), 4, shared_with="A"),
    ]
    assert result["answer"]["rows"][0] == [12, 12]


def test_nifty_and_hand_order():
    nifty = api({"variant": "nifty", "rows": [[10], [20], [30], [40]],
                 "plays": [{"player": "A", "cards": [25, 12]}, {"player": "B", "cards": [11, 45]}]})
    assert [(s["player"], s["card"], s["row"]) for s in nifty["answer"]["steps"]] == [
        ("B", 11, 1), ("B", 45, 4), ("A", 25, 2), ("A", 12, 1)]
    hand = api({"variant": "hand", "rows": [[10], [20], [30], [40]],
                "plays": [{"player": "A", "card": 25}, {"player": "B", "card": 22}]})
    assert hand["answer"]["rows"] == [[10, 22], [20, 25], [30], [40]]


def test_five_nimmt_and_seven_nimmt():
    five = api({"rows": [[12, 14, 15, 20], [37], [43]], "takes_at": 5,
                "plays": [{"player": "Ann", "card": 21}]})
    assert five["answer"]["steps"] == [step("Ann", 21, 1, 3, (12, 14, 15, 20), 7)]
    assert five["answer"]["rows"] == [[21], [37], [43]]
    seven = api({"rows": [[1, 2, 3, 4, 5], [37], [43], [58], [90]], "takes_at": 7,
                 "plays": [{"player": "Ann", "card": 6}, {"player": "Bob", "card": 7}]})
    assert seven["answer"]["steps"] == [
        step("Ann", 6, 1, 2), step("Bob", 7, 1, 3, (1, 2, 3, 4, 5, 6), 7)]


def test_shapes_refused():
    body = {"rows": [[1], [2], [3], [4]], "plays": [{"player": "Ann", "card": 14}]}
    for takes_at in (4, 8, "6", True, 6.0, 6.5, None):
        assert api({**body, "takes_at": takes_at}) == {
            "error": "BadTakesAt", "fields": {"value": takes_at}}, takes_at
    for rows in ([[1], [2]], [[1], [2], [3], [4], [5], [6]]):
        assert api({**body, "rows": rows}) == {
            "error": "WrongRowCount", "fields": {"count": len(rows)}}
    assert api({**body, "rows": [[1, 2, 3, 4, 5], [9], [10]], "takes_at": 5}) == {
        "error": "RowTooLong", "fields": {"row": 1, "length": 5, "limit": 4}}
    assert "answer" in api({**body, "rows": [[1, 2, 3, 4, 5, 6], [9], [10]], "takes_at": 7})


def test_refusals_name_the_error_class():
    assert api({"rows": [[12], [37], [43], [58, 40]],
                "plays": [{"player": "Ann", "card": 14}]}) == {
        "error": "RowNotAscending", "fields": {"row": 4, "card": 40, "previous": 58}}
    assert api({"rows": [[12], [37], [43], [58]], "plays": "Ann"}) == {
        "error": "BadShape", "fields": {"field": "plays", "expected": "list"}}
    assert api({"rows": [[12], [37], [43], [58]],
                "plays": [{"player": "Ann", "card": True}]}) == {
        "error": "NotACard", "fields": {"value": True, "where": "Ann"}}
