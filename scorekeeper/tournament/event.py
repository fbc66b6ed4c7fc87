"""What a tournament sheet prints in its head: the event's name, its date and the table.

All three are optional: a sheet prints what was given and leaves a line to write on for
the rest. They are read from the create form (and stored with the tournament), from the
query of the blank sheet's links, or from the JSON body of the sheets API; each source
checks them here, and the API refuses anything of the wrong kind with
:class:`~scorekeeper.web.jsonio.BadShape`.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from dataclasses import dataclass

from ..engine.errors import N_, RulesError
from ..web.jsonio import BadShape

#: Longest event name and table name, in characters (after trimming spaces): what fits on
#: the sheet's head line in two lines at most.
NAME_LIMIT = 80
TABLE_LIMIT = 20

#: Hands printed on one sheet of paper: one (the default) or two.
PER_PAGE = (1, 2)

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


@dataclass(frozen=True)
class Event:
    """The head of every sheet: empty strings and ``None`` print as lines to write on."""

    name: str = ""
    date: datetime.date | None = None
    table: str = ""

    def __bool__(self) -> bool:
        return bool(self.name or self.date or self.table)

    def as_json(self) -> dict[str, str]:
        """The stored form (see :mod:`.store`): only what was given."""
        stored = {"name": self.name, "date": self.date.isoformat() if self.date else "",
                  "table": self.table}
        return {key: value for key, value in stored.items() if value}

    @classmethod
    def from_json(cls, data: Mapping[str, str]) -> Event:
        return cls(data.get("name", ""), parse_date(data.get("date", "")),
                   data.get("table", ""))


#: A sheet with nothing given: three lines to write on.
NO_EVENT = Event()


class EventNameTooLong(RulesError):
    template = N_("The occasion may hold at most %(count)s characters.")
    count: int = NAME_LIMIT


class TableTooLong(RulesError):
    template = N_("The table label may hold at most %(count)s characters.")
    count: int = TABLE_LIMIT


class NotADay(RulesError):
    template = N_("The date is not a day of the calendar, like 2025-03-14.")


def parse_date(text: str) -> datetime.date | None:
    """A calendar date written ``YYYY-MM-DD`` (what a date field sends), else ``None``.

    >>> parse_date("2025-03-14"), parse_date("2025-02-30"), parse_date("14.3.2025")
    (datetime.date(2025, 3, 14), None, None)
    """
    if not _ISO_DATE.fullmatch(text):
        return None
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        return None


def from_form(name: str, date: str, table: str) -> Event:
    """The create form's three fields; raises a refusal naming the field."""
    name, date, table = name.strip(), date.strip(), table.strip()
    if len(name) > NAME_LIMIT:
        raise EventNameTooLong()
    if len(table) > TABLE_LIMIT:
        raise TableTooLong()
    day = parse_date(date)
    if date and day is None:
        raise NotADay()
    return Event(name, day, table)


def from_query(args: Mapping[str, str]) -> Event:
    """``?event=&date=&table=`` of a blank sheet's link: too long is cut, a bad date dropped.

    A link is not a form that can say what is wrong, so it prints what it can.
    """
    return Event(args.get("event", "").strip()[:NAME_LIMIT], parse_date(args.get("date", "")),
                 args.get("table", "").strip()[:TABLE_LIMIT])


def per_page_from_query(args: Mapping[str, str]) -> int:
    """``?per_page=2`` prints two hands on each sheet of paper; anything else one."""
    return 2 if args.get("per_page") == "2" else 1


def from_body(data: Mapping[str, object]) -> tuple[Event, int]:
    """The optional ``event``, ``date``, ``table`` and ``per_page`` of the sheets API.

    Each must be of its kind exactly (``per_page`` the number 1 or 2, not ``"2"``, ``2.0``
    or ``true``), else :class:`BadShape` names the field.
    """
    name = _text(data, "event", NAME_LIMIT)
    table = _text(data, "table", TABLE_LIMIT)
    date = data.get("date", "")
    day = parse_date(date) if isinstance(date, str) else None
    if not isinstance(date, str) or (date and day is None):
        raise BadShape(field="date", expected="a date written YYYY-MM-DD")
    per_page = data.get("per_page", 1)
    if type(per_page) is not int or per_page not in PER_PAGE:
        raise BadShape(field="per_page", expected="1 or 2")
    return Event(name, day, table), per_page


def _text(data: Mapping[str, object], key: str, limit: int) -> str:
    value = data.get(key, "")
    if not isinstance(value, str) or len(value.strip()) > limit:
        raise BadShape(field=key, expected=f"text of at most {limit} characters")
    return value.strip()
