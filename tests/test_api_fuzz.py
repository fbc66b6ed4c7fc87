"""No input, however odd, makes the app answer 500 (hypothesis-generated): not the JSON
interface, not a form (start, deal, tournament, results, checker), not the backup import,
not the tournament's pages and sheets."""

from __future__ import annotations

import io
import json
import tempfile
from pathlib import Path

from conftest import refusal
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import create_app

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 300) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=6),
    max_leaves=30,
)
CARD = st.integers(-2, 110) | st.booleans() | st.floats(0, 110) | st.text(max_size=3) | st.none()
ROW = st.lists(CARD, max_size=7)
PLAY = st.fixed_dictionaries(
    {"player": st.text(max_size=45) | st.integers() | st.none(), "card": CARD},
    optional={"cards": st.lists(CARD, max_size=3)},
)
NEAR_VALID = st.fixed_dictionaries(
    {"rows": st.lists(ROW, min_size=2, max_size=6), "plays": st.lists(PLAY, max_size=12)},
    optional={
        "takes_at": st.sampled_from([5, 6, 7, 7, 4, 8]) | st.floats(4, 8) | st.booleans()
        | st.text(max_size=2) | st.none(),
        "variant": st.sampled_from(["basic", "professional", "double", "nifty", "hand", "x", 3]),
        "max_card": st.integers(-1, 120) | st.floats(0, 120) | st.text(max_size=3),
        "take": st.dictionaries(st.text(max_size=5), JSON_VALUES, max_size=3) | JSON_VALUES,
        "place": st.dictionaries(st.text(max_size=5), JSON_VALUES, max_size=3) | JSON_VALUES,
    },
)

_DB = Path(tempfile.mkdtemp(prefix="fuzz-")) / "fuzz.sqlite"
#: The fuzz posts thousands of files from one client: past the import bounds (429, which
#: tests/test_events_import_flood.py holds), every file would be refused unread.
_UNBOUNDED = {"event": (10**6, 600), "backup": (10**6, 600)}
APP = create_app({"TESTING": True, "DATABASE": str(_DB), "SECRET_KEY": "fuzz",
                  "IMPORT_LIMITS": _UNBOUNDED})
