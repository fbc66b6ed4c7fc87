"""Flask-WTF forms of the scorekeeper pages, and reading a deal from a posted form.

The rules themselves are checked by :mod:`scorekeeper.engine.scoring`; the forms only
carry the CSRF token, keep what was typed, and hand the values over.
"""

from __future__ import annotations

import re

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import BooleanField, FieldList, RadioField, SelectField, StringField, TextAreaField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Length

from ..engine import scoring as sc

VARIANT_CHOICES = [
    SelectChoice("basic", lazy_gettext("Basic game")),
    SelectChoice("tactics", lazy_gettext("Tactics or Logic (cards 1 to 10 per player + 4)")),
    SelectChoice("double", lazy_gettext("Double (two decks)")),
    SelectChoice("hand", lazy_gettext("Hand (cards left in the hand count double)")),
]


class StartForm(FlaskForm):
    players = FieldList(
        StringField(lazy_gettext("Player")),
        min_entries=sc.MAX_PLAYERS, max_entries=sc.MAX_PLAYERS,
    )
    end = RadioField(
        lazy_gettext("The game ends"),
        choices=[SelectChoice("threshold", lazy_gettext("when a player reaches a score")),
                 SelectChoice("deals", lazy_gettext("after a fixed number of deals"))],
        default="threshold",
    )
    threshold = StringField(lazy_gettext("End score"), default=str(sc.DEFAULT_THRESHOLD),
                            validators=[Length(max=20)])
    fixed_deals = StringField(lazy_gettext("Number of deals"), validators=[Length(max=20)])
    virgin_doubling = BooleanField(lazy_gettext("Virgin doubling"))
    variant = SelectField(lazy_gettext("Variant"), choices=VARIANT_CHOICES, default="basic")
    note = TextAreaField(lazy_gettext("Note (place, occasion; optional)"),
                         validators=[Length(max=500)])

    def settings(self) -> sc.Settings:
        """The game's settings; raises a ScoringError for a bad value."""
        names = [name.strip() for name in self.players.data if name and name.strip()]
        if self.end.data == "deals":
            return sc.make_settings(names, None, self.fixed_deals.data.strip() or "",
                                    self.virgin_doubling.data, self.variant.data)
        return sc.make_settings(names, self.threshold.data.strip() or "",
                                None, self.virgin_doubling.data, self.variant.data)


class ConfirmForm(FlaskForm):
    """An empty form: a POST button with its CSRF token (delete a game)."""


class ImportForm(FlaskForm):
    file = FileField(lazy_gettext("Game file (JSON)"))
    text = TextAreaField(lazy_gettext("…or paste the JSON here"))


_SPLIT = re.compile(r"[\s,;]+")


def read_deal(settings: sc.Settings, form) -> tuple[dict, object]:
    """What was typed (to show again) and a function building the entry from it.

    Empty bullhead fields count as 0, so a table only types the players who took some.
    """
    mode = "cards" if form.get("mode") == "cards" else "bullheads"
    typed = {"mode": mode, "number": form.get("number", "")[:10]}
    for i, _name in enumerate(settings.players):
        for part in ("bh", "hand", "cards"):
            typed[f"{part}-{i}"] = form.get(f"{part}-{i}", "")[:400]

    def values(part: str) -> dict[str, str]:
        return {n: typed[f"{part}-{i}"].strip() or "0" for i, n in enumerate(settings.players)}

    def entry_of(s: sc.Settings) -> sc.Entry:
        hand = values("hand") if s.variant == "hand" else None
        if mode == "cards":
            cards = {
                n: [c for c in _SPLIT.split(typed[f"cards-{i}"].strip()) if c]
                for i, n in enumerate(s.players)
            }
            return sc.make_entry(s, cards=cards, hand=hand)
        return sc.make_entry(s, values("bh"), hand=hand)

    return typed, entry_of


def typed_from_entry(settings: sc.Settings, entry: sc.Entry) -> dict:
    """A stored deal as form values, so a correction starts from what is there."""
    typed = {"mode": "cards" if entry.cards is not None else "bullheads"}
    for i, name in enumerate(settings.players):
        typed[f"bh-{i}"] = str(entry.bullheads[name])
        typed[f"hand-{i}"] = str((entry.hand or {}).get(name, 0))
        typed[f"cards-{i}"] = " ".join(map(str, (entry.cards or {}).get(name, ())))
    return typed
