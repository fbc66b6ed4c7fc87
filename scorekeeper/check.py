"""``/check``: the placement checker page (a thin layer over the placement request)."""

from __future__ import annotations

from flask import Blueprint, render_template

bp = Blueprint("check", __name__)


@bp.route("/check", methods=["GET", "POST"])
def page():
    return render_template("check.html")
