"""The factory, the health check, the language choice and the security headers."""

from __future__ import annotations

import sqlite3

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


def test_pages_name_an_icon_that_exists(client):
    import re

    html = client.get("/").get_data(as_text=True)
    match = re.search(r'<link rel="icon" type="image/png" sizes="192x192" href="([^"]+)"', html)
    assert match, "no icon link"
    with client.get(match.group(1)) as response:  # closes the file it streams
        assert response.status_code == 200 and response.mimetype == "image/png"


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
