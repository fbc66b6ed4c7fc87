"""``flask freeze-rules DEST``: the rules reference as a static site (Frozen-Flask).

Writes ``DEST/index.html`` (a language chooser), ``DEST/<lang>/rules/index.html`` for nl,
de and en, and the CSS and JS those pages use, with relative links, so the folder works
from any static host or straight from the disk (``file://``).

The static site has no placement checker. Its "try it in the checker" links point to a
live copy of the app when one is named: ``--checker-url https://example.org`` (or the
``RULES_CHECKER_URL`` setting, or the ``SCOREKEEPER_CHECKER_URL`` environment variable)
makes them open ``https://example.org/check?...``. Without it, each example says that
the checker of the app can replay it, instead of showing a link that cannot work.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import click
from flask import Flask, current_app, render_template
from flask.cli import with_appcontext
from flask_babel import force_locale, gettext
from flask_frozen import Freezer, MissingURLGeneratorWarning

from ..web.i18n import LANGUAGES

#: Static files the exported pages link to (nothing else of static/ is copied).
STATIC_FILES = ("css/site.css", "css/rules.css", "js/rules.js")


def freeze_rules(app: Flask, destination: Path, checker_url: str | None = None) -> list[str]:
    """Write the static rules site into ``destination`` (made absolute); return the files."""
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
        for filename in STATIC_FILES:
            yield "static", {"filename": filename}

    try:
        with warnings.catch_warnings():
            # Only the rules are exported on purpose: the other pages need the server.
            warnings.simplefilter("ignore", MissingURLGeneratorWarning)
            written = sorted(str(page.path) for page in freezer.freeze_yield())
        (destination / "index.html").write_text(_chooser(app), encoding="utf-8")
    finally:
        app.config.update(saved)
    return ["index.html", *written]


_SETTINGS = (
    "FREEZER_DESTINATION", "FREEZER_RELATIVE_URLS", "FREEZER_REMOVE_EXTRA_FILES",
    "FREEZER_IGNORE_404_NOT_FOUND", "FREEZER_REDIRECT_POLICY", "RULES_FREEZING",
    "RULES_CHECKER_URL",
)


def _chooser(app: Flask) -> str:
    """The site's front page: one link per language, each in its own language."""
    entries = []
    with app.test_request_context("/"):
        for code, name in LANGUAGES.items():
            with force_locale(code):
                entries.append({"code": code, "name": name, "href": f"{code}/rules/index.html",
                                "title": gettext("The rules of 6 nimmt!")})
        return render_template("rules/chooser.html", entries=entries)


@click.command("freeze-rules")
@click.argument("destination", type=click.Path(file_okay=False, path_type=Path))
@click.option("--checker-url", envvar="SCOREKEEPER_CHECKER_URL", default=None,
              help="Base URL of a live copy of the app, for the examples' checker links.")
@with_appcontext
def freeze_rules_command(destination: Path, checker_url: str | None) -> None:
    """Export the rules reference (nl, de, en) as a static site into DESTINATION."""
    files = freeze_rules(current_app._get_current_object(), destination, checker_url)
    click.echo(f"Wrote {len(files)} files to {Path(destination).resolve()}")


def init_app(app: Flask) -> None:
    app.cli.add_command(freeze_rules_command)
