"""An event joining a club's series when it is created (docs/api.md, Series).

The series feature sits above events and uses them; events never import it. So the
application factory registers here what an event asks of the series: whether the request
may add an event to a given series (and, if so, recording it in the same transaction as
the event), and which series this browser directs, for the event form's choice.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

#: ``admit(db, series_id, event_id)``: records the event in the series, or raises the
#: series' refusal (404 no such series, 403 without its key, 409 full).
Admit = Callable[[sqlite3.Connection, str, str], None]
#: ``directed()``: (id, name) of each series this browser holds the key of.
Directed = Callable[[], list[tuple[str, str]]]


@dataclass
class _Series:
    admit: Admit | None = None
    directed: Directed | None = None


_series = _Series()


def register(admit: Admit, directed: Directed) -> None:
    _series.admit, _series.directed = admit, directed


def admit(db: sqlite3.Connection, series_id: str, event_id: str) -> None:
    """Inside the transaction that creates the event: a refusal undoes both."""
    if _series.admit is None:
        raise RuntimeError("no series feature registered")
    _series.admit(db, series_id, event_id)


def directed() -> list[tuple[str, str]]:
    return _series.directed() if _series.directed is not None else []
