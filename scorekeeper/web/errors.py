"""The error handlers: every error answered in the visitor's language, JSON under ``/api/``.

All of the app's handlers live here, so how an error looks is decided in one place: HTTP
errors, a host the server does not answer to, a missing or expired CSRF token, and any
typed :class:`RulesError` a view lets through, answered with its translated sentence and
its family's status (400 bad input, 404 missing, 409 conflict).
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, render_template, request
from flask_babel import gettext
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, SecurityError

from ..engine.errors import RulesError
from .messages import describe
from .security import NotAForm

bp = Blueprint("pages", __name__)


def _answer(message: str, status: int):
    """JSON under ``/api/``, the error page everywhere else."""
    if request.path.startswith("/api/"):
        return jsonify(error=message), status
    return render_template("error.html", message=message), status


@bp.app_errorhandler(HTTPException)
def http_error(error: HTTPException):
    messages = {
        400: gettext("The request could not be understood."),
        404: gettext("There is nothing at this address."),
        405: gettext("This address does not accept that kind of request."),
        413: gettext("The request is too large."),
    }
    message = messages.get(error.code or 500, gettext("Something went wrong."))
    return _answer(message, error.code or 500)


@bp.app_errorhandler(SecurityError)
def untrusted_host(_error: SecurityError):
    """A ``Host`` the server does not answer to (``TRUSTED_HOSTS``): no URL can be built
    for it, so the answer is plain text, and it names no host."""
    message = gettext("This server does not answer to that host name.")
    if request.path.startswith("/api/"):
        return jsonify(error=message), 400
    return Response(message, status=400, mimetype="text/plain")


@bp.app_errorhandler(CSRFError)
def csrf_error(_error: CSRFError):
    """More specific than :func:`http_error` (a 400 too): says what to do about it."""
    return _answer(
        gettext("The form has expired or was not sent from this site. Please try again."), 400
    )


@bp.app_errorhandler(NotAForm)
def not_a_form(error: NotAForm):
    """More specific than :func:`http_error`: says what a page takes instead."""
    if error.json_body:
        message = gettext("This page takes a filled-in form, not JSON; programs use the"
                          " JSON interface under /api/.")
    else:
        message = gettext("Only the backup import takes a file; the fields of this form"
                          " take text.")
    return _answer(message, 400)


@bp.app_errorhandler(RulesError)
def rules_error(error: RulesError):
    return _answer(describe(error), getattr(error, "status", 400))
