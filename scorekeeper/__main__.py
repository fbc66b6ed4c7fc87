"""``python -m scorekeeper``: serve the app with waitress, as ``make run`` does.

One place for the host, the port and the limits at the door, so the soak test and the
tests of those limits start exactly the server a table starts. Waitress reads a whole
request body (spooling it to a temporary file) before Flask sees it, so the body limit
must be waitress's own: Flask's ``MAX_CONTENT_LENGTH`` alone would refuse a huge upload
only after it was stored.
"""

from __future__ import annotations

import argparse
import os

from waitress import serve

from . import create_app


def server_options(app, host: str, port: int) -> dict:
    """Waitress's settings for ``app`` on ``host:port``: the largest body it accepts is
    the app's own ``MAX_CONTENT_LENGTH`` (a backup being imported is the largest honest
    request), so anything larger is refused with 413 before a byte of it is stored."""
    return {
        "host": host,
        "port": port,
        "threads": 4,
        "max_request_body_size": app.config["MAX_CONTENT_LENGTH"],
        "ident": "scorekeeper",
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m scorekeeper", description=__doc__)
    parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "5000")))
    args = parser.parse_args(argv)
    app = create_app()
    serve(app, **server_options(app, args.host, args.port))


if __name__ == "__main__":
    main()
