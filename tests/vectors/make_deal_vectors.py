"""Write ``tests/vectors/deals.json``: deals and games scored by the Python engine, for the
JavaScript.

The pages score a deal in the browser too (``static/js/engine/deal.js``: the live preview, the
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
  (``static/js/engine/settings.js`` ``checkSettings``): the fields as typed, and either the
  settings the engine makes of them or the refusal's ``error`` (its code) and ``fields``,
  read as the start page reads them (names trimmed, typed numbers as whole numbers where
  they are ones).
- ``games``: whole games, deal by deal: the running totals, the end (a total reaching the
  threshold, or a fixed number of deals), the winners and the leaders.
- ``logs``: games as their whole log (``static/js/engine/game-log.js`` replays them as
  ``engine/game.py`` ``replay`` does): deals, corrections, withdrawals and restores, each
  entry as the backup file writes it, and either the state the engine derives (each
  deal's value, scores, running totals and corrections; the end, winners and leaders;
  the deals withdrawn, the next number and the deal that can be restored) or the
  refusal of a log the engine will not replay; then ``checks``: what the engine answers
  to a new deal, a correction, a withdrawal and a restore of the state it reached.
- ``entries``: a deal's body as the API receives it, and the entry ``make_entry`` makes
  of it (``static/js/engine/deal.js`` ``makeEntry``) or its refusal.
- ``typed``: a deal as typed in the score sheet's form and read by
  ``games/forms.py`` ``DealForm.entry`` (``typedEntry``): the entry, or the refusal.
"""

from __future__ import annotations

import json
import random
from dataclasses import asdict
from pathlib import Path
from typing import Any

from scorekeeper.engine import errors
from scorekeeper.engine.deal import Entry, make_entry, score_deal
from scorekeeper.engine.game import (
    Event,
    EventKind,
    GameState,
    check_correction,
    check_new_deal,
    check_restore,
    check_withdrawal,
    replay,
)
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


def settings_json(settings: Settings) -> dict[str, Any]:
    """A game's settings under the names the API and the backup give them."""
    return {"players": list(settings.players), "threshold": settings.threshold,
            "fixed_deals": settings.fixed_deals, "virgin_doubling": settings.virgin_doubling,
            "variant": str(settings.variant), "rows": settings.rows,
            "takes_at": settings.takes_at, "hand_size": settings.hand_size}


def entry_json(entry: Entry) -> dict[str, Any]:
    """An entry as the API, the store and the backup write it (games/store.py entry_json,
    repeated here: the vectors stay below the web layer)."""
    data: dict[str, Any] = {"bullheads": entry.bullheads}
    if entry.hand is not None:
        data["hand"] = entry.hand
    if entry.cards is not None:
        data["cards"] = {name: list(cards) for name, cards in entry.cards.items()}
    return data


def _state_json(state: GameState) -> dict[str, Any]:
    return {
        "deals": [{"number": row.number, **entry_json(row.entry), "scores": row.scores,
                   "totals": row.totals, "corrections": row.corrections}
                  for row in state.deals],
        "totals": state.totals, "finished": state.finished, "winners": list(state.winners),
        "leaders": list(state.leaders), "next_number": state.next_number,
        "restorable": state.restorable,
        "withdrawn": [[number, entry_json(entry), state.withdrawn_corrections[number]]
                      for number, entry in sorted(state.withdrawn.items())],
    }


def _refusal(error: errors.RulesError) -> dict[str, Any]:
    return {"error": error.code, "fields": error.fields}


def _checks(state: GameState) -> list[dict[str, Any]]:
    """What the engine answers to each kind of entry at the numbers around the state's."""
    last, following = len(state.deals), state.next_number
    asked: list[tuple[str, Any, Any]] = [("new_deal", check_new_deal, None)]
    numbers = sorted({n for n in (last - 1, last, following, following + 1, 0) if n >= 0}
                     | set(state.withdrawn))
    for number in numbers:
        asked += [("new_deal", check_new_deal, number), ("correction", check_correction, number),
                  ("withdrawal", check_withdrawal, number), ("restore", check_restore, number)]
    checks = []
    for name, check, number in asked:
        try:
            answer = check(state, number)
        except errors.RulesError as error:
            checks.append({"check": name, "number": number, **_refusal(error)})
            continue
        result = entry_json(answer) if isinstance(answer, Entry) else answer
        checks.append({"check": name, "number": number, "result": result})
    return checks


