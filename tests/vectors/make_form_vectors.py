"""Write ``tests/vectors/check-form.json``: share links of the checker read by the Python form.

Run from the repository root (``make vectors`` does)::

    .venv/bin/python tests/vectors/make_form_vectors.py

A phone without a connection reads a share link (or its own form) with
``static/js/check/form.js``, as :class:`scorekeeper.check.form.CheckForm` reads it on the
server. Each case is a link's query and what the form makes of it, in English: the
placement request's JSON shape (``data``) or the form's refusal (``error``, its code, and
its ``fields``), whether the page answers it straight away (``wants``) and the share
link's query the form writes for it (``link``). ``sentences`` holds the English sentence
the form words a row's number with (``NotACardNumber``'s ``where``).
``tests/js/check-form.test.mjs`` reads the same links in Node;
``tests/test_form_vectors.py`` checks that the committed file is what this script writes.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if __name__ == "__main__":  # run as a script: make the repository importable
    sys.path.insert(0, str(HERE.parent.parent))

from scorekeeper import create_app  # noqa: E402
from scorekeeper.check.form import CheckForm  # noqa: E402
from scorekeeper.check.strings import SENTENCES  # noqa: E402
from scorekeeper.engine import RulesError  # noqa: E402

PATH = HERE / "check-form.json"
SEED = 60_104
TABLE = "r1=12&r2=37&r3=43&r4=58"

#: Links written by hand: the booklet's, every shape and deck, names, choices, and each way
#: a typed text is refused (or read although it looks odd).
LINKS = (
    f"{TABLE}&player=Ann&card=14&player=Bob&card=44",
    f"variant=basic&max_card=104&{TABLE}&card=14",
    f"{TABLE}&player=&card=14&player=A&card= 44 &player=&card=61",
    f"{TABLE}&player=Ann B%C3%A9*~(x)!'/?%26=,&card=12 14",
    f"{TABLE}&player=__proto__&card=14&player=constructor&card=15",
    f"{TABLE}&player=%E2%80%83Zo%C3%AB%C2%A0&card=14",
    f"rows=3&takes_at=5&{TABLE}&card=14&card=15",
    f"rows=5&takes_at=7&{TABLE}&r5=70&card=7&card=44",
    f"{TABLE}&r5=70&card=7",
    "rows=9&takes_at=x&r1=1&r2=2&r3=3&r4=4&card=5",
    "takes_at=8&r1=1&r2=2&r3=3&r4=4&card=5",
    "deck=tactics&max_card=50&r1=1&r2=2&r3=3&r4=4&card=5&card=6&card=7",
    "deck=tactics&r1=1&r2=2&r3=3&r4=4&card=5",
    "max_card=44&r1=1&r2=2&r3=3&r4=4&card=44&card=9",
    "max_card=104&r1=1&r2=2&r3=3&r4=4&card=5",
    "max_card=x&r1=1&r2=2&r3=3&r4=4&card=5",
    "max_card=1e3&r1=1&r2=2&r3=3&r4=4&card=5",
    "max_card=%C2%B2&r1=1&r2=2&r3=3&r4=4&card=5",
    "max_card=0500&r1=1&r2=2&r3=3&r4=4&card=5",
    "variant=nifty&r1=12&r2=37&r3=43&r4=58&player=Ann&card=44,14&player=Bob&card=15;61",
    "variant=nifty&r1=1&r2=2&r3=3&r4=4&card=5",
    "variant=hand&r1=12&r2=37&r3=43&r4=58&player=Ann&card=44&player=Ann&card=14",
    "variant=professional&r1=10&r2=30&r3=50&r4=70&player=Ann&card=25&place=2-left",
    "variant=professional&r1=10&r2=30&r3=50&r4=70&player=Ann&card=40&place= 3 - right ",
    "variant=%20chess%20&r1=1&r2=2&r3=3&r4=4&card=5",
    "r1=abc&r2=1&r3=2&r4=3&card=4",
    "r1=1&r2=&r3=3&r4=4&card=5",
    "r1=1.2+3/4;5&r2=6&r3=7&r4=8&card=9",
    "r1=1&r2=2&r3=3&r4=4&card=1e3",
    "r1=1&r2=2&r3=3&r4=4&card=-5",
    "r1=1&r2=2&r3=3&r4=4&card=%C2%B2",
    "r1=1&r2=2&r3=3&r4=4&card=%EF%BC%95",
    "r1=1&r2=2&r3=3&r4=4&card=1000",
    "r1=1&r2=2&r3=3&r4=4&card=5,6",
    "r1=1&r2=2&r3=3&r4=4&card=5&take=9",
    "r1=1&r2=2&r3=3&r4=4&card=5&take=x",
    "r1=1&r2=2&r3=3&r4=4&card=5&take=10",
    "r1=1&r2=2&r3=3&r4=4&card=5&take=%20",
    "r1=1&r2=2&r3=3&r4=4&player=A&card=5&player=A&card=6&take=2&take=3",
    "r1=1&r2=2&r3=3&r4=4&card=5&place=up",
    "r1=1&r2=2&r3=3&r4=4&card=5&place=6-left",
    "r1=1&r2=2&r3=3&r4=4&card=5&place=2-LEFT",
    "r1=1&r2=2&r3=3&r4=4&player=Bob&take=2",
    "r1=1&r2=2&r3=3&r4=4&player=Ann&card=&player=&card=7",
    "r1=1&r2=2&r3=3&r4=4&" + "&".join(f"card={n}" for n in range(10, 40)),
    "r1=1&r2=2&r3=3&r4=4&player=" + "x" * 200 + "&card=5",
    "r1=" + "9" * 5000 + "&r2=2&r3=3&r4=4&card=5",
    "r1=1&r2=2&r3=3&r4=4",
    "card=5",
    "",
)

#: Pieces the drawn links are made of: texts the form reads, and texts it refuses.
READ = ("1", "7", "12", "55", "104", "105", "0", "007", "", " ", "1,2", "3 4", "9;10", "1.5",
        "+", "%E2%80%83", "2+3/4")
REFUSED = ("x", "%C2%B2", "-", "abc", "1e2", "2-left", "3-right", "left", "1000")
NAMES = ("Ann", "Bob", "", " ", "A", "B", "Zo%C3%AB", "__proto__", "Ann+B", "%EF%BB%BFC")


def _token(rng: random.Random) -> str:
    return rng.choice(REFUSED if rng.random() < 0.04 else READ)


def _drawn(rng: random.Random) -> str:
    """A link of random fields, some of them mistyped."""
    pairs = []
    if rng.random() < 0.3:
        pairs.append(("variant", rng.choice(("basic", "nifty", "hand", "double", "quad"))))
    if rng.random() < 0.3:
        pairs.append(("deck", rng.choice(("full", "tactics", "other"))))
    if rng.random() < 0.3:
        pairs.append(("max_card", rng.choice(("44", "104", "x", "", "200", "034"))))
    if rng.random() < 0.3:
        pairs.append(("rows", rng.choice(("3", "4", "5", "6", "x"))))
    if rng.random() < 0.3:
        pairs.append(("takes_at", rng.choice(("5", "6", "7", "4"))))
    for number in range(1, 6):
        if rng.random() < 0.85:
            pairs.append((f"r{number}", _token(rng)))
    for _ in range(rng.randint(0, 6)):
        if rng.random() < 0.6:
            pairs.append(("player", rng.choice(NAMES)))
        pairs.append(("card", _token(rng)))
        if rng.random() < 0.2:
            pairs.append(("take", rng.choice(("", "1", "2", "5", "x", "12"))))
        if rng.random() < 0.1:
            pairs.append(("place", rng.choice((*READ, *REFUSED))))
    return "&".join(f"{key}={value}" for key, value in pairs)


def case(app: Any, query: str) -> dict[str, Any]:
    """What the server's form makes of ``query``, in English."""
    with app.test_request_context(f"/check?lang=en&{query}"):
        from flask import request

        form = CheckForm(request.args, meta={"csrf": False})
        out: dict[str, Any] = {"query": query, "wants": form.wants_answer(),
                               "link": form.query()}
        try:
            out["data"] = form.to_data()
        except RulesError as error:
            out.update(error=error.code, fields=error.fields)
        return json.loads(json.dumps(out))


