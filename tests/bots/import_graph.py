"""The import graph of the ``kseri`` package, read from the source (``ast``), and its cycles.

Run ``python -m tests.bots.import_graph`` from the repository root to print every
cycle among kseri's modules and every import that goes up a layer. An edge is an
``import`` statement anywhere in a module: at the top (run at import time) or inside
a function (deferred, still a dependency); imports under ``if TYPE_CHECKING:`` are
for the type checker only and left out.
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "kseri"

LAYERS = ("kseri.engine", "kseri.bots", "kseri.table", "kseri.scenes", "kseri.web")
"""Bottom first: a layer may import its own modules and the layers below it."""


@dataclass(frozen=True, slots=True)
class Edge:
    source: str
    target: str
    line: int
    deferred: bool
    """Inside a function (run on call) rather than at the module's top level."""


def modules(package: Path = PACKAGE) -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    out = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> list[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Import statements with whether each is deferred, skipping ``if TYPE_CHECKING:`` blocks."""
    found: list[tuple[ast.Import | ast.ImportFrom, bool]] = []

    def visit(node: ast.AST, deferred: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                for other in child.orelse:
                    visit(other, deferred)
                continue
            if isinstance(child, ast.Import | ast.ImportFrom):
                found.append((child, deferred))
            visit(child, deferred or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda))

    visit(tree, False)
    return found


def edges(mods: dict[str, Path] | None = None) -> list[Edge]:
    """Every import of one kseri module by another."""
    mods = modules() if mods is None else mods
    out = []
    for name, path in mods.items():
        is_package = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node, deferred in _imports(tree):
            targets = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    anchor = name.split(".") if is_package else name.split(".")[:-1]
                    anchor = anchor[:len(anchor) - (node.level - 1)]
                    base = ".".join(anchor + ([base] if base else []))
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    targets.append(sub if sub in mods else base)
            for target in targets:
                if target in mods and target != name:
                    out.append(Edge(name, target, node.lineno, deferred))
    return out


def cycles(graph_edges: list[Edge]) -> list[list[str]]:
    """The strongly connected components with more than one module (each a set of
    modules that import one another, directly or not), sorted."""
    graph: dict[str, set[str]] = {}
    for e in graph_edges:
        graph.setdefault(e.source, set()).add(e.target)
        graph.setdefault(e.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def connect(v: str) -> None:  # Tarjan's algorithm
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return sorted(found)


def layer_of(module: str) -> int | None:
    for i, layer in enumerate(LAYERS):
        if module == layer or module.startswith(layer + "."):
            return i
    return None


def upward(graph_edges: list[Edge]) -> list[Edge]:
    """Imports from a lower layer into a higher one (or into a module outside the layers)."""
    out = []
    for e in graph_edges:
        src, dst = layer_of(e.source), layer_of(e.target)
        if src is not None and (dst is None or dst > src):
            out.append(e)
    return out


def main() -> int:
    graph_edges = edges()
    found = cycles(graph_edges)
    for component in found:
        inside = [e for e in graph_edges if e.source in component and e.target in component]
        print("cycle: " + ", ".join(component))
        for e in inside:
            print(f"  {e.source}:{e.line} -> {e.target}{' (deferred)' if e.deferred else ''}")
    for e in upward(graph_edges):
        print(f"upward: {e.source}:{e.line} -> {e.target}{' (deferred)' if e.deferred else ''}")
    if not found:
        print(f"no cycles among {len(modules())} modules ({len(graph_edges)} imports)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
