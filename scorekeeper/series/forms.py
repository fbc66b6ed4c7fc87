"""Flask-WTF forms of the series pages: start a series, merge two spellings. They carry
the CSRF token and keep what was typed; the values are judged as the API judges them."""

from __future__ import annotations

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from wtforms import SelectField, StringField
from wtforms.validators import Length

from .errors import MAX_SERIES_EVENTS, BadBest


class SeriesForm(FlaskForm):
    name = StringField(lazy_gettext("Name of the series"), validators=[Length(max=400)])
    best = StringField(lazy_gettext("Count each player's best events (optional)"),
                       validators=[Length(max=20)])

    def best_value(self) -> int | None:
        """The number typed, or None for every event; :class:`BadBest` otherwise."""
        text = (self.best.data or "").strip()
        if not text:
            return None
        if not text.isdigit() or not 1 <= int(text) <= MAX_SERIES_EVENTS:
            raise BadBest(value=text)
        return int(text)


class MergeForm(FlaskForm):
    source = SelectField(lazy_gettext("This name"), choices=[], validate_choice=False)
    target = SelectField(lazy_gettext("is the same player as"), choices=[],
                         validate_choice=False)


class AddEventForm(FlaskForm):
    """An event that exists already, named by its director's link (it holds the key)."""

    link = StringField(lazy_gettext("The event's director's link"),
                       validators=[Length(max=500)])
