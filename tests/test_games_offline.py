"""Games started on a phone without a connection: the offline score sheet page, and the
phone's checks (static/js/offline-rules.js, run in Node) agreeing with the engine's."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
from pathlib import Path

from scorekeeper.engine.deal import make_entry, score_deal
from scorekeeper.engine.errors import RulesError
from scorekeeper.engine.settings import make_settings
from tests.conftest import require_node

ROOT = Path(__file__).resolve().parent.parent
RULES_JS = ROOT / "static" / "js" / "offline-rules.js"
_spec = importlib.util.spec_from_file_location(
    "make_deal_vectors", ROOT / "tests" / "vectors" / "make_deal_vectors.py")
assert _spec and _spec.loader
vectors = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(vectors)


def run_node(function: str, cases: list) -> list:
    """Each case through ``function`` of offline-rules.js; its answers, in order, a refusal
    as ``{"code": ..., "fields": ...}``."""
    script = (
        f"import * as rules from {json.dumps(RULES_JS.as_uri())};"
        f"const cases = {json.dumps(cases)};"
        "const run = (c) => { try { return rules." + function + "(...c); } catch (error) {"
        " if (!error.code) throw error; return { code: error.code, fields: error.fields }; } };"
        "console.log(JSON.stringify(cases.map(run)));"
    )
    out = subprocess.run([require_node(), "--input-type=module", "-e", script], capture_output=True,
                         text=True, check=True, timeout=30).stdout
    return json.loads(out)


def test_the_phone_accepts_and_refuses_a_new_game_as_the_engine_does():
    forms = [vectors.start_form(f) for f in vectors.FORMS]
    answers = run_node("checkSettings", [[f] for f in forms])
    for form, answer in zip(forms, answers, strict=True):
        try:
            settings = vectors.engine_settings(form)
        except RulesError as error:
            assert answer.get("code") == type(error).__name__, (form, answer)
            assert answer["fields"] == error.fields, (form, answer)
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
            assert answer["fields"] == error.fields, (answer, error.fields)
            continue
        assert answer.get("scores") == score_deal(settings, entry), (settings, typed)


def catalog_of(html: str) -> dict:
    """The page's one catalog (scorekeeper/web/catalog.py)."""
    found = re.findall(r'<script type="application/json" id="catalog">(.*?)</script>', html, re.S)
    assert len(found) == 1
    return json.loads(found[0])


def test_the_offline_sheet_is_a_shell_in_the_page_language(client):
    html = client.get("/games/offline?lang=de").get_data(as_text=True)
    assert '<html lang="de">' in html and 'data-lang="de"' in html
    assert 'data-sheet="/games/{id}"' in html and 'data-games="/api/v1/games"' in html
    words = catalog_of(html)
    assert words["sentences"]["deal"] == "Durchgang %(number)s"
    assert words["refusals"]["DuplicatePlayer"].startswith("Der Name „%(player)s“")
    assert set(words["refusals"]) >= {"DealOverBound", "DealUnderBound", "BadBullheads"}
    assert re.search(r'src="/static/js/offline-game\.js\?v=[0-9a-f]{12}"', html)


def test_the_start_page_can_start_a_game_on_the_phone(client):
    html = client.get("/?lang=nl").get_data(as_text=True)
    assert 'data-offline="/games/offline"' in html
    words = catalog_of(html)
    assert words["refusals"]["PlayerCount"] == (
        "Een spel heeft 2 tot en met 10 spelers nodig, niet %(count)s.")
    assert words["plurals"]["deals"] == ["%(num)s spelronde", "%(num)s spelrondes"]
