"""Write ``tests/vectors/deals.json``: deals and games scored by the Python engine, for the
JavaScript.

The pages score a deal in the browser too (``static/js/deal.js``: the live preview, the
offline queue and games started without a connection). Node checks that script against
these cases, and pytest checks that this file is still what the engine gives, so a rule
changed on one side shows up as a failing test or a diff on the other. Run after changing
the scoring rules::

    .venv/bin/python tests/vectors/make_deal_vectors.py

The file holds:

- ``cases``: one deal each, with the game's settings (players, variant, Virgin doubling and
  the shape: ``rows``, ``takes_at``, ``hand_size``), what was entered, the deal's
  ``bounds`` (``lower``, ``upper``: docs/rules.md, The bounds of a deal), and either the
  stack the engine counted and the ``scores``, or the ``error`` (the engine's class name)
  and its fields.
  Hand-checked cases first, then each bound just inside and just outside in every shape
  and deck, then random legal deals for 2 to 10 players.
- ``settings``: shapes the deck cannot deal (``DeckTooSmall``) and some it just can.
- ``starts``: the start form as a phone without a connection reads it
  (``static/js/offline-rules.js`` ``checkSettings``): the fields as typed, and either the
  settings the engine makes of them or the refusal's ``error`` (its code) and ``fields``,
  read as the start page reads them (names trimmed, typed numbers as whole numbers where
  they are ones).
- ``games``: whole games, deal by deal: the running totals, the end (a total reaching the
  threshold, or a fixed number of deals), the winners and the leaders.
"""

from __future__ import annotations

import json
import random
from dataclasses import asdict
from pathlib import Path
from typing import Any

from scorekeeper.engine import errors
from scorekeeper.engine.deal import make_entry, score_deal
from scorekeeper.engine.game import Event, EventKind, replay
from scorekeeper.engine.limits import MAX_PLAYERS, MIN_PLAYERS
from scorekeeper.engine.settings import Settings, make_settings
from scorekeeper.web.fields import whole_number

PATH = Path(__file__).with_name("deals.json")
NAMES = ("Ann", "Bob", "Cas", "Dirk", "Eva", "Finn", "Gülsen", "Hugo", "Ines", "Zoë")
SEED = 6  # any fixed number: the cases must come out the same on every run
SHAPES = tuple((rows, takes_at) for rows in (3, 4, 5) for takes_at in (5, 6, 7))
GAME_VARIANTS = ("basic", "tactics", "double", "hand")


def _settings(players: list[str], variant: str = "basic", virgin: bool = False,
              shape: dict[str, int] | None = None, **end: Any) -> Settings:
    return make_settings(players, virgin_doubling=virgin, variant=variant,
                            **(shape or {}), **end)


def _case(players: list[str], variant: str, virgin: bool, shape: dict[str, int] | None = None,
          **entered: Any) -> dict[str, Any]:
    """One deal: the settings, what was entered, its bounds, then the stack the engine
    counted and the scores, or the refusal's class and fields."""
    settings = _settings(players, variant, virgin, shape)
    case: dict[str, Any] = {
        "players": list(settings.players),
        "variant": variant,
        "virgin_doubling": virgin,
        "rows": settings.rows,
        "takes_at": settings.takes_at,
        "hand_size": settings.hand_size,
        "entered": entered,
        "bounds": {"lower": settings.lower_bound, "upper": settings.bound},
    }
    try:
        entry = make_entry(settings, **entered)
    except (errors.DealOverBound, errors.DealUnderBound) as error:
        return {**case, "error": type(error).__name__, "fields": asdict(error)}
    return {**case, "bullheads": entry.bullheads, "scores": score_deal(settings, entry)}


