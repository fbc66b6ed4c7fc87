"""Static files and text over the wire: versioned URLs cached for a year, gzip for text.

- Every ``url_for('static', filename=...)`` carries ``?v=<content hash>`` (a URL default).
  The static folder is hashed once per process (:func:`static_version`), so a new release
  never mixes with files a browser kept, and pages, import map and worker name the same
  version of a file.
- A static answer whose ``v`` is the file's current hash may be kept for a year; any other
  (no ``v``, or one of an older release) is revalidated on every use.
- ES modules import each other by relative URL (``./cards.js``), which carries no hash:
  :func:`import_map_tag` maps each module's plain URL to its versioned one, and base.html
  puts that map before any module script. It is an inline script, so the page's
  Content-Security-Policy also allows exactly its SHA-256.
- Text (HTML, CSS, JS, JSON, SVG) is gzipped when the browser accepts it; a static file is
  compressed once per version. Brotli is left out: it would need a native package.

What is kept between requests (through :func:`.kept.kept`) depends on files only: the
static folder's hashes, versions and quoted paths, a file's gzip, a stylesheet made
compact, the modules a module imports. URLs are made per request, under the prefix the
request came in on.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import posixpath
import re
from pathlib import Path
from urllib.parse import quote

from flask import Flask, Response, current_app, g, request, url_for
from markupsafe import Markup, escape

from .kept import kept

YEAR = 31_536_000
IMMUTABLE = f"public, max-age={YEAR}, immutable"
#: What compresses well; PDFs and PNGs are compressed already.
COMPRESSIBLE = frozenset({
    "text/html", "text/css", "text/javascript", "application/javascript", "text/plain",
    "text/csv", "application/json", "application/manifest+json", "image/svg+xml",
})
#: Below this a gzip header and the Vary cost more than they save.
MIN_SIZE = 256
#: A CSS string, a comment, a run of white space, a run of other characters or any one
#: character: what :func:`compact_css` walks through.
_CSS_TOKEN = re.compile(
    r""""(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|/\*.*?\*/|\s+|[^"'/\s{};,]+|.""", re.S)
#: Where white space next to a character says nothing (``a, b``, ``{ x: 1; }``).
_CSS_TIGHT = frozenset("{};,")
#: How a page asks for its scripts: after what it shows (:func:`module_script`).
LOW = 'fetchpriority="low"'
#: ``import ... from "./x.js"``, ``export ... from "./x.js"`` and ``import "./x.js"``.
_STATIC_IMPORT = re.compile(r"""(?:\bfrom|^\s*import)\s*["'](\.\.?/[^"']+)["']""", re.M)