def _log(settings: Settings, events: list[Event]) -> dict[str, Any]:
    """A log, replayed by the engine: the state and the checks, or the refusal."""
    case: dict[str, Any] = {
        "settings": settings_json(settings),
        "events": [{"kind": str(e.kind), "number": e.number, **entry_json(e.entry)}
                   for e in events],
    }
    try:
        state = replay(settings, events)
    except errors.RulesError as error:
        return {**case, **_refusal(error)}
    return {**case, "state": _state_json(state), "checks": _checks(state)}


def _logs_by_hand() -> list[dict[str, Any]]:
    """Corrections, undo and restore as a table uses them, and logs the engine refuses."""
    two, three = make_settings(["Ann", "Bob"]), make_settings(["Ann", "Bob", "Cas"])
    hand = make_settings(["Ann", "Bob", "Cas"], variant="hand", virgin_doubling=True)
    fixed = make_settings(["Ann", "Bob"], None, 2)

    def e(kind: str, number: int, settings: Settings = two, **entered: Any) -> Event:
        return Event(EventKind(kind), number, make_entry(settings, **entered))

    def b(a: int, b_: int) -> dict[str, Any]:
        return {"bullheads": {"Ann": a, "Bob": b_}}

    def b3(*values: int) -> dict[str, Any]:
        return {"bullheads": dict(zip(three.players, values, strict=True))}

    return [
        # Two corrections of deal 2: the latest counts, twice corrected.
        _log(two, [e("deal", 1, **b(5, 0)), e("deal", 2, **b(3, 3)),
                   e("correction", 2, **b(1, 9)), e("correction", 2, **b(4, 4))]),
        # Undo the last deal, restore it: its value and its corrections come back.
        _log(two, [e("deal", 1, **b(5, 0)), e("correction", 1, **b(6, 0)),
                   e("withdrawal", 1, **b(6, 0)), e("restore", 1, **b(6, 0))]),
        _log(two, [e("deal", 1, **b(5, 0)), e("deal", 2, **b(3, 3)),
                   e("withdrawal", 2, **b(3, 3))]),
        # Two undone, restored one after the other.
        _log(two, [e("deal", 1, **b(5, 0)), e("deal", 2, **b(3, 3)), e("deal", 3, **b(2, 2)),
                   e("withdrawal", 3, **b(2, 2)), e("withdrawal", 2, **b(3, 3)),
                   e("restore", 2, **b(3, 3))]),
        # The end at 66, an undo re-opens it, a correction ends it again.
        _log(two, [e("deal", 1, **b(60, 3)), e("deal", 2, **b(6, 3)),
                   e("withdrawal", 2, **b(6, 3))]),
        _log(two, [e("deal", 1, **b(60, 3)), e("deal", 2, **b(3, 3)),
                   e("correction", 2, **b(6, 3))]),
        _log(two, [e("deal", 1, **b(60, 3)), e("deal", 2, **b(6, 3)),
                   e("correction", 1, **b(2, 3))]),
        # A fixed number of deals: the last one undone re-opens, a new deal 2 takes its place.
        _log(fixed, [e("deal", 1, fixed, **b(5, 0)), e("deal", 2, fixed, **b(0, 5)),
                     e("withdrawal", 2, fixed, **b(0, 5)), e("deal", 2, fixed, **b(9, 9))]),
        # Hand and Virgin doubling, cards, corrected from counts to cards.
        _log(hand, [e("deal", 1, hand, bullheads={"Ann": 0, "Bob": 3, "Cas": 0},
                      hand={"Ann": 2, "Bob": 1, "Cas": 0}),
                    e("correction", 1, hand, cards={"Ann": [55], "Bob": [], "Cas": [1, 2]},
                      hand={"Ann": 0, "Bob": 0, "Cas": 4})]),
        _log(three, [e("deal", 1, three, **b3(8, 4, 2)),
                     e("deal", 2, three, cards={"Ann": [11, 22], "Bob": [1, 2, 3, 4, 5],
                                                "Cas": [6, 7, 8, 9]})]),
        # Refused: a gap, a correction of nothing, an undo that is not the last, a restore
        # of a deal never undone, and one whose number another deal took.
        _log(two, [e("deal", 2, **b(5, 0))]),
        _log(two, [e("deal", 1, **b(5, 0)), e("correction", 2, **b(5, 0))]),
        _log(two, [e("deal", 1, **b(5, 0)), e("deal", 2, **b(5, 0)),
                   e("withdrawal", 1, **b(5, 0))]),
        _log(two, [e("deal", 1, **b(5, 0)), e("withdrawal", 2, **b(5, 0))]),
        _log(two, [e("deal", 1, **b(5, 0)), e("restore", 1, **b(5, 0))]),
        _log(two, [e("deal", 1, **b(5, 0)), e("withdrawal", 1, **b(5, 0)),
                   e("deal", 1, **b(7, 0)), e("restore", 1, **b(5, 0))]),
        _log(two, [e("deal", 1, **b(5, 0)), e("deal", 2, **b(5, 0)),
                   e("withdrawal", 2, **b(5, 0)), e("withdrawal", 1, **b(5, 0)),
                   e("restore", 2, **b(5, 0))]),
        _log(two, []),
    ]


