"""What goes over the wire: gzip for text, versioned static URLs kept a year, descriptions."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import re
from pathlib import Path

import pytest

from scorekeeper.web import assets

STATIC = Path(__file__).resolve().parent.parent / "static"
GZIP = {"Accept-Encoding": "gzip, deflate, br"}
PAGES = ("/", "/check", "/rules", "/tournament", "/games", "/games/stats", "/offline",
         "/games/offline", "/games/import", "/seasons")
STATIC_LINK = re.compile(r'(?:href|src)="(/static/[^"]+)"')
IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*\(?\s*["'](\.[^"']+)["']""")
#: Imports the module cannot run without: not ``import("./x.js")``, asked for when needed.
STATIC_IMPORT = re.compile(r"""(?:\bfrom|^\s*import)\s*["'](\.[^"']+)["']""", re.M)


def same_page(one: bytes, other: bytes) -> bool:
    """Equal but for the CSRF tokens, which are signed afresh with each page."""
    token = re.compile(rb'(csrf[-_]token"[^>]*(?:content|value)=")[^"]+')
    return token.sub(rb"\1", one) == token.sub(rb"\1", other)


def start_game(client, csrf_headers) -> str:
    answer = client.post("/api/v1/games", json={"players": ["Ann", "Bob"]},
                         headers=csrf_headers)
    return answer.get_json()["id"]


@pytest.fixture
def pages(client, csrf_headers):
    return (*PAGES, f"/games/{start_game(client, csrf_headers)}")


def test_pages_are_gzipped_for_a_browser_that_accepts_it(client, pages):
    for path in pages:
        plain = client.get(path)
        packed = client.get(path, headers=GZIP)
        assert plain.status_code == packed.status_code == 200, path
        assert "Content-Encoding" not in plain.headers
        assert packed.headers["Content-Encoding"] == "gzip", path
        assert "Accept-Encoding" in packed.headers["Vary"]
        assert int(packed.headers["Content-Length"]) == len(packed.data)
        assert same_page(gzip.decompress(packed.data), plain.data), path
        assert len(packed.data) < len(plain.data) / 2, path


@pytest.mark.parametrize("accept", ["identity", "gzip;q=0", "br", "deflate"])
def test_no_gzip_unless_the_browser_accepts_it(client, accept):
    answer = client.get("/rules", headers={"Accept-Encoding": accept})
    assert "Content-Encoding" not in answer.headers
    assert answer.data.startswith(b"<!doctype html>")
    assert "Accept-Encoding" in answer.headers["Vary"]


@pytest.mark.parametrize("name", ["css/site.css", "js/check/page.js", "js/engine/placement.js"])
def test_static_text_is_gzipped_once_and_keeps_revalidating(client, name):
    url = assets_url(client, name)
    with client.get(url, headers=GZIP) as answer:
        assert answer.status_code == 200
        assert answer.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(answer.data) == (STATIC / name).read_bytes()
        assert "Accept-Ranges" not in answer.headers
        etag = answer.headers["ETag"]
    assert etag.startswith('W/"')  # another representation of the same file
    with client.get(url, headers={**GZIP, "If-None-Match": etag}) as again:
        assert again.status_code == 304 and again.data == b""


def test_json_and_the_worker_are_gzipped(client, csrf_headers):
    game = start_game(client, csrf_headers)
    for path in (f"/api/v1/games/{game}", "/sw.js", "/manifest.webmanifest"):
        answer = client.get(path, headers=GZIP)
        assert answer.headers["Content-Encoding"] == "gzip", path
        json_or_js = gzip.decompress(answer.data)
        assert json_or_js == client.get(path).data, path


def test_compressed_formats_and_ranges_are_left_alone(client):
    pdf = client.get("/tournament/sheet.pdf", headers=GZIP)
    assert pdf.mimetype == "application/pdf" and pdf.data.startswith(b"%PDF")
    assert "Content-Encoding" not in pdf.headers
    with client.get(assets_url(client, "icons/icon-512.png"), headers=GZIP) as png:
        assert "Content-Encoding" not in png.headers and png.data[:4] == b"\x89PNG"
    url = assets_url(client, "css/site.css")
    with client.get(url, headers={**GZIP, "Range": "bytes=0-9"}) as part:
        assert part.status_code == 206 and "Content-Encoding" not in part.headers
        assert part.data == (STATIC / "css/site.css").read_bytes()[:10]


def assets_url(client, name: str) -> str:
    with client.application.test_request_context("/"):
        return assets.static_url(name)


