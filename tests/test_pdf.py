"""PDFs read back with poppler (pdftotext, pdfinfo, pdfdetach, pdffonts), and the fetcher
that keeps player names from reading the disk or reaching the network."""

from __future__ import annotations

import http.server
import re
import subprocess
import threading
from pathlib import Path

import pytest

from scorekeeper.web import pdf

STATIC = str(Path(__file__).resolve().parent.parent / "static")
HANDS = {
    "Annika": [2, 4, 8, 14, 19, 23, 24, 31, 38, 44],
    "Bertram": [1, 3, 5, 6, 7, 9, 10, 11, 12, 13],
    "Cornelis": [15, 16, 17, 18, 20, 21, 22, 25, 26, 27],
    "Dörte": [28, 29, 30, 32, 33, 34, 35, 36, 37, 39],
}
PLAYERS = list(HANDS)


def poppler(tool: str, data: bytes, tmp_path: Path, *args: str) -> str:
    """Run a poppler tool on ``data`` (arguments as a list, never a shell string)."""
    path = tmp_path / "doc.pdf"
    path.write_bytes(data)
    tail = ["-"] if tool == "pdftotext" else []
    result = subprocess.run([tool, *args, str(path), *tail], capture_output=True, check=True,
                            timeout=60)
    return result.stdout.decode("utf-8")


def pages(data: bytes, tmp_path: Path) -> int:
    return int(re.search(r"Pages:\s+(\d+)", poppler("pdfinfo", data, tmp_path)).group(1))


def page_text(data: bytes, tmp_path: Path, number: int) -> str:
    return poppler("pdftotext", data, tmp_path, "-layout", "-f", str(number), "-l", str(number))


def in_order(text: str, names: list[str]) -> bool:
    positions = [text.find(name) for name in names]
    return -1 not in positions and positions == sorted(positions)


def sheets(client, players=PLAYERS, hands=HANDS, lang="de", paper="a4", **options):
    body = {"players": players, "hands": hands, "lang": lang, "paper": paper, **options}
    response = client.post("/api/v1/tournament/sheets", json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "application/pdf"
    return response.data


def test_one_page_per_hand_with_its_cards_and_the_players_in_playing_order(client, tmp_path):
    data = sheets(client)
    assert pages(data, tmp_path) == 4
    expected_order = {  # owner first, then clockwise as the list goes, by hand
        "Annika": ["Annika", "Bertram", "Cornelis", "Dörte"],
        "Bertram": ["Bertram", "Cornelis", "Dörte", "Annika"],
        "Cornelis": ["Cornelis", "Dörte", "Annika", "Bertram"],
        "Dörte": ["Dörte", "Annika", "Bertram", "Cornelis"],
    }
    for number, owner in enumerate(PLAYERS, start=1):
        text = page_text(data, tmp_path, number)
        card_lines = [line.split() for line in text.splitlines()
                      if re.fullmatch(r"[\d\s]+", line.strip() or "x")]
        assert [str(card) for card in HANDS[owner]] in card_lines
        table = text[text.index("Minuspunkte"):]
        assert in_order(table, expected_order[owner])
        assert f"Hand von {owner}" in text
        assert "Die vier Reihen beginnen mit 40, 41, 42, 43." in text


FIVE = ["Annika", "Bertram", "Cornelis", "Dörte", "Eberhard-Maximilian von Hohenstein"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_two_hands_per_page_with_the_event_printed(client, tmp_path, paper):
    hands = {name: list(range(seat, 51, 5)) for seat, name in enumerate(FIVE, start=1)}
    event = {"event": "Clubabend <Zwölf>", "date": "2025-03-14", "table": "T 3"}
    data = sheets(client, FIVE, hands, paper=paper, per_page=2, **event)
    assert pages(data, tmp_path) == 3  # five hands: 2 + 2 + 1
    owners = iter(FIVE)
    for number, count in ((1, 2), (2, 2), (3, 1)):
        text = page_text(data, tmp_path, number)
        halves = text.split("Hand von ")[1:]
        assert len(halves) == count
        for half in halves:
            owner = next(owners)
            assert flat(half).startswith(flat(owner))
            order = FIVE[FIVE.index(owner):] + FIVE[:FIVE.index(owner)]
            assert in_order(half[half.index("Minuspunkte"):], [name[:8] for name in order])
            assert " ".join(map(str, hands[owner])) in " ".join(half.split())
            for printed in ("Clubabend <Zwölf>", "14. März 2025", "T 3"):
                assert printed in half
    assert next(owners, None) is None
    one = sheets(client, FIVE, hands, paper=paper, **event)  # the default
    assert pages(one, tmp_path) == 5 and "Clubabend <Zwölf>" in page_text(one, tmp_path, 5)


def test_blank_sheets_two_to_a_page_with_the_event_from_the_link(client, tmp_path):
    data = client.get("/tournament/sheet.pdf?lang=nl&per_page=2&event=Clubavond&date=2025-03-14"
                      "&paper=letter").data
    assert pages(data, tmp_path) == 1 and "(letter)" in poppler("pdfinfo", data, tmp_path)
    text = page_text(data, tmp_path, 1)
    assert text.count("Toernooiblad") == 2 and text.count("Clubavond") == 2
    assert text.count("14 maart 2025") == 2
    numbers = [line.split()[0] for line in text.splitlines() if re.fullmatch(r"\s*\d\s*", line)]
    assert numbers == ["1", "2", "3", "4", "5"] * 2


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("de", ["Turnier", "Minuspunkte", "DIE ZEHN KARTEN", "Spiel"]),
        ("nl", ["Toernooi", "Minpunten", "DE TIEN KAARTEN", "Spel"]),
        ("en", ["Tournament", "Minus points", "THE TEN CARDS", "Game"]),
    ],
)
def test_sheets_are_printed_in_the_language_asked_for(client, tmp_path, lang, words):
    text = page_text(sheets(client, lang=lang), tmp_path, 1)
    for word in words:
        assert word in text
    others = {"de": "Minuspunkte", "nl": "Minpunten", "en": "Minus points"}
    for other, word in others.items():
        if other != lang:
            assert word not in text


