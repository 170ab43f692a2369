"""What the Greek catalog costs at start-up: importing ``kseri.i18n`` and loading the Greek
``.mo``, in fresh interpreters, against a baseline from the same run.

Run: ``python benchmarks/i18n_startup.py [--runs N]``

Each run starts a new CPython and times, with ``time.perf_counter`` inside it, (a) importing
the table's pure modules without the catalog's Greek (``kseri.table.session``, which imports
``kseri.i18n`` and ``gettext``), and (b) then ``set_language("el")``, which reads and parses
the catalog. The runs alternate with a baseline interpreter that imports ``gettext`` alone, so
machine noise hits both. Printed: medians over N runs. The page pays the same in Pyodide, where
the module import is the bigger part of the start-up (see ``benchmarks/page_load.py``).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MEASURE = ("import time; t = time.perf_counter(); import kseri.table.session; a = time.perf_counter(); "
           "import kseri.i18n as i; i.set_language('el'); b = time.perf_counter(); "
           "print((a - t) * 1e3, (b - a) * 1e3)")
BASELINE = "import time; t = time.perf_counter(); import gettext; print((time.perf_counter() - t) * 1e3, 0)"


def once(code: str) -> tuple[float, float]:
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    first, second = out.stdout.split()
    return float(first), float(second)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    imports, loads, gettext_alone = [], [], []
    for _ in range(runs):
        table, catalog = once(MEASURE)
        imports.append(table)
        loads.append(catalog)
        gettext_alone.append(once(BASELINE)[0])
    print(f"runs: {runs} fresh interpreters each")
    print(f"import kseri.table.session (with kseri.i18n): median {statistics.median(imports):.1f} ms")
    print(f"set_language('el') (read + parse the .mo):    median {statistics.median(loads):.2f} ms")
    print(f"import gettext alone (baseline):               median {statistics.median(gettext_alone):.1f} ms")
    print(f"catalog load / table import: {statistics.median(loads) / statistics.median(imports):.3f}")


if __name__ == "__main__":
    main()
