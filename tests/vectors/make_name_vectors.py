"""Write ``tests/vectors/names.json``: what a typed search and a player's name are compared
and sorted by, and what a season matches its players by across venues
(:func:`scorekeeper.engine.names.plain_key`).

Run from the repository root (``make vectors`` does)::

    .venv/bin/python tests/vectors/make_name_vectors.py

"Where do I sit?" narrows its list in the browser as a player types
(``static/js/engine/names.js`` ``plainKey``) and answers on the server without a script; the wall
list sorts by the same key. Each case is a text and its key; ``tests/js/names.test.mjs``
reads the same file in Node, and ``tests/test_name_vectors.py`` checks that the committed
file is what this script writes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if __name__ == "__main__":  # run as a script: make the repository importable
    sys.path.insert(0, str(HERE.parent.parent))

from scorekeeper.engine.names import plain_key  # noqa: E402

PATH = HERE / "names.json"

#: Names a club evening meets, and what players type to find them.
TEXTS = (
    "Søren Ødegård", "SØREN", "sor", "ode", "Łukasz Żak", "łukasz", "luk", "Małgorzata Wójcik",
    "malg", "Jürgen Müller", "jur", "Groß", "GROSS", "ẞ", "Weiß", "weiss", "Ülkü Şahin",
    "ulku", "Çelik", "Đorđe Đukić", "dorde", "Æsa Ærø", "aesa", "Œuvre", "Þór Þorsteinsson",
    "thor", "İlkay", "ılgın", "Ñoño", "Zoë Bakker", "Zoe\u0308", "Émile", "Ëlise Möller",
    "  Jan  de\tVries ", "ΟΔΟΣ", "Ιωάννης", "Jiří Dvořák", "李雷", "ﬁne", "Ａnn", "Ōtsuka",
    "Nguyễn Thị", "Håkon", "Ŋoŋo", "Ħal", "Ŧomas", "Ƀ", "ŀl", "Ĳssel", "Ǆemal", "Ångström",
    "José Álvarez", "jose alvarez", "", "   ", "x",
    # Marks that are letters of their own stay (Kiran, Karan), a compatibility letter
    # folds once more, a stroked letter with a mark on it, Hangul composed again, a
    # Greek final sigma, a lone mark, Vietnamese with two marks on one letter.
    "किरण", "करण", "𝐀nn", "Ǿrsted", "한국", "ΣΟΦΟΣ", "σοφος", "\u0301 Ann", "ᵑo", "Ŀ",
    "Trần Hưng Đạo", "ſimon", "Ann\u0085Bo",
)


def document() -> dict:
    return {"plain_keys": [[text, plain_key(text)] for text in TEXTS]}


def render(data: dict) -> str:
    """One case a line: a change of the rule shows as the lines it changes."""
    lines = ",\n".join("  " + json.dumps(case, ensure_ascii=False)
                       for case in data["plain_keys"])
    return '{"plain_keys": [\n' + lines + "\n]}\n"


if __name__ == "__main__":
    PATH.write_text(render(document()), encoding="utf-8")
    print(f"wrote {PATH.relative_to(Path.cwd()) if PATH.is_relative_to(Path.cwd()) else PATH}")
