"""A club's data kept: copies of the database taken while the server runs and writes,
putting one back, and the daily copies the server makes itself (README, "A club's own
server": backups).

- ``flask --app scorekeeper backup FILE`` (:func:`take`): SQLite's online backup, in one
  step, so the copy is the database as one moment saw it. In WAL mode a reader never
  blocks a writer: the tables keep playing while it is taken. The copy is checked
  (``PRAGMA integrity_check``) before it replaces ``FILE``, and the command says what it
  holds (:func:`contents`).
- ``flask --app scorekeeper restore FILE`` (:func:`restore`): puts such a copy in place.
  A file that is not a copy of this app's database (not SQLite, damaged, another
  program's, or from a newer release's schema) is refused and nothing changes. The
  database it replaces is kept beside it first (``<database>.replaced-<time>``), and
  the copy is brought up to today's schema at once.
- ``BACKUP_DIR`` (a folder) and ``BACKUP_KEEP`` (how many, 14 unless set) in
  ``instance/config.py``: the server (``python -m scorekeeper``) takes a copy into the
  folder when it starts and the newest there is a day old (or there is none), and then
  once a day (:func:`start_daily_copies`); only the newest ``BACKUP_KEEP`` are kept.
"""

from __future__ import annotations

import logging
import os
import re
import sqlite3
import sys
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import click
from flask import Flask, current_app

from . import db
from .schema import MIGRATIONS

#: What a copy's summary counts, by table; a table a schema does not have is left out
#: (seasons came later than series).
COUNTED = ("games", "events", "series", "seasons")
#: A daily copy's name: the moment it was taken, so names sort as times do.
DAILY = re.compile(r"scorekeeper-\d{8}T\d{6}Z\.sqlite")
#: How many daily copies are kept unless ``BACKUP_KEEP`` says otherwise: two weeks.
KEEP = 14
#: How often the server looks whether a daily copy is due.
LOOK_EVERY = 3600
log = logging.getLogger(__name__)


class NotABackup(click.ClickException):
    """A file ``restore`` refuses: nothing was changed."""


@dataclass(frozen=True)
class Contents:
    """What a database holds: its schema version and the rows of :data:`COUNTED`."""

    schema: int
    counts: dict[str, int]

    def __str__(self) -> str:
        held = ", ".join(f"{count:,} {table}" for table, count in self.counts.items())
        return f"schema {self.schema}: {held}"


def contents(conn: sqlite3.Connection) -> Contents:
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    return Contents(conn.execute("PRAGMA user_version").fetchone()[0],
                    {table: conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
                     for table in COUNTED if table in tables})


def _intact(conn: sqlite3.Connection) -> bool:
    return conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def take(database: str, target: str) -> Contents:
    """A consistent copy of ``database`` written to ``target`` (replaced only once the
    copy is whole and checked). Writers go on meanwhile."""
    if not Path(database).is_file():
        raise click.ClickException(f"There is no database at {database}.")
    if Path(target).resolve() == Path(database).resolve():
        raise click.ClickException("The copy cannot be written over the database itself.")
    part = f"{target}.part"
    Path(part).unlink(missing_ok=True)
    source = sqlite3.connect(database, timeout=30)
    try:
        copy = sqlite3.connect(part)
        try:
            source.backup(copy)  # every page in one step: one moment's database
            copy.execute("PRAGMA journal_mode = DELETE")  # one file, nothing beside it
            if not _intact(copy):
                raise click.ClickException("The copy failed its integrity check.")
            held = contents(copy)
        finally:
            copy.close()
    finally:
        source.close()
    os.replace(part, target)
    return held


def _schema_tables(version: int) -> set[str]:
    """The tables the migrations up to ``version`` create."""
    conn = sqlite3.connect(":memory:")
    try:
        for script in MIGRATIONS[:version]:
            for statement in filter(str.strip, script.split(";")):
                conn.execute(statement)
        return _tables(conn)
    finally:
        conn.close()


