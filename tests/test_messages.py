"""Every typed error has its own sentence in web/messages.py, translated in Dutch and German."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import scorekeeper.engine
from scorekeeper.engine import errors
from scorekeeper.engine import scoring as sc
from scorekeeper.engine import tournament as tr
from scorekeeper.web import jsonio, messages

TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"
#: Family bases: never raised, so they need no sentence of their own.
ABSTRACT = {errors.RulesError, sc.ScoringError, tr.TournamentError}


def _modules() -> set[str]:
    names = {f"scorekeeper.engine.{info.name}"
             for info in pkgutil.iter_modules(scorekeeper.engine.__path__)}
    for name in names:
        importlib.import_module(name)
    return names | {jsonio.__name__}


def _error_types() -> list[type[errors.RulesError]]:
    modules = _modules()
    found, todo = [], [errors.RulesError]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.__module__ in modules and cls not in ABSTRACT:
            found.append(cls)
    return sorted(found, key=lambda cls: (cls.__module__, cls.__name__))


ERROR_TYPES = _error_types()


def _catalog(lang: str):
    with open(TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po", "rb") as po:
        return read_po(po)


CATALOGS = {lang: _catalog(lang) for lang in ("nl", "de")}


def test_the_walk_finds_every_family():
    names = {cls.__name__ for cls in ERROR_TYPES}
    assert {"EmptyRow", "NoSuchDeal", "HandCardOutOfRange", "BadShape", "BodyNotJSON"} <= names
    assert len(ERROR_TYPES) == len(names), "two error types share a name"


@pytest.mark.parametrize("error_type", ERROR_TYPES, ids=lambda cls: cls.__name__)
def test_every_error_type_has_a_sentence(error_type):
    assert error_type in messages._MESSAGES, f"{error_type.__name__} has no sentence"


@pytest.mark.parametrize("lang", sorted(CATALOGS))
@pytest.mark.parametrize("error_type", ERROR_TYPES, ids=lambda cls: cls.__name__)
def test_every_sentence_is_translated(error_type, lang):
    msgid = str(messages._MESSAGES[error_type])  # outside a request: the msgid itself
    message = CATALOGS[lang].get(msgid)
    assert message is not None, f"{lang}: no entry for {msgid!r}"
    assert message.string and not message.fuzzy, f"{lang}: {msgid!r} is not translated"


def test_conflicts_are_the_errors_answered_409():
    conflicts = {cls for cls in _error_types() if cls.status == 409}
    assert conflicts == {
        sc.GameFinished, sc.DealNumberTaken, sc.DealNumberSkipped, sc.ClientIdReused,
        sc.NotTheLastDeal, sc.CannotRestore, sc.TooManyDeals, sc.TooManyChanges}
    assert sc.NoSuchDeal.status == 404 and errors.EmptyRow.status == 400


def test_describe_fills_in_the_fields_and_shortens_user_input(app):
    with app.test_request_context("/?lang=en"):
        assert messages.describe(errors.EmptyRow(row=3)) == (
            "Row 3 is empty: every row holds at least one card.")
        long_name = messages.describe(sc.BadPlayerName(player="x" * 100, limit=40))
        assert "x" * 39 + "…" in long_name and "x" * 40 not in long_name
        assert messages.describe(jsonio.BodyNotJSON()) == "The request body is not valid JSON."


def test_the_shapes_sentences_say_the_real_bounds(app):
    """No sentence hard-codes the booklet's 4 rows or 5 cards: the error's fields say them."""
    with app.test_request_context("/?lang=en"):
        assert messages.describe(errors.RowTooLong(row=1, length=5, limit=4)) == (
            "Row 1 holds 5 cards; a row holds at most 4.")
        assert messages.describe(errors.BadRowChoice(player="Ann", row=4, rows=3)) == (
            "Ann chose row 4, but rows are numbered 1 to 3.")
        assert messages.describe(errors.WrongRowCount(count=6)) == (
            "The table needs 3 to 5 rows, not 6.")
        assert messages.describe(errors.BadTakesAt(value="6")) == (
            "A row is taken by its 5th, 6th or 7th card: takes_at must be 5, 6 or 7, not 6.")
        assert messages.describe(sc.DealOverBound(total=170, bound=166, rows=5)) == (
            "This deal adds up to 170 bullheads, but the deck in use allows at most 166 in "
            "one deal (one card stays in each of the 5 rows). Check the numbers.")
        assert messages.describe(sc.DealUnderBound(
            total=3, bound=14, players=3, cards=34, kept=20)) == (
            "This deal adds up to 3 bullheads, but with 3 players at least 14 must be taken "
            "in a deal (34 cards are in play and at most 20 stay on the table). Perhaps a "
            "player's bullheads are missing.")
        assert messages.describe(sc.DeckTooSmall(
            players=3, hand_size=10, rows=5, needed=35, cards=34)) == (
            "With 3 players, 10 cards in each hand and 5 rows, a deal needs 35 cards, but "
            "the deck in use has only 34.")
        assert messages.describe(sc.BadHandSize(value=9)) == (
            "Each player is dealt 10 cards or more (a whole number), not “9”.")
