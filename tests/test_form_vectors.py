"""The committed checker-form vectors (tests/vectors/check-form.json) are what the server's
form makes of each share link now; tests/js/check-form.test.mjs holds the phone's reading
(static/js/check/form.js) to the same file."""

from __future__ import annotations

import json

from tests.vectors import make_form_vectors as vectors


def test_the_generator_writes_exactly_the_committed_file():
    assert vectors.PATH.read_text(encoding="utf-8") == vectors.render(vectors.document()), (
        "the checker's form changed: run .venv/bin/python tests/vectors/make_form_vectors.py")


def test_the_links_meet_every_refusal_of_the_form_and_many_answers():
    cases = json.loads(vectors.PATH.read_text(encoding="utf-8"))["cases"]
    codes = {case.get("error") for case in cases}
    assert codes >= {None, "NotANumber", "NotACardNumber", "NotAPlace", "NotARow",
                     "WrongCardCount"}
    assert sum("data" in case for case in cases) >= 100
    where = {case["fields"]["where"] for case in cases if case.get("error") == "NotACardNumber"}
    assert "Row 1" in where and "A" in where  # a row, worded in English, or a player
