"""6 nimmt! table companion: the Flask application factory.

Layers, checked by ``tests/test_layers.py``: the rules engine (:mod:`scorekeeper.engine`)
imports nothing from Flask; :mod:`scorekeeper.web` is the shared Flask layer (database,
languages, security, error handlers, PDFs); each feature (``games``, ``check``,
``tournament``, and ``rules``, the rules reference) builds on those two only, as thin
blueprints that parse input, call the engine or their store, and render; club ``events``
build on games, a club's ``series`` on events and games, and a championship's
``seasons`` on events, series and games. Only this factory knows every feature.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from flask import Flask

ROOT = Path(__file__).resolve().parent.parent


def _secret_key(instance_path: str) -> str:
    """Read the install's secret key, creating it on first start; it is never committed."""
    path = Path(instance_path) / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


def serves_https() -> bool:
    """``SCOREKEEPER_HTTPS=1``: visitors reach the site over HTTPS (a proxy in front)."""
    return os.environ.get("SCOREKEEPER_HTTPS", "") in ("1", "true", "yes")


def largest_form(backup_bytes: int) -> int:
    """The largest body the app reads: the backup import's form holding the largest backup
    pasted into its text field, however a browser encodes it (percent-encoding at most
    triples a byte; a text field's line breaks sent as CRLF double only them), with room
    for the form's other fields.

    >>> largest_form(192 * 1024) // 1024
    640
    """
    return 3 * backup_bytes + 64 * 1024


def create_app(test_config: dict | None = None) -> Flask:
    app = Flask(
        __name__,
        instance_path=str(ROOT / "instance"),
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    os.makedirs(app.instance_path, exist_ok=True)
    from .games.imports import MAX_BYTES as LARGEST_BACKUP

    app.config.from_mapping(
        DATABASE=os.path.join(app.instance_path, "scorekeeper.sqlite"),
        BABEL_TRANSLATION_DIRECTORIES=str(ROOT / "translations"),
        BABEL_DEFAULT_LOCALE="en",
        # A body over this is answered 413 (a translated page, or JSON under /api/); a form's
        # text field may hold all of it (Flask's default keeps 500,000 bytes).
        MAX_CONTENT_LENGTH=largest_form(LARGEST_BACKUP),
        MAX_FORM_MEMORY_SIZE=largest_form(LARGEST_BACKUP),
        WTF_CSRF_TIME_LIMIT=None,
        JSON_SORT_KEYS=False,
        # Cookies never ride along on another site's cross-site POST; ``Secure`` when a
        # club serves the site over HTTPS (README, "A club's own server").
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_SECURE=serves_https(),
        PREFERRED_URL_SCHEME="https" if serves_https() else "http",
        # Behind HTTPS, browsers are told to come back only over HTTPS for a year (this
        # host only: a club's other names may still serve plain HTTP).
        STRICT_TRANSPORT_SECURITY="max-age=31536000" if serves_https() else None,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        # Another database for this server only (the soak test's), whatever config.py says.
        if os.environ.get("SCOREKEEPER_DATABASE"):
            app.config["DATABASE"] = os.environ["SCOREKEEPER_DATABASE"]
    else:
        app.config.update(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(app.instance_path)
    app.json.sort_keys = False

    from .web import assets, backup, db, device, i18n, kept, security, throttle, workers

    kept.init_app(app)
    throttle.init_app(app)
    db.init_app(app)
    backup.init_app(app)
    i18n.init_app(app)
    security.init_app(app)
    device.init_app(app)
    assets.init_app(app)
    workers.init_app(app, create_app)  # heavy answers (PDFs) made by worker processes
    register_blueprints(app)
    return app


def register_blueprints(app: Flask) -> None:
    """Every feature's blueprints, in one place; stateless endpoints are CSRF-exempt."""
    from .check import api as check_api
    from .check import views as check_views
    from .events import api as events_api
    from .events import director as events_director
    from .events import keeper as events_keeper
    from .events import paper as events_paper
    from .events import screens as events_screens
    from .events import signing as events_signing
    from .events import views as events_views
    from .games import api as games_api
    from .games import evening as games_evening
    from .games import notes as games_notes
    from .games import parts as games_parts
    from .games import store as games_store
    from .games import views as games_views
    from .games import watching as games_watching
    from .rules import export as rules_export
    from .rules import views as rules_views
    from .seasons import access as seasons_access
    from .seasons import api as seasons_api
    from .seasons import views as seasons_views
    from .series import api as series_api
    from .series import key as series_key
    from .series import views as series_views
    from .tournament import api as tournament_api
    from .tournament import views as tournament_views
    from .web import catalog, errors, health, pwa, security

    for blueprint in (
        health.bp, errors.bp, pwa.bp, catalog.bp, games_views.bp, games_api.bp, games_evening.bp,
        games_watching.bp,
        check_views.bp, check_api.bp, tournament_views.bp, tournament_api.bp, rules_views.bp,
        events_views.bp, events_api.bp, events_paper.bp, events_screens.bp,
        events_signing.bp, series_views.bp, series_api.bp, seasons_views.bp, seasons_api.bp,
    ):
        app.register_blueprint(blueprint)
    # A club event keeps its tables' games: the games store asks it before one changes,
    # and their sheets link to the event and say when its round is over.
    games_store.add_keeper(events_keeper.keep)
    games_store.add_describer(events_keeper.describe_game)
    # ... and shows a table's sign on its game's score sheet.
    games_parts.add_part(events_signing.sheet_part)
    # A table's game notes its event, round and table, worded in the reader's language.
    games_notes.add_wording(events_api.TABLE_NOTE, events_api.table_note)
    # Stateless endpoints that store nothing; every other POST needs the CSRF token, or
    # a key in its header (no browser sends one from another site).
    security.csrf.exempt(check_api.placement_view)
    security.csrf.exempt(tournament_api.sheets_api)
    for header in (events_director.HEADER, series_key.HEADER,
                   seasons_access.ORGANISER_HEADER, seasons_access.VENUE_HEADER):
        security.csrf.key_header(header)
    # Answers at these addresses, and redirects to them, hold a key.
    for endpoint in ("events.director", "series.director", "seasons.organiser",
                     "seasons.venue_link"):
        security.key_address(endpoint)
    rules_export.init_app(app)
