"""Keeping a game on the phone (docs/api.md): every write lands once however often it is
sent, a change made on an old version of a deal is refused instead of winning silently,
and an open sheet learns that nothing moved from one read of the game's row."""

from __future__ import annotations

import http.client
import re
import sqlite3
import threading

import pytest

from scorekeeper import create_app
from scorekeeper.__main__ import server_options
from scorekeeper.games import access, store
from scorekeeper.web.db import get_db
from scorekeeper.web.schema import MIGRATIONS
from tests.conftest import waitress_serving


class Phone:
    """One phone: its own cookies and CSRF token, calling the API as the sheet does."""

    def __init__(self, app):
        self.client = app.test_client()
        token = self.client.get("/pwa/csrf-token").get_json()["csrf_token"]
        self.headers = {"X-CSRFToken": token}

    def send(self, method: str, path: str, body=None, **headers):
        kwargs = {} if body is None else {"json": body}
        return self.client.open(f"/api/v1/games{path}", method=method,
                                headers={**self.headers, **headers}, **kwargs)

    def game(self, game_id: str) -> dict:
        """The game as a write answers it: what GET answers, less the hand-over box."""
        shown = self.client.get(f"/api/v1/games/{game_id}").get_json()
        assert shown.pop("handover")["link"] == f"http://localhost/games/{game_id}"
        return shown


@pytest.fixture
def phones(app):
    return Phone(app), Phone(app)


@pytest.fixture
def game_id(phones):
    """A game of Ann and Bob with two deals (version 2), entered by the first phone."""
    first, _ = phones
    game = first.send("POST", "", {"players": ["Ann", "Bob"]}).get_json()
    for number, (ann, bob) in enumerate([(5, 3), (10, 2)], 1):
        answer = first.send("POST", f"/{game['id']}/deals",
                            {"number": number, "bullheads": {"Ann": ann, "Bob": bob},
                             "client_id": f"deal-{number}"})
        assert answer.status_code == 201
    return game["id"]


def values(ann: int, bob: int, **fields) -> dict:
    return {"bullheads": {"Ann": ann, "Bob": bob}, **fields}


def stored_version(app, game_id: str) -> int:
    with app.app_context():
        return store.version_of(get_db(), game_id)


# --- client_id on every write: sent again, it lands once ---


WRITES = [  # (method, path after the game, body without client_id), on a game of two deals
    ("PUT", "/deals/2", values(9, 2)),
    ("DELETE", "/deals/2", {}),
    ("POST", "/deals", values(4, 4, number=3)),
]


@pytest.mark.parametrize(("method", "path", "body"), WRITES)
def test_a_write_sent_again_answers_200_and_changes_nothing(phones, game_id, method, path,
                                                           body):
    first, _ = phones
    body = {**body, "client_id": "tap-1"}
    answer = first.send(method, f"/{game_id}{path}", body)
    assert answer.status_code in (200, 201)
    kept = answer.get_json()
    assert kept["version"] == 3
    again = first.send(method, f"/{game_id}{path}", body)
    assert again.status_code == 200
    assert again.get_json() == kept == first.game(game_id)


def test_a_restore_sent_again_answers_200_and_changes_nothing(phones, game_id):
    first, _ = phones
    first.send("DELETE", f"/{game_id}/deals/2", {"client_id": "undo"})
    restored = first.send("POST", f"/{game_id}/deals/2/restore", {"client_id": "back"})
    assert restored.status_code == 200 and restored.get_json()["version"] == 4
    again = first.send("POST", f"/{game_id}/deals/2/restore", {"client_id": "back"})
    assert again.status_code == 200 and again.get_json() == restored.get_json()
    assert [d["number"] for d in again.get_json()["deals"]] == [1, 2]


