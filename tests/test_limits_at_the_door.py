"""A huge body is refused at the door: waitress, started as ``python -m scorekeeper`` starts
it, answers 413 before the body is sent, so nothing of it is spooled or stored."""

from __future__ import annotations

import socket
import sqlite3
import threading

import pytest
from waitress.server import create_server

from scorekeeper import create_app
from scorekeeper.__main__ import server_options

BODY_SIZE = 64 * 1024 * 1024
CHUNK = b"x" * (256 * 1024)
ROUTES = [
    ("/api/v1/games", "application/json"),
    ("/api/v1/placement", "application/json"),
    ("/api/v1/tournament/sheets", "application/json"),
    ("/games/import", "multipart/form-data; boundary=limit"),
    ("/tournament", "application/x-www-form-urlencoded"),
    ("/check", "application/x-www-form-urlencoded"),
    ("/", "application/x-www-form-urlencoded"),
    ("/nowhere", "application/octet-stream"),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The app as ``python -m scorekeeper`` serves it, on a free port of 127.0.0.1."""
    database = tmp_path_factory.mktemp("door") / "door.sqlite"
    app = create_app({"DATABASE": str(database), "SECRET_KEY": "door"})
    running = create_server(app, **server_options(app, "127.0.0.1", 0))
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    yield running.effective_port, database, app
    running.close()
    thread.join(timeout=5)


def _send_huge(port: int, path: str, content_type: str, chunked: bool = False):
    """Stream a 64 MiB body until the server answers; (status line, bytes sent)."""
    framing = ("Transfer-Encoding: chunked" if chunked else f"Content-Length: {BODY_SIZE}")
    head = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Content-Type: {content_type}\r\n{framing}\r\n\r\n").encode()
    piece = (b"%x\r\n" % len(CHUNK)) + CHUNK + b"\r\n" if chunked else CHUNK
    sent = 0
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(head)
        connection.setblocking(False)
        answer = b""
        while sent < BODY_SIZE and not answer:
            try:
                answer = connection.recv(65536)
            except BlockingIOError:
                pass
            except ConnectionError:
                break
            if answer:
                break
            try:
                sent += connection.send(piece)
            except BlockingIOError:
                threading.Event().wait(0.001)
            except ConnectionError:
                break
        connection.setblocking(True)
        while b"\r\n" not in answer:
            more = connection.recv(65536)
            if not more:
                break
            answer += more
    return answer.split(b"\r\n", 1)[0].decode(), sent


def _stored_rows(database) -> int:
    """Every row of every table: nothing a refused request sent may add one."""
    with sqlite3.connect(database) as db:
        tables = [row[0] for row in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
        return sum(db.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0] for name in tables)


def _warm_up(port: int) -> None:
    """One ordinary request first, so the database and its schema exist to be counted."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        assert connection.recv(1024).startswith(b"HTTP/1.1 200")


@pytest.mark.parametrize(("path", "content_type"), ROUTES)
def test_a_64_mib_body_is_refused_before_it_is_sent(server, path, content_type):
    port, database, _app = server
    _warm_up(port)
    before = _stored_rows(database)
    status, sent = _send_huge(port, path, content_type)
    assert status == "HTTP/1.1 413 Request Entity Too Large"
    # The answer came while most of the body was still unsent: nothing was spooled.
    assert sent < BODY_SIZE // 4, sent
    assert _stored_rows(database) == before


@pytest.mark.parametrize("path", ["/api/v1/games", "/games/import"])
def test_a_chunked_body_is_cut_off_at_the_limit(server, path):
    """Without a length up front waitress counts as it reads, and stops at the limit."""
    port, database, app = server
    _warm_up(port)
    before = _stored_rows(database)
    status, sent = _send_huge(port, path, "application/json", chunked=True)
    assert status == "HTTP/1.1 413 Request Entity Too Large"
    assert app.config["MAX_CONTENT_LENGTH"] <= sent < BODY_SIZE // 4, sent
    assert _stored_rows(database) == before


def test_the_door_is_the_apps_own_limit(server):
    """The largest honest request (a backup) is the app's limit, and waitress's."""
    _port, _database, app = server
    options = server_options(app, "127.0.0.1", 0)
    assert options["max_request_body_size"] == app.config["MAX_CONTENT_LENGTH"] < BODY_SIZE