def _tables(conn: sqlite3.Connection) -> set[str]:
    return {row[0] for row in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'sqlite_sequence'")}


def check(path: str) -> Contents:
    """What the copy at ``path`` holds, or :class:`NotABackup`: not an SQLite database,
    damaged, not this app's (its tables are not those of its schema version), or made by
    a newer release."""
    if not Path(path).is_file():
        raise NotABackup(f"{path} is not a file.")
    try:
        conn = sqlite3.connect(f"file:{Path(path).resolve()}?mode=ro", uri=True)
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            intact, tables = _intact(conn), _tables(conn)
            held = contents(conn) if 0 < version <= len(MIGRATIONS) else None
        finally:
            conn.close()
    except sqlite3.DatabaseError as error:
        raise NotABackup(f"{path} is not a copy of this app's database ({error}).") from None
    if version > len(MIGRATIONS):
        raise NotABackup(f"{path} comes from a newer release (schema {version}; this one "
                         f"knows up to {len(MIGRATIONS)}): update the app first.")
    if version == 0 or held is None or not tables >= _schema_tables(version):
        raise NotABackup(f"{path} is not a copy of this app's database.")
    if not intact:
        raise NotABackup(f"{path} is damaged (it failed its integrity check).")
    return held


def restore(database: str, path: str, now: datetime | None = None) -> tuple[Contents, str | None]:
    """Put the copy at ``path`` in place of ``database``: checked first (nothing changes
    if it is refused), the database it replaces kept beside it, then brought up to
    today's schema. Answers what it holds and where the replaced database went."""
    check(path)
    kept = None
    if Path(database).exists():
        stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")
        kept = f"{database}.replaced-{stamp}"
        take(database, kept)
    source = sqlite3.connect(f"file:{Path(path).resolve()}?mode=ro", uri=True)
    try:
        live = sqlite3.connect(database, timeout=30)
        try:
            source.backup(live)
        finally:
            live.close()
    finally:
        source.close()
    db.forget(database)
    conn = db.connect(database)  # migrated to today's schema, and its upkeep done
    try:
        return contents(conn), kept
    finally:
        conn.close()


# --- Daily copies ------------------------------------------------------------------


def copy_if_due(database: str, folder: str, keep: int, now: datetime) -> Path | None:
    """Take a copy into ``folder`` when the newest there is a day old or there is none;
    then delete all but the newest ``keep`` (only files named as daily copies)."""
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    made = None
    copies = sorted(p for p in target.iterdir() if DAILY.fullmatch(p.name))
    newest = _taken_at(copies[-1]) if copies else None
    if newest is None or now - newest >= timedelta(days=1):
        made = target / f"scorekeeper-{now.strftime('%Y%m%dT%H%M%SZ')}.sqlite"
        take(database, str(made))
        copies.append(made)
    for old in sorted(copies)[:-keep] if keep > 0 else []:
        old.unlink()
    return made


def _taken_at(path: Path) -> datetime:
    return datetime.strptime(path.name[12:28], "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC)


def start_daily_copies(app: Flask) -> threading.Thread | None:
    """With ``BACKUP_DIR`` set, a thread that keeps the daily copies for as long as the
    server runs (a failure is logged and tried again at the next look)."""
    folder = app.config.get("BACKUP_DIR")
    if not folder:
        return None
    database, keep = app.config["DATABASE"], int(app.config.get("BACKUP_KEEP", KEEP))

    def run() -> None:
        while True:
            try:
                made = copy_if_due(database, str(folder), keep, datetime.now(UTC))
                if made is not None:
                    print(f"scorekeeper: daily copy {made}", file=sys.stderr, flush=True)
            except (OSError, sqlite3.Error, click.ClickException) as error:
                log.warning("the daily copy into %s failed: %s", folder, error)
            time.sleep(LOOK_EVERY)

    thread = threading.Thread(target=run, name="daily copies", daemon=True)
    thread.start()
    return thread


# --- Commands ------------------------------------------------------------------------


@click.command("backup")
@click.argument("file", type=click.Path(dir_okay=False))
def backup_command(file: str) -> None:
    """Write a consistent copy of the database to FILE (the server may keep running)."""
    held = take(current_app.config["DATABASE"], file)
    click.echo(f"Copy written to {file}: {held}.")


@click.command("restore")
@click.argument("file", type=click.Path(dir_okay=False))
def restore_command(file: str) -> None:
    """Put the copy FILE in place of the database (stop the server first); the database
    it replaces is kept beside it."""
    held, kept = restore(current_app.config["DATABASE"], file)
    click.echo(f"Restored {file}: {held}.")
    if kept:
        click.echo(f"The database it replaced is kept as {kept}.")


def init_app(app: Flask) -> None:
    app.cli.add_command(backup_command)
    app.cli.add_command(restore_command)
