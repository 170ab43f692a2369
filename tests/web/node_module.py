"""Run a piece of the site's JavaScript in Node, for the tests of ``static/*.js`` and ``sw.js``."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_in_node(script: str, *, needs: str = "") -> Any:
    """Run ``script`` (an ES module; ``process.argv[1]`` is the repository's root) and return the
    JSON of the last line it prints. Skips the test where there is no ``node``, or no ``needs``
    (a folder under ``node_modules``, which ``scripts/setup`` installs)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("needs node")
    if needs and not (ROOT / "node_modules" / needs).is_dir():
        pytest.skip(f"needs npm {needs} (scripts/setup runs npm ci)")
    run = subprocess.run([node, "--input-type=module", "-e", script, str(ROOT)], capture_output=True, text=True,
                         timeout=60, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(run.stdout.strip().splitlines()[-1])
