"""The page's layer, kseri/web/: which modules are pure, and no import cycles."""

from __future__ import annotations

import doctest
import importlib
import subprocess
import sys

import pytest

from tests.web.pagemodules import MODULES, kseri_imports, needs_the_page, source_path

WEB = [name for name in MODULES if name.startswith("kseri.web.") and source_path(name).name != "__init__.py"]
"""The layer's modules (its subpackages, such as ``kseri.web.sums``, only gather modules)."""
PURE = {"kseri.web.card_html", "kseri.web.embed_render", "kseri.web.keys", "kseri.web.navigation", "kseri.web.render",
        "kseri.web.state", "kseri.web.stock_render", "kseri.web.page_text", "kseri.web.newgame_render",
        "kseri.web.stats_render", "kseri.web.settings", "kseri.web.sound_plan", "kseri.web.review_render",
        "kseri.web.sums.render", "kseri.web.fresh", "kseri.web.seats_render", "kseri.web.lesson_render",
        "kseri.web.install", "kseri.web.celebrate", "kseri.web.duel.render", "kseri.web.intro_render",
        "kseri.web.welcome_render", "kseri.web.playlog_render", "kseri.web.turns", "kseri.web.pace",
        "kseri.web.flow", "kseri.web.actions", "kseri.web.search_modules", "kseri.web.summary_render",
        "kseri.web.hint_render", "kseri.web.notices_render", "kseri.web.duel.choices", "kseri.web.hosts",
        "kseri.web.button_html", "kseri.web.rules_render"}
"""Pure Python: the HTML, the keys, the table's state, the settings, which sound when (run and tested in CPython)."""
PAGE = {"kseri.web.app", "kseri.web.board", "kseri.web.dom", "kseri.web.embed", "kseri.web.embed_hub",
        "kseri.web.motion", "kseri.web.opening", "kseri.web.pacer", "kseri.web.storage",
        "kseri.web.language", "kseri.web.sound", "kseri.web.morph", "kseri.web.faces", "kseri.web.card_images",
        "kseri.web.sums.play", "kseri.web.pile.play", "kseri.web.play_host", "kseri.web.tables",
        "kseri.web.takeback_ui", "kseri.web.lesson_ui", "kseri.web.looks", "kseri.web.install_ui",
        "kseri.web.celebrate_ui", "kseri.web.page_host", "kseri.web.play_ui", "kseri.web.input_ui", "kseri.web.drag_ui",
        "kseri.web.newgame_ui", "kseri.web.rules_ui", "kseri.web.share_ui", "kseri.web.stats_ui",
        "kseri.web.match_end_ui", "kseri.web.settings_ui", "kseri.web.saving", "kseri.web.dialogs",
        "kseri.web.startup", "kseri.web.review_ui",
        "kseri.web.duel.page", "kseri.web.duel.store", "kseri.web.duel.channel", "kseri.web.duel.base",
        "kseri.web.duel.inbox", "kseri.web.duel.dialog", "kseri.web.duel.connect"}
"""The modules that put things into the page (DOM, timers, storage, audio)."""


def test_the_layer_is_split_into_pure_and_page_modules():
    assert {name for name in WEB if not needs_the_page(name)} == PURE
    assert {name for name in WEB if needs_the_page(name)} == PAGE


def test_pure_modules_import_in_cpython_and_carry_doctests():
    script = "import sys\n" + "".join(f"import {name}\n" for name in sorted(PURE)) + (
        "assert not {'js', 'pyscript', 'pyodide'} & set(sys.modules), sorted(sys.modules)\n")
    subprocess.run([sys.executable, "-c", script], check=True)
    for name in sorted(PURE):
        examples = sum(len(test.examples) for test in doctest.DocTestFinder().find(importlib.import_module(name)))
        assert examples > 0, f"{name} has no doctest"


def test_nothing_below_the_page_imports_it():
    for name in MODULES:
        if not name.startswith("kseri.web"):
            assert not needs_the_page(name), name
            assert not {m for m in kseri_imports(name) if m.startswith("kseri.web")}, name


def test_no_import_cycles_in_the_layer():
    """Counting imports made only for type checking: turns depends on a protocol, not on the app."""
    graph = {name: {m for m in kseri_imports(name) if m in WEB} for name in WEB}
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, " -> ".join((*path, name))
        if name in done:
            return
        for imported in sorted(graph[name]):
            visit(imported, (*path, name))
        done.add(name)

    for name in WEB:
        visit(name, ())
    assert "kseri.web.app" not in graph["kseri.web.turns"]
    controllers = {name for name in WEB if name.endswith("_ui") or name in ("kseri.web.saving", "kseri.web.dialogs")}
    for name in controllers:  # each reaches the page through a protocol, never the app
        assert "kseri.web.app" not in graph[name], name




def test_no_module_of_the_layer_is_over_400_lines():
    """The page is split by job (docs/architecture.md, "The page, by job"; issue 23)."""
    for name in WEB:
        lines = len(source_path(name).read_text(encoding="utf-8").splitlines())
        assert lines <= 400, (name, lines)


@pytest.mark.parametrize(("table", "entry"), [
    ("pile", "kseri.bots.pile.thinker, kseri.bots.pile.evaluation, kseri.bots.pile.search, kseri.bots.pile.tree"),
    ("sums", "kseri.bots.sums.thinker"),
])
def test_the_warm_up_loads_real_modules_in_an_order_that_works(table: str, entry: str) -> None:
    """The page imports a table's search modules one per task (``search_modules``): each must exist,
    together they cover the table's search (importing it loads nothing else), and none is another
    table's."""
    from kseri.bots.tables import PACKAGES, search_modules
    names = search_modules(table)
    assert len(set(names)) == len(names)
    code = ("import sys, kseri.table.session; before = set(sys.modules); "
            f"import {entry}; "
            "print(' '.join(sorted(m for m in set(sys.modules) - before "
            "if m.startswith('kseri.'))))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    parents = {name.rpartition(".")[0] for name in names}  # a package comes with its first module
    assert set(loaded) <= set(names) | parents, set(loaded) - set(names) - parents
    others = [package for name, package in PACKAGES.items() if name != table]
    assert not [n for n in names if any(n.startswith(package + ".") for package in others)]
    for name in names:
        importlib.import_module(name)
