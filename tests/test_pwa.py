"""The PWA endpoints: manifest, worker, offline page, hashed static URLs, CSRF token."""

from __future__ import annotations

import json
import posixpath
import re
import struct
from pathlib import Path

import pytest

from scorekeeper.web import assets, pwa

STATIC = Path(__file__).resolve().parent.parent / "static"


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", head[16:24])


def worker_list(script: str, name: str):
    match = re.search(rf"^const {name} = (.*);$", script, re.M)
    assert match, name
    return json.loads(match.group(1))


def test_manifest_makes_the_site_installable(client):
    answer = client.get("/manifest.webmanifest")
    assert answer.status_code == 200
    assert answer.mimetype == "application/manifest+json"
    assert answer.headers["Cache-Control"] == "no-cache"
    data = answer.get_json(force=True)
    assert data["name"] == data["short_name"] == "6 nimmt!"
    assert data["start_url"] == "/" and data["display"] == "standalone"
    assert data["theme_color"] == "#7a1f1f" and data["background_color"] == "#fbf8f3"
    site_css = (STATIC / "css/site.css").read_text()
    assert "--accent: #7a1f1f" in site_css and "--paper: #fbf8f3" in site_css
    purposes = {(icon["sizes"], icon["purpose"]) for icon in data["icons"]}
    assert purposes == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for icon in data["icons"]:
        path = STATIC / icon["src"].split("?")[0].removeprefix("/static/")
        width, height = png_size(path)
        assert f"{width}x{height}" == icon["sizes"]
        with client.get(icon["src"]) as fetched:
            assert fetched.status_code == 200


def test_every_page_links_the_manifest_and_the_worker_script(client):
    html = client.get("/").get_data(as_text=True)
    assert html.count('<link rel="manifest" href="/manifest.webmanifest">') == 1
    script = re.search(r'<script type="module" src="(/static/js/pwa\.js\?v=[0-9a-f]{12})"'
                       r' data-pwa data-worker="/sw\.js"', html)
    assert script


def test_worker_is_served_from_the_root_without_caching(client):
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer.mimetype == "text/javascript"
    assert answer.headers["Cache-Control"] == "no-cache"
    script = answer.get_data(as_text=True)
    assert "self.addEventListener(\"fetch\"" in script


def test_precache_holds_only_urls_that_answer_200(client):
    script = client.get("/sw.js").get_data(as_text=True)
    urls = worker_list(script, "PRECACHE")
    assert any(u.startswith("/static/css/site.css?v=") for u in urls)
    assert any(u.startswith("/static/icons/icon-512.png?v=") for u in urls)
    assert any(u.startswith("/static/js/sheet/page.js?v=") for u in urls)
    catalogs = [u for u in urls if not u.startswith("/static/")]  # pages: kept per language
    assert sorted(re.sub(r"\?v=[0-9a-f]{12}$", "", u) for u in catalogs) == sorted(
        f"/catalogs/{lang}/{name}.js" for lang in ("en", "nl", "de")
        for name in ("start", "sheet", "evening", "check", "rules", "tournament"))
    assert len(urls) == len(set(urls))
    for url in urls:
        with client.get(url) as answer:
            assert answer.status_code == 200, url
            assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable", url
    shells = json.loads(re.search(r"^const SHELLS = (.*);$", script, re.M).group(1))
    assert shells == {"start": "/", "sheet": "/games/offline", "evening": "/games/offline/evening",
                      "check": "/check", "rules": "/rules", "offline": "/offline"}
    assert worker_list(script, "PUBLIC") == ["/en/rules/", "/nl/rules/", "/de/rules/"]
    for url in [*shells.values(), *worker_list(script, "PUBLIC")]:
        for lang in ("en", "nl", "de"):
            with client.get(f"{url}?lang={lang}") as answer:
                assert answer.status_code == 200, url


def test_the_worker_keeps_pages_fetched_without_cookies_only():
    """No page a visitor's cookies shaped is kept: the worker's one way of storing a page is
    a fetch with ``credentials: "omit"``, and a network answer is never put in its cache."""
    script = (Path(__file__).resolve().parent.parent / "templates/pwa/sw.js").read_text()
    puts = re.findall(r"cache\.put\((.*?)\);", script)
    assert puts == ["key, answer", "LANGUAGE, new Response(code)", "request.url, answer.clone()"]
    keep = script[script.index("async function keep("):script.index("const shellUrl")]
    assert 'credentials: "omit"' in keep
    assert "async function asset(" in script  # the third put: a hashed static file


