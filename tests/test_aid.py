"""The player aid: one printed page per language and paper, read back as text."""

from __future__ import annotations

import re

import pytest

from tests.test_pdf import pages, poppler

#: The four rules' headings as each language prints them (terms.py, pinned by test_terms).
RULES = {
    "en": ["Rule 1: ascending order", "Rule 2: smallest difference", "Rule 3: full row",
           "Rule 4: lowest card"],
    "nl": ["Regel 1: de opklimmende getalvolgorde", "Regel 2: het kleinste verschil",
           "Regel 3: een volle rij", "Regel 4: de laagste kaart"],
    "de": ["Regel 1: aufsteigende Reihenfolge", "Regel 2: niedrigste Differenz",
           "Regel 3: volle Reihe", "Regel 4: niedrigste Karte"],
}
#: The page size pdfinfo reports, in points.
SIZES = {"a4": "595.276 x 841.89", "letter": "612 x 792"}
TITLES = {"en": "6 nimmt! at a glance", "nl": "6 nimmt! in één oogopslag",
          "de": "6 nimmt! auf einen Blick"}


def text_of(data: bytes, tmp_path) -> str:
    """The page's text with every run of white space one space (lines wrap anywhere)."""
    return " ".join(poppler("pdftotext", data, tmp_path).split())


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_the_aid_is_one_page_with_the_rules_numbers(client, tmp_path, lang, paper):
    answer = client.get(f"/rules/aid.pdf?lang={lang}&paper={paper}")
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    assert pages(answer.data, tmp_path) == 1
    assert SIZES[paper] in poppler("pdfinfo", answer.data, tmp_path)
    text = text_of(answer.data, tmp_path)
    assert TITLES[lang] in text
    for heading in RULES[lang]:
        assert heading in text
    # The end at 66, the deck's 104 cards and its 171 bullheads, and the bullhead table:
    # 55 carries 7, the other multiples of 11 carry 5, of 10 carry 3, of 5 carry 2.
    assert re.search(r"\b66\b", text) and re.search(r"\b104\b", text) and "171" in text
    assert re.search(r"\b55 7\b", text)
    assert re.search(r"11 22 33 44 66 77 88 99 5\b", text)
    assert re.search(r"10 20 30 … 100 3\b", text) and re.search(r"5 15 25 … 95 2\b", text)
    # The rules' address in the aid's own language: /rules would open in the reader's.
    assert f"http://localhost/{lang}/rules/" in text


#: The end as each aid prints it: the score sheet's "66 or more", and beside it the Dutch
#: booklet's "more than 66", as the rules page names both (hand-written from the booklets).
END = {"en": "66 minus points or more (the Dutch booklet says more than 66)",
       "nl": "66 minpunten of meer haalt (het Nederlandse boekje zegt: meer dan 66)",
       "de": "66 Minuspunkte oder mehr erreicht (im niederländischen Regelheft: mehr als 66)"}


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_the_aid_names_the_dutch_booklets_end_beside_its_own(client, tmp_path, lang):
    text = text_of(client.get(f"/{lang}/rules/aid-a4.pdf").data, tmp_path)
    assert END[lang] in text


def test_every_variant_has_its_line(client, tmp_path):
    text = text_of(client.get("/rules/aid.pdf?lang=de").data, tmp_path)
    for number, name in enumerate(["Taktik", "Logik", "Turnier", "Profi", "Offen",
                                   "Raffiniert", "Hand", "Doppelt"], start=1):
        assert f"Variante {number}: {name}" in text
    assert "Jungfrauen-Verdopplung" in text and "Aus dem Nachtrag" in text


def test_the_aid_speaks_the_visitors_language_without_lang(client, tmp_path):
    answer = client.get("/rules/aid.pdf", headers={"Accept-Language": "nl"})
    assert TITLES["nl"] in text_of(answer.data, tmp_path)
    assert SIZES["a4"] in poppler("pdfinfo", answer.data, tmp_path)  # unknown paper: A4
    assert client.get("/rules/aid.pdf?paper=a5").status_code == 200


@pytest.mark.parametrize("path", ["/xx/rules/aid-a4.pdf", "/nl/rules/aid-a5.pdf"])
def test_the_path_form_knows_only_our_languages_and_papers(client, path):
    assert client.get(path).status_code == 404


@pytest.mark.parametrize(("path", "sentence"), [
    ("/nl/rules/aid-a5.pdf", "Op dit adres staat niets."),
    ("/de/rules/aid-a5.pdf", "Unter dieser Adresse gibt es nichts."),
])
def test_a_refusal_under_a_language_speaks_it(client, path, sentence):
    answer = client.get(path, headers={"Accept-Language": "en"})
    html = answer.get_data(as_text=True)
    assert answer.status_code == 404 and sentence in html
    assert f'<html lang="{path[1:3]}">' in html


def test_the_rules_and_the_checker_link_to_the_aid(client):
    for page in ("/rules?lang=de", "/check?lang=de"):
        html = client.get(page).get_data(as_text=True)
        assert '/rules/aid.pdf?paper=a4&amp;lang=de"' in html, page
        assert '/rules/aid.pdf?paper=letter&amp;lang=de"' in html, page
