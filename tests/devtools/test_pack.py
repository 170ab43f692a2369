"""devtools/pack.py: kseri.zip holds the whole package, and the page's Python uses its bytecode."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from devtools import pack, precache, serve

ROOT = Path(__file__).resolve().parents[2]


def _need_runtime() -> None:
    if not (ROOT / "runtime" / "pyodide" / "pyodide.mjs").is_file() or shutil.which("node") is None:
        pytest.fail("runtime not installed (or no node): run scripts/setup", pytrace=False)


@pytest.fixture(scope="module")
def package() -> bytes:
    _need_runtime()
    return pack.package_bytes(ROOT, strict=True)


def test_zip_holds_every_module_as_it_is_on_disk_with_its_bytecode(package):
    sources = pack.package_sources(ROOT)
    assert "kseri/web/app.py" in sources and "kseri/bots/pile/search.py" in sources
    with zipfile.ZipFile(io.BytesIO(package)) as archive:
        names = archive.namelist()
        assert {n for n in names if n.endswith(".py")} == set(sources)
        for name, data in sources.items():
            assert archive.read(name) == data, name
        compiled = [n for n in names if n.endswith(".pyc")]
        assert len(compiled) == len(sources)
        assert all("/__pycache__/" in n and n.endswith(".cpython-314.pyc") for n in compiled), compiled[:3]
        # PEP 552 flags = 3: hash-based and checked, so a .pyc that does not match its
        # source is never used.
        for name in compiled:
            assert int.from_bytes(archive.read(name)[4:8], "little") == 3, name
    assert all(info.date_time == pack.ZIP_TIME for info in zipfile.ZipFile(io.BytesIO(package)).infolist())


def test_zip_is_the_same_bytes_for_the_same_sources(package):
    sources = pack.package_sources(ROOT)
    tag, bytecode = pack.compile_bytecode(sources)
    assert pack.build_zip(sources, bytecode, tag, pack.package_data(ROOT)) == package


def test_zip_carries_the_data_files_as_they_are_on_disk(package):
    """The page reads its Greek from ``kseri/i18n/locale/el/LC_MESSAGES/kseri.mo`` and its lessons from
    ``kseri/scenes/lessons.json`` (unpacked from the zip)."""
    data = pack.package_data(ROOT)
    assert set(data) == {"kseri/i18n/locale/el/LC_MESSAGES/kseri.mo", "kseri/scenes/lessons.json"}
    with zipfile.ZipFile(io.BytesIO(package)) as archive:
        names = archive.namelist()
        assert set(names) == (set(pack.package_sources(ROOT)) | set(data) | {pack.BUILD}
                              | {n for n in names if n.endswith(".pyc")})
        for name, content in data.items():
            assert archive.read(name) == content
    assert not any(n.endswith(".po") for n in names), "the source catalogs stay out of the page"


def test_the_pages_python_imports_the_package_without_compiling(package, tmp_path):
    zip_path = tmp_path / "kseri.zip"
    zip_path.write_bytes(package)
    run = subprocess.run(["node", str(ROOT / "devtools" / "pyc.mjs"), "--verify", str(zip_path)],
                         capture_output=True, text=True, timeout=180)
    assert run.returncode == 0, run.stderr[-2000:]
    report = json.loads(run.stdout)
    assert "kseri.table.session" in report["imported"] and "kseri.bots.pile.search" in report["imported"]
    assert report["compiled"] == []


def test_a_stale_bytecode_file_is_ignored_not_run(tmp_path):
    """A .pyc whose source changed is recompiled by Python (checked-hash), never used."""
    _need_runtime()
    sources = {"kseri/__init__.py": b"", "kseri/flag.py": b"VALUE = 'old'\n"}
    tag, bytecode = pack.compile_bytecode(sources, use_cache=False)
    sources["kseri/flag.py"] = b"VALUE = 'new'\n"
    zip_path = tmp_path / "kseri.zip"
    zip_path.write_bytes(pack.build_zip(sources, bytecode, tag))
    run = subprocess.run(["node", str(ROOT / "devtools" / "pyc.mjs"), "--verify", str(zip_path)],
                         capture_output=True, text=True, timeout=180)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "kseri/flag.py" in json.loads(run.stdout)["compiled"]


def test_without_node_the_zip_still_carries_the_sources(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(pack.shutil, "which", lambda name: None)
    monkeypatch.setattr(pack, "_built", {})
    monkeypatch.setattr(pack, "CACHE_DIR", tmp_path / "empty-cache")
    data = pack.package_bytes(ROOT)
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert "kseri/engine/pile/round.py" in names and not any(n.endswith(".pyc") for n in names)
    assert "without bytecode" in capsys.readouterr().err
    with pytest.raises(pack.PackError, match="node not found"):
        pack.package_bytes(ROOT, strict=True)


def test_dev_server_makes_the_zip_and_answers_revalidation(package):
    import urllib.request
    server, base = serve.start(ROOT)
    try:
        with urllib.request.urlopen(base + "/kseri.zip") as response:
            assert response.headers["Content-Type"] == "application/zip"
            etag = response.headers["ETag"]
            assert response.read() == package
        request = urllib.request.Request(base + "/kseri.zip", headers={"If-None-Match": etag})
        with pytest.raises(urllib.error.HTTPError) as not_modified:
            urllib.request.urlopen(request)
        assert not_modified.value.code == 304
    finally:
        server.shutdown()
        server.server_close()


def test_a_damaged_cache_entry_is_compiled_again(monkeypatch, tmp_path):
    _need_runtime()
    monkeypatch.setattr(pack, "CACHE_DIR", tmp_path / "cache")
    sources = {"kseri/__init__.py": b"", "kseri/flag.py": b"VALUE = 1\n"}
    tag, good = pack.compile_bytecode(sources)
    entries = sorted((tmp_path / "cache").glob("*.pyc"))
    assert len(entries) == 2 and not list((tmp_path / "cache").glob(".*.tmp"))
    for entry in entries:
        entry.write_bytes(entry.read_bytes()[:12])  # cut short, as by a full disk
    assert pack.compile_bytecode(sources) == (tag, good)


def test_the_dev_server_makes_the_zip_even_next_to_an_old_one(tmp_path):
    """A kseri.zip lying in a source tree is never served: the page must run the sources."""
    (tmp_path / "kseri").mkdir()
    (tmp_path / "kseri" / "__init__.py").write_text("VALUE = 'current'\n")
    (tmp_path / "kseri.zip").write_bytes(b"old")
    made = pack.package_bytes(tmp_path)
    assert zipfile.ZipFile(io.BytesIO(made)).read("kseri/__init__.py") == b"VALUE = 'current'\n"
    import urllib.request
    server, base = serve.start(tmp_path)
    try:
        with urllib.request.urlopen(base + "/kseri.zip") as response:
            assert response.read() == made
    finally:
        server.shutdown()
        server.server_close()
    manifest = precache.build_manifest(tmp_path)
    assert manifest["files"]["kseri.zip"] == __import__("hashlib").sha256(made).hexdigest()


def test_pack_command_needs_a_folder(tmp_path):
    import sys
    run = subprocess.run([sys.executable, "-m", "devtools.pack"], capture_output=True, text=True)
    assert run.returncode == 2 and run.stderr.startswith("usage:")
    _need_runtime()
    run = subprocess.run([sys.executable, "-m", "devtools.pack", str(tmp_path)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "kseri.zip").read_bytes() == pack.package_bytes(ROOT, strict=True)


def test_the_build_id_names_the_zip_contents():
    """``kseri/BUILD`` is a hash of everything else in the zip: a snapshot made from one zip is
    recognised as another build's as soon as any file differs (kseri.web.fresh)."""
    one = pack.build_zip({"kseri/a.py": b"x = 1\n"}, {}, "")
    two = pack.build_zip({"kseri/a.py": b"x = 2\n"}, {}, "")
    ids = [zipfile.ZipFile(io.BytesIO(z)).read(pack.BUILD).decode() for z in (one, two)]
    assert ids[0] != ids[1] and all(len(i) == 32 for i in ids)
    assert pack.build_zip({"kseri/a.py": b"x = 1\n"}, {}, "") == one, "deterministic"
