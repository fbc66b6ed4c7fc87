"""The engine's errors are value types: typed fields, an English sentence, picklable."""

from __future__ import annotations

import importlib
import pickle
import pkgutil
from dataclasses import asdict, fields

import pytest

import scorekeeper.engine
from scorekeeper.engine import Play, Table, errors, resolve_turn
from scorekeeper.engine import scoring as sc
from scorekeeper.engine import tournament as tr

for _info in pkgutil.iter_modules(scorekeeper.engine.__path__):
    importlib.import_module(f"scorekeeper.engine.{_info.name}")

#: Family bases: never raised, so they need no sentence of their own.
ABSTRACT = {errors.RulesError, sc.ScoringError, tr.TournamentError}
#: A value for each field type the errors use.
SAMPLES = {"int": 3, "str": "Ann", "object": [1, "x"], "int | None": None}


def engine_error_types() -> list[type[errors.RulesError]]:
    found, todo = [], [errors.RulesError]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.__module__.startswith("scorekeeper.engine.") and cls not in ABSTRACT:
            found.append(cls)
    return sorted(found, key=lambda cls: (cls.__module__, cls.__name__))


@pytest.mark.parametrize("error_type", engine_error_types(), ids=lambda cls: cls.__name__)
def test_every_error_is_a_picklable_value_error_with_a_sentence(error_type):
    error = error_type(**{field.name: SAMPLES[field.type] for field in fields(error_type)})
    assert isinstance(error, ValueError)
    assert error.status in (400, 404, 409)
    assert str(error) and not str(error).startswith(error_type.__name__)
    assert eval(repr(error), {error_type.__name__: error_type}).__dict__ == error.__dict__
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is error_type and asdict(copy) == asdict(error)
    assert {error, copy} == {error, copy}  # hashable, like any exception


def test_a_raised_error_still_pickles_and_reads_well():
    with pytest.raises(errors.EmptyRow) as caught:
        Table.from_rows([[1], [], [3], [4]])
    assert str(caught.value) == "row 2 is empty"
    assert asdict(pickle.loads(pickle.dumps(caught.value))) == {"row": 2}


def test_sentences_name_the_input():
    assert str(errors.RowNotAscending(row=4, card=8, previous=9)) == (
        "row 4 is not ascending: 8 after 9")
    assert str(sc.DealOverBound(total=170, bound=167)) == (
        "the deal adds up to 170 bullheads; at most 167 can be taken "
        "(a card stays in each of the 4 rows)")
    assert str(tr.HandCardOutOfRange(player="Bob", card=45, max_card=44, count=4)) == (
        "card 45 (hand of Bob) is outside 1..44 for 4 players")


def test_status_says_bad_input_not_there_or_moved_on():
    assert errors.CardTooOften.status == 400 and sc.BadBullheads.status == 400
    assert sc.NoSuchDeal.status == 404
    moved_on = (sc.GameFinished, sc.DealNumberTaken, sc.DealNumberSkipped, sc.ClientIdReused)
    assert all(error.status == 409 for error in moved_on)


def test_user_input_is_kept_as_given():
    name = "x" * 100
    with pytest.raises(sc.BadPlayerName) as caught:
        sc.make_settings([name, "Bob"])
    assert caught.value.player == name
    with pytest.raises(sc.BadBullheads) as caught:
        sc.make_entry(sc.make_settings(["Ann", "Bob"]), {"Ann": True, "Bob": 0})
    assert caught.value.value is True
    with pytest.raises(errors.UnknownVariant) as caught:
        resolve_turn(Table.from_rows([[1], [2], [3], [4]]), [Play("A", (5,))], ["basic"])
    assert caught.value.variant == ["basic"]
