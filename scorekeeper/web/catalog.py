"""The sentences a page's scripts show, sent to the browser once and in one way.

A page whose scripts word anything carries ONE catalog, in the page's language:
``<script type="application/json" id="catalog">``, rendered by :func:`render` and read by
``static/js/shared/catalog.js``. It holds gettext templates, unfilled, with gettext's own
``%(name)s`` placeholders; the browser fills them as Python's ``%`` does, so a page
offline says word for word what the server would::

    {"sentences": {key: template},
     "plurals": {key: [one, other]},   # the site's languages: the first for 1, else the second
     "refusals": {code: template},     # each refusal class's own template, by its code;
                                       # a counted one {"one", "other", "count": field}
     "general": template}              # RulesError's, for a refusal the page does not hold

A sentence is given as its msgid (marked with ``N_`` so that ``make translations``
extracts it) or as a lazy string; a counted sentence as the pair :func:`ngettext` marks;
a refusal as its class, whose ``template`` is the one sentence it has (never retyped).

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

import json
from collections.abc import Iterable, Mapping
from functools import partial
from typing import Any

from flask_babel import LazyString, get_translations
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup

from ..engine.errors import GENERAL, N_, Plural, RulesError

__all__ = ["N_", "build", "ngettext", "render"]

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


def script(data: Mapping[str, Any], element_id: str = "catalog") -> Markup:
    """``data`` as a JSON block no markup can break out of: the page's one catalog, or
    another block a script reads (the score sheet's ``sheet-data``)."""
    return Markup('<script type="application/json" id="{}">{}</script>').format(
        element_id, htmlsafe_json_dumps(data, dumps=_dumps))


def render(sentences: Mapping[str, Sentence] | None = None,
           plurals: Mapping[str, tuple[str, str]] | None = None,
           refusals: Iterable[type[RulesError]] = ()) -> Markup:
    """The page's catalog script: :func:`build`, then :func:`script`."""
    return script(build(sentences, plurals, refusals))
