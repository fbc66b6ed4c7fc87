"""The English source and the Dutch and German catalogs follow translations/GLOSSARY.md.

The glossary's tables are the test's data: the words each concept *replaces*, the
documented exceptions, the patterns (form of address, plurals in parentheses, Dutch
ranges, German clauses that read backwards), and the quotation marks of each language.
A msgstr (or, for English, a msgid) that uses a replaced word, addresses the reader the
wrong way or quotes with the other language's marks fails here, with the msgid and the
offending text. A msgstr that is its English msgid word for word fails too, unless the
word is the same in both languages.
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
#: Every language whose strings are held to the glossary: English through its msgids.
CHECKED = ("en", *LANGS)
NOTHING = {"", "—", "-"}

#: Strings that are rightly the same in English and in the other language.
SAME_IN_BOTH = {
    "nl": {"6 nimmt!", "%(number)s nimmt", "Hand", "hand", "Open", "Rating", "Scores",
           "Variant", "Variant %(number)s: %(name)s"},
    "de": {"6 nimmt!", "%(number)s nimmt", "Hand", "Material", "Name"},
}

#: English msgids that still use a word the glossary replaces, each in a file another change
#: is rewriting. Empty since the second pass; the list may only shrink: an entry whose msgid
#: is gone, or follows the glossary, fails.
AWAITING_SECOND_PASS: set[str] = set()


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
    #: lang -> [(pattern, what it catches)]; "all" patterns are copied into nl and de
    patterns: dict[str, list[tuple[re.Pattern, str]]] = field(default_factory=dict)
    #: lang -> (open, close, forbidden marks)
    quotes: dict[str, tuple[str, str, list[str]]] = field(default_factory=dict)


def load_glossary(path: Path = GLOSSARY) -> Glossary:
    tables = _tables(path.read_text(encoding="utf-8"))
    glossary = Glossary(terms=_table(tables, "concept"))
    for lang in CHECKED:
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
        pattern = (re.compile(_regex(row["pattern"])), row["catches"])
        for lang in (LANGS if row["lang"] == "all" else (row["lang"],)):
            glossary.patterns[lang].append(pattern)
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
    if lang not in glossary.quotes:
        return []
    opening, closing, forbidden = glossary.quotes[lang]
    found = [f"quotation mark {mark!r}" for mark in forbidden if mark in msgstr]
    if msgstr.count(opening) != msgstr.count(closing):
        found.append(f"{msgstr.count(opening)} × {opening!r} but "
                     f"{msgstr.count(closing)} × {closing!r}")
    return found


def problems(glossary: Glossary, lang: str, msgid: str, msgstr: str) -> list[str]:
    """Everything wrong with one string (for English, ``msgstr`` is the msgid)."""
    return (term_violations(glossary, lang, msgid, msgstr)
            + pattern_violations(glossary, lang, msgstr)
            + quote_violations(glossary, lang, msgstr))


def violations(glossary: Glossary, lang: str, catalog: Catalog) -> list[str]:
    report = []
    for msgid, msgstr in messages(catalog):
        report.extend(f"{lang}: {problem}\n    msgid:  {msgid}\n    msgstr: {msgstr}"
                      for problem in problems(glossary, lang, msgid, msgstr))
    return report


def msgids(catalog: Catalog):
    """Every English msgid of the catalog, a plural's two forms one by one."""
    for message in catalog:
        if message.id:
            yield from (message.id if isinstance(message.id, tuple) else (message.id,))


def english_violations(glossary: Glossary, catalog: Catalog) -> list[str]:
    return [f"en: {problem}\n    msgid:  {msgid}"
            for msgid in msgids(catalog) if msgid not in AWAITING_SECOND_PASS
            for problem in problems(glossary, "en", msgid, msgid)]


PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]")


def english_left(lang: str, catalog: Catalog) -> list[str]:
    """Translations that are their English msgid, word for word (placeholders are not words:
    "%(rank)s. %(name)s: %(total)s" is the same in every language)."""
    found = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [msgid for msgid, msgstr in zip(ids, strings, strict=False)
                  if msgid == msgstr and re.search(r"[A-Za-z]{2}", PLACEHOLDER.sub("", msgid))
                  and msgid not in SAME_IN_BOTH[lang]]
    return found


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
        for lang in CHECKED:
            words = {word.strip().lower() for word in re.split(r"[,;]", row[lang])}
            assert not words & {term.lower() for term in _terms(row[f"{lang} replaces"])}, (
                row["concept"], lang)


