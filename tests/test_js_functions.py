"""No function in static/js is longer than :data:`LONGEST` lines, as in the Python.

The scripts are written with one statement per line and a function's closing brace at the
indentation of its opening line; a function whose end cannot be found that way fails the
test too, so a change of layout cannot hide a long function.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted((ROOT / "static" / "js").rglob("*.js"))
#: The longest a function may be, its first and last lines included.
LONGEST = 60
_KEYWORDS = {"if", "for", "while", "switch", "catch", "function", "return", "else"}
#: ``function name(``, ``const name = (...) => {`` and an object's method ``name(...) {``.
_START = re.compile(
    r"^(?P<indent>\s*)(?:(?:export\s+)?(?:async\s+)?function\s*\*?\s*(?P<name>[\w$]*)\s*\("
    r"|(?:export\s+)?(?:const|let)\s+(?P<arrow>[\w$]+)\s*=\s*(?:async\s*)?"
    r"(?:\([^)]*\)|[\w$]+)\s*=>\s*\{\s*$"
    r"|(?:async\s+)?(?P<method>[\w$]+)\s*\([^)]*\)\s*\{\s*$)")


def functions(path: Path) -> list[tuple[str, int, int]]:
    """``(name, first line, length)`` of each function of ``path``; length 0: no end found."""
    lines = path.read_text(encoding="utf-8").split("\n")
    found = []
    for index, line in enumerate(lines):
        match = _START.match(line)
        if not match:
            continue
        name = match["name"] or match["arrow"] or match["method"] or "(anonymous)"
        if match["method"] in _KEYWORDS:
            continue
        indent = match["indent"]
        end = next((later for later in range(index, len(lines))
                    if re.match(rf"^{indent}\}}[;),]*\s*$", lines[later])
                    or (later == index and line.rstrip().endswith("}"))), None)
        found.append((name, index + 1, 0 if end is None else end - index + 1))
    return found


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_function_is_short(path):
    found = functions(path)
    unread = [(name, line) for name, line, length in found if length == 0]
    assert not unread, f"no end found for {unread}"
    long = [(name, line, length) for name, line, length in found if length > LONGEST]
    assert not long, f"longer than {LONGEST} lines: {long}"


def test_the_reader_finds_functions_and_their_ends(tmp_path):
    script = tmp_path / "a.js"
    script.write_text("export function a(x) {\n  return x;\n}\n\nconst b = (y) => {\n"
                      "  if (y) {\n    return 1;\n  }\n  return 2;\n};\n"
                      "const o = {\n  start(z) {\n    z();\n  },\n};\n", encoding="utf-8")
    assert functions(script) == [("a", 1, 3), ("b", 5, 6), ("start", 12, 3)]
    assert len(SCRIPTS) > 20 and sum(len(functions(path)) for path in SCRIPTS) > 200
