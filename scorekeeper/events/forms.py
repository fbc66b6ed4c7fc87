"""Flask-WTF forms of the event pages: start an event, a player joining or leaving.

The forms carry the CSRF token and keep what was typed; :mod:`.checks` and the engine
judge the values, the same way as for the JSON interface.
"""

from __future__ import annotations

import re

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import (
    BooleanField,
    HiddenField,
    RadioField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Length

from ..engine.limits import DEFAULT_THRESHOLD
from ..engine.settings import Settings
from . import checks
from .store import SeatedTable

#: Where a pasted list of names is cut: at line breaks; a list on one line also at commas
#: and semicolons.
_LINES = re.compile(r"[\n\r\u2028\u2029\x85\v\f]+")
_ON_ONE_LINE = re.compile(r"[,;]+")
#: A name typed with its season number after it: "Jan de Vries #427".
_NUMBERED = re.compile(r"(.*?)\s*#\s*([0-9]{1,6})")


def pasted_names(text: str | None) -> list[str]:
    """The names of a pasted list, blank entries left out: one name a line (a column
    pasted from a spreadsheet, "Last, First" kept whole), or, when everything stands on
    one line, separated by commas or semicolons. A byte-order mark before the list (a
    file saved by a spreadsheet) is not part of the first name.

    >>> pasted_names("Ann, Bob; Cas ,, Dirk")
    ['Ann', 'Bob', 'Cas', 'Dirk']
    >>> pasted_names("Jansen, Piet\\r\\n\\n de Vries, Anna \\n")
    ['Jansen, Piet', 'de Vries, Anna']
    """
    text = (text or "").lstrip("\ufeff")
    lines = [line.strip() for line in _LINES.split(text) if line.strip()]
    if len(lines) == 1:
        lines = _ON_ONE_LINE.split(lines[0])
    return [name.strip() for name in lines if name.strip()]


class EventForm(FlaskForm):
    name = StringField(lazy_gettext("Name of the event"), validators=[Length(max=400)])
    players = TextAreaField(lazy_gettext("Players (6 to 200)"), validators=[Length(max=20000)])
    rounds = StringField(lazy_gettext("Event rounds"), default="3", validators=[Length(max=20)])
    end = RadioField(
        lazy_gettext("The game ends"),
        choices=[SelectChoice("threshold", lazy_gettext("when a player reaches a score")),
                 SelectChoice("deals", lazy_gettext("after a fixed number of deals"))],
        default="threshold",
    )
    threshold = StringField(lazy_gettext("Limit"), default=str(DEFAULT_THRESHOLD),
                            validators=[Length(max=20)])
    fixed_deals = StringField(lazy_gettext("Number of deals"), validators=[Length(max=20)])
    virgin_doubling = BooleanField(lazy_gettext("Virgin doubling"))
    #: Offered only when this browser directs a series (``joining.directed``).
    series = SelectField(lazy_gettext("Part of the series"), choices=[], default="")
    #: An event of a championship season: the links of a venue's and an organiser's
    #: pages fill these in (``?season=…&venue=…&kind=…``).
    season = HiddenField()
    venue = HiddenField()
    kind = HiddenField()

    def season_fields(self) -> tuple[str | None, str | None, str | None]:
        """The season, venue and kind this form starts an event for (None: none)."""
        return (self.season.data or None, self.venue.data or None, self.kind.data or None)

    def entries(self) -> list[object]:
        """The players typed; for an event of a season, a name may end in its season
        number ("Jan de Vries #427").

        >>> form = type("F", (), {"players": type("P", (), {"data": "Ann #7\\nBob"})()})
        >>> EventForm.entries(form)
        [{'name': 'Ann', 'number': 7}, 'Bob']
        """
        found: list[object] = []
        for name in pasted_names(self.players.data):
            match = _NUMBERED.fullmatch(name)
            found.append({"name": match[1], "number": int(match[2])} if match else name)
        return found

    def values(self, players: list[str] | None = None) -> tuple[str, list[str], int, Settings]:
        """Name, players (those typed, unless ``players`` are given, already checked),
        rounds and the games' settings; raises a RulesError naming the first problem."""
        name = checks.checked_name(self.name.data)
        if players is None:
            players = checks.checked_players(pasted_names(self.players.data))
        rounds = checks.checked_rounds((self.rounds.data or "").strip() or None)
        if self.end.data == "deals":
            settings = checks.games_settings(None, (self.fixed_deals.data or "").strip(),
                                             bool(self.virgin_doubling.data))
        else:
            settings = checks.games_settings((self.threshold.data or "").strip(), None,
                                             bool(self.virgin_doubling.data))
        return name, players, rounds, settings


class JoinForm(FlaskForm):
    player = StringField(lazy_gettext("Name of the late arrival"), validators=[Length(max=200)])
    number = StringField(lazy_gettext("Their season number (if they have one)"),
                         validators=[Length(max=20)])


class DropForm(FlaskForm):
    player = SelectField(lazy_gettext("Player who leaves"), choices=[], validate_choice=False)


class SeatForm(FlaskForm):
    """A button with its CSRF token: seat the next round."""


class TotalsForm(FlaskForm):
    """A table's totals from its paper sheet: one field a player, ``total-<seat>``."""

    @classmethod
    def for_table(cls, seat: SeatedTable) -> TotalsForm:
        fields = {f"total_{index}": StringField(player, validators=[Length(max=20)])
                  for index, player in enumerate(seat.players)}
        return type("TableTotalsForm", (cls,), fields)()

    def totals(self, seat: SeatedTable) -> dict[str, str]:
        return {player: (self[f"total_{index}"].data or "").strip()
                for index, player in enumerate(seat.players)}

    def fields_of(self, seat: SeatedTable) -> list:
        return [self[f"total_{index}"] for index in range(len(seat.players))]


class ImportForm(FlaskForm):
    file = FileField(lazy_gettext("Event file (JSON)"))
