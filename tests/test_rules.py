"""The rules reference: its examples agree with the engine, its search, its pages."""

from __future__ import annotations

import re

import pytest

from scorekeeper.engine import BULLHEADS
from scorekeeper.rules.examples import BASIC_RULE_2, EXAMPLES, checker_query
from scorekeeper.rules.sections import OLD_ANCHORS
from scorekeeper.rules.views import READINGS, SECTIONS

LANGS = ("en", "nl", "de")


def placement_body(example):
    body = {
        "variant": example.variant,
        "max_card": example.max_card,
        "rows": [list(row) for row in example.rows],
        "plays": [{"player": player, "card": card} for player, card in example.plays],
    }
    if example.takes_at != 6:
        body["takes_at"] = example.takes_at
    return body


@pytest.mark.parametrize("anchor", list(EXAMPLES))
def test_every_drawn_example_is_what_the_placement_api_answers(client, anchor):
    example = EXAMPLES[anchor]
    answer = client.post("/api/v1/placement", json=placement_body(example))
    assert answer.status_code == 200, answer.get_json()
    data = answer.get_json()
    if example.tie:
        assert data["tie"]["card"] == 53
        assert {(o["row"], o["side"]) for o in data["tie"]["options"]} == {
            (2, "right"), (3, "left")}
        return
    assert "tie" not in data or data["tie"] is None
    assert [tuple(row) for row in data["rows"]] == list(example.after)
    took = {player: points for player, points in data["bullheads"].items() if points}
    assert took == example.taken


def test_hand_checked_outcomes_of_the_booklet_examples():
    # Worked out by hand from the booklet's figures (see the module's data).
    assert EXAMPLES["example-rule-3"].taken == {"C": 6}  # 12+14+15+21+26 = 1+1+2+1+1
    assert EXAMPLES["example-rule-4"].after[1] == (3, 9)  # the 3 took the lone 37
    assert EXAMPLES["example-pitfall-2"].taken == {"A": 3, "B": 7}
    assert EXAMPLES["example-double"].taken == {"B": 5, "C": 5}  # 9 shared, rounded up
    # Three rows, 5 nimmt: the 26 is the fifth card of row 1 (12+14+15+21 = 1+1+2+1).
    assert EXAMPLES["example-postscript"].taken == {"A": 5}


def test_try_it_query_has_the_checker_format():
    assert checker_query(BASIC_RULE_2) == (
        "variant=basic&max_card=104&r1=12&r2=37&r3=43&r4=58"
        "&player=A&card=14&player=B&card=15&player=C&card=44&player=D&card=61"
    )
    double = checker_query(EXAMPLES["example-double"])
    assert "r1=12,14&" in double and "r3=43,44,46,47,49&" in double
    assert double.startswith("variant=double&")
    postscript = checker_query(EXAMPLES["example-postscript"])
    assert postscript == ("variant=basic&max_card=104&rows=3&takes_at=5&r1=12,14,15,21&r2=37"
                          "&r3=58&player=A&card=26&player=B&card=44")


def page_html(client, lang: str, static: bool) -> str:
    url = f"/{lang}/rules/" if static else f"/rules?lang={lang}"
    response = client.get(url)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def ids_in(html: str) -> list[str]:
    return re.findall(r'\bid="([^"]+)"', html)


@pytest.mark.parametrize("static", [False, True])
@pytest.mark.parametrize("lang", LANGS)
def test_every_section_variant_reading_and_example_exists(client, lang, static):
    html = page_html(client, lang, static)
    assert f'<html lang="{lang}">' in html
    ids = set(ids_in(html))
    wanted = ([a for a, _t, _l in SECTIONS] + [a for a, _t in READINGS] + list(EXAMPLES)
              + list(OLD_ANCHORS))
    assert not [anchor for anchor in wanted if anchor not in ids]
    for variant in ("tactics", "logic", "tournament", "professional", "open", "nifty",
                    "hand", "double"):
        assert f'id="variant-{variant}"' in html
        assert f'href="#variant-{variant}"' in html  # in the table of contents
    assert 'id="rule-2-smallest-difference"' in html


def test_structure_is_the_same_in_every_language(client):
    structures = {lang: ids_in(page_html(client, lang, True)) for lang in LANGS}
    assert structures["nl"] == structures["en"] == structures["de"]
    assert len(structures["en"]) > 150  # sections, readings, examples and 104 cards


class TextChunks:
    """Visible text of a page, one chunk per text node (scripts and attributes left out)."""

    def __init__(self, html: str):
        body = "<" + html.split("<main", 1)[1]
        body = re.sub(r"<script.*?</script>", " ", body, flags=re.S)
        chunks = re.split(r"<[^>]+>", body)
        self.chunks = {" ".join(c.split()) for c in chunks}
        self.chunks = {c for c in self.chunks if re.search(r"[A-Za-z]{3}", c)}


