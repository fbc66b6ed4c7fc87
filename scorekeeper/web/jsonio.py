"""Reading a JSON request body, and the answer every JSON error gets.

Shared by every JSON view (placement, games, tournament sheets), so they all refuse an
oversized, nested or broken body with the same translated sentence.
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
    try:
        return json.loads(raw)
    except RecursionError:
        raise BodyTooDeep() from None
    except ValueError:
        raise BodyNotJSON() from None
