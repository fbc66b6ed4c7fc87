"""Write ``tests/vectors/deals.json``: deals scored by the Python engine, for the JavaScript.

The pages score a deal in the browser too (``static/js/deal.js``: the live preview and
the offline queue). Node checks that script against these cases, and pytest checks that
this file is still what the engine gives, so a rule changed on one side shows up as a
failing test or a diff on the other. Run after changing the scoring rules::

    .venv/bin/python tests/vectors/make_deal_vectors.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from scorekeeper.engine import scoring as sc

PATH = Path(__file__).with_name("deals.json")
NAMES = ("Ann", "Bob", "Cas", "Dirk", "Eva", "Finn", "Gülsen", "Hugo", "Ines", "Zoë")
SEED = 6  # any fixed number: the cases must come out the same on every run


def _case(players: list[str], variant: str, virgin: bool, **entered: object) -> dict:
    """One case: the settings, what was entered, the stack the engine counted, the scores."""
    settings = sc.make_settings(players, virgin_doubling=virgin, variant=variant)
    entry = sc.make_entry(settings, **entered)
    return {
        "players": list(settings.players),
        "variant": variant,
        "virgin_doubling": virgin,
        "entered": entered,
        "bullheads": entry.bullheads,
        "scores": sc.score_deal(settings, entry),
    }


def _by_hand() -> list[dict]:
    """Cases a reader can check in their head (the booklet's rules, CONTRACT.md §4)."""
    three = ["A", "B", "C"]
    return [
        _case(three, "basic", True, bullheads={"A": 0, "B": 3, "C": 0}),
        _case(three, "basic", False, bullheads={"A": 0, "B": 3, "C": 0}),
        _case(three, "basic", True, bullheads={"A": 1, "B": 3, "C": 2}),
        _case(three, "basic", True, bullheads={"A": 0, "B": 0, "C": 0}),
        # A stack of 0 with cards left in the hand is no virgin.
        _case(three, "hand", True, bullheads={"A": 0, "B": 3, "C": 0},
              hand={"A": 2, "B": 1, "C": 0}),
        _case(["Ann", "Bob"], "basic", True, cards={"Ann": [55, 11], "Bob": []}),
        _case(["Ann", "Bob"], "double", False, cards={"Ann": [55, 55], "Bob": [10]}),
    ]


def _counts(rng: random.Random, players: list[str], high: int) -> dict[str, int]:
    """Counts from 0 to ``high``, about one in four a 0 (a virgin, when doubling is on)."""
    return {n: 0 if rng.random() < 0.25 else rng.randint(1, high) for n in players}


def _drawn(rng: random.Random, players: list[str]) -> dict[str, list[int]]:
    """Distinct cards of one deck, 0 to 6 for each player (some take none)."""
    deck = rng.sample(range(1, 105), 6 * len(players))
    return {n: sorted(deck[6 * i:6 * i + rng.choice((0, 1, 2, 3, 6))])
            for i, n in enumerate(players)}


def _drawn_cases() -> list[dict]:
    """Every table size from 2 to 10, doubling on and off, Basic and Hand, counts and cards."""
    rng = random.Random(SEED)
    cases = []
    for size in range(sc.MIN_PLAYERS, sc.MAX_PLAYERS + 1):
        players = list(NAMES[:size])
        for virgin in (False, True):
            for variant in ("basic", "hand"):
                hand = _counts(rng, players, 3) if variant == "hand" else None
                extra = {} if hand is None else {"hand": hand}
                cases.append(_case(players, variant, virgin,
                                   bullheads=_counts(rng, players, 12), **extra))
                cases.append(_case(players, variant, virgin,
                                   cards=_drawn(rng, players), **extra))
    return cases


def cases() -> list[dict]:
    return _by_hand() + _drawn_cases()


def render(all_cases: list[dict]) -> str:
    """The file's text: stable key order and indent, so a regenerated file diffs cleanly."""
    document = {
        "about": "Deals scored by scorekeeper.engine.scoring; written by "
                 "tests/vectors/make_deal_vectors.py. Do not edit by hand.",
        "cases": all_cases,
    }
    return json.dumps(document, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def main() -> None:
    PATH.write_text(render(cases()), encoding="utf-8")
    print(f"wrote {len(cases())} cases to {PATH}")


if __name__ == "__main__":
    main()
