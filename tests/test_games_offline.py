"""Games started on a phone without a connection: the offline score sheet page, and the
phone's checks (static/js/offline-rules.js, run in Node) agreeing with the engine's."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

from scorekeeper.engine.deal import make_entry, score_deal
from scorekeeper.engine.errors import RulesError
from scorekeeper.engine.settings import make_settings
from tests.conftest import require_node

RULES_JS = Path(__file__).resolve().parent.parent / "static" / "js" / "offline-rules.js"


def run_node(function: str, cases: list) -> list:
    """Each case through ``function`` of offline-rules.js; its answers, in order."""
    script = (
        f"import * as rules from {json.dumps(RULES_JS.as_uri())};"
        f"const cases = {json.dumps(cases)};"
        f"console.log(JSON.stringify(cases.map((c) => rules.{function}(...c))));"
    )
    out = subprocess.run([require_node(), "--input-type=module", "-e", script], capture_output=True,
                         text=True, check=True, timeout=30).stdout
    return json.loads(out)


FORMS = [
    {"players": ["Ann", "Bob", "", ""]},
    {"players": [" Ann ", "Bob", "Cas"], "rows": "5", "takes_at": "5", "hand_size": "12"},
    {"players": ["Ann"]},
    {"players": ["Ann", "ann"]},
    {"players": ["Ann", "x" * 41]},
    {"players": [f"P{i}" for i in range(11)]},
    {"players": ["Ann", "Bob"], "threshold": "0"},
    {"players": ["Ann", "Bob"], "threshold": "abc"},
    {"players": ["Ann", "Bob"], "threshold": "1001"},
    {"players": ["Ann", "Bob"], "end": "deals", "fixed_deals": "3"},
    {"players": ["Ann", "Bob"], "end": "deals", "fixed_deals": ""},
    {"players": ["Ann", "Bob"], "end": "deals", "fixed_deals": "201"},
    {"players": ["Ann", "Bob"], "variant": "nifty"},
    {"players": ["Ann", "Bob"], "rows": "2"},
    {"players": ["Ann", "Bob"], "rows": "6"},
    {"players": ["Ann", "Bob"], "takes_at": "8"},
    {"players": ["Ann", "Bob"], "hand_size": "9"},
    {"players": ["Ann", "Bob"], "hand_size": "zehn"},
    {"players": ["Ann", "Bob"], "hand_size": "50"},
    {"players": ["Ann", "Bob"], "hand_size": "51"},
    {"players": [f"P{i}" for i in range(10)]},
    {"players": [f"P{i}" for i in range(10)], "rows": "5"},
    {"players": ["A", "B", "C"], "variant": "tactics", "rows": "5"},
    {"players": ["A", "B", "C"], "variant": "tactics", "rows": "3"},
    {"players": ["A", "B", "C"], "variant": "double", "hand_size": "60"},
    {"players": ["A", "B", "C"], "variant": "double", "hand_size": "68"},
    {"players": ["A", "B"], "variant": "hand", "virgin_doubling": True},
]


def full(form: dict) -> dict:
    return {"end": "threshold", "threshold": "66", "fixed_deals": "", "virgin_doubling": False,
            "variant": "basic", "rows": "4", "takes_at": "6", "hand_size": "10", **form}


def engine_settings(form: dict):
    """What the start page makes of the form (the same steps as views.index)."""
    names = [n.strip() for n in form["players"] if n.strip()]
    end = (None, form["fixed_deals"]) if form["end"] == "deals" else (form["threshold"], None)
    digits = {k: int(form[k]) if form[k].isdigit() else form[k]
              for k in ("rows", "takes_at", "hand_size")}
    return make_settings(names, *end, form["virgin_doubling"], form["variant"], **digits)


def test_the_phone_accepts_and_refuses_a_new_game_as_the_engine_does():
    forms = [full(f) for f in FORMS]
    answers = run_node("checkSettings", [[f] for f in forms])
    for form, answer in zip(forms, answers, strict=True):
        try:
            settings = engine_settings(form)
        except RulesError as error:
            assert answer.get("code") == type(error).__name__, (form, answer)
            continue
        assert "code" not in answer, (form, answer)
        got = answer["settings"]
        assert tuple(got["players"]) == settings.players
        assert (got["threshold"], got["fixed_deals"], got["virgin_doubling"], got["variant"],
                got["rows"], got["takes_at"], got["hand_size"]) == (
            settings.threshold, settings.fixed_deals, settings.virgin_doubling,
            settings.variant, settings.rows, settings.takes_at, settings.hand_size)


SHAPES = [
    {"players": ["Ann", "Bob"]},
    {"players": ["Ann", "Bob", "Cas"], "virgin_doubling": True},
    {"players": ["A", "B", "C", "D"]},
    {"players": ["A", "B", "C", "D"], "variant": "hand"},
    {"players": ["A", "B", "C", "D", "E", "F"], "variant": "double"},
    {"players": ["A", "B", "C"], "variant": "tactics"},
    {"players": ["A", "B", "C"], "rows": 5, "takes_at": 5, "hand_size": 12},
    {"players": ["A", "B", "C", "D", "E"], "rows": 3, "takes_at": 7, "hand_size": 15},
]


def deal_cases():
    """For each shape: totals around both bounds, and a typing mistake."""
    for shape in SHAPES:
        settings = make_settings(**shape)
        for total in {0, settings.lower_bound - 1, settings.lower_bound, 40,
                      settings.bound, settings.bound + 1}:
            if total < 0:
                continue
            stack = {n: "" for n in settings.players}
            stack[settings.players[0]] = str(total)
            hand = {n: "0" for n in settings.players} if shape.get("variant") == "hand" else {}
            yield settings, {"bullheads": stack, "hand": hand}
        yield settings, {"bullheads": {n: "2x" for n in settings.players}, "hand": {}}


def test_the_phone_checks_a_deal_as_the_engine_does():
    cases = list(deal_cases())
    node_settings = [{
        "players": list(s.players), "threshold": s.threshold, "fixed_deals": s.fixed_deals,
        "virgin_doubling": s.virgin_doubling, "variant": s.variant, "rows": s.rows,
        "takes_at": s.takes_at, "hand_size": s.hand_size} for s, _ in cases]
    answers = run_node("checkDeal", [[ns, typed] for ns, (_, typed) in
                                     zip(node_settings, cases, strict=True)])
    for (settings, typed), answer in zip(cases, answers, strict=True):
        counts = {n: v or "0" for n, v in typed["bullheads"].items()}
        hand = ({n: v or "0" for n, v in typed["hand"].items()}
                if settings.variant == "hand" else None)
        try:
            entry = make_entry(settings, counts, hand)
        except RulesError as error:
            assert answer.get("code") == type(error).__name__, (settings, typed, answer)
            fields = {k: v for k, v in vars(error).items()}
            assert {k: answer[k] for k in fields} == fields, (answer, fields)
            continue
        assert answer.get("scores") == score_deal(settings, entry), (settings, typed)


def test_the_offline_sheet_is_a_shell_in_the_page_language(client):
    html = client.get("/games/offline?lang=de").get_data(as_text=True)
    assert '<html lang="de">' in html and 'data-lang="de"' in html
    assert 'data-sheet="/games/{id}"' in html and 'data-games="/api/v1/games"' in html
    words = json.loads(re.search(r'<script type="application/json" id="offline-words">(.*?)'
                                 r'</script>', html, re.S).group(1))
    assert words["deal"] == "Runde {number}"
    assert words["refusals"]["DuplicatePlayer"].startswith("Der Name „{player}“")
    assert set(words["refusals"]) >= {"DealOverBound", "DealUnderBound", "BadBullheads"}
    assert re.search(r'src="/static/js/offline-game\.js\?v=[0-9a-f]{12}"', html)


def test_the_start_page_can_start_a_game_on_the_phone(client):
    html = client.get("/?lang=nl").get_data(as_text=True)
    assert 'data-offline="/games/offline"' in html
    words = json.loads(re.search(r'id="start-words">(.*?)</script>', html, re.S).group(1))
    assert words["refusals"]["PlayerCount"] == (
        "Een spel heeft 2 tot 10 spelers nodig, niet {count}.")
    assert words["deals"] == ["{num} ronde", "{num} rondes"]
