"""The /check page: share links, the no-JS form with CSRF, errors kept in the form, choices."""

from __future__ import annotations

import html
import json
import re
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from scorekeeper.engine import MAX_CARD, tactics_max_card
from tests.conftest import page_catalog, read_csrf_token, require_node

EXAMPLE = "r1=12&r2=37&r3=43&r4=58&card=14&card=15&card=44&card=61"
RULE4 = "r1=30,36&r2=37&r3=43,44&r4=58,61&player=Ann&card=3&player=Bob&card=9&player=Cas&card=68"
TIE = ("variant=professional&r1=10&r2=30&r3=50&r4=70,71,72,73,74"
       "&player=Ann&card=20&player=Bob&card=75")


def text_of(response) -> str:
    """The page as plain text, tags dropped and spaces collapsed, entities decoded."""
    body = response.get_data(as_text=True)
    body = re.sub(r"<(script|style|template)\b.*?</\1>", " ", body, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))


def result_rows(response) -> list[list[int]]:
    """The rows after the turn, read from the drawn cards."""
    body = response.get_data(as_text=True)
    after = body.split("table-rows")[-1].split("</ol>")[0]
    rows = []
    for item in after.split("<li>")[1:]:
        cards = re.findall(r'class="card[^"]*" data-bh="\d">(\d+)<small>', item)
        rows.append([int(card) for card in cards])
    return rows


def test_empty_page_is_a_form(client):
    response = client.get("/check")
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    assert 'name="csrf_token"' in body and 'name="r4"' in body
    assert 'id="result-title"' not in body


def test_share_link_shows_the_first_booklet_example_resolved(client):
    response = client.get(f"/check?lang=en&{EXAMPLE}")
    page = text_of(response)
    assert response.status_code == 200
    assert "A lays 14 in row 1." in page
    assert "B lays 15 in row 1." in page
    assert "C lays 44 in row 3." in page
    assert "D lays 61 in row 4." in page
    assert page.count("Rule 2: smallest difference") == 4
    assert "Rule 1, “ascending order”" in page
    assert "43 at the end of row 3 is the closest (44 − 43 = 1)" in page
    assert "Nobody takes any cards this turn." in page
    assert result_rows(response) == [[12, 14, 15], [37], [43, 44], [58, 61]]
    # The bullheads drawn on the cards: 15 has 2, 44 has 5.
    body = response.get_data(as_text=True)
    assert 'data-bh="5">44<small>5' in body and 'data-bh="2">15<small>2' in body


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("nl", ["A legt 14 in rij 1.", "Regel 2: het kleinste verschil",
                "Regel 1, “de opklimmende getalvolgorde”", "Niemand neemt deze beurt kaarten."]),
        ("de", ["A legt 14 in Reihe 1.", "Regel 2: niedrigste Differenz",
                "Regel 1, „aufsteigende Reihenfolge“", "Niemand nimmt in diesem Zug Karten."]),
    ],
)
def test_share_link_in_dutch_and_german(client, lang, expected):
    response = client.get(f"/check?lang={lang}&{EXAMPLE}")
    page = text_of(response)
    assert f'<html lang="{lang}">' in response.get_data(as_text=True)
    for sentence in expected:
        assert sentence in page
    assert result_rows(response) == [[12, 14, 15], [37], [43, 44], [58, 61]]


def test_post_without_csrf_token_is_refused(client):
    response = client.post("/check", data={"r1": "12", "r2": "37", "r3": "43", "r4": "58",
                                           "card": "14"})
    assert response.status_code == 400
    assert 'id="result-title"' not in response.get_data(as_text=True)


def form_data(client, **fields):
    data = {"csrf_token": read_csrf_token(client, "/check"), "variant": "basic",
            "deck": "full", "r1": "12", "r2": "37", "r3": "43", "r4": "58",
            "player": ["Ann", "Bob", "", ""], "card": ["14", "44", "", ""],
            "take": ["", "", "", ""], "place": ["", "", "", ""]}
    data.update(fields)
    return data


def test_post_with_token_resolves_and_gives_the_share_link(client):
    response = client.post("/check?lang=en", data=form_data(client))
    assert response.status_code == 200
    page = text_of(response)
    assert "Ann lays 14 in row 1." in page and "Bob lays 44 in row 3." in page
    assert result_rows(response) == [[12, 14], [37], [43, 44], [58]]
    share = re.search(r'class="share-link" href="([^"]+)"', response.get_data(as_text=True))
    link = html.unescape(share.group(1))
    assert urlsplit(link).query == (
        "variant=basic&max_card=104&r1=12&r2=37&r3=43&r4=58"
        "&player=Ann&card=14&player=Bob&card=44"
    )
    again = client.get(urlsplit(link).path + "?" + urlsplit(link).query)
    assert result_rows(again) == [[12, 14], [37], [43, 44], [58]]