@pytest.mark.parametrize(("method", "path", "body"), [
    ("PUT", "/deals/2", values(8, 2)),  # other values for the same deal
    ("PUT", "/deals/1", values(9, 2)),  # the same values for another deal
    ("DELETE", "/deals/2", {}),  # another kind of change
    ("POST", "/deals/2/restore", {}),
])
def test_a_client_id_sent_again_with_other_content_is_409_with_the_game(phones, game_id,
                                                                       method, path, body):
    first, _ = phones
    assert first.send("PUT", f"/{game_id}/deals/2",
                      values(9, 2, client_id="tap-1")).status_code == 200
    before = first.game(game_id)
    answer = first.send(method, f"/{game_id}{path}", {**body, "client_id": "tap-1"})
    assert answer.status_code == 409
    refused = answer.get_json()
    assert (refused["code"], refused["fields"]) == ("ClientIdReused", {"client_id": "tap-1"})
    assert {k: v for k, v in refused.items() if k not in ("error", "code", "fields")} == before
    assert first.game(game_id) == before


def test_a_withdrawal_sent_again_after_the_next_deal_still_lands_once(phones, game_id):
    """The answer to the withdrawal was lost; the phone added deal 2 again and then sends
    its waiting entries once more, in order: each is answered 200 and none lands twice."""
    first, _ = phones
    queue = [("DELETE", f"/{game_id}/deals/2", {"client_id": "undo-2", "base": 2}),
             ("POST", f"/{game_id}/deals", values(7, 7, number=2, client_id="new-2")),
             ("PUT", f"/{game_id}/deals/2", values(7, 8, client_id="fix-2", base=4))]
    sent = [first.send(*entry).status_code for entry in queue]
    assert sent == [200, 201, 200]
    kept = first.game(game_id)
    assert [first.send(*entry).status_code for entry in queue] == [200, 200, 200]
    assert first.game(game_id) == kept and kept["version"] == 5
    assert kept["deals"][1]["bullheads"] == {"Ann": 7, "Bob": 8}


def test_withdraw_and_restore_still_take_no_body(phones, game_id):
    first, _ = phones
    assert first.send("DELETE", f"/{game_id}/deals/2").status_code == 200
    assert first.send("POST", f"/{game_id}/deals/2/restore").status_code == 200
    assert first.game(game_id)["version"] == 4


@pytest.mark.parametrize("client_id", ["a\u0000b", "\u001b[31m", "x\u200by", "tab\there"])
def test_a_client_id_with_a_control_or_format_character_is_refused(phones, game_id,
                                                                   client_id):
    first, _ = phones
    made = first.send("POST", "", {"players": ["Ann", "Bob"], "client_id": client_id})
    dealt = first.send("POST", f"/{game_id}/deals", {
        "number": 3, "bullheads": {"Ann": 3, "Bob": 4}, "client_id": client_id})
    for answer in (made, dealt):
        assert (answer.status_code, answer.get_json()["code"]) == (400, "BadClientId")
    assert first.game(game_id)["version"] == 2


@pytest.mark.parametrize(("body", "code"), [
    ([], "DealNotAnObject"),
    ({"client_id": 7}, "BadClientId"),
    ({"client_id": ""}, "BadClientId"),
    ({"client_id": "a\u0000b"}, "BadClientId"),
    ({"client_id": "a\u202eb"}, "BadClientId"),
    ({"base": "2"}, "BadShape"),
    ({"base": -1}, "BadShape"),
    ({"base": True}, "BadShape"),
    ({"base": 1.5}, "BadShape"),
])
@pytest.mark.parametrize("path", ["/deals/2", "/deals/2/restore"])
def test_a_bad_body_of_a_withdrawal_or_restore_is_400_and_changes_nothing(phones, game_id,
                                                                         path, body, code):
    first, _ = phones
    method = "DELETE" if path == "/deals/2" else "POST"
    answer = first.send(method, f"/{game_id}{path}", body)
    assert (answer.status_code, answer.get_json()["code"]) == (400, code)
    if code == "BadShape":
        assert answer.get_json()["fields"] == {"field": "base",
                                               "expected": "a whole number from 0"}
    assert first.game(game_id)["version"] == 2


@pytest.mark.parametrize("base", ["2", -1, True, 0.5, [2]])
def test_a_bad_base_of_a_correction_is_400(phones, game_id, base):
    first, _ = phones
    answer = first.send("PUT", f"/{game_id}/deals/1", values(6, 3, base=base))
    assert (answer.status_code, answer.get_json()["code"]) == (400, "BadShape")
    assert first.game(game_id)["deals"][0]["bullheads"] == {"Ann": 5, "Bob": 3}


# --- base: a change made on an old version of its deal is refused ---


