"""A club's data kept (``web/backup.py``): a copy taken while the server runs and writes
holds every deal acknowledged before it began and is whole; a restore refuses what is not
a copy and changes nothing, and keeps what it replaces; the daily copies."""

from __future__ import annotations

import hashlib
import os
import re
import sqlite3
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from scorekeeper import create_app
from scorekeeper.web import backup
from scorekeeper.web.schema import MIGRATIONS
from tests.browser.tls import free_port

ROOT = Path(__file__).resolve().parent.parent


def flask(*args: str, database: Path) -> subprocess.CompletedProcess:
    """``flask --app scorekeeper ...`` as a club types it, on ``database``."""
    return subprocess.run([sys.executable, "-m", "flask", "--app", "scorekeeper", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "SCOREKEEPER_DATABASE": str(database)})


def api(port: int, method: str, path: str, body: dict | None = None,
        token: str = "", cookie: str = "") -> tuple[int, dict, str]:
    import http.client
    import json

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"X-CSRFToken": token, "Cookie": cookie}
    if body is not None:
        headers["Content-Type"] = "application/json"
    conn.request(method, path, body=None if body is None else json.dumps(body),
                 headers=headers)
    answer = conn.getresponse()
    raw = answer.read()
    assert answer.getheader("Content-Type", "").startswith("application/json"), (
        answer.status, raw[:300])
    data = json.loads(raw)
    cookies = answer.getheader("Set-Cookie") or ""
    conn.close()
    return answer.status, data, cookies


def test_a_copy_taken_while_the_server_writes_holds_every_acknowledged_deal(tmp_path):
    database = tmp_path / "club.sqlite"
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT, env={**os.environ, "SCOREKEEPER_DATABASE": str(database)},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    acknowledged: list[tuple[float, str, int]] = []  # (when, game, deal number)
    stop = threading.Event()

    def write() -> None:
        status, answer, cookie = api(port, "GET", "/pwa/csrf-token")
        token, cookie = answer["csrf_token"], cookie.split(";")[0]
        game, number = None, 0
        while not stop.is_set():
            if game is None:
                _, made, _ = api(port, "POST", "/api/v1/games",
                                 {"players": ["Ann", "Bob", "Cas"]}, token, cookie)
                game, number = made["id"], 0
            number += 1
            status, dealt, _ = api(port, "POST", f"/api/v1/games/{game}/deals", {
                "number": number, "bullheads": {"Ann": 2, "Bob": 5, "Cas": 7}}, token, cookie)
            assert status == 201, dealt
            acknowledged.append((time.monotonic(), game, number))
            if dealt["finished"]:
                game = None

    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                api(port, "GET", "/healthz")
                break
            except OSError:
                assert time.monotonic() < deadline
                time.sleep(0.1)
        writer = threading.Thread(target=write)
        writer.start()
        while len(acknowledged) < 30:
            assert writer.is_alive(), "the writer stopped"
            time.sleep(0.05)
        began = time.monotonic()
        taken = flask("backup", str(tmp_path / "copy.sqlite"), database=database)
        ended = time.monotonic()
        time.sleep(0.5)  # the writer goes on after the copy too
        stop.set()
        writer.join()
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert taken.returncode == 0, taken.stderr
    # The server kept writing while the command ran, and after it.
    assert any(began <= when < ended for when, *_ in acknowledged), (began, ended)
    assert acknowledged[-1][0] >= ended
    copy = sqlite3.connect(tmp_path / "copy.sqlite")
    assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    stored = set(copy.execute(
        "SELECT g.token, e.number FROM game_events e JOIN games g ON g.id = e.game_id"))
    before = [(game, number) for when, game, number in acknowledged if when < began]
    assert len(before) >= 30 and set(before) <= stored
    games = copy.execute("SELECT count(*) FROM games").fetchone()[0]
    copy.close()
    assert re.search(rf"Copy written to .*copy\.sqlite: schema {len(MIGRATIONS)}: "
                     rf"{games:,} games, 0 events, 0 series, 0 seasons\.",
                     taken.stdout), taken.stdout


