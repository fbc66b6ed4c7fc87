"""Reading a JSON request body, and the answer every JSON error gets.

Shared by every JSON view (placement, games, tournament sheets), so they all refuse an
oversized, nested or broken body, or text no database or page can hold, with the same
translated sentence.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from flask import Response, jsonify, request
from werkzeug.exceptions import RequestEntityTooLarge

from ..engine.errors import RulesError

#: A placement or a deal is a few hundred bytes; anything far larger is refused unread.
MAX_BODY = 32 * 1024


@dataclass(eq=False)
class BadShape(RulesError):
    """A field does not have the shape the interface asks for."""

    field: str
    expected: str
    """The shape asked for, as the interface names it: "object", "list", ..."""

    def __str__(self) -> str:
        return f"{self.field} must be {self.expected}"


@dataclass(eq=False)
class BodyTooLarge(RulesError):
    """The body is larger than :data:`MAX_BODY`."""

    def __str__(self) -> str:
        return f"the body is larger than {MAX_BODY} bytes"


@dataclass(eq=False)
class BodyTooDeep(RulesError):
    """The body nests so deeply that reading it would exhaust the stack."""

    def __str__(self) -> str:
        return "the body nests too deeply"


@dataclass(eq=False)
class BodyNotJSON(RulesError):
    """The body is not JSON at all."""

    def __str__(self) -> str:
        return "the body is not JSON"


@dataclass(eq=False)
class BodyNotText(RulesError):
    """A string holds a lone surrogate (``"\\ud800"``): valid JSON, but not text that
    UTF-8, SQLite or a PDF can hold, so it is refused where it is read."""

    def __str__(self) -> str:
        return "the body holds a string that is not valid Unicode text"


@dataclass(eq=False)
class GameNotAnObject(RulesError):
    """A game must be sent as a JSON object."""

    def __str__(self) -> str:
        return "a game must be a JSON object"


@dataclass(eq=False)
class DealNotAnObject(RulesError):
    """A deal must be sent as a JSON object."""

    def __str__(self) -> str:
        return "a deal must be a JSON object"


def error(message: str, status: int = 400) -> tuple[Response, int]:
    return jsonify(error=message), status


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
    return parse_json(raw)