#: Words that are the same in English and the other language on purpose.
SAME_WORD = {"Material", "Variant 5: Open", "Variant 7: Hand", "Variante 7: Hand"}


@pytest.mark.parametrize("lang", ["nl", "de"])
@pytest.mark.parametrize("static", [False, True])
def test_no_english_text_left_on_the_translated_pages(client, lang, static):
    english = TextChunks(page_html(client, "en", static)).chunks
    other = TextChunks(page_html(client, lang, static)).chunks
    leftovers = (english & other) - SAME_WORD
    assert not leftovers


def test_catalogs_have_every_rules_string_translated():
    from babel.messages.pofile import read_po

    # "scorekeeper/rules" also matches the module's location before it became a package.
    mine = ("templates/rules/", "scorekeeper/rules", "scorekeeper/site_export.py",
            "scorekeeper/web/terms.py")
    for lang in ("nl", "de"):
        with open(f"translations/{lang}/LC_MESSAGES/messages.po", "rb") as handle:
            catalog = read_po(handle, locale=lang)
        count = 0
        for message in catalog:
            if not message.id or not any(path.startswith(mine) for path, _ in
                                         message.locations):
                continue
            count += 1
            strings = message.string if isinstance(message.string, tuple) else (
                message.string,)
            assert not message.fuzzy, (lang, message.id)
            assert all(strings), (lang, message.id)
            assert not list(message.check(catalog)), (lang, message.id)
        assert count > 120


def test_end_of_game_names_the_dutch_reading(client):
    html = page_html(client, "en", False)
    assert "66 or more" in html and "more than 66" in html
    assert "sets the limit to 67" in html
    nl = page_html(client, "nl", True)
    assert "meer dan 66" in nl and "67" in nl


def test_virgin_doubling_is_the_postscripts_maagd_not_a_house_rule(client):
    html = page_html(client, "en", False)
    assert "house rule" not in html.lower()
    block = html.split('class="postscript-rule"', 1)[1].split("</aside>", 1)[0]
    assert "From the postscript" in block and "“Maagd”" in block and "Uwe Schwarz" in block
    assert "off unless you choose it when you create a game" in block
    assert 'id="reading-virgin-doubling"' in block
    # Old links to the house-rule anchors still land on the section.
    assert block.index('id="house-rule-virgin-doubling"') < block.index('id="virgin-doubling"')


def test_postscript_describes_the_shapes_and_where_the_app_supports_them(client):
    html = page_html(client, "en", True)
    section = html.split('aria-labelledby="postscript"', 1)[1].split("</section>", 1)[0]
    for words in ("Wolfgang Kramer", "three rows instead of four, or five", "“5 nimmt”",
                  "“7 nimmt”", "one card fewer than the card that takes it",
                  "as far as the deck allows", "four players can hold up to 25 cards",
                  "the checker works with 3, 4 or 5 rows",
                  "the number of rows, the card that takes a row and the number of cards"):
        assert words in section, words
    assert 'id="example-postscript"' in section
    # The postscript gives one sentence per shape: what a shape means beyond that is ours.
    reading = reading_box(html, "reading-postscript-shapes")
    for words in ("one card fewer than the card that takes it", "as far as the deck allows",
                  "from 3 to 5 rows and from the 5th to the 7th card"):
        assert words in reading, words


def test_hand_variant_ends_with_an_empty_hand_at_the_end_of_a_round(client):
    html = page_html(client, "en", True)
    section = html.split('id="variant-hand"', 1)[1].split('id="variant-double"', 1)[0]
    assert "the round at the end of which a player has no cards left in hand" in section
    assert "more than 20 cards on their pile" in section
    # That an emptied hand refilled within the round plays on is our reading, in its box.
    assert "holds cards again at the end of the round" in reading_box(html, "reading-hand-end")


def reading_box(html: str, anchor: str) -> str:
    """The "Our reading" box ``anchor`` of a rules page."""
    box = html.split(f'<aside class="reading" id="{anchor}"', 1)[1].split("</aside>", 1)[0]
    assert "Our reading" in box or "Onze lezing" in box or "Unsere Lesart" in box
    return box


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_marks_the_same_readings(client, lang):
    """Our readings stand apart in every language: one badged box per reading."""
    html = page_html(client, lang, True)
    badge = {"en": "Our reading", "nl": "Onze lezing", "de": "Unsere Lesart"}[lang]
    assert html.count(f'<p class="badge">{badge}</p>') == len(READINGS)
    for anchor, _title in READINGS:
        reading_box(html, anchor)