@pytest.mark.parametrize(
    ("lang", "fields", "message", "kept"),
    [
        ("en", {"r2": "37, x"}, "Row 2: “x” is not a card number.", 'value="37, x"'),
        ("nl", {"r2": "37, x"}, "Rij 2: “x” is geen kaartnummer.", 'value="37, x"'),
        ("en", {"r1": "20, 12"},
         "Row 1 is not in ascending order: 12 comes after 20.", 'value="20, 12"'),
        ("de", {"card": ["14", "105", "", ""]},
         "Karte 105 gibt es in diesem Spiel nicht", 'value="105"'),
        ("en", {"card": ["14", "14", "", ""]}, "Card 14 appears 2 times", 'value="Bob"'),
    ],
)
def test_bad_input_keeps_what_was_typed(client, lang, fields, message, kept):
    response = client.post(f"/check?lang={lang}", data=form_data(client, **fields))
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    assert message in text_of(response)
    assert kept in body and 'value="Ann"' in body
    assert 'class="errors" role="alert"' in body
    assert 'id="result-title"' not in body


def test_rule_four_suggests_the_cheapest_row_and_offers_the_others(client):
    response = client.get(f"/check?lang=en&{RULE4}")
    page = text_of(response)
    assert "Ann takes row 2; 3 starts it anew." in page
    assert "Rule 4: lowest card" in page
    assert "The checker suggests row 2: it has the fewest bullheads." in page
    assert result_rows(response) == [[30, 36], [3, 9], [43, 44], [58, 61, 68]]
    links = re.findall(r'href="([^"]+)" data-choice', response.get_data(as_text=True))
    assert len(links) == 4
    take_four = html.unescape(links[3])
    assert take_four.endswith("&take=4&take=&take=")

    chosen = client.get("/check?lang=en&" + urlsplit(take_four).query)
    page = text_of(chosen)
    assert "Ann takes row 4; 3 starts it anew." in page
    assert "Ann chose row 4." in page
    assert "Ann 58 1 🐮 61 1 🐮 2 bullheads" in page
    assert result_rows(chosen) == [[30, 36], [37], [43, 44, 68], [3, 9]]


def test_professional_tie_shows_both_outcomes_and_lets_the_players_pick(client):
    response = client.get(f"/check?lang=en&{TIE}")
    page = text_of(response)
    assert "A tie the booklets do not settle" in page
    assert "Ann's 20 fits at the end of row 1 and at the start of row 2" in page
    assert "Option 1: at the end of row 1" in page
    assert "Option 2: at the start of row 2" in page
    assert "Ann lays 20 in row 1." in page and "Ann lays 20 at the start of row 2." in page
    assert page.count("Bob takes row 4; 75 starts it anew.") == 2
    links = re.findall(r'href="([^"]+)" data-choice>', response.get_data(as_text=True))
    left = html.unescape(links[-1])
    assert left.endswith("&place=2-left&place=")
    chosen = client.get("/check?lang=en&" + urlsplit(left).query)
    assert "A tie the booklets do not settle" not in text_of(chosen)
    assert result_rows(chosen) == [[10], [20, 30], [50], [75]]


BAD_LINKS = [
        "r1=abc&r2=1&r3=2&r4=3&card=4",
        "r1=1&r2=2&r3=3&r4=4&card=999",
        "r1=1&r2=2&r3=3&r4=4&card=1e3",
        "r1=1&r2=2&r3=3&r4=4&card=-5",
        "r1=1&r2=2&r3=3&r4=4&card=%C2%B2",
        "r1=1&r2=2&r3=3&r4=4&card=5&variant=chess",
        "r1=1&r2=2&r3=3&r4=4&card=5&max_card=x",
        "r1=1&r2=2&r3=3&r4=4&card=5&max_card=500",
        "r1=1&r2=2&r3=3&r4=4&card=5&take=9",
        "r1=1&r2=2&r3=3&r4=4&card=5&take=x",
        "r1=1&r2=2&r3=3&r4=4&card=5&place=up",
        "r1=1&r2=2&r3=3&r4=4&card=5&variant=professional&place=9-left",
        "r1=1&r2=&r3=3&r4=4&card=5",
        "r1=1,2,3,4,5,6&r2=7&r3=8&r4=9&card=10",
        "r1=1&r2=2&r3=3&r4=4&card=5,6",
        "r1=1&r2=2&r3=3&r4=4&variant=nifty&card=5",
        "r1=1&r2=2&r3=3&r4=4&player=A&card=5&player=A&card=6",
        "r1=1&r2=2&r3=3&r4=4&" + "&".join(f"card={n}" for n in range(10, 40)),
        "r1=1&r2=2&r3=3&r4=4&player=" + "x" * 200 + "&card=5",
        "r1=" + "9" * 5000 + "&r2=2&r3=3&r4=4&card=5",
]


