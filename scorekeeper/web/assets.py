"""Static files and text over the wire: versioned URLs cached for a year, gzip for text.

- Every ``url_for('static', filename=...)`` carries ``?v=<content hash>`` (a URL default),
  each file hashed once per process (:func:`static_version`), so a new release never
  mixes with files a browser kept.
- A static answer whose ``v`` is the file's current hash may be kept for a year; any other
  (no ``v``, or one of an older release) is revalidated on every use.
- ES modules import each other by relative URL (``./cards.js``), which carries no hash:
  :func:`import_map_tag` maps each module's plain URL to its versioned one, and base.html
  puts that map before any module script. It is an inline script, so each page's
  Content-Security-Policy also allows exactly its SHA-256.
- Text (HTML, CSS, JS, JSON, SVG) is gzipped when the browser accepts it; a static file is
  compressed once per version. Brotli is left out: it would need a native package.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import posixpath
import re
from pathlib import Path

from flask import Flask, Response, current_app, request, url_for
from markupsafe import Markup, escape

YEAR = 31_536_000
IMMUTABLE = f"public, max-age={YEAR}, immutable"
#: What compresses well; PDFs and PNGs are compressed already.
COMPRESSIBLE = frozenset({
    "text/html", "text/css", "text/javascript", "application/javascript", "text/plain",
    "text/csv", "application/json", "application/manifest+json", "image/svg+xml",
})
#: Below this a gzip header and the Vary cost more than they save.
MIN_SIZE = 256

_digests: dict[tuple[str, int, int], str] = {}
_compressed: dict[tuple[str, int, int], bytes] = {}
_versions: dict[tuple[str, str], str] = {}
_graphs: dict[tuple[str, str], list[str]] = {}
_maps: dict[tuple[str, str], tuple[str, str]] = {}
_scripts: dict[tuple[str, str, str], Markup] = {}
#: ``import ... from "./x.js"``, ``export ... from "./x.js"`` and ``import "./x.js"``.
_STATIC_IMPORT = re.compile(r"""(?:\bfrom|^\s*import)\s*["'](\.\.?/[^"']+)["']""", re.M)


def _key(path: Path) -> tuple[str, int, int]:
    stat = path.stat()
    return str(path), stat.st_mtime_ns, stat.st_size


def file_digest(path: Path) -> str:
    """SHA-256 of a file's contents, remembered while its size and mtime stay the same."""
    key = _key(path)
    if key not in _digests:
        _digests[key] = hashlib.sha256(path.read_bytes()).hexdigest()
    return _digests[key]


def static_version(filename: str) -> str | None:
    """The ``v`` of a static file: the start of its hash (None for a file that isn't there).

    Hashed once per process: a release restarts the server, and pages, import map and
    worker must all name the same version of a file."""
    key = (current_app.static_folder or "", filename)
    if key not in _versions:
        path = Path(key[0]) / filename
        if ".." in Path(filename).parts or Path(filename).is_absolute() or not path.is_file():
            return None
        _versions[key] = file_digest(path)[:12]
    return _versions[key]


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
    """The versioned URL of a static file (``url_for('static', ...)`` says the same)."""
    return url_for("static", filename=filename)


def _import_map() -> tuple[str, str]:
    """The import map's JSON and its CSP source, built once per process."""
    folder = Path(current_app.static_folder or "")
    key = (request.script_root, str(folder))
    if key not in _maps:
        modules = sorted(p.relative_to(folder).as_posix() for p in (folder / "js").rglob("*.js"))
        imports = {}
        for name in modules:
            versioned = static_url(name)
            imports[versioned.partition("?")[0]] = versioned
        text = json.dumps({"imports": imports}, separators=(",", ":")).replace("<", "\\u003c")
        digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
        _maps[key] = (text, f"'sha256-{digest}'")
    return _maps[key]


def import_map_json() -> str:
    """``{"imports": {plain module URL: versioned URL}}`` for every module of static/js."""
    return _import_map()[0]


def import_map_tag() -> Markup:
    """The ``<script type="importmap">`` a page puts before its first module script."""
    return Markup(f'<script type="importmap">{import_map_json()}</script>')


def import_map_source() -> str:
    """The map's CSP source, ``'sha256-...'``: the one inline script pages may run."""
    return _import_map()[1]


def module_imports(name: str) -> list[str]:
    """Every module ``name`` (a path under static/) imports, directly or not, once each."""
    folder = Path(current_app.static_folder or "")
    key = (str(folder), name)
    if key not in _graphs:
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
        _graphs[key] = sorted(found)
    return _graphs[key]


def module_script(name: str) -> Markup:
    """A page's module script, with a ``modulepreload`` for each module it imports: the
    browser fetches them all at once instead of one level of imports after another.
    Built once per process, like the versions it names."""
    key = (request.script_root, current_app.static_folder or "", name)
    if key not in _scripts:
        links = "".join(f'<link rel="modulepreload" href="{escape(static_url(dep))}">'
                        for dep in module_imports(name))
        _scripts[key] = Markup(
            f'{links}<script type="module" src="{escape(static_url(name))}"></script>')
    return _scripts[key]


def cache_headers(response: Response) -> Response:
    """A year for a static file asked for by its current hash; revalidation otherwise."""
    if request.endpoint != "static" or response.status_code not in (200, 304):
        return response
    filename = (request.view_args or {}).get("filename", "")
    current = request.args.get("v") and request.args.get("v") == static_version(filename)
    response.headers["Cache-Control"] = IMMUTABLE if current else "no-cache"
    response.headers.pop("Expires", None)
    return response


def _allow_import_map(response: Response) -> None:
    """Pages run the import map, an inline script the policy would refuse without its hash."""
    policy = response.headers.get("Content-Security-Policy")
    if response.mimetype == "text/html" and policy and "script-src 'self'" in policy:
        response.headers["Content-Security-Policy"] = policy.replace(
            "script-src 'self'", f"script-src 'self' {import_map_source()}", 1)


def _accepts_gzip() -> bool:
    return request.accept_encodings["gzip"] > 0


def _static_gzip(response: Response) -> bytes:
    """A static file's gzip, made once per version; the open file answer is closed."""
    path = Path(current_app.static_folder or "") / request.view_args["filename"]  # type: ignore[index]
    key = _key(path)
    if key not in _compressed:
        _compressed[key] = gzip.compress(path.read_bytes(), compresslevel=9, mtime=0)
    if hasattr(response.response, "close"):
        response.response.close()
    return _compressed[key]


def compress(response: Response) -> Response:
    """Gzip a text answer for a browser that accepts it; leave everything else alone."""
    _allow_import_map(response)
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
    app.add_template_global(module_script, "module_script")
