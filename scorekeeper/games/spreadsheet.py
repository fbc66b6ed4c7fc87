"""A game as CSV for the user's spreadsheet, in the shape their spreadsheet opens.

Dutch and German Excel split a CSV on ``;`` (the comma is their decimal sign) and read it
as UTF-8 only when it starts with a byte-order mark; English spreadsheets split on ``,``.
So the page's language picks the separator, and ``?sep=`` can pick another. A game's
numbers are whole; an event's shared points may not be, and are written with the decimal
sign the separator implies (``,`` beside ``;``, ``.`` beside ``,``). A number is written
as a number, negative ones included: only text is guarded against being read as a
formula.
"""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from fractions import Fraction

from flask import Response, render_template, request
from flask_babel import get_locale, gettext

from . import store

BOM = "\ufeff"
#: What ``?sep=`` may ask for: the separator and whether a byte-order mark comes first.
SEPARATORS: dict[str, tuple[str, bool]] = {"comma": (",", False), "semicolon": (";", True)}
#: Languages whose spreadsheets expect ``;`` (the decimal comma languages we speak).
_SEMICOLON_LANGUAGES = frozenset({"nl", "de"})


def separator_for(language: str, choice: str | None = None) -> tuple[str, bool] | None:
    """The separator and BOM for a page language, or for ``choice`` when one is given.

    Answers None for a ``choice`` that is not one of :data:`SEPARATORS`.

    >>> separator_for("de"), separator_for("en"), separator_for("nl", "comma")
    ((';', True), (',', False), (',', False))
    """
    if choice:
        return SEPARATORS.get(choice)
    return SEPARATORS["semicolon" if language in _SEMICOLON_LANGUAGES else "comma"]


#: What a cell may hold as a number (a bool is text: "True" is no count).
NUMBERS = (int, float, Fraction, Decimal)


def _number(value: float | Fraction | Decimal, decimal_sign: str) -> str:
    """A number as a spreadsheet reads it: whole ones bare, others to two decimals.

    >>> _number(Fraction(-27, 4), ","), _number(Fraction(9, 2), "."), _number(-6.0, ",")
    ('-6,75', '4.5', '-6')
    """
    text = f"{Decimal(str(float(value))).quantize(Decimal('0.01')):f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text.replace(".", decimal_sign)


def _cell(value: object, decimal_sign: str = ".") -> object:
    """Numbers stay numbers, negative ones too; text never starts like a formula the
    spreadsheet would run.

    >>> _cell(-6), _cell(Fraction(-4, 3), ","), _cell("-6"), _cell("=1+1"), _cell(True)
    (-6, '-1,33', "'-6", "'=1+1", 'True')
    """
    if isinstance(value, NUMBERS) and not isinstance(value, bool):
        return value if isinstance(value, int) else _number(value, decimal_sign)
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def rows(game: store.Game) -> list[list[object]]:
    """The sheet as a table: a head, one line per deal (entered, counted), the totals."""
    s = game.settings
    hand = s.variant == "hand"
    head: list[object] = [gettext("Deal")]
    for name in s.players:
        if hand:
            head += [f"{name}: " + gettext("pile"), f"{name}: " + gettext("hand")]
        else:
            head.append(f"{name}: " + gettext("entered"))
        head.append(f"{name}: " + gettext("counts"))
    table = [head]
    for row in game.state.deals:
        line: list[object] = [row.number]
        for name in s.players:
            line.append(row.entry.bullheads[name])
            if hand:
                line.append((row.entry.hand or {}).get(name, 0))
            line.append(row.scores[name])
        table.append(line)
    total: list[object] = [gettext("Total")]
    for name in s.players:
        total += [""] * (2 if hand else 1) + [game.state.totals[name]]
    table.append(total)
    return table


def encode(table: list[list[object]], separator: str = ",", bom: bool = False) -> bytes:
    """A table as CSV bytes (UTF-8), quoted by the csv module where a cell needs it; club
    events write their results through here too."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=separator, lineterminator="\r\n")
    decimal_sign = "," if separator == ";" else "."
    writer.writerows([[_cell(v, decimal_sign) for v in line] for line in table])
    return ((BOM if bom else "") + out.getvalue()).encode("utf-8")


def to_csv(game: store.Game, separator: str = ",", bom: bool = False) -> bytes:
    """The game's CSV file."""
    return encode(rows(game), separator, bom)


def response(table: list[list[object]], filename: str):
    """``table`` as a CSV download shaped for the page's language (``?sep=`` may choose),
    or a page naming the choices (400) for a ``?sep=`` we do not write."""
    chosen = separator_for(get_locale().language, request.args.get("sep"))
    if chosen is None:
        return render_template("error.html", message=gettext(
            "A CSV file can be separated by comma (sep=comma) or semicolon (sep=semicolon).")
        ), 400
    return Response(encode(table, *chosen), mimetype="text/csv", headers={
        "Content-Disposition": f'attachment; filename="{filename}"'})