def test_every_static_url_of_every_page_is_versioned_and_kept_a_year(client, pages):
    seen = set()
    for path in pages:
        html = client.get(path).get_data(as_text=True)
        seen.update(STATIC_LINK.findall(html))
        seen.update(json.loads(import_map(html))["imports"].values())
    assert len(seen) > 30
    for url in sorted(seen):
        name, _, version = url.removeprefix("/static/").partition("?v=")
        assert version == assets.file_digest(STATIC / name)[:12], url
        with client.get(url) as answer:
            assert answer.status_code == 200, url
            assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable"
            assert "Expires" not in answer.headers


@pytest.mark.parametrize("query", ["", "?v=000000000000", "?v="])
def test_a_static_url_without_the_current_version_is_revalidated(client, query):
    with client.get("/static/css/site.css" + query) as answer:
        assert answer.status_code == 200
        assert answer.headers["Cache-Control"] == "no-cache"
        etag = answer.headers["ETag"]
    with client.get("/static/css/site.css" + query, headers={"If-None-Match": etag}) as again:
        assert again.status_code == 304


def test_url_for_static_adds_the_version(app):
    from flask import url_for

    with app.test_request_context("/"):
        digest = assets.file_digest(STATIC / "js/engine/cards.js")[:12]
        cards = "js/engine/cards.js"
        assert url_for("static", filename=cards) == f"/static/{cards}?v={digest}"
        assert url_for("static", filename=cards, v="x") == f"/static/{cards}?v=x"
        assert url_for("static", filename="nothing.js") == "/static/nothing.js"
        assert url_for("static", filename="../pyproject.toml") == "/static/../pyproject.toml"


def import_map(html: str) -> str:
    match = re.search(r'<script type="importmap">(.*?)</script>', html)
    assert match, "no import map"
    return match.group(1)


def test_import_map_versions_every_relative_import_before_any_module(client):
    html = client.get("/check").get_data(as_text=True)
    mapped = json.loads(import_map(html))["imports"]
    assert html.index('type="importmap"') < html.index('type="module"')
    for module in sorted((STATIC / "js").rglob("*.js")):
        name = module.relative_to(STATIC).as_posix()
        assert mapped[f"/static/{name}"].startswith(f"/static/{name}?v="), name
        for spec in IMPORT.findall(module.read_text()):
            target = (module.parent / spec).resolve().relative_to(STATIC).as_posix()
            assert f"/static/{target}" in mapped, (name, spec)


def test_the_policy_allows_the_import_map_and_no_other_inline_script(client):
    answer = client.get("/check")
    source = import_map(answer.get_data(as_text=True))
    digest = base64.b64encode(hashlib.sha256(source.encode()).digest()).decode()
    policy = answer.headers["Content-Security-Policy"]
    script_src = re.search(r"script-src ([^;]+)", policy).group(1).split()
    assert script_src == ["'self'", f"'sha256-{digest}'"]
    assert "unsafe-inline" not in policy


def compact(name: str) -> str:
    return assets.compact_css((STATIC / "css" / name).read_text())


def test_every_page_carries_its_stylesheets_and_the_policy_allows_exactly_them(client, pages):
    """A page's first paint waits for no stylesheet request: each is written into it,
    compact, and allowed by its hash; no other inline style is."""
    for path in pages:
        answer = client.get(path)
        html = answer.get_data(as_text=True)
        assert 'rel="stylesheet"' not in html, path
        styles = re.findall(r"<style>(.*?)</style>", html, re.S)
        assert compact("site.css") in styles, path
        digests = {"'sha256-" + base64.b64encode(hashlib.sha256(style.encode()).digest())
                   .decode() + "'" for style in styles}
        policy = answer.headers["Content-Security-Policy"]
        style_src = re.search(r"style-src ([^;]+)", policy).group(1).split()
        assert style_src[0] == "'self'" and set(style_src[1:]) == digests, path
        assert "unsafe-inline" not in policy
    sheet = client.get(pages[-1])  # a game's sheet
    for name in ("games.css", "pwa.css", "evening.css"):
        assert compact(name) in sheet.get_data(as_text=True), name


def test_a_compact_stylesheet_drops_comments_and_idle_spaces_and_keeps_strings():
    written = """/* the page */
a ,  b  {  color : red ;
  content: "x  /* not a comment */ y" ; }
.x:has(input[name='rows']) > .y { margin: 0 auto; }
@media (max-width: 30em) {
  .z { grid-template-areas: "a  b"; }
}
"""
    assert assets.compact_css(written) == (
        'a,b{color : red;content: "x  /* not a comment */ y"}'
        ".x:has(input[name='rows']) > .y{margin: 0 auto}"
        '@media (max-width: 30em){.z{grid-template-areas: "a  b"}}')