def fingerprint(path: Path) -> dict[str, str]:
    """Every file of a database (its -wal too) by its content."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(path.parent.glob(path.name + "*"))}


@pytest.fixture
def club(tmp_path):
    """A database with one game, as the server leaves it."""
    database = tmp_path / "club" / "scorekeeper.sqlite"
    database.parent.mkdir()
    app = create_app({"TESTING": True, "DATABASE": str(database), "SECRET_KEY": "t"})
    client = app.test_client()
    token = client.get("/pwa/csrf-token").get_json()["csrf_token"]
    game = client.post("/api/v1/games", json={"players": ["Ann", "Bob"]},
                       headers={"X-CSRFToken": token}).get_json()["id"]
    client.post(f"/api/v1/games/{game}/deals", headers={"X-CSRFToken": token},
                json={"number": 1, "bullheads": {"Ann": 3, "Bob": 4}})
    return database, app, client, token, game


def not_ours(tmp_path: Path, kind: str) -> Path:
    path = tmp_path / f"{kind}.sqlite"
    if kind == "text":
        path.write_text("games,events\n1,2\n")
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "other program":
        with sqlite3.connect(path) as conn:
            conn.execute("CREATE TABLE notes (body TEXT)")
            conn.execute("PRAGMA user_version = 3")
    elif kind in ("newer", "damaged", "older tables missing"):
        conn = sqlite3.connect(path)
        for script in MIGRATIONS:
            conn.executescript(script)
        conn.execute(f"PRAGMA user_version = {len(MIGRATIONS) + (kind == 'newer')}")
        if kind == "older tables missing":
            conn.execute("DROP TABLE game_events")
        conn.commit()
        conn.close()
        if kind == "damaged":
            raw = bytearray(path.read_bytes())
            raw[len(raw) // 2:len(raw) // 2 + 4096] = os.urandom(4096)
            path.write_bytes(bytes(raw))
    return path


@pytest.mark.parametrize(("kind", "said"), [
    ("text", "is not a copy of this app's database"),
    ("empty", "is not a copy of this app's database"),
    ("other program", "is not a copy of this app's database"),
    ("older tables missing", "is not a copy of this app's database"),
    ("newer", "comes from a newer release"),
    ("damaged", "damaged"),
])
def test_a_restore_of_what_is_not_a_copy_is_refused_and_changes_nothing(club, tmp_path, kind,
                                                                        said):
    database, *_ = club
    before = fingerprint(database)
    refused = flask("restore", str(not_ours(tmp_path, kind)), database=database)
    assert refused.returncode != 0 and said in refused.stderr, refused.stderr
    assert fingerprint(database) == before
    assert not list(database.parent.glob("*.replaced-*"))


def test_a_restore_puts_the_copy_in_place_and_keeps_the_replaced_database(club, tmp_path):
    database, app, client, token, game = club
    copy = tmp_path / "monday.sqlite"
    assert flask("backup", str(copy), database=database).returncode == 0
    later = client.post("/api/v1/games", json={"players": ["Cas", "Dirk"]},
                        headers={"X-CSRFToken": token}).get_json()["id"]
    restored = flask("restore", str(copy), database=database)
    assert restored.returncode == 0, restored.stderr
    assert f"Restored {copy}: schema {len(MIGRATIONS)}: 1 games" in restored.stdout
    kept = re.search(r"kept as (\S+)\.\n", restored.stdout).group(1)
    assert Path(kept).parent == database.parent
    assert client.get(f"/api/v1/games/{game}").status_code == 200
    assert client.get(f"/api/v1/games/{later}").status_code == 404
    with sqlite3.connect(kept) as replaced:  # the game made after the copy is kept there
        assert replaced.execute("SELECT count(*) FROM games WHERE token = ?",
                                (later,)).fetchone()[0] == 1


def test_a_copy_from_an_older_release_is_brought_up_to_date(club, tmp_path):
    database, *_ = club
    old = tmp_path / "old.sqlite"
    with sqlite3.connect(old) as conn:
        for script in MIGRATIONS[:3]:
            conn.executescript(script)
        conn.execute("PRAGMA user_version = 3")
        conn.execute("INSERT INTO games (created_at, players, threshold) VALUES "
                     "('2025-01-02T20:00:00Z', '[\"Ann\", \"Bob\"]', 66)")
    restored = flask("restore", str(old), database=database)
    assert restored.returncode == 0, restored.stderr
    with sqlite3.connect(database) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
        assert conn.execute("SELECT count(*) FROM games WHERE token IS NOT NULL"
                            ).fetchone()[0] == 1


def test_a_copy_is_never_written_over_the_database_nor_made_of_none(club, tmp_path):
    database, *_ = club
    before = fingerprint(database)
    refused = flask("backup", str(database), database=database)
    assert refused.returncode != 0 and "over the database itself" in refused.stderr
    assert fingerprint(database) == before
    missing = tmp_path / "nowhere.sqlite"
    none = flask("backup", str(tmp_path / "copy.sqlite"), database=missing)
    assert none.returncode != 0 and "There is no database at" in none.stderr
    assert not missing.exists() and not (tmp_path / "copy.sqlite").exists()


# --- Daily copies -----------------------------------------------------------------------


def test_a_daily_copy_is_taken_once_a_day_and_the_newest_kept(club, tmp_path):
    database, *_ = club
    folder = tmp_path / "copies"
    folder.mkdir()
    (folder / "notes.txt").write_text("not a copy")
    start = datetime(2027, 3, 1, 23, 30, tzinfo=UTC)
    made = [backup.copy_if_due(str(database), str(folder), 2, start + timedelta(hours=h))
            for h in (0, 1, 23, 24, 47, 48, 72)]
    names = [None if m is None else m.name for m in made]
    assert names == ["scorekeeper-20270301T233000Z.sqlite", None, None,
                     "scorekeeper-20270302T233000Z.sqlite", None,
                     "scorekeeper-20270303T233000Z.sqlite",
                     "scorekeeper-20270304T233000Z.sqlite"]
    assert sorted(p.name for p in folder.iterdir()) == [
        "notes.txt", "scorekeeper-20270303T233000Z.sqlite",
        "scorekeeper-20270304T233000Z.sqlite"]
    assert str(backup.check(str(folder / names[-1]))).startswith(
        f"schema {len(MIGRATIONS)}: 1 games")


def test_the_server_takes_its_first_daily_copy_when_it_starts(club, tmp_path):
    database, app, *_ = club
    app.config.update(BACKUP_DIR=str(tmp_path / "daily"), BACKUP_KEEP=3)
    assert backup.start_daily_copies(app) is not None
    deadline = time.monotonic() + 30
    while not list((tmp_path / "daily").glob("scorekeeper-*.sqlite")):
        assert time.monotonic() < deadline, "no daily copy"
        time.sleep(0.05)
    app.config["BACKUP_DIR"] = None
    assert backup.start_daily_copies(app) is None
