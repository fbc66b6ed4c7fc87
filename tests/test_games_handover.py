"""Handing a game to another phone: the sheet carries its absolute link as text and as an
inline SVG QR code that decodes back to that link."""

from __future__ import annotations

import re

import zxingcpp
from PIL import Image, ImageDraw

from scorekeeper.games.handover import qr_svg

SVG = re.compile(r'<svg viewBox="0 0 (\d+) \1" class="qr">.*?</svg>', re.S)


def modules(svg: str) -> Image.Image:
    """Draw the QR code the way a browser would, from segno's one path of dark lines
    (``M x y`` and ``m dx dy`` move, ``h n`` draws n modules to the right), 8 px a module."""
    size = int(SVG.search(svg).group(1)) // 4  # scale 4: the viewBox counts 4 per module
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