def test_every_pattern_and_exception_compiles_and_belongs_to_a_language(glossary):
    assert set(glossary.quotes) == set(LANGS)
    assert all(glossary.patterns[lang] for lang in CHECKED)
    assert set(glossary.patterns) == set(CHECKED)
    replaced = {lang: {term.lower() for term, _ in glossary.replaced[lang]}
                for lang in CHECKED}
    for lang in CHECKED:
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


def test_the_english_source_follows_the_glossary(glossary, catalogs):
    report = english_violations(glossary, catalogs["nl"])
    assert not report, f"{len(report)} problem(s):\n" + "\n".join(report)


def test_the_second_pass_list_holds_only_msgids_that_still_need_it(glossary, catalogs):
    """An entry is dropped as soon as its msgid is fixed, so the list never hides one."""
    source = set(msgids(catalogs["nl"]))
    for msgid in AWAITING_SECOND_PASS:
        assert msgid in source, f"no longer in the source, remove it: {msgid!r}"
        assert problems(glossary, "en", msgid, msgid), f"follows the glossary now: {msgid!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_no_english_is_left_in_the_catalog(catalogs, lang):
    left = english_left(lang, catalogs[lang])
    assert not left, f"{lang}: the English msgid kept as translation: {left}"


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
    # A deal is not the booklets' "ronde"/"Runde" (one card each).
    ("nl", "Deal %(number)s", "Ronde %(number)s"),
    ("nl", "x", "Een ronde duurt tien beurten."),
    ("nl", "x", "Het rondenummer moet een geheel getal zijn."),
    ("de", "Deal", "Runde"),
    ("de", "x", "Eine Runde dauert zehn Züge."),
    ("de", "x", "Zahl der Runden"),
    # A club event is not the booklet's Tournament variant, nor an English word.
    ("nl", "An event takes 6 to 200 players, not %(count)s.",
     "Aan een toernooi doen 6 tot en met 200 spelers mee, niet %(count)s."),
    ("de", "Your events", "Deine Turniere"),
    ("nl", "Events", "Events"),
    ("de", "Event", "Veranstaltung"),
    ("nl", "x", "De naam van het evenement"),
    ("nl", "x", "De seed moet een geheel getal zijn."),
    ("nl", "Event file (JSON)", "Toernooibestand (JSON)"),
    ("de", "Event file (JSON)", "Turnierdatei (JSON)"),
    ("nl", "Players, seed, rounds", "Spelers, seed, toernooirondes"),
    ("de", "x", "Der Seed muss eine ganze Zahl sein."),
    ("nl", "x", "Lot"),
    # One word for the standings, for undo, for face down, for a Professional tie.
    ("nl", "x", "Live stand voor een groot scherm"),
    ("nl", "x", "Toernooistand"),
    ("de", "x", "Wertung (PDF, A4)"),
    ("de", "x", "Stand nach 2 von 4 Spielen"),
    ("nl", "x", "spelronde %(number)s ingetrokken"),
    ("nl", "x", "ongedaan gemaakte en herstelde spelrondes"),
    ("de", "x", "Durchgang %(number)s rückgängig gemacht; du kannst ihn wiederherstellen"),
    ("nl", "x", "legt die gedekt voor zich neer"),
    ("nl", "x", "Gelijke stand: nog niet gekozen"),
    ("de", "x", "Gleichstand: noch nicht gewählt"),
    ("de", "x", "Eine spätere Karte dieses Zugs steht ebenfalls gleich."),
    ("de", "x", "Notiz (Ort, Anlass; freiwillig)"),
    # Plurals by parenthesis; Dutch ranges with a bare "tot".
    ("nl", "x", "wordt nog gespeeld aan %(tables)s tafel(s)"),
    ("de", "x", "%(player)s hat %(count)s Karte(n) gespielt"),
    ("de", "x", "an %(tables)s Tisch(en)"),
    ("nl", "x", "de kaarten gaan van 1 tot %(max_card)s"),
    ("nl", "x", "Spelers (6 tot 200)"),
    ("nl", "x", "Twee tot tien spelers."),
    # German clauses that read backwards, and idioms that say a row.
    ("de", "A row is taken by", "Eine Reihe nimmt"),
    ("de", "x", "Eine Reihe, die die 5. oder 7. Karte nimmt"),
    ("de", "x", "Die Karte, die eine Reihe nimmt"),
    ("de", "x", "wenn jeder einmal an der Reihe war"),
    ("de", "x", "wird von jedem Spieler der Reihe nach gespielt"),
    ("de", "x", "Prüf die Reihen und die Karten."),
    ("de", "x", "öffnet sich das Spiel, das sie beim ersten Mal angelegt hat"),
    ("de", "x", "Führe die Punkte von 6 nimmt!"),
    ("de", "x", "Diese Seite des 6 nimmt! Tischbegleiters"),
    ("nl", "x", "Deze pagina van de 6 nimmt! tafelhulp"),
    ("nl", "x", "Het spel 6 neemt! heet ook Take 6."),
    ("nl", "x", "een spelronde zonder één runderkop"),
    # The language review of 2026-11-27: what a native reader flagged, held here.
    ("nl", "x", "een sterkte van ongeveer 27, 3 meer of minder."),
    ("nl", "x", "Een sterkte van %(mu)s, %(sigma)s meer of minder."),
    ("de", "x", "eine Stärke von etwa 27, 3 mehr oder weniger."),
    ("nl", "x", "66 of meer, en een gedeelde winst"),
    ("nl", "x", "Het scoreblad laat hen de winst delen."),
    ("nl", "x", "wie hetzelfde laagste totaal heeft, deelt de winst."),
    ("nl", "x", "Klassement (PDF)"),
    ("nl", "x", "bijv. Clubcompetitie 2027"),
    ("nl", "x", "gescheiden door komma’s"),
    ("nl", "Player who leaves", "Speler die vertrekt"),
    ("nl", "x", "vertrokken spelers meegerekend"),
    ("de", "%(player)s left: not seated", "%(player)s hat aufgehört."),
    ("de", "x", "%(hand_size)s Karten auf jeder Hand."),
    ("de", "x", "an eine zweite Turnierleitung weitergeben"),
    ("de", "x", "Dieses Spiel in der Liste dieses Handys behalten"),
    ("de", "x", "die Spiele, die über ihren Link behalten wurden"),
    ("de", "x", "wer ein solches Spiel am häufigsten vor ihm beendet hat"),
    ("de", "x", "Bei Profi darf eine Karte auch vor die erste Karte einer Reihe."),
    ("de", "x", "bei Raffiniert zwei Zahlen"),
    ("de", "x", "Bei Doppelt schreibst du einen Zwilling zweimal."),
    ("de", "x", "das Kartenspiel von Taktik"),
    ("de", "x", "Die Karten von Taktik liegen offen aus."),
    ("de", "x", "Das Nachwort: weitere Spielweisen"),
    ("de", "x", "Die Zahlen des Nachworts sind Beispiele."),
    ("nl", "x", "Heeft de uitslag van tafel 2, toernooironde 1, afgetekend."),
    ("de", "x", "Hat %(player)s in %(name)s umbenannt."),
    ("de", "Yes, %(player)s leaves", "Ja, %(player)s hört auf"),
    ("de", "%(player)s stays after all: the leaving before event round %(round)s is taken back.",
     "%(player)s bleibt doch: Das Aufhören vor Turnierrunde %(round)s ist zurückgenommen."),
    ("nl", "x", "Voor een voorronde of een finale"),
    ("de", "x", "Der Link des Ausrichters: an einen zweiten Ausrichter weitergeben"),
    ("nl", "Win", "Winst"),
])
def test_an_old_term_fails(glossary, lang, msgid, msgstr):
    assert problems(glossary, lang, msgid, msgstr), msgstr


