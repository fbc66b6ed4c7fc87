"""The checker's form and share links: typed text in, the placement request's JSON shape out.

The form fields and the share URL use the same names (``variant``, ``max_card``, ``r1``..``r4``
and the parallel ``player``/``card``/``take``/``place``), so one reader serves a POSTed form,
a shared link and the links the rules pages build. Text is kept exactly as typed, so a form
with an error comes back as it was sent.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from string import ascii_uppercase
from urllib.parse import urlencode

from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from ..engine import errors, tactics_max_card

VARIANTS = ("basic", "professional", "double", "nifty", "hand")
MAX_LINES = 20
#: Lines an empty form shows; a filled one shows its lines plus one blank.
MIN_LINES = 4
FIELD_LIMIT = 60
_SPLIT = re.compile(r"[\s,;.+/]+")
_DIGITS = re.compile(r"[0-9]{1,3}")
_PLACE = re.compile(r"^\s*([1-4])\s*-\s*(left|right)\s*$")


class FormError(ValueError):
    """Typed text that is not a number where a card belongs; ``message`` is translated."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


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


@dataclass
class CheckForm:
    variant: str = "basic"
    deck: str = "full"
    """``full`` (1..104) or ``tactics`` (1..10·n+4, Tactics, Logic and Tournament)."""
    max_card: str = ""
    """An explicit highest card from a link; the deck choice wins when both are given."""
    rows: list[str] = field(default_factory=lambda: ["", "", "", ""])
    lines: list[Line] = field(default_factory=list)

    @classmethod
    def from_args(cls, args: MultiDict) -> CheckForm:
        def text(value: object) -> str:
            return str(value or "")[:FIELD_LIMIT]

        columns = [args.getlist(name)[:MAX_LINES + 5] for name in ("player", "card", "take")]
        places = args.getlist("place")
        count = max(len(column) for column in columns)
        lines = []
        for index in range(count):
            values = [col[index] if index < len(col) else "" for col in columns]
            place = places[index] if index < len(places) else ""
            lines.append(Line(*map(text, values), text(place)))
        lines = [line for line in lines if line.used]
        max_card = text(args.get("max_card")).strip()
        deck = args.get("deck")
        if deck not in ("full", "tactics"):
            deck = "tactics" if max_card and max_card != "104" else "full"
        return cls(
            variant=text(args.get("variant") or "basic").strip(),
            deck=deck,
            max_card="" if args.get("deck") else max_card,
            rows=[text(args.get(f"r{number}")) for number in range(1, 5)],
            lines=lines,
        )

    # --- what the page shows ---

    def display_lines(self, extra: int = 0) -> list[Line]:
        """The lines to render: what was typed, one blank to go on, at least four."""
        wanted = max(MIN_LINES, len(self.lines) + 1) + extra
        return self.lines + [Line() for _ in range(min(wanted, MAX_LINES) - len(self.lines))]

    def wants_answer(self) -> bool:
        """A link or form with a table and at least one card is resolved straight away."""
        return any(row.strip() for row in self.rows) and any(
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
        if self.deck == "tactics" and not self.max_card:
            return min(104, tactics_max_card(len(set(self.names()))))
        if not self.max_card:
            return 104
        if not _DIGITS.fullmatch(self.max_card):
            raise FormError(_("“%(value)s” is not a number: the highest card must be a number.",
                              value=self.max_card))
        return int(self.max_card)

    # --- the request for the engine ---

    def to_data(self) -> dict:
        """The JSON shape ``placement_request.parse`` takes; raises :class:`FormError`."""
        rows = []
        for number, text in enumerate(self.rows, start=1):
            where = _("Row %(row)s", row=number)
            rows.append(_numbers(text, where))
        plays, take, place = [], {}, {}
        nifty = self.variant == "nifty"
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
                take[name] = _row_choice(line.take, name)
            if line.place.strip() and name not in place:
                match = _PLACE.match(line.place)
                if not match:
                    raise FormError(_("%(player)s: “%(value)s” is not a place a card can go to.",
                                      player=name, value=line.place))
                place[name] = {"row": int(match[1]), "side": match[2]}
        return {"variant": self.variant, "max_card": self.max_card_value(), "rows": rows,
                "plays": plays, "take": take, "place": place}

    # --- share links ---

    def query(self, take: dict[str, str] | None = None,
              place: dict[str, str] | None = None) -> str:
        """The share URL's query for this table; ``take``/``place`` override one player's choice."""
        lines = self.with_choices(take or {}, place or {}).lines
        try:
            max_card = self.max_card_value()
        except FormError:
            max_card = self.max_card
        pairs: list[tuple[str, object]] = [("variant", self.variant), ("max_card", max_card)]
        pairs += [(f"r{number}", _tidy(row)) for number, row in enumerate(self.rows, start=1)]
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

    def with_choices(self, take: dict[str, str], place: dict[str, str]) -> CheckForm:
        """A copy where each named player's first line carries the given choice."""
        lines, seen = [], set()
        for line, name in zip(self.lines, self.names(), strict=True):
            first = name not in seen
            seen.add(name)
            if name in take:
                line = replace(line, take=take[name] if first else "")
            if name in place:
                line = replace(line, place=place[name] if first else "")
            lines.append(line)
        return replace(self, lines=lines)


def _numbers(text: str, where: str) -> list[int]:
    numbers = []
    for token in _SPLIT.split(text.strip()):
        if not token:
            continue
        if not _DIGITS.fullmatch(token):
            raise FormError(_("%(where)s: “%(value)s” is not a card number.",
                              where=where, value=token))
        numbers.append(int(token))
    return numbers


def _row_choice(text: str, name: str) -> int:
    text = text.strip()
    if not _DIGITS.fullmatch(text) or len(text) > 1:
        raise FormError(_("%(player)s: the row to take must be 1, 2, 3 or 4.", player=name))
    return int(text)


def _tidy(text: str) -> str:
    """``12, 14 20`` -> ``12,14,20``: the link's spelling of a row or a Nifty pair."""
    return ",".join(token for token in _SPLIT.split(text.strip()) if token)
