"""``POST /api/v1/placement``: the stateless placement endpoint (docs/api.md, Placement).

Bad input raises a typed error, answered as a translated 400 by :mod:`scorekeeper.web.errors`.
"""

from __future__ import annotations

from flask import Blueprint, jsonify

from ..web.jsonio import read_json
from . import request as placement_request

bp = Blueprint("api", __name__, url_prefix="/api/v1")


@bp.post("/placement")
def placement_view():
    return jsonify(placement_request.answer(placement_request.parse(read_json())))