def file_digest(path: Path) -> str:
    """SHA-256 of a file's contents."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def static_files(folder: Path, subfolders: tuple[str, ...] | None = None) -> list[Path]:
    """The files under ``folder`` (or only its ``subfolders``), sorted, hidden ones skipped."""
    roots = [folder / name for name in subfolders] if subfolders else [folder]
    files = [p for root in roots if root.is_dir() for p in root.rglob("*") if p.is_file()]
    visible = [p for p in files if not any(part.startswith(".") for part in
                                           p.relative_to(folder).parts)]
    return sorted(visible)


def file_digests(folder: Path) -> dict[str, str]:
    """Each file of ``folder`` (its path inside, with ``/``) and the SHA-256 of its contents."""
    return {p.relative_to(folder).as_posix(): file_digest(p) for p in static_files(folder)}


def static_digests(folder: str | None = None) -> dict[str, str]:
    """:func:`file_digests` of the app's static folder (or ``folder``), read once per
    process: a release restarts the server."""
    if folder is None:
        folder = current_app.static_folder or ""
    return kept("static digests", lambda: file_digests(Path(folder)), static_folder=folder)


def static_version(filename: str) -> str | None:
    """The ``v`` of a static file: the start of its hash (None for a file that isn't there)."""
    found = _static_paths().get(filename)
    return None if found is None else found[1]


def add_version(endpoint: str, values: dict) -> None:
    """URL default: ``url_for('static', filename=...)`` adds ``v`` unless one is given.

    Not while ``make site`` freezes the rules: that folder is read from the disk or any
    static host, whose files keep their plain names and whose caching is the host's."""
    if current_app.config.get("RULES_FREEZING"):
        return
    if endpoint == "static" and "v" not in values and isinstance(values.get("filename"), str):
        version = static_version(values["filename"])
        if version:
            values["v"] = version


def static_url(filename: str) -> str:
    """The versioned URL of a static file: what ``url_for('static', ...)`` says, made
    without it for a file that is there (:func:`_static_urls`)."""
    if filename not in _static_paths():
        return url_for("static", filename=filename)
    return _static_urls([filename])[0][1]


def _static_paths() -> dict[str, tuple[str, str]]:
    """Each file of the static folder: its path as a URL writes it (quoted as ``url_for``
    quotes it) and its version, once per process like the hashes they come from."""
    folder = current_app.static_folder or ""
    return kept("static paths", lambda: {
        name: (quote(name, safe="!$&'()*+,/:;=@"), digest[:12])
        for name, digest in static_digests().items()}, static_folder=folder)


def _static_urls(names: list[str]) -> list[tuple[str, str]]:
    """Each static file of ``names`` (each one there): its plain URL and its versioned one,
    as ``url_for('static', ...)`` makes them for the request's prefix. Made here because a
    page names every module, and ``url_for`` for each was a third of its cost."""
    base = request.script_root + (current_app.static_url_path or "") + "/"
    freezing = current_app.config.get("RULES_FREEZING")
    urls = []
    for path, version in map(_static_paths().__getitem__, names):
        plain = base + path
        urls.append((plain, plain if freezing else f"{plain}?v={version}"))
    return urls


def import_map_json() -> str:
    """``{"imports": {plain module URL: versioned URL}}`` for every module of static/js."""
    modules = [name for name in static_digests() if name.startswith("js/") and name.endswith(".js")]
    imports = dict(_static_urls(modules))
    return json.dumps({"imports": imports}, separators=(",", ":")).replace("<", "\\u003c")


def import_map_tag() -> Markup:
    """The ``<script type="importmap">`` a page puts before its first module script; the
    page's Content-Security-Policy then allows this one inline script by its hash."""
    text = import_map_json()
    digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
    g.import_map_source = f"'sha256-{digest}'"
    return Markup(f'<script type="importmap">{text}</script>')


def compact_css(text: str) -> str:
    """``text`` without its comments and the white space that says nothing, strings kept
    as written: the stylesheets explain themselves at length, and every page carries
    them (a fifth of them is comment and indent; the score sheet's page is 2 kB smaller
    gzipped, and the phone has less to read before its first paint)."""
    kept: list[str] = []
    for token in _CSS_TOKEN.findall(text):
        if token.startswith("/*"):
            continue
        if token.isspace():
            if kept and kept[-1] not in _CSS_TIGHT and kept[-1] != " ":
                kept.append(" ")
            continue
        if token in _CSS_TIGHT and kept and kept[-1] == " ":
            kept.pop()
        if token == "}" and kept and kept[-1] == ";":
            kept.pop()
        kept.append(token)
    return "".join(kept).strip()


def inline_style(filename: str) -> Markup:
    """A stylesheet of static/ written into the page, so its first paint waits for no
    other request (on a slow phone network a stylesheet costs a round trip before
    anything shows); the page's Content-Security-Policy allows it by its hash. It is
    written compact (:func:`compact_css`), made once per state of the file (its path, time
    and size)."""
    text, digest = _compact_style(Path(current_app.static_folder or "") / filename)
    g.setdefault("style_sources", []).append(f"'sha256-{digest}'")
    return Markup(f"<style>{text}</style>")


def _compact_style(path: Path) -> tuple[str, str]:
    """:func:`compact_css` of a stylesheet and the base64 of its SHA-256."""
    def build() -> tuple[str, str]:
        text = compact_css(path.read_text(encoding="utf-8"))
        if "</" in text:  # would end the element early
            raise ValueError(f"{path.name} cannot be written into a <style> element")
        return text, base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()

    stat = path.stat()
    return kept("compact style", build, path=str(path), mtime_ns=stat.st_mtime_ns,
                size=stat.st_size)


def inline_icon(filename: str) -> Markup:
    """An SVG of static/ as a ``data:`` address, for the page's icon: the browser draws
    it from the page itself. As a file, the icon was one more request on every first
    visit, the browser's own, made as the page finished loading; on a small page that
    was before its first paint, and Lighthouse then waited for it as for the page's
    own. Percent-encoded but for ``=:/,'``, so it goes into a double-quoted attribute
    as it is. Made once per state of the file (its path, time and size)."""
    path = Path(current_app.static_folder or "") / filename

    def build() -> Markup:
        text = path.read_text(encoding="utf-8").strip()
        return Markup("data:image/svg+xml," + quote(text, safe="=:/,'"))

    stat = path.stat()
    return kept("inline icon", build, path=str(path), mtime_ns=stat.st_mtime_ns,
                size=stat.st_size)


def _module_graph(folder: Path, name: str) -> list[str]:
    """Every module ``name`` (a path under ``folder``) imports, directly or not, once each."""
    found: dict[str, None] = {}
    todo = [name]
    while todo:
        current = todo.pop()
        source = (folder / current).read_text(encoding="utf-8")
        for spec in _STATIC_IMPORT.findall(source):
            target = posixpath.normpath(posixpath.join(posixpath.dirname(current), spec))
            if target not in found and target != name:
                found[target] = None
                todo.append(target)
    return sorted(found)


def module_imports(name: str) -> list[str]:
    """:func:`_module_graph` of a module of the static folder, read once per process."""
    folder = current_app.static_folder or ""
    return kept("module imports", lambda: _module_graph(Path(folder), name),
                static_folder=folder, module=name)


def module_preloads(name: str) -> Markup:
    """A ``modulepreload`` link for each module ``name`` imports, directly or not, that the
    page has not named yet: the browser fetches them all at once instead of one level of
    imports after another.

    All at low priority: the server drew the page, and its scripts only add to it, so
    nothing of the first paint waits for them (a module is otherwise fetched at high
    priority, and Lighthouse counts a script fetched so as holding the first paint)."""
    preloaded = g.setdefault("preloaded_modules", set())
    fresh = [url for _, url in _static_urls(module_imports(name)) if url not in preloaded]
    preloaded.update(fresh)
    return Markup("".join(f'<link rel="modulepreload" href="{escape(url)}" {LOW}>'
                          for url in fresh))


def module_script(name: str) -> Markup:
    """A page's module script at low priority, after :func:`module_preloads` of it."""
    ((_, script),) = _static_urls([name])
    return module_preloads(name) + Markup(
        f'<script type="module" src="{escape(script)}" {LOW}></script>')


def cache_headers(response: Response) -> Response:
    """A year for a static file asked for by its current hash; revalidation otherwise."""
    if request.endpoint != "static" or response.status_code not in (200, 304):
        return response
    filename = (request.view_args or {}).get("filename", "")
    current = request.args.get("v") and request.args.get("v") == static_version(filename)
    response.headers["Cache-Control"] = IMMUTABLE if current else "no-cache"
    response.headers.pop("Expires", None)
    return response


def _allow_inline_parts(response: Response) -> None:
    """A page that carries the import map runs it, and its inline styles apply: the
    policy would refuse them without their hashes."""
    policy = response.headers.get("Content-Security-Policy")
    source = g.get("import_map_source")
    if source and response.mimetype == "text/html" and policy and "script-src 'self'" in policy:
        response.headers["Content-Security-Policy"] = policy = policy.replace(
            "script-src 'self'", f"script-src 'self' {source}", 1)
    styles = " ".join(dict.fromkeys(g.get("style_sources", [])))
    if styles and response.mimetype == "text/html" and policy and "style-src 'self'" in policy:
        response.headers["Content-Security-Policy"] = policy.replace(
            "style-src 'self'", f"style-src 'self' {styles}", 1)


def _accepts_gzip() -> bool:
    return request.accept_encodings["gzip"] > 0


def _static_gzip(response: Response) -> bytes:
    """A static file's gzip, made once per state of the file (its path, time and size);
    the open file answer is closed."""
    path = Path(current_app.static_folder or "") / request.view_args["filename"]  # type: ignore[index]
    stat = path.stat()
    body = kept("static gzip", lambda: gzip.compress(path.read_bytes(), compresslevel=9, mtime=0),
                path=str(path), mtime_ns=stat.st_mtime_ns, size=stat.st_size)
    if hasattr(response.response, "close"):
        response.response.close()
    return body


def compress(response: Response) -> Response:
    """Gzip a text answer for a browser that accepts it; leave everything else alone."""
    _allow_inline_parts(response)
    if response.mimetype not in COMPRESSIBLE or response.status_code in (204, 206, 304):
        return response
    response.vary.add("Accept-Encoding")
    if "Content-Encoding" in response.headers or not _accepts_gzip():
        return response
    if request.endpoint == "static" and response.direct_passthrough:
        if (response.content_length or 0) < MIN_SIZE:
            return response
        body = _static_gzip(response)
    elif response.is_streamed:
        return response
    else:
        data = response.get_data()
        if len(data) < MIN_SIZE:
            return response
        body = gzip.compress(data, compresslevel=6, mtime=0)
    response.direct_passthrough = False
    response.set_data(body)
    response.headers["Content-Encoding"] = "gzip"
    response.headers.pop("Accept-Ranges", None)
    etag, weak = response.get_etag()
    if etag and not weak:  # the same content, another representation
        response.set_etag(etag, weak=True)
    return response


def init_app(app: Flask) -> None:
    app.url_defaults(add_version)
    app.after_request(cache_headers)
    # First in the list, so it runs last: every other hook has set its headers by then.
    app.after_request_funcs.setdefault(None, []).insert(0, compress)
    app.add_template_global(static_url, "static_url")
    app.add_template_global(import_map_tag, "import_map")
    app.add_template_global(module_preloads, "module_preloads")
    app.add_template_global(inline_style, "inline_style")
    app.add_template_global(inline_icon, "inline_icon")
    app.add_template_global(module_script, "module_script")