def _by_hand() -> list[dict[str, Any]]:
    """Cases a reader can check in their head (the booklet's rules, docs/rules.md).

    Three players in the booklet's game must take at least 10·3 + 4 − 4·5 = 14 bullheads
    in a deal; two players at least 4.
    """
    three = ["A", "B", "C"]
    return [
        _case(three, "basic", True, bullheads={"A": 0, "B": 14, "C": 6}),
        _case(three, "basic", False, bullheads={"A": 0, "B": 14, "C": 6}),
        _case(three, "basic", True, bullheads={"A": 4, "B": 5, "C": 6}),
        _case(three, "basic", True, bullheads={"A": 0, "B": 0, "C": 14}),
        # Everyone at 0 is refused, but in Hand (taken cards may go to the hand).
        _case(three, "basic", True, bullheads={"A": 0, "B": 0, "C": 0}),
        _case(three, "hand", True, bullheads={"A": 0, "B": 0, "C": 0},
              hand={"A": 0, "B": 0, "C": 0}),
        # A stack of 0 with cards left in the hand is no virgin.
        _case(three, "hand", True, bullheads={"A": 0, "B": 3, "C": 0},
              hand={"A": 2, "B": 1, "C": 0}),
        _case(["Ann", "Bob"], "basic", True, cards={"Ann": [55, 11], "Bob": []}),
        _case(["Ann", "Bob"], "double", False, cards={"Ann": [55, 55], "Bob": [10]}),
        _case(["Ann", "Bob"], "basic", False, cards={"Ann": [1], "Bob": [2, 3]}),  # 3 < 4
    ]


def _split(rng: random.Random, players: list[str], total: int) -> dict[str, int]:
    """``total`` shared out among ``players``, about one in four at 0 (a virgin)."""
    zero = {name for name in players[1:] if rng.random() < 0.25}
    takers = [name for name in players if name not in zero]
    cuts = sorted(rng.randint(0, total) for _ in range(len(takers) - 1))
    parts = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
    shares = dict(zip(takers, parts, strict=True))
    return {name: shares.get(name, 0) for name in players}


def _bound_cases() -> list[dict[str, Any]]:
    """Each bound, just inside and just outside, in every shape, deck and hand size."""
    rng = random.Random(SEED + 1)
    cases = []
    for variant in GAME_VARIANTS:
        for rows, takes_at in SHAPES:
            for size, hand_size in ((3, 10), (6, 10), (4, 12)):
                players = list(NAMES[:size])
                shape = {"rows": rows, "takes_at": takes_at, "hand_size": hand_size}
                try:
                    settings = _settings(players, variant, shape=shape)
                except errors.DeckTooSmall:
                    continue  # in _settings_cases
                totals = [settings.bound, settings.bound + 1]
                if settings.lower_bound:
                    totals += [settings.lower_bound, settings.lower_bound - 1]
                for total in totals:
                    virgin = rng.random() < 0.5
                    stack = _split(rng, players, total)
                    hand = None
                    if variant == "hand":  # part of the total kept in the hand
                        hand = dict.fromkeys(players, 0)
                        hand[players[-1]] = min(stack[players[0]], 3)
                        stack[players[0]] -= hand[players[-1]]
                    extra = {} if hand is None else {"hand": hand}
                    cases.append(_case(players, variant, virgin, shape, bullheads=stack, **extra))
    return cases


def _drawn_cases() -> list[dict[str, Any]]:
    """Every table size from 2 to 10, doubling on and off, Basic and Hand, counts and cards:
    legal deals (a total within the bounds)."""
    rng = random.Random(SEED)
    cases = []
    for size in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        players = list(NAMES[:size])
        for virgin in (False, True):
            for variant in ("basic", "hand"):
                settings = _settings(players, variant)
                hand = None
                if variant == "hand":
                    hand = {n: 0 if rng.random() < 0.5 else rng.randint(1, 3) for n in players}
                extra = {} if hand is None else {"hand": hand}
                low = settings.lower_bound
                total = rng.randint(low, low + 40)
                cases.append(_case(players, variant, virgin,
                                   bullheads=_split(rng, players, total), **extra))
                # As cards: at least as many cards as the lower bound (each is worth 1 or more).
                deck = rng.sample(range(1, 105), 104)
                taken = deck[: rng.randint(low, low + 8) if low else rng.randint(0, 3 * size)]
                counts = _split(rng, players, len(taken))
                cards, start = {}, 0
                for name in players:
                    cards[name] = sorted(taken[start:start + counts[name]])
                    start += counts[name]
                cases.append(_case(players, variant, virgin, cards=cards, **extra))
    return cases