def document() -> dict[str, Any]:
    app = create_app({"TESTING": True, "DATABASE": "unused.sqlite", "SECRET_KEY": "vectors"})
    rng = random.Random(SEED)
    queries = [*LINKS, *(_drawn(rng) for _ in range(250))]
    with app.test_request_context("/?lang=en"):
        sentences = {"row": str(SENTENCES["row"])}
    return {
        "about": "Share links read by scorekeeper.check.form.CheckForm; written by "
                 "tests/vectors/make_form_vectors.py. Do not edit by hand.",
        "sentences": sentences,
        "cases": [case(app, query) for query in queries],
    }


def render(doc: dict[str, Any]) -> str:
    """One case a line, so a changed answer is a one-line diff."""
    head = {key: value for key, value in doc.items() if key != "cases"}
    lines = ",\n".join(json.dumps(c, ensure_ascii=False, separators=(",", ":"))
                       for c in doc["cases"])
    return json.dumps(head, ensure_ascii=False)[:-1] + ',\n"cases": [\n' + lines + "\n]}\n"


def main() -> None:
    doc = document()
    text = render(doc)
    PATH.write_text(text, encoding="utf-8")
    refused = sum("error" in c for c in doc["cases"])
    print(f"wrote {len(doc['cases'])} links ({refused} refused), {len(text)} bytes to {PATH}")


if __name__ == "__main__":
    main()
