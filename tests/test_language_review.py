"""What the language review of 2026-11-27 found, held in the catalogs once fixed.

The glossary's patterns (tests/test_glossary.py) hold what recurs across many strings; this
file holds what belongs to one sentence: the msgid, what its Dutch or German must no
longer say, and what it says now. A message that goes away fails here by name, so the
table is brought along with the sentence. The catalogs themselves are complete: no
message is left untranslated or fuzzy.
"""

from __future__ import annotations

import re

import pytest
from babel.messages.catalog import Catalog

from tests.test_glossary import LANGS, _catalog

CO_DIRECTOR = ("Scan the code with the other phone's camera, or send the link: that phone "
               "directs the {} too.")
RIVAL = ("The win rate counts the games that have ended; a player's rival is whoever most "
         "often ended such a game ahead of them.",
         "A player's rival is whoever most often ended a game ahead of them.")
HISTORY = ("Started the event.", "Imported the event from a file.",
           "Opened the director's link: this device directs the event too.",
           "Seated event round %(round)s.", "Re-opened table %(table)s of event round %(round)s.",
           "Closed table %(table)s of event round %(round)s again.",
           "Replaced the game of table %(table)s, event round %(round)s, by a new one; the old "
           "game is kept.",
           "Typed the totals of table %(table)s, event round %(round)s, from its paper sheet.",
           "Changed the game of table %(table)s, event round %(round)s, after the event round "
           "was over.",
           # The entries this round's sign-off, swap, rename and put-back added: the same log.
           "Put back the earlier game of table %(table)s, event round %(round)s; the game it "
           "replaced is kept.",
           "Signed the result of table %(table)s, event round %(round)s.",
           "Changed the signed game of table %(table)s, event round %(round)s.",
           "Renamed %(player)s to %(name)s.",
           "Swapped %(player)s (table %(table)s) and %(other)s (table %(other_table)s) in event "
           "round %(round)s: both tables have new games.")

