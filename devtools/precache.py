"""The offline list: every file the site needs, with its SHA-256, for the service worker.

``precache-manifest.json`` (at the site root, next to ``sw.js``)::

    {"version": "<16 hex>", "files": {"index.html": "<sha256>", "runtime/pyodide/pyodide.mjs": "...", ...}}

``version`` is a hash of the whole ``files`` table, so any change to any file
gives a new version, hence a new service worker URL (``sw.js?v=VERSION``) and a
new cache that replaces the old one whole.

Which files: the pages (``*.html`` at the root), ``*.toml`` at the root except
``pyproject.toml``, the web app manifests (``*.webmanifest``), ``kseri.zip`` (the package as the page
loads it: a real file in ``dist/``, made from ``kseri/`` by ``devtools/pack.py`` in
development), ``static/**`` and ``runtime/**``. Never ``sw.js`` itself nor the manifest.

- ``scripts/build`` writes it into ``dist/``;
- ``devtools/serve.py`` (``scripts/serve`` and the browser tests) computes it on
  the fly when the served folder has none, so it is always current in
  development;
- ``python3 -m devtools.precache [DIR]`` writes ``DIR/precache-manifest.json``
  (default: the repo root; that copy is git-ignored and then served as it is).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any

from devtools import pack, snapshot

__all__ = ["NAME", "build_manifest", "digest", "file_bytes", "pack", "site_files", "snapshot"]

ROOT = Path(__file__).resolve().parent.parent
NAME = "precache-manifest.json"
TREES = ("static", "runtime")
SKIP_DIRS = {"__pycache__", ".pytest_cache", ".hypothesis"}
SKIP_ROOT = {"sw.js", NAME, "pyproject.toml"}

_digests: dict[tuple[str, int, int], str] = {}




def site_files(root: str | os.PathLike[str] = ROOT) -> list[str]:
    """Site-relative POSIX paths of every file to precache, sorted."""
    root = Path(root)
    out = []
    for entry in root.iterdir():
        if entry.is_file() and entry.name not in SKIP_ROOT and (
                entry.suffix in (".html", ".toml", ".webmanifest")):
            out.append(entry.name)
    if (root / pack.NAME).is_file() or (root / pack.PACKAGE).is_dir():
        out.append(pack.NAME)
    # The interpreter's snapshot: a file in dist/, made from the sources in development
    # (only when it can be: a manifest must not list a file the site cannot serve).
    if (root / snapshot.NAME).is_file() or ((root / pack.PACKAGE).is_dir() and snapshot.snapshot_bytes(root)):
        out.append(snapshot.NAME)
    for tree in TREES:
        base = root / tree
        if not base.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.startswith("."))
            for name in filenames:
                if name.startswith(".") or name.endswith((".pyc", ".map")):
                    continue
                out.append((Path(dirpath) / name).relative_to(root).as_posix())
    return sorted(out)


def digest(path: Path) -> str:
    """SHA-256 of a file, remembered per (path, size, mtime) for the dev server."""
    stat = path.stat()
    key = (str(path), stat.st_size, stat.st_mtime_ns)
    if key not in _digests:
        _digests[key] = hashlib.sha256(path.read_bytes()).hexdigest()
    return _digests[key]


def _made(root: Path, rel: str) -> bool:
    """Whether ``devtools/serve.py`` makes ``rel`` from sources instead of serving a file."""
    return rel in (pack.NAME, snapshot.NAME) and (root / pack.PACKAGE).is_dir()


def file_bytes(root: Path, rel: str) -> bytes:
    """The bytes the site serves at ``rel``: the file, or what ``devtools/serve.py`` makes (the
    zip, the snapshot)."""
    if not _made(root, rel):
        return (root / rel).read_bytes()
    if rel == snapshot.NAME:
        return snapshot.snapshot_bytes(root) or b""
    return pack.package_bytes(root)


def build_manifest(root: str | os.PathLike[str] = ROOT) -> dict[str, Any]:
    root = Path(root)
    files = {rel: hashlib.sha256(file_bytes(root, rel)).hexdigest() if _made(root, rel) else digest(root / rel)
             for rel in site_files(root)}
    canonical = json.dumps(files, sort_keys=True, separators=(",", ":")).encode()
    return {"version": hashlib.sha256(canonical).hexdigest()[:16], "files": files}


def manifest_bytes(root: str | os.PathLike[str] = ROOT) -> bytes:
    return (json.dumps(build_manifest(root), indent=1, sort_keys=True) + "\n").encode()


def write(root: str | os.PathLike[str] = ROOT) -> Path:
    target = Path(root) / NAME
    target.write_bytes(manifest_bytes(root))
    return target


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    root = Path(args[0]) if args else ROOT
    target = write(root)
    data = json.loads(target.read_text())
    size = sum(len(file_bytes(root, rel)) for rel in data["files"])
    print(f"precache: {target} version {data['version']}, {len(data['files'])} files, {size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
