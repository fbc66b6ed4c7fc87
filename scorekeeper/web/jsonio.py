"""Reading a JSON request body, and the refusals of a body that cannot be read.

Shared by every JSON view (placement, games, tournament sheets), so they all refuse an
oversized, nested or broken body, or text no database or page can hold, with the same
translated sentence.
"""

from __future__ import annotations

import json
from typing import Any

from flask import g, request
from werkzeug.exceptions import RequestEntityTooLarge

from ..engine.errors import N_, RulesError

#: A placement or a deal is a few hundred bytes; anything far larger is refused unread.
MAX_BODY = 32 * 1024


class BadShape(RulesError):
    """A field does not have the shape the interface asks for."""

    template = N_("The field “%(field)s” is not filled in the expected form.")
    field: str
    expected: str
    """The shape asked for, as the interface names it: "object", "list", ..."""


class BodyTooLarge(RulesError):
    """Larger than :data:`MAX_BODY` (or, answered 413, than the server takes at all)."""

    template = N_("The request is too large.")


class BodyTooDeep(RulesError):
    """Nested so deeply that reading it would exhaust the stack."""

    template = N_("The request is nested too deeply.")


class BodyNotJSON(RulesError):
    template = N_("The request body is not valid JSON.")


class BodyNotText(RulesError):
    """A string holds a lone surrogate (``"\\ud800"``): valid JSON, but not text that
    UTF-8, SQLite or a PDF can hold, so it is refused where it is read."""

    template = N_("The request holds text that is not valid Unicode (a lone surrogate code "
                  "point).")


class GameNotAnObject(RulesError):
    template = N_("Send the game as a JSON object.")


class DealNotAnObject(RulesError):
    template = N_("Send the deal as a JSON object.")


def parse_json(raw: bytes | str) -> Any:
    """``raw`` as JSON whose every string (keys included) is valid Unicode text.

    Raises :class:`BodyTooDeep`, :class:`BodyNotJSON` or :class:`BodyNotText`; for any
    JSON read outside a request body too (an uploaded backup).
    """
    try:
        value = json.loads(raw)
        # Writing it back as UTF-8 finds a lone surrogate anywhere, however deep.
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except RecursionError:
        raise BodyTooDeep() from None
    except UnicodeEncodeError:
        raise BodyNotText() from None
    except ValueError:  # broken syntax, or bytes that are not UTF-8
        raise BodyNotJSON() from None
    return value


def read_json() -> Any:
    """The request's JSON body; raises a :class:`RulesError` saying what is wrong with it.

    The error handler in :mod:`.errors` answers it as a translated 400.
    """
    if (request.content_length or 0) > MAX_BODY:
        raise BodyTooLarge()
    try:
        raw = request.get_data(cache=False)
    except RequestEntityTooLarge:
        raise BodyTooLarge() from None
    if len(raw) > MAX_BODY:
        raise BodyTooLarge()
    # Kept for the request: a keeper asked inside the write (a club event's, for the
    # reason its director gives) reads a field the view itself does not.
    g.json_body = parse_json(raw)
    return g.json_body
