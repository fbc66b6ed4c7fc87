"""Language choice: ``?lang=``, then the cookie, then ``Accept-Language``, then English.

The JSON interface skips the cookie (CONTRACT.md section 5): an API client says what it
wants in the request itself.
"""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Flask, Response, request
from flask_babel import Babel, get_locale

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
            COOKIE, chosen, max_age=COOKIE_MAX_AGE, samesite="Lax", httponly=True
        )
    if not request.path.startswith("/static/"):
        response.vary.add("Accept-Language")
        response.vary.add("Cookie")
    return response


def url_with_lang(code: str) -> str:
    """The current page's URL with ``lang`` set to ``code`` and every other argument kept."""
    args = request.args.to_dict(flat=False)
    args["lang"] = [code]
    return request.path + "?" + urlencode(args, doseq=True)


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=select_locale)
    app.after_request(remember_language)
    app.jinja_env.globals.update(
        get_locale=get_locale, LANGUAGES=LANGUAGES, url_with_lang=url_with_lang
    )
    terms.init_app(app)
