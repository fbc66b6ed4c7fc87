"""``static/js/engine/limits.js`` is what ``scorekeeper/js_limits.py`` writes from the
Python's limits, so the browser's scripts and the server share each limit, written once."""

from __future__ import annotations

import re
from pathlib import Path

from scorekeeper import js_limits as generator

ROOT = Path(__file__).resolve().parent.parent


def test_the_committed_module_is_what_the_generator_writes():
    assert generator.PATH.read_text(encoding="utf-8") == generator.render(), (
        "the limits changed: run .venv/bin/python -m scorekeeper.js_limits")


def test_it_holds_the_engines_limits_by_their_python_names():
    text = generator.PATH.read_text(encoding="utf-8")
    for name, value in (("MAX_CARD", 104), ("MAX_NAME", 40), ("MAX_PLAYERS", 10),
                        ("MIN_ROWS", 3), ("MAX_TAKES_AT", 7), ("HAND_SIZE", 10),
                        ("MAX_THRESHOLD", 1000), ("SHOWN_LENGTH", 40), ("FIELD_LIMIT", 60)):
        assert f"export const {name} = {value};" in text, name
    assert "return 10 * players + 4;" in text


def test_no_script_spells_the_deck_or_a_name_limit_itself():
    """The numbers that were written again in the scripts now come from engine/limits.js only."""
    scripts = [path for path in (ROOT / "static" / "js").rglob("*.js")
               if path.name != "limits.js"]
    for path in scripts:
        code = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
        code = re.sub(r"(?m)^\s*//.*$|\s//\s.*$", "", code)  # comments, not "://" in text
        assert not re.search(r"\b104\b", code), path
        assert not re.search(r"(?i)max_?name\s*[:=]\s*\d", code), path