def test_two_phones_correcting_one_deal_the_second_gets_409_with_the_game(phones, game_id):
    first, second = phones
    seen = second.game(game_id)["version"]
    mine = first.send("PUT", f"/{game_id}/deals/2", values(12, 2, base=seen, client_id="a"))
    assert mine.status_code == 200
    theirs = second.send("PUT", f"/{game_id}/deals/2", values(10, 4, base=seen, client_id="b"))
    assert theirs.status_code == 409
    body = theirs.get_json()
    assert body["code"] == "DealChangedMeanwhile"
    assert body["fields"] == {"number": 2, "base": 2, "version": 3}
    assert body["error"].startswith("Deal 2 was changed meanwhile")
    # The game as it stands: the other phone's values, its entry's id and version.
    assert body["deals"][1] == {"number": 2, "bullheads": {"Ann": 12, "Bob": 2},
                                "scores": {"Ann": 12, "Bob": 2}, "corrections": 1,
                                "version": 3, "client_id": "a"}
    assert body["version"] == 3 and first.game(game_id) == mine.get_json()
    # Sent on the version it now has seen, the second phone's correction counts.
    again = second.send("PUT", f"/{game_id}/deals/2", values(10, 4, base=3, client_id="c"))
    assert again.status_code == 200 and again.get_json()["deals"][1]["bullheads"]["Ann"] == 10


@pytest.mark.parametrize(("change", "then"), [
    (("PUT", "/deals/2", values(12, 2)), ("DELETE", "/deals/2", {})),
    (("DELETE", "/deals/2", {}), ("PUT", "/deals/2", values(12, 3))),
    (("DELETE", "/deals/2", {}), ("DELETE", "/deals/2", {})),
    (("DELETE", "/deals/2", {}), ("POST", "/deals/2/restore", {})),
])
def test_any_change_of_the_deal_meanwhile_refuses_a_change_on_the_old_version(
        phones, game_id, change, then):
    first, second = phones
    method, path, body = change
    assert first.send(method, f"/{game_id}{path}", {**body, "base": 2}).status_code == 200
    before = first.game(game_id)
    method, path, body = then
    answer = second.send(method, f"/{game_id}{path}", {**body, "base": 2})
    assert (answer.status_code, answer.get_json()["code"]) == (409, "DealChangedMeanwhile")
    assert first.game(game_id) == before


def test_a_restore_made_on_an_old_version_is_refused_after_another_restore(phones, game_id):
    first, second = phones
    first.send("DELETE", f"/{game_id}/deals/2", {"base": 2})
    first.send("POST", f"/{game_id}/deals/2/restore", {"base": 3})
    answer = second.send("POST", f"/{game_id}/deals/2/restore", {"base": 3})
    assert (answer.status_code, answer.get_json()["fields"]) == (
        409, {"number": 2, "base": 3, "version": 4})


def test_changes_of_other_deals_meanwhile_do_not_matter(phones, game_id):
    first, second = phones
    first.send("PUT", f"/{game_id}/deals/1", values(6, 3, base=2))
    first.send("POST", f"/{game_id}/deals", values(1, 3, number=3))
    answer = second.send("PUT", f"/{game_id}/deals/2", values(10, 4, base=2))
    assert answer.status_code == 200 and answer.get_json()["version"] == 5
    withdrawn = second.send("DELETE", f"/{game_id}/deals/3", {"base": 4})
    assert withdrawn.status_code == 200


def test_a_base_the_game_never_had_is_409(phones, game_id):
    """A phone ahead of the server (a database put back from an older copy)."""
    first, _ = phones
    answer = first.send("PUT", f"/{game_id}/deals/1", values(6, 3, base=9))
    assert (answer.status_code, answer.get_json()["fields"]) == (
        409, {"number": 1, "base": 9, "version": 2})


def test_without_base_the_last_writer_wins_as_before(phones, game_id):
    first, second = phones
    first.send("PUT", f"/{game_id}/deals/2", values(12, 2))
    answer = second.send("PUT", f"/{game_id}/deals/2", values(10, 4))
    assert answer.status_code == 200 and answer.get_json()["deals"][1]["corrections"] == 2


