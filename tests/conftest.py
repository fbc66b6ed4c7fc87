"""Shared fixtures: a fresh app and database per test, a live server for the browser tests."""

from __future__ import annotations

import faulthandler
import json
import os
import re
import shutil
import sys
import threading
import time
from contextlib import contextmanager
from html import unescape

import pytest
from waitress import wasyncore
from waitress.server import create_server

from scorekeeper import create_app
from scorekeeper.web import workers

# The test apps make their PDFs in the serving thread: a pool of worker processes in the
# test run's own process is one more thing its exit waits for. Tests about the workers
# name HEAVY_WORKERS; a server started as `python -m scorekeeper` keeps the default.
workers.WORKERS = 0

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 360, "height": 740}


@pytest.fixture
def app(tmp_path):
    """CSRF stays on: tests that post forms fetch a token like a browser would."""
    return create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "test.sqlite"), "SECRET_KEY": "test"}
    )


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


def refusal(response) -> str:
    """The sentence of a JSON refusal, once its keys are the interface's own."""
    answer = response.get_json()
    assert set(answer) == {"error", "code", "fields"}, answer
    return answer["error"]


#: Why a test that needs Node.js fails instead of skipping where it is missing.
NODE_REQUIRED = (
    "Node.js is required: this test proves that the browser's JavaScript answers exactly as "
    "the Python does, and without `node` nothing is checked. Install it (`make test` "
    "installs Debian's nodejs when it is missing) and run the tests again."
)


def require_node() -> str:
    """The ``node`` executable, or a failed test saying Node.js is required.

    The parity tests never skip: a machine without Node.js would show green with no
    JavaScript checked at all.
    """
    node = shutil.which("node")
    if node is None:
        pytest.fail(NODE_REQUIRED, pytrace=False)
    return node


_DATA_BLOCKS = re.compile(r'<script type="application/json"[^>]*>.*?</script>', re.S)


def shown(answer) -> str:
    """A page's HTML without its data blocks (the sheet's data, which holds sentences the
    page may not show): what a reader of the page gets."""
    return _DATA_BLOCKS.sub("", answer.get_data(as_text=True))


_CATALOG_SCRIPT = re.compile(r'<script defer src="([^"]*/catalogs/[^"]+)"></script>')


def catalog_data(script: str) -> dict:
    """What a catalog's script (scorekeeper/web/catalog.py) sets."""
    assert script.startswith("globalThis.SixNimmtCatalog = ") and script.endswith(";\n"), script
    return json.loads(script.removeprefix("globalThis.SixNimmtCatalog = ").removesuffix(";\n"))


def page_catalogs(client, html: str) -> list[dict]:
    """The catalogs a page names, each as its script sets it."""
    found = []
    for address in _CATALOG_SCRIPT.findall(html):
        answer = client.get(unescape(address))
        assert answer.status_code == 200, address
        found.append(catalog_data(answer.get_data(as_text=True)))
    return found


def page_catalog(client, html: str) -> dict:
    """The one catalog a page names."""
    (found,) = page_catalogs(client, html)
    return found


def read_csrf_token(client, path: str = "/") -> str:
    """The token a page carries in its ``<meta name="csrf-token">``."""
    html = client.get(path).get_data(as_text=True)
    match = re.search(r'<meta name="csrf-token" content="([^"]+)"', html)
    assert match, "page has no csrf-token meta tag"
    return match.group(1)


@pytest.fixture
def csrf_headers(client):
    return {"X-CSRFToken": read_csrf_token(client)}


# --- The run's end ---------------------------------------------------------------------

#: How long the interpreter may take to end once the run has reported.
EXIT_GRACE = 60
_EXIT_STATUS = pytest.StashKey[int]()


def pytest_sessionfinish(session, exitstatus):
    session.config.stash[_EXIT_STATUS] = int(exitstatus)


def pytest_unconfigure(config):
    """Should anything still keep the interpreter alive once the run has reported, say
    what, with every thread's stack, and end with the run's own status: a run that has
    said its result is not left to a CI's timeout. (Seen: the PDF workers' pool, which
    the interpreter's exit waits for, once waited without end for its manager thread.)"""
    status = config.stash.get(_EXIT_STATUS, 1)

    def watch() -> None:
        time.sleep(EXIT_GRACE)
        print(f"\nThe run reported {EXIT_GRACE} s ago, but something keeps it alive:",
              file=sys.stderr, flush=True)
        faulthandler.dump_traceback(file=sys.stderr, all_threads=True)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)

    threading.Thread(target=watch, name="exit watch", daemon=True).start()


# --- Browser tests: Debian's Chromium driven by Playwright, app served on 127.0.0.1 ---


@contextmanager
def waitress_serving(app, **options):
    """``app`` served by waitress (``create_server(app, **options)``) in a thread, and
    stopped in an order that leaves no thread behind with a closed socket: the worker
    threads finish first, then the serving loop closes every connection itself, which
    ends it. (Closing the server from this thread while its loop still runs made a worker
    or the loop write to a closed file now and then: a failed test at teardown.)"""
    server = create_server(app, **options)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.task_dispatcher.shutdown()
        server.trigger.pull_trigger(lambda: wasyncore.close_all(server._map))
        thread.join(timeout=5)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    """The real app under waitress (the server ``make run`` starts) on 127.0.0.1.

    Waitress closes a response's file when the browser drops the request (a test closing
    its page while the service worker is still caching), which the development server
    does not do.
    """
    database = tmp_path_factory.mktemp("live") / "live.sqlite"
    app = create_app({"DATABASE": str(database), "SECRET_KEY": "live-test"})
    with waitress_serving(app, host="127.0.0.1", port=0, threads=4) as server:
        yield f"http://127.0.0.1:{server.effective_port}"


@pytest.fixture(scope="session")
def base_url(live_server):
    return live_server


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": CHROMIUM_FLAGS,
        "headless": True,
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """A phone: 360 px wide, touch, in English unless a test says otherwise."""
    return {
        **browser_context_args,
        "viewport": PHONE,
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
        "locale": "en-GB",
    }
