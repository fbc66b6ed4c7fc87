"""Generate the shared placement vectors in ``tests/vectors/placement/`` from the Python engine.

Run from the repository root::

    .venv/bin/python tests/vectors/make_placement_vectors.py

Every case is a body of ``POST /api/v1/placement`` and what the API makes of it, computed
with the very functions the API view calls (``parse`` then ``answer`` from
:mod:`scorekeeper.check.request`): ``{"request": ..., "answer": ...}``, or for a refused
body ``{"request": ..., "error": "<code>", "fields": {...}}``: the refusal's code (its class
name) and its fields as the API's JSON answer carries them, never the translated sentence.
The JavaScript engine (``static/js/engine/``) must give the same answers and the same
refusals, code and fields (``tests/js/engine.test.mjs``); ``tests/test_placement_vectors.py``
checks that the committed files are exactly what this script writes, so an engine change
shows up as a diff of the vectors.

The cases are drawn from a fixed seed. Each variant's file is filled until every situation
it should cover (rule 3, rule 4 with and without a choice and with equally cheap rows,
Professional left placements and ties, Double stacked and shared twins, ...) has its quota.
``refusals.json`` takes valid turns and breaks them in every way the API refuses, alone and
two or three at a time (which pins the order the checks run in).

The six files above play on the booklet's table (4 rows, a row taken by its 6th card, no
``takes_at`` key) and are drawn exactly as they always were. The postscript's shapes
(docs/rules.md: 3 to 5 rows, ``takes_at`` 5 to 7) have their own files, drawn from
their own seed: ``shapes-<variant>.json`` holds every variant in each of the nine shapes,
each shape with its quota of situations, and ``shapes-refusals.json`` the shapes' refusals
(2 or 6 rows, ``takes_at`` 4, 8, ``"6"``, ``true``, 6.5, a row too long for its
``takes_at``, a row number beyond r), alone and with another refusal.

Only numbers that Python and JavaScript read alike from JSON are generated: floats that are
whole numbers (``2.0``, ``6.0``) never, since JSON gives them to JavaScript as integers, so
the two engines cannot tell them apart (the Python refuses ``"takes_at": 6.0``;
tests/test_placement_vectors.py checks that there); whole numbers beyond 2**53 only where
the nearest double is the number itself (``10**20``), so a refusal's fields hold the same
number on both sides.
"""

from __future__ import annotations

import copy
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if __name__ == "__main__":  # run as a script: make the repository importable
    sys.path.insert(0, str(HERE.parent.parent))

from scorekeeper.check.request import answer, parse  # noqa: E402
from scorekeeper.engine import RulesError  # noqa: E402
from scorekeeper.web.errors import refusal_fields  # noqa: E402

DIRECTORY = HERE / "placement"
SEED = 6_104_171
VARIANTS = ("basic", "professional", "double", "nifty", "hand")
SHAPE_FILES = (*(f"shapes-{variant}" for variant in VARIANTS), "shapes-refusals")
FILES = (*VARIANTS, "refusals", *SHAPE_FILES)

NAMES = ("Ann", "Bob", "Cas", "Dirk", "Eva", "Fien", "Gijs", "Hanna", "Ivo", "Jet",
         "Kees", "Lot", "Mara", "Noor", "Olaf")
#: Names that test trimming, length in code points and odd keys (every one stays distinct
#: from the plain names once trimmed, except where a case wants a repeat).
EXOTIC = ("Zoë", "Łukasz", "李雷", "\U0001f402" * 40, "x" * 40, "__proto__", "constructor",
          "  Pim  ", "\u00a0Roos\u3000", "\x1cTeun\x1f", "\ufeffBram", "Ann-Marie van Dam",
          "\x85Wim\u2028", "toString")


def clone(value: Any) -> Any:
    """A deep copy of JSON-shaped ``value`` (faster than ``copy.deepcopy``)."""
    return json.loads(json.dumps(value))


def outcome(request: Any) -> dict[str, Any]:
    """What the API answers for ``request``: its answer, or its refusal's code and fields."""
    try:
        result = answer(parse(clone(request)))
    except RulesError as error:
        return {"request": request, "error": error.code, "fields": clone(refusal_fields(error))}
    return {"request": request, "answer": json.loads(json.dumps(result))}


# -- building turns --------------------------------------------------------------------------

class Pool:
    """The cards not yet on the table or in a hand: number -> copies left."""

    def __init__(self, max_card: int, copies: int) -> None:
        self.left = {card: copies for card in range(1, max_card + 1)}

    def take(self, card: int) -> int:
        self.left[card] -= 1
        if not self.left[card]:
            del self.left[card]
        return card

    def draw(self, rng: random.Random, low: int = 1, high: int = 104) -> int | None:
        if low <= high:
            for _ in range(8):  # a few guesses first: cheaper than listing the pool
                card = rng.randint(low, high)
                if card in self.left:
                    return self.take(card)
        choices = [card for card in self.left if low <= card <= high]
        return self.take(rng.choice(choices)) if choices else None

    def size(self) -> int:
        return sum(self.left.values())


def players_count(rng: random.Random) -> int:
    return rng.choices(range(1, 11), weights=(3, 10, 9, 8, 7, 5, 3, 2, 2, 2))[0]


def pick_names(rng: random.Random, count: int) -> list[str]:
    names: list[str] = []
    while len(names) < count:
        name = rng.choice(EXOTIC) if rng.random() < 0.08 else rng.choice(NAMES)
        if name.strip() not in {n.strip() for n in names}:
            names.append(name)
    return names


def pick_max_card(rng: random.Random, players: int, cards_needed: int) -> int | None:
    """None (key left out), the full deck, a Tactics deck (10·n + 4) or something between."""
    tactics = 10 * max(players, 2) + 4
    mode = rng.random()
    if mode < 0.3 or tactics < cards_needed + 4:
        return None if mode < 0.15 or tactics < cards_needed + 4 else 104
    if mode < 0.8:
        return tactics
    return rng.randint(max(cards_needed + 6, 24), 104)


