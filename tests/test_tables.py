"""Every layer knows every table: each per-table registry holds exactly the engine's tables
(``docs/architecture.md``, "How a table plugs in")."""

from __future__ import annotations

import ast
from pathlib import Path

from kseri.bots.tables import THINKERS
from kseri.engine.tables import TABLES
from kseri.scenes.notation import NOTATIONS
from kseri.scenes.tables import SCENE_TABLES
from kseri.table.tables import STRATEGIES
from kseri.web.embed_render import _LOOKS

ROOT = Path(__file__).resolve().parents[1]


def _page_registry_keys() -> set[str]:
    """The keys of ``web/tables.py``'s ``SHOW_PLAY`` (a page module: read, not imported)."""
    tree = ast.parse((ROOT / "kseri" / "web" / "tables.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == "SHOW_PLAY":
            assert isinstance(node.value, ast.Dict)
            return {key.value for key in node.value.keys if isinstance(key, ast.Constant)}
    raise AssertionError("SHOW_PLAY not found")


def test_every_registry_holds_every_table() -> None:
    tables = set(TABLES)
    assert tables == {"pile", "sums"}
    assert set(THINKERS) == tables
    assert set(STRATEGIES) == tables and all(STRATEGIES[name].name == name for name in tables)
    assert set(SCENE_TABLES) == tables == set(NOTATIONS)
    assert set(_LOOKS) == tables
    assert _page_registry_keys() == tables
