"""How the series pages write a rating, a record and points, in the page's language."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from babel.numbers import parse_pattern
from flask_babel import format_decimal, format_percent, gettext

from ..engine.record import Record
from ..engine.series import Rating

#: The number patterns, read once (babel would read a pattern given as text on every call:
#: 120 times for a club's page).
POINTS = parse_pattern("#,##0.##")
AVERAGE = parse_pattern("0.0")


def whole(value: float) -> int:
    """A rating's number as a player reads it: rounded to a whole, a half up."""
    return int(Decimal(repr(value)).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def about(rating: Rating) -> str:
    """"about 27 ± 3": the rating and how unsure it still is, in whole numbers (never
    ± 0: a rating is never certain)."""
    return gettext("about %(mu)s ± %(sigma)s", mu=whole(rating.mu),
                   sigma=max(1, whole(rating.sigma)))


def points(value: Fraction) -> str:
    """Series points: whole numbers bare, shared places' fractions to two decimals."""
    return format_decimal(float(value), POINTS)


def average(record: Record) -> str:
    return "–" if record.average is None else format_decimal(record.average, AVERAGE)


def win_rate(record: Record) -> str:
    return "–" if record.win_rate is None else format_percent(record.win_rate)
