"""Types and lint are part of the test command: ``mypy --strict`` and ``ruff`` report nothing.

Both read their settings from ``pyproject.toml`` (mypy: ``kseri`` and ``devtools``, with
stubs for the page's modules in ``stubs/``; ruff: the whole tree).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600)
    except FileNotFoundError as exc:  # pragma: no cover - a broken interpreter
        pytest.fail(str(exc))


@pytest.mark.timeout(720)  # above the run's own 600 s limit: mypy with no cache, on a slow machine
def test_mypy_strict_reports_nothing():
    run = _run("mypy", "--strict")
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]


def test_ruff_reports_nothing():
    run = _run("ruff", "check", "--no-cache", ".")
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
