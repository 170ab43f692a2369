"""devtools/snapshot.py: the interpreter's memory image, made from the zip the page unpacks."""

from __future__ import annotations

import gzip
import io
import zipfile
from pathlib import Path

import pytest

from devtools import pack, precache, snapshot

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def image():
    if not (ROOT / "runtime" / "pyodide" / "pyodide.mjs").is_file():
        pytest.fail("runtime not installed: run scripts/setup", pytrace=False)
    return snapshot.snapshot_bytes(ROOT, strict=True)


def test_the_image_is_a_gzipped_pyodide_memory(image):
    memory = gzip.decompress(image)
    assert len(memory) > 10_000_000  # the interpreter's whole heap
    # The build id of the zip it imported is in it (kept as kseri.__build__).
    build = zipfile.ZipFile(io.BytesIO(pack.package_bytes(ROOT))).read(pack.BUILD)
    assert build in memory


def test_the_same_sources_give_the_remembered_image(image):
    assert snapshot.snapshot_bytes(ROOT, strict=True) == image


def test_the_service_worker_caches_it_beside_the_zip(image):
    files = precache.site_files(ROOT)
    assert snapshot.NAME in files and pack.NAME in files
    assert precache.file_bytes(ROOT, snapshot.NAME) == image


def test_no_node_means_no_image_and_no_listing(monkeypatch, tmp_path):
    monkeypatch.setattr(snapshot, "CACHE_DIR", tmp_path / "cache")
    monkeypatch.setattr(snapshot.shutil, "which", lambda name: None)
    assert snapshot.snapshot_bytes(ROOT) is None
    with pytest.raises(snapshot.SnapshotError, match="node not found"):
        snapshot.snapshot_bytes(ROOT, strict=True)
    assert snapshot.NAME not in precache.site_files(ROOT)
