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


def test_expert_arena_pairs_two_series_on_the_deals_both_played(tmp_path):
    def write(name, diffs):
        path = tmp_path / name
        path.write_text("".join(f'{{"deal": {i}, "diff": {d}, "cpu_s": 1.0}}\n' for i, d in diffs), encoding="utf-8")
        return str(path)

    base = write("base.jsonl", [(0, 1.0), (1, -2.0), (2, 3.0), (3, 0.0)])
    new = write("new.jsonl", [(1, 0.0), (2, 4.0), (3, 1.0), (5, 9.0)])
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "expert_arena.py"), "--paired", base, new],
                         capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    # deals 1-3 only: new 0, 4, 1 (mean +1.67), base -2, 3, 0 (+0.33), the differences 2, 1, 1 (+1.33)
    assert "3 deals in both (deals 1..3)" in run.stdout
    assert "new − base +1.33" in run.stdout
    assert f"{new} +1.67" in run.stdout and f"{base} +0.33" in run.stdout


def test_bot_ready_tells_the_bots_of_one_stretch_apart():
    """At four and six seats the bots play one after another in one ``bot`` phase: each play cuts it."""
    import doctest

    from benchmarks import bot_ready

    assert doctest.testmod(bot_ready).failed == 0
    assert bot_ready.split_turns([(0.0, 90.0)], [40.0, 90.0]) == [(0.0, 40.0), (40.0, 90.0)]
    assert bot_ready.split_turns([(0.0, 90.0)], [85.0]) == [(0.0, 90.0)]  # two seats: as before
    assert '"players":6' in bot_ready.QUERIES["pisti6"].replace("%22", '"').replace("%3A", ":").replace("%2C", ",")


@pytest.mark.parametrize(("script", "options"), [
    ("fit_packet_value.py", ["--rounds", "1"]), ("heuristic_weights.py", ["--weights", "{}", "--deals", "1"]),
])
@pytest.mark.parametrize(("rules", "says"), [
    ("{bad", "--rules '{bad': Expecting property name"),
    ("poker", "unknown rules profile 'poker'"),
    ("sums", "a pile table (not the sums table)"),
])
def test_the_heuristic_benchmarks_refuse_bad_rules_in_one_line(script, options, rules, says):
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), "--rules", rules, *options],
                         capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert run.returncode == 2
    assert says in run.stderr.splitlines()[-1]
    assert "Traceback" not in run.stderr


def test_the_packet_value_fit_can_end_rounds_as_the_search_levels_do():
    """``--solve-last``: a round's final difference is the exact value of its last packet (as ``hard``
    and ``expert`` play it), not the heuristic's play of it."""
    from benchmarks.fit_packet_value import positions
    from kseri.bots.pile.endgame import is_solvable, solve
    from kseri.engine.rules import GREEK

    played = positions(GREEK, 3, 11)
    solved = positions(GREEK, 3, 11, solve_last=True)
    assert [len(rows) for rows in played.values()] == [len(rows) for rows in solved.values()] == [3, 3, 3]
    assert played[3][0][0].plays == solved[3][0][0].plays  # the first deal: the same plays to the last packet
    for k in (1, 2, 3):  # every position of a round carries that round's final difference
        assert [final for _, final in solved[k]] == [final for _, final in solved[3]]
    for state, final in solved[3]:  # at the third packet's end the last packet is dealt: nothing is hidden
        assert is_solvable(state) and final == solve(state).value


def test_the_packet_value_fit_solves_last_packets_at_two_seats_only():
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "fit_packet_value.py"), "--rules",
                          '{"profile": "pisti", "players": 4}', "--solve-last", "--rounds", "1"],
                         capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert run.returncode == 2
    assert "--solve-last: the last packet is solved at two seats only" in run.stderr.splitlines()[-1]
