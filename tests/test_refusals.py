"""Every refusal is one class with one template: its code, its fields, its sentence in
three languages and its JSON answer all come from that template."""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from scorekeeper import create_app
from scorekeeper.engine import errors
from scorekeeper.web import errors as web_errors
from scorekeeper.web import jsonio

TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"
create_app({"TESTING": True, "DATABASE": ":memory:"})  # imports every feature's refusals
#: Families: never raised themselves, so they have no sentence of their own.
FAMILIES = {"BadBackup", "FormError", "FileProblem"}
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def _refusals() -> list[type[errors.RulesError]]:
    found, todo = [], [errors.RulesError]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls is not errors.RulesError and cls.__name__ not in FAMILIES:
            found.append(cls)
    return sorted(found, key=lambda cls: cls.__name__)


REFUSALS = _refusals()
#: A value for each field type the refusals use.
SAMPLES = {"int": 3, "str": "Ann", "object": [1, "x"], "int | None": None}


def _sample(cls: type[errors.RulesError]) -> errors.RulesError:
    from dataclasses import fields

    return cls(**{field.name: SAMPLES[field.type] for field in fields(cls)})


def _catalog(lang: str):
    with open(TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po", "rb") as po:
        return read_po(po)


CATALOGS = {lang: _catalog(lang) for lang in ("nl", "de")}


def test_the_walk_finds_every_family():
    names = {cls.__name__ for cls in REFUSALS}
    assert {"EmptyRow", "NoSuchDeal", "HandCardOutOfRange", "BadShape", "BodyNotJSON",
            "NoSuchEvent", "NotABackup", "NotACardNumber", "NotADay", "FormExpired"} <= names
    assert len(REFUSALS) == len(names), "two refusals share a name (a code)"


def msgids(cls: type[errors.RulesError]) -> tuple[str, ...]:
    """A refusal's msgid, or a counted refusal's two."""
    template = cls.template
    return (template,) if isinstance(template, str) else (template.one, template.other)


@pytest.mark.parametrize("cls", REFUSALS, ids=lambda cls: cls.__name__)
def test_every_refusal_has_its_own_template_naming_its_fields(cls):
    assert cls.template is not errors.RulesError.template, f"{cls.__name__} has no sentence"
    error = _sample(cls)
    for msgid in msgids(cls):
        assert set(PLACEHOLDER.findall(msgid)) <= set(error.fields)
    if isinstance(cls.template, errors.Plural):
        assert cls.template.count in error.fields
    assert isinstance(error, ValueError) and error.status in (400, 403, 404, 405, 409, 429,
                                                               500, 503)
    assert str(error) == error.sentence() and "%(" not in str(error)


def test_no_two_refusals_share_a_sentence():
    by_template: dict[str, list[str]] = {}
    for cls in REFUSALS:
        for msgid in msgids(cls):
            by_template.setdefault(msgid, []).append(cls.__name__)
    assert [names for names in by_template.values() if len(names) > 1] == []


@pytest.mark.parametrize("lang", sorted(CATALOGS))
@pytest.mark.parametrize("cls", REFUSALS, ids=lambda cls: cls.__name__)
def test_every_sentence_is_translated_with_the_same_placeholders(cls, lang):
    first = msgids(cls)[0]
    message = CATALOGS[lang].get(first)
    assert message is not None, f"{lang}: no entry for {first!r}"
    forms = message.string if isinstance(message.string, tuple) else (message.string,)
    assert all(forms) and not message.fuzzy, f"{lang}: {first!r} is not translated"
    assert isinstance(message.id, tuple) == isinstance(cls.template, errors.Plural)
    wanted = set().union(*(PLACEHOLDER.findall(msgid) for msgid in msgids(cls)))
    for form in forms:
        assert set(PLACEHOLDER.findall(form)) <= wanted, form


def test_a_counted_refusal_says_one_and_many(app):
    assert str(errors.WrongCardCount(player="Ann", count=1, expected=2)) == (
        "Ann played 1 card; this variant needs 2.")
    assert str(errors.WrongCardCount(player="Ann", count=3, expected=2)) == (
        "Ann played 3 cards; this variant needs 2.")
    assert str(errors.CardTooOften(card=7, times=2, allowed=1)) == (
        "Card 7 appears 2 times, but the deck holds it only once.")
    with app.test_request_context("/?lang=de"):
        assert web_errors.describe(errors.WrongCardCount(player="Ann", count=1, expected=2)) \
            == "Ann hat 1 Karte gespielt; diese Variante verlangt 2."
        assert web_errors.describe(errors.WrongCardCount(player="Ann", count=3, expected=2)) \
            == "Ann hat 3 Karten gespielt; diese Variante verlangt 2."
    with app.test_request_context("/?lang=nl"):
        assert web_errors.describe(errors.PlayerRepeated(player="Bo", allowed=2)) == (
            "Bo wordt te vaak genoemd: hoogstens 2 keer per beurt.")


@pytest.mark.parametrize("cls", REFUSALS, ids=lambda cls: cls.__name__)
def test_a_refusal_is_a_picklable_value(cls):
    error = _sample(cls)
    assert eval(repr(error), {cls.__name__: cls}).fields == error.fields
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is cls and copy.fields == error.fields
    assert {error, copy} == {error, copy}  # hashable, like any exception


def test_conflicts_are_the_refusals_answered_409():
    conflicts = {cls.__name__ for cls in REFUSALS if cls.status == 409}
    assert conflicts == {
        "GameFinished", "DealNumberTaken", "DealNumberSkipped", "ClientIdReused",
        "NotTheLastDeal", "CannotRestore", "TooManyDeals", "TooManyChanges",
        "DealChangedMeanwhile",
        "RoundStillPlaying", "RoundAlreadySeated", "AllRoundsSeated", "TooFewToSeat",
        "PlayerAlreadyOut", "EventGame", "NotInTheEvent", "GameReplaced", "PlayedOnPaper",
        "EventHasDirector",
        "NothingToReopen", "NotReopened", "EventFull", "EventChangesFull",
        "SeriesFull", "MergesFull", "PlayerNotOut", "TooLateToUndo", "NothingToPutBack",
        "VenuesFull", "SeasonEventsFull", "FinalExists", "SeasonPlayersFull",
        "QualifierSentElsewhere", "QualifierPlayedHere",
        "NoSignOff", "GameNotOver", "SameDevice", "AlreadySigned", "TableSignedOff",
        "RoundNotSigned", "KnockoutTooFew", "RenamesFull", "SwapStarted", "EventInSeries"}
    assert errors.NoSuchDeal.status == 404 and errors.EmptyRow.status == 400


def test_not_yours_to_change_is_answered_403():
    """A change to a club event without its director's key (or a sign without the table's
    game link), to a series without its key (and an event added to it without the
    event's), or to a season without its organiser's or a venue's key: the one 403
    family."""
    assert {cls.__name__ for cls in REFUSALS if cls.status == 403} == {
        "DirectorOnly", "NotADirectorLink", "RoundClosed", "SeriesOnly", "NotASeriesLink",
        "NotAtTable", "SeriesEventKey",
        "OrganiserOnly", "NotAnOrganiserLink", "VenueOnly", "NotAVenueLink"}


def test_a_field_is_shown_as_typed_or_as_json_and_cut_at_40():
    assert str(errors.EmptyRow(row=3)) == "Row 3 is empty: every row holds at least one card."
    long_name = str(errors.BadPlayerName(player="x" * 100, limit=40))
    assert "x" * 39 + "…" in long_name and "x" * 40 not in long_name
    assert str(errors.NotACard(value=None, where="max_card")) == (
        "null (max_card) is not a card number.")
    assert str(errors.UnknownVariant(variant={"name": "basic"})) == (
        "“{\"name\": \"basic\"}” is not a variant the checker knows.")
    assert str(errors.BadTakesAt(value=True)).endswith("not true.")


def test_the_sentence_follows_the_request_language(app):
    with app.test_request_context("/?lang=de"):
        assert web_errors.describe(errors.EmptyRow(row=3)) == (
            "Reihe 3 ist leer: Jede Reihe hat mindestens eine Karte.")
        assert web_errors.refusal_json(errors.RowNotAscending(row=2, card=40, previous=58)) == {
            "error": "Reihe 2 ist nicht aufsteigend: 40 liegt nach 58.",
            "code": "RowNotAscending", "fields": {"row": 2, "card": 40, "previous": 58}}
    with app.test_request_context("/?lang=en"):
        assert web_errors.describe(jsonio.BodyNotJSON()) == "The request body is not valid JSON."


def test_the_shapes_sentences_say_the_real_bounds(app):
    """No sentence hard-codes the booklet's 4 rows or 5 cards: the error's fields say them."""
    with app.test_request_context("/?lang=en"):
        describe = web_errors.describe
        assert describe(errors.RowTooLong(row=1, length=5, limit=4)) == (
            "Row 1 holds 5 cards; a row holds at most 4.")
        assert describe(errors.BadRowChoice(player="Ann", row=4, rows=3)) == (
            "Ann chose row 4, but rows are numbered 1 to 3.")
        assert describe(errors.WrongRowCount(count=6)) == "The table needs 3 to 5 rows, not 6."
        assert describe(errors.BadTakesAt(value="6")) == (
            "A row is taken by its 5th, 6th or 7th card: takes_at must be 5, 6 or 7, not 6.")
        assert describe(errors.DealOverBound(total=170, bound=166, rows=5)) == (
            "This deal adds up to 170 bullheads, but the deck in use allows at most 166 in "
            "one deal (one card stays in each of the 5 rows). Check the numbers.")
        assert describe(errors.DealUnderBound(
            total=3, bound=14, players=3, cards=34, kept=20)) == (
            "This deal adds up to 3 bullheads, but with 3 players at least 14 must be taken "
            "in a deal (34 cards are in play and at most 20 stay on the table). Perhaps a "
            "player's bullheads are missing.")
        assert describe(errors.DeckTooSmall(
            players=3, hand_size=10, rows=5, needed=35, cards=34)) == (
            "With 3 players, 10 cards in each hand and 5 rows, a deal needs 35 cards, but "
            "the deck in use has only 34.")
        assert describe(errors.BadHandSize(value=9)) == (
            "Each player is dealt 10 cards or more (a whole number), not “9”.")


# --- The scripts' refusals are the same codes ------------------------------------------

STATIC_JS = Path(__file__).resolve().parent.parent / "static" / "js"
#: ``refuse("Code")`` or ``refuse("Code", { field, other: value })`` in a script.
JS_REFUSE = re.compile(r"""\brefuse\("(\w+)"(?:,\s*\{\s*(.*?)\s*\})?\)""", re.S)
_INNERMOST = re.compile(r"\([^()]*\)|`[^`]*`|\"[^\"]*\"")


def script_refusals() -> list[tuple[str, str, frozenset[str]]]:
    """Each ``refuse(...)`` of the scripts: file, code and the fields it names.

    >>> JS_REFUSE.findall('throw refuse("NotACard", { value: row, where: `row ${n}` });')
    [('NotACard', 'value: row, where: `row ${n}`')]
    """
    found = []
    for script in sorted(STATIC_JS.rglob("*.js")):
        for code, body in JS_REFUSE.findall(script.read_text(encoding="utf-8")):
            while _INNERMOST.search(body):  # calls, strings: their commas are no fields'
                body = _INNERMOST.sub("", body)
            names = {part.split(":")[0].strip() for part in body.split(",") if part.strip()}
            found.append((script.relative_to(STATIC_JS).as_posix(), code, frozenset(names)))
    return found


def test_every_code_a_script_refuses_with_is_a_refusal_with_those_fields():
    """The phone's twins refuse by the Python refusals' codes, with their fields by the
    same names, so the page words them from the same catalog and the server's 400 reads
    alike. A code the scripts invent, or a field they forget, fails here."""
    from dataclasses import fields

    by_code = {cls.__name__: cls for cls in REFUSALS}
    seen = script_refusals()
    assert len(seen) > 60 and {"RowNotAscending", "DealUnderBound", "NotACardNumber"} <= {
        code for _, code, _ in seen}
    for script, code, names in seen:
        assert code in by_code, f"{script}: {code} is no refusal of the server's"
        expected = {field.name for field in fields(by_code[code])}
        assert names == expected, f"{script}: {code} with {sorted(names)}, not {sorted(expected)}"
