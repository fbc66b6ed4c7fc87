"""``flask freeze-rules DEST``: the static site (rules and checker), written only where told.

Also the export step that makes the pages' scripts work from ``file://``:
:func:`bundle_script` joins a script and the ES modules it imports into one classic
script; the exported checker's, proven here to answer every shared placement vector
exactly as the modules (and so the API) do.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from scorekeeper.rules.examples import BASIC_RULE_2, EXAMPLES, checker_query
from scorekeeper.rules.export import CHECKER_SCRIPT, ENGINE_EXPORTS, RULES_SCRIPT, bundle_script
from tests.conftest import catalog_data, page_catalog, require_node
from tests.test_pdf import poppler

ROOT = Path(__file__).resolve().parent.parent
STATIC = {"static/css/site.css", "static/css/rules.css",
          f"static/{RULES_SCRIPT}", f"static/{CHECKER_SCRIPT}"}
PAGES = {"index.html"} | {f"{lang}/{page}/index.html" for lang in ("en", "nl", "de")
                          for page in ("rules", "checker")}
#: The player aid, one page per language and paper, beside each language's rules.
AIDS = {f"{lang}/rules/aid-{paper}.pdf" for lang in ("en", "nl", "de")
        for paper in ("a4", "letter")}
#: Each page's sentences, one file per language and page (scorekeeper/web/catalog.py).
CATALOGS = {f"catalogs/{lang}/{page}.js" for lang in ("en", "nl", "de")
            for page in ("rules", "check")}
EXPECTED = PAGES | STATIC | AIDS | CATALOGS


def exported_catalog(root: Path, page: Path, html: str) -> dict:
    """The one catalog an exported page names, read from the file it names."""
    (address,) = re.findall(r'<script defer src="([^"]*catalogs/[^"]+)"', html)
    path = (page.parent / address).resolve()
    assert path.is_relative_to(root)
    return catalog_data(path.read_text(encoding="utf-8"))


def files_under(root: Path) -> set[str]:
    return {str(path.relative_to(root)) for path in root.rglob("*") if path.is_file()}


def local_links(html: str) -> list[str]:
    links = re.findall(r'(?:href|src)="([^"#][^"]*)"', html)
    return [link for link in links if not re.match(r"[a-z]+:", link)]


def test_freeze_writes_the_three_languages_with_working_relative_links(runner, app, tmp_path):
    destination = tmp_path / "site"
    result = runner.invoke(args=["freeze-rules", str(destination)])
    assert result.exit_code == 0, result.output
    assert f"Wrote {len(EXPECTED)} files" in result.output
    assert files_under(destination) == EXPECTED
    for name in PAGES:
        page = destination / name
        html = page.read_text(encoding="utf-8")
        assert "csrf" not in html and 'method="post"' not in html.lower()
        if "/checker/" not in name:
            assert "<form" not in html
        for link in local_links(html):
            assert link.startswith(("../", "static/", "en/", "nl/", "de/", "index.html",
                                    "aid-")), link
            assert (page.parent / link.split("?")[0]).resolve().is_file(), (name, link)
    nl = (destination / "nl/rules/index.html").read_text(encoding="utf-8")
    assert '<html lang="nl">' in nl
    assert 'href="../../de/rules/index.html"' in nl
    assert 'href="aid-a4.pdf"' in nl and 'href="aid-letter.pdf"' in nl
    # Its icon is in the page (no /favicon.ico to miss); its other languages are linked by
    # the language switch, not by hreflang alternates, which need the site's full address.
    assert '<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,%3Csvg' in nl
    assert 'rel="alternate"' not in nl
    # The examples open the exported checker, filled in; no live server is needed.
    assert "/check?" not in nl
    for anchor, example in EXAMPLES.items():
        href = "../checker/index.html?" + checker_query(example).replace("&", "&amp;")
        assert f'href="{href}" data-example="{anchor}"' in nl
    # The freeze leaves the app as it found it, and the checker page is export-only.
    assert not app.config.get("RULES_FREEZING")
    assert app.test_client().get("/nl/checker/").status_code == 404


@pytest.mark.parametrize(("lang", "button"), [
    ("en", "Show where the cards go"), ("nl", "Toon waar de kaarten komen"),
    ("de", "Karten anlegen")])
def test_exported_checker_page_is_in_its_language_and_loads_classic_scripts(
        runner, tmp_path, lang, button):
    destination = tmp_path / "site"
    assert runner.invoke(args=["freeze-rules", str(destination)]).exit_code == 0
    html = (destination / lang / "checker/index.html").read_text(encoding="utf-8")
    assert f'<html lang="{lang}">' in html and button in html
    assert 'type="module"' not in html  # file:// refuses module scripts
    scripts = re.findall(r'<script defer src="([^"]+)"', html)
    assert scripts == [f"../../catalogs/{lang}/check.js", f"../../static/{CHECKER_SCRIPT}"]
    catalog = exported_catalog(destination, destination / lang / "checker/index.html", html)
    assert {f"rule_heading_{n}" for n in (1, 2, 3, 4)} <= set(catalog["sentences"])
    assert [form.count("%(num)s") for form in catalog["plurals"]["bullheads"]] == [1, 1]
    # The exported checker says nothing of its own: its catalog is the live checker's.
    live = runner.app.test_client().get(f"/check?lang={lang}").get_data(as_text=True)
    assert catalog == page_catalog(runner.app.test_client(), live)
    rules = (destination / lang / "rules/index.html").read_text(encoding="utf-8")
    assert re.findall(r'<script defer src="([^"]+)"', rules) == [
        f"../../catalogs/{lang}/rules.js", f"../../static/{RULES_SCRIPT}"]
    assert 'type="module"' not in rules
    assert exported_catalog(destination, destination / lang / "rules/index.html", rules)[
        "plurals"]["carries"][0].count("%(card)s") == 1
    for script in (RULES_SCRIPT, CHECKER_SCRIPT):  # joined: no module syntax left
        text = (destination / "static" / script).read_text(encoding="utf-8")
        assert not re.search(r"^\s*(import|export)\b", text, re.M), script
    for name in ("rows", "takes_at", "variant", "max_card", "r5", "player", "card"):
        assert f'name="{name}"' in html, name


def test_checker_url_makes_the_examples_link_to_a_live_app(runner, tmp_path):
    destination = tmp_path / "out"
    result = runner.invoke(
        args=["freeze-rules", str(destination), "--checker-url", "https://table.example/"])
    assert result.exit_code == 0, result.output
    html = (destination / "en/rules/index.html").read_text(encoding="utf-8")
    href = "https://table.example/check?" + checker_query(BASIC_RULE_2).replace("&", "&amp;")
    assert f'href="{href}"' in html
    # Each language's aid prints the live rules in its own language.
    aid = poppler("pdftotext", (destination / "nl/rules/aid-a4.pdf").read_bytes(), tmp_path)
    assert "https://table.example/nl/rules/" in " ".join(aid.split())


def test_relative_destination_is_taken_from_the_working_directory(runner, tmp_path,
                                                                  monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(args=["freeze-rules", "site"])
    assert result.exit_code == 0, result.output
    assert files_under(tmp_path / "site") == EXPECTED
    assert files_under(tmp_path) == {f"site/{name}" for name in EXPECTED}


def test_existing_files_in_the_destination_are_left_alone(runner, tmp_path):
    destination = tmp_path / "site"
    destination.mkdir()
    (destination / "CNAME").write_text("rules.example\n")
    assert runner.invoke(args=["freeze-rules", str(destination)]).exit_code == 0
    assert (destination / "CNAME").read_text() == "rules.example\n"


# --- The engine as one classic script -------------------------------------------------

RUN_VECTORS = r"""
const vm = require("node:vm"), fs = require("node:fs"), path = require("node:path");
const [bundle, dir] = process.argv.slice(1);
const context = vm.createContext({});
vm.runInContext(fs.readFileSync(bundle, "utf8"), context);
const engine = context.SixNimmtEngine;
let total = 0; const wrong = [];
for (const name of fs.readdirSync(dir).filter((n) => n.endsWith(".json")).sort()) {
  for (const vector of JSON.parse(fs.readFileSync(path.join(dir, name), "utf8"))) {
    total += 1;
    let got;
    try { got = { answer: engine.resolvePlacement(vector.request) }; }
    catch (error) {
      if (!error.code) throw error;
      got = { error: error.code, fields: error.fields };
    }
    const want = "error" in vector ? { error: vector.error, fields: vector.fields }
      : { answer: vector.answer };
    if (JSON.stringify(got) !== JSON.stringify(want)) wrong.push(name);
  }
}
console.log(JSON.stringify({ total, wrong: wrong.slice(0, 5), bullheads55: engine.bullheads(55),
                             keys: Object.keys(engine).sort() }));
