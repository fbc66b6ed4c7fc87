"""The factory, the health check, the language choice and the security headers."""

from __future__ import annotations

import html as html_module
import re
import sqlite3
from pathlib import Path
from urllib.parse import unquote

import pytest

from scorekeeper import create_app


def test_healthz_answers_ok_on_a_fresh_database(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "new.sqlite"),
                      "SECRET_KEY": "x"})
    response = app.test_client().get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok"}
    assert (tmp_path / "new.sqlite").exists()


def test_schema_version_is_recorded(app, client):
    client.get("/healthz")
    conn = sqlite3.connect(app.config["DATABASE"])
    assert conn.execute("PRAGMA user_version").fetchone()[0] >= 1


@pytest.mark.parametrize(
    ("query", "headers", "cookie", "expected"),
    [
        ("", {}, None, "en"),
        ("", {"Accept-Language": "de-DE,de;q=0.9"}, None, "de"),
        ("", {"Accept-Language": "nl-BE"}, None, "nl"),
        ("?lang=nl", {"Accept-Language": "de"}, None, "nl"),
        ("", {"Accept-Language": "de"}, "nl", "nl"),
        ("?lang=de", {}, "nl", "de"),
        ("?lang=xx", {"Accept-Language": "nl"}, None, "nl"),
    ],
)
def test_language_order_is_query_then_cookie_then_header(
    client, query, headers, cookie, expected
):
    if cookie:
        client.set_cookie("lang", cookie)
    html = client.get("/" + query, headers=headers).get_data(as_text=True)
    assert f'<html lang="{expected}">' in html


def test_lang_query_is_remembered_in_a_cookie(client):
    client.get("/?lang=de")
    assert '<html lang="de">' in client.get("/").get_data(as_text=True)


def test_pages_forbid_inline_scripts(client):
    policy = client.get("/").headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy


def test_unknown_page_is_a_translated_404(client):
    response = client.get("/nowhere?lang=de")
    assert response.status_code == 404
    assert "Unter dieser Adresse gibt es nichts." in response.get_data(as_text=True)


@pytest.mark.parametrize("lang", ["nl", "de", "en"])
def test_a_languages_own_address_opens_the_start_page_in_it(client, lang):
    """``/nl/`` is the start page in Dutch for anyone, as ``/nl/rules/`` is the rules: it is
    the switch's own address, so the pages after it stay Dutch."""
    other = {"nl": "de", "de": "en", "en": "nl"}[lang]
    answer = client.get(f"/{lang}/", headers={"Accept-Language": other})
    assert answer.status_code == 302 and answer.headers["Location"] == f"/?lang={lang}"
    start = client.get(answer.headers["Location"], headers={"Accept-Language": other})
    assert start.status_code == 200 and f'<html lang="{lang}">' in start.get_data(as_text=True)
    later = client.get("/check", headers={"Accept-Language": other}).get_data(as_text=True)
    assert f'<html lang="{lang}">' in later
    assert client.get(f"/{lang}").headers["Location"].endswith(f"/{lang}/")


@pytest.mark.parametrize(("method", "path", "status", "lang", "sentence"), [
    ("GET", "/nl/nowhere", 404, "nl", "Op dit adres staat niets."),
    ("GET", "/de/rules/aid-a5.pdf", 404, "de", "Unter dieser Adresse gibt es nichts."),
    ("GET", "/xx/", 404, "en", "There is nothing at this address."),
    ("PUT", "/nl/rules/", 405, "nl", "Dit adres aanvaardt zo'n verzoek niet."),
    ("GET", "/nl/nowhere?lang=de", 404, "de", "Unter dieser Adresse gibt es nichts."),
])
def test_an_address_under_a_language_answers_in_it(client, method, path, status, lang,
                                                     sentence):
    """Whatever answers under ``/nl/`` speaks Dutch, whatever the browser prefers; only an
    explicit ``?lang=`` says otherwise. Its way back leads to the start in that language."""
    client.set_cookie("lang", "en")
    answer = client.open(path, method=method, headers={"Accept-Language": "en"})
    html = html_module.unescape(answer.get_data(as_text=True))
    assert answer.status_code == status and f'<html lang="{lang}">' in html
    assert sentence in html
    if path.startswith("/nl/") and lang == "nl":
        assert 'class="button" href="/nl/"' in html


def test_secret_key_is_generated_per_install_and_kept(tmp_path, monkeypatch):
    import scorekeeper

    monkeypatch.setattr(scorekeeper, "ROOT", tmp_path)
    first = create_app({"DATABASE": str(tmp_path / "a.sqlite")}).config["SECRET_KEY"]
    again = create_app({"DATABASE": str(tmp_path / "a.sqlite")}).config["SECRET_KEY"]
    assert len(first) == 64 and first == again
    other = tmp_path / "other"
    other.mkdir()
    monkeypatch.setattr(scorekeeper, "ROOT", other)
    assert create_app({"DATABASE": str(other / "b.sqlite")}).config["SECRET_KEY"] != first


def test_pages_carry_their_icon(client):
    """The icon is in the page, so the browser asks the server for none (and for no
    /favicon.ico); decoded, it is static/icons/icon.svg as written."""
    html = client.get("/").get_data(as_text=True)
    match = re.search(r'<link rel="icon" type="image/svg\+xml" href="data:image/svg\+xml,([^"]+)"',
                      html)
    assert match, "no icon link"
    assert not re.search(r"[\s<>&]", match.group(1))  # nothing to escape in the attribute
    written = Path(client.application.static_folder, "icons/icon.svg").read_text()
    assert unquote(match.group(1)) == written.strip()
    assert written.startswith("<svg xmlns='http://www.w3.org/2000/svg'")


def test_a_missing_csrf_token_says_what_to_do_on_pages_and_in_json(client):
    """The CSRF handler sits with the other error handlers (scorekeeper.web.errors)."""
    page = client.post("/tournament?lang=de", data={"name1": "Ann"})
    assert page.status_code == 400 and page.mimetype == "text/html"
    assert "Das Formular ist abgelaufen" in page.get_data(as_text=True)
    api = client.post("/api/v1/games?lang=nl", json={"players": ["Ann", "Bob"]})
    assert api.status_code == 400
    assert api.get_json() == {
        "error": "Het formulier is verlopen of kwam niet van deze site. Probeer het opnieuw.",
        "code": "FormExpired", "fields": {}}
