"""CSRF on every form and state-changing API call, and headers that keep pages inert."""

from __future__ import annotations

from flask import Flask, Response, jsonify, render_template, request
from flask_babel import gettext
from flask_wtf.csrf import CSRFError, CSRFProtect

csrf = CSRFProtect()

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)


def _csrf_error(error: CSRFError):
    message = gettext("The form has expired or was not sent from this site. Please try again.")
    if request.path.startswith("/api/"):
        return jsonify(error=message), 400
    return render_template("error.html", message=message), 400


def _headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    return response


def init_app(app: Flask) -> None:
    csrf.init_app(app)
    app.register_error_handler(CSRFError, _csrf_error)
    app.after_request(_headers)