@pytest.mark.parametrize("query", BAD_LINKS)
def test_bad_share_links_show_a_translated_message_never_a_500(client, query):
    for lang in ("en", "nl", "de"):
        response = client.get(f"/check?lang={lang}&{query}")
        assert response.status_code == 200, query
        body = response.get_data(as_text=True)
        assert 'class="errors" role="alert"' in body, query
        assert 'id="result-title"' not in body


def test_error_message_is_translated_in_a_share_link(client):
    page = text_of(client.get("/check?lang=de&r1=1&r2=2&r3=3&r4=4&card=5&take=9"))
    assert "A hat Reihe 9 gewählt, aber die Reihen sind von 1 bis 4 nummeriert." in page


def test_unnamed_players_are_lettered_and_named_ones_keep_their_names(client):
    page = text_of(client.get("/check?lang=en&r1=12&r2=37&r3=43&r4=58"
                              "&player=&card=14&player=Bob&card=44&player=&card=61"))
    assert "A lays 14 in row 1." in page
    assert "Bob lays 44 in row 3." in page
    assert "C lays 61 in row 4." in page


def test_nifty_pairs_and_double_twins(client):
    nifty = client.get("/check?lang=en&variant=nifty&r1=12&r2=37&r3=43&r4=58"
                       "&player=Ann&card=44,14&player=Bob&card=15,61")
    page = text_of(nifty)
    assert page.index("Ann lays 44 in row 3.") < page.index("Ann lays 14 in row 1.")
    assert page.index("Ann lays 14 in row 1.") < page.index("Bob lays 15 in row 1.")
    assert result_rows(nifty) == [[12, 14, 15], [37], [43, 44], [58, 61]]

    double = client.get("/check?lang=en&variant=double&r1=10,11,12,13,14&r2=16,18,18,20"
                        "&r3=50&r4=70&player=Ann&card=15&player=Bob&card=15")
    page = text_of(double)
    assert "Bob lays 15 on its twin in row 1." in page
    assert "(shared with Bob: half each, rounded up)" in page
    assert "Ann 10 3 🐮 11 5 🐮 12 1 🐮 13 1 🐮 14 1 🐮 6 bullheads" in page  # 11 / 2 up
    assert result_rows(double) == [[15], [16, 18, 20], [50], [70]]  # twins drawn once
    assert 'class="card twin"' in double.get_data(as_text=True)


def test_tactics_deck_follows_the_number_of_players(client):
    query = "deck=tactics&r1=1&r2=2&r3=3&r4=4&card=44&card=45"
    page = text_of(client.get(f"/check?lang=en&{query}"))
    assert "Card 44 does not exist in this game: cards go from 1 to 24." in page
    ok = client.get("/check?lang=en&max_card=44&r1=1&r2=2&r3=3&r4=4&card=44&card=9"
                    "&card=10&card=11")
    assert "The turn, step by step" in text_of(ok)
    assert 'value="tactics" selected' in ok.get_data(as_text=True)


def test_partial_answer_for_the_script(client):
    response = client.get(f"/check?lang=en&partial=1&{EXAMPLE}")
    body = response.get_data(as_text=True)
    assert body.lstrip().startswith("<div data-part=\"result\">")
    assert "<html" not in body and 'data-part="error"' in body
    assert 'data-share="http://localhost/check?variant=basic&amp;max_card=104&amp;r1=12' in body


def test_more_players_button_adds_lines_without_resolving(client):
    response = client.post("/check", data=form_data(client, more="1"))
    body = response.get_data(as_text=True)
    assert body.count('name="card"') == 1 + 6  # the template line, 2 typed + 2 blank + 2 more
    assert 'id="result-title"' not in body


