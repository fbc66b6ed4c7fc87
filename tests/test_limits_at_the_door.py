"""A huge body is refused at the door: waitress, started as ``python -m scorekeeper`` starts
it, answers 413 before the body is sent, so nothing of it is spooled or stored. The door
stands above the app's own limit, so a body the app refuses reaches it and is answered in
the visitor's language; and the largest honest body, a backup pasted into the import
page, passes both."""

from __future__ import annotations

import http.client
import json
import random
import re
import socket
import sqlite3
import threading
import uuid
from urllib.parse import urlencode

import pytest

from scorekeeper import create_app
from scorekeeper.__main__ import DOOR, server_options
from scorekeeper.engine.cards import BULLHEADS
from scorekeeper.games.imports import MAX_BYTES
from tests.conftest import waitress_serving

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
    with waitress_serving(app, **server_options(app, "127.0.0.1", 0)) as running:
        yield running.effective_port, database, app


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


def test_the_door_stands_above_the_apps_own_limit(server):
    """Waitress hands the app every body the app may refuse itself; the app's limit holds
    the largest backup pasted into a form, however a browser encodes it."""
    _port, _database, app = server
    options = server_options(app, "127.0.0.1", 0)
    limit = app.config["MAX_CONTENT_LENGTH"]
    assert 3 * MAX_BYTES < limit == app.config["MAX_FORM_MEMORY_SIZE"]
    assert limit < options["max_request_body_size"] == DOOR < BODY_SIZE // 4


# --- Under the door: the app reads, and answers in the visitor's language ---


def _session(port: int, path: str = "/games/import") -> tuple[str, str]:
    """The CSRF token of a page and the session cookie it belongs to."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path)
    answer = connection.getresponse()
    page = answer.read().decode()
    cookie = "; ".join(h.split(";", 1)[0] for h in answer.headers.get_all("Set-Cookie"))
    token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)
    connection.close()
    return token, cookie


def _post(port: int, path: str, body: bytes, content_type: str, headers: dict | None = None):
    """(status, content type, body text) of one POST."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request("POST", path, body=body, headers={
        "Content-Type": content_type, **(headers or {})})
    answer = connection.getresponse()
    text = answer.read().decode("utf-8", "replace")
    connection.close()
    return answer.status, answer.headers.get("Content-Type", ""), answer, text


def _multipart(fields: dict[str, str]) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'
             for name, value in fields.items()]
    body = "".join(parts) + f"--{boundary}--\r\n"
    return body.encode(), f"multipart/form-data; boundary={boundary}"


def test_a_body_over_the_apps_limit_is_refused_in_the_visitors_language(server):
    port, database, app = server
    token, cookie = _session(port)
    size = app.config["MAX_CONTENT_LENGTH"] + 50 * 1024
    before = _stored_rows(database)
    body, content_type = _multipart({"csrf_token": token, "text": "x" * size})
    status, kind, _, page = _post(port, "/games/import?lang=nl", body, content_type,
                                  {"Cookie": cookie})
    assert (status, kind) == (413, "text/html; charset=utf-8")
    assert "Deze back-up is groter dan 192 KB, meer dan een spel ooit nodig heeft." in page
    status, kind, _, page = _post(port, "/check?lang=de", b"rows=" + b"1" * size,
                                  "application/x-www-form-urlencoded", {"Cookie": cookie})
    assert (status, kind) == (413, "text/html; charset=utf-8")
    assert "Die Anfrage ist zu groß." in page
    status, kind, _, answer = _post(port, "/api/v1/games?lang=nl", b" " * size,
                                    "application/json", {"X-CSRFToken": token, "Cookie": cookie})
    assert (status, kind) == (413, "application/json")
    assert json.loads(answer) == {"error": "Het verzoek is te groot.", "code": "BodyTooLarge",
                                  "fields": {}}
    assert _stored_rows(database) == before


def _backup(size: int) -> str:
    """A backup as the app exports it, of ten players' deals entered as cards, grown to at
    least ``size`` bytes: line breaks and indents as in the export."""
    players = ["Ann", "Bob", "Cas", "Dirk", "Eva", "Fay", "Gus", "Hal", "Ida", "Jan"]
    shuffle = random.Random(157).shuffle
    data = {"format": "6nimmt-scorekeeper-game", "version": 1,
            "created_at": "2026-11-25T18:52:30Z", "players": players, "threshold": None,
            "fixed_deals": 200, "virgin_doubling": False, "variant": "basic", "rows": 4,
            "takes_at": 6, "hand_size": 10, "note": "Clubavond", "events": []}
    while len(text := json.dumps(data, ensure_ascii=False, indent=1).encode()) < size:
        deck = list(range(1, 105))
        shuffle(deck)
        cards = {name: sorted(deck[i * 10:i * 10 + 10]) for i, name in enumerate(players)}
        data["events"].append({
            "kind": "deal", "number": len(data["events"]) + 1,
            "bullheads": {n: sum(BULLHEADS[c] for c in taken) for n, taken in cards.items()},
            "cards": cards, "client_id": None, "created_at": "2026-11-25T19:00:00Z"})
    return text.decode()


@pytest.mark.parametrize("size", [157 * 1024, MAX_BYTES - 3 * 1024])
@pytest.mark.parametrize("encoding", ["multipart", "urlencoded"])
def test_a_pasted_backup_up_to_the_import_limit_is_imported(server, size, encoding):
    """Pasted into the text field, its line breaks sent as CRLF as a browser sends them."""
    port, _database, _app = server
    text = _backup(size)
    assert size <= len(text.encode()) <= MAX_BYTES
    token, cookie = _session(port)
    fields = {"csrf_token": token, "text": text.replace("\n", "\r\n")}
    if encoding == "multipart":
        body, content_type = _multipart(fields)
    else:
        body, content_type = urlencode(fields).encode(), "application/x-www-form-urlencoded"
    status, _, answer, page = _post(port, "/games/import?lang=nl", body, content_type,
                                    {"Cookie": cookie})
    assert status == 302, re.findall(r'class="errors"[^>]*>([^<]*)', page)
    assert re.fullmatch(r"/games/[0-9a-f]{20}", answer.headers["Location"])
