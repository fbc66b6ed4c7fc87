"""``python -m scorekeeper``: serve the app with waitress, as ``make run`` does.

One place for the host, the port, the names the site answers to and the limits at the
door, so the soak test and the tests of those limits start exactly the server a table
starts. Waitress reads a whole request body (spooling it to a temporary file) before
Flask sees it, so a limit of waitress's own is what keeps a huge upload from being
stored: Flask's ``MAX_CONTENT_LENGTH`` alone would refuse it only after it was read.
Waitress's refusal, though, comes before the app and is a plain English 413 the app
cannot word. So its limit (:data:`DOOR`) sits above the app's: a body the app may
refuse is still handed to it, and refused in the visitor's language; only a body no
honest client sends (over a mebibyte) meets waitress's own answer.

Environment (README, "A club's own server"):

- ``SCOREKEEPER_HOSTS=club.example,scores.club.example``: more names the site is
  served under (a name starting with a dot takes its subdomains too). Any other
  ``Host`` is answered 400, so share links and QR codes only ever name a host the
  server trusts, and a site that rebinds its DNS name to this server cannot use it.
- ``SCOREKEEPER_HTTPS=1``: visitors come over HTTPS (a proxy in front terminates it):
  cookies are marked ``Secure`` and links are built with ``https://``.

With the server start the PDF worker (``web/workers.py``), so the first PDF does not wait
for it, and, with ``BACKUP_DIR`` in ``instance/config.py``, the daily copies of the
database (``web/backup.py``).
"""

from __future__ import annotations

import argparse
import os
import socket
from collections.abc import Mapping

from flask import Flask
from waitress import serve

from . import create_app, serves_https
from .web import workers
from .web.backup import start_daily_copies

#: The names of this machine as seen from itself, trusted whatever the host bound.
LOOPBACK_NAMES = ("localhost", "127.0.0.1")
#: Hosts that bind every interface: then the machine's own name is trusted too.
ALL_INTERFACES = ("0.0.0.0", "", "::")
#: The largest body waitress hands to the app at all: above the app's own limit
#: (``MAX_CONTENT_LENGTH``, 640 KiB), so that the app answers every body it refuses.
DOOR = 1024 * 1024
#: Connections waitress keeps open at once (its own default is 100). Every open score
#: sheet holds one: after each game it fetches, the browser keeps the connection for the
#: next poll (docs/api.md, Keeping a game on a phone). With 100, an evening of 200 open
#: sheets left the other 100 sheets, every save and ``/healthz`` waiting for a free
#: connection as long as the run lasted; with 500 the other phones saw a save at p95
#: 0.77 s and ``/healthz`` answered at p95 10 ms (``benchmarks/bench_sync.py``). 500
#: stays well under the 1024 files ``select()`` watches.
CONNECTION_LIMIT = 500


def trusted_hosts(host: str, environ: Mapping[str, str] = os.environ) -> list[str]:
    """The names a request's ``Host`` may carry (its port is not compared): the host
    bound, the loopback names, this machine's name when every interface is bound, and
    each name in ``SCOREKEEPER_HOSTS`` (lower-cased, as browsers send them). Checked by
    ``tests/test_links_stay_home.py`` (pytest does not collect a ``__main__`` module's
    doctests).
    """
    names = [host, *LOOPBACK_NAMES]
    if host in ALL_INTERFACES:
        names.append(socket.gethostname())
    names += environ.get("SCOREKEEPER_HOSTS", "").split(",")
    wanted = [name.strip().lower() for name in names]
    return list(dict.fromkeys(name for name in wanted if name and name not in ALL_INTERFACES))


def server_options(app: Flask, host: str, port: int) -> dict:
    """Prepare ``app`` to be served on ``host:port`` and answer waitress's settings.

    The app trusts only the names of :func:`trusted_hosts` (Flask's ``TRUSTED_HOSTS``,
    added to any the configuration lists). Waitress takes bodies up to :data:`DOOR` (or
    the app's own ``MAX_CONTENT_LENGTH``, if a configuration raises it past that) and
    refuses anything larger with its own 413 before a byte of it is stored; the app
    answers a body over its limit but under the door, in the visitor's language. Four
    threads answer; up to :data:`CONNECTION_LIMIT` connections stay open.
    """
    configured = app.config.get("TRUSTED_HOSTS") or []
    app.config["TRUSTED_HOSTS"] = list(dict.fromkeys([*configured, *trusted_hosts(host)]))
    return {
        "host": host,
        "port": port,
        "threads": 4,
        "connection_limit": CONNECTION_LIMIT,
        "max_request_body_size": max(DOOR, app.config["MAX_CONTENT_LENGTH"] + 64 * 1024),
        "url_scheme": "https" if serves_https() else "http",
        "ident": "scorekeeper",
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m scorekeeper", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "5000")))
    args = parser.parse_args(argv)
    app = create_app()
    options = server_options(app, args.host, args.port)
    app.extensions["heavy"].warm()  # the PDF worker starts with the server
    start_daily_copies(app)  # with BACKUP_DIR in instance/config.py
    try:
        serve(app, **options)
    finally:  # Ctrl-C: the PDF worker ends with its server, not after its PDF
        workers.stop()


if __name__ == "__main__":
    main()
