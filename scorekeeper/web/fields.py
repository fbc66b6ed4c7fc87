"""The one form field for a whole number typed by a player, shared by every feature's forms.

A typed number is read here and nowhere else, so no form can hand Python's ``int()`` text
it refuses (over 4,300 digits) or misreads (``"²"`` is a digit to ``str.isdigit``), and
every form keeps exactly what was typed to show it again beside the engine's reason.
"""

from __future__ import annotations

from wtforms import StringField

#: More digits than any count in the game needs: a longer number is refused, not read.
MAX_DIGITS = 9


def whole_number(text: str | None) -> int | None:
    """ASCII digits (spaces around them ignored) as their number, else ``None``.

    >>> whole_number(" 66 "), whole_number("²"), whole_number("-1"), whole_number("9" * 5000)
    (66, None, None, None)
    """
    value = (text or "").strip()
    if value.isascii() and value.isdigit() and len(value) <= MAX_DIGITS:
        return int(value)
    return None


class WholeNumberField(StringField):
    """A whole number typed in a form. ``data`` is the text as typed (always text: empty
    when a posted form leaves the field out), ``number`` its value (``None`` when it is
    not a number of at most :data:`MAX_DIGITS` digits) and ``value`` the number, else the
    trimmed text, for the engine to refuse by name."""

    def process_formdata(self, valuelist: list) -> None:
        super().process_formdata(valuelist)
        if self.data is None:
            self.data = ""

    @property
    def number(self) -> int | None:
        return whole_number(self.data)

    @property
    def value(self) -> int | str:
        number = self.number
        return (self.data or "").strip() if number is None else number
