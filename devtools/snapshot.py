"""``kseri-snapshot.gz``: the page's interpreter as a memory image, the table's modules imported.

A returning visitor's page starts Python from this image instead of starting the
interpreter and importing the package again (``static/pyodide-start.mjs`` passes it
to Pyodide, only when the service worker has it cached: a first visit never
downloads it). ``devtools/snapshot.mjs`` makes it with the page's own Pyodide in
Node, from the very ``kseri.zip`` the page unpacks, and records that zip's build id
(``kseri/BUILD``); ``static/main.py`` drops the image's ``kseri`` modules if the
unpacked package is another build.

- ``devtools/serve.py`` makes it on request when the served folder holds the
  ``kseri/`` sources (as it makes ``kseri.zip``), and the precache manifest lists it;
- ``scripts/build`` writes it into ``dist/``;
- ``python3 -m devtools.snapshot DIR`` writes ``DIR/kseri-snapshot.gz``.

Made images are remembered in ``node_modules/.kseri-snapshot/`` by the hash of the
zip and of ``package-lock.json`` (the runtime): Node runs once per build of the
package. Without Node or ``runtime/`` there is no image (a warning): the page starts
as before, only slower on a return visit.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from devtools import pack

__all__ = ["NAME", "SnapshotError", "snapshot_bytes", "write"]

ROOT = Path(__file__).resolve().parent.parent
NAME = "kseri-snapshot.gz"
CACHE_DIR = ROOT / "node_modules" / ".kseri-snapshot"
KEEP = 3
"""Images kept in the cache (a dev session edits sources: older builds go)."""

_building = threading.Lock()  # the dev server is threaded: make an image once, not once per request


class SnapshotError(Exception):
    """The image could not be made (one-line message)."""


def _key(zip_bytes: bytes) -> str:
    lock = ROOT / "package-lock.json"
    runtime = lock.read_bytes() if lock.is_file() else b"nolock"
    maker = Path(__file__).with_name("snapshot.mjs").read_bytes()
    return hashlib.sha256(runtime + b"\0" + maker + b"\0" + zip_bytes).hexdigest()[:24]


def _make(zip_bytes: bytes) -> bytes:
    node = shutil.which("node")
    if node is None:
        raise SnapshotError("node not found (needed to make the interpreter's snapshot; install Node.js)")
    script = Path(__file__).with_name("snapshot.mjs")
    with tempfile.TemporaryDirectory() as work:
        zip_path, out_path = Path(work) / pack.NAME, Path(work) / NAME
        zip_path.write_bytes(zip_bytes)
        try:
            run = subprocess.run([node, str(script), str(zip_path), str(out_path)],
                                 capture_output=True, timeout=600)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise SnapshotError(f"node {script.name}: {exc}") from None
        if run.returncode != 0 or not out_path.is_file():
            last = (run.stderr.decode(errors="replace").strip().splitlines() or ["no message"])[-1]
            raise SnapshotError(f"node {script.name} failed: {last}")
        return out_path.read_bytes()


def snapshot_bytes(root: str | os.PathLike[str] = ROOT, *, strict: bool = False) -> bytes | None:
    """The image for the package under ``root``, made or taken from the cache; None (with a
    warning on stderr) when it cannot be made, or :class:`SnapshotError` with ``strict=True``."""
    try:
        zip_bytes = pack.package_bytes(root, strict=True)
    except pack.PackError as exc:
        if strict:
            raise SnapshotError(f"no compiled {pack.NAME}: {exc}") from None
        return None  # pack has warned; a zip without bytecode is not worth an image
    cached = CACHE_DIR / f"{_key(zip_bytes)}.gz"
    with _building:
        if cached.is_file():
            return cached.read_bytes()
        try:
            image = _make(zip_bytes)
        except SnapshotError as exc:
            if strict:
                raise
            print(f"snapshot: no {NAME} (a return visit starts slower): {exc}", file=sys.stderr)
            return None
        try:
            CACHE_DIR.mkdir(parents=True, exist_ok=True)
            partial = cached.with_suffix(".part")
            partial.write_bytes(image)
            os.replace(partial, cached)
            for old in sorted(CACHE_DIR.glob("*.gz"), key=lambda p: p.stat().st_mtime)[:-KEEP]:
                old.unlink(missing_ok=True)
        except OSError:
            pass  # a read-only checkout or a full disk: no cache, same image
        return image


def write(out: str | os.PathLike[str], root: str | os.PathLike[str] = ROOT, *, strict: bool = True) -> Path | None:
    """Write ``out/kseri-snapshot.gz``; None when there is no image (``strict=False``)."""
    image = snapshot_bytes(root, strict=strict)
    if image is None:
        return None
    target = Path(out) / NAME
    target.write_bytes(image)
    return target


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0].startswith("-"):
        print("usage: python3 -m devtools.snapshot DIR   (writes DIR/kseri-snapshot.gz)", file=sys.stderr)
        return 2
    try:
        target = write(Path(args[0]))
    except (SnapshotError, OSError) as exc:
        print(f"snapshot: {exc}", file=sys.stderr)
        return 1
    assert target is not None
    print(f"snapshot: {target}: {target.stat().st_size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
