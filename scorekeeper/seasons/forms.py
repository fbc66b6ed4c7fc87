"""Flask-WTF forms of the season pages: start a season, add a venue, merge two numbers,
send a qualifier's file. They carry the CSRF token and keep what was typed; the values
are judged as the API judges them."""

from __future__ import annotations

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import RadioField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Length

from ..engine.season import QualifyRule
from ..engine.settings import whole
from ..events.forms import SCORING_CHOICES
from .api import checked_best, checked_rule, checked_scoring
from .errors import LAST_CHANCE, MAX_PER_ENTRANTS, MAX_PER_EVENT, QUALIFIER, BadPlaces


def _number(text: str | None) -> int | str | None:
    """What was typed: a whole number, else the text (for the refusal), None if empty."""
    text = (text or "").strip()
    if not text:
        return None
    value = whole(text)
    return text if value is None else value


class SeasonForm(FlaskForm):
    name = StringField(lazy_gettext("Name of the season"), validators=[Length(max=400)])
    qualify = RadioField(
        lazy_gettext("Who qualifies"),
        choices=[SelectChoice("per_event", lazy_gettext("the best players of each qualifier")),
                 SelectChoice("per_entrants", lazy_gettext("one player per so many entrants"))],
        default="per_event")
    places = StringField(lazy_gettext("How many (players per qualifier, or entrants per "
                                      "place)"), default="3", validators=[Length(max=20)])
    min_entrants = StringField(lazy_gettext("Fewest entrants for a qualifier to count"),
                               default="8", validators=[Length(max=20)])
    best = StringField(lazy_gettext("The ranking counts each player's best qualifiers "
                                    "(optional)"), validators=[Length(max=20)])
    scoring = RadioField(
        lazy_gettext("Standings of every event"),
        choices=SCORING_CHOICES,
        default="placement")

    def values(self) -> tuple[QualifyRule, int | None, str]:
        """The rule, ``best`` and the scoring; raises the refusal of the first problem."""
        kind = self.qualify.data if self.qualify.data in ("per_event", "per_entrants") else (
            "per_event")
        places = _number(self.places.data)
        limit = MAX_PER_EVENT if kind == "per_event" else MAX_PER_ENTRANTS
        if not isinstance(places, int) or not 1 <= places <= limit:
            raise BadPlaces(value=self.places.data, limit=limit)
        minimum = _number(self.min_entrants.data)
        rule = checked_rule({kind: places}, 0 if minimum is None else minimum)
        return rule, checked_best(_number(self.best.data)), checked_scoring(self.scoring.data)


class VenueForm(FlaskForm):
    name = StringField(lazy_gettext("Name of the venue"), validators=[Length(max=400)])


class MergeForm(FlaskForm):
    source = StringField(lazy_gettext("Season number"), validators=[Length(max=20)])
    target = StringField(lazy_gettext("is the same player as number"),
                         validators=[Length(max=20)])


class FileForm(FlaskForm):
    file = FileField(lazy_gettext("Event file (JSON)"))
    kind = RadioField(
        lazy_gettext("This event was"),
        choices=[SelectChoice(QUALIFIER, lazy_gettext("a qualifier")),
                 SelectChoice(LAST_CHANCE, lazy_gettext("the last-chance qualifier"))],
        default=QUALIFIER)
