"""An event's paper, read back: the slips' text and QR codes, and the standings' rows."""

from __future__ import annotations

import subprocess
import threading
from fractions import Fraction
from types import SimpleNamespace

import pytest
import zxingcpp
from PIL import Image

from scorekeeper.events.paper import Slip, slips_pdf, standings_pdf


def pdf_text(body: bytes, tmp_path) -> str:
    path = tmp_path / "paper.pdf"
    path.write_bytes(body)
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True,
                          capture_output=True, text=True).stdout


def page_images(body: bytes, tmp_path) -> list[Image.Image]:
    path = tmp_path / "paper.pdf"
    path.write_bytes(body)
    subprocess.run(["pdftoppm", "-r", "100", "-png", str(path), str(tmp_path / "page")],
                   check=True)
    return [Image.open(p) for p in sorted(tmp_path.glob("page-*.png"))]


SLIPS = [Slip(n, (f"P{n}a", f"P{n}b", f"P{n}c", f"P{n}d"),
              f"http://127.0.0.1:5000/games/{n:020x}") for n in range(1, 8)]


@pytest.mark.parametrize(("lang", "heading", "round_line"), [
    ("en", "Table 3", "Event round 2"),
    ("nl", "Tafel 3", "Toernooironde 2"),
    ("de", "Tisch 3", "Turnierrunde 2"),
])
def test_slips_name_table_round_and_players(app, tmp_path, lang, heading, round_line):
    with app.test_request_context():
        body = slips_pdf("Clubavond <b>", 2, SLIPS, lang, "a4").get_data()
    text = pdf_text(body, tmp_path)
    assert heading in text and round_line in text
    assert "Clubavond <b>" in text  # printed as text, never as markup
    assert "P3a" in text and "P7d" in text
    assert text.count("\f") in (2, 1)  # seven slips: six on the first page, one on the next


def test_slip_qr_codes_decode_to_each_tables_link(app, tmp_path):
    with app.test_request_context():
        body = slips_pdf("Clubavond", 1, SLIPS, "en", "letter").get_data()
    decoded = sorted(code.text for image in page_images(body, tmp_path)
                     for code in zxingcpp.read_barcodes(image))
    assert decoded == sorted(slip.link for slip in SLIPS)


def test_standings_print_shared_points_and_mark_the_lot(app, tmp_path):
    rows = [
        SimpleNamespace(rank=1, player="Ann", points=Fraction(14), relative=Fraction(23, 2),
                        bullheads=20, games=2, lot=None, wins=1),
        SimpleNamespace(rank=2, player="Bob", points=Fraction(9), relative=Fraction(-4, 3),
                        bullheads=51, games=2, lot=1, wins=0),
        SimpleNamespace(rank=3, player="Cas", points=Fraction(9), relative=Fraction(-4, 3),
                        bullheads=51, games=2, lot=2, wins=0),
    ]
    with app.test_request_context("/?lang=nl"):
        body = standings_pdf("Clubavond", "Klassement na toernooironde 2", rows, "nl", "a4",
                             frozenset({"Cas"}), "27 november 2026").get_data()
    text = pdf_text(body, tmp_path)
    lines = [" ".join(line.split()) for line in text.splitlines()]
    assert "1 Ann 14 11,5 20 2" in lines
    assert "2* Bob 9 -1,33 51 2" in lines
    assert "Klassement na toernooironde 2" in text
    assert any(line.startswith("3* Cas (") and line.endswith(") 9 -1,33 51 2")
               for line in lines), lines  # Cas left the event: said on paper too
    assert "27 november 2026" in text


# --- Through the routes: an event seated by the API, its paper read back -----------------

from tests.conftest import read_csrf_token  # noqa: E402


def _seated_event(client, count: int = 13, fixed_deals: int = 1):
    headers = {"X-CSRFToken": read_csrf_token(client, "/events")}
    names = [f"Speler {n:02d}" for n in range(1, count + 1)]
    event = client.post("/api/v1/events", headers=headers, json={
        "name": "Clubavond", "players": names, "rounds": 2, "seed": 11,
        "fixed_deals": fixed_deals}).get_json()
    headers["X-Director-Key"] = event["director_key"]
    seated = client.post(f"/api/v1/events/{event['id']}/rounds", headers=headers).get_json()
    return event, seated, headers


