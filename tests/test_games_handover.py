"""Handing a game to another phone: the sheet carries its absolute link as text and as an
inline SVG QR code that decodes back to that link."""

from __future__ import annotations

import json
import re

import zxingcpp
from PIL import Image, ImageDraw

from scorekeeper.games.handover import qr_svg

SVG = re.compile(r'<svg viewBox="0 0 (\d+) \1" class="qr" role="img">.*?</svg>', re.S)


def modules(svg: str) -> Image.Image:
    """Draw the QR code the way a browser would, from its one path of dark lines (``M x y``
    and ``m dx dy`` move, ``h n`` draws n modules to the right), 8 px a module."""
    size = int(SVG.search(svg).group(1))  # the viewBox counts modules
    path = re.search(r'<path[^>]*stroke="#000"[^>]*d="([^"]+)"', svg).group(1)
    image = Image.new("L", (size * 8, size * 8), 255)
    draw = ImageDraw.Draw(image)
    x = y = 0.0
    for command, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", path):
        if command == "M":
            x, y = float(a), float(b)
        elif command == "m":
            x, y = x + float(a), y + float(b)
        else:
            row = int(y)
            draw.rectangle((x * 8, row * 8, (x + float(a)) * 8 - 1, row * 8 + 7), fill=0)
            x += float(a)
    return image


def decode(svg: str) -> str:
    results = zxingcpp.read_barcodes(modules(svg))
    assert len(results) == 1
    return results[0].text


def start(client, headers, **settings) -> str:
    body = {"players": ["Ann", "Bob", "Cas"], **settings}
    return client.post("/api/v1/games", json=body, headers=headers).get_json()["id"]


def test_the_sheet_carries_the_link_as_text_and_qr_code(client, csrf_headers):
    game_id = start(client, csrf_headers)
    html = client.get(f"/games/{game_id}?lang=en").get_data(as_text=True)
    link = f"http://localhost/games/{game_id}"
    box = html[html.index('<details class="handover"'):html.index("</details>")]
    assert "<summary>Hand over to another phone</summary>" in box
    assert f'<code id="handover-link">{link}</code>' in box
    svg = SVG.search(box).group(0)
    assert "<title>QR code of the link to this game</title>" in svg
    assert decode(svg) == link
    # Inline, so a sheet the service worker stored shows it without a connection.
    assert "<img" not in box and "style=" not in box


def test_the_link_follows_the_host_the_phone_used(client, csrf_headers):
    game_id = start(client, csrf_headers)
    html = client.get(f"/games/{game_id}", base_url="http://127.0.0.1:5000"
                      ).get_data(as_text=True)
    assert decode(SVG.search(html).group(0)) == f"http://127.0.0.1:5000/games/{game_id}"


def test_a_long_link_still_decodes():
    link = "https://scores.example.org/games/" + "0123456789abcdef0123" + "?lang=de"
    assert decode(qr_svg(link, "Link")) == link


def test_finished_or_running_the_box_is_there(client, csrf_headers):
    game_id = start(client, csrf_headers, threshold=20)
    client.post(f"/api/v1/games/{game_id}/deals", headers=csrf_headers, json={
        "number": 1, "bullheads": {"Ann": 20, "Bob": 0, "Cas": 0}})
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "The game is over." in html and 'id="handover"' in html


def test_the_games_json_and_the_sheets_data_carry_the_box_the_page_draws(client, csrf_headers):
    """The phone keeps the box as data: the same link and QR codes the page draws, each
    code decoding to its link, so a sheet the phone draws from them shows the same box."""
    game_id = start(client, csrf_headers)
    game = client.get(f"/api/v1/games/{game_id}").get_json()
    box = game["handover"]
    assert box["link"] == f"http://localhost/games/{game_id}"
    html = client.get(f"/games/{game_id}?lang=en").get_data(as_text=True)
    data = json.loads(re.search(r'id="sheet-data">(.*?)</script>', html, re.S).group(1))
    assert data["game"]["handover"] == box
    drawn = SVG.findall(html)
    assert len(drawn) == 2
    for code, link in ((box["link_qr"], box["link"]), (box["view_qr"], game["view_url"])):
        svg = drawn_svg(code)
        assert decode(svg) == link
        assert f'viewBox="0 0 {code["size"]} {code["size"]}"' in html
        assert f'd="{code["path"]}"' in html


def drawn_svg(code: dict) -> str:
    return (f'<svg viewBox="0 0 {code["size"]} {code["size"]}" class="qr" role="img">'
            f'<path stroke="#000" d="{code["path"]}"/></svg>')


def test_the_box_comes_where_a_phone_learns_it_and_not_with_each_deal(client, csrf_headers):
    """The phone learns the box when the server names its game (created, or the evening's
    next game) or asks for the game by token; a deal's answer, the hot path of an
    evening, makes no QR code."""
    created = client.post("/api/v1/games", json={"players": ["Ann", "Bob", "Cas"]},
                          headers=csrf_headers).get_json()
    game_id = created["id"]
    assert created["handover"]["link"] == f"http://localhost/games/{game_id}"
    deal = {"bullheads": {"Ann": 70, "Bob": 0, "Cas": 3}}
    written = client.post(f"/api/v1/games/{game_id}/deals", json=deal, headers=csrf_headers)
    assert written.status_code == 201 and "handover" not in written.get_json()
    assert written.get_json()["finished"] is True
    corrected = client.put(f"/api/v1/games/{game_id}/deals/1",
                            json={"bullheads": {"Ann": 70, "Bob": 1, "Cas": 3}},
                            headers=csrf_headers)
    assert corrected.status_code == 200 and "handover" not in corrected.get_json()
    refused = client.post(f"/api/v1/games/{game_id}/deals", json=deal, headers=csrf_headers)
    assert refused.status_code == 409 and "handover" not in refused.get_json()
    shown = client.get(f"/api/v1/games/{game_id}").get_json()
    assert shown["handover"]["link"] == f"http://localhost/games/{game_id}"
    following = client.post(f"/api/v1/games/{game_id}/same-players",
                            headers=csrf_headers).get_json()
    assert following["id"] != game_id
    assert following["handover"]["link"] == f"http://localhost/games/{following['id']}"


def test_the_shell_holds_the_box_hidden_and_empty(client):
    """The sheet drawn offline has the box's words and markup from the server, and no
    values: the phone fills in the link and the QR codes it keeps."""
    html = client.get("/games/offline?lang=en").get_data(as_text=True)
    box = html[html.index('<div class="handovers" id="handover" hidden>'):]
    box = box[:box.index("</div>")]
    assert "<summary>Hand over to another phone</summary>" in box
    assert '<code id="handover-link"></code>' in box and '<code id="view-link"></code>' in box
    assert '<details class="handover-view" id="spectators" hidden>' in box
    assert box.count('<path stroke="#000" d=""/>') == 2 and "viewBox" not in box
