"""CSRF on every form and state-changing API call, headers that keep pages inert, URL
numbers that the database can hold, and pages that read forms only.

A refused token is answered by :func:`scorekeeper.web.errors.csrf_error`, beside the
app's other error handlers.
"""

from __future__ import annotations

from flask import Flask, Response, request
from flask_wtf.csrf import CSRFProtect
from werkzeug.routing import IntegerConverter

from ..engine.errors import N_, RulesError

csrf = CSRFProtect()

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)

#: The largest integer SQLite stores (a signed 64-bit integer).
SQLITE_MAX_INTEGER = 2**63 - 1


def up_to(limit: int) -> str:
    """A regular expression for the decimal numbers from 0 to ``limit``, digit by digit.

    >>> import re
    >>> [bool(re.fullmatch(up_to(250), text)) for text in ("7", "99", "249", "250", "251", "300")]
    [True, True, True, True, False, False]
    """
    digits = str(limit)
    options = [rf"\d{{1,{len(digits) - 1}}}"] if len(digits) > 1 else []
    for index, digit in enumerate(digits):
        if digit != "0":
            rest = len(digits) - index - 1
            options.append(f"{digits[:index]}[0-{int(digit) - 1}]" + rf"\d{{{rest}}}" * bool(rest))
    options.append(digits)
    return "(?:" + "|".join(options) + ")"


class StoredIntegerConverter(IntegerConverter):
    """``<int:…>`` in a URL matches only numbers SQLite can hold (at most 2⁶³ − 1).

    A larger number matches no route, so it is a 404 like any other missing id instead of
    an ``OverflowError`` when it is bound to a query. Checked by the pattern, not after
    the match, so a path whose other methods exist is a 404 too, not a 405. It replaces
    the ``int`` converter of the whole app: every route with a number in its path is
    covered, present or future.
    """

    regex = up_to(SQLITE_MAX_INTEGER)


def _headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    return response


#: The one field name a page reads a file from (the backup import's ``FileField``).
FILE_FIELD = "file"


class JsonToAPage(RulesError):
    template = N_("This page takes a filled-in form, not JSON; programs use the JSON "
                  "interface under /api/.")


class FileToATextField(RulesError):
    template = N_("Only the backup import takes a file; the fields of this form take text.")


def pages_take_forms() -> None:
    """Refuse (400) a JSON body sent to a page, and a file under any other field name.

    Flask-WTF reads a JSON body, and any uploaded file, as the form's fields: a text field
    could then hold a number, a list, a file or a lone surrogate that no field, page or
    database expects. Only ``/api/`` reads JSON.
    """
    if request.path.startswith("/api/"):
        return
    if request.is_json:
        raise JsonToAPage()
    if any(name != FILE_FIELD for name in request.files):
        raise FileToATextField()


def init_app(app: Flask) -> None:
    """Call before the blueprints are registered: their rules take the converter then."""
    csrf.init_app(app)
    app.before_request(pages_take_forms)
    app.url_map.converters["int"] = StoredIntegerConverter
    app.after_request(_headers)
