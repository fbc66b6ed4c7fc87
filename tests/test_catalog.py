"""One catalog per page (scorekeeper/web/catalog.py), and the browser's reading of it
(static/js/shared/catalog.js) saying every refusal of the shared vectors as the Python does."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import create_app
from scorekeeper.engine import errors
from scorekeeper.web import catalog
from tests.conftest import page_catalog, page_catalogs, read_csrf_token, require_node

ROOT = Path(__file__).resolve().parent.parent
VECTORS = ROOT / "tests" / "vectors"
#: Importing every feature's refusals, and wording the English catalog.
APP = create_app({"TESTING": True, "DATABASE": ":memory:"})


def _classes() -> dict[str, type[errors.RulesError]]:
    found, todo = {}, [errors.RulesError]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        found[cls.__name__] = cls
    return found


def _vector_refusals() -> list[dict[str, Any]]:
    """Every refusal of the shared vectors: ``{"code", "fields"}``, each once."""
    cases: list[dict[str, Any]] = []
    for name in ("refusals", "shapes-refusals"):
        cases += json.loads((VECTORS / "placement" / f"{name}.json").read_text("utf-8"))
    deals = json.loads((VECTORS / "deals.json").read_text("utf-8"))
    cases += [*deals["cases"], *deals["settings"], *deals["starts"]]
    cases += json.loads((VECTORS / "check-form.json").read_text("utf-8"))["cases"]
    seen = {json.dumps([c["error"], c["fields"]], sort_keys=True): c
            for c in cases if "error" in c}
    return [{"code": c["error"], "fields": c["fields"]} for c in seen.values()]


WORD = """import { catalogOf, shown } from %s;
import { readFileSync } from "node:fs";
const { catalog, refusals, values } = JSON.parse(readFileSync(0, "utf8"));
const t = catalogOf(catalog);
console.log(JSON.stringify({ sentences: refusals.map((r) => t.refusalText(r)),
                             shown: values.map(shown) }));"""

#: Values a field can hold, beyond the vectors': long, outside the BMP, nested, odd numbers.
VALUES = ["Ann", "", "x" * 40, "x" * 41, "\U0001f402" * 41, "é" * 39 + "\u00e9\u0301", None,
          True, False, 0, -3, 2.5, 1e-7, 0.0001, 10**20, [1, "x", None], {"a": [True]},
          {"k": "v", "n": 1}, [], {}, "a\nb\t\"c\\", "\x1c\x7f\u2028", "<b>&amp;</b>"]


def test_the_browser_words_every_refusal_of_the_vectors_as_python_does():
    classes = _classes()
    refusals = _vector_refusals()
    assert len(refusals) > 500
    codes = sorted({r["code"] for r in refusals})
    with APP.test_request_context("/?lang=en"):
        english = catalog.build(refusals=[classes[code] for code in codes])
    answer = subprocess.run(
        [require_node(), "--input-type=module", "-e",
         WORD % json.dumps((ROOT / "static/js/shared/catalog.js").as_uri())],
        input=json.dumps({"catalog": english, "refusals": refusals, "values": VALUES}),
        capture_output=True, text=True, check=True, timeout=60).stdout
    got = json.loads(answer)
    wrong = [(r, phone) for r, phone in zip(refusals, got["sentences"], strict=True)
             if phone != str(classes[r["code"]](**r["fields"]))]
    assert not wrong, wrong[:3]
    assert got["shown"] == [errors.shown(value) for value in VALUES]


def test_a_sentence_cannot_close_the_data_block_it_travels_in():
    markup = catalog.data_block({"sentences": {"x": "</script><script>alert(1)</script>&'"}},
                                "sheet-data")
    assert str(markup).count("</script>") == 1 and "<script>alert" not in markup
    text = re.fullmatch(r'<script type="application/json" id="sheet-data">(.*)</script>',
                        str(markup), re.S).group(1)
    assert json.loads(text)["sentences"]["x"] == "</script><script>alert(1)</script>&'"


def sheet(client) -> str:
    token = read_csrf_token(client)
    answer = client.post("/?lang=en", data={
        "csrf_token": token, "end": "threshold", "threshold": "66", "variant": "basic",
        "rows": "4", "takes_at": "6", "hand_size": "10", "players-0": "Ann",
        "players-1": "Bob"})
    game = answer.headers["Location"].split("?")[0]
    client.post(f"{game}/deals?lang=en", data={
        "csrf_token": token, "number": "1", "mode": "bullheads", "action": "save",
        "bh-0": "5", "bh-1": "3"})
    return game


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_every_page_with_a_script_that_words_carries_one_catalog(client, lang):
    game = sheet(client)
    pages = ["/check", "/", "/games/offline", game, f"{game}/evening", "/games/offline/evening",
             "/tournament", "/rules", f"/{lang}/rules/"]
    for page in pages:
        response = client.get(f"{page}?lang={lang}")
        assert response.status_code == 200, page
        found = page_catalogs(client, response.get_data(as_text=True))
        assert len(found) == 1, page
        data = found[0]
        assert set(data) == {"sentences", "plurals", "refusals", "general"}, page
        assert data["general"] and all(data["sentences"].values()), page
        counted = [[t["one"], t["other"]] for t in data["refusals"].values()
                   if isinstance(t, dict)]
        plain = [t for t in data["refusals"].values() if isinstance(t, str)]
        for template in [*data["sentences"].values(), *plain, *sum(counted, [])]:
            assert "{" not in template.replace("{}", ""), (page, template)  # gettext's %(x)s


def test_the_refusals_a_page_carries_are_the_classes_own_templates(client):
    data = page_catalog(client, client.get("/check?lang=de").get_data(as_text=True))
    assert data["refusals"]["EmptyRow"] == (
        "Reihe %(row)s ist leer: Jede Reihe hat mindestens eine Karte.")
    assert {"RowNotAscending", "BadShape", "NotACardNumber", "NotARow"} <= set(data["refusals"])
    start = page_catalog(client, client.get("/?lang=en").get_data(as_text=True))
    assert start["refusals"]["PlayerCount"] == errors.PlayerCount.template
    assert start["plurals"]["deals"] == ["%(num)s deal", "%(num)s deals"]


def test_a_catalog_is_kept_for_a_year_only_when_asked_for_by_its_own_hash(client):
    html = client.get("/games/offline?lang=nl").get_data(as_text=True)
    (address,) = re.findall(r'<script defer src="(/catalogs/nl/sheet\.js\?v=(\w+))">', html)
    answer = client.get(address[0])
    text = answer.get_data(as_text=True)
    assert address[1] == hashlib.sha256(text.encode()).hexdigest()[:12]
    assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert answer.mimetype == "text/javascript"
    for other in ("/catalogs/nl/sheet.js", "/catalogs/nl/sheet.js?v=0123456789ab"):
        answer = client.get(other)
        assert answer.get_data(as_text=True) == text
        assert answer.headers["Cache-Control"] == "no-cache", other
    for unknown in ("/catalogs/fr/sheet.js", "/catalogs/nl/nothing.js"):
        assert client.get(unknown).status_code == 404, unknown


def test_each_language_has_its_own_file_and_address(client):
    addresses = {}
    for lang in ("en", "nl", "de"):
        html = client.get(f"/check?lang={lang}").get_data(as_text=True)
        (addresses[lang],) = re.findall(r'<script defer src="([^"]+)">', html)
        assert addresses[lang].startswith(f"/catalogs/{lang}/check.js?v="), addresses[lang]
    assert len(set(addresses.values())) == 3
    texts = {client.get(a).get_data(as_text=True) for a in addresses.values()}
    assert len(texts) == 3


def test_the_catalog_comes_before_the_module_that_reads_it(client):
    html = client.get("/games/offline?lang=de").get_data(as_text=True)
    body = html.split("<body", 1)[1]
    assert body.index('src="/catalogs/de/sheet.js') < body.index("js/sheet/page.js")


def test_two_pages_catalogs_cannot_share_a_name():
    assert catalog.page("sheet", *_same_as("sheet")) is not None
    with pytest.raises(ValueError, match="'sheet'"):
        catalog.page("sheet", {"other": "Other"})


def _same_as(name: str) -> tuple:
    made = catalog.PAGES[name]
    return made.sentences, made.plurals, made.refusals
