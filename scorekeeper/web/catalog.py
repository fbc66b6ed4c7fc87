"""The sentences a page's scripts show, sent to the browser once and in one way.

A page whose scripts word anything carries ONE catalog, in the page's language: a small
script of its own, ``/catalogs/<lang>/<name>.js``, that :func:`tag` names at the end of
the page, before the page's module. It sets ``globalThis.SixNimmtCatalog``, which
``static/js/shared/catalog.js`` reads. It is a file and not a block of the page because a
page is drawn for each game and the sentences are the same on every one: the score sheet
carried 3 kB of them (compressed), which took it over the first round trip of a phone's
new connection, and its first paint waited a round trip more. As a file it is fetched
once and kept for a year under the hash of its contents, like a static file, and the
service worker keeps each page's catalog in each language for use offline.

The catalog holds gettext templates, unfilled, with gettext's own ``%(name)s``
placeholders; the browser fills them as Python's ``%`` does, so a page offline says word
for word what the server would::

    {"sentences": {key: template},
     "plurals": {key: [one, other]},   # the site's languages: the first for 1, else the second
     "refusals": {code: template},     # each refusal class's own template, by its code;
                                       # a counted one {"one", "other", "count": field}
     "general": template}              # RulesError's, for a refusal the page does not hold

A feature names its page's catalog once, at import (:func:`page`): a sentence as its msgid
(marked with ``N_`` so that ``make translations`` extracts it) or as a lazy string; a
counted sentence as the pair :func:`ngettext` marks; a refusal as its class, whose
``template`` is the one sentence it has (never retyped).

>>> from scorekeeper import create_app
>>> app = create_app({"TESTING": True, "DATABASE": "unused", "SECRET_KEY": "x"})
>>> from scorekeeper.engine.errors import EmptyRow
>>> with app.test_request_context("/?lang=nl"):
...     data = build(sentences={"row": N_("Row %(row)s")}, refusals=(EmptyRow,),
...                  plurals={"bullheads": ngettext("%(num)s bullhead", "%(num)s bullheads")})
>>> data["sentences"], data["plurals"]
({'row': 'Rij %(row)s'}, {'bullheads': ['%(num)s runderkop', '%(num)s runderkoppen']})
>>> data["refusals"]["EmptyRow"]
'Rij %(row)s is leeg: elke rij heeft minstens één kaart.'
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from flask import Blueprint, Response, abort, current_app, request, url_for
from flask_babel import LazyString, force_locale, get_locale, get_translations
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup, escape

from ..engine.errors import GENERAL, N_, Plural, RulesError
from .assets import IMMUTABLE
from .i18n import LANGUAGES
from .kept import kept

__all__ = ["N_", "PAGES", "PageCatalog", "build", "data_block", "ngettext", "page", "tag",
           "urls"]

bp = Blueprint("catalogs", __name__)
#: Where the catalogs are served, under the site's prefix.
FOLDER = "/catalogs/"

Sentence = str | LazyString
"""A msgid (translated here), or a lazy string (translated when it is read)."""

_dumps = partial(json.dumps, ensure_ascii=False, separators=(",", ":"))


def ngettext(singular: str, plural: str) -> tuple[str, str]:
    """A counted sentence's two msgids, for :func:`build`'s ``plurals``. Named as gettext's
    own function so that ``make translations`` extracts the pair."""
    return singular, plural


def build(sentences: Mapping[str, Sentence] | None = None,
          plurals: Mapping[str, tuple[str, str]] | None = None,
          refusals: Iterable[type[RulesError]] = ()) -> dict[str, Any]:
    """The catalog's data in the current language (see the module's docstring)."""
    translations = get_translations()

    def text(value: Sentence) -> str:
        return translations.ugettext(value) if type(value) is str else str(value)

    def refusal(template: str | Plural) -> str | dict[str, Any]:
        if isinstance(template, str):
            return text(template)
        one, other = (translations.ungettext(template.one, template.other, count)
                      for count in (1, 2))
        return {"one": one, "other": other, "count": template.count}

    return {
        "sentences": {key: text(value) for key, value in (sentences or {}).items()},
        "plurals": {key: [translations.ungettext(one, other, count) for count in (1, 2)]
                    for key, (one, other) in (plurals or {}).items()},
        "refusals": {cls.__name__: refusal(cls.template) for cls in refusals},
        "general": text(GENERAL),
    }


def data_block(data: Mapping[str, Any], element_id: str) -> Markup:
    """``data`` as a JSON block no markup can break out of, for a page's script to read
    (the score sheet's ``sheet-data``)."""
    return Markup('<script type="application/json" id="{}">{}</script>').format(
        element_id, htmlsafe_json_dumps(data, dumps=_dumps))


@dataclass(frozen=True)
class PageCatalog:
    """The sentences of one page's scripts (:func:`page`), in no language yet."""

    name: str
    sentences: Mapping[str, Sentence] = field(default_factory=dict)
    plurals: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    refusals: tuple[type[RulesError], ...] = ()

    def script(self) -> tuple[str, str]:
        """The catalog's file in the current language, and the hash of it its address
        carries. Made once per language: its sentences are named once, at import, and
        Flask-Babel reads a language's translations once per process. (The worker names
        every catalog in every language, and the browser asks for the worker at each
        visit: made each time, the catalogs took it from 2.1 to 4.1 ms; kept, 2.3 ms.)"""
        def made() -> tuple[str, str]:
            data = build(self.sentences, self.plurals, self.refusals)
            text = f"globalThis.SixNimmtCatalog = {_dumps(data)};\n"
            return text, hashlib.sha256(text.encode()).hexdigest()[:12]

        return kept("page catalog", made, name=self.name, language=get_locale().language)


#: Every page's catalog by its name, as the features name them at import.
PAGES: dict[str, PageCatalog] = {}


def page(name: str, sentences: Mapping[str, Sentence] | None = None,
         plurals: Mapping[str, tuple[str, str]] | None = None,
         refusals: Iterable[type[RulesError]] = ()) -> PageCatalog:
    """A page's catalog, served as ``/catalogs/<lang>/<name>.js`` from now on."""
    made = PageCatalog(name, sentences or {}, plurals or {}, tuple(refusals))
    if PAGES.setdefault(name, made) != made:
        raise ValueError(f"two pages' catalogs are named {name!r}")
    return made


def _address(catalog: PageCatalog, lang: str, digest: str) -> str:
    """The catalog's address: with the hash of its contents, kept for a year. While the
    static site is written, without it (its files are named by their address) and
    relative, as the templates' ``url_for`` then makes every link."""
    if current_app.config.get("RULES_FREEZING"):
        relative = current_app.jinja_env.globals["url_for"]
        return relative("catalogs.script", lang=lang, name=catalog.name)  # type: ignore[operator]
    return url_for("catalogs.script", lang=lang, name=catalog.name, v=digest)


def tag(catalog: PageCatalog) -> Markup:
    """The page's catalog script in the page's language. Deferred, it runs after the page
    is read and before the page's module, which comes after it."""
    _, digest = catalog.script()
    address = _address(catalog, get_locale().language, digest)
    return Markup(f'<script defer src="{escape(address)}"></script>')


def urls() -> list[str]:
    """Every page's catalog in every language, at the address a page names it by: what the
    service worker keeps, so that a page opened offline has its sentences."""
    found = []
    for lang in LANGUAGES:
        with force_locale(lang):
            for catalog in PAGES.values():
                found.append(_address(catalog, lang, catalog.script()[1]))
    return found


@bp.get(FOLDER + "<lang>/<name>.js")
def script(lang: str, name: str) -> Response:
    """A page's catalog; kept for a year when asked for by the hash of what it is now."""
    if lang not in LANGUAGES or name not in PAGES:
        abort(404)
    with force_locale(lang):
        text, digest = PAGES[name].script()
    response = Response(text, mimetype="text/javascript")
    response.headers["Cache-Control"] = IMMUTABLE if request.args.get("v") == digest else "no-cache"
    return response