def test_left_placement_and_stacked_twin_are_explained(client):
    left = text_of(client.get("/check?lang=en&variant=professional&r1=10&r2=30&r3=50&r4=70"
                              "&player=Ann&card=25"))
    assert "Ann lays 25 at the start of row 2." in left
    assert "the closest is 30 at the start of row 2 (30 − 25 = 5)" in left
    stacked = text_of(client.get("/check?lang=en&variant=double&r1=10,12&r2=19,20&r3=30&r4=40"
                                 "&player=Ann&card=12"))
    assert "Ann lays 12 in row 1." in stacked
    assert "Its twin is the end card of row 1, so it is laid on top of it" in stacked


def test_a_share_link_page_carries_a_token_its_form_can_post_with(client):
    body = client.get(f"/check?lang=en&{EXAMPLE}").get_data(as_text=True)
    form = body.split('id="check-form"')[1]
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', form).group(1)
    response = client.post("/check?lang=en", data={**form_data(client), "csrf_token": token})
    assert response.status_code == 200
    assert "Ann lays 14 in row 1." in text_of(response)


def test_the_tactics_deck_has_one_rule_for_page_and_script(client):
    body = client.get("/check").get_data(as_text=True)
    limits = [int(n) for n in re.search(r'data-tactics-max="([\d,]+)"', body).group(1).split(",")]
    assert limits[:4] == [24, 24, 24, 34]  # a table has at least two players
    assert limits[10:] == [tactics_max_card(10)] * len(limits[10:]) == [MAX_CARD] * len(limits[10:])
    assert f'data-max-card="{MAX_CARD}"' in body
    # One line is still a table of two; Ann on two lines (Hand) is one player.
    one = text_of(client.get("/check?lang=en&deck=tactics&r1=1&r2=2&r3=3&r4=4&card=25"))
    assert "Card 25 does not exist in this game: cards go from 1 to 24." in one
    hand = text_of(client.get("/check?lang=en&variant=hand&deck=tactics&r1=1&r2=2&r3=3&r4=4"
                              "&player=Ann&card=5&player=Ann&card=6&player=Bob&card=30"))
    assert "Card 30 does not exist in this game: cards go from 1 to 24." in hand


def test_the_shape_of_the_table_comes_from_the_link_and_stays_in_it(client):
    five = client.get("/check?lang=en&rows=5&takes_at=7&r1=1,2,3,4,5,6&r2=37&r3=43&r4=50"
                      "&r5=90&card=7&card=44")
    page = text_of(five)
    assert "But row 1 already holds 6 cards and 7 would be the 7th" in page
    assert result_rows(five) == [[7], [37], [43, 44], [50], [90]]
    assert "rows=5&amp;takes_at=7&amp;r1=1,2,3,4,5,6&amp;r2=37" in five.get_data(as_text=True)
    three = client.get("/check?lang=nl&rows=3&takes_at=5&r1=12,14,15,21&r2=37&r3=43&r4=58"
                       "&player=Ann&card=26")  # r4 is past the three rows: not part of it
    assert "Maar rij 1 heeft al 4 kaarten en 26 zou de 5e zijn" in text_of(three)
    assert result_rows(three) == [[26], [37], [43]]
    body = three.get_data(as_text=True)
    assert 'name="rows" value="3" checked' in body and 'name="takes_at" value="5" checked' in body
    assert 'value="58"' in body  # kept in its (hidden) field
    # An old link (no shape) is the booklet's game, and its share link is unchanged.
    old = client.get(f"/check?lang=en&{EXAMPLE}").get_data(as_text=True)
    assert 'name="rows" value="4" checked' in old
    assert "rows=" not in old.split("data-share=")[1][:200]


