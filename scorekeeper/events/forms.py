"""Flask-WTF forms of the event pages: start an event, a player joining or leaving.

The forms carry the CSRF token and keep what was typed; :mod:`.checks` and the engine
judge the values, the same way as for the JSON interface.
"""

from __future__ import annotations

import re

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from wtforms import BooleanField, RadioField, SelectField, StringField, TextAreaField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Length

from ..engine.limits import DEFAULT_THRESHOLD
from ..engine.settings import Settings
from . import checks

#: A pasted list: one name a line, or separated by commas or semicolons.
_SEPARATORS = re.compile(r"[\n\r,;]+")


def pasted_names(text: str | None) -> list[str]:
    """The names of a pasted list, blank entries left out.

    >>> pasted_names("Ann, Bob\\n Cas ;;\\n\\nDirk")
    ['Ann', 'Bob', 'Cas', 'Dirk']
    """
    return [name.strip() for name in _SEPARATORS.split(text or "") if name.strip()]


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
    threshold = StringField(lazy_gettext("End score"), default=str(DEFAULT_THRESHOLD),
                            validators=[Length(max=20)])
    fixed_deals = StringField(lazy_gettext("Number of deals"), validators=[Length(max=20)])
    virgin_doubling = BooleanField(lazy_gettext("Virgin doubling"))

    def values(self) -> tuple[str, list[str], int, Settings]:
        """Name, players, rounds and the games' settings; raises a RulesError naming the
        first problem."""
        name = checks.checked_name(self.name.data)
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


class DropForm(FlaskForm):
    player = SelectField(lazy_gettext("Player who leaves"), choices=[], validate_choice=False)


class SeatForm(FlaskForm):
    """A button with its CSRF token: seat the next round."""