def test_the_rules_say_which_booklet_says_what(client):
    html = page_html(client, "en", True)
    # Only the Dutch and English texts are booklets; the German postal text has no 66 and
    # is named once, where rule 4 repeats its tip, as what it is.
    assert "German booklet" not in html
    postal = "A German text of the rules for play by post (Jürgen Simon, 2002) adds why"
    assert html.count("German") == html.count(postal) == 1
    end = html.split('id="end-of-game"', 1)[1].split("</section>", 1)[0]
    assert "In the English booklet the game ends" in end
    assert "the Dutch booklet says more than 66" in end
    assert "share the win" in reading_box(html, "reading-end-of-game")
    assert "share the win" not in end.split('<aside class="reading"', 1)[0]
    # The booklets' own differences: the rule 4 example and the tournament sheet's hand.
    assert "the English booklet prints a 93 in place of the 83" in html
    assert "the English one prints a 25 in place of the 23" in html
    # A twin on a row's end card: the booklets say where it goes, the rest is ours.
    double = reading_box(html, "reading-double")
    assert "takes nothing, even on a full row" in double
    assert "the row 12, 14, 14, 20 holds four cards in three places" in double
    assert "simply covers it" not in html


def test_the_tournament_starts_from_the_four_cards_nobody_chose(client):
    html = page_html(client, "en", True)
    section = html.split('id="variant-tournament"', 1)[1].split('id="variant-professional"', 1)[0]
    assert "the four cards that nobody chose start the four rows" in section
    assert "After each game" in section and "When a deal is over" not in section


@pytest.mark.parametrize(("lang", "names"), [
    ("en", ("ascending order", "smallest difference", "full row", "lowest card")),
    ("nl", ("de opklimmende getalvolgorde", "het kleinste verschil", "een volle rij",
            "de laagste kaart")),
    ("de", ("aufsteigende Reihenfolge", "niedrigste Differenz", "volle Reihe",
            "niedrigste Karte")),
])
def test_rule_headings_carry_the_booklets_names(client, lang, names):
    html = page_html(client, lang, True)
    for number, name in enumerate(names, start=1):
        anchor = [a for a, _t, _l in SECTIONS if a.startswith(f"rule-{number}-")][0]
        heading = re.search(rf'<h3 id="{anchor}">([^<]*)<', html).group(1)
        assert heading.endswith(f": {name}"), (heading, name)


def test_bullhead_table_lists_all_104_cards(client):
    html = page_html(client, "en", True)
    cells = re.findall(
        r'<li id="card-(\d+)" data-card="\d+"><span class="card" data-bh="(\d)"', html)
    assert [int(n) for n, _ in cells] == list(range(1, 105))
    assert all(int(bh) == BULLHEADS[int(n)] for n, bh in cells)
    assert "All 104 cards together carry 171 bullheads." in html


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("55", "Card 55 carries 7 bullheads."),
        ("1", "Card 1 carries 1 bullhead."),
        (" 100 ", "Card 100 carries 3 bullheads."),
        ("200", "There is no card 200: the cards run from 1 to 104."),
        ("0", "There is no card 0: the cards run from 1 to 104."),
        ("ten", "Type a whole number from 1 to 104."),
    ],
)
def test_bullhead_search_works_without_javascript(client, typed, expected):
    html = client.get("/rules", query_string={"card": typed, "lang": "en"}).get_data(
        as_text=True)
    result = re.search(r'id="bh-result"[^>]*>([^<]*)</p>', html).group(1)
    assert result == expected
    assert f'value="{typed.strip()}"' in html  # what was typed stays in the box
    if "carries" in expected:
        assert f'<li id="card-{typed.strip()}" data-card="{typed.strip()}" class="hit">' in html


def test_bullhead_search_in_dutch(client):
    html = client.get("/rules?lang=nl&card=55").get_data(as_text=True)
    assert "Kaart 55 heeft 7 runderkoppen." in html


def test_live_page_links_each_example_to_the_checker(client):
    html = page_html(client, "en", False)
    for anchor, example in EXAMPLES.items():
        href = "/check?" + checker_query(example)
        assert f'href="{href.replace("&", "&amp;")}" data-example="{anchor}"' in html


def test_rules_is_in_the_menu(client):
    html = client.get("/?lang=en").get_data(as_text=True)
    assert 'href="/rules"' in html


def test_language_pages_carry_no_session_no_token_and_no_form(client):
    response = client.get("/de/rules/")
    html = response.get_data(as_text=True)
    assert "Set-Cookie" not in response.headers
    assert "<form" not in html and "csrf" not in html
    # Each language by its full address (Lighthouse's SEO audit refuses a relative one),
    # and an icon in the page, so the browser asks for no /favicon.ico the server does not
    # have.
    for code in ("en", "nl", "de"):
        full = f"http://localhost/{code}/rules/"
        assert f'<link rel="alternate" hreflang="{code}" href="{full}">' in html
    assert '<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,%3Csvg' in html


def test_unknown_language_path_is_not_found(client):
    assert client.get("/fr/rules/").status_code == 404
