"""Every refusal answered in one place: in the visitor's language, as JSON under ``/api/``.

A refusal is a :class:`RulesError` (:mod:`scorekeeper.engine.errors`): its sentence is its
template looked up in the request's catalog and filled with its fields, and the JSON
answer carries ``error`` (that sentence), ``code`` and ``fields``. HTTP errors and a
refused CSRF token are answered as refusals too, so every error answer has a code; only a
``Host`` the server does not answer to gets plain text, since no URL can be built for it.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, jsonify, render_template, request
from flask_babel import get_translations, gettext
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, SecurityError

from ..engine.errors import N_, Plural, RulesError
from .jsonio import BodyTooLarge

bp = Blueprint("pages", __name__)


class NothingHere(RulesError):
    status = 404
    template = N_("There is nothing at this address.")


class MethodRefused(RulesError):
    status = 405
    template = N_("This address does not accept that kind of request.")


class SomethingWrong(RulesError):
    status = 500
    template = N_("Something went wrong.")


class FormExpired(RulesError):
    template = N_("The form has expired or was not sent from this site. Please try again.")


class UntrustedHost(RulesError):
    template = N_("This server does not answer to that host name.")


#: The refusal each HTTP error is answered with; any other status gets SomethingWrong.
HTTP_REFUSALS: dict[int, type[RulesError]] = {
    400: RulesError, 404: NothingHere, 405: MethodRefused, 413: BodyTooLarge,
}


def describe(error: RulesError) -> str:
    """The refusal as a sentence in the request's language."""
    template = error.template
    if isinstance(template, Plural):
        return error.sentence(get_translations().ungettext(
            template.one, template.other, template.number(error.fields)))
    return error.sentence(gettext(template))


def _as_json(value: object) -> object:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)
    return value


def refusal_fields(error: RulesError) -> dict[str, Any]:
    """The refusal's fields as JSON carries them (a value JSON cannot hold as its repr)."""
    return {name: _as_json(value) for name, value in error.fields.items()}


def refusal_json(error: RulesError) -> dict[str, Any]:
    """``error``, ``code`` and ``fields``: what every JSON refusal carries."""
    return {"error": describe(error), "code": error.code, "fields": refusal_fields(error)}


def answer(error: RulesError, status: int | None = None) -> tuple[Response | str, int]:
    """JSON under ``/api/``, the error page everywhere else; ``status`` overrides the
    refusal's own (an HTTP error's status)."""
    status = error.status if status is None else status
    if request.path.startswith("/api/"):
        return jsonify(refusal_json(error)), status
    title = {403: gettext("Not yours to change"), 503: gettext("One moment, please")
             }.get(status)
    return render_template("error.html", message=describe(error), title=title), status


@bp.app_errorhandler(RulesError)
def refused(error: RulesError):
    return answer(error)


@bp.app_errorhandler(HTTPException)
def http_error(error: HTTPException):
    status = error.code or 500
    return answer(HTTP_REFUSALS.get(status, SomethingWrong)(), status)


@bp.app_errorhandler(CSRFError)
def csrf_error(_error: CSRFError):
    """More specific than :func:`http_error` (a 400 too): says what to do about it."""
    return answer(FormExpired())


@bp.app_errorhandler(SecurityError)
def untrusted_host(_error: SecurityError):
    """A ``Host`` the server does not answer to (``TRUSTED_HOSTS``): no URL can be built
    for it, so the answer is plain text, and it names no host."""
    if request.path.startswith("/api/"):
        return answer(UntrustedHost())
    return Response(describe(UntrustedHost()), status=400, mimetype="text/plain")
