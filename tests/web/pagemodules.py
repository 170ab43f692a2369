"""Which modules of the package need the page: read from their sources, never imported.

A module *needs the page* when it imports ``js``, ``pyscript`` or ``pyodide`` (modules
that exist only in Pyodide under PyScript), or imports a ``kseri`` module that does.
The others run in CPython: :mod:`tests.test_doctests` runs their doctests.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
import pkgutil
from pathlib import Path

import kseri

PAGE_ONLY = frozenset({"js", "pyscript", "pyodide"})

MODULES: tuple[str, ...] = tuple(sorted(name for _, name, _ in pkgutil.walk_packages(kseri.__path__, "kseri.")))
"""Every module of the package (importing only the packages, which are pure)."""


def source_path(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.origin is not None, name
    return Path(spec.origin)


@functools.cache
def imports(name: str) -> frozenset[str]:
    """The absolute module names ``name`` imports anywhere in its source (also under
    ``TYPE_CHECKING`` and inside functions); ``from a import b`` gives ``a`` and ``a.b``."""
    tree = ast.parse(source_path(name).read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return frozenset(found)


def kseri_imports(name: str) -> frozenset[str]:
    """The package's own modules that ``name`` imports."""
    return frozenset(m for m in imports(name) if m in MODULES and m != name)


@functools.cache
def reachable(name: str) -> frozenset[str]:
    """``name`` and every package module it imports, directly or through others (each visited once:
    following every path instead took minutes, the import graph having many paths to the same module)."""
    seen = {name}
    stack = [name]
    while stack:
        for module in kseri_imports(stack.pop()):
            if module not in seen:
                seen.add(module)
                stack.append(module)
    return frozenset(seen)


def needs_the_page(name: str) -> bool:
    """Whether ``name`` imports a page-only module, directly or through the package's modules."""
    return any(m.split(".")[0] in PAGE_ONLY for module in reachable(name) for m in imports(module))
