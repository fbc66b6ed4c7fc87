"""The committed sheet vectors are what the server's chart, files and evening make now;
``make test`` runs the Node tests that hold the browser's twins to them.

``tests/vectors/sheet.json`` is regenerated in memory here: a changed chart, CSV, backup,
BG Stats play or evening sum makes this test fail until the file is written again, and
then ``tests/js/sheet-twins.test.mjs`` shows whether the phone's code followed.
"""

from __future__ import annotations

import json

from tests.vectors import make_sheet_vectors as vectors


def test_committed_file_is_what_the_server_makes_now():
    assert vectors.PATH.read_text(encoding="utf-8") == vectors.render(vectors.document()), (
        "the sheet changed: run .venv/bin/python tests/vectors/make_sheet_vectors.py")


def test_the_file_holds_what_the_twins_must_match():
    document = json.loads(vectors.PATH.read_text(encoding="utf-8"))
    files = document["files"]
    assert {f["note"] for f in files} >= {"", "line\nbreak, \"quoted\"; =1+1", "-minus"}
    assert sum(f["bgstats"] is not None for f in files) >= 5
    assert any('"' in f["csv"]["en"]["text"] for f in files)  # a quoted cell
    assert all(f["csv"]["nl"]["text"].startswith("\ufeff") for f in files)
    assert {e.get("half", {}).get("nl") for e in document["evenings"]} >= {"11,3"}
    assert any(c["chart"]["threshold_y"] is None for c in document["charts"])
