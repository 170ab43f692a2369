"""``kseri.zip``: the kseri package as the page loads it, sources plus bytecode.

The page's interpreter module (``static/pyodide-start.mjs``) fetches this one
file while the interpreter starts and unpacks it into the interpreter's working
directory, instead of fetching some fifty modules one by one. Next to each ``kseri/**/x.py`` the zip holds
``kseri/**/__pycache__/x.<tag>.pyc`` compiled by the page's own Python
(``devtools/pyc.mjs`` runs ``runtime/pyodide`` in Node): compiling the package
was most of the page's Python start-up under WebAssembly. The bytecode is
"checked-hash" (PEP 552), so Python uses it only when it matches the source
beside it; a stale or foreign ``.pyc`` costs time, never correctness. The
package's data files go in too: the compiled catalogs ``kseri/**/*.mo`` and the lessons
``kseri/scenes/lessons.json`` (:func:`package_data`).

The zip is deterministic (sorted names, fixed timestamps): the same sources
give the same bytes, hence the same service-worker version.

- ``scripts/build`` writes it into ``dist/``;
- ``devtools/serve.py`` (``scripts/serve`` and the browser tests) makes it on
  request whenever the served folder holds the ``kseri/`` sources (the repo in
  development), so the page always runs the current code;
- ``python3 -m devtools.pack DIR`` writes ``DIR/kseri.zip``.

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
from typing import Any, cast

ROOT = Path(__file__).resolve().parent.parent
NAME = "kseri.zip"
PACKAGE = "kseri"
CACHE_DIR = ROOT / "node_modules" / ".kseri-pyc"
ZIP_TIME = (1980, 1, 1, 0, 0, 0)

_built: dict[str, bytes] = {}
_building = threading.Lock()  # the dev server is threaded: compile once, not once per request


class PackError(Exception):
    """The bytecode could not be made (one-line message)."""


def package_sources(root: str | os.PathLike[str] = ROOT) -> dict[str, bytes]:
    """``{"kseri/round.py": source bytes, ...}`` for every module of the package, sorted."""
    base = Path(root) / PACKAGE
    found = {}
    for path in sorted(base.rglob("*.py")):
        rel = path.relative_to(root)
        if "__pycache__" in rel.parts or any(part.startswith(".") for part in rel.parts):
            continue
        found[rel.as_posix()] = path.read_bytes()
    return found


DATA_SUFFIXES = (".mo", ".json")
"""Files of the package the page reads besides its modules: the compiled catalogs (``kseri/i18n``), the
lessons (``kseri/scenes/lessons.json``)."""


def package_data(root: str | os.PathLike[str] = ROOT) -> dict[str, bytes]:
    """``{"kseri/i18n/locale/el/LC_MESSAGES/kseri.mo": bytes, ...}``: the package's data files, sorted.

    The ``.mo`` is compiled from its ``.po`` by ``python3 -m devtools.msgfmt`` and kept beside it (a
    test checks that it is up to date), so packing needs neither Babel nor GNU gettext.
    """
    base = Path(root) / PACKAGE
    found = {}
    for path in sorted(p for p in base.rglob("*") if p.suffix in DATA_SUFFIXES and p.is_file()):
        rel = path.relative_to(root)
        if "__pycache__" in rel.parts or any(part.startswith(".") for part in rel.parts):
            continue
        found[rel.as_posix()] = path.read_bytes()
    return found


def bytecode_name(module: str, cache_tag: str) -> str:
    """``kseri/bots/pile/search.py`` -> ``kseri/bots/__pycache__/search.cpython-314.pyc``."""
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
    cache_tag, magic = _read_tag(tag_file)
    if cache_dir and cache_tag:
        for name, key in keys.items():
            data = _read(cache_dir / f"{key}.pyc")
            if data is not None and _looks_whole(data, magic):
                cached[name] = data
    missing = {name: data for name, data in sources.items() if name not in cached}
    if missing:
        reply = _run_node({n: base64.b64encode(d).decode("ascii") for n, d in missing.items()})
        cache_tag, magic = reply["cache_tag"], bytes.fromhex(reply["magic"])
        for name, encoded in reply["files"].items():
            cached[name] = base64.b64decode(encoded)
            if not _looks_whole(cached[name], magic):
                raise PackError(f"node pyc.mjs gave a malformed .pyc for {name}")
        if cache_dir and tag_file:
            try:
                cache_dir.mkdir(parents=True, exist_ok=True)
                for name in missing:
                    _write_atomically(cache_dir / f"{keys[name]}.pyc", cached[name])
                _write_atomically(tag_file, f"{cache_tag} {magic.hex()}\n".encode())
            except OSError:
                pass  # a read-only checkout or a full disk: no cache, same result
    return cache_tag, {name: cached[name] for name in sources}


def _run_node(files: dict[str, str]) -> dict[str, Any]:
    node = shutil.which("node")
    if node is None:
        raise PackError("node not found (needed to compile the page's bytecode; install Node.js)")
    script = Path(__file__).with_name("pyc.mjs")
    request = json.dumps({"files": files}).encode()
    try:
        run = subprocess.run([node, str(script)], input=request, capture_output=True, timeout=300)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise PackError(f"node {script.name}: {exc}") from None
    if run.returncode != 0:
        last = (run.stderr.decode(errors="replace").strip().splitlines() or ["no message"])[-1]
        raise PackError(f"node {script.name} failed: {last}")
    try:
        reply = json.loads(run.stdout)
        if not (isinstance(reply["cache_tag"], str) and isinstance(reply["files"], dict)
                and len(bytes.fromhex(reply["magic"])) == 4):
            raise ValueError("unexpected reply")
    except (ValueError, KeyError, TypeError) as exc:
        raise PackError(f"node {script.name} answered something else than its reply: {exc}") from None
    return cast(dict[str, Any], reply)


def _looks_whole(data: bytes, magic: bytes) -> bool:
    """A .pyc of this runtime, checked-hash (PEP 552 flags 3), with code after its header.

    Cache files are written whole (:func:`_write_atomically`), so this only guards
    against a foreign or damaged file: such a one is compiled again, never shipped.
    """
    return len(data) > 16 and data[:4] == magic and data[4:8] == b"\x03\0\0\0" and data[16:17] == b"\xe3"


def _read_tag(tag_file: Path | None) -> tuple[str, bytes]:
    text = (_read(tag_file) or b"").decode("ascii", "replace").split() if tag_file else []
    if len(text) == 2:
        try:
            return text[0], bytes.fromhex(text[1])
        except ValueError:
            pass
    return "", b""


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def _write_atomically(path: Path, data: bytes) -> None:
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        temporary.write_bytes(data)
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


BUILD = f"{PACKAGE}/BUILD"
"""The zip's build id: a hash of everything else in it. A memory snapshot of the page's
interpreter (``devtools/snapshot.py``) records the build it imported, and the page uses
the snapshot's modules only when the package it unpacked has the same one."""


