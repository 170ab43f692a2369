"""The package's shape: layers import only downward, nothing imports in a circle, and
only ``kseri/web`` touches the page.

Layers, lowest first: ``engine`` (rules; the standard library only), ``i18n`` (the
catalog of words, English and Greek, with :mod:`gettext`), ``bots``,
``table`` (the game at the browser table), ``scenes`` (rule scenes), ``web`` (the
page). ``kseri/cli.py`` is an entry point beside them: it may use the engine and
the bots. Every import counts, also one inside a function (a lazy import is still
a dependency); only imports under ``if TYPE_CHECKING:`` are left out.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "kseri"

LAYERS = ("engine", "i18n", "bots", "table", "scenes", "web")
ALLOWED: dict[str, set[str]] = {
    "engine": {"engine"},
    "i18n": {"engine", "i18n"},  # the catalog (gettext): words only, no game
    "bots": {"engine", "bots"},
    "table": {"engine", "i18n", "bots", "table"},
    "scenes": {"engine", "i18n", "table", "scenes"},
    "web": {"engine", "i18n", "bots", "table", "scenes", "web"},
    "cli": {"engine", "bots", "cli"},
    "": set(LAYERS) | {"", "cli"},  # kseri/__init__.py and __main__.py
}
PAGE_MODULES = {"js", "pyodide", "pyscript"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_of(path: Path) -> set[str]:
    """Absolute names of the modules ``path`` imports (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            # ``from kseri.web import render`` imports the module kseri.web.render
            for alias in node.names:
                candidate = f"{target}.{alias.name}"
                if (ROOT / Path(*candidate.split("."))).with_suffix(".py").is_file() or (
                        ROOT / Path(*candidate.split(".")) / "__init__.py").is_file():
                    found.add(candidate)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
GRAPH = {name: {m for m in imports_of(path) if m in MODULES and m != name} for name, path in MODULES.items()}


def layer_of(module: str) -> str:
    parts = module.split(".")
    if len(parts) == 1:
        return ""
    if parts[1] == "cli":
        return "cli"
    return parts[1] if parts[1] in LAYERS else ""


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a list of modules (first == last), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def dfs(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in state:
                found = dfs(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = dfs(node)
            if found:
                return found
    return None


def test_the_finder_sees_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_cycle_inside_kseri():
    # Package __init__ modules re-export their children: an edge from a package to its
    # own submodule and back is how Python packages work, not a cycle of design.
    graph = {name: {m for m in deps if not m.startswith(name + ".")} for name, deps in GRAPH.items()}
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


@pytest.mark.parametrize("module", sorted(MODULES))
def test_layers_import_only_downward(module):
    layer = layer_of(module)
    allowed = ALLOWED[layer]
    wrong = sorted(m for m in GRAPH[module] if m != "kseri" and layer_of(m) not in allowed)
    assert not wrong, f"{module} ({layer or 'top'}) imports {wrong}"


@pytest.mark.parametrize("module", sorted(m for m in MODULES if layer_of(m) != "web"))
def test_only_web_touches_the_page(module):
    touched = {m.split(".")[0] for m in imports_of(MODULES[module])} & PAGE_MODULES
    assert not touched, f"{module} imports {sorted(touched)}"


@pytest.mark.parametrize("module", sorted(m for m in MODULES if layer_of(m) == "engine"))
def test_engine_needs_only_the_standard_library(module):
    outside = sorted(m for m in imports_of(MODULES[module])
                     if m.split(".")[0] not in sys.stdlib_module_names and not m.startswith("kseri"))
    assert not outside, f"{module} imports {outside}"
