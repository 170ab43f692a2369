"""The arena at the sums table: levels and protocol processes on duplicate deals, the command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kseri.bots.arena import ArenaError, format_result, run_arena
from kseri.engine.rules import SUMS

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, PYTHONPATH=str(ROOT))


def test_duplicate_sums_deals_are_reproducible() -> None:
    result = run_arena("medium", "easy", rounds=3, seed=4, rules=SUMS, matches=1)
    assert result.deals == 3 and len(result.diffs) == 3
    assert all(len(times) >= 3 * 48 for times in result.think_ms)
    assert run_arena("medium", "easy", rounds=3, seed=4, rules=SUMS).diffs == result.diffs
    assert result.match_rounds >= 2 and result.match_win_rate is not None
    assert json.loads(json.dumps(result.to_json()))["rules"] == "sums"
    assert "points per round" in format_result(result)


def test_medium_beats_easy_on_duplicate_deals() -> None:
    # medium leads easy by about 6 points a round (docs/bots.md); 16 deals keep the test quick
    # and the margin wide: a real regression, not chance, would fail it.
    result = run_arena("medium", "easy", rounds=16, seed=7, rules=SUMS)
    assert result.points.mean > 2.0


def test_a_protocol_process_plays_at_the_sums_table() -> None:
    command = f"{sys.executable} -m kseri bot --level easy --seed 1"
    result = run_arena(command, "medium", rounds=1, seed=2, rules=SUMS)
    assert result.deals == 1 and len(result.think_ms[0]) == 48


def test_a_process_answering_a_bad_move_stops_the_arena_with_one_line(tmp_path: Path) -> None:
    script = tmp_path / "bad.py"
    script.write_text("import sys\nfor line in sys.stdin: print('KS:QS', flush=True)\n")
    with pytest.raises(ArenaError) as caught:
        run_arena(f"{sys.executable} {script}", "easy", rounds=1, seed=0, rules=SUMS)
    assert "\n" not in str(caught.value) and "KS:QS" in str(caught.value)


def test_cli_runs_sums() -> None:
    out = subprocess.run([sys.executable, "-m", "kseri", "arena", "medium", "easy", "--rules", "sums",
                          "--rounds", "2", "--seed", "1", "--json"], capture_output=True, text=True, cwd=ROOT,
                         env=ENV, timeout=120)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["rules"] == "sums" and data["deals"] == 2
