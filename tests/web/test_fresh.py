"""kseri.web.fresh: the snapshot's kseri modules are used only when they are the unpacked build's."""

from __future__ import annotations

import random
import sys
import types

import pytest

from kseri.web import fresh


@pytest.fixture
def snapshot_modules(monkeypatch, tmp_path):
    """A ``kseri`` package as a snapshot leaves it (with ``__build__``), its modules, and the
    unpacked package's BUILD file; the real modules come back after the test."""
    build_file = tmp_path / "BUILD"
    monkeypatch.setattr(fresh, "BUILD_FILE", build_file)
    package = types.ModuleType("kseri")
    package.__build__ = "aaaa"  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "kseri", package)
    monkeypatch.setitem(sys.modules, "kseri.table.session", types.ModuleType("kseri.table.session"))
    monkeypatch.setitem(sys.modules, "kseriously", types.ModuleType("kseriously"))
    # monkeypatch restores every kseri.* entry the check deletes
    for name in [n for n in sys.modules if n.startswith("kseri.")]:
        monkeypatch.setitem(sys.modules, name, sys.modules[name])
    return build_file


def test_the_same_build_keeps_the_snapshot(snapshot_modules):
    snapshot_modules.write_text("aaaa\n", encoding="ascii")
    assert fresh.forget_stale_snapshot() == "snapshot"
    assert "kseri.table.session" in sys.modules


def test_another_build_forgets_every_kseri_module_but_itself(snapshot_modules):
    snapshot_modules.write_text("bbbb\n", encoding="ascii")
    assert fresh.forget_stale_snapshot() == "stale"
    assert "kseri" not in sys.modules and "kseri.table.session" not in sys.modules
    assert "kseri.web.fresh" in sys.modules, "the module running the check stays"
    assert "kseriously" in sys.modules, "only the package and its submodules go"


def test_a_missing_build_file_counts_as_another_build(snapshot_modules):
    assert fresh.forget_stale_snapshot() == "stale"


def test_a_snapshot_reseeds_the_global_generator(snapshot_modules, monkeypatch):
    snapshot_modules.write_text("aaaa", encoding="ascii")
    seeded = []
    monkeypatch.setattr(random, "seed", lambda *args: seeded.append(args))
    fresh.forget_stale_snapshot()
    assert seeded == [()]


def test_without_a_snapshot_nothing_changes():
    before = set(sys.modules)
    assert fresh.forget_stale_snapshot() == "fresh"
    assert set(sys.modules) == before
