"""Language choice: ``?lang=``, then the cookie, then ``Accept-Language``, then English.

The JSON interface skips the cookie (CONTRACT.md section 5): an API client says what it
wants in the request itself.
"""

from __future__ import annotations

from urllib.parse import quote, urlencode

from babel.support import NullTranslations
from flask import Flask, Response, current_app, g, request
from flask_babel import Babel, get_locale, get_translations

from . import terms

#: Language code -> its own name, as the switch shows it.
LANGUAGES: dict[str, str] = {"en": "English", "nl": "Nederlands", "de": "Deutsch"}
COOKIE = "lang"
COOKIE_MAX_AGE = 365 * 24 * 3600


def _requested() -> str | None:
    lang = request.args.get("lang", "")
    return lang if lang in LANGUAGES else None


def select_locale() -> str:
    chosen = _requested()
    if chosen:
        return chosen
    if not request.path.startswith("/api/"):
        cookie = request.cookies.get(COOKIE, "")
        if cookie in LANGUAGES:
            return cookie
    return request.accept_languages.best_match(list(LANGUAGES), default="en") or "en"


def remember_language(response: Response) -> Response:
    """A page opened with ``?lang=`` keeps that language for later visits."""
    chosen = _requested()
    if chosen and not request.path.startswith("/api/"):
        response.set_cookie(
            COOKIE, chosen, max_age=COOKIE_MAX_AGE, samesite="Lax", httponly=True,
            secure=current_app.config["SESSION_COOKIE_SECURE"],
        )
    if not request.path.startswith("/static/"):
        response.vary.add("Accept-Language")
        response.vary.add("Cookie")
    return response


def safe_path(path: str) -> str:
    r"""``path`` as a link that cannot leave the site: one leading ``/`` (slashes and
    backslashes before it dropped) and every other character percent-encoded as a URL
    path needs it (a backslash becomes ``%5C``).

    A browser reads ``/\evil.example`` and ``//evil.example`` as links to another host,
    and a 404 page echoes whatever path was asked for.

    >>> safe_path("/\\evil.example"), safe_path("//evil.example/x"), safe_path("/a\\b c")
    ('/evil.example', '/evil.example/x', '/a%5Cb%20c')
    """
    return "/" + quote(path.lstrip("/\\"), safe="/")


def url_with_lang(code: str) -> str:
    """The current page's URL with ``lang`` set to ``code`` and every other argument kept."""
    args = request.args.to_dict(flat=False)
    args["lang"] = [code]
    return request.script_root + safe_path(request.path) + "?" + urlencode(args, doseq=True)


#: Language code -> its catalog, as Flask-Babel loaded it (every app of a process reads
#: the same translations/ folder).
_catalogs: dict[str, NullTranslations] = {}


def _catalog_key() -> str | None:
    """The language Flask-Babel has already chosen, read where it keeps it (``g``), or
    None before it has chosen. Flask-Babel's own lookups walk the request context a dozen
    times a call; a page asks for sixty sentences and this read was a tenth of its cost."""
    try:
        state = g.get("_flask_babel")
    except RuntimeError:  # no app context: no language chosen
        return None
    locale = getattr(state, "babel_locale", None)
    return None if locale is None else locale.language


def translations() -> NullTranslations:
    """The catalog of the language being rendered, as ``flask_babel.get_translations``
    answers it (which it asks whenever the language is not chosen yet)."""
    key = _catalog_key()
    if key is None:
        return get_translations()
    if key not in _catalogs:
        _catalogs[key] = get_translations()
    return _catalogs[key]


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=select_locale)
    # The templates' ``_``, ``gettext`` and ``ngettext`` look the catalog up the fast way.
    app.jinja_env.install_gettext_callables(
        gettext=lambda s: translations().ugettext(s),
        ngettext=lambda s, p, n: translations().ungettext(s, p, n),
        pgettext=lambda c, s: translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: translations().unpgettext(c, s, p, n),
        newstyle=True,
    )
    app.after_request(remember_language)
    app.jinja_env.globals.update(
        get_locale=get_locale, LANGUAGES=LANGUAGES, url_with_lang=url_with_lang
    )
    terms.init_app(app)

