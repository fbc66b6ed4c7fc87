"""The JSON interface (CONTRACT.md section 5). Features add their routes to ``bp``."""

from __future__ import annotations

import json

from flask import Blueprint, jsonify, request
from flask_babel import gettext
from werkzeug.exceptions import RequestEntityTooLarge

from . import placement_request
from .engine.errors import RulesError
from .messages import describe

bp = Blueprint("api", __name__, url_prefix="/api/v1")

#: A placement body is a few hundred bytes; anything far larger is refused unread.
MAX_BODY = 32 * 1024


def error(message: str, status: int = 400):
    return jsonify(error=message), status


def read_json():
    """The request's JSON body, or an ``(answer, status)`` pair that explains what is wrong."""
    if (request.content_length or 0) > MAX_BODY:
        return None, error(gettext("The request is too large."))
    try:
        raw = request.get_data(cache=False)
    except RequestEntityTooLarge:
        return None, error(gettext("The request is too large."))
    if len(raw) > MAX_BODY:
        return None, error(gettext("The request is too large."))
    try:
        return json.loads(raw), None
    except RecursionError:
        return None, error(gettext("The request is nested too deeply."))
    except ValueError:
        return None, error(gettext("The request body is not valid JSON."))


@bp.post("/placement")
def placement_view():
    data, failure = read_json()
    if failure:
        return failure
    try:
        parsed = placement_request.parse(data)
        return jsonify(placement_request.answer(parsed))
    except RulesError as exc:
        return error(describe(exc))
