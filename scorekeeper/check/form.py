"""The checker's form and share links: typed text in, the placement request's JSON shape out.

A Flask-WTF form whose fields are named as the share URL's parameters (``variant``, ``deck``,
``max_card``, ``rows``, ``takes_at``, ``r1``..``r5`` and the parallel ``player``/``card``/
``take``/``place``), so one reader serves a POSTed form (with its CSRF token), a shared link
(a GET, without one) and the links the rules pages build. Text is kept exactly as typed, so
a form with an error comes back as it was sent; whether it makes a legal turn is the
engine's to say. ``static/js/check/form.js`` reads a link the same way on a phone offline.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from string import ascii_uppercase
from urllib.parse import urlencode

from flask_wtf import FlaskForm
from wtforms import Field, StringField

from ..engine import MAX_CARD, errors, tactics_max_card
from ..engine.errors import N_, RulesError
from ..engine.limits import MAX_ROWS, MIN_PLAYERS, MIN_ROWS, ROWS, TAKES_AT
from ..web.fields import WholeNumberField
from .strings import page_catalog, say

VARIANTS = ("basic", "professional", "double", "nifty", "hand")
DECKS = ("full", "tactics")
MAX_LINES = 20
#: Lines an empty form shows; a filled one shows its lines plus one blank.
MIN_LINES = 4
FIELD_LIMIT = 60
#: Lines read from a form or link: a few past what the page offers, so that a link with too
#: many players is refused by the engine rather than cut short without a word.
READ_LINES = MAX_LINES + 5
_SPLIT = re.compile(r"[\s,;.+/]+")
_DIGITS = re.compile(r"[0-9]{1,3}")
_PLACE = re.compile(r"^\s*([1-5])\s*-\s*(left|right)\s*$")
#: The table's shapes a checker page offers (docs/rules.md, The postscript's shapes): rows,
#: and the card that takes a row. A link without them is the booklet's game (old links stay
#: as they were).
ROW_COUNTS = tuple(range(MIN_ROWS, MAX_ROWS + 1))
TAKES_AT_CHOICES = (5, 6, 7)


def tactics_limit(players: int) -> int:
    """The highest card of a Tactics deck for ``players`` lines; a table has at least two."""
    return min(MAX_CARD, tactics_max_card(max(MIN_PLAYERS, players)))


#: ``TACTICS_LIMITS[n]``: the highest card with ``n`` players, for the page's number grid.
TACTICS_LIMITS = tuple(tactics_limit(players) for players in range(READ_LINES + 1))


class FormError(RulesError):
    """The family of typed text the form cannot read: the browser's form reads it alike."""


class NotANumber(FormError):
    template = N_("“%(value)s” is not a number: the highest card must be a number.")
    value: str


class NotACardNumber(FormError):
    template = N_("%(where)s: “%(value)s” is not a card number.")
    where: str
    """"Row 2" (in the page's language) or the player's name."""
    value: str


class NotAPlace(FormError):
    template = N_("%(player)s: “%(value)s” is not a place a card can go to.")
    player: str
    value: str


class NotARow(FormError):
    template = N_("%(player)s: the row to take must be a number from 1 to %(rows)s.")
    player: str
    rows: int


FORM_REFUSALS = (NotANumber, NotACardNumber, NotAPlace, NotARow)
#: The checker's catalog, on the live page and in the exported site.
PAGE_CATALOG = page_catalog(FORM_REFUSALS)


@dataclass
class Line:
    """One revealed play as typed: name, card(s), and the choices for rules 4 and ties."""

    player: str = ""
    card: str = ""
    take: str = ""
    place: str = ""

    @property
    def used(self) -> bool:
        return bool(self.player.strip() or self.card.strip())


def _text(value: object) -> str:
    return str(value or "")[:FIELD_LIMIT]


def _at(values: list[str], index: int) -> str:
    return values[index] if index < len(values) else ""


