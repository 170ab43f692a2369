"""The page's first step: make sure the ``kseri`` modules in memory are the ones unpacked.

A return visit starts its interpreter from a memory snapshot taken with the package
already imported (``devtools/snapshot.py``, ``static/pyodide-start.mjs``). The snapshot
and ``kseri.zip`` come from the same service-worker version, so they match; this is
the check that they do. The snapshot's ``kseri`` carries the build id it was made
from (``kseri.__build__``); the unpacked package has its own (``kseri/BUILD``, written
by ``devtools/pack.py``). If they differ, every ``kseri`` module is forgotten, and the
page imports the unpacked ones afresh: slower, never stale.

This module is never in a snapshot (the maker leaves it out), so it is always the
unpacked build's own. Pure standard library: it runs the same in CPython.

>>> import kseri
>>> forget_stale_snapshot()  # a package imported from files, not from a snapshot
'fresh'
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

__all__ = ["BUILD_FILE", "forget_stale_snapshot"]

BUILD_FILE = Path(__file__).resolve().parent.parent / "BUILD"
"""The unpacked package's build id (``kseri/BUILD``)."""


def forget_stale_snapshot() -> str:
    """``"fresh"`` (no snapshot), ``"snapshot"`` (its modules are this build's) or ``"stale"``
    (they were another build's, and are forgotten)."""
    package = sys.modules.get("kseri")
    built = getattr(package, "__build__", None)
    if built is None:
        return "fresh"
    # The snapshot froze the random module's state too: every visit would draw the same
    # numbers. Nothing of the game uses it (each part has its own seeded generator), but a
    # library might.
    random.seed()
    try:
        current = BUILD_FILE.read_text(encoding="ascii").strip()
    except OSError:
        current = None
    if current == built:
        return "snapshot"
    for name in [n for n in sys.modules if n == "kseri" or n.startswith("kseri.")]:
        if name != __name__:
            del sys.modules[name]
    return "stale"
