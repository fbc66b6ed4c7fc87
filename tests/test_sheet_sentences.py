"""The phone's sheet and evening word nothing anew: every sentence of ``games/offline.py``'s
``SHEET`` is a msgid the server's sheet says too (its templates, as Babel extracts them
for the catalogs, and its CSV file), every sentence of its ``EVENING`` one the evening's
page says, and what only the phone says (``SHEET_PHONE``) is none of them, so a sentence
the server drops or rewords cannot live on in the phone's copy."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.extract import extract_from_file

from scorekeeper.games import offline

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates"
#: Where the server's sheet takes its words: the page and every template it includes, the
#: correction page (the phone corrects inside the sheet), and the CSV file's header.
PAGES = ("games/sheet.html", "games/correct.html")
PYTHON = ("scorekeeper/games/spreadsheet.py",)


def templates(*names: str) -> set[str]:
    """The templates ``names`` and every one they include or extend, however deep."""
    seen: set[str] = set()
    todo = list(names)
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            text = (TEMPLATES / name).read_text(encoding="utf-8")
            todo += re.findall(r'{%-?\s*(?:include|extends)\s+"([^"]+)"', text)
    return seen


def msgids(method: str, path: Path) -> set[str]:
    """The msgids Babel extracts from ``path`` (babel.cfg's extractors), plural forms too."""
    found: set[str] = set()
    for _line, message, _comments, _context in extract_from_file(method, str(path)):
        found.update(message if isinstance(message, tuple) else (message,))
    return found


def servers_sentences(pages: tuple[str, ...] = PAGES, python: tuple[str, ...] = PYTHON) -> set[str]:
    said = set()
    for name in templates(*pages):
        said |= msgids("jinja2", TEMPLATES / name)
    for path in python:
        said |= msgids("python", ROOT / path)
    return said


def test_the_sheet_walk_reaches_the_partials_of_each_region():
    assert {"games/_status.html", "games/_finished.html", "games/_sheet_area.html",
            "games/_standings.html", "games/_table.html", "games/_chart.html",
            "games/_actions.html", "games/_deal_fields.html"} <= templates(*PAGES)


def test_every_sentence_of_the_phones_sheet_is_one_the_servers_sheet_says():
    said = servers_sentences()
    assert "Running totals after each deal" in said  # the extraction reads the partials
    invented = {key: str(text) for key, text in offline.SHEET.items() if str(text) not in said}
    assert invented == {}


def test_what_only_the_phone_says_is_no_sentence_of_the_servers_sheet():
    said = servers_sentences()
    assert set(offline.SHEET).isdisjoint(offline.SHEET_PHONE)
    assert {key for key, text in offline.SHEET_PHONE.items() if str(text) in said} == set()


def test_the_counted_sentences_of_the_sheet_are_the_servers():
    said = servers_sentences()
    for key in ("leading", "empty", "empty_virgin", "empty_yes"):
        assert set(offline.PLURALS[key]) <= said, key


def test_every_sentence_of_the_phones_evening_is_one_the_evenings_page_says():
    said = servers_sentences(("games/evening.html",), ())
    assert "Per deal" in said and "Game %(number)s" in said  # the extraction reads the page
    invented = {key: str(text) for key, text in offline.EVENING.items() if str(text) not in said}
    assert invented == {}
    assert set(offline.PLURALS["deals"]) <= said  # the games' counted deals
