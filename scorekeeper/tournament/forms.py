"""Flask-WTF forms of the tournament pages: players and hands, and one game's results.

The forms carry the CSRF token and keep what was typed; the rules are checked by
:mod:`scorekeeper.engine.tournament`. Field names (``name1``, ``hand1``, ``points1`` …)
are part of the page: ``static/js/pages/tournament-draft.js`` fills the hand fields.
"""

from __future__ import annotations

import re

from flask_wtf import FlaskForm
from wtforms import StringField

from ..engine import tournament as tournament_rules
from ..web.fields import WholeNumberField, whole_number
from . import event as event_fields

SEATS = range(1, tournament_rules.TOURNAMENT_MAX_PLAYERS + 1)


def parse_cards(text: str) -> list[int] | str:
    """Numbers typed in any common way ("2, 4 8-14"); the text back if a token is no number.

    >>> parse_cards("2, 4 8-14;19")
    [2, 4, 8, 14, 19]
    >>> parse_cards("2 four"), parse_cards("2 " + "9" * 5000) == "2 " + "9" * 5000
    ('2 four', True)
    """
    numbers = [whole_number(token) for token in re.split(r"[\s,;.\-–/]+", text) if token]
    if None in numbers:
        return text
    return [number for number in numbers if number is not None]


def _strip(value: str | None) -> str | None:
    return value.strip() if isinstance(value, str) else value


class CreateForm(FlaskForm):
    """``name1..name5`` and ``hand1..hand5``: the players in seating order and their hands;
    ``event_name``, ``event_date`` and ``event_table``: the sheets' head, all optional.

    Labels stay in the template, beside the seat's legend; the seat fields are added below.
    """

    event_name = StringField()
    event_date = StringField()
    event_table = StringField()

    def event(self) -> event_fields.Event:
        """The checked event; raises a refusal naming the field."""
        return event_fields.from_form(self.event_name.data or "", self.event_date.data or "",
                                      self.event_table.data or "")

    def typed(self, part: str) -> list[str]:
        """What was typed in each seat's ``part`` field (``name`` or ``hand``), as typed."""
        return [self[f"{part}{seat}"].data or "" for seat in SEATS]

    def tournament(self) -> tuple[list[str], dict[str, list[int]]]:
        """The checked players and hands; raises a ``RulesError`` for a bad entry.

        Seats with neither a name nor a hand are skipped, so a table fills only the seats
        it needs.
        """
        filled = [
            (name, hand)
            for name, hand in zip(self.typed("name"), self.typed("hand"), strict=True)
            if name.strip() or hand.strip()
        ]
        players = tournament_rules.check_players([name for name, _hand in filled])
        typed = [hand for _name, hand in filled]
        hands = tournament_rules.check_hands(players, {
            name: parse_cards(hand) if hand.strip() else None
            for name, hand in zip(players, typed, strict=True)
        })
        return players, hands


class ConfirmForm(FlaskForm):
    """An empty form: a POST button with its CSRF token (keep a tournament on this phone)."""


class ResultsForm(FlaskForm):
    """``points1..points5``: one game's minus points per sheet, in seating order."""

    def typed(self, count: int) -> list[str]:
        """The first ``count`` values as typed (trimmed), to show again."""
        return [self[f"points{seat}"].data or "" for seat in SEATS][:count]

    def points(self, players: list[str]) -> dict[str, int]:
        """Minus points per sheet owner; raises a ``RulesError`` for a bad value."""
        fields = [self[f"points{seat}"] for seat in SEATS][:len(players)]
        values = {owner: field.value for owner, field in zip(players, fields, strict=True)}
        return tournament_rules.check_game_points(players, values)


# One field per seat, named as the page and its script know them.
for _seat in SEATS:
    setattr(CreateForm, f"name{_seat}", StringField())
    setattr(CreateForm, f"hand{_seat}", StringField())
    setattr(ResultsForm, f"points{_seat}", WholeNumberField(filters=[_strip]))
del _seat
