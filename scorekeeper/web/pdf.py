"""PDFs with WeasyPrint, which may read nothing but our own static files.

WeasyPrint's default fetcher opens any URL: ``file:///etc/passwd`` in an ``<img>``, a CSS
``url()`` or a ``<link rel="attachment">`` (which embeds the file in the PDF), and any host
on the network. Player names reach our PDFs, so every resource goes through
:class:`StaticOnlyFetcher`. WeasyPrint is imported lazily: the rest of the app starts
without loading it.

Laying a page out costs up to seconds, so every PDF view is :func:`~.workers.heavy` (made
by a worker process), and a PDF is kept by what it is made of (:func:`render`): after a
round, every phone that asks for the same standings gets the one layout.
"""

from __future__ import annotations

import hashlib
import mimetypes
from pathlib import Path
from urllib.parse import unquote, urlsplit

#: Pages refer to static files as ``/static/...``; rendered against this base they become
#: URLs the fetcher maps back onto the static folder. The host is reserved (RFC 6761).
BASE_URL = "https://scorekeeper.invalid/"

PAPER_SIZES = {"a4": "A4", "letter": "letter"}
#: PDFs a process keeps (:func:`render`): a club's evening asks for a few at a time.
PDFS_KEPT = 32


class RefusedURL(ValueError):
    """A resource outside our static files was asked for."""


def _fetcher_class():
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class StaticOnlyFetcher(URLFetcher):
        """Answers ``data:`` URLs and files inside ``static_folder``; refuses the rest."""

        def __init__(self, static_folder: str, static_url_path: str = "/static") -> None:
            super().__init__(allowed_protocols=("https", "data", "file"))
            self.root = Path(static_folder).resolve()
            self.prefix = BASE_URL.rstrip("/") + static_url_path.rstrip("/") + "/"

        def resolve(self, url: str) -> Path:
            """The static file ``url`` names, or :class:`RefusedURL`."""
            if url.startswith(self.prefix):
                relative = unquote(urlsplit(url).path)[len(urlsplit(self.prefix).path):]
                path = (self.root / relative).resolve()
            elif url.startswith("file:"):
                path = Path(unquote(urlsplit(url).path)).resolve()
            else:
                raise RefusedURL(url)
            if not path.is_relative_to(self.root) or not path.is_file():
                raise RefusedURL(url)
            return path

        def fetch(self, url, headers=None):
            if url.startswith("data:"):
                return super().fetch(url, headers)
            path = self.resolve(url)
            kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            return URLFetcherResponse(
                path.as_uri(), body=path.read_bytes(), headers={"Content-Type": kind}
            )

    return StaticOnlyFetcher


def fetcher(static_folder: str):
    """A fetcher restricted to ``static_folder`` (and ``data:`` URLs)."""
    return _fetcher_class()(static_folder)


def render(html: str, static_folder: str, paper: str = "a4") -> bytes:
    """``html`` as PDF bytes on ``paper`` (``a4`` or ``letter``), laid out once while the
    same is asked again: kept by everything the PDF is made of, the HTML, the paper, and
    the static files it may read (their folder and each file's hash). Outside an app
    (a script), laid out each time."""
    from flask import has_app_context

    from .assets import static_digests
    from .kept import kept_lately

    if not has_app_context():
        return lay_out(html, static_folder, paper)
    return kept_lately(
        "pdf", lambda: lay_out(html, static_folder, paper), PDFS_KEPT,
        html=hashlib.sha256(html.encode()).hexdigest(), paper=paper, folder=static_folder,
        static=frozenset(static_digests(static_folder).items()))


def lay_out(html: str, static_folder: str, paper: str = "a4") -> bytes:
    """``html`` laid out by WeasyPrint, reading nothing but ``static_folder``."""
    from weasyprint import CSS, HTML

    safe = fetcher(static_folder)
    size = CSS(string=f"@page {{ size: {PAPER_SIZES[paper]}; }}", url_fetcher=safe)
    document = HTML(string=html, base_url=BASE_URL, url_fetcher=safe)
    return document.write_pdf(stylesheets=[size])


def response(template: str, filename: str, lang: str, paper: str, **context):
    """Render ``template`` in ``lang`` on ``paper`` and answer it as an inline PDF."""
    from flask import Response, current_app, render_template
    from flask_babel import force_locale

    with force_locale(lang):
        html = render_template(template, paper=paper, **context)
    body = render(html, current_app.static_folder, paper)
    answer = Response(body, mimetype="application/pdf")
    answer.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    return answer


def current_lang() -> str:
    """The request's language code; a PDF is printed in it unless asked for another."""
    from flask_babel import get_locale

    return str(get_locale() or "en")


def paper_arg() -> str:
    """``?paper=`` if it names a paper size we print on, else A4."""
    from flask import request

    paper = request.args.get("paper", "a4")
    return paper if paper in PAPER_SIZES else "a4"
