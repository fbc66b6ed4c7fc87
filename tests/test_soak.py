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


def test_a_short_soak_with_one_kill_after_a_stored_deal_loses_and_doubles_nothing():
    run = subprocess.run(
        [sys.executable, str(BENCHMARKS / "soak.py"), "--clients", "4", "--seconds", "8",
         "--kills", "1"], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    out = run.stdout
    assert re.search(r"2 pairs sharing a game", out), out
    assert re.search(r"1 SIGKILL\(s\) with \[\d+\] writes in flight, 1 of them between "
                     r"storing a deal and answering it", out), out
    assert re.search(r"5xx: 0,", out), out
    deals = int(re.search(r"verified: \d+ games, (\d+) acknowledged deals", out).group(1))
    assert deals > 5, out
    again = int(re.search(r"(\d+) deals stored by a killed server were acknowledged", out)
                .group(1))
    assert again >= 1 and "integrity_check ok" in out, out
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


def entry(kind, number, bullheads=None, acknowledged=True, client_id=None):
    return soak.Entry(kind, number, bullheads, client_id or f"{kind}-{number}", acknowledged)


def logged(*entries) -> list[dict]:
    """The log the server writes for these entries."""
    return [{"kind": e.kind, "number": e.number, "bullheads": e.bullheads or {},
             "client_id": e.client_id, "created_at": "2026-11-27T20:00:00Z"} for e in entries]


def stored(deals: list[dict], totals: dict, finished: bool, version: int) -> dict:
    return {"deals": [{"number": n, "bullheads": d} for n, d in enumerate(deals, start=1)],
            "totals": totals, "finished": finished, "version": version}


FIRST, SECOND = {"Ann": 30, "Bob": 4}, {"Ann": 36, "Bob": 0}


def game(*entries) -> soak.Game:
    return soak.Game("g1", "c1", ["Ann", "Bob"], list(entries))


def test_the_check_passes_a_game_stored_as_its_phones_were_told():
    one, two = entry("deal", 1, FIRST), entry("deal", 2, SECOND)
    undo, back = entry("withdrawal", 2), entry("restore", 2)
    fixed = entry("correction", 1, {"Ann": 20, "Bob": 4})
    refused = entry("deal", 3, {"Ann": 1, "Bob": 3}, acknowledged=False)
    right = game(one, two, undo, back, fixed, refused)
    log = logged(one, two, undo, back, fixed)
    assert soak.check_game(right, log, stored(
        [{"Ann": 20, "Bob": 4}, SECOND], {"Ann": 56, "Bob": 4}, False, 5)) == []


def test_the_check_finds_a_lost_a_doubled_and_a_changed_entry():
    one, two = entry("deal", 1, FIRST), entry("deal", 2, SECOND)
    right = stored([FIRST, SECOND], {"Ann": 66, "Bob": 4}, True, 2)
    assert soak.check_game(game(one, two), logged(one, two), right) == []
    lost = soak.check_game(game(one, two), logged(one), stored(
        [FIRST], {"Ann": 30, "Bob": 4}, False, 1))
    assert any("acknowledged deal 2 stored 0 time(s)" in p for p in lost)
    doubled = soak.check_game(game(one, two), logged(one, two, two), right)
    assert any("acknowledged deal 2 stored 2 time(s)" in p for p in doubled)
    other = soak.Entry("deal", 2, {"Ann": 35, "Bob": 1}, two.client_id)
    changed = soak.check_game(game(one, two), logged(one, other), stored(
        [FIRST, other.bullheads], {"Ann": 65, "Bob": 5}, False, 2))
    assert any("deal 2: stored {'Ann': 35, 'Bob': 1}" in p for p in changed)


def test_the_check_finds_a_refused_an_unsent_entry_and_wrong_totals():
    one, two = entry("deal", 1, FIRST), entry("deal", 2, SECOND, acknowledged=False)
    problems = soak.check_game(game(one, two), logged(one, two), stored(
        [FIRST, SECOND], {"Ann": 66, "Bob": 4}, True, 2))
    assert any("refused deal 2 stored 1 time(s)" in p for p in problems)
    stranger = entry("correction", 1, {"Ann": 0, "Bob": 4}, client_id="nobody")
    problems = soak.check_game(game(one), logged(one, stranger), stored(
        [FIRST], {"Ann": 30, "Bob": 4}, False, 2))
    assert any("1 entries nobody sent" in p for p in problems)
    assert any("deals [{'number': 1" in p for p in problems)  # the log says Ann 0
    wrong = soak.check_game(game(one), logged(one), stored(
        [FIRST], {"Ann": 31, "Bob": 4}, True, 1))
    assert any("totals" in p for p in wrong) and any("finished" in p for p in wrong)
    restore = entry("restore", 1)
    broken = soak.check_game(game(one, restore), logged(one, restore), stored(
        [FIRST], {"Ann": 30, "Bob": 4}, False, 2))
    assert any("the log holds a restore 1 of a deal that is not there" in p for p in broken)
