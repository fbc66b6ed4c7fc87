"""The committed name vectors (tests/vectors/names.json) are what the engine's search key
(``engine/names.py`` ``plain_key``) gives now; tests/js/names.test.mjs holds the browser's
twin (static/js/engine/names.js) to the same file."""

from __future__ import annotations

import pytest

from scorekeeper.engine.names import plain_key
from tests.vectors import make_name_vectors as vectors


def test_the_generator_writes_exactly_the_committed_file():
    assert vectors.PATH.read_text(encoding="utf-8") == vectors.render(vectors.document()), (
        "the search key changed: run .venv/bin/python tests/vectors/make_name_vectors.py")


@pytest.mark.parametrize(("typed", "name"), [
    ("sor", "Søren Ødegård"), ("ode", "Søren Ødegård"), ("ØDE", "Søren Ødegård"),
    ("luk", "Łukasz Żak"), ("zak", "Łukasz Żak"), ("malg", "Małgorzata Wójcik"),
    ("gross", "Anke Groß"), ("weiß", "Tom Weiss"), ("dord", "Đorđe"), ("aes", "Æsa"),
    ("ulku", "Ülkü Şahin"), ("jur", "Jürgen Müller"), ("thor", "Þór"),
])
def test_letters_with_and_without_marks_find_one_another(typed, name):
    assert plain_key(typed) in plain_key(name)


def test_the_plain_key_sorts_marked_letters_among_their_plain_ones():
    names = ["Zoë Bakker", "Łukasz Żak", "Émile", "Dörte", "Ëlise", "Søren", "Anke"]
    assert sorted(names, key=plain_key) == [
        "Anke", "Dörte", "Ëlise", "Émile", "Łukasz Żak", "Søren", "Zoë Bakker"]