@pytest.mark.parametrize(("paper", "size"), [("a4", "(A4)"), ("letter", "(letter)")])
def test_paper_sizes(client, tmp_path, paper, size):
    assert size in poppler("pdfinfo", sheets(client, paper=paper), tmp_path)


def test_blank_sheet_to_copy(client, tmp_path):
    response = client.get("/tournament/sheet.pdf?lang=nl")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert pages(response.data, tmp_path) == 1
    text = page_text(response.data, tmp_path, 1)
    assert "Toernooiblad" in text and "DE TIEN KAARTEN" in text and "Minpunten" in text
    numbers = [line.split()[0] for line in text.splitlines() if re.fullmatch(r"\s*\d\s*", line)]
    assert numbers == ["1", "2", "3", "4", "5"]  # five player lines
    letter = client.get("/tournament/sheet.pdf?lang=en&paper=letter").data
    assert "(letter)" in poppler("pdfinfo", letter, tmp_path)
    assert "Tournament sheet" in page_text(letter, tmp_path, 1)


#: Each within a name's 40 characters: were a name read as markup, each would fetch or
#: attach /etc/passwd.
HOSTILE = [
    '<img src="file:///etc/passwd">',
    "<link rel=attachment href=/etc/passwd>",
    "<div style=background:url(/etc/passwd)>",
    "<style>@import '/etc/passwd';</style>",
    "<b>bold</b> &amp; file:///etc/passwd",
]


def flat(text: str) -> str:
    """Without any whitespace: a long name may wrap, even inside a word."""
    return "".join(text.split())


def test_names_holding_html_and_file_urls_print_as_plain_text(client, tmp_path):
    players = HOSTILE[:4]
    hands = dict(zip(players, HANDS.values(), strict=True))
    data = sheets(client, players=players, hands=hands, lang="en")
    assert pages(data, tmp_path) == 4
    text = poppler("pdftotext", data, tmp_path, "-raw")
    for name in players:
        assert flat(name) in flat(text)
    assert "root:x:0:0" not in text and b"root:x:0:0" not in data
    assert b"/EmbeddedFile" not in data
    assert "0 embedded files" in poppler("pdfdetach", data, tmp_path, "-list")
    two = [HOSTILE[4], HOSTILE[0]]
    data = sheets(client, players=two, lang="en", hands={
        two[0]: list(range(1, 11)), two[1]: list(range(11, 21))})
    assert "<b>bold</b> &amp; file:///etc/passwd" in poppler("pdftotext", data, tmp_path)


@pytest.fixture
def spy_server():
    """A local HTTP server that records every request it gets."""
    hits: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (the stdlib's name)
            hits.append(self.path)
            self.send_response(200)
            self.send_header("Content-Type", "text/css")
            self.end_headers()
            self.wfile.write(b"body { color: red }")

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}", hits
    server.shutdown()
    thread.join()
    server.server_close()