# The phone's renderer (static/js/check/offline.js, drawing with check/result.js) against
# the server's page, in three languages: text, links and the markup's skeleton, over every
# kind of turn and refusal (the exported site's checker answers through the same module).
PARITY = [EXAMPLE, RULE4, RULE4 + "&take=&take=4", TIE, TIE + "&place=2-left",
          "variant=double&r1=10,11,12,13,14&r2=16,18,18,20&r3=50&r4=70&player=Ann&card=15"
          "&player=Bob&card=15",
          "variant=double&r1=10,12&r2=19,20&r3=30&r4=40&player=Ann&card=5&player=Bob&card=5",
          "variant=double&r1=10,12&r2=19,20&r3=30&r4=40&player=Ann&card=12",
          "variant=professional&r1=10&r2=30&r3=50&r4=70&player=Ann&card=25",
          "variant=nifty&r1=12&r2=37&r3=43&r4=58&player=Ann&card=44,14&player=Bob&card=15,61",
          "variant=hand&r1=12&r2=37&r3=43&r4=58&player=Ann&card=44&player=Ann&card=14",
          "rows=3&takes_at=5&r1=12,14,15,21&r2=37&r3=43&player=Ann&card=26&player=Bob&card=44",
          "rows=5&takes_at=7&r1=1,2,3,4,5,6&r2=37&r3=43&r4=50&r5=90&card=7&card=44",
          "max_card=44&r1=1&r2=2&r3=3&r4=4&card=44&card=9&card=10&card=11",
          "r1=12&r2=37&r3=43&r4=58&player=%3Cb%3E%26amp;&card=14&player=__proto__&card=44",
          # Rule 3 in the booklet's shape, and rule 4 with one and with three rows as cheap.
          "r1=1,2,3,4,5&r2=37&r3=43&r4=58&player=Ann&card=6&player=Bob&card=40",
          "r1=12&r2=13&r3=20&r4=30&player=Ann&card=3",
          "r1=12&r2=13&r3=14&r4=16&player=Ann&card=3",
          # A tie that a later card of the turn ties again, on either choice; the Tactics
          # deck counted by its players.
          "variant=professional&r1=10&r2=30&r3=50&r4=70&player=Ann&card=20&player=Bob&card=40",
          "deck=tactics&r1=1&r2=2&r3=3&r4=4&player=Ann&card=9&player=Bob&card=10",
          *BAD_LINKS]
RENDER = """import { answerOffline } from %s;
import { catalogOf } from %s;
import { readFileSync } from "node:fs";
const cases = JSON.parse(readFileSync(0, "utf8"));
console.log(JSON.stringify(cases.map((c) => answerOffline(new URLSearchParams(c.query),
  catalogOf(c.catalog), "http://localhost/check"))));"""


def plain(fragment: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment))).strip()


class _Skeleton(HTMLParser):
    """An HTML fragment as a tree ``[name, {attribute: value}, *children]``: every element
    and attribute (classes sorted), text with its spaces folded (a no-break space is a
    character of its own), the spaces between elements (which only the template's
    indentation puts there) left out."""

    VOID = {"br", "hr", "img", "input", "meta", "link", "wbr", "source", "col"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root: list = ["#fragment", {}]
        self.open = [self.root]

    def handle_starttag(self, tag, attrs) -> None:
        attributes = {name: " ".join(sorted((value or "").split())) if name == "class"
                      else value or "" for name, value in attrs}
        element = [tag, attributes]
        self.open[-1].append(element)
        if tag not in self.VOID:
            self.open.append(element)

    def handle_endtag(self, tag) -> None:
        assert self.open[-1][0] == tag, f"</{tag}> closes <{self.open[-1][0]}>"
        self.open.pop()

    def handle_data(self, data) -> None:
        text = re.sub(r"[ \t\r\n\f]+", " ", data).strip(" ")  # a no-break space is kept
        if text:
            self.open[-1].append(text)


def skeleton(fragment: str) -> list:
    parser = _Skeleton()
    parser.feed(fragment)
    parser.close()
    assert len(parser.open) == 1, "an element is left open"
    return parser.root


def test_the_phone_words_every_answer_as_the_server_does(client):
    cases = []
    for lang in ("en", "nl", "de"):
        for query in PARITY:
            body = client.get(f"/check?lang={lang}&{query}").get_data(as_text=True)
            part = body.split('data-part="result" tabindex="-1">')[1].split("<form ")[0]
            end = part.rfind("</section>")  # the result's own section, whole
            result = part[:end + len("</section>")] if end >= 0 else ""
            error = re.search(r'<div data-part="error">(.*?)</div>', body, re.S).group(1)
            cases.append({"query": query, "catalog": page_catalog(client, body), "result": result,
                          "error": plain(error)})
    js = Path(__file__).parent.parent / "static/js"
    modules = tuple(json.dumps((js / name).as_uri())
                    for name in ("check/offline.js", "shared/catalog.js"))
    out = subprocess.run([require_node(), "--input-type=module", "-e", RENDER % modules],
                         input=json.dumps(cases), capture_output=True, text=True, check=True,
                         timeout=60).stdout
    links = re.compile(r'href="([^"]*)"')
    for case, phone in zip(cases, json.loads(out), strict=True):
        where = case["query"][:80]
        assert plain(phone.get("html", "")) == plain(case["result"]), where
        assert skeleton(phone.get("html", "")) == skeleton(case["result"]), where
        hrefs = [[html.unescape(href) for href in links.findall(part)]
                 for part in (phone.get("html", ""), case["result"])]
        assert hrefs[0] == hrefs[1], where
        assert phone.get("error", "") == case["error"], where
        assert ('class="result"' in case["result"]) == ("html" in phone), where
