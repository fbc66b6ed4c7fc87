"""CSRF on every form and state-changing API call, headers that keep pages inert and
private answers out of every cache, URL numbers that the database can hold, and pages
that read forms only.

**Private answers.** An answer is private when it shows what not every visitor may see:

- its address holds a secret, a part matched by a :class:`SecretToken` converter (a
  game's ``<game:…>``, a tournament's ``<tournament:…>``): the sheet, its JSON, its
  history, corrections and exports, refusals included;
- or its view is marked :func:`private`: what this device or browser keeps (its lists of
  games and tournaments, its statistics).

A private answer carries ``Cache-Control: private, no-store``: no shared cache (a club's
proxy) keeps it, and the browser does not keep it on disk. Every other answer keeps the
caching its view gave it (static files a year, the worker ``no-cache``). Behind HTTPS
(``SCOREKEEPER_HTTPS=1``) every answer also carries ``Strict-Transport-Security``.

A refused token is answered by :func:`scorekeeper.web.errors.csrf_error`, beside the
app's other error handlers.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from functools import wraps
from typing import Any

from flask import Flask, Response, current_app, g, request
from flask_wtf.csrf import CSRFProtect
from werkzeug.routing import BaseConverter, IntegerConverter

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


class SecretToken(BaseConverter):
    """A URL part that is a secret: 20 hex digits (80 random bits, :func:`new_token`).
    Whoever holds the link may see and change what it names; every answer to an address
    that holds one is private. Anything else (an old integer id, a number past any
    integer type) matches no route: a plain 404. Each feature subclasses it under its own
    name (``<game:…>``, ``<tournament:…>``)."""

    regex = "[0-9a-f]{20}"


def new_token() -> str:
    """80 random bits as 20 hex digits: what a :class:`SecretToken` matches."""
    return secrets.token_hex(10)


#: The answer's header for a private answer.
PRIVATE = "private, no-store"
_CONVERTER = re.compile(r"<(\w+)(?:\([^)]*\))?:\w+>")


def private(view: Callable[..., Any]) -> Callable[..., Any]:
    """Mark a view whose answer shows what this device or browser keeps (its lists, its
    statistics): the answer is private, whatever its address."""

    @wraps(view)
    def marked(*args: Any, **kwargs: Any) -> Any:
        g.private = True
        return view(*args, **kwargs)

    return marked


def keep_secret(response: Response) -> Response:
    """An answer that holds a key (an event's or a series' director's) or the links of an
    event's games: never kept by a cache, and never named in another page's Referer."""
    response.headers["Cache-Control"] = PRIVATE
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


def _secret_address() -> bool:
    """Whether the matched route holds a part matched by a :class:`SecretToken`."""
    rule = request.url_rule
    if rule is None:
        return False
    converters = current_app.url_map.converters
    return any(issubclass(converters.get(name, BaseConverter), SecretToken)
               for name in _CONVERTER.findall(rule.rule))


def is_private() -> bool:
    """The one rule (this module's docstring): a secret address, or a view marked private."""
    return bool(g.get("private")) or _secret_address()


def _headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    if is_private():
        response.headers["Cache-Control"] = PRIVATE
        response.headers.pop("Expires", None)
    transport = current_app.config.get("STRICT_TRANSPORT_SECURITY")
    if transport:
        response.headers["Strict-Transport-Security"] = transport
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
