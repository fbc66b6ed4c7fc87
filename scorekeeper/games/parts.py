"""What another feature adds to a game's score sheet: a club event shows a table's sign
there (``events/signing.py``). As a keeper is (``store.add_keeper``), a part is
registered by the application factory, and the games feature knows nothing of events.

A part is a function of the game's id that answers the markup to show below the sheet's
status, or None where it has nothing to say about that game.
"""

from __future__ import annotations

from collections.abc import Callable

from markupsafe import Markup

#: ``part(game id)``: its markup for that game's sheet, or None.
Part = Callable[[str], Markup | None]
_parts: list[Part] = []


def add_part(part: Part) -> None:
    if part not in _parts:
        _parts.append(part)


def shown(game_id: str) -> list[Markup]:
    """Every registered part's markup for the sheet of ``game_id``."""
    return [markup for part in _parts if (markup := part(game_id)) is not None]
