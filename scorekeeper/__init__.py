"""6 nimmt! table companion: the Flask application factory.

The rules engine lives in :mod:`scorekeeper.engine` and imports nothing from Flask;
every blueprint here is a thin layer that parses input, calls the engine or the
store, and renders.
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


def create_app(test_config: dict | None = None) -> Flask:
    app = Flask(
        __name__,
        instance_path=str(ROOT / "instance"),
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(
        DATABASE=os.path.join(app.instance_path, "scorekeeper.sqlite"),
        BABEL_TRANSLATION_DIRECTORIES=str(ROOT / "translations"),
        BABEL_DEFAULT_LOCALE="en",
        MAX_CONTENT_LENGTH=256 * 1024,
        WTF_CSRF_TIME_LIMIT=None,
        JSON_SORT_KEYS=False,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.update(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(app.instance_path)
    app.json.sort_keys = False

    from . import db, i18n, security

    db.init_app(app)
    i18n.init_app(app)
    security.init_app(app)

    from . import api, check, games, games_api, health, pages, pwa, rules, site_export, tournament

    for blueprint in (
        health.bp, pages.bp, pwa.bp, games.bp, games_api.bp, check.bp, api.bp,
        tournament.bp, tournament.api_bp, rules.bp,
    ):
        app.register_blueprint(blueprint)
    # Stateless endpoints that store nothing; every other POST needs the CSRF token.
    security.csrf.exempt(api.placement_view)
    security.csrf.exempt(tournament.sheets_api)
    site_export.init_app(app)
    return app
