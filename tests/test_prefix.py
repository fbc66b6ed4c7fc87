"""A club serves the site under a prefix (``SCRIPT_NAME=/club``, set by its reverse proxy):
every page, the manifest and the service worker name URLs under that prefix, whatever
was asked without the prefix before.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

import pytest
from flask import url_for

from scorekeeper.web import assets
from tests.conftest import read_csrf_token

PREFIX = "/club"
UNDER = f"http://localhost{PREFIX}/"
PAGES = ("/", "/games", "/games/stats", "/games/import", "/games/offline", "/check",
         "/check?row=1&row=2&row=3&row=4&player=Ann&card=5", "/rules", "/tournament",
         "/events", "/offline", "/nothing-here")
#: Every attribute that holds a URL of the site, and the JSON strings of the worker.
URL_ATTRIBUTE = re.compile(r'\b(?:href|src|action|data-[a-z-]+)="(/[^"]*)"')
ABSOLUTE = re.compile(r'"(https?://localhost[^"]*)"')


def prefixed(client, path: str, **kwargs):
    return client.get(path, base_url=UNDER, **kwargs)


@pytest.fixture
def game(client) -> str:
    answer = client.post("/api/v1/games", json={"players": ["Ann", "Bob"]}, base_url=UNDER,
                         headers={"X-CSRFToken": read_csrf_token(client)})
    assert answer.status_code == 201
    return answer.get_json()["id"]


def outside(html: str) -> list[str]:
    urls = URL_ATTRIBUTE.findall(html)
    assert urls, "no links found"
    return ([url for url in urls if not url.startswith(f"{PREFIX}/")]
            + [url for url in ABSOLUTE.findall(html) if not url.startswith(UNDER)])


def import_map(html: str) -> str:
    found = re.search(r'<script type="importmap">(.*?)</script>', html)
    assert found, "no import map"
    return found.group(1)


@pytest.mark.parametrize("path", PAGES)
def test_a_page_links_under_the_prefix_after_a_visit_without_it(client, path):
    plain = client.get(path).get_data(as_text=True)  # first without the prefix
    assert 'src="/static/js/pwa.js?v=' in plain
    answer = prefixed(client, path)
    html = answer.get_data(as_text=True)
    assert outside(html) == []
    assert f'rel="manifest" href="{PREFIX}/manifest.webmanifest"' in html
    assert f'data-worker="{PREFIX}/sw.js"' in html
    assert f'data-checker="{PREFIX}/check"' in html
    assert f'<a class="brand" href="{PREFIX}/">' in html
    mapped = json.loads(import_map(html))["imports"]
    assert f"{PREFIX}/static/js/engine/cards.js" in mapped
    assert all(k.startswith(f"{PREFIX}/static/js/") and v.startswith(f"{k}?v=")
               for k, v in mapped.items())
    # The page runs its own import map, the one the policy allows by its hash.
    digest = base64.b64encode(hashlib.sha256(import_map(html).encode()).digest()).decode()
    assert f"'sha256-{digest}'" in answer.headers["Content-Security-Policy"]


def test_the_rules_in_a_language_of_their_own_link_under_the_prefix(client):
    client.get("/nl/rules/")
    html = prefixed(client, "/nl/rules/").get_data(as_text=True)
    assert outside(html) == []
    assert f'src="{PREFIX}/static/js/pages/rules.js?v=' in html


def test_a_games_pages_link_under_the_prefix(client, game):
    for path in (f"/games/{game}", f"/games/{game}/history", f"/games/{game}/delete",
                 "/games", "/"):
        client.get(path)
        html = prefixed(client, path).get_data(as_text=True)
        assert outside(html) == [], path
        assert f'href="{PREFIX}/games/{game}"' in html or path != "/games"


def test_the_start_form_sends_its_game_under_the_prefix(client):
    token = read_csrf_token(client)
    answer = client.post("/", base_url=UNDER, data={
        "csrf_token": token, "players-0": "Ann", "players-1": "Bob", "end": "threshold",
        "threshold": "66", "variant": "basic", "rows": "4", "takes_at": "6", "hand_size": "10"})
    assert answer.status_code == 302
    assert re.fullmatch(rf"{PREFIX}/games/[0-9a-f]{{20}}", answer.headers["Location"])


@pytest.mark.parametrize("freezing", [False, True])
@pytest.mark.parametrize("base", ["http://localhost/", UNDER])
def test_static_url_says_what_url_for_says(app, base, freezing):
    """``static_url`` makes a static file's URL without ``url_for``, so it must be the very
    URL ``url_for`` makes: with or without a prefix, frozen for ``make site`` or not."""
    app.config["RULES_FREEZING"] = freezing
    names = [p.relative_to(app.static_folder).as_posix()
             for p in assets.static_files(Path(app.static_folder))]
    with app.test_request_context("/", base_url=base):
        assert len(names) > 30
        for name in [*names, "css/no-such-file.css", "a b/c#d.css"]:
            assert assets.static_url(name) == url_for("static", filename=name), name


@pytest.mark.parametrize("base", ["http://localhost/", UNDER])
def test_the_import_map_says_what_url_for_says(app, base):
    """The map's URLs are made without ``url_for`` (a page names every module), so they
    must be the very URLs it makes."""
    with app.test_request_context("/", base_url=base):
        mapped = json.loads(assets.import_map_json())["imports"]
        assert len(mapped) > 20
        for plain, versioned in mapped.items():
            name = plain.partition("/static/")[2]
            assert versioned == url_for("static", filename=name)
            assert plain == url_for("static", filename=name, v=None)


def test_the_manifest_is_the_prefixed_sites(client):
    client.get("/manifest.webmanifest")
    manifest = prefixed(client, "/manifest.webmanifest").get_json()
    assert manifest["id"] == manifest["scope"] == manifest["start_url"] == f"{PREFIX}/"
    assert all(icon["src"].startswith(f"{PREFIX}/static/icons/") for icon in manifest["icons"])
    assert client.get("/manifest.webmanifest").get_json()["scope"] == "/"


def worker_value(script: str, name: str):
    found = re.search(rf"^const {name} = (.*);", script, re.M)
    assert found, name
    return json.loads(found.group(1).split(";")[0])


def test_the_worker_keeps_the_prefixed_sites_urls(client):
    plain = client.get("/sw.js").get_data(as_text=True)
    script = prefixed(client, "/sw.js").get_data(as_text=True)
    for name in ("PRECACHE", "PUBLIC"):
        urls = worker_value(script, name)
        assert urls and all(url.startswith(f"{PREFIX}/") for url in urls), name
    assert worker_value(script, "SHELLS") == {
        "start": f"{PREFIX}/", "sheet": f"{PREFIX}/games/offline",
        "evening": f"{PREFIX}/games/offline/evening", "check": f"{PREFIX}/check",
        "rules": f"{PREFIX}/rules", "offline": f"{PREFIX}/offline"}
    assert worker_value(script, "STATIC") == f"{PREFIX}/static/"
    assert worker_value(script, "GAMES") == f"{PREFIX}/games"
    assert worker_value(script, "LANGUAGE") == f"{PREFIX}/sw/language"
    assert worker_value(script, "ROOT") == f"{PREFIX}/"  # {PREFIX}/nl/: the start in Dutch
    # Its caches are its own: the site at the root of the same host keeps its own too.
    family = worker_value(script, "FAMILY")
    assert family == f"scorekeeper{PREFIX}-" and worker_value(script, "CACHE").startswith(family)
    assert worker_value(plain, "FAMILY") == "scorekeeper-"
    assert not worker_value(script, "CACHE").startswith(worker_value(plain, "FAMILY"))
    constants = "\n".join(line for line in script.splitlines() if line.startswith("const "))
    paths = re.findall(r'"(/[^"]*)"', constants)
    assert paths and all(path.startswith(f"{PREFIX}/") for path in paths), paths
