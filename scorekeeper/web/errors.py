"""Every refusal answered in one place: in the visitor's language, as JSON under ``/api/``.

A refusal is a :class:`RulesError` (:mod:`scorekeeper.engine.errors`): its sentence is its
template looked up in the request's catalog and filled with its fields, and the JSON
answer carries ``error`` (that sentence), ``code`` and ``fields``. HTTP errors and a
refused CSRF token are answered as refusals too, so every error answer has a code; only a
``Host`` the server does not answer to gets plain text, since no URL can be built for it.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from flask import Blueprint, Response, jsonify, render_template, request
from flask_babel import get_translations, gettext
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, SecurityError

from ..engine.errors import N_, Plural, RulesError, shown
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


class DatabaseBusy(RulesError):
    """A write found the database locked past its wait (another write held it too long):
    nothing was written, and the same request may simply be sent again. The last resort
    behind short writes (docs/api.md, Imports never stall the tables)."""

    status = 503
    template = N_("The server is busy storing other results: nothing was saved. Try again "
                  "in %(retry_after)s seconds.")
    retry_after: int = 5


class FileProblem(RulesError):
    """The family of a refusal met at one place of a file read back (a game's backup,
    an event file): the live check's own refusal (``problem``), with where it was met
    (``place``: the file's ``field``, and as far as they apply the ``game`` of a backup,
    the ``change`` of players, the event ``round`` and ``table``, a ``replaced`` game and
    the ``line`` of a game's log). Its sentence is the place's words, then the problem's
    own sentence, both in the request's language; as JSON the problem is its code and
    fields."""

    place: object
    problem: object

    def sentence(self, template: str | None = None) -> str:
        problem = (describe(self.problem) if isinstance(self.problem, RulesError)
                   else shown(self.problem))
        return (template or str(self.template)) % {"place": place_words(self.place),
                                                   "problem": problem}


def place_words(place: object) -> str:
    """Where in a file, as the sentence of a :class:`FileProblem` says it."""
    if not isinstance(place, dict):
        return shown(place)
    parts = []
    if "game" in place:
        parts.append(gettext("game %(number)s", number=place["game"]))
    if "change" in place:
        parts.append(gettext("change of players %(number)s", number=place["change"]))
    if "round" in place and "table" in place:
        words = (gettext("the replaced game of table %(table)s, event round %(round)s")
                 if place.get("replaced") else
                 gettext("table %(table)s of event round %(round)s"))
        parts.append(words % {"table": place["table"], "round": place["round"]})
    elif "round" in place:
        parts.append(gettext("event round %(round)s", round=place["round"]))
    if "line" in place:
        parts.append(gettext("entry %(number)s of the game's history", number=place["line"]))
    if "field" in place:
        parts.append(gettext("the field “%(field)s”", field=place["field"]))
    return ", ".join(parts)


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
    if isinstance(value, RulesError):  # a refusal met inside a file: its code and fields
        return {"code": value.code, "fields": refusal_fields(value)}
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


def answer(error: RulesError, status: int | None = None) -> tuple[Response, int]:
    """JSON under ``/api/``, the error page everywhere else; ``status`` overrides the
    refusal's own (an HTTP error's status)."""
    status = error.status if status is None else status
    if request.path.startswith("/api/"):
        response = jsonify(refusal_json(error))
    else:
        title = {403: gettext("Not yours to change"), 503: gettext("One moment, please")
                 }.get(status)
        response = Response(render_template("error.html", message=describe(error),
                                             title=title))
    retry = getattr(error, "retry_after", None)
    if isinstance(retry, int):  # a refusal that says when to come back (429, 503)
        response.headers["Retry-After"] = str(retry)
    return response, status


@bp.app_errorhandler(RulesError)
def refused(error: RulesError):
    return answer(error)


@bp.app_errorhandler(HTTPException)
def http_error(error: HTTPException):
    status = error.code or 500
    return answer(HTTP_REFUSALS.get(status, SomethingWrong)(), status)


@bp.app_errorhandler(sqlite3.OperationalError)
def database_error(error: sqlite3.OperationalError):
    """A write that found the database locked past its wait is answered 503 with
    ``Retry-After``, never 500: nothing was written. Any other database error is one."""
    text = str(error).lower()
    if "locked" in text or "busy" in text:
        return answer(DatabaseBusy())
    raise error  # a real fault: logged and answered 500 as any other


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
