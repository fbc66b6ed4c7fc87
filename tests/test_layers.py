"""The package's layers, read from the source with ``ast``: who may import whom.

``engine`` is pure rules (no Flask); ``web`` is the shared Flask layer; the features
(``games``, ``check``, ``tournament``, ``rules``) each build on those two and never on one
another. Only the application factory in ``scorekeeper/__init__.py`` wires them together.
Function-level imports count: an import hidden in a function is still a dependency.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorekeeper"
FEATURES = ("games", "check", "tournament", "rules", "events", "series", "seasons")
#: A feature built on another one: club events seat tables that each play an ordinary
#: game, so ``events`` may use the games feature's store; a club's series gathers events
#: (and their games' records), so ``series`` may use both; a championship season gathers
#: events from many venues as a series does, so ``seasons`` may use all three. Nothing
#: imports series or seasons.
BUILDS_ON = {"events": {"games"}, "series": {"events", "games"},
             "seasons": {"events", "series", "games"}}
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
