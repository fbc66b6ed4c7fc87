"""The package's layers, read from the source with ``ast``: who may import whom.

``engine`` is pure rules (no Flask); ``web`` is the shared Flask layer; the features
(``games``, ``check``, ``tournament``, ``rules``) each build on those two and never on one
another. Only the application factory in ``scorekeeper/__init__.py`` wires them together.
Function-level imports count: an import hidden in a function is still a dependency.

The browser's scripts (``static/js/``) are held the same way, by folder: the rules twin
(``engine/``) at the bottom, what the pages share (``shared/``), the phone's copy of a
game and its sync (``game/``), the score sheet (``sheet/``) and the checker (``check/``),
and the scripts of single pages (``pages/``), which nothing imports (:data:`CLIENT`).
"""

from __future__ import annotations

import ast
import posixpath
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorekeeper"
FEATURES = ("games", "check", "tournament", "rules", "events", "series", "seasons")
#: A feature built on another one: club events seat tables that each play an ordinary
#: game, so ``events`` may use the games feature's store; a club's series gathers events
#: (and their games' records), so ``series`` may use both; a championship season gathers
#: events from many venues as a series does, so ``seasons`` may use all three. The rules'
#: exported site carries the checker answering without a server, in the live checker's
#: words, so ``rules`` may use ``check``. Nothing imports series or seasons.
BUILDS_ON = {"events": {"games"}, "series": {"events", "games"},
             "seasons": {"events", "series", "games"}, "rules": {"check"}}
WEB_FRAMEWORKS = ("flask", "flask_babel", "flask_wtf", "flask_frozen", "werkzeug", "wtforms",
                  "jinja2")
#: The application factory may import every feature: wiring them is its job.
FACTORY = {"scorekeeper": ("create_app", "register_blueprints")}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    found = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}
    assert len(found) > 20 and "scorekeeper.engine.tournament" in found
    return found


def _factory_nodes(name: str, tree: ast.Module) -> set[int]:
    """ids of the import nodes inside the factory's functions (only in the root package)."""
    skipped: set[int] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name in FACTORY.get(name, ()):
            skipped.update(id(inner) for inner in ast.walk(node))
    return skipped


def _resolve(name: str, node: ast.ImportFrom) -> str:
    """The absolute module ``from … import`` reads from (relative levels resolved)."""
    if not node.level:
        return node.module or ""
    is_package = modules()[name].name == "__init__.py"
    base = name.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


