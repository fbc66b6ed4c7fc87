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

from ..engine.errors import BadPointsTable
from ..engine.event_options import (
    KNOCKOUT_SIZES,
    MAX_PLACE_POINTS,
    PLACEMENT_POINTS,
    EventOptions,
    Scoring,
    options_of,
)
from ..engine.limits import DEFAULT_THRESHOLD
from ..engine.settings import Settings
from . import checks
from .store import SeatedTable

#: Where a pasted list of names is cut: at line breaks; a list on one line also at commas
#: and semicolons.
_LINES = re.compile(r"[\n\r\u2028\u2029\x85\v\f]+")
#: The longest list of players the start form reads: 200 names of 40 characters and more.
PLAYERS_TEXT = 20_000
_ON_ONE_LINE = re.compile(r"[,;]+")
#: A name typed with its season number after it: "Jan de Vries #427".
_NUMBERED = re.compile(r"(.*?)\s*#\s*([0-9]{1,6})")


#: How an event's standings may order players (engine/event_options.py), as the forms
#: offer them: an event's, and a season's for all its events.
SCORING_CHOICES = [
    SelectChoice(str(Scoring.PLACEMENT), lazy_gettext("placement points, then relative points")),
    SelectChoice(str(Scoring.BULLHEADS), lazy_gettext("bullheads only")),
    SelectChoice(str(Scoring.WINS), lazy_gettext("games won")),
]


def scoring_label(value: object) -> str:
    """How a form names the scoring ``value`` (one of :data:`SCORING_CHOICES`)."""
    labels = {choice.value: str(choice.label) for choice in SCORING_CHOICES}
    return labels.get(str(value), labels[str(Scoring.PLACEMENT)])


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


def _places(size: int) -> str:
    """Today's points for a table of ``size``, as the form shows them: ``7 5 3 1``."""
    return " ".join(str(value) for value in PLACEMENT_POINTS[size])


def _typed_places(size: int, text: str | None) -> list[int]:
    """The points typed for a table of ``size``: numbers apart by spaces or commas."""
    parts = [part for part in re.split(r"[\s,;]+", text or "") if part]
    if not all(part.isascii() and part.isdigit() and len(part) <= 6 for part in parts):
        raise BadPointsTable(size=size, value=(text or "").strip(), limit=MAX_PLACE_POINTS)
    return [int(part) for part in parts]


class EventForm(FlaskForm):
    name = StringField(lazy_gettext("Name of the event"), validators=[Length(max=400)])
    players = TextAreaField(lazy_gettext("Players (6 to 200)"),
                            validators=[Length(max=PLAYERS_TEXT)])
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

    # What a championship asks of the event (engine/event_options.py).
    scoring = RadioField(
        lazy_gettext("The standings count"),
        choices=SCORING_CHOICES,
        default=str(Scoring.PLACEMENT))
    points_5 = StringField(lazy_gettext("Table of 5"), default=_places(5),
                           validators=[Length(max=60)])
    points_4 = StringField(lazy_gettext("Table of 4"), default=_places(4),
                           validators=[Length(max=60)])
    points_3 = StringField(lazy_gettext("Table of 3"), default=_places(3),
                           validators=[Length(max=60)])
    sign_off = BooleanField(lazy_gettext("Each table signs its result"))
    release = BooleanField(lazy_gettext("Release the standings by event round"))
    knockout = SelectField(
        lazy_gettext("Knock-out after the event rounds"),
        choices=[SelectChoice("", lazy_gettext("none")),
                 *(SelectChoice(str(size), lazy_gettext("the best %(size)s", size=size))
                   for size in KNOCKOUT_SIZES)],
        default="")

    def option_fields(self, scoring_chosen: bool = True) -> dict[str, object]:
        """The championship's options as the JSON interface's fields (checked by
        ``options_of``); raises a RulesError for a points table that is not numbers.
        Without ``scoring_chosen`` (an event of a season, whose scoring the season sets)
        the scoring and points fields are not read."""
        chosen = {"sign_off": bool(self.sign_off.data),
                  "release": "round" if self.release.data else None,
                  "knockout": int(self.knockout.data) if self.knockout.data else None}
        if not scoring_chosen:
            return chosen
        scoring = self.scoring.data or str(Scoring.PLACEMENT)
        points = {str(size): _typed_places(size, self[f"points_{size}"].data)
                  for size in PLACEMENT_POINTS}
        own = any(tuple(points[str(size)]) != PLACEMENT_POINTS[size]
                  for size in PLACEMENT_POINTS)
        return {"scoring": scoring,
                "points": points if own and scoring == Scoring.PLACEMENT else None, **chosen}

    def options(self, players: int) -> EventOptions:
        """The championship's options, checked as the JSON interface checks them; raises a
        RulesError naming the first problem."""
        return options_of(self.option_fields(), players)


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


class RenameForm(FlaskForm):
    player = SelectField(lazy_gettext("Player"), choices=[], validate_choice=False)
    name = StringField(lazy_gettext("New name"), validators=[Length(max=200)])


class SwapForm(FlaskForm):
    player = SelectField(lazy_gettext("Swap"), choices=[], validate_choice=False)
    other = SelectField(lazy_gettext("with"), choices=[], validate_choice=False)


class TotalsForm(FlaskForm):
    """A table's totals from its paper sheet: one field a player, ``total-<seat>``."""

    @classmethod
    def for_table(cls, seat: SeatedTable, start: dict[str, int] | None = None) -> TotalsForm:
        """The form for ``seat``'s players, filled with ``start`` (each player's total)
        until the director types over it."""
        fields = {f"total_{index}": StringField(player, validators=[Length(max=20)])
                  for index, player in enumerate(seat.players)}
        data = {f"total_{index}": str(start[player]) for index, player in
                enumerate(seat.players) if start and player in start}
        return type("TableTotalsForm", (cls,), fields)(data=data)

    def totals(self, seat: SeatedTable) -> dict[str, str]:
        return {player: (self[f"total_{index}"].data or "").strip()
                for index, player in enumerate(seat.players)}

    def fields_of(self, seat: SeatedTable) -> list:
        return [self[f"total_{index}"] for index in range(len(seat.players))]


class ImportForm(FlaskForm):
    file = FileField(lazy_gettext("Event file (JSON)"))