def build_zip(sources: dict[str, bytes], bytecode: dict[str, bytes], cache_tag: str,
              data: dict[str, bytes] | None = None) -> bytes:
    """The zip's bytes: every source, when given its bytecode, the data files and
    :data:`BUILD`; deterministic."""
    entries = dict(sources)
    entries.update(data or {})
    for name, compiled in bytecode.items():
        entries[bytecode_name(name, cache_tag)] = compiled
    entries[BUILD] = hashlib.sha256(b"".join(n.encode() + b"\0" + d + b"\0"
                                             for n, d in sorted(entries.items()))).hexdigest()[:32].encode()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, entries[name])
    return buffer.getvalue()


def package_bytes(root: str | os.PathLike[str] = ROOT, *, strict: bool = False) -> bytes:
    """``kseri.zip`` for the package under ``root``; the last one is remembered.

    Without bytecode (no Node, no runtime) the zip has the sources only, with a
    warning on stderr, and is not remembered (the next call tries again);
    ``strict=True`` raises :class:`PackError` instead.
    """
    sources = package_sources(root)
    data = package_data(root)
    key = hashlib.sha256(b"".join(n.encode() + b"\0" + d + b"\0"
                                  for n, d in (*sources.items(), *data.items()))).hexdigest()
    with _building:
        if key in _built:
            return _built[key]
        try:
            cache_tag, bytecode = compile_bytecode(sources)
        except PackError as exc:
            if strict:
                raise
            print(f"pack: {NAME} without bytecode (the page will start slower): {exc}", file=sys.stderr)
            return build_zip(sources, {}, "", data)
        _built.clear()  # a long dev session edits sources: keep only the current zip
        _built[key] = build_zip(sources, bytecode, cache_tag, data)
        return _built[key]


def write(out: str | os.PathLike[str], root: str | os.PathLike[str] = ROOT, *, strict: bool = True) -> Path:
    target = Path(out) / NAME
    target.write_bytes(package_bytes(root, strict=strict))
    return target


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0].startswith("-"):
        print("usage: python3 -m devtools.pack DIR   (writes DIR/kseri.zip)", file=sys.stderr)
        return 2
    try:
        target = write(Path(args[0]))
    except (PackError, OSError) as exc:
        print(f"pack: {exc}", file=sys.stderr)
        return 1
    with zipfile.ZipFile(target) as archive:
        names = archive.namelist()
    compiled = sum(name.endswith(".pyc") for name in names)
    modules = sum(name.endswith(".py") for name in names)
    print(f"pack: {target}: {modules} modules, {compiled} compiled, {len(names) - modules - compiled} data files, "
          f"{target.stat().st_size / 1e3:.0f} kB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
