"""The committed deal vectors are what the engine scores now, and deal.js agrees with them.

``tests/vectors/deals.json`` is regenerated in memory here: a changed scoring rule makes
this test fail until the file is written again (and the diff shows which deals moved),
and then the Node test shows whether ``static/js/deal.js`` followed.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from scorekeeper.engine import scoring as sc

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location(
    "make_deal_vectors", ROOT / "tests" / "vectors" / "make_deal_vectors.py")
assert _spec and _spec.loader
vectors = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(vectors)


def test_committed_file_is_what_the_engine_gives_now():
    expected = vectors.render(vectors.cases())
    assert vectors.PATH.read_text(encoding="utf-8") == expected, (
        "the scoring changed: run .venv/bin/python tests/vectors/make_deal_vectors.py")


def test_generating_twice_gives_the_same_cases():
    assert vectors.cases() == vectors.cases()


def scores(players, virgin=False, variant="basic", **entered):
    settings = sc.make_settings(players, virgin_doubling=virgin, variant=variant)
    return sc.score_deal(settings, sc.make_entry(settings, **entered))


@pytest.mark.parametrize(("entered", "virgin", "variant", "expected"), [
    ({"bullheads": {"A": 0, "B": 3, "C": 0}}, True, "basic", {"A": 0, "B": 6, "C": 0}),
    ({"bullheads": {"A": 0, "B": 3, "C": 0}}, False, "basic", {"A": 0, "B": 3, "C": 0}),
    ({"bullheads": {"A": 1, "B": 3, "C": 2}}, True, "basic", {"A": 1, "B": 3, "C": 2}),
    # The hand counts double, and cards kept in the hand make no virgin.
    ({"bullheads": {"A": 0, "B": 3, "C": 0}, "hand": {"A": 2, "B": 1, "C": 0}}, True, "hand",
     {"A": 8, "B": 10, "C": 0}),
    ({"cards": {"A": [55, 11], "B": [], "C": [10]}}, True, "basic", {"A": 24, "B": 0, "C": 6}),
])
def test_cases_checked_by_hand(entered, virgin, variant, expected):
    assert scores(["A", "B", "C"], virgin, variant, **entered) == expected


def test_the_file_holds_the_cases_checked_by_hand():
    cases = json.loads(vectors.PATH.read_text(encoding="utf-8"))["cases"]
    first = cases[0]
    assert first["players"] == ["A", "B", "C"] and first["virgin_doubling"] is True
    assert first["entered"] == {"bullheads": {"A": 0, "B": 3, "C": 0}}
    assert first["scores"] == {"A": 0, "B": 6, "C": 0}
    assert {len(c["players"]) for c in cases} == set(range(2, 11))


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_deal_js_scores_every_case_like_the_engine():
    run = subprocess.run(["node", "--test", str(ROOT / "tests" / "js" / "deal.test.mjs")],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
