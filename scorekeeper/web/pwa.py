"""The installable, offline-capable site: manifest, service worker, offline page, CSRF token.

``/sw.js`` is rendered from a template so its precache list comes from ``url_for`` and its
cache name from a hash of the static files' and the pages' catalogs' contents: a release
that changes any static file or sentence gets a new cache. Static URLs carry the file's
own hash (:mod:`.assets`), so a page of one release never runs with the scripts or styles
of another.

The worker keeps only what is no one's in particular: the app shell (static files) and
public pages, each fetched without cookies, once per language. A page that shows a
device's own games (the start page's list, a score sheet, the statistics) is never kept:
the server marks those private, and the worker stores its own cookie-less copy of the
start page and the empty shells of the sheet and the evening, which the phone fills from
the games it keeps itself (IndexedDB).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path

from flask import Blueprint, Response, current_app, jsonify, render_template, request, url_for
from flask_wtf.csrf import generate_csrf

from . import catalog
from .assets import file_digests, static_digests, static_files, static_url
from .i18n import LANGUAGES

bp = Blueprint("pwa", __name__)

#: Folders of ``static/`` that make the app shell; the worker stores them at install.
SHELL_FOLDERS = ("css", "js", "icons")
#: Pages stored at install in each language, fetched without cookies (so without anyone's
#: games), so they open offline even before a first visit: the name the worker knows each
#: by, and its endpoint. The sheet's and the evening's shells stand in for any game's.
SHELL_PAGES = {"start": "games.index", "sheet": "games.offline_sheet",
               "evening": "games_evening.offline_evening", "check": "check.page",
               "rules": "rules.page", "offline": "pwa.offline"}
ICONS = (("icons/icon-192.png", 192, "any"), ("icons/icon-512.png", 512, "any"),
         ("icons/icon-maskable-512.png", 512, "maskable"))
THEME = "#7a1f1f"  # --accent in static/css/site.css
BACKGROUND = "#fbf8f3"  # --paper


def cache_version(digests: dict[str, str], catalogs: Iterable[str] = ()) -> str:
    """One hash over every static file's path and contents hash, and the pages' catalogs'
    addresses (each carries the hash of its contents): the worker's cache version."""
    total = hashlib.sha256()
    for name, digest in sorted(digests.items()):
        total.update(name.encode() + b"\0" + digest.encode() + b"\n")
    for address in catalogs:
        total.update(address.encode() + b"\n")
    return total.hexdigest()[:16]


def static_digest(folder: Path) -> str:
    """:func:`cache_version` of the files in ``folder`` as they are now."""
    return cache_version(file_digests(folder))


def precache_urls() -> list[str]:
    """The app shell: the hashed static files."""
    folder = Path(current_app.static_folder or "")
    return [static_url(p.relative_to(folder).as_posix())
            for p in static_files(folder, SHELL_FOLDERS)]


def shell_urls() -> dict[str, str]:
    """Each shell page's address (without its ``?lang=``), by the name the worker uses."""
    return {name: url_for(endpoint) for name, endpoint in SHELL_PAGES.items()
            if endpoint in current_app.view_functions}


def public_urls() -> list[str]:
    """Public pages kept as they are: the rules with their language in the path."""
    if "rules.lang_page" not in current_app.view_functions:
        return []
    return [url_for("rules.lang_page", lang=code) for code in LANGUAGES]


def _no_cache(response: Response) -> Response:
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/manifest.webmanifest")
def manifest():
    site = url_for("games.index")  # the site's root, under the prefix it is served at
    body = {
        "id": site,
        "name": "6 nimmt!",
        "short_name": "6 nimmt!",
        "start_url": site,
        "scope": site,
        "display": "standalone",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "icons": [{"src": static_url(name), "sizes": f"{size}x{size}", "type": "image/png",
                   "purpose": purpose} for name, size, purpose in ICONS],
    }
    response = jsonify(body)
    response.mimetype = "application/manifest+json"
    return _no_cache(response)


@bp.get("/sw.js")
def worker():
    family = f"scorekeeper{request.script_root}-"  # another prefix is another site
    catalogs = catalog.urls()
    script = render_template(
        "pwa/sw.js",
        cache_family=family,
        cache_name=family + cache_version(static_digests(), catalogs),
        precache=precache_urls() + catalogs,
        shells=shell_urls(),
        public=public_urls(),
        static_prefix=request.script_root + (current_app.static_url_path or "") + "/",
        catalogs_prefix=request.script_root + catalog.FOLDER,
        games=url_for("games.listing") if "games.listing" in current_app.view_functions else "",
    )
    return _no_cache(Response(script, mimetype="text/javascript"))


@bp.get("/offline")
def offline():
    """What the worker shows for a page it has no copy of while the connection is gone."""
    return render_template("pwa/offline.html")


@bp.get("/pwa/csrf-token")
def csrf_token():
    """A fresh token for a page that was opened offline and now sends what it kept."""
    response = jsonify(csrf_token=generate_csrf())
    response.headers["Cache-Control"] = "no-store"
    return response
