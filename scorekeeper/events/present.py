"""How the event pages write numbers and the games' settings, in the page's language."""

from __future__ import annotations

from fractions import Fraction

from flask_babel import format_decimal, gettext

from .store import Event


def score(value: Fraction | int) -> str:
    """Shared placement points and relative points: whole numbers bare, others to two
    decimals (``4``, ``4.5`` in English, ``-1,33`` in Dutch and German)."""
    return format_decimal(float(value), "#,##0.##")


def signed(value: Fraction | int) -> str:
    """Relative points with their sign: above the tables' average is ``+``."""
    text = score(value)
    return "+" + text if value > 0 else text.replace("-", "−")


def games_rule(event: Event) -> str:
    """One line on how each table's game ends."""
    if event.fixed_deals is not None:
        text = gettext("Each game: %(deals)s deals.", deals=event.fixed_deals)
    else:
        text = gettext("Each game ends at %(limit)s.", limit=event.threshold)
    if event.virgin_doubling:
        text += " " + gettext("With Virgin doubling.")
    return text
