"""What the app keeps between requests (web/kept.py) and the key each kept value has.

Each test below changes one part of one key and nothing else, so it fails if that part
were dropped from the key: the app would serve the value kept for the other file.
"""

from __future__ import annotations

import gzip
import os
from pathlib import Path

import pytest
from flask import Flask, url_for
from flask_babel import force_locale

from scorekeeper.web import assets, catalog, kept, pdf

GZIP = {"Accept-Encoding": "gzip"}
TEXT = "a { color: red }\n" * 40  # past assets.MIN_SIZE, so it is gzipped


def test_a_kept_value_is_built_once_per_kind_and_key(app):
    built = []

    def build(value: str):
        return lambda: built.append(value) or value

    with app.app_context():
        assert kept.kept("one", build("a"), part=1) == "a"
        assert kept.kept("one", build("b"), part=1) == "a"  # kept
        assert kept.kept("one", build("c"), part=2) == "c"  # another key
        assert kept.kept("two", build("d"), part=1) == "d"  # another kind
        assert kept.kept("one", build("e"), part=1, more=0) == "e"  # a longer key
    assert built == ["a", "c", "d", "e"]
    other = Flask(__name__)
    kept.init_app(other)
    with other.app_context():  # each app keeps its own
        assert kept.kept("one", build("f"), part=1) == "f"


def test_a_value_kept_on_is_kept_per_thing_while_its_state_holds(app):
    built = []

    def build(value: str):
        return lambda before: built.append((before, value)) or value

    with app.app_context():
        assert kept.kept_on("season", build("a1"), 2, of="a", state=1) == "a1"
        assert kept.kept_on("season", build("x"), 2, of="a", state=1) == "a1"  # kept
        assert kept.kept_on("season", build("b1"), 2, of="b", state=1) == "b1"  # another thing
        # Its state changed: built again, from the value of the state before.
        assert kept.kept_on("season", build("a2"), 2, of="a", state=2) == "a2"
        assert kept.kept_on("season", build("x"), 2, of="a", state=2) == "a2"
        assert kept.kept_on("other", build("o"), 2, of="a", state=2) == "o"  # another kind
        # A third thing pushes out the one used longest ago (b), not a.
        assert kept.kept_on("season", build("c1"), 2, of="c", state=1) == "c1"
        assert kept.kept_on("season", build("b1 again"), 2, of="b", state=1) == "b1 again"
    assert built == [(None, "a1"), (None, "b1"), ("a1", "a2"), (None, "o"), (None, "c1"),
                     (None, "b1 again")]


def write(folder: Path, name: str, text: str, mtime_ns: int | None = None) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    if mtime_ns is not None:
        os.utime(path, ns=(mtime_ns, mtime_ns))
    return path


def served(client, name: str) -> str:
    with client.get(f"/static/{name}", headers=GZIP) as answer:
        assert answer.status_code == 200
        assert answer.headers["Content-Encoding"] == "gzip"
        return gzip.decompress(answer.get_data()).decode()


def test_a_static_files_gzip_follows_its_path_time_and_size(app, client, tmp_path):
    app.static_folder = str(tmp_path)
    stamp = 1_700_000_000_000_000_000
    write(tmp_path, "css/a.css", TEXT, stamp)
    write(tmp_path, "css/b.css", TEXT.replace("red", "tan"), stamp)  # same size and time
    assert served(client, "css/a.css") == TEXT
    assert served(client, "css/b.css") == TEXT.replace("red", "tan")  # path
    write(tmp_path, "css/a.css", TEXT.replace("red", "pink"), stamp)  # same time
    assert served(client, "css/a.css") == TEXT.replace("red", "pink")  # size
    write(tmp_path, "css/a.css", TEXT.replace("red", "tea"), stamp + 1)  # same size
    assert served(client, "css/a.css") == TEXT.replace("red", "tea")  # time


def test_a_compact_stylesheet_follows_its_path_time_and_size(app, tmp_path):
    app.static_folder = str(tmp_path)
    stamp = 1_700_000_000_000_000_000
    write(tmp_path, "css/a.css", "a { color: red }", stamp)
    write(tmp_path, "css/b.css", "a { color: tan }", stamp)  # same size and time
    with app.test_request_context("/"):
        assert assets.inline_style("css/a.css") == "<style>a{color: red}</style>"
        assert assets.inline_style("css/b.css") == "<style>a{color: tan}</style>"  # path
        write(tmp_path, "css/a.css", "a { color: pink }", stamp)  # same time
        assert assets.inline_style("css/a.css") == "<style>a{color: pink}</style>"  # size
        write(tmp_path, "css/a.css", "a { color: teal }", stamp + 1)  # same size
        assert assets.inline_style("css/a.css") == "<style>a{color: teal}</style>"  # time


def test_an_inline_icon_follows_its_path_time_and_size(app, tmp_path):
    app.static_folder = str(tmp_path)
    stamp = 1_700_000_000_000_000_000
    write(tmp_path, "icons/a.svg", "<svg fill='red'/>", stamp)
    write(tmp_path, "icons/b.svg", "<svg fill='tan'/>", stamp)  # same size and time
    icon = "data:image/svg+xml,%3Csvg%20fill='{}'/%3E".format
    with app.test_request_context("/"):
        assert assets.inline_icon("icons/a.svg") == icon("red")
        assert assets.inline_icon("icons/b.svg") == icon("tan")  # path
        write(tmp_path, "icons/a.svg", "<svg fill='pink'/>", stamp)  # same time
        assert assets.inline_icon("icons/a.svg") == icon("pink")  # size
        write(tmp_path, "icons/a.svg", "<svg fill='teal'/>", stamp + 1)  # same size
        assert assets.inline_icon("icons/a.svg") == icon("teal")  # time