def _drawn_logs() -> list[dict[str, Any]]:
    """Random tables keeping a game as tables do: mostly deals, now and then a
    correction, an undo or a restore, every entry one the engine takes."""
    rng = random.Random(SEED + 2)
    logs = []
    for index in range(16):
        size = rng.randint(MIN_PLAYERS, MAX_PLAYERS)
        variant = rng.choice(GAME_VARIANTS)
        end: dict[str, Any] = ({"threshold": None, "fixed_deals": rng.randint(3, 12)}
                               if index % 5 == 4 else {"threshold": rng.choice((66, 100, 150))})
        settings = _settings(list(NAMES[:size]), variant, rng.random() < 0.4, **end)
        events: list[Event] = []
        state = replay(settings, events)
        for _ in range(rng.randint(4, 24)):
            event = _drawn_event(rng, settings, state)
            if event is None:
                break
            events.append(event)
            state = replay(settings, events)
        logs.append(_log(settings, events))
    return logs


def _drawn_entry(rng: random.Random, settings: Settings) -> Entry:
    players = list(settings.players)
    low = settings.lower_bound
    hand = None
    if settings.variant == "hand":
        hand = {n: 0 if rng.random() < 0.6 else rng.randint(1, 3) for n in players}
    if rng.random() < 0.3:  # as cards: at least the lower bound's count of them
        deck = rng.sample(range(1, settings.deck.max_card + 1), settings.deck.max_card)
        taken = deck[: min(len(deck), low + rng.randint(0, 6))]
        counts = _split(rng, players, len(taken))
        cards, start = {}, 0
        for name in players:
            cards[name] = taken[start:start + counts[name]]
            start += counts[name]
        return make_entry(settings, cards=cards, hand=hand)
    total = min(settings.bound, rng.randint(low, low + 30))
    return make_entry(settings, _split(rng, players, total), hand)


def _drawn_event(rng: random.Random, settings: Settings, state: GameState) -> Event | None:
    roll = rng.random()
    if state.restorable and roll < 0.5:
        number = state.restorable
        return Event(EventKind.RESTORE, number, state.withdrawn[number])
    if state.deals and roll < 0.15:
        last = state.deals[-1]
        return Event(EventKind.WITHDRAWAL, last.number, last.entry)
    if state.deals and (roll < 0.3 or state.finished):
        number = rng.randint(1, len(state.deals))
        return Event(EventKind.CORRECTION, number, _drawn_entry(rng, settings))
    if state.finished:
        return None
    return Event(EventKind.DEAL, state.next_number, _drawn_entry(rng, settings))


