"""The pages' JavaScript counts bullheads exactly like the engine (run in Node)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from scorekeeper.engine import BULLHEADS
from tests.conftest import require_node

CARDS_JS = Path(__file__).resolve().parent.parent / "static" / "js" / "engine" / "cards.js"


def test_cards_js_matches_the_engine_for_every_card():
    script = (
        f"import {{ bullheads }} from {json.dumps(CARDS_JS.as_uri())};"
        "console.log(JSON.stringify(Array.from({length: 104}, (_, i) => bullheads(i + 1))));"
    )
    out = subprocess.run(
        [require_node(), "--input-type=module", "-e", script],
        capture_output=True, text=True, check=True, timeout=30,
    ).stdout
    assert json.loads(out) == list(BULLHEADS[1:])