def build_rows(rng: random.Random, pool: Pool, style: str, copies: int,
               budget: int, count: int = 4, limit: int = 5) -> list[list[int]]:
    """``count`` ascending rows of at most ``limit`` positions drawn from ``pool`` in one of
    a few styles."""
    if style == "full":
        lengths = [rng.choice((limit, limit, limit, limit - 1, limit - 2)) for _ in range(count)]
    elif style == "short":
        lengths = [rng.choice((1, 1, 2)) for _ in range(count)]
    else:
        lengths = [rng.randint(1, limit) for _ in range(count)]
    while sum(lengths) > budget and max(lengths) > 1:
        lengths[lengths.index(max(lengths))] -= 1
    top = max(pool.left)
    low = {"high": max(1, top // 3), "tight": rng.randint(1, max(1, top - 30))}.get(style, 1)
    high = low + 30 if style == "tight" else top
    rows = []
    for length in lengths:
        row = []
        for _ in range(length):
            card = pool.draw(rng, low, high) or pool.draw(rng)
            if card is not None:
                row.append(card)
        if copies == 2 and rng.random() < 0.3 and row:
            twin = rng.choice(row)  # a stacked twin: the same number twice, one position
            if twin in pool.left:
                row.append(pool.take(twin))
        rows.append(sorted(row))
    return rows


def draw_play(rng: random.Random, pool: Pool, rows: list[list[int]], style: str) -> int:
    lowest = min(row[0] for row in rows)
    if style == "high" and rng.random() < 0.5 and lowest > 1:
        card = pool.draw(rng, 1, lowest - 1)
        if card is not None:
            return card
    if style == "low" and rng.random() < 0.4:
        card = pool.draw(rng, 1, min(row[-1] for row in rows) - 1)
        if card is not None:
            return card
    card = pool.draw(rng)
    assert card is not None, "the pool was sized to hold every play"
    return card


def candidate(rng: random.Random, variant: str, shape: tuple[int, int] | None = None,
              players: int | None = None) -> dict[str, Any]:
    """A random legal-looking turn of ``variant`` (choices included some of the time).

    ``shape`` is ``(rows, takes_at)``: without it the booklet's table of 4 rows, where a
    row is taken by its 6th card, and no ``takes_at`` key (these draws are the default
    files' and must not change); with it, ``takes_at`` is sent (left out some of the time
    when it is the default 6)."""
    count, takes_at = shape or (4, 6)
    limit = takes_at - 1
    players = players or players_count(rng)
    names = pick_names(rng, players)
    plays_count = players
    if variant == "hand":
        plays_count = min(20, players + rng.randint(0, players))
    per_play = 2 if variant == "nifty" else 1
    copies = 2 if variant == "double" else 1
    max_card = pick_max_card(rng, players, plays_count * per_play)
    pool = Pool(max_card or 104, copies)
    style = rng.choice(("spread", "full", "short", "high", "tight", "low"))
    budget = max(count, min(count * limit, pool.size() - plays_count * per_play - 2))
    rows = build_rows(rng, pool, style, copies, budget, count, limit)

    owners = list(names)
    if variant == "hand":  # some players lay a second card, anywhere in the order
        owners += rng.sample(names, plays_count - players)
        rng.shuffle(owners)
    plays: list[dict[str, Any]] = []
    for name in owners:
        if variant == "nifty":
            cards = [draw_play(rng, pool, rows, style) for _ in range(2)]
            plays.append({"player": name, "cards": cards})
        else:
            plays.append({"player": name, "card": draw_play(rng, pool, rows, style)})
    if variant == "double":
        twin_up(rng, pool, rows, plays, limit)

    request: dict[str, Any] = {}
    if variant != "basic" or rng.random() < 0.5:
        request["variant"] = variant
    request["rows"] = rows
    if shape is not None and (takes_at != 6 or rng.random() < 0.5):
        request["takes_at"] = takes_at
    request["plays"] = plays
    if rng.random() < 0.3:
        request["take"] = {rng.choice((name, name.strip())): rng.randint(1, count)
                           for name in rng.sample(names, rng.randint(1, len(names)))}
    elif rng.random() < 0.05:
        request["take"] = rng.choice((None, {}))
    if variant == "professional" and rng.random() < 0.15:
        name = rng.choice(names)
        request["place"] = {name: {"row": rng.randint(1, count),
                                   "side": rng.choice(("left", "right"))}}
    if max_card is not None:
        request["max_card"] = max_card
    return request


def twin_up(rng: random.Random, pool: Pool, rows: list[list[int]],
            plays: list[dict[str, Any]], limit: int = 5) -> None:
    """Double: make some plays twins of each other, of a row's end card or of a card inside."""
    for index, play in enumerate(plays):
        roll = rng.random()
        pool.left[play["card"]] = pool.left.get(play["card"], 0) + 1  # put it back
        if roll < 0.25 and index + 1 < len(plays):
            partner = plays[index + 1]["card"]
            if pool.left.get(partner):
                play["card"] = pool.take(partner)  # revealed together with its twin
                continue
        elif roll < 0.45:
            ends = [row[-1] for row in rows if pool.left.get(row[-1])]
            if ends:
                play["card"] = pool.take(rng.choice(ends))  # lands on its twin at a row end
                continue
        elif roll < 0.55:
            inside = [card for row in rows for card in row[:-1] if pool.left.get(card)]
            if inside:
                play["card"] = pool.take(rng.choice(inside))  # its twin lies inside a row
                continue
        play["card"] = pool.take(play["card"])
    if rng.random() < 0.3 and len(plays) >= 2:
        # Twins revealed together that fit no row, or that fill a full row: a shared take.
        full = [row for row in rows if len(set(row)) == limit]
        lowest = min(row[-1] for row in rows)
        if full and rng.random() < 0.5:
            above = full[0][-1] + 1
            options = [c for c, n in pool.left.items() if n == 2 and c > above and
                       not any(above <= row[-1] <= c for row in rows if row is not full[0])]
        else:
            options = [c for c, n in pool.left.items() if n == 2 and c < lowest]
        if options:
            card = rng.choice(options)
            for play in rng.sample(plays, 2):
                pool.left[play["card"]] = pool.left.get(play["card"], 0) + 1
                play["card"] = pool.take(card)


# -- what a case shows -------------------------------------------------------------------

def features(case: dict[str, Any]) -> set[str]:
    if "error" in case:
        return {"refused"}
    found = {"any"}
    result = case["answer"]
    outcomes = [result, *result.get("tie_outcomes", [])]
    for out in outcomes:
        for step in out["steps"]:
            found.add(f"rule{step['rule']}")
            if step["rule"] == 4:
                found.add("default" if "alternatives" in step else "chosen")
                if step.get("alternatives"):
                    found.add("alternatives")
            if step["side"] == "left":
                found.add("left" if step["rule"] == 2 else "left-full")
            if "shared_with" in step:
                found.add(f"shared{step['rule']}")
        if out is not result and "tie" in out:
            found.add("second-tie")
    if "tie" in result:
        found.add("tie")
    if "place" in case["request"]:
        found.add("place")
    stacked = {a for row in result["rows"] for a, b in zip(row, row[1:], strict=False) if a == b}
    if stacked:
        found.add("stacked")
    plays = case["request"]["plays"]
    if stacked & {play.get("card") for play in plays} and not any(
            "shared_with" in step for step in result["steps"]):
        found.add("twin-laid")  # a card laid on its twin (from the table, or played with it)
    if len(result["steps"]) >= 8:
        found.add("crowded")
    return found


#: Per variant: how many cases each situation gets at least, and how many cases in all.
QUOTAS: dict[str, tuple[int, dict[str, int]]] = {
    "basic": (600, {"rule3": 150, "rule4": 150, "default": 100, "chosen": 60,
                    "alternatives": 60, "crowded": 40}),
    "professional": (560, {"rule3": 120, "rule4": 100, "left": 150, "left-full": 30,
                           "tie": 120, "second-tie": 10, "place": 80, "alternatives": 40}),
    "double": (600, {"rule3": 120, "rule4": 120, "stacked": 200, "twin-laid": 120, "shared3": 40,
                     "shared4": 60, "chosen": 40, "alternatives": 40}),
    "nifty": (380, {"rule3": 100, "rule4": 100, "alternatives": 40, "chosen": 30}),
    "hand": (420, {"rule3": 100, "rule4": 100, "alternatives": 40, "chosen": 30}),
}


def variant_cases(rng: random.Random, variant: str, ties: list[dict[str, Any]],
                  shape: tuple[int, int] | None = None) -> list[dict[str, Any]]:
    """``variant``'s cases (on tables of ``shape``, see :func:`candidate`); every
    Professional tie met on the way is added to ``ties``."""
    total, quotas = QUOTAS[variant] if shape is None else SHAPE_QUOTAS[variant]
    counts = dict.fromkeys(quotas, 0)
    cases: list[dict[str, Any]] = []
    for _ in range(200_000):
        missing = sum(max(0, quotas[key] - counts[key]) for key in quotas)
        if len(cases) >= total and not missing:
            return cases
        case = outcome(candidate(rng, variant, shape))
        found = features(case)
        if "tie" in found and "place" not in case["request"]:
            ties.append(case)
        assert "refused" not in found or variant == "professional", case
        wanted = any(key in found and counts[key] < quotas[key] for key in quotas)
        if wanted or (len(cases) + missing < total and rng.random() < 0.5):
            cases.append(case)
            for key in found & counts.keys():
                counts[key] += 1
            if variant == "professional" and "tie" in found:
                cases.extend(settled(rng, case))
    raise RuntimeError(f"{variant} {shape}: quotas not met: {counts}")


def settled(rng: random.Random, case: dict[str, Any]) -> list[dict[str, Any]]:
    """The same Professional turn with its tie settled by one of the options."""
    tie = case["answer"]["tie"]
    option = rng.choice(tie["options"])
    name = next(play["player"] for play in case["request"]["plays"]
                if play["player"].strip() == tie["player"])
    request = clone(case["request"])
    place = request.setdefault("place", {})
    place[name] = {"row": option["row"], "side": option["side"]}
    if option["side"] == "right" and rng.random() < 0.5:
        del place[name]["side"]  # "right" is the default side
    return [outcome(request)]


# -- refusals: valid turns broken in every way the API refuses ---------------------------

Request = Any
Mutation = Callable[[random.Random, Request, str], Request]

#: Values that are not cards: booleans, fractions (never whole: JSON 2.0 is 2 in JavaScript),
#: strings, lists, objects, null.
NOT_CARDS = (True, False, 2.5, -0.5, 44.5, "14", "", None, [14], {"card": 14})


def _plays(request: Request) -> list[Any] | None:
    plays = request.get("plays") if isinstance(request, dict) else None
    return plays if isinstance(plays, list) and plays else None


def _entries(request: Request) -> list[dict[str, Any]]:
    return [entry for entry in _plays(request) or [] if isinstance(entry, dict)]


def _rows(request: Request) -> list[list[Any]]:
    rows = request.get("rows") if isinstance(request, dict) else None
    if not isinstance(rows, list):
        return []
    return [row for row in rows if isinstance(row, list) and row]


def _name(rng: random.Random, request: Request) -> str:
    names = [entry["player"] for entry in _entries(request) if isinstance(entry.get("player"), str)]
    return rng.choice(names) if names else "Ann"


def _max_card(request: Request) -> int:
    value = request.get("max_card", 104) if isinstance(request, dict) else 104
    return value if type(value) is int and 1 <= value <= 104 else 104


def _set_card(rng: random.Random, request: Request, value: Any) -> Request:
    entries = _entries(request)
    if entries:
        entry = rng.choice(entries)
        if isinstance(entry.get("cards"), list) and entry["cards"]:
            entry["cards"][rng.randrange(len(entry["cards"]))] = value
        else:
            entry["card"] = value
    return request


def _fresh_cards(request: Request, count: int) -> list[int]:
    """Cards on neither the table nor in a hand, lowest first (empty if too few)."""
    used = {card for row in _rows(request) for card in row if type(card) is int}
    for entry in _entries(request):
        used.update(c for c in entry.get("cards", [entry.get("card")]) if type(c) is int)
    free = [card for card in range(1, _max_card(request) + 1) if card not in used]
    return free[:count] if len(free) >= count else []


def m_body(rng: random.Random, request: Request, variant: str) -> Request:
    return rng.choice(("rows", [request], None, 7, True, 2.5, []))


def m_variant(rng: random.Random, request: Request, variant: str) -> Request:
    request["variant"] = rng.choice((
        "Basic", "PROFESSIONAL", "pro", "", " basic", "quadruple", "6 nimmt", None, 3, True,
        ["basic"], {"name": "basic"}))
    return request


def m_max_card_type(rng: random.Random, request: Request, variant: str) -> Request:
    request["max_card"] = rng.choice(("104", True, False, 2.5, 44.5, None, [104], {"n": 104}))
    return request


def m_max_card_range(rng: random.Random, request: Request, variant: str) -> Request:
    request["max_card"] = rng.choice((0, -1, -104, 105, 1000, 10**20))
    return request


def m_max_card_small(rng: random.Random, request: Request, variant: str) -> Request:
    table = max((c for row in _rows(request) for c in row if type(c) is int), default=2)
    if rng.random() < 0.5 or table > 100:
        request["max_card"] = max(1, table - rng.randint(1, 3))  # below a table card
        return request
    request["max_card"] = table  # the table fits, a play may not
    _set_card(rng, request, table + rng.randint(1, 104 - table))
    return request


def m_rows_shape(rng: random.Random, request: Request, variant: str) -> Request:
    if rng.random() < 0.2:
        request.pop("rows", None)
    else:
        request["rows"] = rng.choice((None, "12 37 43 58", {}, 12, {"1": [12]}, True))
    return request


def m_rows_count(rng: random.Random, request: Request, variant: str) -> Request:
    rows = request["rows"]
    if rng.random() < 0.5:
        request["rows"] = rows[: rng.choice((0, 1, 2))]
    else:  # 6 or 7 rows (3 and 5 are the postscript's shapes: see shapes-refusals.json)
        extra = _fresh_cards(request, 3)
        request["rows"] = rows + [[card] for card in extra[: rng.choice((2, 3))]]
    return request


def m_row_not_list(rng: random.Random, request: Request, variant: str) -> Request:
    request["rows"][rng.randrange(4)] = rng.choice((12, "12", {"cards": [12]}, None, True))
    return request


def m_row_empty(rng: random.Random, request: Request, variant: str) -> Request:
    request["rows"][rng.randrange(4)] = []
    return request


def m_row_too_long(rng: random.Random, request: Request, variant: str) -> Request:
    top = _max_card(request)
    row = sorted(rng.sample(range(1, top + 1), rng.choice((6, 6, 7, 8))))
    if variant == "double" and rng.random() < 0.6:
        row = sorted(row[:6] + [rng.choice(row[:6])])  # six positions, seven cards
    request["rows"][rng.randrange(4)] = row
    return request


def m_row_not_ascending(rng: random.Random, request: Request, variant: str) -> Request:
    index = rng.randrange(4)
    row = request["rows"][index]
    if len(set(row)) >= 2:
        request["rows"][index] = row[::-1] if rng.random() < 0.5 else row[1:] + row[:1]
    elif variant != "double":
        request["rows"][index] = [row[0], row[0]]  # the same card twice: one deck
    else:  # Double: a lower card after a higher one, or twins apart (not stacked)
        other = rng.choice([c for c in range(1, _max_card(request) + 1) if c != row[0]])
        high, low = max(other, row[0]), min(other, row[0])
        request["rows"][index] = rng.choice(([high, low], [low, high, low]))
    return request


def m_row_bad_card(rng: random.Random, request: Request, variant: str) -> Request:
    row = request["rows"][rng.randrange(4)]
    row[rng.randrange(len(row))] = rng.choice(NOT_CARDS)
    return request


def m_row_card_range(rng: random.Random, request: Request, variant: str) -> Request:
    row = request["rows"][rng.randrange(4)]
    row[rng.randrange(len(row))] = rng.choice((0, -3, 105, 200, _max_card(request) + 1))
    return request


def m_table_twice(rng: random.Random, request: Request, variant: str) -> Request:
    rows = request["rows"]
    source, target = rng.sample(range(4), 2)
    card = rng.choice(rows[source])
    if variant == "double":
        rows[source] = sorted(rows[source] + [card])  # stacked; a third copy goes elsewhere
    rows[target] = sorted(rows[target][:3] + [card])
    return request


def m_plays_shape(rng: random.Random, request: Request, variant: str) -> Request:
    if rng.random() < 0.2:
        request.pop("plays", None)
    else:
        request["plays"] = rng.choice((None, "Ann 14", {"Ann": 14}, 14, True))
    return request


def m_plays_empty(rng: random.Random, request: Request, variant: str) -> Request:
    request["plays"] = []
    return request


def m_plays_over_twenty(rng: random.Random, request: Request, variant: str) -> Request:
    count = rng.randint(21, 24)
    cards = _fresh_cards({**request, "plays": [], "max_card": 104}, 2 * count) or list(range(count))
    key = "cards" if variant == "nifty" else "card"
    request["plays"] = [
        {"player": f"P{i % 12}", key: [cards[2 * i], cards[2 * i + 1]] if key == "cards"
         else cards[i]} for i in range(count)]
    request.pop("max_card", None)
    return request


def m_too_many_players(rng: random.Random, request: Request, variant: str) -> Request:
    count = rng.randint(11, 14 if variant == "hand" else 12)
    request.pop("max_card", None)
    per = 2 if variant == "nifty" else 1
    cards = _fresh_cards({**request, "plays": []}, per * count)
    names = [f"Speler {i + 1}" for i in range(count)]
    if variant == "nifty":
        request["plays"] = [{"player": n, "cards": cards[2 * i: 2 * i + 2]}
                            for i, n in enumerate(names)]
    else:
        request["plays"] = [{"player": n, "card": cards[i]} for i, n in enumerate(names)]
    request.pop("take", None)
    return request


def m_play_not_object(rng: random.Random, request: Request, variant: str) -> Request:
    plays = request["plays"]
    plays[rng.randrange(len(plays))] = rng.choice(("Ann", 14, ["Ann", 14], None, True))
    return request


def m_player_missing(rng: random.Random, request: Request, variant: str) -> Request:
    entry = rng.choice(_entries(request))
    if rng.random() < 0.15:
        entry.pop("player", None)
    else:
        entry["player"] = rng.choice((None, "", "   ", "\t\n", "\x1c\x1f", "\u3000\u2028", "\x85",
                                      12, True, ["Ann"], {"name": "Ann"}))
    return request


def m_name_too_long(rng: random.Random, request: Request, variant: str) -> Request:
    rng.choice(_entries(request))["player"] = rng.choice((
        "y" * 41, "\U0001f402" * 41, "  " + "z" * 41, "é" * 41, "Anna Maria " * 4,
        " " + "w" * 40 + " ", "\U0001f402" * 39 + "!"))  # the last two are allowed
    return request


def m_card_missing(rng: random.Random, request: Request, variant: str) -> Request:
    entry = rng.choice(_entries(request))
    key = "cards" if variant == "nifty" else "card"
    if rng.random() < 0.5:
        entry.pop(key, None)
        if variant == "nifty" and rng.random() < 0.5:
            entry["card"] = 14  # one card where two are asked for, under the wrong key
    else:
        entry[key] = None
    return request


def m_card_type(rng: random.Random, request: Request, variant: str) -> Request:
    if variant == "nifty" and rng.random() < 0.5:
        rng.choice(_entries(request))["cards"] = rng.choice(("14 15", 14, {"a": 1}, True, 2.5))
        return request
    value = rng.choice([v for v in NOT_CARDS if v is not None])
    return _set_card(rng, request, value)


def m_nifty_count(rng: random.Random, request: Request, variant: str) -> Request:
    entry = rng.choice(_entries(request))
    extra = _fresh_cards(request, 1) or [1]
    entry["cards"] = rng.choice(([], entry["cards"][:1], entry["cards"] + extra))
    return request


def m_card_range(rng: random.Random, request: Request, variant: str) -> Request:
    return _set_card(rng, request, rng.choice((0, -1, 105, _max_card(request) + 1, 10**20)))


def m_card_on_table(rng: random.Random, request: Request, variant: str) -> Request:
    card = rng.choice([c for row in request["rows"] for c in row])
    _set_card(rng, request, card)
    if variant == "double":
        _set_card(rng, request, card)  # maybe the same play again: then only two copies
    return request


def m_card_twice(rng: random.Random, request: Request, variant: str) -> Request:
    entries = _entries(request)
    if variant == "nifty" and (len(entries) < 2 or rng.random() < 0.3):
        entry = rng.choice(entries)
        entry["cards"] = [entry["cards"][0]] * 2
        return request
    if len(entries) < 2:
        entries.append({**copy.deepcopy(entries[0]), "player": "Twee"})
        request["plays"].append(entries[-1])
    first, second = rng.sample(entries, 2)
    key = "cards" if variant == "nifty" else "card"
    if key == "cards":
        second["cards"][rng.randrange(2)] = first["cards"][0]
    else:
        second["card"] = first["card"]
        if variant == "double":  # a third copy: a third play, or the table
            if len(entries) >= 3:
                third = next(e for e in entries if e is not first and e is not second)
                third["card"] = first["card"]
            else:
                request["rows"][0] = sorted(request["rows"][0][:4] + [first["card"]])
    return request


def m_player_repeated(rng: random.Random, request: Request, variant: str) -> Request:
    entries = _entries(request)
    name = rng.choice(entries)["player"]
    times = 3 if variant == "hand" else 2
    cards = _fresh_cards(request, 2 * times)
    if len(cards) < 2 * times:
        return request
    for i in range(times - 1):
        twin = copy.deepcopy(entries[0])
        twin["player"] = rng.choice((name, f" {name.strip()} ", name.strip()))
        twin["cards" if variant == "nifty" else "card"] = (
            cards[2 * i: 2 * i + 2] if variant == "nifty" else cards[i])
        request["plays"].insert(rng.randint(0, len(request["plays"])), twin)
    return request


def m_take_shape(rng: random.Random, request: Request, variant: str) -> Request:
    request["take"] = rng.choice(("Ann", [2], 2, True, "", 2.5, [["Ann", 2]]))
    return request


def m_take_unknown(rng: random.Random, request: Request, variant: str) -> Request:
    take = request.setdefault("take", {}) if isinstance(request.get("take"), dict) else {}
    take[rng.choice(("Zed", "", "  ", _name(rng, request).strip() + "x", "ann"))] = 1
    request["take"] = take
    return request


def m_take_row(rng: random.Random, request: Request, variant: str) -> Request:
    request["take"] = {_name(rng, request): rng.choice(
        (0, 5, -1, "2", True, None, 2.5, [2], {"row": 2}, 10**20))}
    return request


def m_place_shape(rng: random.Random, request: Request, variant: str) -> Request:
    name = _name(rng, request)
    roll = rng.random()
    if roll < 0.25:
        request["place"] = rng.choice(("Ann", [1], 3, True))
    elif roll < 0.5:
        request["place"] = {name: rng.choice(("left", 2, ["left"], True, 2.5))}
    else:
        side = rng.choice(("up", None, "LEFT", "Left", 1, "", ["left"], True))
        request["place"] = {name: {"row": rng.randint(1, 4), "side": side}}
    return request


def m_place_unknown(rng: random.Random, request: Request, variant: str) -> Request:
    who = rng.choice(("Zed", "", " ", _name(rng, request).strip() + "!"))
    request["place"] = {who: {"row": 1, "side": "left"}}
    return request


def m_place_row(rng: random.Random, request: Request, variant: str) -> Request:
    name = _name(rng, request)
    roll = rng.random()
    if roll < 0.2:
        request["place"] = {name: None}  # an empty choice: no row
    elif roll < 0.4:
        request["place"] = {name: {"side": rng.choice(("left", "right"))}}
    else:
        row = rng.choice((0, 5, -1, "2", True, None, 2.5, [2]))
        request["place"] = {name: {"row": row, "side": rng.choice(("left", "right"))}}
    return request


#: name -> (variants it applies to (None: any), cases alone, mutation)
MUTATIONS: dict[str, tuple[tuple[str, ...] | None, int, Mutation]] = {
    "body": (None, 10, m_body),
    "variant": (None, 14, m_variant),
    "max_card_type": (None, 12, m_max_card_type),
    "max_card_range": (None, 10, m_max_card_range),
    "max_card_small": (None, 16, m_max_card_small),
    "rows_shape": (None, 10, m_rows_shape),
    "rows_count": (None, 14, m_rows_count),
    "row_not_list": (None, 10, m_row_not_list),
    "row_empty": (None, 8, m_row_empty),
    "row_too_long": (None, 16, m_row_too_long),
    "row_not_ascending": (None, 20, m_row_not_ascending),
    "row_bad_card": (None, 16, m_row_bad_card),
    "row_card_range": (None, 12, m_row_card_range),
    "table_twice": (None, 16, m_table_twice),
    "plays_shape": (None, 10, m_plays_shape),
    "plays_empty": (None, 6, m_plays_empty),
    "plays_over_twenty": (None, 10, m_plays_over_twenty),
    "too_many_players": (None, 14, m_too_many_players),
    "play_not_object": (None, 10, m_play_not_object),
    "player_missing": (None, 20, m_player_missing),
    "name_too_long": (None, 16, m_name_too_long),
    "card_missing": (None, 16, m_card_missing),
    "card_type": (None, 24, m_card_type),
    "nifty_count": (("nifty",), 14, m_nifty_count),
    "card_range": (None, 16, m_card_range),
    "card_on_table": (None, 16, m_card_on_table),
    "card_twice": (None, 24, m_card_twice),
    "player_repeated": (None, 20, m_player_repeated),
    "take_shape": (None, 10, m_take_shape),
    "take_unknown": (None, 12, m_take_unknown),
    "take_row": (None, 16, m_take_row),
    "place_shape": (None, 20, m_place_shape),
    "place_unknown": (None, 10, m_place_unknown),
    "place_row": (None, 16, m_place_row),
}


def bad_place_choices(rng: random.Random, ties: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A tie settled by a place that is not one of its options, first or second tie."""
    cases = []
    seconds = [case for case in ties if "second-tie" in features(case)]
    for second, chosen in ((False, ties[:30]), (True, seconds[:15])):
        for case in chosen:
            request = clone(case["request"])
            tie = case["answer"]["tie"]
            if second:  # the second tie is met while the answer lists the first one's outcomes
                tie = next(o["tie"] for o in case["answer"]["tie_outcomes"] if "tie" in o)
            options = [(o["row"], o["side"]) for o in tie["options"]]
            wrong = rng.choice([(row, side) for row in range(1, 5) for side in ("left", "right")
                                if (row, side) not in options])
            request["place"] = {tie["player"]: {"row": wrong[0], "side": wrong[1]}}
            cases.append(outcome(request))
    return cases


def refusal_cases(rng: random.Random, ties: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every refusal alone, then two or three at once, then Professional place errors."""
    cases = []

    def base(variants: tuple[str, ...] | None) -> tuple[dict[str, Any], str]:
        variant = rng.choice(variants or VARIANTS)
        request = candidate(rng, variant)
        request.pop("place", None)
        if rng.random() < 0.7:
            request.pop("take", None)
        return request, variant

    for variants, count, mutation in MUTATIONS.values():
        for _ in range(count):
            request, variant = base(variants)
            cases.append(outcome(mutation(rng, request, variant)))
    names = [name for name in MUTATIONS if name != "body"]
    for _ in range(320):
        request, variant = base(None)
        for name in rng.sample(names, rng.choice((2, 2, 3))):
            variants, _, mutation = MUTATIONS[name]
            if (variants is None or variant in variants) and isinstance(request, dict):
                try:
                    request = mutation(rng, request, variant)
                except (KeyError, IndexError, TypeError, ValueError, AttributeError):
                    pass  # an earlier break left nothing for this one to break
        cases.append(outcome(request))
    cases.extend(bad_place_choices(rng, ties))
    return cases


# -- the postscript's shapes: 3 to 5 rows, a row taken by its 5th, 6th or 7th card --------

#: Every shape a table may choose: ``(rows, takes_at)``.
SHAPES = tuple((rows, takes_at) for rows in (3, 4, 5) for takes_at in (5, 6, 7))
#: The shape files are drawn from their own seed, so the default files stay as they are.
SHAPE_SEED = SEED + 1

#: Per variant, in each shape: how many cases each situation gets at least, and in all.
SHAPE_QUOTAS: dict[str, tuple[int, dict[str, int]]] = {
    "basic": (16, {"rule3": 5, "rule4": 5, "default": 3, "chosen": 2, "alternatives": 2}),
    "professional": (14, {"rule3": 4, "rule4": 3, "left": 4, "left-full": 1, "tie": 3,
                          "place": 2}),
    "double": (16, {"rule3": 4, "rule4": 3, "stacked": 5, "twin-laid": 3, "shared3": 1,
                    "shared4": 2, "chosen": 1}),
    "nifty": (14, {"rule3": 4, "rule4": 4, "alternatives": 2, "chosen": 2}),
    "hand": (14, {"rule3": 4, "rule4": 4, "alternatives": 2, "chosen": 2}),
}


def shape_of(request: Request) -> tuple[int, Any]:
    """``(rows, takes_at)`` of a request as sent (``takes_at`` 6 when it is left out)."""
    rows = request.get("rows") if isinstance(request, dict) else None
    takes_at = request.get("takes_at", 6) if isinstance(request, dict) else 6
    return (len(rows) if isinstance(rows, list) else 0), takes_at


def m_shape_rows_count(rng: random.Random, request: Request, variant: str) -> Request:
    """Fewer than 3 rows or more than 5."""
    rows = request["rows"]
    if rng.random() < 0.5:
        request["rows"] = rows[: rng.choice((0, 1, 2, 2))]
    else:
        extra = _fresh_cards(request, 4)
        while len(rows) < 6 and extra:
            rows = rows + [[extra.pop()]]
        if rng.random() < 0.3 and extra:
            rows = rows + [[extra.pop()]]
        request["rows"] = rows
    return request


#: ``takes_at`` values that are not 5, 6 or 7: out of range, or not a whole number (whole
#: floats such as 6.0 are left out: JSON gives them to JavaScript as integers).
BAD_TAKES_AT = (4, 8, 0, -6, 3, 9, 10**20, "6", "7", "", True, False, 6.5, 5.5, None, [6],
                {"takes_at": 6})


def m_takes_at(rng: random.Random, request: Request, variant: str) -> Request:
    request["takes_at"] = rng.choice(BAD_TAKES_AT)
    return request


def m_row_too_long_for_shape(rng: random.Random, request: Request, variant: str) -> Request:
    """A row of exactly ``takes_at`` positions (one too many), or more."""
    count, takes_at = shape_of(request)
    length = takes_at + rng.choice((0, 0, 0, 1, 2))
    cards = _fresh_cards(request, length) or list(range(1, length + 1))
    row = sorted(rng.sample(cards, length)) if len(cards) > length else cards
    if variant == "double" and rng.random() < 0.5:
        row = sorted(row + [rng.choice(row)])  # a stacked twin: the same positions
    request["rows"][rng.randrange(count)] = row
    return request


def m_shape_take_row(rng: random.Random, request: Request, variant: str) -> Request:
    """A rule-4 choice of a row the table does not have (r + 1), or row 0."""
    count, _ = shape_of(request)
    request["take"] = {_name(rng, request): rng.choice((count + 1, count + 1, 0, 6))}
    return request


def m_shape_place_row(rng: random.Random, request: Request, variant: str) -> Request:
    count, _ = shape_of(request)
    request["place"] = {_name(rng, request): {"row": count + 1,
                                              "side": rng.choice(("left", "right"))}}
    return request


#: name -> (variants it applies to (None: any), cases alone, mutation)
SHAPE_MUTATIONS: dict[str, tuple[tuple[str, ...] | None, int, Mutation]] = {
    "rows_count": (None, 24, m_shape_rows_count),
    "takes_at": (None, 34, m_takes_at),
    "row_too_long": (None, 40, m_row_too_long_for_shape),
    "take_row": (None, 18, m_shape_take_row),
    "place_row": (("professional",), 10, m_shape_place_row),
}


def shape_refusal_cases(rng: random.Random) -> list[dict[str, Any]]:
    """Every shape refusal alone, then with another refusal (which pins the order)."""
    cases = []

    def base(variants: tuple[str, ...] | None) -> tuple[dict[str, Any], str]:
        variant = rng.choice(variants or VARIANTS)
        request = candidate(rng, variant, rng.choice(SHAPES), players=rng.randint(1, 6))
        request.pop("place", None)
        if rng.random() < 0.7:
            request.pop("take", None)
        return request, variant

    for variants, count, mutation in SHAPE_MUTATIONS.values():
        for _ in range(count):
            request, variant = base(variants)
            cases.append(outcome(mutation(rng, request, variant)))
    others = [name for name in MUTATIONS if name != "body"]
    for _ in range(70):
        request, variant = base(None)
        first = SHAPE_MUTATIONS[rng.choice(list(SHAPE_MUTATIONS))]
        second = MUTATIONS[rng.choice(others)]
        for variants, _, mutation in rng.sample((first, second), 2):
            if (variants is None or variant in variants) and isinstance(request, dict):
                try:
                    request = mutation(rng, request, variant)
                except (KeyError, IndexError, TypeError, ValueError, AttributeError):
                    pass  # an earlier break left nothing for this one to break
        cases.append(outcome(request))
    return cases


def shape_files(seed: int = SHAPE_SEED) -> dict[str, list[dict[str, Any]]]:
    """``{"shapes-basic": [...], ..., "shapes-refusals": [...]}``: every variant in every
    shape, then the shapes' refusals."""
    rng = random.Random(seed)
    ties: list[dict[str, Any]] = []
    files = {f"shapes-{variant}": [case for shape in SHAPES
                                   for case in variant_cases(rng, variant, ties, shape)]
             for variant in VARIANTS}
    files["shapes-refusals"] = shape_refusal_cases(rng)
    return files


# -- the files ---------------------------------------------------------------------------

def four(*cards: int) -> list[dict[str, Any]]:
    """Plays of the players A, B, C and D, in that order."""
    return [{"player": p, "card": c} for p, c in zip("ABCD", cards, strict=True)]


#: The booklets' and the API's examples, worked by hand (tests/test_placement_vectors.py
#: asserts their answers literally); each file starts with its own.
BOOKLET: dict[str, list[dict[str, Any]]] = {
    "basic": [
        {"variant": "basic", "rows": [[12], [37], [43], [58]],
         "plays": [{"player": "Ann", "card": 14}, {"player": "Bob", "card": 44}],
         "take": {"Ann": 2}, "max_card": 104},
        {"rows": [[12], [37], [43], [58]],
         "plays": [{"player": p, "card": c} for p, c in (("Ann", 14), ("Bob", 15), ("Cas", 44),
                                                         ("Dirk", 61))]},
        {"rows": [[12, 14, 15], [37], [43, 44], [58, 61]],
         "plays": four(21, 26, 30, 36)},
        {"rows": [[30, 36], [37], [43, 44], [58, 61]],
         "plays": four(3, 9, 68, 83)},
        {"rows": [[30, 36], [37], [43, 44], [58, 61]],
         "plays": [{"player": "A", "card": 3}], "take": {"A": 4}},
    ],
    "professional": [
        {"variant": "professional", "rows": [[10], [30], [50], [70]],
         "plays": [{"player": "Ann", "card": 40}, {"player": "Bob", "card": 12}]},
        {"variant": "professional", "rows": [[10], [30], [50], [70]],
         "plays": [{"player": "Ann", "card": 40}, {"player": "Bob", "card": 12}],
         "place": {"Ann": {"row": 3, "side": "left"}}},
    ],
    "double": [
        {"variant": "double", "rows": [[1, 2, 3, 4, 10], [30], [50], [70]],
         "plays": [{"player": "A", "card": 12}, {"player": "B", "card": 12}]},
        {"variant": "double", "rows": [[12, 14, 14, 20, 22], [60], [70], [80]],
         "plays": [{"player": "A", "card": 25}, {"player": "B", "card": 27}]},
    ],
    "nifty": [
        {"variant": "nifty", "rows": [[10], [20], [30], [40]],
         "plays": [{"player": "A", "cards": [25, 12]}, {"player": "B", "cards": [11, 45]}]},
    ],
    "hand": [
        {"variant": "hand", "rows": [[10], [20], [30], [40]],
         "plays": [{"player": "A", "card": 25}, {"player": "B", "card": 22}]},
    ],
    "refusals": [
        {"rows": [[12], [37], [43], [58, 40]], "plays": [{"player": "Ann", "card": 14}]},
    ],
}


def by_hand(*pairs: tuple[str, Any]) -> list[dict[str, Any]]:
    return [{"player": player, "cards" if isinstance(card, list) else "card": card}
            for player, card in pairs]


#: The shapes' examples, worked by hand (tests/test_placement_vectors.py asserts several
#: literally); each shape file starts with its own.
SHAPE_EXAMPLES: dict[str, list[dict[str, Any]]] = {
    "shapes-basic": [
        # "5 nimmt" on 3 rows: the 5th card takes the 4 (1 + 1 + 2 + 3 bullheads).
        {"rows": [[12, 14, 15, 20], [37], [43]], "takes_at": 5, "plays": by_hand(("Ann", 21))},
        # "7 nimmt" on 5 rows: the 6th card joins the row, the 7th takes all six.
        {"rows": [[1, 2, 3, 4, 5], [37], [43], [58], [90]], "takes_at": 7,
         "plays": by_hand(("Ann", 6), ("Bob", 7))},
        # 5 rows: row 5 may be taken under rule 4; by default the cheapest (row 4: 61).
        {"rows": [[30], [40], [50], [61], [70]], "plays": by_hand(("Ann", 5)), "take": {"Ann": 5}},
        {"rows": [[30], [40], [50], [61], [70]], "plays": by_hand(("Ann", 5))},
        {"rows": [[10], [20], [30]], "takes_at": 6, "plays": by_hand(("Ann", 25), ("Bob", 5))},
    ],
    "shapes-professional": [
        {"variant": "professional", "rows": [[10], [30], [50]], "takes_at": 5,
         "plays": by_hand(("Ann", 40))},
        {"variant": "professional", "rows": [[2, 3, 4, 5], [30], [50]], "takes_at": 5,
         "plays": by_hand(("Ann", 1))},
    ],
    "shapes-double": [
        # [12, 14, 14, 20, 22]: 5 cards, 4 positions; with takes_at 5 the next card takes them.
        {"variant": "double", "rows": [[12, 14, 14, 20, 22], [60], [70]], "takes_at": 5,
         "plays": by_hand(("A", 25), ("B", 27))},
        {"variant": "double", "rows": [[12, 14, 14, 20, 22], [60], [70], [80], [90]],
         "takes_at": 7, "plays": by_hand(("A", 22), ("B", 25))},
    ],
    "shapes-nifty": [
        {"variant": "nifty", "rows": [[10], [20], [30], [40], [50]], "takes_at": 7,
         "plays": by_hand(("A", [25, 12]), ("B", [11, 45]))},
    ],
    "shapes-hand": [
        {"variant": "hand", "rows": [[10, 11, 12, 13], [20], [30]], "takes_at": 5,
         "plays": by_hand(("A", 25), ("B", 14))},
    ],
    "shapes-refusals": [
        {"rows": [[1], [2]], "plays": by_hand(("Ann", 14))},
        {"rows": [[1], [2], [3], [4], [5], [6]], "plays": by_hand(("Ann", 14))},
        *({"rows": [[1], [2], [3], [4]], "takes_at": value, "plays": by_hand(("Ann", 14))}
          for value in (4, 8, "6", True, 6.5, None)),
        {"rows": [[1, 2, 3, 4, 5], [9], [10]], "takes_at": 5, "plays": by_hand(("Ann", 14))},
        {"rows": [[1, 2, 3, 4, 5, 6, 7], [9], [10]], "takes_at": 7, "plays": by_hand(("Ann", 14))},
        {"rows": [[30], [40], [50]], "plays": by_hand(("Ann", 5)), "take": {"Ann": 4}},
        # Checked in this order: max_card, takes_at, rows.
        {"rows": [[1], [2]], "takes_at": 8, "plays": by_hand(("Ann", 14)), "max_card": 0},
        {"rows": [[1], [2]], "takes_at": 8, "plays": by_hand(("Ann", 14))},
    ],
}


def cases_by_file(seed: int = SEED) -> dict[str, list[dict[str, Any]]]:
    """Every file's cases, in order: ``{"basic": [...], ..., "refusals": [...]}``, then
    the shape files ``{"shapes-basic": [...], ..., "shapes-refusals": [...]}``."""
    rng = random.Random(seed)
    ties: list[dict[str, Any]] = []
    files = {variant: variant_cases(rng, variant, ties) for variant in VARIANTS}
    files["refusals"] = refusal_cases(rng, ties)
    files.update(shape_files())
    examples = {**BOOKLET, **SHAPE_EXAMPLES}
    return {name: [outcome(request) for request in examples[name]] + cases
            for name, cases in files.items()}


def render(cases: list[dict[str, Any]]) -> str:
    """One case a line, so a changed answer is a one-line diff."""
    return "[\n" + ",\n".join(json.dumps(case, separators=(",", ":")) for case in cases) + "\n]\n"


def main() -> None:
    DIRECTORY.mkdir(exist_ok=True)
    total = 0
    for name, cases in cases_by_file().items():
        path = DIRECTORY / f"{name}.json"
        text = render(cases)
        path.write_text(text, encoding="utf-8")
        total += len(text)
        shown: dict[str, int] = {}
        for case in cases:
            refusals = name.endswith("refusals")
            for key in features(case) if not refusals else {case.get("error", "ok")}:
                shown[key] = shown.get(key, 0) + 1
        print(f"{path.relative_to(HERE.parent.parent)}: {len(cases)} cases, {len(text)} bytes")
        print("   ", ", ".join(f"{key} {count}" for key, count in sorted(shown.items())))
    print(f"total {total} bytes")


if __name__ == "__main__":
    main()