#: (review item, language, msgid, what the translation must not say, what it says now).
FIXED = [
    *[("DE-1", "de", CO_DIRECTOR.format(what), r"dieses Handy", r"auch das andere Handy")
      for what in ("event", "series")],
    *[("DE-2", "de", msgid, r"vor ihm beendet", r"am häufigsten vor ihm lag\.$")
      for msgid in RIVAL],
    ("NL-3", "nl", "Undo of deal %(number)s", r"maken$", r"^Ongedaan maken van spelronde"),
    ("NL-3", "nl", "Restore of deal %(number)s", r"terugzetten$", r"^Terugzetten van spelronde"),
    ("DE-5", "de", "Undo of deal %(number)s", r"zurücknehmen$", r"^Rücknahme von Durchgang"),
    ("DE-5", "de", "Restore of deal %(number)s", r"zurückholen$",
     r"^Zurückholen von Durchgang"),
    ("NL-4", "nl", "The game ends after the deal in which someone reaches %(limit)s minus "
     "points or more (the Dutch booklet says more than %(limit)s). The lowest total wins; "
     "equal totals share the win.", r"\bwinst\b", r"het Nederlandse boekje zegt: meer dan"),
    ("NL-5", "nl", "%(name)s, ahead in %(ahead)s of %(num)s game", r"\bvoor in\b", r"vóór$"),
    ("NL-7", "nl", "With equal points, the higher rating goes first; an unsure rating counts "
     "for less.", r"zekerdere", r"onzekere rating telt daarbij minder zwaar"),
    ("DE-13", "de", "With equal points, the higher rating goes first; an unsure rating counts "
     "for less.", r"sicherere", r"eine unsichere zählt dabei weniger"),
    ("NL-10", "nl", "Deal %(number)s was entered on both phones with the same values: it "
     "counts once.", r"\bhij telt\b", r"ze telt maar één keer"),
    ("NL-12", "nl", "Take the director's link", r"nemen$", r"aanmaken$"),
    ("DE-17", "de", "Take the director's link", r"nehmen$", r"erzeugen$"),
    ("NL-13", "nl", "Of those rows, it joins the one whose last card is closest below it.",
     r"\bkrijgt\b", r"komt ze in de rij"),
    ("DE-15", "de", "Of those rows, it joins the one whose last card is closest below it.",
     r"\bbekommt\b", r"kommt sie an die"),
    ("NL-14", "nl", "Tactics deck: cards 1 to %(max)s.", r"Kaartspel van Tactiek",
     r"^Kaarten van Tactiek"),
    ("NL-15", "nl", "Play this hand in game 1 by its owner, then pass the sheet to the left "
     "after every game. Write the minus points of each game on its line; the lowest sum over "
     "all sheets wins.", r"eigen lijn", r"op de lijn van dat spel"),
    ("NL-16", "nl", "No event round has ended yet", r"^Nog geen", r"^Er is nog geen"),
    ("DE-21", "de", "No event round has ended yet", r"^Noch keine", r"^Noch ist keine"),
    ("NL-17", "nl", "The table needs 3 to 5 rows, not %(count)s.", r"^Er liggen", r"moeten"),
    ("DE-20", "de", "The table needs 3 to 5 rows, not %(count)s.", r"liegen 3", r"müssen"),
    ("NL-19", "nl", "Save game %(number)s", r"opslaan", r"bewaren$"),
    ("NL-20", "nl", "Start the series", r"^Begin", r"beginnen$"),
    ("NL-20", "nl", "Start an event in this series", r"^Begin", r"beginnen$"),
    ("NL-21", "nl", "All %(cards)s cards carry %(total)s bullheads.", r"dragen", r"hebben"),
    *[(item, lang, msgid, r"^(Heeft|Hat)\b", r"\.$") for msgid in HISTORY
      for item, lang in (("NL-22", "nl"), ("DE-23", "de"))],
    ("NL-23", "nl", "Score sheets you opened before still open: deals you enter wait on this "
     "phone and are sent once the connection is back.", r"openen nog steeds",
     r"gaan nog steeds open"),
    ("NL-23", "nl", "The same file imported again opens the game it created.", r"dan opent",
     r"wordt het spel geopend"),
    ("NL-24", "nl", "A score sheet kept on this phone: a game of 6 nimmt! drawn from what the "
     "phone keeps, sent once the server can be reached.", r"getekend", r"opgebouwd"),
    ("DE-24", "de", "A score sheet kept on this phone: a game of 6 nimmt! drawn from what the "
     "phone keeps, sent once the server can be reached.", r"gezeichnet", r"aufgebaut"),
    ("DE-24", "de", "Games kept on this phone only", r"Handy sind$", r"gespeichert sind$"),
    *[("DE-6", "de", f"The {whose} link: hand over to a co-director", r"\bweiter\b|weitergeben",
       r"für eine weitere Person der Turnierleitung$")
      for whose in ("director's", "series' director's")],
    ("DE-9", "de", "A table may also choose three or five rows, a row taken by its fifth or "
     "seventh card, or bigger hands: see %(link)s.", r", oder\b", r"Karten pro Hand austeilen"),
    ("DE-16", "de", "Double: a twin on a row's end, and twins that take", r"Reihe, und",
     r"die eine Reihe nehmen$"),
    ("DE-18", "de", "Two pitfalls", r"^Zwei Fallen$", r"Stolperfallen"),
    ("DE-22", "de", "Keep score", r"zählen", r"^Punkte notieren$"),
    # Not review items: sentences the season, the championship event and the sign-off added,
    # read afterwards to the same standard (a bare "hört auf", a calque, a bare pronoun).
    ("round", "de", "Does %(player)s leave the event?", r"\bauf\?$",
     r"^Steigt %\(player\)s aus dem Clubturnier aus\?$"),
    ("round", "de", "%(player)s has not left the event: there is nothing to take back.",
     r"ist aus dem Clubturnier nicht", r"ist nicht aus dem Clubturnier ausgestiegen"),
    ("round", "de", "The organiser's link: hand over to a co-organiser", r"weitergeben",
     r"für einen Mitausrichter$"),
    ("round", "nl", "Another deal: this phone's becomes deal %(number)s", r": die van",
     r"de invoer van deze telefoon wordt"),
    ("round", "de", "Another deal: this phone's becomes deal %(number)s", r": Der dieses",
     r"Die Eingabe dieses Handys wird"),
    ("round", "nl", "Played on your own server without internet? Download the event file from "
     "its director's page once every game has ended, and send it here. It is checked game by "
     "game before anything is kept; sending it twice keeps it once.",
     r"insturen bewaart", r"maar één keer bewaard\.$"),
    ("round", "de", "Played on your own server without internet? Download the event file from "
     "its director's page once every game has ended, and send it here. It is checked game by "
     "game before anything is kept; sending it twice keeps it once.",
     r"zweimal geschickt wird", r"schickst du sie zweimal, wird sie nur einmal gespeichert\.$"),
    ("round", "nl", "The list of players is longer than %(limit)s characters, more than 200 "
     "names need.", r"meer dan 200 namen nodig hebben", r"zelfs 200 namen"),
    ("round", "de", "The numbers %(number)s and %(other)s are one player already.",
     r"schon ein Spieler", r"ein und derselbe Spieler"),
]


@pytest.fixture(scope="module")
def catalogs() -> dict[str, Catalog]:
    return {lang: _catalog(lang) for lang in LANGS}


def _forms(message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


@pytest.mark.parametrize(("item", "lang", "msgid", "wrong", "right"), FIXED,
                         ids=[f"{row[0]}-{n}" for n, row in enumerate(FIXED)])
def test_a_fixed_sentence_stays_fixed(catalogs, item, lang, msgid, wrong, right):
    message = catalogs[lang].get(msgid)
    assert message is not None, f"{item}: {msgid!r} is gone: bring this table along"
    for form in _forms(message):
        assert not re.search(wrong, form), f"{item} ({lang}) is back: {form!r}"
        assert re.search(right, form), f"{item} ({lang}): {form!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_each_games_number_of_deals_is_counted(catalogs, lang):
    """S-2: "Elk spel: 1 spelrondes" came from one template for every number."""
    message = catalogs[lang].get("Each game: %(num)s deal.")
    assert message is not None and isinstance(message.id, tuple)
    assert catalogs[lang].get("Each game: %(deals)s deals.") is None


def test_the_english_says_the_tactics_deck_as_the_rules_do(catalogs):
    """S-3: "cards 1 to 10 per player + 4" garbled the formula 10 × players + 4."""
    ids = [m.id if isinstance(m.id, str) else m.id[0] for m in catalogs["nl"] if m.id]
    assert not [i for i in ids if "per player + 4" in i]
    assert "Tactics or Logic (cards 1 to 10 × players + 4)" in ids


@pytest.mark.parametrize("lang", LANGS)
def test_no_message_is_untranslated_or_fuzzy(catalogs, lang):
    left = [message.id for message in catalogs[lang]
            if message.id and (message.fuzzy or not all(_forms(message)))]
    assert not left, f"{lang}: untranslated or fuzzy: {left}"
