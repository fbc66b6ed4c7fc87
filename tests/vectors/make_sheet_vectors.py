"""Write ``tests/vectors/sheet.json``: what the score sheet shows and hands out, made by
the server's own code, for the browser's twins.

The phone draws a game's sheet from the log it keeps, also without a connection, so the
chart, the files and the evening's sums it makes must be the server's to the character.
Run from the repository root (``make vectors`` does)::

    .venv/bin/python tests/vectors/make_sheet_vectors.py

The file holds:

- ``charts``: each replayable log of ``deals.json`` (its settings and entries) and the
  chart ``games/chart.py`` draws of it (``static/js/game/chart.js``).
- ``files``: whole games with their times, note and ids, and for each the backup file
  (``games/backup.py``, exactly as ``/games/<id>/export.json`` writes it), the CSV in each
  language (``games/spreadsheet.py``: the words it uses, the separator, the text), when
  the game ended and its BG Stats play and link (``games/bgstats.py``, in UTC)
  (``static/js/game/files.js``, ``game/summary.js``).
- ``evenings``: games of one evening, each player's sums (``games/evening.py``
  ``add_up``) and bullheads per deal as each language writes them.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import random
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if __name__ == "__main__":  # run as a script: make the repository importable
    sys.path.insert(0, str(HERE.parent.parent))

from scorekeeper import create_app  # noqa: E402
from scorekeeper.engine.deal import make_entry  # noqa: E402
from scorekeeper.engine.game import Event, EventKind, replay  # noqa: E402
from scorekeeper.engine.settings import make_settings  # noqa: E402
from scorekeeper.games import backup, bgstats, spreadsheet, store  # noqa: E402
from scorekeeper.games.chart import chart  # noqa: E402
from scorekeeper.games.evening import add_up, per_deal  # noqa: E402

PATH = HERE / "sheet.json"
SEED = 66
LANGUAGES = ("en", "nl", "de")
#: The words of the CSV file's head and foot, by the name the page's script gives them.
CSV_WORDS = {"Deal": "Deal", "stack": "pile", "hand": "hand", "entered": "entered",
             "counts": "counts", "Total": "Total"}

_spec = importlib.util.spec_from_file_location("make_deal_vectors", HERE / "make_deal_vectors.py")
assert _spec and _spec.loader
deal_vectors = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(deal_vectors)


def _settings(data: dict[str, Any]):
    return make_settings(data["players"], data["threshold"], data["fixed_deals"],
                         data["virgin_doubling"], data["variant"], rows=data["rows"],
                         takes_at=data["takes_at"], hand_size=data["hand_size"])


def _events(settings, events: list[dict[str, Any]]) -> list[Event]:
    """The entries of a log as events (an entry of cards is made again from its cards)."""
    return [Event(EventKind(e["kind"]), e["number"], make_entry(
        settings, None if "cards" in e else e["bullheads"], e.get("hand"), e.get("cards")))
        for e in events]


def _chart_json(state) -> dict[str, Any]:
    c = chart(state)
    return {
        "width": c.width, "height": c.height, "left": c.left, "right": c.right, "top": c.top,
        "bottom": c.bottom, "threshold_y": c.threshold_y, "ticks": [list(t) for t in c.ticks],
        "x_ticks": [list(t) for t in c.x_ticks],
        "lines": [{"player": line.player, "colour": line.colour, "points": line.points,
                   "last_x": line.last_x, "last_y": line.last_y} for line in c.lines],
        # As the template writes the numbers (str of a float: "40.0"), for the drawing.
        "text": {"ticks": [[str(v), str(y)] for v, y in c.ticks],
                 "threshold_y": None if c.threshold_y is None else str(c.threshold_y),
                 "last": [[str(line.last_x), str(line.last_y)] for line in c.lines]},
    }


def _charts() -> list[dict[str, Any]]:
    cases = []
    for log in deal_vectors.document()["logs"]:
        if "state" not in log:
            continue
        settings = _settings(log["settings"])
        state = replay(settings, _events(settings, log["events"]))
        cases.append({"settings": log["settings"], "events": log["events"],
                      "chart": _chart_json(state)})
    return cases


def _stamp(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def _game(index: int, log: dict[str, Any], rng: random.Random) -> store.Game:
    """A stored game made of ``log``: a token, a note, a start and a time per entry."""
    settings = _settings(log["settings"])
    start = datetime(2026, 11, 25, 18, 52, 30, tzinfo=UTC) + timedelta(days=index)
    moment, events = start, []
    for number, event in enumerate(_events(settings, log["events"])):
        moment += timedelta(seconds=rng.randint(20, 400))
        client_id = None if number % 3 == 2 else f"phone-{index}-{number}"
        events.append(store.StoredEvent(event.kind, event.number, event.entry, client_id,
                                        _stamp(moment)))
    notes = ("", "Café de Zwaan; “Maagd” on", "line\nbreak, \"quoted\"; =1+1", "-minus")
    return store.Game(f"{index:020x}", _stamp(start), notes[index % len(notes)], settings,
                      tuple(events), store.replay(settings, tuple(events)))


def _files(app) -> list[dict[str, Any]]:
    rng = random.Random(SEED)
    logs = [log for log in deal_vectors.document()["logs"] if "state" in log]
    # The logs written by hand, and the drawn ones that end (a BG Stats play each).
    logs = logs[:10] + [log for log in logs[10:] if log["state"]["finished"]][:6]
    # Names a spreadsheet must quote or could take for a formula, in a game that ends.
    odd = make_settings(['Ann, "the boss"', "=SUM(A1)", "Zoë;x"], threshold=30)
    deals = [{"Ann, \"the boss\"": 20, "=SUM(A1)": 0, "Zoë;x": 14},
             {"Ann, \"the boss\"": 12, "=SUM(A1)": 1, "Zoë;x": 1}]
    logs.append({"settings": deal_vectors.settings_json(odd), "events": [
        {"kind": "deal", "number": n, "bullheads": b} for n, b in enumerate(deals, start=1)]})
    cases = []
    for index, log in enumerate(logs):
        game = _game(index, log, rng)
        csv = {}
        for language in LANGUAGES:
            with app.test_request_context(f"/?lang={language}"):
                separator, bom = spreadsheet.separator_for(language)
                from flask_babel import gettext
                words = {key: gettext(msgid) for key, msgid in CSV_WORDS.items()}
                text = spreadsheet.encode(spreadsheet.rows(game), separator, bom).decode()
                csv[language] = {"words": words, "separator": separator, "bom": bom,
                                 "text": text}
        played = bgstats.play(game, lambda moment: moment.astimezone(UTC))
        cases.append({
            "id": game.id, "created_at": game.created_at, "note": game.note,
            "settings": log["settings"],
            "events": backup.to_json(game)["events"],
            "backup": json.dumps(backup.to_json(game), ensure_ascii=False, indent=1),
            "csv": csv, "ended_at": bgstats.ended_at(game), "bgstats": played,
            "link": None if played is None else bgstats.link(played),
        })
    return cases


def _evenings(app) -> list[dict[str, Any]]:
    rng = random.Random(SEED + 1)
    names = ["Ann", "Bob", "Cas", "Dirk", "Eva"]
    cases = []
    for size in (2, 3, 5):
        settings = make_settings(names[:size], threshold=rng.choice((30, 66)))
        games = []
        for _ in range(rng.randint(1, 4)):
            events, number = [], 1
            while True:
                state = replay(settings, events)
                if state.finished or number > rng.randint(2, 9):
                    break
                total = rng.randint(settings.lower_bound, settings.lower_bound + 25)
                events.append(Event(EventKind.DEAL, number, make_entry(
                    settings, deal_vectors._split(rng, list(settings.players), total))))
                number += 1
            games.append({"settings": deal_vectors.settings_json(settings), "events": [
                {"kind": str(e.kind), "number": e.number, **deal_vectors.entry_json(e.entry)}
                for e in events]})
        states = [replay(settings, _events(settings, g["events"])) for g in games]
        players = add_up(states)
        texts = {}
        for language in LANGUAGES:
            with app.test_request_context(f"/?lang={language}"):
                texts[language] = [per_deal(p.bullheads, p.deals) for p in players]
        cases.append({"games": games, "players": [
            {"name": p.name, "games": p.games, "wins": p.wins, "bullheads": p.bullheads,
             "deals": p.deals} for p in players], "per_deal": texts})
    # A half is rounded up, as a calculator rounds: 45 bullheads in 4 deals is 11.3.
    with app.test_request_context("/?lang=nl"):
        halves = {"bullheads": 45, "deals": 4, "nl": per_deal(45, 4)}
    cases.append({"games": [], "players": [], "per_deal": {}, "half": halves})
    return cases


def _digests() -> list[dict[str, str]]:
    """SHA-256 of texts of every length around a block's edge and of letters beyond
    ASCII: what ``static/js/shared/sha256.js`` must answer as hashlib does (the BG Stats play's
    ``sourcePlayId`` is made from it, ``bgstats.play_id``)."""
    texts = ["", "abc", "0123456789abcdef0123", *("x" * n for n in (55, 56, 63, 64, 65, 119)),
             "Zoë;x", "Łukasz Żak €", "🐂" * 40]
    return [{"text": text, "sha256": hashlib.sha256(text.encode()).hexdigest(),
             "play_id": bgstats.play_id(text)} for text in texts]


def document() -> dict[str, Any]:
    app = create_app({"TESTING": True, "DATABASE": "unused", "SECRET_KEY": "vectors"})
    return {
        "about": "The score sheet's chart, files and evening made by scorekeeper.games; "
                 "written by tests/vectors/make_sheet_vectors.py. Do not edit by hand.",
        "charts": _charts(),
        "files": _files(app),
        "evenings": _evenings(app),
        "digests": _digests(),
    }


#: The same stable text as the deal vectors', so a regenerated file diffs cleanly.
render = deal_vectors.render


def main() -> None:
    doc = document()
    text = render(doc)
    PATH.write_text(text, encoding="utf-8")
    print(f"wrote {len(doc['charts'])} charts, {len(doc['files'])} games' files, "
          f"{len(doc['evenings'])} evenings, {len(text)} bytes to {PATH}")


if __name__ == "__main__":
    main()
