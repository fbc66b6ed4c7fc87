"""docs/api.md is held to the app, as the vectors hold the two engines to each other.

Every route the app answers must be documented with each of its methods, and every
refusal a request can meet must be in the catalogue with its status and fields; what the
document names must exist, so a route or a refusal that goes away takes its text along.

How the document is read:

- A route is documented by a code span ``METHOD /path`` (several methods joined by ``|``,
  as in ``GET|POST /check``; anything after the path, such as a query, is ignored).
- A path is compared with its placeholders normalised: a URL rule's ``<converter:name>``
  is written ``<name>``, so ``/api/v1/games/<game:game_id>`` is documented as
  ``/api/v1/games/<game_id>``.
- The refusal catalogue is the table whose rows read ``| `Code` | status | `field`, ... |``
  (``—`` for none), one row per refusal class: every concrete subclass of ``RulesError``
  the app can raise once it is built (a class with subclasses of its own is a family, never
  raised, and is not listed; a class a test defines is none of the app's).
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from scorekeeper.engine.errors import RulesError

API_MD = Path(__file__).resolve().parent.parent / "docs" / "api.md"
METHODS = ("GET", "POST", "PUT", "DELETE", "PATCH")
_METHOD = "|".join(METHODS)
ROUTE_SPAN = re.compile(rf"`((?:{_METHOD})(?:\|(?:{_METHOD}))*) (/[^`\s?]*)[^`]*`")
CATALOGUE_ROW = re.compile(r"^\| `(\w+)` \| (\d{3}) \| ([^|]*) \|", re.M)
#: A code span holding one CamelCase word: in this document, always a refusal's name.
CAMEL_SPAN = re.compile(r"`([A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+)`")


def normalised(rule: str) -> str:
    """``/api/v1/games/<game:game_id>/deals/<int:number>`` -> ``.../<game_id>/deals/<number>``.

    >>> normalised("/games/<game:game_id>/deals/<int:number>/edit")
    '/games/<game_id>/deals/<number>/edit'
    """
    return re.sub(r"<(?:[^<>:]+:)?([^<>:]+)>", r"<\1>", rule)


def documented_routes(text: str) -> set[tuple[str, str]]:
    return {(method, path) for methods, path in ROUTE_SPAN.findall(text)
            for method in methods.split("|")}


def app_routes(app, *, with_static: bool) -> set[tuple[str, str]]:
    return {(method, normalised(rule.rule))
            for rule in app.url_map.iter_rules()
            if with_static or rule.endpoint != "static"
            for method in rule.methods or () if method not in ("HEAD", "OPTIONS")}


def subclasses(cls: type) -> list[type]:
    found = []
    for sub in cls.__subclasses__():
        found += [sub, *subclasses(sub)]
    return found


def refusal_classes() -> dict[str, type]:
    """Every concrete refusal by name; call it once the app is built (features define
    their own refusals in modules the factory imports)."""
    concrete = [cls for cls in subclasses(RulesError)
                if not cls.__subclasses__() and cls.__module__.startswith("scorekeeper.")]
    names = {cls.__name__: cls for cls in concrete}
    assert len(names) == len(concrete), "two refusal classes share a name: a code must be unique"
    return names


def families() -> set[str]:
    return {"RulesError"} | {cls.__name__ for cls in subclasses(RulesError)
                             if cls.__subclasses__()}


def catalogue(text: str) -> dict[str, tuple[int, list[str]]]:
    rows: dict[str, tuple[int, list[str]]] = {}
    for code, status, fields in CATALOGUE_ROW.findall(text):
        assert code not in rows, f"{code} is in the refusal catalogue twice"
        rows[code] = (int(status), re.findall(r"`(\w+)`", fields))
    return rows


@pytest.fixture
def api_md() -> str:
    return API_MD.read_text(encoding="utf-8")


def test_every_route_of_the_app_is_documented_with_each_method(app, api_md):
    missing = app_routes(app, with_static=False) - documented_routes(api_md)
    assert not missing, (
        "routes missing from docs/api.md (document each as a code span `METHOD /path`, "
        "placeholders written <name>): " + ", ".join(f"{m} {p}" for m, p in sorted(missing)))


def test_every_route_the_document_names_exists(app, api_md):
    stale = documented_routes(api_md) - app_routes(app, with_static=True)
    assert not stale, "docs/api.md names routes the app does not have: " + ", ".join(
        f"{m} {p}" for m, p in sorted(stale))


def test_every_refusal_is_in_the_catalogue_with_its_status_and_fields(app, api_md):
    classes, rows = refusal_classes(), catalogue(api_md)
    missing = sorted(set(classes) - set(rows))
    assert not missing, "refusals missing from the catalogue of docs/api.md: " + ", ".join(missing)
    unknown = sorted(set(rows) - set(classes))
    assert not unknown, "the catalogue of docs/api.md lists no such refusal: " + ", ".join(unknown)
    for code, (status, fields) in rows.items():
        cls = classes[code]
        assert status == cls.status, f"{code} is answered {cls.status}, not {status}"
        assert fields == [f.name for f in dataclasses.fields(cls)], (
            f"{code}'s fields are {[f.name for f in dataclasses.fields(cls)]}, not {fields}")


def test_every_refusal_named_anywhere_in_the_document_exists(app, api_md):
    named = set(CAMEL_SPAN.findall(api_md))
    unknown = sorted(named - set(refusal_classes()) - families())
    assert not unknown, "docs/api.md names refusals that do not exist: " + ", ".join(unknown)


def test_the_reading_of_the_document_finds_what_it_should():
    """The parsers above, on a few lines written as the document writes them."""
    text = ("### `GET|POST /check`\n`PUT /api/v1/games/<game_id>/deals/<number>` and "
            "`GET /tournament/sheet.pdf?lang=nl`, not `/games` alone\n"
            "| `RowNotAscending` | 400 | `row`, `card`, `previous` | a row goes down |\n"
            "| `NoPlays` | 400 | — | nothing was played |\n")
    assert documented_routes(text) == {
        ("GET", "/check"), ("POST", "/check"),
        ("PUT", "/api/v1/games/<game_id>/deals/<number>"), ("GET", "/tournament/sheet.pdf")}
    assert catalogue(text) == {"RowNotAscending": (400, ["row", "card", "previous"]),
                               "NoPlays": (400, [])}
