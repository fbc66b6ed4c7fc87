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

**Answers that hold a key** (an event's director's or a series' key, or the links of an
event's games) are private too and name the page only by its origin in a ``Referer``
(:func:`keep_secret`): a view says so itself, and the rule finds the rest. Every answer to
a request that sent a key header (:meth:`SiteCSRF.key_header`: it is the key holder's
view), the pages at an address that holds a key (:func:`key_address`), and a redirect to
an address that holds a key or a secret token (its ``Location`` names it).

**CSRF** (:class:`SiteCSRF`): Flask-WTF's token on every form and state-changing API call,
and, over HTTPS, a request that comes from this site; a request with a key header needs
neither.

A refused token is answered by :func:`scorekeeper.web.errors.csrf_error`, beside the
app's other error handlers.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from functools import wraps
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, g, request
from flask_wtf.csrf import CSRFProtect, same_origin
from werkzeug.exceptions import HTTPException
from werkzeug.routing import BaseConverter, IntegerConverter, Rule

from ..engine.errors import N_, RulesError


class SiteCSRF(CSRFProtect):
    """Flask-WTF's CSRF protection, with the two rules of docs/api.md (Conventions, CSRF).

    - **A request that carries a key header** (``X-Director-Key``, ``X-Series-Key``: each
      feature names its own, :meth:`key_header`) needs no token: a browser sends a header of
      its own making to another site only after asking that site (a CORS preflight), and
      this site never allows one. Such a request came from a program or from this site's
      own page, never from a forged form, so a program needs no session to use its key.
      The key itself is checked by the view, as always.
    - **Over HTTPS, a request must show that it comes from this site**: its ``Origin``, or
      where a browser sends none its ``Referer``, names this site's origin. Flask-WTF's own
      rule (``WTF_CSRF_SSL_STRICT``) asks for the ``Referer`` alone, which a page that
      keeps its key out of every ``Referer`` does not send, and a privacy add-on strips;
      browsers send ``Origin`` with every ``POST``, ``PUT`` and ``DELETE``.
    """

    def __init__(self) -> None:
        super().__init__()
        self.key_headers: list[str] = []

    def key_header(self, name: str) -> None:
        """A header that carries a key: a request with it needs no CSRF token, and its
        answer is the key holder's (kept as :func:`keep_secret` keeps it)."""
        if name not in self.key_headers:
            self.key_headers.append(name)

    def carries_key(self) -> bool:
        return any(name in request.headers for name in self.key_headers)

    def init_app(self, app: Flask) -> None:
        super().init_app(app)
        app.config["WTF_CSRF_SSL_STRICT"] = False  # replaced by from_this_site()

    def protect(self, apply_exemptions: bool = False) -> None:
        if request.method in current_app.config["WTF_CSRF_METHODS"] and self.carries_key():
            return
        super().protect(apply_exemptions)
        if g.get("csrf_valid") and request.is_secure:
            self.from_this_site()

    def from_this_site(self) -> None:
        """Refuse a request over HTTPS whose ``Origin`` (else ``Referer``) is not this site."""
        here = f"https://{request.host}/"
        origin = request.headers.get("Origin")
        if origin is not None:
            if not same_origin(origin, here):
                self._error_response("The origin does not match the host.")
        elif not request.referrer or not same_origin(request.referrer, here):
            self._error_response("Neither the origin nor the referrer names this host.")


csrf = SiteCSRF()

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


#: How a page that holds a key is named in the ``Referer`` of what it links or posts to:
#: by its origin alone (``https://host/``), never its address. The key stays out of every
#: other site's logs and the club's own, and the site's own forms still show they come
#: from this site (:meth:`SiteCSRF.from_this_site`). ``no-referrer`` would send neither
#: (and makes a browser send ``Origin: null``), so every form posted from such a page
#: would be refused over HTTPS.
KEY_REFERRER_POLICY = "strict-origin"
#: Endpoints whose address holds a key (:func:`key_address`).
_key_endpoints: set[str] = set()


def keep_secret(response: Response) -> Response:
    """An answer that holds a key (an event's or a series' director's) or the links of an
    event's games: never kept by a cache, and named in a Referer by its origin only."""
    response.headers["Cache-Control"] = PRIVATE
    response.headers["Referrer-Policy"] = KEY_REFERRER_POLICY
    return response


def key_address(endpoint: str) -> None:
    """Mark an endpoint whose address holds a key (a director's page): its answers, and
    every redirect to it, are kept as :func:`keep_secret` keeps them."""
    _key_endpoints.add(endpoint)


def _target(location: str) -> Rule | None:
    """The route a redirect's ``Location`` on this site leads to, if any."""
    parts = urlsplit(location)
    if parts.netloc and parts.netloc != request.host:
        return None
    path, root = parts.path, request.script_root
    if root and path.startswith(root + "/"):
        path = path[len(root):]
    adapter = current_app.url_map.bind(request.host, script_name=root or None)
    try:
        rule, _args = adapter.match(path, method="GET", return_rule=True)
    except HTTPException:
        return None
    return rule


def _holds_token(rule: Rule) -> bool:
    """Whether a route holds a part matched by a :class:`SecretToken`."""
    converters = current_app.url_map.converters
    return any(issubclass(converters.get(name, BaseConverter), SecretToken)
               for name in _CONVERTER.findall(rule.rule))


def _secret_address() -> bool:
    """Whether the matched route holds a part matched by a :class:`SecretToken`."""
    return request.url_rule is not None and _holds_token(request.url_rule)


def holds_key(response: Response) -> bool:
    """Whether the answer is a key holder's (the rule in this module's docstring): the
    request sent a key header, its address holds a key, or it redirects to an address
    that holds a key or a secret token."""
    if csrf.carries_key() or request.endpoint in _key_endpoints:
        return True
    location = response.headers.get("Location") if 300 <= response.status_code < 400 else None
    target = _target(location) if location else None
    return target is not None and (target.endpoint in _key_endpoints or _holds_token(target))


def is_private() -> bool:
    """The one rule (this module's docstring): a secret address, or a view marked private."""
    return bool(g.get("private")) or _secret_address()


def _headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    if holds_key(response):
        keep_secret(response)
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
