"""Write ``static/js/engine/limits.js``: every number the browser's scripts share with the
Python, taken from the Python, so each limit is written once.

Production code, so it is made by the package, not by a test: ``make vectors`` runs::

    .venv/bin/python -m scorekeeper.js_limits

The module holds every constant of :mod:`scorekeeper.engine.limits`, the highest card of
a Tactics deck as a function (:func:`~scorekeeper.engine.limits.tactics_max_card`), the
placement variants (:class:`~scorekeeper.engine.model.Variant`: cards per play, plays per
player, copies) and the game variants, the length a refusal's field is shown with
(:data:`scorekeeper.engine.errors.SHOWN_LENGTH`), and the few limits of the web layer the
browser repeats: the checker form's (:mod:`scorekeeper.check.form`) and the digits of a
typed whole number (:mod:`scorekeeper.web.fields`). ``tests/test_limits_js.py`` checks
that the committed file is exactly what :func:`render` writes. It reads the checker's
form and the web layer, so it sits beside the application factory, above the features.
"""

from __future__ import annotations

import json
from pathlib import Path

from .check import form
from .engine import errors, limits
from .engine.model import Variant
from .engine.settings import GameVariant, Settings
from .web import fields

ROOT = Path(__file__).resolve().parent.parent
PATH = ROOT / "static" / "js" / "engine" / "limits.js"


def _constants(module: object) -> list[tuple[str, int]]:
    return [(name, value) for name, value in vars(module).items()
            if name.isupper() and type(value) is int]


def _tactics() -> tuple[int, int]:
    """``(per player, plus)`` of ``tactics_max_card``, checked to be that straight line."""
    plus = limits.tactics_max_card(0)
    per_player = limits.tactics_max_card(1) - plus
    assert all(limits.tactics_max_card(n) == per_player * n + plus
               for n in range(limits.MAX_PLAYERS + 1))
    return per_player, plus


def _game_decks() -> dict[str, dict[str, object]]:
    """Per game variant the deck a game plays with: copies of each card, and whether it is
    the Tactics deck of the players (else the full deck)."""
    decks = {}
    for variant in GameVariant:
        sizes = [Settings(tuple(f"P{i}" for i in range(n)), variant=variant).deck
                 for n in range(limits.MIN_PLAYERS, limits.MAX_PLAYERS + 1)]
        tactics = [deck.max_card for deck in sizes] == [
            limits.tactics_max_card(n) for n in range(limits.MIN_PLAYERS, limits.MAX_PLAYERS + 1)]
        assert tactics or {deck.max_card for deck in sizes} == {limits.MAX_CARD}
        decks[variant.value] = {"copies": sizes[0].copies, "tactics": tactics}
    return decks


def _block(title: str, pairs: list[tuple[str, object]]) -> list[str]:
    constants = (f"export const {name} = {json.dumps(value)};" for name, value in pairs)
    return [f"// {title}", *constants, ""]


def render() -> str:
    per_player, plus = _tactics()
    variants = {
        variant.value: {"perPlay": variant.cards_per_play, "allowed": variant.plays_per_player,
                        "copies": variant.copies}
        for variant in Variant
    }
    lines = [
        "// Every number the browser shares with the Python, written by",
        "// scorekeeper/js_limits.py from scorekeeper/engine/limits.py and the few limits",
        "// of the web layer the pages repeat. Do not edit: run `make vectors`.",
        "",
        *_block("scorekeeper/engine/limits.py", _constants(limits)),
        "/** The highest card of a Tactics, Logic or Tournament deck for `players` players. */",
        "export function tacticsMaxCard(players) {",
        f"  return {per_player} * players + {plus};",
        "}",
        "",
        *_block("scorekeeper/engine/model.py Variant: cards per play, plays per player, copies",
                [("PLACEMENT_VARIANTS", variants)]),
        *_block("scorekeeper/engine/settings.py GameVariant, and the deck each plays with",
                [("GAME_VARIANTS", [variant.value for variant in GameVariant]),
                 ("GAME_DECKS", _game_decks())]),
        *_block("scorekeeper/engine/errors.py: a refusal's field is shown with at most this "
                "many characters", [("SHOWN_LENGTH", errors.SHOWN_LENGTH)]),
        *_block("scorekeeper/check/form.py: the checker's form",
                [("FIELD_LIMIT", form.FIELD_LIMIT), ("MAX_LINES", form.MAX_LINES),
                 ("MIN_LINES", form.MIN_LINES), ("READ_LINES", form.READ_LINES),
                 ("ROW_COUNTS", list(form.ROW_COUNTS)),
                 ("TAKES_AT_CHOICES", list(form.TAKES_AT_CHOICES))]),
        *_block("scorekeeper/web/fields.py: digits of a typed whole number",
                [("MAX_DIGITS", fields.MAX_DIGITS)]),
    ]
    return "\n".join(lines).rstrip("\n") + "\n"


def main() -> None:
    text = render()
    PATH.write_text(text, encoding="utf-8")
    print(f"wrote {PATH.relative_to(ROOT)} ({len(text)} bytes)")


if __name__ == "__main__":
    main()
