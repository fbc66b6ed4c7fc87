"""The engine's refusals as the engine raises them: typed fields holding the input as given,
one English sentence, and a status that says the family."""

from __future__ import annotations

import pickle
from dataclasses import asdict

import pytest

from scorekeeper.engine import Play, Table, errors, resolve_turn
from scorekeeper.engine import tournament as tr
from scorekeeper.engine.deal import make_entry
from scorekeeper.engine.settings import make_settings


def test_a_raised_error_still_pickles_and_reads_well():
    with pytest.raises(errors.EmptyRow) as caught:
        Table.from_rows([[1], [], [3], [4]])
    assert str(caught.value) == "Row 2 is empty: every row holds at least one card."
    assert caught.value.code == "EmptyRow" and caught.value.fields == {"row": 2}
    assert asdict(pickle.loads(pickle.dumps(caught.value))) == {"row": 2}


def test_sentences_name_the_input():
    assert str(errors.RowNotAscending(row=4, card=8, previous=9)) == (
        "Row 4 is not in ascending order: 8 comes after 9.")
    assert str(errors.DealOverBound(total=170, bound=167)) == (
        "This deal adds up to 170 bullheads, but the deck in use allows at most 167 in one "
        "deal (one card stays in each of the 4 rows). Check the numbers.")
    with pytest.raises(errors.HandCardOutOfRange) as caught:
        tr.check_hands(["Ann", "Bob", "Cas", "Dirk"], {
            "Ann": [45, *range(1, 10)], "Bob": list(range(10, 20)),
            "Cas": list(range(20, 30)), "Dirk": list(range(30, 40))})
    assert str(caught.value) == (
        "Card 45 (hand of Ann) is not in the game: with 4 players the cards go from 1 to 44.")


def test_status_says_bad_input_not_there_or_moved_on():
    assert errors.CardTooOften.status == 400 and errors.BadBullheads.status == 400
    assert errors.NoSuchDeal.status == 404
    moved_on = (errors.GameFinished, errors.DealNumberTaken, errors.DealNumberSkipped,
                errors.ClientIdReused)
    assert all(error.status == 409 for error in moved_on)


def test_user_input_is_kept_as_given():
    name = "x" * 100
    with pytest.raises(errors.BadPlayerName) as caught:
        make_settings([name, "Bob"])
    assert caught.value.player == name
    with pytest.raises(errors.BadBullheads) as caught:
        make_entry(make_settings(["Ann", "Bob"]), {"Ann": True, "Bob": 0})
    assert caught.value.value is True
    with pytest.raises(errors.UnknownVariant) as caught:
        resolve_turn(Table.from_rows([[1], [2], [3], [4]]), [Play("A", (5,))], ["basic"])
    assert caught.value.variant == ["basic"]
