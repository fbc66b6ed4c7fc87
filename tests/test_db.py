"""``web/db.py`` ``transaction()``: one write, and a write inside another one."""

from __future__ import annotations

import pytest

from scorekeeper.web.db import connect, transaction


@pytest.fixture
def db(tmp_path):
    conn = connect(str(tmp_path / "db.sqlite"))
    conn.execute("CREATE TABLE t (x INTEGER)")
    yield conn
    conn.close()


def values(db) -> list[int]:
    return [row[0] for row in db.execute("SELECT x FROM t ORDER BY x")]


def test_a_failed_write_leaves_nothing(db):
    with pytest.raises(ValueError), transaction(db):
        db.execute("INSERT INTO t VALUES (1)")
        raise ValueError
    assert values(db) == [] and not db.in_transaction


def test_a_write_inside_a_write_commits_with_it(db):
    with transaction(db):
        db.execute("INSERT INTO t VALUES (1)")
        with transaction(db):
            db.execute("INSERT INTO t VALUES (2)")
        assert db.in_transaction  # the inner part did not commit the outer write
    assert values(db) == [1, 2] and not db.in_transaction


def test_a_failed_part_rolls_back_alone_and_the_whole_decides(db):
    with transaction(db):
        db.execute("INSERT INTO t VALUES (1)")
        with pytest.raises(ValueError), transaction(db):
            db.execute("INSERT INTO t VALUES (2)")
            raise ValueError
    assert values(db) == [1]
    with pytest.raises(ValueError), transaction(db):
        with transaction(db):
            db.execute("INSERT INTO t VALUES (3)")
        raise ValueError  # the outer write fails: its inner part goes with it
    assert values(db) == [1] and not db.in_transaction
