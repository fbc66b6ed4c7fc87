"""Player names are made and checked once, in the engine (``engine/names.py``), for games,
tournaments and club events alike: lookalikes are refused or made one name."""

from __future__ import annotations

import pytest

from scorekeeper.engine import errors
from scorekeeper.engine import tournament as tournament_rules
from scorekeeper.engine.deal import make_entry
from scorekeeper.engine.names import distinct_names, name_key, normal_name, plain_name
from scorekeeper.engine.settings import make_settings

NFC, NFD = "Jos\u00e9", "Jose\u0301"


@pytest.mark.parametrize(("typed", "made"), [
    (NFD, NFC),
    ("  Ann  ", "Ann"),
    ("Anna\t \n Maria", "Anna Maria"),
    ("Anna\u00a0\u2003Maria", "Anna Maria"),  # no-break and em space are white space too
    ("李雷", "李雷"),
    ("\U0001f402", "\U0001f402"),
    ("x" * 40, "x" * 40),
    ("Ann" + " " * 60 + "Bob", "Ann Bob"),  # white space counts once made
])
def test_names_are_made_one_way(typed, made):
    assert normal_name(typed) == made


@pytest.mark.parametrize(("typed", "character"), [
    ("Ann\u200b", "U+200B"),      # zero-width space
    ("\u200cBob", "U+200C"),      # zero-width non-joiner
    ("Cas\u200dDirk", "U+200D"),  # zero-width joiner
    ("Eva\u2060", "U+2060"),      # word joiner
    ("\ufeffFien", "U+FEFF"),     # byte-order mark
    ("\u202eGijs", "U+202E"),     # right-to-left override
    ("Hanna\x07", "U+0007"),      # bell
    ("Ilse\x00", "U+0000"),       # NUL
    ("Jo\x1fost", "U+001F"),      # a unit separator is a control, not white space
    ("Kees\u00ad", "U+00AD"),     # soft hyphen
])
def test_a_hidden_character_is_refused_and_named(typed, character):
    with pytest.raises(errors.NameHiddenCharacter) as caught:
        normal_name(typed)
    assert caught.value.character == character
    assert f"[{character}]" in caught.value.player
    assert "\u202e" not in str(caught.value) and "\x00" not in str(caught.value)


@pytest.mark.parametrize("typed", ["", "   ", "\t\n", "\u00a0\u3000", 7, None, "x" * 41])
def test_an_empty_or_long_name_is_refused(typed):
    with pytest.raises(errors.BadPlayerName):
        normal_name(typed)


@pytest.mark.parametrize("typed", ["\u3164", "\u2800\u2800", "\u0301", "\u115f \u1160"])
def test_a_name_with_nothing_visible_is_refused(typed):
    with pytest.raises(errors.NameNotVisible):
        normal_name(typed)


def test_names_equal_after_case_folding_are_one_name():
    assert name_key("ANN") == name_key("ann") == name_key(" Ann ")
    assert name_key("STRASSE") == name_key("straße")
    assert name_key(NFC) == name_key(NFD.upper())
    for pair in (["Ann", "ANN"], [NFC, NFD], ["Ann Bo", "ann  bo"]):
        with pytest.raises(errors.DuplicatePlayer):
            distinct_names(pair)


def test_plain_name_checks_nothing():
    assert plain_name("\u200b A\u0301 ") == "\u200b Á"


# --- Every place a name enters -----------------------------------------------------------


def test_a_games_settings_make_their_names():
    assert make_settings([NFD, " Ann "]).players == (NFC, "Ann")
    for players, error in (([NFC, NFD], errors.DuplicatePlayer),
                           (["Ann", "BOB", "bob"], errors.DuplicatePlayer),
                           (["Ann", "\u202eBob"], errors.NameHiddenCharacter),
                           (["Ann", "\u3164"], errors.NameNotVisible),
                           (["Ann", "Bob\x00"], errors.NameHiddenCharacter)):
        with pytest.raises(error):
            make_settings(players)


def test_a_deal_finds_a_player_under_any_form_of_the_name():
    settings = make_settings([NFD, "Ann"])
    entry = make_entry(settings, {NFD: 20, "Ann ": 4})
    assert entry.bullheads == {NFC: 20, "Ann": 4}
    with pytest.raises(errors.UnknownPlayer):
        make_entry(settings, {NFD: 20, NFC: 2, "Ann": 4})  # one player named twice


def test_a_tournament_makes_its_names():
    assert tournament_rules.check_players([NFD, "Ann"]) == [NFC, "Ann"]
    for players, error in (([NFC, NFD], errors.NameRepeated), (["Ann", "\u2060"],
                           errors.NameHiddenCharacter), (["Ann", "x" * 41], errors.BadName)):
        with pytest.raises(error):
            tournament_rules.check_players(players)


