"""``/check``: the placement checker page (a thin layer over the placement request).

Form or link text -> :class:`CheckForm` -> the JSON shape of ``POST /api/v1/placement`` ->
the engine (:mod:`.request`) -> :mod:`.present` -> the page. The page refuses and accepts
exactly what the API does, because both go through the same request.
"""

from __future__ import annotations

from flask import Blueprint, render_template, request

from ..engine import BULLHEADS, MAX_CARD
from ..engine.errors import RulesError
from ..web import catalog
from ..web.errors import describe
from . import strings
from .form import (
    PAGE_CATALOG,
    ROW_COUNTS,
    TACTICS_LIMITS,
    TAKES_AT_CHOICES,
    VARIANTS,
    CheckForm,
)
from .present import present
from .request import parse, resolve

bp = Blueprint("check", __name__)


@bp.route("/check", methods=["GET", "POST"])
def page():
    posted = request.method == "POST"
    # A share link is a GET without a token; a POST is checked for one like every form.
    form = CheckForm(request.form) if posted else CheckForm(request.args, meta={"csrf": False})
    more = posted and "more" in request.form
    result = error = None
    if (posted and not more) or (not posted and form.wants_answer()):
        try:
            placement = parse(form.to_data())
            result = present(form, placement, resolve(placement))
        except RulesError as exc:
            error = describe(exc)
    partial = request.args.get("partial") == "1"
    return render_template(
        "check/output.html" if partial else "check.html", form=form,
        lines=form.display_lines(2 if more else 0), result=result, error=error,
        variants=VARIANTS, bullheads=BULLHEADS, max_card=MAX_CARD,
        tactics_limits=TACTICS_LIMITS, row_counts=ROW_COUNTS, takes_choices=TAKES_AT_CHOICES,
        say=strings.say, say_n=strings.say_n,
        # The page's own sentences, for the script that answers without a connection.
        catalog=None if partial else catalog.tag(PAGE_CATALOG),
    )
