"""The frame every page shares (templates/base.html), the templates' catalog lookup
(web/i18n.py) and the connection each thread keeps (web/db.py).

One visitor's page must never show in another's language or section, and a kept
connection must never carry one request's transaction into the next.
"""

from __future__ import annotations

import re

import pytest
from flask import render_template_string
from flask_babel import force_locale

from scorekeeper import create_app
from scorekeeper.web import db

#: Each section's page and its menu entry in en, nl and de (translations/*/messages.po).
MENU = {
    "/": ("Scores", "Scores", "Punkte"),
    "/check": ("Checker", "Controle", "Prüfer"),
    "/tournament": ("Tournament", "Toernooi", "Turnier"),
    "/events": ("Events", "Club", "Club"),
    "/rules": ("Rules", "Regels", "Regeln"),
}
LANGS = ("en", "nl", "de")


def _current_menu_entries(html: str) -> list[str]:
    menu = re.search(r'<nav class="site-nav".*?</nav>', html, re.S)
    assert menu is not None
    return re.findall(r'aria-current="page">([^<]+)</a>', menu.group(0))


@pytest.mark.parametrize("path", MENU)
def test_each_page_marks_its_own_section_in_each_language(client, path):
    # Asked in turn, so a frame kept for one page or language would show on the next.
    for other in MENU:
        for index, lang in enumerate(LANGS):
            for page in (other, path):
                html = client.get(f"{page}?lang={lang}").get_data(as_text=True)
                assert f'<html lang="{lang}">' in html
                assert _current_menu_entries(html) == [MENU[page][index]]


def test_a_page_outside_the_sections_marks_none(client):
    client.get("/check?lang=de")
    html = client.get("/nothing-here?lang=de").get_data(as_text=True)
    assert _current_menu_entries(html) == []
    assert "Zum Inhalt" in html and 'aria-label="Bereiche"' in html


def test_the_language_switch_names_the_page_shown_with_its_arguments(client):
    client.get("/games?lang=nl")
    html = client.get("/games?page=2&lang=de").get_data(as_text=True)
    switch = re.search(r'<nav class="lang-switch".*?</nav>', html, re.S).group(0)
    assert 'href="/games?page=2&amp;lang=nl"' in switch
    assert 'href="/games?page=2&amp;lang=en"' in switch
    assert re.search(r'href="/games\?page=2&amp;lang=de"[^>]*\s+aria-current="true"', switch)


def test_templates_follow_a_forced_language_inside_a_request(app):
    with app.test_request_context("/?lang=nl"):
        assert render_template_string("{{ _('Rules') }}") == "Regels"
        with force_locale("de"):
            assert render_template_string("{{ _('Rules') }}") == "Regeln"
        assert render_template_string("{{ _('Rules') }}") == "Regels"


def test_a_macro_imported_without_the_pages_context_follows_the_language(app, tmp_path):
    """Such a macro sees only the templates' globals, which look the catalog up for each
    sentence, forced language included."""
    app.jinja_loader.searchpath.append(str(tmp_path))  # type: ignore[union-attr]
    (tmp_path / "_rules_word.html").write_text("{% macro word() %}{{ _('Rules') }}{% endmacro %}")
    page = "{% from '_rules_word.html' import word %}{{ word() }} {{ _('Rules') }}"
    with app.test_request_context("/?lang=nl"):
        assert render_template_string(page) == "Regels Regels"
        with force_locale("de"):
            assert render_template_string(page) == "Regeln Regeln"


@pytest.mark.parametrize("autoescape", ["true", "false"])
def test_template_gettext_is_new_style(app, autoescape):
    """``%(name)s`` values filled in (escaped where the template escapes), ``num`` given to
    ``ngettext``, ``%%`` read as a format string even without values."""
    page = (f"{{% autoescape {autoescape} %}}"
            "{{ _('Won by %(names)s', names='<b>') }}|{{ ngettext('%(num)s deal', "
            "'%(num)s deals', n) }}|{{ gettext('100%% sure') }}{% endautoescape %}")
    name = "&lt;b&gt;" if autoescape == "true" else "<b>"
    with app.test_request_context("/?lang=nl"):
        assert render_template_string(page, n=1) == f"Gewonnen door {name}|1 spelronde|100% sure"
        assert render_template_string(page, n=3).split("|")[1] == "3 spelrondes"


def test_a_thread_keeps_its_connection_and_no_transaction_outlives_a_request(app):
    with app.app_context():
        first = db.get_db()
        first.execute("BEGIN IMMEDIATE")  # a request that ends without committing
    assert not first.in_transaction
    with app.app_context():
        assert db.get_db() is first
        assert db.get_db().execute("SELECT 1").fetchone()[0] == 1


def test_another_database_closes_the_kept_connection(app, tmp_path):
    with app.app_context():
        first = db.get_db()
    other = create_app({"TESTING": True, "DATABASE": str(tmp_path / "other.sqlite"),
                        "SECRET_KEY": "test"})
    with other.app_context():
        second = db.get_db()
    assert second is not first
    with pytest.raises(Exception, match="closed"):
        first.execute("SELECT 1")