#: Deal bodies as the API receives them: each refusal of make_entry, and entries it takes.
BODIES: tuple[tuple[dict[str, Any], dict[str, Any]], ...] = (
    ({"players": ["Ann", "Bob"]}, {"bullheads": {"Ann": 5, "Bob": 0}}),
    ({"players": ["Ann", "Bob"]}, {"bullheads": {"Ann": "5", "Bob": " 0 "}}),
    ({"players": ["Ann", "Bob"]}, {}),
    ({"players": ["Ann", "Bob"]}, {"bullheads": {"Ann": 5, "Bob": 0}, "cards": {}}),
    ({"players": ["Ann", "Bob"]}, {"bullheads": [5, 0]}),
    ({"players": ["Ann", "Bob"]}, {"bullheads": {"Ann": 5}}),
    ({"players": ["Ann", "Bob"]}, {"bullheads": {"Ann": 5, "Bob": 0, "Cas": 1}}),
    ({"players": ["Ann", "Bob"]}, {"bullheads": {"Ann": -1, "Bob": 6}}),
    ({"players": ["Ann", "Bob"]}, {"bullheads": {"Ann": "2x", "Bob": 6}}),
    ({"players": ["Ann", "Bob"]}, {"bullheads": {"Ann": 1.5, "Bob": 6}}),
    ({"players": ["Ann", "Bob"]}, {"bullheads": {"Ann": True, "Bob": 6}}),
    ({"players": ["Ann", "Bob"]}, {"bullheads": {"Ann": "1234567890", "Bob": 6}}),
    ({"players": ["Ann", "Bob"]}, {"bullheads": {"Ann": 5, "Bob": 0}, "hand": {"Ann": 1}}),
    ({"players": ["Ann", "Bob"]}, {"bullheads": {"Ann": 200, "Bob": 0}}),
    ({"players": ["Ann", "Bob"]}, {"bullheads": {"Ann": 1, "Bob": 0}}),
    ({"players": ["Ann", "Bob"]}, {"cards": {"Ann": [55, 1], "Bob": []}}),
    ({"players": ["Ann", "Bob"]}, {"cards": {"Ann": "55", "Bob": []}}),
    ({"players": ["Ann", "Bob"]}, {"cards": {"Ann": [55, "x"], "Bob": []}}),
    ({"players": ["Ann", "Bob"]}, {"cards": {"Ann": [105, 1], "Bob": [2, 3]}}),
    ({"players": ["Ann", "Bob"]}, {"cards": {"Ann": [5, 1], "Bob": [5, 3]}}),
    ({"players": ["Ann", "Bob"], "variant": "double"},
     {"cards": {"Ann": [5, 1], "Bob": [5, 3]}}),
    ({"players": ["Ann", "Bob"], "variant": "double"},
     {"cards": {"Ann": [5, 5], "Bob": [5, 3]}}),
    ({"players": ["Ann", "Bob"], "variant": "tactics"},
     {"cards": {"Ann": [25, 1], "Bob": [2, 3]}}),
    ({"players": ["Ann", "Bob"], "variant": "hand"}, {"bullheads": {"Ann": 0, "Bob": 0}}),
    ({"players": ["Ann", "Bob"], "variant": "hand"},
     {"bullheads": {"Ann": 0, "Bob": 0}, "hand": {"Ann": 0}}),
    ({"players": ["Ann", "Bob"], "variant": "hand"},
     {"bullheads": {"Ann": 3, "Bob": 0}, "hand": {"Ann": 2, "Bob": "1"}}),
    ({"players": ["Ann", "Bob"], "variant": "hand"},
     {"cards": {"Ann": [55], "Bob": []}, "hand": {"Ann": 2, "Bob": 0}}),
)


def _entries() -> list[dict[str, Any]]:
    cases = []
    for settings_kwargs, body in BODIES:
        settings = make_settings(**settings_kwargs)
        case = {"settings": settings_json(settings), "body": body}
        try:
            entry = make_entry(settings, body.get("bullheads"), body.get("hand"),
                               body.get("cards"))
        except errors.RulesError as error:
            cases.append({**case, **_refusal(error)})
        else:
            cases.append({**case, "entry": entry_json(entry)})
    return cases


