"""Language choice: ``?lang=``, then a path's own language (``/nl/…``), then the cookie,
then ``Accept-Language``, then English.

The JSON interface skips the cookie (docs/api.md, Conventions): an API client says what it
wants in the request itself. Templates read each render's catalog once, through
Flask-Babel's public ``get_translations`` (:func:`init_app`).
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import quote, urlencode

from babel.support import NullTranslations
from flask import Flask, Response, current_app, request
from flask_babel import Babel, get_locale, get_translations
from jinja2 import pass_eval_context
from jinja2.nodes import EvalContext
from markupsafe import Markup

from . import terms

#: Language code -> its own name, as the switch shows it.
LANGUAGES: dict[str, str] = {"en": "English", "nl": "Nederlands", "de": "Deutsch"}
COOKIE = "lang"
COOKIE_MAX_AGE = 365 * 24 * 3600


def _requested() -> str | None:
    lang = request.args.get("lang", "")
    return lang if lang in LANGUAGES else None


def path_language() -> str | None:
    """The language an address names by its first segment (``/nl/rules/``, ``/de/``), so
    that whatever answers there, a 404 included, speaks it."""
    first = request.path.lstrip("/").partition("/")[0]
    return first if first in LANGUAGES else None


def select_locale() -> str:
    chosen = _requested() or path_language()
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


def _newstyle(eval_ctx: EvalContext, text: str, variables: dict[str, object]) -> str:
    """Jinja's new-style gettext: always a format string, its values escaped in HTML."""
    if eval_ctx.autoescape:
        return Markup(text) % variables
    return text % variables


def gettext_functions(catalog: Callable[[], NullTranslations]) -> dict[str, object]:
    """The templates' ``_``, ``gettext``, ``ngettext``, ``pgettext`` and ``npgettext``,
    reading ``catalog()``: new-style gettext (``_("%(name)s wins", name=...)``, values
    escaped), as Jinja's i18n extension makes it, in one call where its wrappers take
    three and ask for the template context, which Jinja copies for each call in a loop."""

    @pass_eval_context
    def gettext(eval_ctx: EvalContext, string: str, /, **variables: object) -> str:
        return _newstyle(eval_ctx, catalog().ugettext(string), variables)

    @pass_eval_context
    def ngettext(eval_ctx: EvalContext, singular: str, plural: str, num: int, /,
                 **variables: object) -> str:
        variables.setdefault("num", num)
        return _newstyle(eval_ctx, catalog().ungettext(singular, plural, num), variables)

    @pass_eval_context
    def pgettext(eval_ctx: EvalContext, context: str, string: str, /,
                 **variables: object) -> str:
        return _newstyle(eval_ctx, catalog().upgettext(context, string), variables)

    @pass_eval_context
    def npgettext(eval_ctx: EvalContext, context: str, singular: str, plural: str, num: int,
                  /, **variables: object) -> str:
        variables.setdefault("num", num)
        text = catalog().unpgettext(context, singular, plural, num)
        return _newstyle(eval_ctx, text, variables)

    return {"_": gettext, "gettext": gettext, "ngettext": ngettext, "pgettext": pgettext,
            "npgettext": npgettext}


def _render_gettext() -> dict[str, object]:
    """Context processor: gettext functions bound to the catalog of the language being
    rendered, resolved once per ``render_template`` with Flask-Babel's
    ``get_translations`` (so inside ``force_locale`` when the render is). A page asks for
    sixty sentences; resolving the catalog again for each walks the request context a
    dozen times a sentence."""
    catalog = get_translations()
    return gettext_functions(lambda: catalog)


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=select_locale)
    # A macro imported without the page's context sees only the globals: these resolve
    # the catalog for each sentence.
    app.jinja_env.globals.update(gettext_functions(get_translations))
    app.context_processor(_render_gettext)
    app.jinja_env.newstyle_gettext = True  # type: ignore[attr-defined]  # {% trans %} too
    app.after_request(remember_language)
    app.jinja_env.globals.update(
        get_locale=get_locale, LANGUAGES=LANGUAGES, url_with_lang=url_with_lang,
        path_language=path_language,
    )
    terms.init_app(app)
