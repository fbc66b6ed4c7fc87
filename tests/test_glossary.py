"""The Dutch and German catalogs follow translations/GLOSSARY.md.

The glossary's tables are the test's data: the words each concept *replaces*, the
documented exceptions, the patterns for the form of address, and the quotation marks of
each language. A msgstr that uses a replaced word, addresses the reader the wrong way or
quotes with the other language's marks fails here, with the msgid and the offending text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"
GLOSSARY = TRANSLATIONS / "GLOSSARY.md"
LANGS = ("nl", "de")
NOTHING = {"", "—", "-"}


# --- reading the glossary -------------------------------------------------------------

def _cells(line: str) -> list[str]:
    """The cells of one Markdown table line; ``\\|`` is a literal bar inside a cell."""
    inner = line.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") and not inner.endswith("\\|") else inner
    return [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", inner)]


def _tables(text: str) -> list[tuple[list[str], list[list[str]]]]:
    """Every table of the file as (header, rows)."""
    tables, lines = [], text.splitlines()
    i = 0
    while i < len(lines):
        if lines[i].lstrip().startswith("|") and i + 1 < len(lines) and re.fullmatch(
                r"\s*\|?\s*:?-{3,}.*", lines[i + 1]):
            header = [cell.lower() for cell in _cells(lines[i])]
            rows, i = [], i + 2
            while i < len(lines) and lines[i].lstrip().startswith("|"):
                rows.append(_cells(lines[i]))
                i += 1
            tables.append((header, rows))
        else:
            i += 1
    return tables


def _table(tables, first: str, second: str | None = None) -> list[dict[str, str]]:
    for header, rows in tables:
        if header[0] == first and (second is None or header[1] == second):
            return [dict(zip(header, row, strict=True)) for row in rows]
    raise AssertionError(f"GLOSSARY.md has no table starting with {first!r}")


def _terms(cell: str) -> list[str]:
    return [term.strip() for term in cell.split(",") if term.strip() not in NOTHING]


def _regex(cell: str) -> str:
    return cell.strip().strip("`")


@dataclass
class Glossary:
    terms: list[dict[str, str]]
    #: lang -> [(replaced term, concept)]
    replaced: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    #: lang -> term (lowercase) -> [msgid regex]
    exceptions: dict[str, dict[str, list[re.Pattern]]] = field(default_factory=dict)
    #: lang -> [(pattern, what it catches)]
    patterns: dict[str, list[tuple[re.Pattern, str]]] = field(default_factory=dict)
    #: lang -> (open, close, forbidden marks)
    quotes: dict[str, tuple[str, str, list[str]]] = field(default_factory=dict)


def load_glossary(path: Path = GLOSSARY) -> Glossary:
    tables = _tables(path.read_text(encoding="utf-8"))
    glossary = Glossary(terms=_table(tables, "concept"))
    for lang in LANGS:
        glossary.replaced[lang] = [
            (term, row["concept"]) for row in glossary.terms
            for term in _terms(row[f"{lang} replaces"])]
        glossary.exceptions[lang] = {}
        glossary.patterns[lang] = []
    for row in _table(tables, "lang", "term"):
        for term in _terms(row["term"]):
            glossary.exceptions[row["lang"]].setdefault(term.lower(), []).append(
                re.compile(_regex(row["allowed when the msgid matches"])))
    for row in _table(tables, "lang", "pattern"):
        glossary.patterns[row["lang"]].append((re.compile(_regex(row["pattern"])),
                                               row["catches"]))
    for row in _table(tables, "lang", "open"):
        glossary.quotes[row["lang"]] = (row["open"], row["close"], row["forbidden"].split())
    return glossary


# --- checking messages -----------------------------------------------------------------

def _term_regex(term: str) -> re.Pattern:
    return re.compile(rf"(?<!\w){re.escape(term)}(?!\w)", re.IGNORECASE)


def messages(catalog: Catalog):
    """(msgid, msgstr) for every translated string; plural forms one by one."""
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else " / ".join(message.id)
        strings = message.string if isinstance(message.string, (tuple, list)) else (
            message.string,)
        for string in strings:
            if string:
                yield msgid, string


def _words(msgstr: str) -> str:
    """The msgstr with its placeholders blanked: ``%(limit)s`` is not the word "limit"."""
    return re.sub(r"%\([^)]*\)[a-z]", "X", msgstr)


def term_violations(glossary: Glossary, lang: str, msgid: str, msgstr: str) -> list[str]:
    found, text = [], _words(msgstr)
    for term, concept in glossary.replaced[lang]:
        if not _term_regex(term).search(text):
            continue
        allowed = glossary.exceptions[lang].get(term.lower(), [])
        if any(rx.search(msgid) for rx in allowed):
            continue
        found.append(f"{term!r} (glossary: {concept})")
    return found


def pattern_violations(glossary: Glossary, lang: str, msgstr: str) -> list[str]:
    return [f"{match.group(0).strip()!r} ({catches})"
            for pattern, catches in glossary.patterns[lang]
            for match in [pattern.search(_words(msgstr))] if match]


def quote_violations(glossary: Glossary, lang: str, msgstr: str) -> list[str]:
    opening, closing, forbidden = glossary.quotes[lang]
    found = [f"quotation mark {mark!r}" for mark in forbidden if mark in msgstr]
    if msgstr.count(opening) != msgstr.count(closing):
        found.append(f"{msgstr.count(opening)} × {opening!r} but "
                     f"{msgstr.count(closing)} × {closing!r}")
    return found


def violations(glossary: Glossary, lang: str, catalog: Catalog) -> list[str]:
    report = []
    for msgid, msgstr in messages(catalog):
        problems = (term_violations(glossary, lang, msgid, msgstr)
                    + pattern_violations(glossary, lang, msgstr)
                    + quote_violations(glossary, lang, msgstr))
        report.extend(f"{lang}: {problem}\n    msgid:  {msgid}\n    msgstr: {msgstr}"
                      for problem in problems)
    return report


def _catalog(lang: str) -> Catalog:
    with open(TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po", "rb") as po:
        return read_po(po, locale=lang)


@pytest.fixture(scope="module")
def glossary() -> Glossary:
    return load_glossary()


@pytest.fixture(scope="module")
def catalogs() -> dict[str, Catalog]:
    return {lang: _catalog(lang) for lang in LANGS}


# --- the glossary itself ---------------------------------------------------------------

REQUIRED = ("card", "row", "end card", "bullhead", "minus points", "turn", "deal", "game",
            "score sheet", "sheet", "hand", "pile", "take", "player", "limit", "rule 1",
            "rule 2", "rule 3", "rule 4", "line", "variant 1", "variant 8",
            "start player card", "virgin", "twin", "tie", "placement checker")


def test_the_glossary_has_every_concept_with_a_word_in_each_language(glossary):
    concepts = [row["concept"].lower() for row in glossary.terms]
    for needed in REQUIRED:
        assert any(re.search(rf"\b{needed}\b", concept) for concept in concepts), needed
    for row in glossary.terms:
        for column in ("en", "nl", "de", "source"):
            assert row[column] not in NOTHING, (row["concept"], column)


def test_a_replaced_term_is_never_the_word_of_its_own_concept(glossary):
    for row in glossary.terms:
        for lang in LANGS:
            words = {word.strip().lower() for word in re.split(r"[,;]", row[lang])}
            assert not words & {term.lower() for term in _terms(row[f"{lang} replaces"])}, (
                row["concept"], lang)


def test_every_pattern_and_exception_compiles_and_belongs_to_a_language(glossary):
    assert set(glossary.quotes) == set(LANGS)
    assert all(glossary.patterns[lang] for lang in LANGS)
    replaced = {lang: {term.lower() for term, _ in glossary.replaced[lang]} for lang in LANGS}
    for lang in LANGS:
        # An exception must be for a term that is replaced, or it is dead text.
        assert set(glossary.exceptions[lang]) <= replaced[lang], lang


NAMED = {"rule 1": "ascending order", "rule 2": "smallest difference", "rule 3": "full row",
         "rule 4": "lowest card", "variant 1": "Tactics", "variant 2": "Logic",
         "variant 3": "Tournament", "variant 4": "Professional", "variant 5": "Open",
         "variant 6": "Nifty", "variant 7": "Hand", "variant 8": "Double",
         "basic game": "Basic game"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_booklets_names_in_the_glossary_are_those_of_the_catalogs(glossary, catalogs,
                                                                       lang):
    rows = {row["concept"].lower(): row for row in glossary.terms}
    for concept, msgid in NAMED.items():
        message = catalogs[lang].get(msgid)
        assert message is not None and message.string, (lang, msgid)
        assert message.string.lower() == rows[concept][lang].lower(), (lang, concept)


# --- the catalogs follow it -------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_catalog_follows_the_glossary(glossary, catalogs, lang):
    report = violations(glossary, lang, catalogs[lang])
    assert not report, f"{len(report)} problem(s):\n" + "\n".join(report)


# --- the checks catch what they should, and only that -----------------------------------

@pytest.mark.parametrize(("lang", "msgid", "msgstr"), [
    ("nl", "x", "Geef hem als startspelerteken aan de oudste speler."),
    ("nl", "x", "Tactisch of Logisch (kaarten 1 tot 10 per speler + 4)"),
    ("nl", "x", "Iedereen telt zijn hornbeesten."),
    ("nl", "Line %(line)s has a card.", "Regel %(line)s heeft een kaart."),
    ("nl", "x", "Eindscore"),
    ("nl", "x", "De controle stelt rij 2 voor."),
    ("nl", "x", "Het veld „body” is niet ingevuld."),
    ("nl", "x", "Kunt u het nog eens proberen?"),
    ("nl", "x", "Wat willen jullie doen?"),
    ("de", "x", "Der für Ann gewählte Platz ist keiner der Plätze, an die die Karte kann: "
                "Doppel."),
    ("de", "x", "Beispiel: Ihr Spieler nimmt 12, 14, 15, 21 und 26."),
    ("de", "x", "Einigt euch am Tisch."),
    ("de", "x", "Tragt zuerst 2 bis 5 verschiedene Namen ein."),
    ("de", "x", "Bitte prüfen Sie die Zahlen."),
    ("de", "x", "Reihe 2: Tippe Kartennummern, durch Kommas getrennt."),
    ("de", "x", "Die Karten, die du eingetippt hast."),
    ("de", "x", "Tippe die Reihen auf dem Tisch und die aufgedeckten Karten ein."),
    ("de", "x", "Reihe 2 enthält nur die 37; ihr Spieler nimmt sie."),
    ("de", "x", "Diese Reihe hat schon fünf Karten, und du nimmst diese fünf Karten auf."),
    ("de", "x", "Zurück zur Punkteliste"),
    ("de", "x", "Das Blatt von Ann fehlt."),
    ("de", "x", "Der Endstand muss eine ganze Zahl sein."),
    ("de", "x", "Wenn du eine Partie anlegst"),
    ("de", "x", "Beim Anlegen des Spiels"),
    ("de", "x", "Der Name “Ann” ist zu lang."),
    ("de", "x", "Der Name „Ann” ist zu lang."),
])
def test_an_old_term_fails(glossary, lang, msgid, msgstr):
    problems = (term_violations(glossary, lang, msgid, msgstr)
                + pattern_violations(glossary, lang, msgstr)
                + quote_violations(glossary, lang, msgstr))
    assert problems, msgstr


@pytest.mark.parametrize(("lang", "msgid", "msgstr"), [
    ("nl", "Rule 4 when nobody names a row", "Regel 4 als niemand een rij noemt"),
    ("nl", "x", "De spelregels van 6 nimmt! en de basisregels; Huisregel."),
    ("nl", "Checker", "Controle"),
    ("nl", "x", "Controleer de getallen in de kaartcontrole."),
    ("nl", "x", "Het veld “body” is niet ingevuld."),
    ("nl", "x", "Uwe Schwarz uit Ratingen; hoogstens %(limit)s tekens."),
    ("de", "x", "Die Grenze muss eine Zahl von 1 bis %(limit)s sein."),
    ("de", "x", "Der Spieler dieser Karte nimmt sie. Sie hat die wenigsten Hornochsen."),
    ("de", "x", "Die Hornochsen auf einer Karte sind ihr Preis; legt sie auf ihren Zwilling."),
    ("de", "x", "Tippe auf eine Zahl. Tippe die Karten an. Zahlen durch Tippen auf ein Raster."),
    ("de", "x", "Nimmt jemand keinen Hornochsen, zählen die anderen doppelt."),
    ("de", "x", "Bei Doppelt: ein doppeltes Kartenspiel. Die Hand zählt doppelt."),
    ("de", "Final standings", "Endstand"),
    ("de", "Checker", "Prüfer"),
    ("de", "x", "Der Anlegeprüfer legt die Karten an: „aufsteigende Reihenfolge“."),
])
def test_a_right_text_passes(glossary, lang, msgid, msgstr):
    problems = (term_violations(glossary, lang, msgid, msgstr)
                + pattern_violations(glossary, lang, msgstr)
                + quote_violations(glossary, lang, msgstr))
    assert not problems, problems