GAMES_APP = create_app({"TESTING": True, "DATABASE": str(_DB), "SECRET_KEY": "fuzz",
                        "WTF_CSRF_ENABLED": False, "IMPORT_LIMITS": _UNBOUNDED})


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=JSON_VALUES | NEAR_VALID, lang=st.sampled_from(["en", "nl", "de"]))
def test_placement_never_fails_with_500(body, lang):
    response = APP.test_client().post(
        f"/api/v1/placement?lang={lang}", data=json.dumps(body), content_type="application/json"
    )
    assert response.status_code in (200, 400), response.get_data(as_text=True)
    answer = response.get_json()
    if response.status_code == 400:
        assert refusal(response)
    else:
        assert len(answer["rows"]) == len(body["rows"]) and 3 <= len(answer["rows"]) <= 5
        limit = body.get("takes_at", 6) - 1 if isinstance(body, dict) else 5
        assert all(len(set(row)) <= limit for row in answer["rows"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=JSON_VALUES | st.fixed_dictionaries(
    {"players": st.lists(st.text(max_size=45) | st.integers(), max_size=12)},
    optional={"threshold": JSON_VALUES, "virgin_doubling": JSON_VALUES,
              "fixed_deals": JSON_VALUES, "variant": JSON_VALUES, "note": JSON_VALUES}))
def test_game_creation_never_fails_with_500(body):
    response = GAMES_APP.test_client().post("/api/v1/games", data=json.dumps(body),
                                      content_type="application/json")
    assert response.status_code in (201, 400), response.get_data(as_text=True)
    if response.status_code == 201:
        assert 2 <= len(response.get_json()["players"]) <= 10


# --- Forms, the import upload and the tournament routes: never a 500 either ---

#: Text a form field may receive: anything typed (a browser sends UTF-8, so no lone
#: surrogates), numbers far past ``int()``'s 4,300 digits, and digits Python misreads.
TYPED = (
    st.text(st.characters(exclude_categories=("Cs",)), max_size=30)
    | st.sampled_from(["9" * 5000, str(2**63), "-1", "²", "٣", "1e9", " 12 ", "0", "66"])
    | st.integers(0, 200).map(str)
)
CARDS_TYPED = st.lists(st.integers(-3, 60).map(str) | TYPED, max_size=12).map(" ".join)
PAGES = (200, 302, 400, 404, 409)


def _form(fields: dict) -> st.SearchStrategy:
    """Some of ``fields`` (name -> strategy), each filled or left out."""
    return st.fixed_dictionaries({}, optional=fields)


def _game_id() -> str:
    answer = GAMES_APP.test_client().post("/api/v1/games", json={"players": ["Ann", "Bob"]})
    assert answer.status_code == 201
    return answer.get_json()["id"]


def _tournament_id() -> str:
    answer = GAMES_APP.test_client().post("/tournament", data={
        "name1": "Ann", "name2": "Bob", "hand1": "1 2 3 4 5 6 7 8 9 10",
        "hand2": "11 12 13 14 15 16 17 18 19 20"})
    assert answer.status_code == 302
    return answer.headers["Location"].rsplit("/", 1)[1]


TOURNAMENT = _tournament_id()


FAST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: Half of these examples render a PDF (about 0.1 s each): fewer keep the test quick.
PDFS = settings(FAST, max_examples=40)


@FAST
@given(form=_form({
    **{f"players-{seat}": TYPED for seat in range(11)},
    "end": st.sampled_from(["threshold", "deals"]) | TYPED, "threshold": TYPED,
    "fixed_deals": TYPED, "virgin_doubling": st.sampled_from(["y", "", "on"]) | TYPED,
    "variant": st.sampled_from(["basic", "tactics", "double", "hand"]) | TYPED,
    "note": TYPED, "rows": st.sampled_from(["3", "4", "5"]) | TYPED,
    "takes_at": st.sampled_from(["5", "6", "7"]) | TYPED, "hand_size": TYPED,
}))
def test_the_start_form_never_fails_with_500(form):
    assert GAMES_APP.test_client().post("/", data=form).status_code in PAGES


@FAST
@given(form=_form({
    "number": TYPED, "mode": st.sampled_from(["cards", "bullheads"]) | TYPED,
    "action": st.sampled_from(["save", "preview"]) | TYPED, "confirm": TYPED,
    "bh-0": TYPED, "bh-1": TYPED, "bh-5": TYPED, "hand-0": TYPED, "cards-0": CARDS_TYPED,
    "cards-1": CARDS_TYPED,
}), edit=st.booleans())
def test_the_deal_form_never_fails_with_500(form, edit):
    game = _game_id()
    client = GAMES_APP.test_client()
    client.post(f"/api/v1/games/{game}/deals", json={"number": 1,
                                                     "bullheads": {"Ann": 5, "Bob": 9}})
    path = f"/games/{game}/deals/1/edit" if edit else f"/games/{game}/deals"
    assert client.post(path, data=form).status_code in PAGES


@FAST
@given(form=_form({
    **{f"name{seat}": TYPED for seat in range(1, 7)},
    **{f"hand{seat}": CARDS_TYPED for seat in range(1, 7)},
    "event_name": TYPED, "event_date": st.sampled_from(["2025-03-14", "2025-02-30"]) | TYPED,
    "event_table": TYPED,
}))
def test_the_tournament_form_never_fails_with_500(form):
    assert GAMES_APP.test_client().post("/tournament", data=form).status_code in PAGES


@FAST
@given(game=st.integers(0, 6) | st.sampled_from([2**63, 2**63 - 1]),
       form=_form({f"points{seat}": TYPED for seat in range(1, 7)}))
def test_the_results_form_never_fails_with_500(game, form):
    path = f"/tournament/{TOURNAMENT}/games/{game}"
    assert GAMES_APP.test_client().post(path, data=form).status_code in PAGES


CHECKER_FIELDS = {
    "variant": st.sampled_from(["basic", "professional", "double", "nifty", "hand"]) | TYPED,
    "deck": st.sampled_from(["full", "tactics"]) | TYPED, "max_card": TYPED,
    "rows": st.sampled_from(["3", "4", "5"]) | TYPED,
    "takes_at": st.sampled_from(["5", "6", "7"]) | TYPED,
    **{f"r{row}": CARDS_TYPED for row in range(1, 6)},
    "player": st.lists(TYPED, max_size=6), "card": st.lists(CARDS_TYPED, max_size=6),
    "take": st.lists(TYPED, max_size=4),
    "place": st.lists(st.sampled_from(["1-left", "2-right", "9-up"]) | TYPED, max_size=4),
}


@FAST
@given(form=_form(CHECKER_FIELDS), posted=st.booleans(), partial=st.booleans())
def test_the_checker_form_and_its_links_never_fail_with_500(form, posted, partial):
    client = GAMES_APP.test_client()
    query = "?partial=1" if partial else ""
    answer = (client.post(f"/check{query}", data=form) if posted
              else client.get("/check", query_string={**form, "partial": "1" * partial}))
    assert answer.status_code in (200, 400)


BACKUP = {
    "format": "6nimmt-scorekeeper-game", "version": 1, "created_at": "2026-01-02T10:00:00Z",
    "players": ["Ann", "Bob"], "threshold": 66, "fixed_deals": None, "virgin_doubling": False,
    "variant": "basic", "rows": 4, "takes_at": 6, "hand_size": 10, "note": "",
    "events": [{"kind": "deal", "number": 1, "bullheads": {"Ann": 5, "Bob": 10},
                "client_id": None, "created_at": "2026-01-02T10:05:00Z"}],
}


@st.composite
def backups(draw) -> bytes:
    """A real backup with some fields replaced by anything, or any JSON, or any bytes."""
    kind = draw(st.sampled_from(["near", "json", "bytes"]))
    if kind == "bytes":
        return draw(st.binary(max_size=200))
    if kind == "json":
        return json.dumps(draw(JSON_VALUES)).encode()
    backup = json.loads(json.dumps(BACKUP))
    changes = draw(st.dictionaries(st.sampled_from(sorted(BACKUP)), JSON_VALUES, max_size=3))
    backup.update(changes)
    event = draw(st.dictionaries(st.sampled_from(["kind", "number", "bullheads", "cards",
                                                  "client_id", "created_at", "hand"]),
                                 JSON_VALUES, max_size=2))
    if isinstance(backup.get("events"), list) and backup["events"]:
        backup["events"][0] = {**BACKUP["events"][0], **event}
    return json.dumps(draw(st.sampled_from([backup, [backup, backup]]))).encode()


@FAST
@given(body=backups(), as_file=st.booleans())
def test_the_import_never_fails_with_500(body, as_file):
    data = ({"file": (io.BytesIO(body), "backup.json")} if as_file
            else {"text": body.decode("utf-8", "replace")})
    answer = GAMES_APP.test_client().post("/games/import", data=data,
                                          content_type="multipart/form-data")
    assert answer.status_code in PAGES


@FAST
@given(path=st.sampled_from(["", "/sheets", "/standings.pdf", "/sheets.pdf"]),
       number=st.sampled_from(["{t}", "0", str(2**63), "9" * 5000, "-1"]),
       query=_form({"game": TYPED, "paper": st.sampled_from(["a4", "letter"]) | TYPED,
                    "per_page": TYPED, "event": TYPED, "date": TYPED, "table": TYPED,
                    "lang": st.sampled_from(["en", "nl", "de"]) | TYPED}))
def test_the_tournament_pages_never_fail_with_500(path, number, query):
    url = "/tournament/" + number.format(t=TOURNAMENT) + path
    answer = GAMES_APP.test_client().get(url, query_string=query)
    assert answer.status_code in (200, 404)


@PDFS
@given(path=st.sampled_from(["/tournament/sheet", "/tournament/sheet.pdf"]),
       query=_form({"paper": TYPED, "per_page": TYPED, "event": TYPED, "date": TYPED,
                    "table": TYPED, "lang": TYPED}))
def test_the_blank_sheet_never_fails_with_500(path, query):
    assert GAMES_APP.test_client().get(path, query_string=query).status_code == 200


NAMES = st.sampled_from(["Ann", "Bob", "Cas"]) | st.text(max_size=8) | JSON_VALUES
SHEETS = st.fixed_dictionaries(
    {"players": st.lists(NAMES, max_size=6) | JSON_VALUES,
     "hands": st.dictionaries(NAMES.filter(lambda name: isinstance(name, str)),
                              st.lists(CARD, max_size=11) | JSON_VALUES, max_size=4)
     | JSON_VALUES},
    optional={"lang": st.sampled_from(["en", "nl", "de"]) | JSON_VALUES,
              "paper": st.sampled_from(["a4", "letter"]) | JSON_VALUES,
              "event": JSON_VALUES, "date": st.just("2025-03-14") | JSON_VALUES,
              "table": JSON_VALUES, "per_page": st.sampled_from([1, 2]) | JSON_VALUES},
)


@FAST
@given(body=SHEETS | JSON_VALUES)
def test_the_sheets_api_never_fails_with_500(body):
    answer = APP.test_client().post("/api/v1/tournament/sheets", data=json.dumps(body),
                                    content_type="application/json")
    assert answer.status_code in (200, 400), answer.get_data(as_text=True)[:300]
    if answer.status_code == 200:
        assert answer.mimetype == "application/pdf"
    else:
        assert refusal(answer)