def test_the_games_api_stores_one_spelling_and_refuses_lookalikes(client, csrf_headers):
    answer = client.post("/api/v1/games", json={"players": [NFD, "Ann"]},
                         headers=csrf_headers)
    assert answer.status_code == 201
    game = answer.get_json()
    assert game["players"] == [NFC, "Ann"]
    deal = client.post(f"/api/v1/games/{game['id']}/deals", headers=csrf_headers,
                       json={"bullheads": {NFD: 3, "Ann": 1}})
    assert deal.status_code == 201 and deal.get_json()["totals"] == {NFC: 3, "Ann": 1}
    for players in ([NFC, NFD], ["Ann", "Bob\x07"], ["Ann", "\u202eBob"], ["Ann", "   "],
                    ["Ann", "Bob\u200b"], ["Ann", "\x00"]):
        refused = client.post("/api/v1/games", json={"players": players},
                              headers=csrf_headers)
        assert refused.status_code == 400, players
        assert refused.get_json()["code"] in ("DuplicatePlayer", "NameHiddenCharacter",
                                              "BadPlayerName")
        assert "\x00" not in refused.get_data(as_text=True)


def test_a_hidden_character_is_refused_in_every_language(client, csrf_headers):
    for lang in ("en", "nl", "de"):
        refused = client.post(f"/api/v1/games?lang={lang}", headers=csrf_headers,
                              json={"players": ["Ann", "\u202eBob"]})
        assert refused.status_code == 400
        body = refused.get_json()
        assert body["code"] == "NameHiddenCharacter"
        assert body["fields"] == {"player": "[U+202E]Bob", "character": "U+202E"}
        assert "[U+202E]Bob" in body["error"] and "\u202e" not in body["error"]


def test_the_tournament_sheets_refuse_a_hidden_character(client):
    hands = {"Ann": list(range(1, 11)), "Bob\u200b": list(range(11, 21))}
    refused = client.post("/api/v1/tournament/sheets",
                          json={"players": ["Ann", "Bob\u200b"], "hands": hands})
    assert refused.status_code == 400
    assert refused.get_json()["code"] == "NameHiddenCharacter"


@pytest.mark.parametrize(("typed", "character"), [
    ("Ann\u034f", "U+034F"),      # combining grapheme joiner (a mark that draws nothing)
    ("Ann\ufe0f", "U+FE0F"),      # variation selector
    ("Ann\U000e0100", "U+E0100"),  # variation selector supplement
    ("Ann\u3164", "U+3164"),      # Hangul filler after a letter
    ("Ann\uffa0", "U+FFA0"),      # half-width Hangul filler
    ("Ann\u115f", "U+115F"),      # Hangul choseong filler
    ("Ann\u2800", "U+2800"),      # the blank Braille pattern
    ("Ann\u180b", "U+180B"),      # Mongolian free variation selector
    ("Ann\u17b4", "U+17B4"),      # Khmer inherent vowel
    ("Ann\ue000", "U+E000"),      # private use
    ("Ann\uffff", "U+FFFF"),      # a noncharacter (unassigned)
    ("Ann\U000f0000", "U+F0000"),  # supplementary private use
])
def test_a_character_that_draws_nothing_is_refused_after_a_letter_too(typed, character):
    with pytest.raises(errors.NameHiddenCharacter) as caught:
        normal_name(typed)
    assert caught.value.character == character


@pytest.mark.parametrize("pair", [["Ann", "\uff21nn"], ["fine", "\ufb01ne"],
                                  ["Ann 2", "Ann \u00b2"]])
def test_names_that_differ_only_in_a_compatibility_form_are_one_name(pair):
    with pytest.raises(errors.DuplicatePlayer):
        distinct_names(pair)
    assert normal_name(pair[1]) == pair[1]  # alone, either is a name


def test_a_file_keeps_no_line_break_in_a_name():
    from scorekeeper.engine.names import refuse_controls
    refuse_controls("Clubavond november · ronde 1")
    for text, character in (("Club\navond", "U+000A"), ("Club\tavond", "U+0009"),
                            ("Club\u202eavond", "U+202E")):
        with pytest.raises(errors.NameHiddenCharacter) as caught:
            refuse_controls(text)
        assert caught.value.character == character


@pytest.mark.parametrize(("path", "body"), [
    ("/api/v1/events", {"players": [f"P{n}" for n in range(6)], "rounds": 1}),
    ("/api/v1/series", {}),
])
@pytest.mark.parametrize(("name", "code"), [
    ("Club\u0000", "NameHiddenCharacter"), ("Club\u0007\u001b[31m", "NameHiddenCharacter"),
    ("Club\u202eRLO", "NameHiddenCharacter"), ("Club\u200b", "NameHiddenCharacter"),
    ("\u0301", "NameNotVisible"), ("   ", None), ("x" * 101, None),
])
def test_event_and_series_names_follow_the_name_rule(client, csrf_headers, path, body, name,
                                                     code):
    answer = client.post(path, json={**body, "name": name}, headers=csrf_headers)
    assert answer.status_code == 400
    wanted = code or ("BadEventName" if "events" in path else "BadSeriesName")
    assert answer.get_json()["code"] == wanted
    made = client.post(path, json={**body, "name": "  Club\u00a0 avond\tnovember "},
                       headers=csrf_headers)
    assert made.status_code == 201 and made.get_json()["name"] == "Club avond november"