def test_round_slips_carry_each_tables_game_link(client, tmp_path):
    event, seated, headers = _seated_event(client)
    slips = f"/events/{event['id']}/rounds/1/slips.pdf?paper=letter&lang=de"
    assert client.get(slips).status_code == 403  # the game links are the director's
    answer = client.get(slips, headers=headers)
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    assert answer.headers["Cache-Control"] == "private, no-store"
    decoded = sorted(code.text for image in page_images(answer.data, tmp_path)
                     for code in zxingcpp.read_barcodes(image))
    assert decoded == sorted(f"http://localhost/games/{t['game']}" for t in seated["tables"])
    text = pdf_text(answer.data, tmp_path)
    assert [len(t["players"]) for t in seated["tables"]] == [4, 4, 5]
    assert all(name in text for t in seated["tables"] for name in t["players"])
    assert client.get(f"/events/{event['id']}/rounds/2/slips.pdf",
                      headers=headers).status_code == 404


def test_standings_paper_and_csv_after_a_round(client, tmp_path):
    """Fixed one-deal games; table 1's deal is entered by hand, so its places are known:
    fewest bullheads first, 7, 5, 3, 1 points at a table of four."""
    event, seated, headers = _seated_event(client, count=12)
    for table in seated["tables"]:
        players = table["players"]
        bullheads = dict(zip(players, (3, 8, 8, 20), strict=True))
        answer = client.post(f"/api/v1/games/{table['game']}/deals", headers=headers,
                             json={"number": 1, "bullheads": bullheads})
        assert answer.status_code == 201, answer.get_json()
    first = seated["tables"][0]["players"]
    text = pdf_text(client.get(f"/events/{event['id']}/standings.pdf?lang=en").data, tmp_path)
    assert "Standings after event round 1" in text
    lines = [" ".join(line.split()) for line in text.splitlines()]
    # A first place of table 1: 7 points, relative mean(3, 8, 8, 20) - 3 = 39/4 - 3 = 6.75.
    assert any(line.endswith(f"{first[0]} 7 6.75 3 1") for line in lines), lines
    csv_nl = client.get(f"/events/{event['id']}/results.csv?lang=nl").data
    assert csv_nl.startswith("\ufeff".encode())
    rows = csv_nl.decode("utf-8-sig").splitlines()
    assert rows[0] == "Plaats;Naam;Punten;Relatief;Runderkoppen;Spellen;Loting"
    # Two tied for second at a table of four share (5 + 3) / 2 = 4 points each.
    assert f"1;1;{first[1]};8;4" in rows and f"1;1;{first[0]};3;7" in rows
    csv_en = client.get(f"/events/{event['id']}/results.csv?lang=en").data.decode()
    assert csv_en.splitlines()[0] == "Place,Name,Points,Relative,Bullheads,Games,Lot"
    assert client.get(f"/events/{event['id']}/results.csv?sep=tab").status_code == 400


def counting_app(config):
    """The app a worker answers with (``web/workers.py``), counting each layout of a PDF
    for an app whose configuration names a file ``LAYOUTS``: the worker is another
    process, out of a monkeypatch's reach."""
    from flask import current_app

    from scorekeeper import create_app
    from scorekeeper.web import pdf

    if not hasattr(pdf.lay_out, "real"):
        real = pdf.lay_out

        def counted(*args, **kwargs):
            if "LAYOUTS" in current_app.config:
                with open(current_app.config["LAYOUTS"], "a") as count:
                    count.write("1")
            return real(*args, **kwargs)

        counted.real = real
        pdf.lay_out = counted
    return create_app(config)


def test_the_same_standings_are_laid_out_once_however_many_ask_at_once(tmp_path):
    """Four phones asking for the standings at the same moment cost one layout (made by
    the worker, kept by the HTML it is made of); a new result makes a new one."""
    from scorekeeper import create_app
    from scorekeeper.web import workers
    from scorekeeper.web.workers import Gate

    layouts = tmp_path / "layouts"
    layouts.write_text("")
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "p.sqlite"),
                      "SECRET_KEY": "test", "LAYOUTS": str(layouts), "HEAVY_WORKERS": 1,
                      "HEAVY_QUEUE": 3})
    app.extensions["heavy"] = Gate(app, counting_app)
    client = app.test_client()
    event, seated, headers = _seated_event(client, count=12)
    path = f"/events/{event['id']}/standings.pdf?lang=en"
    bodies = []

    def ask():
        bodies.append(app.test_client().get(path).data)

    threads = [threading.Thread(target=ask) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(bodies) == 4 and len(set(bodies)) == 1 and bodies[0].startswith(b"%PDF")
    assert layouts.read_text() == "1"
    assert client.get(path).data == bodies[0] and layouts.read_text() == "1"
    table = seated["tables"][0]
    client.post(f"/api/v1/games/{table['game']}/deals", headers=headers, json={
        "number": 1, "bullheads": dict(zip(table["players"], (3, 8, 8, 20), strict=True))})
    assert client.get(path).data != bodies[0] and layouts.read_text() == "11"
    workers.stop()  # the pool this test started: the run's exit would wait for it
