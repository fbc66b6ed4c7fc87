"""Names in a sentence, as each language lists them ("Eva en Gijs", evening.md E9): the
server's ``names`` writes what the phone's ``listed`` writes
(tests/js/catalog-names.test.mjs holds the same sentences, written by hand)."""

from __future__ import annotations

import pytest
from babel import Locale

from scorekeeper.games.listed import names

NAMES = [["Eva"], ["Eva", "Gijs"], ["Ann", "Bob", "Cas"]]


@pytest.mark.parametrize(("language", "sentences"), [
    ("en", ["Eva", "Eva and Gijs", "Ann, Bob, and Cas"]),
    ("nl", ["Eva", "Eva en Gijs", "Ann, Bob en Cas"]),
    ("de", ["Eva", "Eva und Gijs", "Ann, Bob und Cas"]),
])
def test_names_are_listed_as_each_language_lists_them(language: str, sentences: list[str]):
    assert [names(people, Locale.parse(language)) for people in NAMES] == sentences


def test_a_shared_win_on_a_dutch_sheet_names_both(client, csrf_headers):
    made = client.post("/api/v1/games", headers=csrf_headers,
                       json={"players": ["Eva", "Gijs", "Bram"], "threshold": 10})
    game_id = made.get_json()["id"]
    added = client.post(f"/api/v1/games/{game_id}/deals", headers=csrf_headers, json={
        "number": 1, "bullheads": {"Eva": 8, "Gijs": 8, "Bram": 12}})
    assert added.status_code == 201
    page = client.get(f"/games/{game_id}?lang=nl").get_data(as_text=True)
    assert "Eva en Gijs winnen samen, elk met 8 runderkoppen." in page
