"""Links stay on the site: echoed paths cannot name another host, the server answers only
to the names it trusts (so share links and QR codes carry only those), and its cookies
are ``SameSite=Lax`` and, behind HTTPS, ``Secure``."""

from __future__ import annotations

import re
import socket

import pytest

from scorekeeper import create_app
from scorekeeper.__main__ import server_options, trusted_hosts
from scorekeeper.web.i18n import safe_path
from tests.conftest import waitress_serving

CHECKED_TURN = "/check?r1=3&r2=20&r3=40&r4=60&card=22&card=61"


def _app(tmp_path, **config):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "home.sqlite"),
                       "SECRET_KEY": "home", **config})


def _language_links(html: str) -> list[str]:
    return re.findall(r'<a href="([^"]*)" hreflang=', html)


@pytest.mark.parametrize("path", ["/%5Cevil.example", "/%5C%5Cevil.example/x",
                                  "/%2F%2Fevil.example", "/games/%5Cevil.example"])
def test_a_404_for_a_strange_path_links_only_home(tmp_path, path):
    response = _app(tmp_path).test_client().get(path)
    assert response.status_code == 404
    links = _language_links(response.get_data(as_text=True))
    assert len(links) == 3
    for link in links:
        assert link.startswith("/") and link[1] not in "/\\" and "\\" not in link, link


def test_language_links_keep_the_page_and_its_arguments(tmp_path):
    html = _app(tmp_path).test_client().get("/rules?x=1&lang=de").get_data(as_text=True)
    assert _language_links(html) == ["/rules?x=1&amp;lang=en", "/rules?x=1&amp;lang=nl",
                                     "/rules?x=1&amp;lang=de"]


@pytest.mark.parametrize(("path", "safe"), [
    ("/\\evil.example", "/evil.example"), ("//evil.example", "/evil.example"),
    ("/\\/\\evil.example", "/evil.example"), ("/a\\b", "/a%5Cb"), ("/a b", "/a%20b"),
    ("/games/abc", "/games/abc"), ("/", "/"),
])
def test_safe_path(path, safe):
    assert safe_path(path) == safe


def test_trusted_hosts_are_the_bound_host_loopback_and_the_clubs_names():
    assert trusted_hosts("127.0.0.1", {}) == ["127.0.0.1", "localhost"]
    assert trusted_hosts("192.168.1.5", {"SCOREKEEPER_HOSTS": " Club.example,,.club.example "}) == [
        "192.168.1.5", "localhost", "127.0.0.1", "club.example", ".club.example"]
    everywhere = trusted_hosts("0.0.0.0", {})
    assert "0.0.0.0" not in everywhere and socket.gethostname().lower() in everywhere


# --- The real server, started as ``python -m scorekeeper`` starts it ---


@pytest.fixture
def served(tmp_path, monkeypatch):
    """Start the app through ``server_options`` on 127.0.0.1 with ``club.example`` added."""
    monkeypatch.setenv("SCOREKEEPER_HOSTS", "club.example")
    app = create_app({"DATABASE": str(tmp_path / "served.sqlite"), "SECRET_KEY": "served"})
    with waitress_serving(app, **server_options(app, "127.0.0.1", 0)) as running:
        yield running.effective_port


def _get(port: int, target: str, host: str) -> tuple[int, str]:
    """A raw request, so neither the path nor the Host header is tidied on the way."""
    request = f"GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(request.encode())
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), body.decode(errors="replace")


@pytest.mark.parametrize("host", ["evil.example", "evil.example:{port}", "127.0.0.2",
                                  "club.example.evil.example", "localhost.evil.example"])
def test_a_host_the_server_does_not_know_is_refused(served, host):
    status, body = _get(served, CHECKED_TURN, host.format(port=served))
    assert status == 400
    assert "evil.example" not in body


@pytest.mark.parametrize("host", ["127.0.0.1:{port}", "localhost:{port}", "club.example"])
def test_share_links_name_only_a_trusted_host(served, host):
    host = host.format(port=served)
    status, body = _get(served, CHECKED_TURN, host)
    assert status == 200
    share = re.search(r'data-share="([^"]+)"', body)
    assert share and share.group(1).startswith(f"http://{host}/check?")


@pytest.mark.parametrize("target", ["//evil.example", "/\\evil.example", "/%5Cevil.example",
                                    "///evil.example/x"])
def test_paths_that_look_like_hosts_link_only_home(served, target):
    status, body = _get(served, target, f"127.0.0.1:{served}")
    assert status == 404
    links = _language_links(body)
    assert len(links) == 3
    for link in links:
        assert link.startswith("/") and link[1] not in "/\\" and "\\" not in link, link


# --- Cookies ---


def _set_cookies(response) -> dict[str, str]:
    return {header.split("=", 1)[0]: header for header in response.headers.getlist("Set-Cookie")}


def test_cookies_are_same_site_lax_and_not_secure_over_plain_http(tmp_path, monkeypatch):
    monkeypatch.delenv("SCOREKEEPER_HTTPS", raising=False)
    cookies = _set_cookies(_app(tmp_path).test_client().get("/?lang=nl"))
    assert {"session", "lang"} <= set(cookies)
    for header in cookies.values():
        assert "SameSite=Lax" in header and "Secure" not in header, header


def test_behind_https_cookies_are_secure_and_links_https(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_HTTPS", "1")
    app = _app(tmp_path)
    cookies = _set_cookies(app.test_client().get("/?lang=de", base_url="https://localhost"))
    assert {"session", "lang"} <= set(cookies)
    for header in cookies.values():
        assert "SameSite=Lax" in header and "; Secure" in header, header
    assert server_options(app, "127.0.0.1", 0)["url_scheme"] == "https"
