"""``kseri.zip``: the kseri package as the page loads it, sources plus bytecode.

``pyscript.toml`` lists it as ``"./kseri.zip" = "./*"``, so PyScript fetches
one file and unpacks it into the page's working directory, instead of fetching
some fifty modules one by one. Next to each ``kseri/**/x.py`` the zip holds
``kseri/**/__pycache__/x.<tag>.pyc`` compiled by the page's own Python
(``scripts/pyc.mjs`` runs ``runtime/pyodide`` in Node): compiling the package
was most of the page's Python start-up under WebAssembly. The bytecode is
"checked-hash" (PEP 552), so Python uses it only when it matches the source
beside it; a stale or foreign ``.pyc`` costs time, never correctness.

The zip is deterministic (sorted names, fixed timestamps): the same sources
give the same bytes, hence the same service-worker version.

- ``scripts/build`` writes it into ``dist/``;
- ``scripts/serve.py`` (``scripts/serve`` and the browser tests) builds it on
  the fly when the served folder has no ``kseri.zip``, so in development it
  always holds the current sources;
- ``python3 scripts/pack.py [DIR]`` writes ``DIR/kseri.zip`` (default: the repo
  root, where that copy is git-ignored and then served as it is).

Compiled bytecode is remembered in ``node_modules/.kseri-pyc/`` by the hash of
the source and of ``package-lock.json`` (which pins the runtime), so Node runs
only when a module changed. Without Node or ``runtime/`` the zip carries the
sources alone (with a warning): the page works, it just starts slower.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import threading
import zipfile
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent
NAME = "kseri.zip"
PACKAGE = "kseri"
CACHE_DIR = ROOT / "node_modules" / ".kseri-pyc"
ZIP_TIME = (1980, 1, 1, 0, 0, 0)

_built: dict[str, bytes] = {}
_building = threading.Lock()  # the dev server is threaded: compile once, not once per request


class PackError(Exception):
    """The bytecode could not be made (one-line message)."""


def package_sources(root: str | os.PathLike = ROOT) -> dict[str, bytes]:
    """``{"kseri/round.py": source bytes, ...}`` for every module of the package, sorted."""
    base = Path(root) / PACKAGE
    found = {}
    for path in sorted(base.rglob("*.py")):
        rel = path.relative_to(root)
        if "__pycache__" in rel.parts or any(part.startswith(".") for part in rel.parts):
            continue
        found[rel.as_posix()] = path.read_bytes()
    return found


def bytecode_name(module: str, cache_tag: str) -> str:
    """``kseri/bots/search.py`` -> ``kseri/bots/__pycache__/search.cpython-314.pyc``."""
    path = PurePosixPath(module)
    return (path.parent / "__pycache__" / f"{path.stem}.{cache_tag}.pyc").as_posix()


def _runtime_key(root: Path) -> str:
    lock = root / "package-lock.json"
    return hashlib.sha256(lock.read_bytes()).hexdigest()[:16] if lock.is_file() else "nolock"


def compile_bytecode(sources: dict[str, bytes], *, use_cache: bool = True) -> tuple[str, dict[str, bytes]]:
    """``(cache_tag, {module: .pyc bytes})`` compiled by the page's Python; raises :class:`PackError`."""
    cache_dir = CACHE_DIR if use_cache else None
    runtime_key = _runtime_key(ROOT)
    keys = {name: hashlib.sha256(runtime_key.encode() + b"\0" + name.encode() + b"\0" + data).hexdigest()
            for name, data in sources.items()}
    cached: dict[str, bytes] = {}
    tag_file = cache_dir / f"{runtime_key}.tag" if cache_dir else None
    cache_tag = tag_file.read_text().strip() if tag_file and tag_file.is_file() else ""
    if cache_dir and cache_tag:
        for name, key in keys.items():
            hit = cache_dir / f"{key}.pyc"
            if hit.is_file():
                cached[name] = hit.read_bytes()
    missing = {name: data for name, data in sources.items() if name not in cached}
    if missing:
        node = shutil.which("node")
        if node is None:
            raise PackError("node not found (needed to compile the page's bytecode; install Node.js)")
        script = ROOT / "scripts" / "pyc.mjs"
        request = json.dumps({"files": {n: base64.b64encode(d).decode("ascii") for n, d in missing.items()}})
        try:
            run = subprocess.run([node, str(script)], input=request.encode(), capture_output=True, timeout=300)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise PackError(f"node {script.name}: {exc}") from None
        if run.returncode != 0:
            last = (run.stderr.decode(errors="replace").strip().splitlines() or ["no message"])[-1]
            raise PackError(f"node {script.name} failed: {last}")
        reply = json.loads(run.stdout)
        cache_tag = reply["cache_tag"]
        for name, encoded in reply["files"].items():
            cached[name] = base64.b64decode(encoded)
        if cache_dir:
            try:
                cache_dir.mkdir(parents=True, exist_ok=True)
                for name in missing:
                    (cache_dir / f"{keys[name]}.pyc").write_bytes(cached[name])
                tag_file.write_text(cache_tag + "\n")
            except OSError:
                pass  # a read-only checkout: no cache, same result
    return cache_tag, {name: cached[name] for name in sources}


def build_zip(sources: dict[str, bytes], bytecode: dict[str, bytes], cache_tag: str) -> bytes:
    """The zip's bytes: every source and, when given, its bytecode; deterministic."""
    entries = dict(sources)
    for name, data in bytecode.items():
        entries[bytecode_name(name, cache_tag)] = data
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, entries[name])
    return buffer.getvalue()


def package_bytes(root: str | os.PathLike = ROOT, *, strict: bool = False) -> bytes:
    """``kseri.zip`` for the package under ``root``; remembered per content.

    Without bytecode (no Node, no runtime) the zip has the sources only, with a
    warning on stderr; ``strict=True`` raises :class:`PackError` instead.
    """
    sources = package_sources(root)
    key = hashlib.sha256(b"".join(n.encode() + b"\0" + d + b"\0" for n, d in sources.items())).hexdigest()
    key += ":strict" if strict else ""
    with _building:
        return _built[key] if key in _built else _build(key, sources, strict)


def _build(key: str, sources: dict[str, bytes], strict: bool) -> bytes:
    try:
        cache_tag, bytecode = compile_bytecode(sources)
    except PackError as exc:
        if strict:
            raise
        print(f"pack: {NAME} without bytecode (the page will start slower): {exc}", file=sys.stderr)
        cache_tag, bytecode = "", {}
    _built[key] = build_zip(sources, bytecode, cache_tag)
    return _built[key]


def write(out: str | os.PathLike = ROOT, root: str | os.PathLike = ROOT, *, strict: bool = True) -> Path:
    target = Path(out) / NAME
    target.write_bytes(package_bytes(root, strict=strict))
    return target


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else ROOT
    try:
        target = write(out)
    except PackError as exc:
        print(f"pack: {exc}", file=sys.stderr)
        return 1
    with zipfile.ZipFile(target) as archive:
        names = archive.namelist()
    compiled = sum(name.endswith(".pyc") for name in names)
    print(f"pack: {target}: {len(names) - compiled} modules, {compiled} compiled, {target.stat().st_size / 1e3:.0f} kB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