def _settings_cases() -> list[dict[str, Any]]:
    """Shapes at the edge of the deck: h·n + r cards must come from the deck in use."""
    cases = []
    for size, variant, rows, hand_size in (
        (3, "tactics", 5, 10), (3, "tactics", 4, 10), (2, "tactics", 4, 11),
        (9, "basic", 5, 11), (10, "basic", 4, 11), (10, "basic", 4, 10),
        (2, "double", 4, 102), (2, "double", 4, 103), (10, "double", 5, 20),
    ):
        players = list(NAMES[:size])
        case: dict[str, Any] = {"players": players, "variant": variant, "rows": rows,
                                "takes_at": 6, "hand_size": hand_size}
        try:
            settings = _settings(players, variant, shape={"rows": rows, "hand_size": hand_size})
        except errors.DeckTooSmall as error:
            cases.append({**case, "error": "DeckTooSmall", "fields": asdict(error)})
        else:
            cases.append({**case, "bounds": {"lower": settings.lower_bound,
                                             "upper": settings.bound}})
    return cases


#: Start forms (what differs from :func:`start_form`'s defaults): accepted, and each refusal
#: of a new game at its edges.
FORMS: tuple[dict[str, Any], ...] = (
    {"players": ["Ann", "Bob", "", ""]},
    {"players": [" Ann ", "Bob", "Cas"], "rows": "5", "takes_at": "5", "hand_size": "12"},
    {"players": ["Ann"]},
    {"players": ["Ann", "ann"]},
    {"players": ["Straße", "STRASSE"]},
    {"players": ["Ann", "x" * 41]},
    {"players": ["Ann", "  " + "é" * 40 + " "]},
    {"players": ["Ann", "\U0001f402" * 41]},
    {"players": [f"P{i}" for i in range(11)]},
    {"players": ["Ann", "Bob"], "threshold": "0"},
    {"players": ["Ann", "Bob"], "threshold": " abc "},
    {"players": ["Ann", "Bob"], "threshold": "1001"},
    {"players": ["Ann", "Bob"], "threshold": "1234567890"},
    {"players": ["Ann", "Bob"], "end": "deals", "fixed_deals": "3"},
    {"players": ["Ann", "Bob"], "end": "deals", "fixed_deals": ""},
    {"players": ["Ann", "Bob"], "end": "deals", "fixed_deals": "201"},
    {"players": ["Ann", "Bob"], "variant": "nifty"},
    {"players": ["Ann", "Bob"], "rows": "2"},
    {"players": ["Ann", "Bob"], "rows": "6"},
    {"players": ["Ann", "Bob"], "takes_at": "8"},
    {"players": ["Ann", "Bob"], "takes_at": "sechs"},
    {"players": ["Ann", "Bob"], "hand_size": "9"},
    {"players": ["Ann", "Bob"], "hand_size": " zehn "},
    {"players": ["Ann", "Bob"], "hand_size": "50"},
    {"players": ["Ann", "Bob"], "hand_size": "51"},
    {"players": [f"P{i}" for i in range(10)]},
    {"players": [f"P{i}" for i in range(10)], "rows": "5"},
    {"players": ["A", "B", "C"], "variant": "tactics", "rows": "5"},
    {"players": ["A", "B", "C"], "variant": "tactics", "rows": "3"},
    {"players": ["A", "B", "C"], "variant": "double", "hand_size": "60"},
    {"players": ["A", "B", "C"], "variant": "double", "hand_size": "68"},
    {"players": ["A", "B"], "variant": "hand", "virgin_doubling": True},
)


def start_form(form: dict[str, Any]) -> dict[str, Any]:
    """A start form's fields: the page's defaults, then ``form``."""
    return {"end": "threshold", "threshold": "66", "fixed_deals": "", "virgin_doubling": False,
            "variant": "basic", "rows": "4", "takes_at": "6", "hand_size": "10", **form}


def engine_settings(form: dict[str, Any]) -> Settings:
    """What the start page makes of the form (the steps of StartForm.settings): names
    trimmed, a typed number as its value where it is one (else the trimmed text)."""
    names = [name.strip() for name in form["players"] if name.strip()]
    end = ((None, form["fixed_deals"].strip()) if form["end"] == "deals"
           else (form["threshold"].strip(), None))

    def typed(text: str) -> object:
        number = whole_number(text)
        return text.strip() if number is None else number

    shape = {key: typed(form[key]) for key in ("rows", "takes_at", "hand_size")}
    return make_settings(names, *end, form["virgin_doubling"], form["variant"], **shape)