@pytest.fixture
def two_catalogs():
    """Two pages' catalogs of one sentence each, gone again after the test."""
    made = [catalog.page("kept-a", {"row": catalog.N_("Row %(row)s")}),
            catalog.page("kept-b", {"row": catalog.N_("Score sheet")})]
    yield made
    for page in made:
        del catalog.PAGES[page.name]


def test_a_page_catalog_follows_its_name_and_language(app, two_catalogs):
    a, b = two_catalogs
    with app.test_request_context("/"):
        def sentence(page: catalog.PageCatalog, lang: str) -> str:
            with force_locale(lang):
                return page.script()[0]
        assert '"row":"Rij %(row)s"' in sentence(a, "nl")
        assert '"row":"Scoreblad"' in sentence(b, "nl")  # name
        assert '"row":"Reihe %(row)s"' in sentence(a, "de")  # language
        assert '"row":"Row %(row)s"' in sentence(a, "en")


def test_static_versions_follow_the_static_folder(app, tmp_path):
    folder = tmp_path / "static"  # a folder's name is its URL path (Flask's static_url_path)
    write(folder, "css/site.css", "body { margin: 0 }")
    with app.test_request_context("/"):
        ours = url_for("static", filename="css/site.css")
        app.static_folder = str(folder)
        theirs = url_for("static", filename="css/site.css")
        assert assets.static_url("css/site.css") == theirs
    assert ours != theirs
    digest = assets.file_digest(folder / "css/site.css")[:12]
    assert theirs == f"/static/css/site.css?v={digest}"


def test_static_versions_are_those_of_each_file(app):
    with app.test_request_context("/"):
        one, other = assets.static_url("js/engine/cards.js"), assets.static_url("js/engine/deal.js")
    static = Path(app.static_folder)
    assert one.endswith("?v=" + assets.file_digest(static / "js/engine/cards.js")[:12])
    assert other.endswith("?v=" + assets.file_digest(static / "js/engine/deal.js")[:12])


def preloads(markup: str) -> list[str]:
    return [part.split('"')[0] for part in markup.split('href="')[1:]]


@pytest.mark.parametrize("first", ["js/a.js", "js/b.js"])
def test_a_modules_preloads_follow_the_module_and_the_folder(app, tmp_path, first):
    for folder, target in ((tmp_path / "one/static", "x"), (tmp_path / "two/static", "y")):
        write(folder, "js/a.js", f'import "./{target}.js";\n')
        write(folder, "js/b.js", 'import "./z.js";\n')
        for name in ("x", "y", "z"):
            write(folder, f"js/{name}.js", f"export const {name} = {folder.parent.name!r};\n")
    second = "js/b.js" if first == "js/a.js" else "js/a.js"
    expected = {("one", "js/a.js"): "js/x.js", ("one", "js/b.js"): "js/z.js",
                ("two", "js/a.js"): "js/y.js", ("two", "js/b.js"): "js/z.js"}
    with app.test_request_context("/"):
        for folder, name in (("one", first), ("one", second), ("two", "js/b.js"),
                             ("two", "js/a.js")):
            app.static_folder = str(tmp_path / folder / "static")
            versioned = url_for("static", filename=expected[folder, name])
            assert "?v=" in versioned
            assert preloads(assets.module_script(name)) == [versioned], (folder, name)


# --- Kept lately: a PDF by what it is made of (web/pdf.py render) ---------------------


def test_only_the_latest_values_of_a_kind_are_kept(app):
    built = []
    with app.app_context():
        for part in (1, 2, 3, 1):
            kept.kept_lately("few", lambda p=part: built.append(p) or p, 2, part=part)
        assert built == [1, 2, 3, 1]  # 1 was forgotten when 3 came
        kept.kept_lately("few", lambda: built.append("again") or 3, 2, part=3)
        kept.kept_lately("other", lambda: built.append("other") or 3, 2, part=3)
    assert built == [1, 2, 3, 1, "other"]  # 3 was kept; another kind has its own


HTML = "<h1>Stand na toernooironde 2</h1>"


@pytest.fixture
def layouts(monkeypatch):
    """Each layout WeasyPrint would make, as (html, folder, paper); none is made."""
    made = []
    monkeypatch.setattr(pdf, "lay_out", lambda html, folder, paper: made.append(
        (html, folder, paper)) or f"{len(made)}".encode())
    return made


def test_a_pdf_is_laid_out_once_for_the_same_html_paper_and_static_files(app, layouts):
    with app.app_context():
        first = pdf.render(HTML, app.static_folder, "a4")
        assert pdf.render(HTML, app.static_folder, "a4") == first
    assert len(layouts) == 1


@pytest.mark.parametrize("change", ["html", "paper", "folder", "static"])
def test_each_part_of_a_pdfs_key_makes_its_own_layout(app, layouts, tmp_path, change):
    folder = tmp_path / "static"
    write(folder, "css/print.css", "h1 { color: red }")
    with app.app_context():
        pdf.render(HTML, str(folder), "a4")
        html, paper, where = HTML, "a4", str(folder)
        if change == "html":
            html = HTML.replace("2", "3")
        elif change == "paper":
            paper = "letter"
        elif change == "folder":
            where = str(tmp_path / "other")
            write(Path(where), "css/print.css", "h1 { color: red }")
        else:  # a static file changed: a release, which starts a new process
            write(folder, "css/print.css", "h1 { color: blue }")
            app.extensions["kept"].clear()
        pdf.render(html, where, paper)
    assert len(layouts) == 2 and layouts[1] == (html, where, paper)
