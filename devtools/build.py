"""Copy the site into dist/ and check it is self-contained; see scripts/build.

Usage: ``python3 -m devtools.build [--out DIR]`` (the runtime must be set up first:
``scripts/setup``; ``scripts/build`` does both).

Checks, each a one-line error and exit status 1:
- every file ``pyscript.toml`` lists under ``[files]`` (none: its interpreter module,
  ``static/pyodide-start.mjs``, unpacks ``kseri.zip`` itself) and that module are in the build;
- no page refers to anything by an absolute path (``/x``) or on another host
  (``https://...``, ``//host``) in a ``src``, ``href`` or ``config`` attribute, so the site
  works under a sub-path such as ``/kseri/`` and never leaves its origin.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tomllib
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from typing import Any

from devtools import precache

ROOT = Path(__file__).resolve().parent.parent
EXTRA = ("sw.js",)
URL_ATTRS = {"src", "href", "config", "action", "poster", "data"}


class BuildError(Exception):
    pass


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in URL_ATTRS and value is not None:
                self.urls.append((f"<{tag} {name}>", value.strip()))


def check_pages(out: Path) -> None:
    for page in sorted(out.glob("*.html")):
        parser = _Links()
        parser.feed(page.read_text(encoding="utf-8"))
        for where, url in parser.urls:
            if url.startswith(("#", "data:", "mailto:")) or url == "":
                continue
            if url.startswith("/") or "://" in url.split("?")[0].split("#")[0]:
                raise BuildError(f"{page.name}: {where} = {url!r} is not a relative URL")
            target = url.split("#")[0].split("?")[0]
            if target and not (out / target).exists():
                raise BuildError(f"{page.name}: {where} = {url!r} points at a file the build lacks")


def check_pyscript(out: Path) -> None:
    config = tomllib.loads((out / "pyscript.toml").read_text(encoding="utf-8"))
    interpreter = config.get("interpreter", "")
    if not interpreter.startswith("./") or not (out / interpreter).is_file():
        raise BuildError(f"pyscript.toml: interpreter {interpreter!r} is not a relative path to a built file")
    if "packages" in config:
        raise BuildError("pyscript.toml: 'packages' would pull wheels from outside")
    for source in config.get("files", {}):
        if source.startswith("{"):
            continue
        if not (out / PurePosixPath(source)).is_file():
            raise BuildError(f"pyscript.toml lists {source}, which is not in the build")


def build(out: Path) -> dict[str, Any]:
    if not (ROOT / "runtime" / "pyodide" / "pyodide.mjs").is_file():
        raise BuildError("runtime/ is missing: run scripts/setup (or scripts/build, which does)")
    files = precache.site_files(ROOT) + [name for name in EXTRA if (ROOT / name).is_file()]
    if out.exists():
        shutil.rmtree(out)
    for rel in files:
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if rel == precache.pack.NAME:
            # Always made afresh from kseri/ (a kseri.zip lying at the root may be stale),
            # and with its bytecode: a build without it would start slower unnoticed.
            try:
                target.write_bytes(precache.pack.package_bytes(ROOT, strict=True))
            except precache.pack.PackError as exc:
                raise BuildError(f"{rel}: {exc}") from None
        elif rel == precache.snapshot.NAME:
            try:  # made afresh for the zip just written, never a stale one
                target.write_bytes(precache.snapshot.snapshot_bytes(ROOT, strict=True) or b"")
            except precache.snapshot.SnapshotError as exc:
                raise BuildError(f"{rel}: {exc}") from None
        else:
            shutil.copy2(ROOT / rel, target)
    # GitHub Pages must not run Jekyll over it (Jekyll drops files whose names start with '_').
    (out / ".nojekyll").write_text("")
    check_pyscript(out)
    check_pages(out)
    precache.write(out)
    manifest = precache.build_manifest(out)
    size = sum((out / rel).stat().st_size for rel in manifest["files"])
    return {"files": len(files), "bytes": size, "version": manifest["version"]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the static site.")
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    args = parser.parse_args(argv)
    out = args.out.resolve()
    if out == ROOT or ROOT.is_relative_to(out):
        print(f"build: refusing to empty {out}", file=sys.stderr)
        return 2
    try:
        info = build(out)
    except BuildError as exc:
        print(f"build: {exc}", file=sys.stderr)
        return 1
    print(f"build: {out} ready: {info['files']} files, {info['bytes'] / 1e6:.1f} MB, version {info['version']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
