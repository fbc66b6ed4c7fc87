"""``make soak`` in short: a few phones, a few seconds, one SIGKILL of a real server."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.engine.settings import make_settings

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))
import soak  # noqa: E402  (a script of benchmarks/, not a package)


def test_a_short_soak_with_one_kill_loses_and_doubles_nothing():
    run = subprocess.run(
        [sys.executable, str(BENCHMARKS / "soak.py"), "--clients", "4", "--seconds", "4",
         "--kills", "1"], capture_output=True, text=True, timeout=180)
    assert run.returncode == 0, run.stdout + run.stderr
    out = run.stdout
    assert re.search(r"1 SIGKILL\(s\) with \[[1-9]\d*\] writes in flight", out), out
    assert re.search(r"5xx: 0,", out), out
    deals = int(re.search(r"verified: \d+ games, (\d+) acknowledged deals", out).group(1))
    assert deals > 10, out
    assert out.rstrip().endswith("OK")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_soak_sends_deals_the_rules_allow(players):
    names = [f"P{i}" for i in range(players)]
    assert soak.LOWER_BOUND[players] == make_settings(names).lower_bound
    rng = random.Random(players)
    for _ in range(200):
        deal = soak.random_deal(rng, names)
        assert set(deal) == set(names) and min(deal.values()) >= 0
        assert soak.LOWER_BOUND[players] <= sum(deal.values()) <= 167


def stored(game: soak.Game, deals: list[dict], totals: dict, finished: bool) -> dict:
    return {"id": game.id, "deals": [{"number": n, "bullheads": d}
                                     for n, d in enumerate(deals, start=1)],
            "totals": totals, "finished": finished}


def test_the_check_finds_a_lost_a_doubled_and_a_changed_deal():
    game = soak.Game("g1", "c1", ["Ann", "Bob"], [{"Ann": 30, "Bob": 4}, {"Ann": 36, "Bob": 0}])
    right = stored(game, game.deals, {"Ann": 66, "Bob": 4}, True)
    assert soak.check_game(game, right) == []
    lost = stored(game, game.deals[:1], {"Ann": 30, "Bob": 4}, False)
    assert any("deals [1], acknowledged 2" in p for p in soak.check_game(game, lost))
    doubled = stored(game, [*game.deals, game.deals[1]], {"Ann": 102, "Bob": 4}, True)
    assert any("deals [1, 2, 3]" in p for p in soak.check_game(game, doubled))
    changed = stored(game, [game.deals[0], {"Ann": 35, "Bob": 1}], {"Ann": 65, "Bob": 5}, False)
    problems = soak.check_game(game, changed)
    assert any("deal 2: stored" in p for p in problems)
    assert any("totals" in p for p in problems) and any("finished" in p for p in problems)