"""


def run_node(script: str, *args: str) -> dict:
    done = subprocess.run([require_node(), "-e", script, *args], capture_output=True, text=True,
                          timeout=120, check=True)
    return json.loads(done.stdout)


def test_bundled_engine_answers_every_shared_vector_like_the_modules(tmp_path):
    bundle = tmp_path / "engine.js"
    bundle.write_text(bundle_script(ROOT / "static", CHECKER_SCRIPT, ENGINE_EXPORTS),
                      encoding="utf-8")
    result = run_node(RUN_VECTORS, str(bundle), str(ROOT / "tests/vectors/placement"))
    assert result["total"] >= 3000 and result["wrong"] == []
    assert result["bullheads55"] == 7
    assert result["keys"] == ["bullheads", "resolvePlacement"]


def test_bundle_is_a_classic_script_without_module_syntax():
    script = bundle_script(ROOT / "static", CHECKER_SCRIPT, ENGINE_EXPORTS)
    assert not re.search(r"^\s*(import|export)\b", script, re.M)
    assert "globalThis.SixNimmtEngine = Object.freeze(" in script
    # Every module of the placement engine is in, each once, dependencies before their users,
    # with the live checker's answering without a server (its form reading and its drawing),
    # and the checker's own script last.
    order = re.findall(r"^// ---- static/(\S+)$", script, re.M)
    placement = [f"js/engine/{name}.js" for name in (
        "cards", "checks", "errors", "limits", "parse", "placement", "pyish", "table", "turn")]
    live = [f"js/check/{name}.js" for name in ("form", "offline", "result")]
    assert sorted(order) == sorted({*placement, *live, "js/shared/catalog.js", CHECKER_SCRIPT})
    assert order[-1] == CHECKER_SCRIPT and order.index("js/engine/cards.js") < order.index(
        "js/engine/table.js")
    assert order.index("js/engine/placement.js") < order.index(CHECKER_SCRIPT)
    search = bundle_script(ROOT / "static", RULES_SCRIPT)
    assert "SixNimmtEngine" not in search and "static/js/engine/placement.js" not in search


def write_modules(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def test_bundler_keeps_aliases_namespaces_reexports_and_private_names_apart(tmp_path):
    root = write_modules(tmp_path, {
        "js/a.js": 'const secret = "a";\nexport const A = 1;\nexport function twice(x) '
                   '{ return 2 * x; }\nfunction hidden() { return secret; }\n'
                   "export { hidden as shown };\n",
        "js/lib/b.js": 'import { A, twice as double } from "../a.js";\nimport * as all '
                       'from "../a.js";\nconst secret = "b";\nexport const B = double(A) '
                       '+ all.A;\nexport { A } from "../a.js";\nexport * from "../a.js";\n'
                       "export const mine = () => secret;\n",
    })
    script = bundle_script(root, exports={"B": "js/lib/b.js", "A": "js/lib/b.js",
                                          "shown": "js/lib/b.js", "mine": "js/lib/b.js"})
    probe = ("const vm = require('node:vm'); const c = vm.createContext({});"
             "vm.runInContext(process.argv[1], c); const e = c.SixNimmtEngine;"
             "console.log(JSON.stringify([e.B, e.A, e.shown(), e.mine()]))")
    assert run_node(probe, script) == [3, 1, "a", "b"]


@pytest.mark.parametrize(("files", "message"), [
    ({"js/a.js": 'import { b } from "./b.js";\nexport const a = 1;\n',
      "js/b.js": 'import { a } from "./a.js";\nexport const b = 2;\n'}, "import cycle"),
    ({"js/a.js": "export default 1;\n"}, "cannot bundle"),
    ({"js/a.js": 'import { x } from "lodash";\nexport const a = x;\n'}, "relative imports"),
    ({"js/a.js": 'import "./b.js";\nexport const a = 1;\n', "js/b.js": ""}, "cannot bundle"),
    ({"js/a.js": "export const a = import.meta.url;\n"}, "cannot bundle"),
])
def test_bundler_refuses_what_it_cannot_bundle_faithfully(tmp_path, files, message):
    root = write_modules(tmp_path, files)
    with pytest.raises(ValueError, match=message):
        bundle_script(root, "js/a.js")
