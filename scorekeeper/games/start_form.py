"""The start form's markup, kept per language: most of what ``/`` costs to render.

Fresh (nothing posted) the form reads the same for everyone in one language, so it is
rendered once per language and app and only the request's CSRF token is filled in; its
forty fields through WTForms' widgets cost more than the rest of the page together.
"""

from __future__ import annotations

from flask import render_template
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from ..web.i18n import kept_per_language
from .forms import StartForm

#: Where the request's CSRF token goes in a form kept for every reader of a language.
_CSRF_SLOT = "<!-- csrf -->"


def start_form_markup(form: StartForm | None) -> Markup:
    """``form`` (one that was posted) as HTML, or the fresh form for None."""
    token = Markup('<input id="csrf_token" name="csrf_token" type="hidden" value="%s">'
                   ) % generate_csrf()
    if form is not None:
        return Markup(render_template("games/_start_form.html", form=form, csrf_field=token))
    fresh = kept_per_language("games.start_form", lambda: render_template(
        "games/_start_form.html", form=StartForm(formdata=None), csrf_field=Markup(_CSRF_SLOT)))
    return Markup(fresh.replace(_CSRF_SLOT, token))
