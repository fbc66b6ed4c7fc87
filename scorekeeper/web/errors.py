"""The error handlers: every error answered in the visitor's language, JSON under ``/api/``.

A typed :class:`RulesError` that a view lets through is answered here with its translated
sentence and its family's status (400 bad input, 404 missing, 409 conflict).
"""

from __future__ import annotations

from flask import Blueprint, jsonify, render_template, request
from flask_babel import gettext
from werkzeug.exceptions import HTTPException

from ..engine.errors import RulesError
from .messages import describe

bp = Blueprint("pages", __name__)


@bp.app_errorhandler(HTTPException)
def http_error(error: HTTPException):
    messages = {
        400: gettext("The request could not be understood."),
        404: gettext("There is nothing at this address."),
        405: gettext("This address does not accept that kind of request."),
        413: gettext("The request is too large."),
    }
    message = messages.get(error.code or 500, gettext("Something went wrong."))
    if request.path.startswith("/api/"):
        return jsonify(error=message), error.code
    return render_template("error.html", message=message), error.code


@bp.app_errorhandler(RulesError)
def rules_error(error: RulesError):
    status = getattr(error, "status", 400)
    if request.path.startswith("/api/"):
        return jsonify(error=describe(error)), status
    return render_template("error.html", message=describe(error)), status
