"""Site-wide pages: friendly error pages in the visitor's language (``/`` is games.index)."""

from __future__ import annotations

from flask import Blueprint, jsonify, render_template, request
from flask_babel import gettext
from werkzeug.exceptions import HTTPException

bp = Blueprint("pages", __name__)


@bp.app_errorhandler(HTTPException)
def http_error(error: HTTPException):
    messages = {
        400: gettext("The request could not be understood."),
        404: gettext("There is nothing at this address."),
        405: gettext("This address does not accept that kind of request."),
        413: gettext("The request is too large."),
    }
    message = messages.get(error.code or 500, gettext("Something went wrong."))
    if request.path.startswith("/api/"):
        return jsonify(error=message), error.code
    return render_template("error.html", message=message), error.code