def test_raw_html_cannot_read_files_or_reach_the_network(tmp_path, spy_server):
    """Even if markup got through unescaped, the fetcher refuses everything outside static/."""
    origin, hits = spy_server
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:secret")
    html = f"""<!doctype html><html><head>
      <link rel="attachment" href="file:///etc/passwd">
      <link rel="attachment" href="{secret.as_uri()}">
      <link rel="stylesheet" href="{origin}/style.css">
      <style>@import url(file:///etc/passwd); @import url({origin}/import.css);
        body {{ background: url({secret.as_uri()}) }}</style></head>
      <body><p>Hello</p><img src="file:///etc/passwd"><img src="{origin}/img.png">
      <img src="/static/../../../../etc/passwd"><object data="{secret.as_uri()}"></object>
      <a rel="attachment" href="{secret.as_uri()}">a</a></body></html>"""
    data = pdf.render(html, STATIC)
    assert b"root:x:0:0" not in data and b"/EmbeddedFile" not in data
    assert "0 embedded files" in poppler("pdfdetach", data, tmp_path, "-list")
    assert "Hello" in poppler("pdftotext", data, tmp_path)
    assert hits == []


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/passwd",
        f"file://{STATIC}/../pyproject.toml",
        "https://scorekeeper.invalid/static/../../etc/passwd",
        "https://scorekeeper.invalid/static/%2e%2e/%2e%2e/etc/passwd",
        "https://scorekeeper.invalid/etc/passwd",
        "https://scorekeeper.invalid/staticx/css/print.css",
        "https://example.org/static/css/print.css",
        "http://127.0.0.1/static/css/print.css",
        "ftp://scorekeeper.invalid/static/css/print.css",
        "https://scorekeeper.invalid/static/css/",
    ],
)
def test_fetcher_refuses_anything_outside_static(url):
    with pytest.raises(pdf.RefusedURL):
        pdf.fetcher(STATIC).fetch(url)


@pytest.mark.parametrize(
    "url",
    [
        "https://scorekeeper.invalid/static/css/print.css",
        "https://scorekeeper.invalid/static/css/print.css?v=1",
        f"file://{STATIC}/css/print.css",
    ],
)
def test_fetcher_serves_our_static_files(url):
    response = pdf.fetcher(STATIC).fetch(url)
    assert response.content_type == "text/css"
    assert b"@page" in response.read()


def test_data_urls_and_our_stylesheet_are_used(tmp_path):
    pixel = ("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42"
             "mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")
    html = ('<html><head><link rel="stylesheet" href="/static/css/print.css"></head>'
            f'<body><h2>Title</h2><img src="{pixel}"></body></html>')
    data = pdf.render(html, STATIC, "letter")
    assert re.search(r"\b1 ?/ ?1\b", poppler("pdftotext", data, tmp_path))  # page counter
    assert "(letter)" in poppler("pdfinfo", data, tmp_path)
    assert "image" in poppler("pdfimages", data, tmp_path, "-list")
    fonts = poppler("pdffonts", data, tmp_path)
    assert "DejaVu" in fonts


def test_standings_pdf(client, tmp_path):
    from conftest import read_csrf_token

    form = {"name1": "Ann", "hand1": " ".join(map(str, range(1, 11))),
            "name2": "Bob", "hand2": " ".join(map(str, range(11, 21))),
            "csrf_token": read_csrf_token(client, "/tournament")}
    url = client.post("/tournament", data=form).headers["Location"]
    token = read_csrf_token(client, url)
    client.post(f"{url}/games/1", data={"points1": "4", "points2": "9", "csrf_token": token})
    client.post(f"{url}/games/2", data={"points1": "3", "points2": "1", "csrf_token": token})
    data = client.get(f"{url}/standings.pdf?lang=de").data
    text = poppler("pdftotext", data, tmp_path, "-layout")
    # Ann: 4 (own) + 1 (Bob's sheet in game 2) = 5; Bob: 9 + 3 = 12.
    assert "Endstand" in text and "Sieger: Ann" in text
    assert re.search(r"1\s+Ann\s+5\b", text) and re.search(r"2\s+Bob\s+12\b", text)
    sheet_pdf = client.get(f"{url}/sheets.pdf?lang=en&paper=letter").data
    assert pages(sheet_pdf, tmp_path) == 2
    assert "(letter)" in poppler("pdfinfo", sheet_pdf, tmp_path)
