"""SQLite storage: one connection per thread, schema created and migrated on first use.

Migrations run the first time a database path is opened in a process (never as a side
effect of ``create_app``), so a fresh ``DATABASE`` path just works and an older file is
brought up to date without losing a row. ``PRAGMA user_version`` holds the schema version.
Right after them, each feature's upkeep (:func:`after_migrations`) brings older rows up
to date in Python, where SQL alone cannot (a game's stored state is a replay of its
log): so no page has to, and reading a page never writes.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import click
from flask import Flask, current_app, g

from .schema import MIGRATIONS

_migrated: set[str] = set()
_lock = threading.Lock()
#: What runs after the migrations, once per database path and process, in this order.
_upkeep: list[Callable[[sqlite3.Connection], None]] = []


def after_migrations(upkeep: Callable[[sqlite3.Connection], None]) -> None:
    """Run ``upkeep(connection)`` whenever a database is first opened, after its
    migrations; it must find its own work (a second run finds none) and write through
    :func:`transaction`. A feature registers it when its blueprint is registered."""
    if upkeep not in _upkeep:
        _upkeep.append(upkeep)


def connect(path: str) -> sqlite3.Connection:
    """Open ``path``, migrating it to the current schema the first time this process sees it."""
    conn = sqlite3.connect(path, timeout=10, isolation_level=None)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA foreign_keys = ON")
    if path not in _migrated:
        with _lock:
            if path not in _migrated:
                migrate(conn)
                for upkeep in _upkeep:
                    upkeep(conn)
                _migrated.add(path)
    return conn


def forget(path: str) -> None:
    """The database at ``path`` was replaced (a copy put back): migrate it, and run the
    upkeep, the next time this process opens it."""
    with _lock:
        _migrated.discard(path)


def statements(script: str) -> Iterator[str]:
    """The SQL statements of a migration's ``script``, each whole: a ``;`` inside a text
    or a trigger's body does not end one (SQLite's own test, ``complete_statement``).

    >>> for statement in statements("INSERT INTO t VALUES ('a;b');\\nCREATE TRIGGER x"
    ...                             " AFTER INSERT ON t BEGIN DELETE FROM u; END;\\n"):
    ...     print(statement)
    INSERT INTO t VALUES ('a;b');
    CREATE TRIGGER x AFTER INSERT ON t BEGIN DELETE FROM u; END;
    """
    part = ""
    for piece in script.split(";"):
        part += piece + ";"
        if sqlite3.complete_statement(part):
            if part.strip(" \t\n;"):
                yield part.strip()
            part = ""


def migrate(conn: sqlite3.Connection) -> int:
    """Apply every migration the database has not seen yet; return the new version."""
    if conn.execute("PRAGMA journal_mode").fetchone()[0] != "memory":
        conn.execute("PRAGMA journal_mode = WAL")
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in statements(script):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {number:d}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    return len(MIGRATIONS)


#: Writes of this process waiting for the write lock or holding it, and the condition a
#: long job (an import) waits on between its short transactions until there are none.
_writers = 0
_writers_done = threading.Condition()
#: How long a long job gives way at most before it writes its next part anyway.
GIVE_WAY_SECONDS = 2.0


@contextmanager
def transaction(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """``BEGIN IMMEDIATE`` … ``COMMIT``, rolled back on any exception.

    IMMEDIATE takes the write lock at once, so two phones writing at the same moment are
    serialized: the second sees what the first wrote. Every store writes through here.

    Inside another transaction it is a savepoint: a write made of other stores' writes
    (a club event seating a round creates a game per table) is one transaction, and a
    part that fails rolls back alone before the whole decides.

    Every outermost transaction is counted while it waits for the lock and holds it, so
    that a long job written in short parts lets it go first (:func:`let_others_write`):
    SQLite's own wait for a lock is a sleep that a busy job could outrun every time.
    """
    if db.in_transaction:
        db.execute("SAVEPOINT part")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK TO part")
            db.execute("RELEASE part")
            raise
        db.execute("RELEASE part")
        return
    global _writers
    with _writers_done:
        _writers += 1
    try:
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
    finally:
        with _writers_done:
            _writers -= 1
            _writers_done.notify_all()


def let_others_write(limit: float = GIVE_WAY_SECONDS) -> None:
    """Wait (at most ``limit`` seconds) until no other write of this process waits for the
    write lock or holds it: a long job calls it before each of its short transactions, so
    a phone's deal never waits behind more than one of them."""
    with _writers_done:
        _writers_done.wait_for(lambda: _writers == 0, timeout=limit)


#: Each serving thread's connection and the path it opened, kept between requests.
_threads = threading.local()


def _thread_connection(path: str) -> sqlite3.Connection:
    """This thread's connection to ``path``, opened once and then kept.

    Opening a connection costs more than all the queries of a list page: SQLite reads and
    parses the whole schema on a new connection's first statement, and the statements a
    connection has prepared are lost with it. A thread keeps one connection; a request for
    another database (tests) closes it and opens the new one.
    """
    conn = getattr(_threads, "conn", None)
    if conn is not None and _threads.path == path:
        return conn
    if conn is not None:
        conn.close()
    _threads.conn, _threads.path = connect(path), path
    return _threads.conn


def get_db() -> sqlite3.Connection:
    if "db" not in g:
        g.db = _thread_connection(current_app.config["DATABASE"])
    return g.db


def close_db(_exc: BaseException | None = None) -> None:
    """A request's end: the kept connection is handed back with no transaction open."""
    conn = g.pop("db", None)
    if conn is not None and conn.in_transaction:
        conn.execute("ROLLBACK")


@click.command("init-db")
def init_db_command() -> None:
    """Create or migrate the database named by the DATABASE setting."""
    conn = connect(current_app.config["DATABASE"])
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    conn.close()
    click.echo(f"Database ready at {current_app.config['DATABASE']} (schema {version}).")


def init_app(app: Flask) -> None:
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)