#: The deal form as typed: per seat bh, hand and cards, and the mode.
TYPED: tuple[tuple[dict[str, Any], dict[str, Any]], ...] = (
    ({"players": ["Ann", "Bob"]}, {"mode": "bullheads", "bh-0": "5", "bh-1": ""}),
    ({"players": ["Ann", "Bob"]}, {"mode": "bullheads", "bh-0": " 5 ", "bh-1": "x"}),
    ({"players": ["Ann", "Bob"]}, {"mode": "bullheads", "bh-0": "", "bh-1": ""}),
    ({"players": ["Ann", "Bob"]}, {"mode": "bullheads", "bh-0": "٣", "bh-1": "4"}),
    ({"players": ["Ann", "Bob"]}, {"mode": "cards", "cards-0": "55, 12;3", "cards-1": ""}),
    ({"players": ["Ann", "Bob"]}, {"mode": "cards", "cards-0": "55 55", "cards-1": ""}),
    ({"players": ["Ann", "Bob"]}, {"mode": "cards", "cards-0": "55 x", "cards-1": "1"}),
    ({"players": ["Ann", "Bob"]}, {"mode": "cards", "cards-0": "", "cards-1": ""}),
    ({"players": ["Ann", "Bob"]}, {"mode": "", "bh-0": "7", "cards-0": "1 2"}),
    ({"players": ["Ann", "Bob", "Cas"], "variant": "hand"},
     {"mode": "bullheads", "bh-0": "3", "hand-1": "2"}),
    ({"players": ["Ann", "Bob", "Cas"], "variant": "hand"},
     {"mode": "cards", "cards-0": "11 22", "hand-2": "x"}),
    ({"players": ["Ann", "Bob", "Cas"], "variant": "hand"},
     {"mode": "bullheads", "bh-0": "3", "hand-0": "0", "bh-1": " ", "hand-1": "2",
      "bh-2": "4", "hand-2": "1"}),
    ({"players": ["Ann", "Bob", "Cas", "Dirk"], "virgin_doubling": True},
     {"mode": "bullheads", "bh-0": "10", "bh-1": "9", "bh-2": "8", "bh-3": ""}),
    ({"players": ["Ann", "Bob"]}, {"mode": "cards", "cards-0": "55 1 2 3", "cards-1": "\t"}),
    ({"players": ["Ann", "Bob", "Cas"], "variant": "tactics"},
     {"mode": "cards", "cards-0": "34", "cards-1": "35", "cards-2": "1 2 3 4 5 6 7 8 9 10"}),
)


def _typed() -> list[dict[str, Any]]:
    """Each typed deal read by the form the score sheet posts (games/forms.py)."""
    from werkzeug.datastructures import MultiDict

    from scorekeeper import create_app
    from scorekeeper.games.forms import deal_form

    app = create_app({"TESTING": True, "DATABASE": "unused", "SECRET_KEY": "vectors",
                      "WTF_CSRF_ENABLED": False})
    cases = []
    with app.test_request_context("/"):
        for settings_kwargs, typed in TYPED:
            settings = make_settings(**settings_kwargs)
            form = deal_form(settings, formdata=MultiDict(typed))
            case = {"settings": settings_json(settings), "typed": typed}
            try:
                entry = form.entry(settings)
            except errors.RulesError as error:
                cases.append({**case, **_refusal(error)})
            else:
                cases.append({**case, "entry": entry_json(entry),
                              "zero": form.unconfirmed_zero(settings, entry),
                              "empty": form.empty_players(settings)})
    return cases


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
        "logs": _logs_by_hand() + _drawn_logs(),
        "entries": _entries(),
        "typed": _typed(),
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
          f"settings, {len(doc['games'])} games, {len(doc['logs'])} logs, "
          f"{len(doc['entries'])} bodies, {len(doc['typed'])} typed deals, {len(text)} bytes "
          f"to {PATH}")


if __name__ == "__main__":
    main()