class TextList(Field):
    """Every value of a repeated name (``card=14&card=44``), each kept as typed (cut short)."""

    def __init__(self, label=None, validators=None, limit: int | None = None, **kwargs) -> None:
        super().__init__(label, validators, **kwargs)
        self.limit = limit

    def process_data(self, value) -> None:
        self.data = list(value or ())

    def process_formdata(self, valuelist) -> None:
        self.data = [_text(value) for value in valuelist[:self.limit]]


class CheckForm(FlaskForm):
    """Build with ``CheckForm(request.form)`` for a POST (CSRF checked as everywhere) and
    ``CheckForm(request.args, meta={"csrf": False})`` for a share link."""

    variant = StringField(filters=[lambda value: _text(value or "basic").strip()])
    deck = StringField()
    """``full`` (1..104) or ``tactics`` (1..10·n+4, Tactics, Logic and Tournament)."""
    max_card = WholeNumberField(filters=[lambda value: _text(value).strip()])
    """An explicit highest card from a link; the deck choice wins when both are given."""
    rows = StringField(filters=[lambda value: _text(value).strip()])
    """How many rows (3 to 5); a link without it has 4, or 5 when it fills ``r5``."""
    takes_at = StringField(filters=[lambda value: _text(value).strip()])
    """The card that takes a row (5 to 7); 6 unless chosen."""
    r1 = StringField(filters=[_text])
    r2 = StringField(filters=[_text])
    r3 = StringField(filters=[_text])
    r4 = StringField(filters=[_text])
    r5 = StringField(filters=[_text])
    player = TextList(limit=READ_LINES)
    card = TextList(limit=READ_LINES)
    take = TextList(limit=READ_LINES)
    place = TextList()

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        chosen = self.deck.data
        if chosen not in DECKS:  # a link with only ``max_card``: a smaller deck is Tactics
            typed = self.max_card.data
            self.deck.data = "tactics" if typed and typed != str(MAX_CARD) else "full"
        if chosen:
            self.max_card.data = ""
        # The shape: what the page offers, else the booklet's game (a link's typo included).
        counts = {str(n): n for n in ROW_COUNTS}
        self.row_count = counts.get(self.rows.data, MAX_ROWS if self.r5.data.strip() else ROWS)
        self.takes = {str(n): n for n in TAKES_AT_CHOICES}.get(self.takes_at.data, TAKES_AT)
        self.rows.data, self.takes_at.data = str(self.row_count), str(self.takes)
        # Line n holds the n-th value of each name; one without a name or a card is dropped.
        count = max(len(self.player.data), len(self.card.data), len(self.take.data))
        lines = [
            Line(_at(self.player.data, index), _at(self.card.data, index),
                 _at(self.take.data, index), _at(self.place.data, index))
            for index in range(count)
        ]
        self.lines = [line for line in lines if line.used]

    @property
    def all_row_texts(self) -> list[str]:
        """Every row field as typed, the ones past the chosen count included (the page keeps
        them, hidden, so switching back to more rows loses nothing)."""
        return [self.r1.data, self.r2.data, self.r3.data, self.r4.data, self.r5.data]

    @property
    def row_texts(self) -> list[str]:
        return self.all_row_texts[:self.row_count]

    # --- what the page shows ---

    def display_lines(self, extra: int = 0) -> list[Line]:
        """The lines to render: what was typed, one blank to go on, at least four."""
        wanted = max(MIN_LINES, len(self.lines) + 1) + extra
        return self.lines + [Line() for _ in range(min(wanted, MAX_LINES) - len(self.lines))]

    def wants_answer(self) -> bool:
        """A link or form with a table and at least one card is resolved straight away."""
        return any(row.strip() for row in self.row_texts) and any(
            line.card.strip() for line in self.lines
        )

    def names(self) -> list[str]:
        """Each line's player; an unnamed line is called by its position: A, B, C...

        A letter somebody typed as a name is skipped, so two players never share one.
        """
        typed = {line.player.strip() for line in self.lines}
        names: list[str] = []
        for index, line in enumerate(self.lines):
            name = line.player.strip()
            if not name:
                free = [c for c in ascii_uppercase if c not in typed and c not in names]
                name = ascii_uppercase[index] if ascii_uppercase[index] in free else free[0]
            names.append(name)
        return names

    def max_card_value(self) -> int:
        """The deck's highest card; in Tactics it follows the number of distinct players."""
        typed = self.max_card.data
        if self.deck.data == "tactics" and not typed:
            return tactics_limit(len(set(self.names())))
        if not typed:
            return MAX_CARD
        if self.max_card.number is None:
            raise NotANumber(value=typed)
        return self.max_card.number

    # --- the request for the engine ---

    def to_data(self) -> dict:
        """The JSON shape ``placement_request.parse`` takes; raises :class:`FormError`."""
        rows = []
        for number, text in enumerate(self.row_texts, start=1):
            rows.append(_numbers(text, say("row", row=number)))
        plays, take, place = [], {}, {}
        nifty = self.variant.data == "nifty"
        for line, name in zip(self.lines, self.names(), strict=True):
            cards = _numbers(line.card, name)
            play: dict = {"player": name}
            if nifty:
                if cards:
                    play["cards"] = cards
            elif len(cards) > 1:
                raise errors.WrongCardCount(player=name, count=len(cards), expected=1)
            elif cards:
                play["card"] = cards[0]
            plays.append(play)
            if line.take.strip() and name not in take:
                take[name] = _row_choice(line.take, name, self.row_count)
            if line.place.strip() and name not in place:
                match = _PLACE.match(line.place)
                if not match:
                    raise NotAPlace(player=name, value=line.place)
                place[name] = {"row": int(match[1]), "side": match[2]}
        return {"variant": self.variant.data, "max_card": self.max_card_value(), "rows": rows,
                "takes_at": self.takes, "plays": plays, "take": take, "place": place}

    # --- share links ---

    def query(self, take: dict[str, str] | None = None,
              place: dict[str, str] | None = None) -> str:
        """The share URL's query for this table; ``take``/``place`` override one player's choice."""
        lines = self._lines_with(take or {}, place or {})
        try:
            max_card: object = self.max_card_value()
        except FormError:
            max_card = self.max_card.data
        pairs: list[tuple[str, object]] = [("variant", self.variant.data), ("max_card", max_card)]
        if self.row_count != ROWS:
            pairs.append(("rows", self.row_count))
        if self.takes != TAKES_AT:
            pairs.append(("takes_at", self.takes))
        pairs += [(f"r{number}", _tidy(row)) for number, row in enumerate(self.row_texts, start=1)]
        named = any(line.player.strip() for line in lines)
        for line in lines:
            if named:
                pairs.append(("player", line.player.strip()))
            pairs.append(("card", _tidy(line.card)))
        for name in ("take", "place"):
            values = [getattr(line, name).strip() for line in lines]
            if any(values):
                pairs += [(name, value) for value in values]
        return urlencode(pairs, safe=",")

    def _lines_with(self, take: dict[str, str], place: dict[str, str]) -> list[Line]:
        """The lines, each named player's first line carrying the given choice."""
        lines, seen = [], set()
        for line, name in zip(self.lines, self.names(), strict=True):
            first = name not in seen
            seen.add(name)
            if name in take:
                line = replace(line, take=take[name] if first else "")
            if name in place:
                line = replace(line, place=place[name] if first else "")
            lines.append(line)
        return lines


def _numbers(text: str, where: str) -> list[int]:
    numbers = []
    for token in _SPLIT.split(text.strip()):
        if not token:
            continue
        if not _DIGITS.fullmatch(token):
            raise NotACardNumber(where=where, value=token)
        numbers.append(int(token))
    return numbers


def _row_choice(text: str, name: str, rows: int) -> int:
    text = text.strip()
    if not _DIGITS.fullmatch(text) or len(text) > 1:
        raise NotARow(player=name, rows=rows)
    return int(text)


def _tidy(text: str) -> str:
    """``12, 14 20`` -> ``12,14,20``: the link's spelling of a row or a Nifty pair."""
    return ",".join(token for token in _SPLIT.split(text.strip()) if token)