@cache
def imports(name: str, *, factory: bool = True) -> frozenset[str]:
    """Every module ``name`` imports, anywhere in the file (absolute, dotted).

    ``from pkg import sub`` counts as ``pkg.sub`` when that is one of our modules, else as
    ``pkg``. With ``factory=False`` the application factory's own imports are left out.
    """
    tree = ast.parse(modules()[name].read_text(encoding="utf-8"), str(modules()[name]))
    skipped = set() if factory else _factory_nodes(name, tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            source = _resolve(name, node)
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                found.add(sub if sub in modules() else source)
    return frozenset(found)


def _top(module: str) -> str:
    return module.split(".")[0]


def _layer(module: str) -> str | None:
    """``engine``, ``web``, a feature's name, ``scorekeeper`` (the root) or None (outside)."""
    parts = module.split(".")
    if parts[0] != "scorekeeper":
        return None
    return parts[1] if len(parts) > 1 else "scorekeeper"


def _in(layer: str) -> list[str]:
    return [name for name in modules() if _layer(name) == layer]


def test_the_import_reader_sees_relative_and_function_level_imports():
    """Guards the reader itself, so the rules below cannot pass by reading nothing."""
    assert "scorekeeper.engine.tournament" in imports("scorekeeper.tournament.views")
    assert "scorekeeper.web.db" in imports("scorekeeper.web.health")
    assert "scorekeeper.tournament.views" in imports("scorekeeper")
    assert "scorekeeper.tournament.views" not in imports("scorekeeper", factory=False)


@pytest.mark.parametrize("name", _in("engine"))
def test_engine_is_pure(name):
    """No web framework and nothing of the app outside the engine: it runs anywhere."""
    bad = sorted(
        module for module in imports(name)
        if _top(module) in WEB_FRAMEWORKS or (_top(module) == "scorekeeper"
                                               and _layer(module) != "engine")
    )
    assert not bad, f"{name} imports {bad}"


@pytest.mark.parametrize("name", _in("web"))
def test_web_layer_knows_no_feature(name):
    bad = sorted(module for module in imports(name) if _layer(module) in FEATURES)
    assert not bad, f"{name} imports {bad}"


@pytest.mark.parametrize("name", [n for feature in FEATURES for n in _in(feature)])
def test_features_build_on_engine_and_web_only(name):
    own = _layer(name)
    bad = sorted(
        module for module in imports(name)
        if _top(module) == "scorekeeper"
        and _layer(module) not in {"engine", "web", own, *BUILDS_ON.get(own, ())}
    )
    assert not bad, f"{name} imports {bad}"


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module, or a module importing itself
    (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in graph[node]:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_cycle_finder_finds_cycles():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert _cycles(graph) == [["a", "b", "c"], ["e"]]


def test_no_import_cycles():
    graph = {
        name: {module for module in imports(name, factory=False) if module in modules()}
        for name in modules()
    }
    assert _cycles(graph) == []


# The browser's scripts: ES modules importing each other by relative path.

SCRIPTS = ROOT / "static" / "js"
#: Each folder of static/js and the other folders its scripts may import ("" is the top,
#: what every page loads). Each set holds what its members allow, so a rule kept by every
#: import is kept by every chain of imports; nothing may import pages/.
CLIENT = {
    "engine": set(),  # the rules twin, pure: the placement, a deal, a game's log, settings
    "shared": {"engine"},  # the catalog's sentences, building elements, card faces
    "game": {"engine", "shared"},  # a kept game: its record, storage, sync, files, sums
    "sheet": {"engine", "shared", "game"},  # the score sheet and the evening drawn on it
    "check": {"engine", "shared"},  # the placement checker, live and exported
    "pages": {"engine", "shared", "game", "sheet"},  # one page's script each
    "": {"engine", "shared", "game"},  # pwa.js, on every page
}
#: Within a folder, the layering of the phone's copy of a game: the record (its log and
#: waiting entries) knows no storage and no network, the storage knows no network, and the
#: sheet's drawings (the regions, the sync box) reach neither: the page wires them.
CLIENT_NEVER = [
    ("game/record.js", "game/storage.js"), ("game/record.js", "game/sync.js"),
    ("game/storage.js", "game/sync.js"),
    ("sheet/view.js", "game/storage.js"), ("sheet/view.js", "game/sync.js"),
    ("sheet/sync-box.js", "game/storage.js"), ("sheet/sync-box.js", "game/sync.js"),
]
#: Scripts Node runs as they are (tests/js/): no browser, no storage, no network.
NO_BROWSER = ("engine/", "game/record.js", "game/addresses.js", "game/chart.js",
              "game/files.js", "game/summary.js")
_BROWSER = re.compile(r"\b(document|window|navigator|indexedDB|localStorage|fetch|"
                      r"BroadcastChannel|location)\b")
_SPECIFIER = re.compile(r"""(?:\bfrom|^\s*import)\s*["']([^"']+)["']""", re.M)
_COMMENTS = re.compile(r"/\*.*?\*/|^[ \t]*//[^\n]*|\s//\s[^\n]*", re.S | re.M)


def _code(source: str) -> str:
    return _COMMENTS.sub("", source)


@cache
def scripts() -> dict[str, str]:
    """Each script of static/js (its path inside, with ``/``) and its code without comments."""
    found = {path.relative_to(SCRIPTS).as_posix(): _code(path.read_text(encoding="utf-8"))
             for path in sorted(SCRIPTS.rglob("*.js"))}
    assert len(found) > 40 and "engine/placement.js" in found
    return found


def script_imports(name: str) -> set[str]:
    """What ``name`` imports (``import … from``, ``export … from``, ``import "…"``), each
    resolved against the script's own folder."""
    found = set()
    for specifier in _SPECIFIER.findall(scripts()[name]):
        assert specifier.startswith(("./", "../")), f"{name}: {specifier} is not relative"
        found.add(posixpath.normpath(posixpath.join(posixpath.dirname(name), specifier)))
    return found


def _folder(script: str) -> str:
    return script.rpartition("/")[0].partition("/")[0]


def test_the_script_reader_resolves_relative_imports_and_reexports():
    assert "engine/limits.js" in script_imports("shared/catalog.js")
    assert {"engine/parse.js", "engine/turn.js"} <= script_imports("engine/placement.js")
    assert "game/record.js" in script_imports("sheet/page.js")  # a multi-line import
    assert all(script_imports(name) <= scripts().keys() for name in scripts())


def test_the_client_rules_cover_every_folder_and_allow_only_rules_of_their_own():
    """A new folder needs a rule; a folder's rule allows only what its members allow."""
    assert {_folder(name) for name in scripts()} == CLIENT.keys()
    for folder, allowed in CLIENT.items():
        assert allowed <= CLIENT.keys() and "pages" not in allowed, folder
        for other in allowed:
            assert CLIENT[other] <= allowed, f"{folder} allows {other} but not all it allows"
    assert all(a in scripts() and b in scripts() for a, b in CLIENT_NEVER)
    assert all(any(name.startswith(part) for name in scripts()) for part in NO_BROWSER)


@pytest.mark.parametrize("name", sorted(scripts()))
def test_a_script_imports_only_its_folder_and_the_folders_below(name):
    own = _folder(name)
    bad = sorted(target for target in script_imports(name)
                 if _folder(target) not in {own, *CLIENT[own]})
    assert not bad, f"{name} imports {bad}"


@pytest.mark.parametrize(("name", "never"), CLIENT_NEVER)
def test_the_phones_copy_of_a_game_is_layered(name, never):
    reached, todo = set(), [name]
    while todo:
        for target in script_imports(todo.pop()) - reached:
            reached.add(target)
            todo.append(target)
    assert never not in reached, f"{name} reaches {never}"


@pytest.mark.parametrize("name", [n for n in sorted(scripts()) if n.startswith(NO_BROWSER)])
def test_the_twins_node_runs_use_no_browser(name):
    assert not _BROWSER.findall(scripts()[name]), name


def test_the_browser_word_finder_finds_the_browser():
    assert _BROWSER.findall(scripts()["game/storage.js"])
    assert not _BROWSER.findall(_code("// the document\nconst a = 1; // a window\n"))


def test_no_script_import_cycles():
    assert _cycles({name: script_imports(name) for name in scripts()}) == []
