"""``/rules``: the rules reference, written by us, and its language-in-path copies.

``/rules`` is the live page in the visitor's language (the site's menu and forms).
``/<lang>/rules/`` is the same content with the language fixed by the path, a layout
without session, CSRF token or forms, so Frozen-Flask can export it as a static site
(:mod:`.export`). ``/<lang>/checker/`` is the exported site's own placement checker: it
runs wholly in the browser on the engine bundled by :func:`.export.bundle_script`, so it
exists only while the site is exported. The outline and anchors are in :mod:`.sections`.

The examples' try-it links reach the live checker by its endpoint name (``check.page``)
and its query format. The exported checker is the live checker answering without a
server, so it takes the live checker's catalog and variants (:mod:`..check`): the one
thing the reference builds on besides ``engine`` and ``web``.
"""

from __future__ import annotations

from flask import Blueprint, abort, current_app, render_template, request, url_for
from flask_babel import force_locale, lazy_gettext

from ..check.form import PAGE_CATALOG, VARIANTS
from ..engine import BULLHEADS, MAX_CARD
from ..web import catalog
from ..web.fields import whole_number
from ..web.i18n import LANGUAGES
from ..web.pdf import PAPER_SIZES, current_lang, paper_arg
from ..web.pdf import response as pdf_response
from ..web.workers import heavy
from . import aid
from .examples import EXAMPLES, checker_query, row_bullheads
from .export import CHECKER_SCRIPT, RULES_SCRIPT
from .sections import LEVELS, READINGS, SECTIONS, TITLES, toc

__all__ = ["READINGS", "SECTIONS", "bp", "lookup"]

bp = Blueprint("rules", __name__)

#: The bullhead search's answers: the server's (:func:`lookup`) and the script's (pages/rules.js).
SEARCH = {
    "not_a_number": lazy_gettext("Type a whole number from 1 to %(max)s."),
    "no_card": lazy_gettext("There is no card %(card)s: the cards run from 1 to %(max)s."),
}
SEARCH_PLURALS = {
    "carries": catalog.ngettext("Card %(card)s carries %(num)s bullhead.",
                                "Card %(card)s carries %(num)s bullheads."),
}
SEARCH_CATALOG = catalog.page("rules", SEARCH, SEARCH_PLURALS)


def lookup(raw: str | None) -> tuple[str, int | None, str | None]:
    """Parse the bullhead search: (what was typed, card or None, error message or None)."""
    typed = (raw or "").strip()[:10]
    if not typed:
        return "", None, None
    card = whole_number(typed)
    if card is None:  # "²" is a digit to str.isdigit, but no number to int()
        return typed, None, str(SEARCH["not_a_number"]) % {"max": MAX_CARD}
    if not 1 <= card <= MAX_CARD:
        return typed, None, str(SEARCH["no_card"]) % {"card": card, "max": MAX_CARD}
    return typed, card, None


def _freezing() -> bool:
    return bool(current_app.config.get("RULES_FREEZING"))


def _context(*, static: bool, lang: str | None = None) -> dict:
    """Everything both layouts need.

    ``checker`` is the base of the try-it links (the live ``/check``, or a live copy named
    while exporting) or None; ``offline_checker`` says that the links go to the exported
    checker instead, whose relative address the templates build with ``url_for``.
    """
    checker = _checker_base(static)
    typed, found, error = lookup(None if static else request.args.get("card"))
    return {
        "toc": toc(),
        "titles": TITLES,
        "levels": LEVELS,
        "readings": READINGS,
        "reading_titles": dict(READINGS),
        "examples": EXAMPLES,
        "checker": checker,
        "offline_checker": static and _freezing() and checker is None,
        "checker_query": checker_query,
        "row_bullheads": row_bullheads,
        "bullheads": BULLHEADS,
        "max_card": MAX_CARD,
        "deck_bullheads": sum(BULLHEADS),
        "static": static,
        "page_lang": lang,
        "search": {"typed": typed, "card": found, "error": error},
        "catalog": catalog.tag(SEARCH_CATALOG),
        # The exported pages load the classic script `make site` writes; live, the module.
        "bundled": static and _freezing(),
        "rules_script": RULES_SCRIPT,
    }


def _checker_base(static: bool) -> str | None:
    """The live checker: this app's ``/check``, or while freezing ``RULES_CHECKER_URL``."""
    if static and _freezing():
        base = current_app.config.get("RULES_CHECKER_URL")
        return base.rstrip("/") + "/check" if base else None
    return url_for("check.page") if "check.page" in current_app.view_functions else None


@bp.get("/rules")
def page():
    return render_template("rules/page.html", **_context(static=False))


@bp.get("/<lang>/rules/")
def lang_page(lang: str):
    """The reference with its language in the path: what the static site is made of."""
    if lang not in LANGUAGES:
        abort(404)
    with force_locale(lang):
        return render_template("rules/static.html", **_context(static=True, lang=lang))


@bp.get("/<lang>/checker/")
def lang_checker(lang: str):
    """The exported checker; only while exporting, when its engine script is written too."""
    if lang not in LANGUAGES or not _freezing():
        abort(404)
    with force_locale(lang):
        return render_template(
            "rules/checker.html", page_lang=lang, catalog=catalog.tag(PAGE_CATALOG),
            variants=VARIANTS, max_card=MAX_CARD, offline_checker=True,
            checker_script=CHECKER_SCRIPT,
        )


@bp.get("/rules/aid.pdf")
@heavy
def aid_pdf():
    """The player aid, one page: ``?lang=`` (else the visitor's language), ``?paper=``."""
    return _aid(current_lang(), paper_arg())


@bp.get("/<lang>/rules/aid-<paper>.pdf")
@heavy
def lang_aid_pdf(lang: str, paper: str):
    """The player aid with language and paper in the path: what the static site holds."""
    if lang not in LANGUAGES or paper not in PAPER_SIZES:
        abort(404)
    return _aid(lang, paper)


def _aid(lang: str, paper: str):
    """The aid prints the rules' address in its own language: ``/rules`` would open in the
    language of whichever phone reads it."""
    if _freezing():  # the static site: the live app's rules only where one is named
        live = current_app.config.get("RULES_CHECKER_URL")
        address = live.rstrip("/") + f"/{lang}/rules/" if live else None
    else:
        address = url_for("rules.lang_page", lang=lang, _external=True)
    return pdf_response("rules/aid.html", f"6-nimmt-aid-{lang}-{paper}.pdf", lang, paper,
                        **aid.context(address))
