"""The booklets' names of the rules and variants: one place, every language, every page."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from flask import render_template_string
from flask_babel import force_locale

from scorekeeper.web import terms

BOOKLET_NAMES = {
    # The English booklet heads rule 2 "Small difference" and calls it "Smallest
    # difference" in its example; we use the second, as the Dutch and German texts do.
    "en": ("ascending order", "smallest difference", "full row", "lowest card"),
    "nl": ("de opklimmende getalvolgorde", "het kleinste verschil", "een volle rij",
           "de laagste kaart"),
    "de": ("aufsteigende Reihenfolge", "niedrigste Differenz", "volle Reihe",
           "niedrigste Karte"),
}
VARIANTS = {
    "en": ("Basic game", "Tactics", "Logic", "Tournament", "Professional", "Open", "Nifty",
           "Hand", "Double"),
    "nl": ("Basisspel", "Tactiek", "Logica", "Toernooi", "Profs", "Open", "Geraffineerd",
           "Hand", "Dubbel"),
    "de": ("Grundspiel", "Taktik", "Logik", "Turnier", "Profi", "Offen", "Raffiniert", "Hand",
           "Doppelt"),
}


def test_the_tables_cover_the_four_rules_and_the_eight_variants():
    assert list(terms.RULE_NAMES) == [1, 2, 3, 4]
    assert list(terms.VARIANT_NAMES) == ["basic", "tactics", "logic", "tournament",
                                         "professional", "open", "nifty", "hand", "double"]
    assert sorted(terms.VARIANT_NUMBERS.values()) == list(range(1, 9))
    assert set(terms.VARIANT_NUMBERS) == set(terms.VARIANT_NAMES) - {"basic"}


@pytest.mark.parametrize("lang", list(BOOKLET_NAMES))
def test_names_follow_the_booklets_in_every_language(app, lang):
    with app.test_request_context("/"), force_locale(lang):
        assert tuple(terms.rule_name(n) for n in (1, 2, 3, 4)) == BOOKLET_NAMES[lang]
        assert tuple(terms.variant_name(key) for key in terms.VARIANT_NAMES) == VARIANTS[lang]
        word = {"en": "Rule", "nl": "Regel", "de": "Regel"}[lang]
        assert terms.rule_heading(2) == f"{word} 2: {BOOKLET_NAMES[lang][1]}"
        assert terms.variant_heading("nifty").endswith(f" 6: {VARIANTS[lang][6]}")
        # The game's name is "6 nimmt!" in every language, so are the postscript's shapes.
        assert terms.takes_name(5) == "5 nimmt"


def test_templates_get_the_names_as_jinja_globals(app):
    with app.test_request_context("/"), force_locale("en"):
        html = render_template_string(
            "{{ rule_name(2) }}|{{ rule_heading(4) }}|{{ variant_name('nifty') }}|"
            "{{ variant_heading('double') }}|{{ takes_name(7) }}")
    assert html == ("smallest difference|Rule 4: lowest card|Nifty|Variant 8: Double|"
                    "7 nimmt")


def test_lazy_headings_follow_the_language_they_are_shown_in(app):
    heading = terms.lazy_rule_heading(1)
    with app.test_request_context("/"):
        with force_locale("en"):
            assert str(heading) == "Rule 1: ascending order"
        with force_locale("de"):
            assert str(heading).startswith("Regel 1: ")


def test_every_name_has_a_comment_for_translators():
    path = Path(terms.__file__)
    messages = list(extract_from_file(
        "python", str(path), keywords={"lazy_gettext": None, "gettext": None},
        comment_tags=["Translators:"]))
    assert len(messages) >= 4 + 9 + 4
    bare = [message for _line, message, comments, _ctx in messages if not comments]
    assert bare == []