def test_every_stylesheet_compacts_to_its_own_rules_and_much_smaller():
    """Compacting removes comments, spaces and a last semicolon, nothing else: each file,
    its comments left out, reads the same with every space removed; a tenth goes."""
    for path in sorted((STATIC / "css").glob("*.css")):
        written = path.read_text()
        compacted = assets.compact_css(written)
        uncommented = re.sub(r"/\*.*?\*/", "", written, flags=re.S)
        assert "/*" not in compacted and "\n" not in compacted, path.name
        bare = re.sub(r"\s+", "", uncommented).replace(";}", "}")
        assert re.sub(r"\s+", "", compacted) == bare, path.name
        assert len(compacted) < 0.9 * len(written), path.name


def test_every_script_of_a_page_is_fetched_after_what_it_shows(client, pages):
    """The server draws each page; its scripts add to it. Fetched at low priority, no
    module keeps the first paint waiting (a module script is otherwise fetched at high
    priority, as what the first paint needs is)."""
    for path in (*pages, "/rules", "/nl/rules/", "/events"):
        html = client.get(path).get_data(as_text=True)
        tags = re.findall(r'<script type="module"[^>]*>|<link rel="modulepreload"[^>]*>', html)
        assert tags, path
        for tag in tags:
            assert tag.endswith(' fetchpriority="low">'), (path, tag)


def description(html: str) -> str:
    match = re.search(r'<meta name="description" content="([^"]*)">', html)
    assert match, "no meta description"
    return match.group(1)


def test_every_page_has_its_own_description(client, pages):
    seen = {}
    for path in pages:
        text = description(client.get(path).get_data(as_text=True))
        assert 40 <= len(text) <= 160, (path, text)
        seen.setdefault(text, path)
    assert len(seen) == len(pages), seen


@pytest.mark.parametrize(("lang", "words"), [("nl", "runderkoppen"), ("de", "Hornochsen")])
def test_descriptions_are_translated(client, lang, words):
    html = client.get(f"/check?lang={lang}").get_data(as_text=True)
    assert words in description(html)


def imported_by(module: Path, imports: re.Pattern[str] = IMPORT) -> set[Path]:
    """What ``module`` imports, directly or not (read here, apart from the app's reading)."""
    found: set[Path] = set()
    todo = [module]
    while todo:
        current = todo.pop()
        for spec in imports.findall(current.read_text()):
            target = (current.parent / spec).resolve()
            if target not in found:
                found.add(target)
                todo.append(target)
    return found


@pytest.mark.parametrize(("path", "entry"), [("/check", "js/check/page.js"),
                                             ("/", "js/pages/game-start.js"),
                                             ("/rules", "js/pages/rules.js")])
def test_a_page_fetches_its_whole_module_graph_at_once(client, path, entry):
    """The page's own script's imports and those of the script every page runs (pwa.js,
    whose sync is imported only on a phone that keeps games), all preloaded at low
    priority: a module imported without one is fetched at high priority once its importer
    has run, and Lighthouse may count it as holding the first paint (the rules page's
    first paint moved by 0.15 s with it)."""
    html = client.get(path).get_data(as_text=True)
    preloaded = re.findall(
        r'<link rel="modulepreload" href="(/static/[^"?]+)\?v=\w{12}" fetchpriority="low">', html)
    graph = imported_by(STATIC / entry) | imported_by(STATIC / "js/pwa.js", STATIC_IMPORT)
    expected = {f"/static/{p.relative_to(STATIC).as_posix()}" for p in graph}
    assert "/static/js/game/database.js" in expected  # pwa.js's
    assert len(expected) > 3 and set(preloaded) == expected
    assert len(preloaded) == len(expected)
    assert html.index('type="importmap"') < html.index('rel="modulepreload"')


def test_a_page_preloads_each_module_once(client, pages):
    """Scripts of one page share modules (the sheet's and its hand-over box's both import
    the catalog): each is named once."""
    for path in pages:
        html = client.get(path).get_data(as_text=True)
        preloaded = re.findall(r'<link rel="modulepreload" href="([^"]+)"', html)
        assert len(preloaded) == len(set(preloaded)), path
    shell = client.get("/games/offline").get_data(as_text=True)
    assert shell.count('rel="modulepreload"') >= len(imported_by(STATIC / "js/sheet/page.js"))