@pytest.mark.parametrize("msgid", [
    "Only the last deal can be withdrawn: that is deal 3, not deal 2.",
    "The end score must be a whole number from 1 to %(limit)s.",
    "“%(variant)s” is not a variant the scorekeeper knows.",
    "Its player picks up those five cards.",
    "The printed rules leave a few situations open.",
    "Players (%(count)s): the card(s) each played",
    "a correction, withdrawal or restore",
])
def test_an_old_english_word_fails(glossary, msgid):
    assert problems(glossary, "en", msgid, msgid), msgid


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
    ("de", "x", "In der Variante Doppelt: ein doppeltes Kartenspiel. Die Hand zählt doppelt."),
    ("de", "Final standings", "Endstand"),
    ("de", "Checker", "Prüfer"),
    ("de", "x", "Der Anlegeprüfer legt die Karten an: „aufsteigende Reihenfolge“."),
    ("nl", "Deal %(number)s", "Spelronde %(number)s"),
    ("nl", "x", "Een spelronde duurt tien beurten; de tussenstand na elke spelronde."),
    ("nl", "x", "Het spel eindigt na een rondgang."),
    ("de", "Deal %(number)s", "Durchgang %(number)s"),
    ("de", "x", "Ein Durchgang dauert zehn Züge; der Zwischenstand nach jedem Durchgang."),
    ("nl", "Event round %(round)s", "Toernooironde %(round)s"),
    ("de", "Standings after event round %(round)s", "Rangliste nach Turnierrunde %(round)s"),
    ("nl", "Club events", "Clubtoernooien"),
    ("nl", "Event file (JSON)", "Clubtoernooibestand (JSON)"),
    ("de", "Event file (JSON)", "Clubturnierdatei (JSON)"),
    ("de", "x", "Der Schlüssel der Turnierleitung; Tischzettel der Turnierrunde 2"),
    ("de", "Start an event", "Ein Clubturnier beginnen"),
    ("nl", "Tournament", "Toernooi"),
    ("nl", "Back to the tournament", "Terug naar het toernooi"),
    ("de", "%(tactics)s, %(logic)s and %(tournament)s: 10 × players + 4.",
     "%(tactics)s, %(logic)s und %(tournament)s: 10 × Spieler + 4."),
    ("de", "The event has ended: these are the final standings.",
     "Das Clubturnier ist zu Ende: Das ist der Endstand."),
    ("nl", "x", "Spelronde %(number)s ongedaan gemaakt; je kunt haar terugzetten."),
    ("nl", "x", "Alle spelers leggen verdekt een kaart; de tweeling dekt haar af."),
    ("nl", "x", "de kaarten 1 tot en met 34, van 1 tot en met %(max)s, tot iedereen er tien heeft"),
    ("nl", "x", "Een spelronde zonder enige runderkop; 6 nimmt!-tafelhulp"),
    ("de", "x", "Schon die 5. oder erst die 7. Karte nimmt die Reihe."),
    ("de", "x", "Die Karte, mit der man eine Reihe nimmt; reihum; wenn jeder einmal dran war"),
    ("de", "x", "Prüfe die Reihen. Diese Seite des 6-nimmt!-Tischbegleiters"),
    ("de", "x", "Namen sind optional; gleiche Differenz: noch nicht gewählt"),
    ("de", "x", "Durchgang 10 zurücknehmen; Durchgang 11 zurückholen"),
    ("nl", "x", "ongeveer 27, plus of min 3; min of meer; een gedeelde overwinning"),
    ("nl", "x", "Klassement (pdf), bv. Clubavond, komma's; Winstpercentage"),
    ("nl", "x", "%(player)s stopt; gestopte spelers meegerekend"),
    ("de", "x", "etwa 27, plus/minus 3; mehr oder weniger klar"),
    ("de", "x", "%(hand_size)s Karten pro Hand; Handkarten pro Spieler; Karten auf der Hand"),
    ("de", "x", "für eine weitere Person der Turnierleitung"),
    ("de", "x", "Dieses Spiel zur Liste dieses Handys hinzufügen. Behalten. Meinen behalten"),
    ("de", "x", "wer am Ende eines Spiels am häufigsten vor ihm lag"),
    ("de", "x", "In der Profi-Variante, in der Variante Doppelt; wie bei Logik"),
    ("de", "x", "Das Taktik-Kartenspiel; die Taktik-Karten liegen offen aus"),
    ("de", "x", "Profi: Eine Karte darf auch vor die erste Karte gelegt werden. Raffiniert: Gib …"),
    ("de", "x", "Der Nachtrag: weitere Spielweisen; die Zahlen des Nachtrags"),
    ("de", "Import a game and play on where it stopped.", "… wo es aufgehört hat."),
    ("de", "%(player)s left: not seated", "%(player)s ist ausgestiegen."),
    ("nl", "x", "Uitslag van tafel 2, toernooironde 1, afgetekend. Heeft iedereen gespeeld?"),
    ("de", "x", "Hat jeder Spieler jede Hand gespielt, zählt jeder seine Zeilen zusammen."),
    ("de", "Does %(player)s leave the event?", "Steigt %(player)s aus dem Clubturnier aus?"),
    ("de", "x", "Der Ausstieg ist zurückgenommen; die Last-Chance-Qualifikation"),
    ("nl", "x", "Voor een kwalificatietoernooi of een finale; het herkansingstoernooi"),
    ("de", "x", "Der Link des Ausrichters: für einen Mitausrichter"),
    ("nl", "Win", "Gewonnen"),
])
def test_a_right_text_passes(glossary, lang, msgid, msgstr):
    assert not problems(glossary, lang, msgid, msgstr), problems(glossary, lang, msgid, msgstr)
