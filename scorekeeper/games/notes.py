"""A game's note: typed by the players (a place, an occasion), kept as typed; or made by a
feature that starts games (a club event's table: its event, round and table), kept as a
code and its fields and worded where it is read, in the reader's language, never in the
language of whoever seated the table.

The feature registers its code's wording (:func:`add_wording`); the games feature knows
nothing of what the code means. A coded note keeps an empty ``note`` column, so a copy of
the database without the feature shows no note rather than a wrong one.

>>> add_wording("example", lambda place: f"At {place}")
>>> worded("", coded(CodedNote("example", {"place": "De Kroeg"})))
'At De Kroeg'
>>> worded("Kroeg", None)
'Kroeg'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass

__all__ = ["CodedNote", "add_wording", "coded", "of_row", "stored", "worded"]


@dataclass(frozen=True)
class CodedNote:
    """A note a feature makes: its code and fields (JSON values)."""

    code: str
    fields: Mapping[str, object]


_WORDINGS: dict[str, Callable[..., str]] = {}


def add_wording(code: str, wording: Callable[..., str]) -> None:
    """``wording(**fields)`` words a note of ``code`` in the current request's language."""
    _WORDINGS[code] = wording


def coded(note: CodedNote) -> str:
    """The ``note_code`` column of a coded note."""
    return json.dumps({"code": note.code, "fields": dict(note.fields)}, ensure_ascii=False,
                      sort_keys=True, separators=(",", ":"))


def stored(note: str | CodedNote) -> tuple[str, str | None]:
    """The ``note`` and ``note_code`` columns of a note: a typed one as typed, a coded
    one as its code (and no text)."""
    return (note, None) if isinstance(note, str) else ("", coded(note))


def worded(note: str, note_code: str | None) -> str:
    """The note as shown: a coded note worded now, else the note as typed."""
    if note_code:
        data = json.loads(note_code)
        wording = _WORDINGS.get(data["code"])
        if wording is not None:
            return wording(**data["fields"])
    return note


def of_row(note: str, note_code: str | None) -> str | CodedNote:
    """A stored note as it was given (a game that follows another keeps its note)."""
    if note_code:
        data = json.loads(note_code)
        return CodedNote(data["code"], data["fields"])
    return note
