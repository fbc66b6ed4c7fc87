"""``flask freeze-rules DEST``: the rules reference and a checker as a static site.

Writes ``DEST/index.html`` (a language chooser), ``DEST/<lang>/rules/index.html``,
``DEST/<lang>/checker/index.html`` and the player aid ``DEST/<lang>/rules/aid-a4.pdf`` and
``aid-letter.pdf`` for nl, de and en, and the CSS and JS those pages use,
with relative links, so the folder works from any static host or straight from the disk
(``file://``).

The exported checker places cards in the browser with the engine of ``static/js/engine/``,
and both pages word their scripts' sentences from the page's catalog
(``static/js/shared/catalog.js``). Chromium refuses ES modules on ``file://``, so the export step
joins each page's script and the modules it imports into one classic script
(:func:`bundle_script`); the live site keeps using the modules.
The examples' "try it in the checker" links open that exported checker with the example
filled in. ``--checker-url https://example.org`` (or the ``RULES_CHECKER_URL`` setting, or
the ``SCOREKEEPER_CHECKER_URL`` environment variable) points them at a live copy of the
app instead (``https://example.org/check?...``).
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import click
from flask import Flask, current_app, render_template
from flask.cli import with_appcontext
from flask_babel import force_locale, gettext
from flask_frozen import Freezer, MissingURLGeneratorWarning

from ..web.i18n import LANGUAGES
from ..web.pdf import PAPER_SIZES

#: Static files the exported pages link to, copied as they are (nothing else of static/).
STATIC_FILES = ("css/site.css", "css/rules.css")
#: The pages' catalogs of sentences (scorekeeper/web/catalog.py): the rules' and the checker's.
CATALOGS = ("rules", "check")
#: The rules pages' script (the bullhead search): a module, written joined by the export.
RULES_SCRIPT = "js/pages/rules.js"
#: The exported checker's script: a module, written joined with the engine by the export.
CHECKER_SCRIPT = "js/check/exported-site.js"
#: What the exported checker's script also offers as ``window.SixNimmtEngine`` (name ->
#: module that exports it), so the very script the site carries can be checked on the
#: shared vectors.
ENGINE_EXPORTS = {"resolvePlacement": "js/engine/placement.js", "bullheads": "js/engine/cards.js"}

_FROM = r"""\s*from\s*["']([^"']+)["']\s*;?"""
_IMPORT = re.compile(r"^import\s*\{([^}]*)\}" + _FROM, re.M)
_IMPORT_ALL = re.compile(r"^import\s*\*\s*as\s+(\w+)" + _FROM, re.M)
_REEXPORT = re.compile(r"^export\s*\{([^}]*)\}" + _FROM, re.M)
_REEXPORT_ALL = re.compile(r"^export\s*\*" + _FROM, re.M)
_EXPORT_LIST = re.compile(r"^export\s*\{([^}]*)\}\s*;?[ \t]*$", re.M)
_EXPORT_DECL = re.compile(
    r"^export\s+((?:async\s+)?function\s*\*?\s*|class\s+|const\s+|let\s+|var\s+)([\w$]+)", re.M)
_UNSUPPORTED = re.compile(r"^(?:import\b(?!\s*[{*])|export\s+default\b)|\bimport\.meta\b", re.M)


def _names(listing: str) -> list[tuple[str, str]]:
    """``a, b as c`` -> ``[("a", "a"), ("b", "c")]`` (name in the module, name outside)."""
    pairs = []
    for item in filter(None, (part.strip() for part in listing.split(","))):
        inner, _, outer = item.partition(" as ")
        pairs.append((inner.strip(), (outer or inner).strip()))
    return pairs


def _module(root: Path, name: str, order: list[str], visiting: set[str]) -> None:
    """Add ``name`` (a path under ``root``) and what it imports to ``order``, deps first."""
    if name in order:
        return
    if name in visiting:
        raise ValueError(f"import cycle through {name}")
    visiting.add(name)
    source = (root / name).read_text(encoding="utf-8")
    if bad := _UNSUPPORTED.search(source):
        raise ValueError(f"{name}: cannot bundle {bad.group(0)!r}")
    for pattern in (_IMPORT, _IMPORT_ALL, _REEXPORT, _REEXPORT_ALL):
        for match in pattern.finditer(source):
            _module(root, _target(name, match.groups()[-1]), order, visiting)
    visiting.discard(name)
    order.append(name)


def _target(name: str, spec: str) -> str:
    if not spec.startswith("."):
        raise ValueError(f"{name}: only relative imports can be bundled, not {spec!r}")
    parts: list[str] = name.split("/")[:-1]
    for part in spec.split("/"):
        if part == "..":
            parts.pop()
        elif part != ".":
            parts.append(part)
    return "/".join(parts)


def _wrap(name: str, source: str, ids: dict[str, str]) -> str:
    """One module as a function scope that returns its exports."""
    head: list[str] = []
    exported: list[str] = []

    def imported(match: re.Match[str]) -> str:
        bound = ", ".join(f"{a}: {b}" if a != b else a for a, b in _names(match.group(1)))
        head.append(f"const {{ {bound} }} = {ids[_target(name, match.group(2))]};")
        return ""

    def imported_all(match: re.Match[str]) -> str:
        head.append(f"const {match.group(1)} = {ids[_target(name, match.group(2))]};")
        return ""

    def reexported(match: re.Match[str]) -> str:
        source_id = ids[_target(name, match.group(2))]
        exported.extend(f"{b}: {source_id}.{a}" for a, b in _names(match.group(1)))
        return ""

    def reexported_all(match: re.Match[str]) -> str:
        exported.append(f"...{ids[_target(name, match.group(1))]}")
        return ""

    def listed(match: re.Match[str]) -> str:
        exported.extend(a if a == b else f"{b}: {a}" for a, b in _names(match.group(1)))
        return ""

    def declared(match: re.Match[str]) -> str:
        exported.append(match.group(2))
        return match.group(1) + match.group(2)

    body = _IMPORT.sub(imported, source)
    body = _IMPORT_ALL.sub(imported_all, body)
    body = _REEXPORT.sub(reexported, body)
    body = _REEXPORT_ALL.sub(reexported_all, body)
    body = _EXPORT_LIST.sub(listed, body)
    body = _EXPORT_DECL.sub(declared, body)
    lines = [f"// ---- static/{name}", f"const {ids[name]} = (function () {{", *head,
             body.strip("\n"), f"return {{ {', '.join(exported)} }};", "})();"]
    return "\n".join(lines)


def bundle_script(static_folder: str | Path, entry: str | None = None,
                  exports: dict[str, str] | None = None) -> str:
    """The module ``entry`` (a path under ``static_folder``), the modules behind
    ``exports`` and everything they import, as ONE classic script.

    Each ES module becomes a function scope, in dependency order, whose ``import``s read
    the returned exports of the modules before it, and whose own code runs as it would as
    a module (``entry`` last); the whole sits in an IIFE that, given ``exports``, sets
    ``window.SixNimmtEngine`` (``globalThis``) to ``{name: export}``. Only the module
    syntax the scripts use is understood (named and namespace imports, named exports and
    re-exports); anything else (default exports, ``import.meta``, bare specifiers, cycles)
    is refused with a ``ValueError`` rather than bundled wrongly.
    """
    root = Path(static_folder)
    wanted = exports or {}
    order: list[str] = []
    for name in dict.fromkeys([*wanted.values(), *([entry] if entry else [])]):
        _module(root, name, order, set())
    ids = {name: f"__module{index}" for index, name in enumerate(order)}
    modules = "\n\n".join(_wrap(name, (root / name).read_text(encoding="utf-8"), ids)
                          for name in order)
    api = ", ".join(f"{key}: {ids[module]}.{key}" for key, module in wanted.items())
    offer = f"globalThis.SixNimmtEngine = Object.freeze({{ {api} }});\n" if wanted else ""
    return (
        f"// static/{entry or 'js/'} and the modules it imports as one classic script, for\n"
        "// pages opened from file:// (no ES modules there). Written by `make site`; do not edit.\n"
        f'(function () {{\n"use strict";\n{modules}\n\n{offer}}})();\n'
    )


def freeze_rules(app: Flask, destination: Path, checker_url: str | None = None) -> list[str]:
    """Write the static site into ``destination`` (made absolute); return the files."""
    destination = Path(destination).resolve()
    saved = {key: app.config.get(key) for key in _SETTINGS}
    app.config.update(
        FREEZER_DESTINATION=str(destination),
        FREEZER_RELATIVE_URLS=True,
        FREEZER_REMOVE_EXTRA_FILES=False,
        FREEZER_IGNORE_404_NOT_FOUND=False,
        FREEZER_REDIRECT_POLICY="error",
        RULES_FREEZING=True,
        RULES_CHECKER_URL=checker_url or app.config.get("RULES_CHECKER_URL"),
    )
    freezer = Freezer(app, with_static_files=False, with_no_argument_rules=False,
                      log_url_for=False)

    @freezer.register_generator
    def pages():
        for lang in LANGUAGES:
            yield "rules.lang_page", {"lang": lang}
            yield "rules.lang_checker", {"lang": lang}
            for catalog in CATALOGS:
                yield "catalogs.script", {"lang": lang, "name": catalog}
            for paper in PAPER_SIZES:
                yield "rules.lang_aid_pdf", {"lang": lang, "paper": paper}
        for filename in STATIC_FILES:
            yield "static", {"filename": filename}

    try:
        with warnings.catch_warnings():
            # Only the rules are exported on purpose: the other pages need the server.
            warnings.simplefilter("ignore", MissingURLGeneratorWarning)
            written = sorted(str(page.path) for page in freezer.freeze_yield())
        (destination / "index.html").write_text(_chooser(app), encoding="utf-8")
        static = app.static_folder or "static"
        scripts = {RULES_SCRIPT: bundle_script(static, RULES_SCRIPT),
                   CHECKER_SCRIPT: bundle_script(static, CHECKER_SCRIPT, ENGINE_EXPORTS)}
        for name, text in scripts.items():
            (destination / "static" / name).parent.mkdir(parents=True, exist_ok=True)
            (destination / "static" / name).write_text(text, encoding="utf-8")
    finally:
        app.config.update(saved)
    return sorted(["index.html", *(f"static/{name}" for name in scripts), *written])


_SETTINGS = (
    "FREEZER_DESTINATION", "FREEZER_RELATIVE_URLS", "FREEZER_REMOVE_EXTRA_FILES",
    "FREEZER_IGNORE_404_NOT_FOUND", "FREEZER_REDIRECT_POLICY", "RULES_FREEZING",
    "RULES_CHECKER_URL",
)


def _chooser(app: Flask) -> str:
    """The site's front page: the rules and the checker per language, each in its language."""
    entries = []
    with app.test_request_context("/"):
        for code, name in LANGUAGES.items():
            with force_locale(code):
                entries.append({"code": code, "name": name, "href": f"{code}/rules/index.html",
                                "title": gettext("The rules of 6 nimmt!"),
                                "checker_href": f"{code}/checker/index.html",
                                "checker_title": gettext("Where do the cards go?")})
        return render_template("rules/chooser.html", entries=entries)


@click.command("freeze-rules")
@click.argument("destination", type=click.Path(file_okay=False, path_type=Path))
@click.option("--checker-url", envvar="SCOREKEEPER_CHECKER_URL", default=None,
              help="Base URL of a live copy of the app, for the examples' checker links.")
@with_appcontext
def freeze_rules_command(destination: Path, checker_url: str | None) -> None:
    """Export the rules reference and its checker (nl, de, en) into DESTINATION."""
    files = freeze_rules(current_app._get_current_object(), destination, checker_url)
    click.echo(f"Wrote {len(files)} files to {Path(destination).resolve()}")


def init_app(app: Flask) -> None:
    app.cli.add_command(freeze_rules_command)
