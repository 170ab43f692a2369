"""How the bots are imported: a cheap package import, names loaded on first use. (No cycles and
only downward imports, for the whole package: ``tests/test_layers.py``.)"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import kseri.bots

ROOT = Path(__file__).resolve().parents[2]


def _loaded_after(code: str) -> list[str]:
    """The kseri modules loaded by a fresh interpreter after running ``code``."""
    probe = f"{code}; import json, sys; print(json.dumps(sorted(m for m in sys.modules if m.startswith('kseri'))))"
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    return list(json.loads(out.stdout))


def test_importing_the_level_names_does_not_load_the_bots() -> None:
    loaded = _loaded_after("import kseri.bots.names")
    bots = [m for m in loaded if m.startswith("kseri.bots")]
    assert bots == ["kseri.bots", "kseri.bots.names"], bots
    assert "kseri.bots.pile.search" not in loaded and "kseri.bots.pile.levels" not in loaded


def test_the_package_loads_a_name_on_first_use() -> None:
    loaded = _loaded_after("import kseri.bots as b; assert b.LEVELS and b.DEFAULT_LEVEL in b.LEVELS")
    assert "kseri.bots.pile.search" not in loaded
    loaded = _loaded_after("from kseri.bots import Thinker")
    assert "kseri.bots.pile.search" in loaded and "kseri.bots.pile.thinker" in loaded


@pytest.mark.parametrize("name", sorted(kseri.bots.__all__))
def test_every_public_name_resolves(name: str) -> None:
    assert getattr(kseri.bots, name) is not None
    assert name in dir(kseri.bots)


def test_evaluate_is_the_function_even_after_its_module_loads() -> None:
    """``kseri.bots.evaluate`` is the function; its module is ``kseri.bots.pile.evaluation`` (a
    submodule called ``evaluate`` would replace the function in the package once imported)."""
    import kseri.bots.pile.evaluation

    assert kseri.bots.evaluate is kseri.bots.pile.evaluation.evaluate
    # In a fresh interpreter, the module loaded first (as the table's hint does):
    _loaded_after("import kseri.bots.pile.evaluation, kseri.bots as b; from kseri.bots import evaluate; "
                  "assert evaluate is b.evaluate is b.pile.evaluation.evaluate")


def test_unknown_names_are_attribute_errors() -> None:
    with pytest.raises(AttributeError, match="no attribute 'grandmaster'"):
        kseri.bots.grandmaster  # noqa: B018
