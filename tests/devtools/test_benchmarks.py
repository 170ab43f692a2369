"""Every benchmark still starts: its imports resolve and it explains its options."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("script", sorted(p.name for p in (ROOT / "benchmarks").glob("*.py")))
def test_benchmark_runs_its_help(script):
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), "--help"],
                         capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert run.returncode == 0, run.stderr[-1500:]
    assert "usage" in run.stdout.lower()


@pytest.mark.parametrize(("params", "says"), [
    ('{"packet_value": "NO_SUCH_VALUE"}', "packet_value 'NO_SUCH_VALUE' is not a value"),
    ('{"explor": 4}', "'explor' is not a field of ExpertParams"),
    ("{explore: 4}", "--params: not JSON"),
])
def test_expert_arena_refuses_bad_params_in_one_line_before_playing(params, says, tmp_path):
    out = tmp_path / "deals.jsonl"
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "expert_arena.py"), "--deals", "1",
                          "--params", params, "--out", str(out)],
                         capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert run.returncode == 2
    assert says in run.stderr.splitlines()[-1]
    assert "Traceback" not in run.stderr
    assert not out.exists()