def _starts() -> list[dict[str, Any]]:
    cases = []
    for typed in FORMS:
        form = start_form(typed)
        try:
            settings = engine_settings(form)
        except errors.RulesError as error:
            cases.append({"form": form, "error": error.code, "fields": error.fields})
            continue
        cases.append({"form": form, "settings": {
            "players": list(settings.players), "threshold": settings.threshold,
            "fixed_deals": settings.fixed_deals, "virgin_doubling": settings.virgin_doubling,
            "variant": str(settings.variant), "rows": settings.rows,
            "takes_at": settings.takes_at, "hand_size": settings.hand_size}})
    return cases


def _game(players: list[str], deals: list[dict[str, Any]], variant: str = "basic",
          virgin: bool = False, **end: Any) -> dict[str, Any]:
    """A whole game, deal by deal: each deal's scores and the totals after it, the end."""
    settings = _settings(players, variant, virgin, **end)
    events = [Event(EventKind.DEAL, number, make_entry(settings, **entered))
              for number, entered in enumerate(deals, start=1)]
    state = replay(settings, events)
    return {
        "players": list(settings.players), "variant": variant, "virgin_doubling": virgin,
        "threshold": settings.threshold, "fixed_deals": settings.fixed_deals,
        "deals": deals,
        "scores": [row.scores for row in state.deals],
        "running": [row.totals for row in state.deals],
        "totals": state.totals, "finished": state.finished,
        "winners": list(state.winners), "leaders": list(state.leaders),
    }


def _games() -> list[dict[str, Any]]:
    """The end of a game: reached exactly, passed, not yet; fixed deals; doubling."""
    four = ["Ann", "Bob", "Cas", "Dirk"]
    two = ["Ann", "Bob"]

    def b(*values: int, names: list[str] = four) -> dict[str, Any]:
        return {"bullheads": dict(zip(names, values, strict=True))}

    return [
        # 66 reached exactly in deal 2: the game ends; Bob and Dirk share the win.
        _game(four, [b(40, 10, 5, 12), b(26, 3, 9, 1)]),
        # 65 after one deal: not yet.
        _game(four, [b(65, 0, 0, 0)]),
        _game(two, [b(60, 3, names=two), b(20, 2, names=two)]),
        # The Dutch reading: more than 66, so the threshold is 67.
        _game(two, [b(66, 0, names=two)], threshold=67),
        _game(two, [b(66, 0, names=two), b(1, 3, names=two)], threshold=67),
        # A fixed number of deals: the totals do not end it, the count does.
        _game(["Ann", "Bob", "Cas"], [b(90, 3, 3, names=["Ann", "Bob", "Cas"])],
              threshold=None, fixed_deals=2),
        _game(["Ann", "Bob", "Cas"], [b(90, 3, 3, names=["Ann", "Bob", "Cas"]),
                                      b(0, 9, 5, names=["Ann", "Bob", "Cas"])],
              threshold=None, fixed_deals=2),
        # Virgin doubling can cause the end: 33 doubled is 66.
        _game(two, [b(33, 0, names=two)], virgin=True),
        # Hand: the hand counts double.
        _game(two, [{"bullheads": {"Ann": 20, "Bob": 0}, "hand": {"Ann": 23, "Bob": 1}}],
              variant="hand"),
        # No deal yet: no leaders, not finished.
        _game(four, []),
    ]


def cases() -> list[dict[str, Any]]:
    return _by_hand() + _bound_cases() + _drawn_cases()


def document() -> dict[str, Any]:
    return {
        "about": "Deals and games scored by scorekeeper.engine.game; written by "
                 "tests/vectors/make_deal_vectors.py. Do not edit by hand.",
        "cases": cases(),
        "settings": _settings_cases(),
        "starts": _starts(),
        "games": _games(),
    }


def render(doc: dict[str, Any]) -> str:
    """The file's text: stable key order and indent, so a regenerated file diffs cleanly."""
    return json.dumps(doc, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def main() -> None:
    doc = document()
    text = render(doc)
    PATH.write_text(text, encoding="utf-8")
    refused = sum("error" in case for case in doc["cases"])
    print(f"wrote {len(doc['cases'])} deals ({refused} refused), {len(doc['settings'])} "
          f"settings, {len(doc['games'])} games, {len(text)} bytes to {PATH}")


if __name__ == "__main__":
    main()