def test_a_retry_is_answered_200_whatever_its_base(phones, game_id):
    """The base is what the phone saw, not part of the entry: the retry of a kept
    correction is recognised before the base is compared (its own entry moved the deal)."""
    first, _ = phones
    body = values(12, 2, base=2, client_id="fix")
    assert first.send("PUT", f"/{game_id}/deals/2", body).status_code == 200
    assert first.send("PUT", f"/{game_id}/deals/2", body).status_code == 200
    assert first.send("PUT", f"/{game_id}/deals/2", {**body, "base": 3}).status_code == 200
    assert first.game(game_id)["version"] == 3


def test_a_new_deal_needs_no_base(phones, game_id):
    """Adding is guarded by the deal's number (DealNumberTaken), not by ``base``."""
    first, _ = phones
    answer = first.send("POST", f"/{game_id}/deals", values(1, 3, number=3, base=0))
    assert answer.status_code == 201


def test_two_threads_correcting_one_deal_on_one_version_one_wins(phones, game_id):
    """Two phones tap at once: the store serializes them, the second finds the first's
    correction after its base and is refused. Exactly one 200, one 409, every round."""
    barrier = threading.Barrier(2)
    statuses: list[int] = []

    def correct(phone: Phone, ann: int, base: int) -> None:
        barrier.wait()
        answer = phone.send("PUT", f"/{game_id}/deals/2", values(ann, 2, base=base))
        statuses.append(answer.status_code)

    for round_ in range(8):  # a fresh race each round, both on the version just seen
        statuses.clear()
        base = phones[0].game(game_id)["version"]
        threads = [threading.Thread(target=correct, args=(phone, ann, base))
                   for phone, ann in zip(phones, (12 + round_, 30 + round_), strict=True)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(statuses) == [200, 409]
        game = phones[1].game(game_id)
        assert game["version"] == base + 1 and game["deals"][1]["corrections"] == round_ + 1


# --- version: one more for every entry kept, none for a retry or a refusal ---


def test_version_grows_by_one_for_each_entry_kept_and_not_for_retries_or_refusals(
        app, phones, game_id):
    first, second = phones
    steps = [  # (phone, method, path, body, status, version after)
        (first, "PUT", "/deals/1", values(6, 3, client_id="c1", base=2), 200, 3),
        (first, "PUT", "/deals/1", values(6, 3, client_id="c1", base=2), 200, 3),  # retry
        (second, "PUT", "/deals/1", values(7, 3, base=2), 409, 3),  # changed meanwhile
        (second, "POST", "/deals", values(1, 3, number=2), 409, 3),  # number taken
        (second, "PUT", "/deals/1", values(900, 3), 400, 3),  # over the deck's bound
        (first, "DELETE", "/deals/1", {"base": 3}, 409, 3),  # not the last deal
        (first, "DELETE", "/deals/2", {"client_id": "u", "base": 3}, 200, 4),
        (first, "DELETE", "/deals/2", {"client_id": "u", "base": 3}, 200, 4),  # retry
        (second, "POST", "/deals/2/restore", {"client_id": "r", "base": 4}, 200, 5),
        (second, "POST", "/deals", values(1, 3, number=3, client_id="d3"), 201, 6),
        (first, "POST", "/deals", values(1, 3, number=3, client_id="d3"), 200, 6),  # retry
    ]
    for phone, method, path, body, status, version in steps:
        answer = phone.send(method, f"/{game_id}{path}", body)
        assert answer.status_code == status, (method, path, body, answer.get_json())
        assert first.game(game_id)["version"] == version == stored_version(app, game_id)
    with app.app_context():
        assert len(store.load(get_db(), game_id).events) == 6


def test_each_deal_names_the_version_and_the_client_id_of_its_last_change(phones, game_id):
    first, _ = phones
    first.send("PUT", f"/{game_id}/deals/1", values(6, 3, client_id="fix-1"))
    first.send("DELETE", f"/{game_id}/deals/2")
    deals = first.send("POST", f"/{game_id}/deals/2/restore", {"client_id": "back-2"}
                       ).get_json()["deals"]
    assert [(d["number"], d["version"], d["client_id"]) for d in deals] == [
        (1, 3, "fix-1"), (2, 5, "back-2")]


def test_the_row_counts_every_entry_kept_and_nothing_else(app, phones, game_id):
    first, _ = phones
    for method, path, body, status, version in [
        ("PUT", "/deals/1", values(6, 3), 200, 3),
        ("POST", "/deals", values(1, 3, number=2), 409, 3),  # the number is taken
        ("PUT", "/deals/1", values(900, 3), 400, 3),  # over the deck's bound
        ("POST", "/deals", values(1, 3, number=3, client_id="d3"), 201, 4),
        ("POST", "/deals", values(1, 3, number=3, client_id="d3"), 200, 4),  # sent again
        ("DELETE", "/deals/3", None, 200, 5),
        ("POST", "/deals/3/restore", None, 200, 6),
    ]:
        answer = first.send(method, f"/{game_id}{path}", body)
        assert answer.status_code == status, (method, path, answer.get_json())
        assert first.game(game_id)["version"] == version == stored_version(app, game_id)


def test_the_stored_version_counts_games_kept_before_it_and_imported_ones(app, game_id):
    """The migration counts each game's log; a backup's import counts its events."""
    migration = next(m for m in MIGRATIONS if "ADD COLUMN version" in m)
    with app.app_context():
        db = get_db()
        db.execute("UPDATE games SET version = 0")
        db.execute(migration.split(";")[1])  # the migration's count, run again
        assert store.version_of(db, game_id) == 2
        game = store.load(db, game_id)
        copy, _ = store.import_game(db, game.settings, game.note, game.created_at,
                                    list(game.events), "digest")
        assert store.version_of(db, copy) == 2 == store.load(db, copy).version


# --- ETag and 304: an open sheet asks whether anything moved ---


def tag_of(phone, game_id: str) -> str:
    """The ETag as the log says it must be: the version and the last entry's time."""
    events = phone.client.get(f"/games/{game_id}/export.json").get_json()["events"]
    return f'"{len(events)}.{events[-1]["created_at"]}"'


def test_get_answers_an_etag_and_304_while_nothing_changed(phones, game_id):
    first, second = phones
    answer = first.client.get(f"/api/v1/games/{game_id}")
    tag = tag_of(first, game_id)
    assert re.fullmatch(r'"2\.\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"', tag)
    assert answer.headers["ETag"] == tag
    assert answer.headers["Cache-Control"] == "private, no-store"
    for sent in (tag, '"2"'):  # "2": the bare version of earlier pages
        same = first.client.get(f"/api/v1/games/{game_id}", headers={"If-None-Match": sent})
        assert same.status_code == 304 and same.data == b"" and same.headers["ETag"] == tag
    second.send("PUT", f"/{game_id}/deals/2", values(12, 2))
    moved = first.client.get(f"/api/v1/games/{game_id}", headers={"If-None-Match": tag})
    assert moved.status_code == 200 and moved.headers["ETag"] == tag_of(first, game_id)
    assert moved.get_json()["version"] == 3 and moved.headers["ETag"].startswith('"3.')


def test_a_compressed_answer_carries_a_weak_tag_and_its_304_the_same(phones, game_id):
    first, _ = phones
    gzip = {"Accept-Encoding": "gzip"}
    answer = first.client.get(f"/api/v1/games/{game_id}", headers=gzip)
    tag = tag_of(first, game_id)
    assert answer.headers["Content-Encoding"] == "gzip" and answer.headers["ETag"] == "W/" + tag
    for sent in ("W/" + tag, tag, '"2"', '"1", W/' + tag, "*"):
        same = first.client.get(f"/api/v1/games/{game_id}",
                                headers={**gzip, "If-None-Match": sent})
        assert (same.status_code, same.headers["ETag"]) == (304, "W/" + tag), sent
    stale = first.client.get(f"/api/v1/games/{game_id}", headers={"If-None-Match": '"1"'})
    assert stale.status_code == 200


def test_the_tag_tells_other_entries_apart_after_a_database_is_put_back(
        app, phones, game_id, tmp_path, monkeypatch):
    """A phone saw deal 3; the database is put back from a copy taken before it, and
    another deal 3 is entered later: the same version, other content. The phone's tag
    no longer matches, so it is sent the game as it is now."""
    first, _ = phones
    copy = tmp_path / "before.sqlite"
    with app.app_context():
        get_db().execute("VACUUM INTO ?", (str(copy),))
    monkeypatch.setattr(store, "now", lambda: "2026-11-27T20:00:00Z")
    first.send("POST", f"/{game_id}/deals", {"number": 3, **values(4, 30)})
    seen = first.client.get(f"/api/v1/games/{game_id}").headers["ETag"]
    with app.app_context():
        with sqlite3.connect(copy) as source:
            source.backup(get_db())
    monkeypatch.setattr(store, "now", lambda: "2026-11-28T09:15:00Z")
    first.send("POST", f"/{game_id}/deals", {"number": 3, **values(20, 6)})
    again = first.client.get(f"/api/v1/games/{game_id}", headers={"If-None-Match": seen})
    assert again.status_code == 200 and again.get_json()["version"] == 3
    assert again.get_json()["deals"][2]["bullheads"] == {"Ann": 20, "Bob": 6}
    assert seen.startswith('"3.') and again.headers["ETag"] != seen


def test_the_304_reads_the_row_and_the_last_entry_only(app, phones, game_id, monkeypatch):
    """No log read, no replay, no write: one SELECT of the game's row by its token and
    of its last entry by the log's index."""
    first, _ = phones
    statements: list[str] = []

    def refuse(*_args, **_kwargs):
        raise AssertionError("the 304 path read the game")

    monkeypatch.setattr(store, "load", refuse)
    monkeypatch.setattr(store, "replay", refuse)
    monkeypatch.setattr(access, "grant", refuse)
    with app.app_context():
        get_db().set_trace_callback(statements.append)  # the serving thread's connection
    try:
        same = first.client.get(f"/api/v1/games/{game_id}", headers={"If-None-Match": '"2"'})
    finally:
        with app.app_context():
            get_db().set_trace_callback(None)
    assert same.status_code == 304 and len(statements) == 1
    assert statements[0].startswith("SELECT version, coalesce((SELECT created_at FROM "
                                    "game_events e WHERE e.game_id = games.id ORDER BY e.id"
                                    " DESC LIMIT 1), created_at) FROM games WHERE token = ")
    with app.app_context():
        plan = " ".join(row[3] for row in get_db().execute(
            "EXPLAIN QUERY PLAN " + statements[0]))
    assert "SCAN" not in plan, plan  # both found by an index


def test_if_none_match_for_a_missing_game_is_404(phones):
    first, _ = phones
    answer = first.client.get("/api/v1/games/0123456789abcdef0123",
                              headers={"If-None-Match": '"0"'})
    assert (answer.status_code, answer.get_json()["code"]) == (404, "NoSuchGame")


# --- The server keeps every open sheet's connection ---


#: More open sheets than waitress's own default of 100 open connections.
OPEN_SHEETS = 150


def test_the_server_keeps_every_open_sheets_connection_and_answers_healthz(tmp_path):
    """Waitress as ``python -m scorekeeper`` sets it up. Each open sheet has just fetched
    the game (a 200, after which the browser keeps the connection alive for the next
    poll); past 100 of them every sheet, and ``/healthz``, is still answered at once.
    (A 304 is answered with ``Connection: close`` by waitress, so a sheet that polls in
    vain reconnects; benchmarks/bench_sync.py measures 200 sheets.)"""
    app = create_app({"DATABASE": str(tmp_path / "open.sqlite"), "SECRET_KEY": "open"})
    game_id = Phone(app).send("POST", "", {"players": ["Ann", "Bob"]}).get_json()["id"]
    with waitress_serving(app, **server_options(app, "127.0.0.1", 0)) as running:
        port = running.effective_port
        sheets = [http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                  for _ in range(OPEN_SHEETS)]
        try:
            for sheet in sheets:
                sheet.request("GET", f"/api/v1/games/{game_id}")
                answer = sheet.getresponse()
                assert (answer.status, answer.getheader("Connection")) == (200, None)
                answer.read()
            for sheet in sheets:  # polling on the connection each kept
                sheet.request("GET", f"/api/v1/games/{game_id}",
                              headers={"If-None-Match": '"0"'})
                answer = sheet.getresponse()
                assert (answer.status, answer.read()) == (304, b"")
            monitor = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            monitor.request("GET", "/healthz")
            assert monitor.getresponse().status == 200
            monitor.close()
        finally:
            for sheet in sheets:
                sheet.close()
