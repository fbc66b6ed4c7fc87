"""What a phone needs to keep a game itself: the sheet's data (the game's whole log and the
addresses it writes to), the empty shells of the sheet and the evening, each page's
catalog, the JSON start of "new game, same players", and the phone's checks of a new game
agreeing with the engine's (static/js/engine/settings.js, run in Node)."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

from scorekeeper.engine.errors import RulesError
from tests.conftest import page_catalog, read_csrf_token, require_node
from tests.test_deal_vectors import vectors

ROOT = Path(__file__).resolve().parent.parent
SETTINGS_JS = ROOT / "static" / "js" / "engine" / "settings.js"


def data_block(html: str, name: str) -> object:
    found = re.findall(rf'<script type="application/json" id="{name}">(.*?)</script>', html, re.S)
    assert len(found) == 1, name
    return json.loads(found[0])


def new_game(client, **fields) -> dict:
    token = read_csrf_token(client)
    answer = client.post("/api/v1/games", json={"players": ["Ann", "Bob"], **fields},
                         headers={"X-CSRFToken": token})
    assert answer.status_code == 201
    return answer.get_json()


def test_the_sheet_hands_the_phone_the_games_whole_log(client):
    game = new_game(client, note="Café")
    token = read_csrf_token(client)
    url = f"/api/v1/games/{game['id']}/deals"
    headers = {"X-CSRFToken": token}
    client.post(url, json={"number": 1, "bullheads": {"Ann": 5, "Bob": 0}, "client_id": "a"},
                headers=headers)
    client.put(f"{url}/1", json={"bullheads": {"Ann": 6, "Bob": 0}, "client_id": "b"},
               headers=headers)
    data = data_block(client.get(f"/games/{game['id']}?lang=nl").get_data(as_text=True),
                      "sheet-data")
    kept = data["game"]
    assert kept["id"] == game["id"] and kept["evening"] == game["id"] and kept["note"] == "Café"
    assert kept["settings"] == {"players": ["Ann", "Bob"], "threshold": 66, "fixed_deals": None,
                                "virgin_doubling": False, "variant": "basic", "rows": 4,
                                "takes_at": 6, "hand_size": 10}
    assert [(e["kind"], e["number"], e["bullheads"], e["client_id"]) for e in kept["events"]] == [
        ("deal", 1, {"Ann": 5, "Bob": 0}, "a"), ("correction", 1, {"Ann": 6, "Bob": 0}, "b")]
    backup = client.get(f"/games/{game['id']}/export.json").get_json()
    assert kept["events"] == backup["events"]  # the log the phone fetches later is the same
    urls = data["urls"]
    assert urls["sheet"] == "/games/{id}" and urls["api"] == "/api/v1/games"
    assert urls["edit"] == "/games/{id}/deals/{number}/edit"
    assert urls["next_game"] == "/api/v1/games/{id}/same-players"
    assert urls["local"] == "/games/offline#{key}" and urls["token"] == "/pwa/csrf-token"


def test_the_shells_are_empty_and_in_the_page_language(client):
    html = client.get("/games/offline?lang=de").get_data(as_text=True)
    assert '<html lang="de">' in html
    assert data_block(html, "sheet-data")["game"] is None
    words = page_catalog(client, html)
    assert words["sentences"]["deal"] == "Durchgang %(number)s"
    assert words["sentences"]["csv_entered"] == "eingegeben"
    assert {"DealOverBound", "DealNumberTaken", "CannotRestore"} <= set(words["refusals"])
    assert re.search(r'src="/static/js/sheet/page\.js\?v=[0-9a-f]{12}"', html)
    assert 'class="deal-player"' not in html  # the phone adds its game's players
    evening = client.get("/games/offline/evening?lang=nl").get_data(as_text=True)
    assert 'id="evening" data-shell' in evening and 'class="game-item"' not in evening
    assert page_catalog(client, evening)["sentences"]["per_deal"] == "Per spelronde"


def test_the_start_page_starts_a_game_on_the_phone(client):
    html = client.get("/?lang=nl").get_data(as_text=True)
    assert data_block(html, "sheet-data")["urls"]["local"] == "/games/offline#{key}"
    words = page_catalog(client, html)
    assert words["refusals"]["PlayerCount"] == (
        "Een spel heeft 2 tot en met 10 spelers nodig, niet %(count)s.")
    assert words["plurals"]["deals"] == ["%(num)s spelronde", "%(num)s spelrondes"]


def test_same_players_in_json_answers_one_next_game_however_often_it_is_asked(client):
    first = new_game(client, note="Club")
    headers = {"X-CSRFToken": read_csrf_token(client)}
    url = f"/api/v1/games/{first['id']}/same-players"
    assert client.post(url).status_code == 400  # no token
    answer = client.post(url, headers=headers)
    assert answer.status_code == 200
    second = answer.get_json()
    assert second["id"] != first["id"] and second["players"] == ["Ann", "Bob"]
    assert second["note"] == "Club" and second["deals"] == [] and second["version"] == 0
    assert client.post(url, headers=headers).get_json()["id"] == second["id"]
    sheet = client.get(f"/games/{second['id']}").get_data(as_text=True)
    assert data_block(sheet, "sheet-data")["game"]["evening"] == first["id"]
    missing = client.post("/api/v1/games/0123456789abcdef0123/same-players", headers=headers)
    assert missing.status_code == 404 and missing.get_json()["code"] == "NoSuchGame"


def run_node(function: str, cases: list) -> list:
    """Each case through ``function`` of engine/settings.js; a refusal as {code, fields}."""
    script = (
        f"import * as rules from {json.dumps(SETTINGS_JS.as_uri())};"
        f"const cases = {json.dumps(cases)};"
        "const run = (c) => { try { return rules." + function + "(...c); } catch (error) {"
        " if (!error.code) throw error; return { code: error.code, fields: error.fields }; } };"
        "console.log(JSON.stringify(cases.map(run)));"
    )
    out = subprocess.run([require_node(), "--input-type=module", "-e", script],
                         capture_output=True, text=True, check=True, timeout=30).stdout
    return json.loads(out)


def test_the_phone_accepts_and_refuses_a_new_game_as_the_engine_does():
    forms = [vectors.start_form(f) for f in vectors.FORMS]
    answers = run_node("checkSettings", [[f] for f in forms])
    for form, answer in zip(forms, answers, strict=True):
        try:
            settings = vectors.engine_settings(form)
        except RulesError as error:
            assert answer.get("code") == type(error).__name__, (form, answer)
            assert answer["fields"] == error.fields, (form, answer)
            continue
        assert "code" not in answer, (form, answer)
        assert answer["settings"] == vectors.settings_json(settings)
