"""Heavy answers made by worker processes (``web/workers.py``): in another process, the
answer the view would give in place; never more at once than the bound, the rest refused
at once with 503 and ``Retry-After``; a dead worker replaced; a worker ended with its
server."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from flask import jsonify, request

from scorekeeper import create_app
from scorekeeper.web import workers
from scorekeeper.web.workers import Gate, heavy
from tests.browser.tls import free_port

ROOT = Path(__file__).resolve().parent.parent


def worker_app(config):
    """The app with three heavy routes of its own (importable, so a worker makes it too):
    who answers, one that takes its time (writing ``STARTED`` when it begins) and one
    whose worker dies."""
    app = create_app(config)

    @app.get("/test/pid")
    @heavy
    def pid():
        return jsonify(pid=os.getpid(), lang=request.accept_languages.best)

    @app.get("/test/slow")
    @heavy
    def slow():
        Path(app.config["STARTED"]).write_text("started")
        time.sleep(float(request.args["s"]))
        return jsonify(pid=os.getpid())

    @app.get("/test/die")
    @heavy
    def die():
        os._exit(1)

    app.extensions["heavy"] = Gate(app, worker_app)
    return app


@pytest.fixture
def heavy_app(tmp_path):
    return worker_app({"TESTING": True, "DATABASE": str(tmp_path / "w.sqlite"),
                       "SECRET_KEY": "test", "STARTED": str(tmp_path / "started"),
                       "HEAVY_WORKERS": 1, "HEAVY_QUEUE": 1})


@pytest.fixture(scope="module", autouse=True)
def _workers_ended():
    """The pools these tests started end with them: the run's exit waits for each pool's
    manager thread, which waits for its workers (in a full run one had not ended 60 s
    after the summary)."""
    yield
    workers.stop()


def wait_for(condition, seconds=60.0):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.02)


def test_a_heavy_answer_is_made_by_a_worker_process(heavy_app):
    answer = heavy_app.test_client().get("/test/pid", headers={"Accept-Language": "nl"})
    assert answer.status_code == 200
    assert answer.get_json()["pid"] != os.getpid()
    assert answer.get_json()["lang"] == "nl"  # the request's headers went with it


def test_a_pdf_from_a_worker_is_the_pdf_made_in_place(tmp_path):
    config = {"TESTING": True, "DATABASE": str(tmp_path / "p.sqlite"), "SECRET_KEY": "t"}
    apart = create_app(config).test_client().get("/rules/aid.pdf?lang=de&paper=letter")
    in_place = create_app({**config, "HEAVY_WORKERS": 0}).test_client().get(
        "/rules/aid.pdf?lang=de&paper=letter")
    assert apart.status_code == in_place.status_code == 200
    assert apart.data == in_place.data and apart.data.startswith(b"%PDF")
    for header in ("Content-Type", "Content-Disposition", "Content-Security-Policy",
                   "Vary"):
        assert apart.headers.get(header) == in_place.headers.get(header), header
    cookie = create_app(config).test_client().get("/rules/aid.pdf?lang=nl")
    assert cookie.headers.getlist("Set-Cookie") == [  # set once, by the serving process
        c for c in cookie.headers.getlist("Set-Cookie") if c.startswith("lang=nl")]
    assert len(cookie.headers.getlist("Set-Cookie")) == 1


def test_past_the_bound_a_heavy_request_is_refused_at_once(heavy_app, tmp_path):
    answers = []

    def ask():
        answers.append(heavy_app.test_client().get("/test/slow?s=4"))

    first = threading.Thread(target=ask)
    first.start()
    wait_for((tmp_path / "started").exists)  # the worker is making the first
    second = threading.Thread(target=ask)  # waits its turn
    second.start()
    wait_for(lambda: heavy_app.extensions["heavy"].slots._value == 0)
    start = time.monotonic()
    refused = heavy_app.test_client().get("/test/slow?s=0",
                                          headers={"Accept-Language": "de"})
    assert time.monotonic() - start < 1
    assert refused.status_code == 503 and refused.headers["Retry-After"] == "5"
    page = refused.get_data(as_text=True)
    assert "Gerade werden andere PDFs erstellt" in page and "Einen Moment, bitte" in page
    api = heavy_app.test_client().post("/api/v1/tournament/sheets", json={})
    assert api.status_code == 503 and api.get_json()["code"] == "Busy"
    assert heavy_app.test_client().get("/healthz").status_code == 200  # the rest answers
    first.join()
    second.join()
    assert [a.status_code for a in answers] == [200, 200]
    assert heavy_app.test_client().get("/test/pid").status_code == 200  # slots back


def test_a_worker_that_dies_is_replaced(heavy_app):
    client = heavy_app.test_client()
    before = client.get("/test/pid").get_json()["pid"]
    died = client.get("/test/die")
    assert died.status_code == 503 and died.headers["Retry-After"] == "5"
    after = client.get("/test/pid")
    assert after.status_code == 200 and after.get_json()["pid"] != before


def children(parent: int) -> list[int]:
    """The processes whose parent is ``parent`` (from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == parent:
            found.append(int(stat.parent.name))
    return found


def test_a_worker_ends_with_its_server(tmp_path):
    """``python -m scorekeeper`` starts its worker at once; killed with SIGKILL, it
    leaves no process behind."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT, env={**os.environ, "SCOREKEEPER_DATABASE": str(tmp_path / "s.sqlite")},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for(lambda: len(children(server.pid)) >= 1)
        wait_for(lambda: any(b"scorekeeper" in Path(f"/proc/{pid}/cmdline").read_bytes()
                             or b"multiprocessing" in Path(f"/proc/{pid}/cmdline").read_bytes()
                             for pid in children(server.pid)))
        left = children(server.pid)
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait()

    def gone(pid: int) -> bool:
        try:
            return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
        except OSError:
            return True

    wait_for(lambda: all(gone(pid) for pid in left), seconds=10)
