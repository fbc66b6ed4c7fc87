"""Flask-WTF forms of the scorekeeper pages: starting a game, a deal, confirming, importing.

The rules themselves are checked by :mod:`scorekeeper.engine.settings` and
:mod:`scorekeeper.engine.deal`; the forms only carry the CSRF token, keep what was typed,
and hand the values over.
"""

from __future__ import annotations

import re
from functools import cache

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from werkzeug.datastructures import MultiDict
from wtforms import BooleanField, FieldList, RadioField, SelectField, StringField, TextAreaField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Length

from ..engine.deal import Entry, make_entry
from ..engine.errors import BadDealNumber
from ..engine.limits import DEFAULT_THRESHOLD, MAX_NOTE, MAX_PLAYERS
from ..engine.settings import GameVariant, Settings, make_settings
from ..web.fields import WholeNumberField

VARIANT_CHOICES = [
    SelectChoice("basic", lazy_gettext("Basic game")),
    SelectChoice("tactics", lazy_gettext("Tactics or Logic (cards 1 to 10 × players + 4)")),
    SelectChoice("double", lazy_gettext("Double (two decks)")),
    SelectChoice("hand", lazy_gettext("Hand (cards left in the hand count double)")),
]


class StartForm(FlaskForm):
    # Labelled, as every field: WTForms makes a label for a field without one by asking
    # its own catalog, which Flask-WTF then reads from disk on every request.
    players = FieldList(
        StringField(lazy_gettext("Player")), lazy_gettext("Players"),
        min_entries=MAX_PLAYERS, max_entries=MAX_PLAYERS,
    )
    end = RadioField(
        lazy_gettext("The game ends"),
        choices=[SelectChoice("threshold", lazy_gettext("when a player reaches a score")),
                 SelectChoice("deals", lazy_gettext("after a fixed number of deals"))],
        default="threshold",
    )
    threshold = WholeNumberField(lazy_gettext("Limit"), default=str(DEFAULT_THRESHOLD),
                                 validators=[Length(max=20)])
    fixed_deals = WholeNumberField(lazy_gettext("Number of deals"), validators=[Length(max=20)])
    virgin_doubling = BooleanField(lazy_gettext("Virgin doubling"))
    variant = SelectField(lazy_gettext("Variant"), choices=VARIANT_CHOICES, default="basic")
    note = TextAreaField(lazy_gettext("Note (place, occasion; optional)"),
                         validators=[Length(max=MAX_NOTE)])
    # The postscript's shapes of the game (docs/rules.md, The postscript's shapes); the
    # booklet's preselected.
    rows = RadioField(lazy_gettext("Rows on the table"), default="4",
                      choices=[SelectChoice(str(n), str(n)) for n in (3, 4, 5)])
    takes_at = RadioField(
        lazy_gettext("The card that takes a row"), default="6",
        choices=[SelectChoice("5", lazy_gettext("5th")), SelectChoice("6", lazy_gettext("6th")),
                 SelectChoice("7", lazy_gettext("7th"))],
    )
    hand_size = WholeNumberField(lazy_gettext("Cards in each hand"), default="10",
                                 validators=[Length(max=20)])

    def shape(self) -> dict[str, object]:
        """Rows, the card that takes a row and the hand size, as the engine takes them."""
        return {"rows": int(self.rows.data), "takes_at": int(self.takes_at.data),
                "hand_size": self.hand_size.value}

    def settings(self) -> Settings:
        """The game's settings; raises a refusal for a bad value."""
        names = [name.strip() for name in self.players.data if name and name.strip()]
        if self.end.data == "deals":
            return make_settings(names, None, self.fixed_deals.data.strip() or "",
                                    self.virgin_doubling.data, self.variant.data,
                                    **self.shape())
        return make_settings(names, self.threshold.data.strip() or "",
                                None, self.virgin_doubling.data, self.variant.data,
                                **self.shape())


class ConfirmForm(FlaskForm):
    """An empty form: a POST button with its CSRF token (delete a game)."""


class ImportForm(FlaskForm):
    file = FileField(lazy_gettext("Game file (JSON)"))
    text = TextAreaField(lazy_gettext("…or paste the JSON here"))


_SPLIT = re.compile(r"[\s,;]+")
PARTS = ("bh", "hand", "cards")
"""Per seat ``i`` the form has ``bh-i`` (the stack), ``hand-i`` (Hand variant), ``cards-i``."""


def _clip(limit: int):
    """A filter keeping at most ``limit`` characters of what was typed (absent: empty)."""
    return lambda value: (value or "")[:limit]