def test_static_urls_carry_the_hash_of_their_content(app):
    site_css = STATIC / "css/site.css"
    with app.test_request_context("/"):
        url = pwa.static_url("css/site.css")
        assert url == "/static/css/site.css?v=" + assets.file_digest(site_css)[:12]
        assert pwa.static_url("css/no-such-file.css") == "/static/css/no-such-file.css"


def test_cache_name_changes_when_a_static_file_changes(tmp_path):
    for name, text in (("css/a.css", "a { color: red }"), ("js/b.js", "export {};")):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    first = pwa.static_digest(tmp_path)
    assert pwa.static_digest(tmp_path) == first  # stable: no timestamp in it
    (tmp_path / "css/a.css").write_text("a { color: blue }")
    changed = pwa.static_digest(tmp_path)
    assert changed != first
    (tmp_path / "css/a.css").write_text("a { color: red }")
    assert pwa.static_digest(tmp_path) == first  # content, not mtime, decides
    (tmp_path / "css/c.css").write_text("")
    assert pwa.static_digest(tmp_path) not in (first, changed)


def test_worker_cache_name_follows_the_static_files_and_the_catalogs(client):
    script = client.get("/sw.js").get_data(as_text=True)
    catalogs = [u for u in worker_list(script, "PRECACHE") if u.startswith("/catalogs/")]
    expected = "scorekeeper-" + pwa.cache_version(pwa.file_digests(STATIC), catalogs)
    assert f'const CACHE = "{expected}";' in script
    assert pwa.cache_version(pwa.file_digests(STATIC)) == pwa.static_digest(STATIC)
    changed = [u.replace("?v=", "?v=0") if "/nl/sheet.js" in u else u for u in catalogs]
    assert pwa.cache_version(pwa.file_digests(STATIC), changed) != expected.split("-", 1)[1]


@pytest.mark.parametrize(("lang", "heading", "sentence"), [
    ("en", "No connection", "The placement checker answers without a connection too"),
    ("nl", "Geen verbinding", "De kaartcontrole antwoordt ook zonder verbinding"),
    ("de", "Keine Verbindung", "Der Anlegeprüfer antwortet auch ohne Verbindung"),
])
def test_offline_page_is_translated(client, lang, heading, sentence):
    answer = client.get(f"/offline?lang={lang}")
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    assert f'<html lang="{lang}">' in html
    assert f"<h1>{heading}</h1>" in html and sentence in html


def test_fresh_csrf_token_lets_a_kept_deal_through(client):
    answer = client.get("/pwa/csrf-token")
    assert answer.headers["Cache-Control"] == "no-store"
    token = answer.get_json()["csrf_token"]
    game = client.post("/api/v1/games", json={"players": ["Ann", "Bob"]},
                       headers={"X-CSRFToken": token}).get_json()
    body = {"number": 1, "bullheads": {"Ann": 4, "Bob": 0}, "client_id": "offline-1"}
    url = f"/api/v1/games/{game['id']}/deals"
    assert client.post(url, json=body).status_code == 400  # no token: refused
    assert client.post(url, json=body, headers={"X-CSRFToken": token}).status_code == 201
    again = client.post(url, json=body, headers={"X-CSRFToken": token})
    assert again.status_code == 200 and len(again.get_json()["deals"]) == 1


def test_precache_holds_every_module_the_score_sheet_imports(client):
    """Opened offline, the sheet's, the evening's and the start page's scripts import their
    modules (the game twin, the storage, the sync) from the worker's cache: each is in it."""
    cached = {url.split("?")[0] for url in
              worker_list(client.get("/sw.js").get_data(as_text=True), "PRECACHE")}
    todo, seen = ["sheet/page.js", "sheet/evening.js", "pages/game-start.js"], set()
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            assert f"/static/js/{name}" in cached, name
            text = (STATIC / "js" / name).read_text(encoding="utf-8")
            todo += [posixpath.normpath(posixpath.join(posixpath.dirname(name), target))
                     for target in re.findall(r'^(?:import|} from) .*?"(\.\.?/[\w/-]+\.js)";$',
                                              text, re.M)]
    assert {"engine/cards.js", "engine/deal.js", "engine/game-log.js", "game/record.js",
            "game/storage.js", "game/sync.js", "sheet/view.js", "game/chart.js", "game/files.js",
            "game/summary.js"} <= seen
