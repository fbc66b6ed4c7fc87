"""``flask freeze-rules DEST``: the static rules site, written only where it is told."""

from __future__ import annotations

import re
from pathlib import Path

from scorekeeper.rules.examples import BASIC_RULE_2, checker_query

EXPECTED = {
    "index.html",
    "en/rules/index.html",
    "nl/rules/index.html",
    "de/rules/index.html",
    "static/css/site.css",
    "static/css/rules.css",
    "static/js/rules.js",
}


def files_under(root: Path) -> set[str]:
    return {str(path.relative_to(root)) for path in root.rglob("*") if path.is_file()}


def local_links(html: str) -> list[str]:
    links = re.findall(r'(?:href|src)="([^"#][^"]*)"', html)
    return [link for link in links if not re.match(r"[a-z]+:", link)]


def test_freeze_writes_the_three_languages_with_working_relative_links(runner, app, tmp_path):
    destination = tmp_path / "site"
    result = runner.invoke(args=["freeze-rules", str(destination)])
    assert result.exit_code == 0, result.output
    assert "Wrote 7 files" in result.output
    assert files_under(destination) == EXPECTED
    for name in EXPECTED - {"static/css/site.css", "static/css/rules.css", "static/js/rules.js"}:
        page = destination / name
        html = page.read_text(encoding="utf-8")
        assert "<form" not in html and "csrf" not in html
        for link in local_links(html):
            assert link.startswith(("../", "static/", "en/", "nl/", "de/", "index.html")), link
            assert (page.parent / link.split("?")[0]).resolve().is_file(), (name, link)
    nl = (destination / "nl/rules/index.html").read_text(encoding="utf-8")
    assert '<html lang="nl">' in nl and "Regel 2: kleinste verschil" in nl
    assert 'href="../../de/rules/index.html"' in nl
    # Without a live checker named, the examples say so instead of linking nowhere.
    assert "/check?" not in nl
    assert "zonder link daarheen" in nl
    # The freeze leaves the app as it found it.
    assert not app.config.get("RULES_FREEZING")


def test_checker_url_makes_the_examples_link_to_a_live_app(runner, tmp_path):
    destination = tmp_path / "out"
    result = runner.invoke(
        args=["freeze-rules", str(destination), "--checker-url", "https://table.example/"])
    assert result.exit_code == 0, result.output
    html = (destination / "en/rules/index.html").read_text(encoding="utf-8")
    href = "https://table.example/check?" + checker_query(BASIC_RULE_2).replace("&", "&amp;")
    assert f'href="{href}"' in html


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