class DealForm(FlaskForm):
    """One deal as typed, to add (``number`` and ``action`` set) or to correct.

    The per-seat fields are added by :func:`deal_form`, since each game has its own
    players; their names (``bh-0``, ``cards-3``...) are what the sheet's scripts use.
    Nothing is refused here but a missing CSRF token: the engine judges the values, and
    the form keeps exactly what was typed, to show it again with the engine's reason.
    """

    seats = 0
    """How many per-seat field groups the game's form class has."""
    number = WholeNumberField(filters=[_clip(10)])
    mode = StringField(filters=[_clip(10)])
    """``cards`` when the deal is entered as the cards each player took."""
    action = StringField(filters=[_clip(10)])
    """``preview`` (the no-script preview button) or ``save``."""
    confirm = StringField(filters=[_clip(10)])
    """``zero``: the table confirmed a deal where every player has 0 (see ``unconfirmed_zero``);
    ``empty``: that the fields left empty are 0 (see ``unconfirmed_empty``)."""

    @property
    def entered_as(self) -> str:
        return "cards" if self.mode.data == "cards" else "bullheads"

    def value(self, part: str, seat: int) -> str:
        """What is typed in ``<part>-<seat>``."""
        return self[f"{part}-{seat}"].data

    def deal_number(self) -> int:
        """The number of the deal the page offered, checked as the API checks it: a missing
        or unreadable number is :class:`BadDealNumber`, never "the next deal"."""
        number = self.number.number
        if number is None or number < 1:
            raise BadDealNumber()
        return number

    def entry(self, settings: Settings) -> Entry:
        """The deal as the engine's entry; raises a refusal naming the first problem.

        An empty field is read as 0 here, so the bounds can be checked; the page saves such
        a deal only once the players said it is 0 (:meth:`unconfirmed_empty`).
        """
        def counts(part: str) -> dict[str, str]:
            return {n: self.value(part, i).strip() or "0" for i, n in enumerate(settings.players)}

        hand = counts("hand") if settings.variant == GameVariant.HAND else None
        if self.entered_as == "cards":
            cards = {n: [c for c in _SPLIT.split(self.value("cards", i).strip()) if c]
                     for i, n in enumerate(settings.players)}
            return make_entry(settings, cards=cards, hand=hand)
        return make_entry(settings, counts("bh"), hand=hand)

    def empty_players(self, settings: Settings) -> list[str]:
        """The players with a field of the deal left empty, in seat order: the bullheads
        (the pile in Hand), or the cards when cards are entered, and in the Hand variant
        the hand too (``static/js/engine/deal.js`` ``emptyPlayers``)."""
        parts = ["cards" if self.entered_as == "cards" else "bh"]
        if settings.variant == GameVariant.HAND:
            parts.append("hand")
        return [name for seat, name in enumerate(settings.players)
                if any(not self.value(part, seat).strip() for part in parts)]

    def unconfirmed_empty(self, settings: Settings) -> list[str]:
        """The players whose empty field the page must ask about before the deal counts
        it as 0 (a forgotten field, with Virgin doubling, doubles everyone else): none once
        the players ticked that those are 0."""
        return [] if self.confirm.data == "empty" else self.empty_players(settings)

    def unconfirmed_zero(self, settings: Settings, entry: Entry) -> bool:
        """Every player has 0 in a game where no lower bound refuses that (Hand, and shapes
        that keep every card on the table), and the page has not asked yet: more often a
        deal saved before anything was typed than a deal where nobody took a card. A deal
        whose empty fields the players confirmed as 0 was asked already."""
        return (self.confirm.data not in ("zero", "empty") and settings.lower_bound == 0
                and all(entry.entered(name) == 0 for name in settings.players))

    def typed(self) -> dict[str, str]:
        """What was typed, non-empty fields only: the query of the no-script preview."""
        names = ["number", "mode", *(f"{part}-{seat}" for part in PARTS
                                     for seat in range(self.seats))]
        return {name: self[name].data for name in names if self[name].data}


@cache
def _deal_form_class(seats: int) -> type[DealForm]:
    """One form class per table size (its fields are per seat), made once."""
    fields: dict[str, object] = {f"{part}-{seat}": StringField(filters=[_clip(400)])
                                 for seat in range(seats) for part in PARTS}
    fields["seats"] = seats
    return type(f"DealForm{seats}", (DealForm,), fields)


def deal_form(settings: Settings, stored: Entry | None = None,
              formdata: MultiDict[str, str] | None = None) -> DealForm:
    """The deal form for this game's seats: ``formdata`` (the preview's query) or what
    was posted, else the ``stored`` deal."""
    form_class = _deal_form_class(len(settings.players))
    if formdata is not None:
        return form_class(formdata=formdata)
    if stored is None:
        return form_class()
    return form_class(data=_stored(settings, stored))


def _stored(settings: Settings, entry: Entry) -> dict[str, str]:
    """A stored deal as form values, so a correction starts from what is there."""
    values = {"mode": "cards" if entry.cards is not None else "bullheads"}
    for i, name in enumerate(settings.players):
        values[f"bh-{i}"] = str(entry.bullheads[name])
        values[f"hand-{i}"] = str((entry.hand or {}).get(name, 0))
        values[f"cards-{i}"] = " ".join(map(str, (entry.cards or {}).get(name, ())))
    return values
