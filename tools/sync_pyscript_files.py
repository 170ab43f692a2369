"""Rewrite the ``[files]`` table of pyscript.toml to list every ``kseri/**/*.py``.

PyScript copies only the files it is told about into the page's file system,
so a new module must be listed; run this after adding or removing one
(``python tools/sync_pyscript_files.py``; ``--check`` only reports).
Everything above ``[files]`` and any table after it are kept as they are.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "pyscript.toml"


def files_table() -> str:
    modules = sorted(p.relative_to(ROOT) for p in (ROOT / "kseri").rglob("*.py") if "__pycache__" not in p.parts)
    return "".join(f'"./{m.as_posix()}" = "./{m.parent.as_posix()}/"\n' for m in modules)


def synced(text: str) -> str:
    head, marker, rest = text.partition("[files]\n")
    if not marker:
        return text.rstrip("\n") + "\n\n[files]\n" + files_table()
    lines = rest.splitlines(keepends=True)
    tail_start = next((i for i, line in enumerate(lines) if line.startswith("[")), len(lines))
    tail = "".join(lines[tail_start:])
    return head + marker + files_table() + ("\n" + tail if tail else "")


def main(argv: list[str]) -> int:
    text = CONFIG.read_text(encoding="utf-8")
    new = synced(text)
    if "--check" in argv:
        if new != text:
            print("pyscript.toml [files] is out of date: run python tools/sync_pyscript_files.py")
            return 1
        return 0
    if new != text:
        CONFIG.write_text(new, encoding="utf-8")
        print("pyscript.toml [files] updated")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
