"""``GET /healthz``: 200 once the database answers, so a monitor can tell the app is up."""

from __future__ import annotations

from flask import Blueprint, jsonify

from .db import get_db

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz():
    get_db().execute("SELECT 1").fetchone()
    return jsonify(status="ok")
