"""The arena: duplicate deals, level names and protocol processes, the command line."""

from __future__ import annotations

import json
import os
import random
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from kseri.bots.arena import ArenaError, Interval, ProcessPlayer, format_result, run_arena

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, PYTHONPATH=str(ROOT))


def test_duplicate_deals_smoke() -> None:
    result = run_arena("medium", "easy", rounds=4, seed=3)
    assert result.deals == 4 and len(result.diffs) == 4
    assert all(len(times) == 4 * 48 for times in result.think_ms)  # 2 seatings x 24 moves x 4 deals
    assert run_arena("medium", "easy", rounds=4, seed=3).diffs == result.diffs  # reproducible
    text = format_result(result)
    assert "points per round, A minus B" in text and "95% CI" in text
    data = result.to_json()
    assert data["rounds"] == 8 and set(data["think"]) == {"a", "b"}


def test_a_bot_against_itself_is_even_on_duplicate_deals() -> None:
    result = run_arena("easy", "easy", rounds=3, seed=1)
    # Same bot, same deals, same bot random seeds per seat order are not shared, so only
    # the sign convention is checked: the interval is finite and contains the mean.
    p = result.points
    assert p.low <= p.mean <= p.high


def test_matches_give_a_win_rate() -> None:
    result = run_arena("medium", "easy", rounds=1, seed=2, matches=1)
    rate = result.match_win_rate
    assert rate is not None and 0.0 <= rate.mean <= 1.0
    assert result.match_rounds >= 2


def test_protocol_process_as_a_player() -> None:
    command = f"{sys.executable} -m kseri bot --level easy --seed 1"
    result = run_arena(command, "easy", rounds=1, seed=5)
    assert result.deals == 1 and len(result.think_ms[0]) == 48


def test_unknown_bot() -> None:
    with pytest.raises(ArenaError, match="unknown bot"):
        run_arena("grandmaster", "easy", rounds=1, seed=0)


def test_interval() -> None:
    iv = Interval.of([1.0, 2.0, 3.0])
    assert iv.mean == 2.0 and iv.low < 2.0 < iv.high


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kseri", "arena", *args], capture_output=True, text=True,
                          cwd=ROOT, env=ENV, timeout=120)


def test_cli_human_and_json() -> None:
    out = run_cli("medium", "easy", "--rounds", "2", "--seed", "4")
    assert out.returncode == 0, out.stderr
    assert "points per round" in out.stdout and "think time" in out.stdout
    out = run_cli("medium", "easy", "--rounds", "2", "--seed", "4", "--json", "--matches")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["deals"] == 2 and "a_win_rate" in data["matches"]


def test_cli_bad_bot_is_one_line() -> None:
    out = run_cli("medium", "nonsense", "--rounds", "1")
    assert out.returncode != 0
    assert "nonsense" in out.stderr and "Traceback" not in out.stderr
    out = run_cli("medium", f"{sys.executable} -c pass", "--rounds", "1")
    assert out.returncode != 0 and "Traceback" not in out.stderr


def test_one_deal_has_no_interval_but_valid_json() -> None:
    result = run_arena("easy", "easy", rounds=1, seed=0, matches=1)
    assert "needs 2" in format_result(result)
    text = json.dumps(result.to_json(), allow_nan=False)  # strict JSON: no Infinity
    assert json.loads(text)["points_per_round"]["low"] is None


def test_sums_table_runs() -> None:
    from kseri.engine.rules import rules_from_spec

    result = run_arena("easy", "medium", rounds=1, seed=0, rules=rules_from_spec("sums"))
    assert result.deals == 1 and len(result.think_ms[0]) == 48


# -- hostile protocol bots (issue #10): one line, never a traceback --------------------------

BAD_BOTS = {
    "answers garbage": "import sys\nfor line in sys.stdin: print('hello', flush=True)",
    "dies with a traceback": "import sys\nsys.stdin.readline()\nraise ValueError('boom')",
    "exits at once": "pass",
    "answers a 5 MB line": "import sys\nsys.stdin.readline()\nsys.stdout.write('x' * 5_000_000)\nsys.stdout.flush()",
    "answers bytes that are not UTF-8": "import sys\nfor line in sys.stdin:\n"
                                        "    sys.stdout.buffer.write(b'\\xff\\xfe\\n'); sys.stdout.flush()",
    "answers a long error line": "import sys\nfor line in sys.stdin: print('error: ' + 'y' * 900, flush=True)",
    "answers a card it does not hold": "import sys\nfor line in sys.stdin: print('2C', flush=True)",
    "closes its output": "import os, sys\nos.close(1)\nsys.stdin.read()",
}


@pytest.mark.parametrize("name", sorted(BAD_BOTS))
def test_a_hostile_bot_is_one_line_error(name: str) -> None:
    command = f"{shlex.quote(sys.executable)} -c {shlex.quote(BAD_BOTS[name])}"
    with pytest.raises(ArenaError) as caught:
        run_arena(command, "easy", rounds=2, seed=1)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 400, message
    assert "Traceback" not in message
    if name == "dies with a traceback":
        assert "boom" in message and "exit status 1" in message


def test_a_silent_bot_times_out() -> None:
    from kseri import Observation, Round
    from kseri.engine.rules import GREEK

    player = ProcessPlayer(f"{shlex.quote(sys.executable)} -c 'import sys\nfor line in sys.stdin: pass'",
                           timeout=0.5)
    obs = Observation.from_round(Round.deal(GREEK, dealer=1, rng=random.Random(1)), seat=0)
    try:
        with pytest.raises(ArenaError, match=r"did not answer within 0\.5 s"):
            player.play(obs, random.Random(0))
    finally:
        player.close()


def test_cli_hostile_bot_and_hostile_rules_are_one_line() -> None:
    crash = f"{shlex.quote(sys.executable)} -c {shlex.quote(BAD_BOTS['dies with a traceback'])}"
    for args in ((crash, "easy"), ("easy", "medium", "--rules", '{"profile": "greek", "target": ' + "9" * 5000 + "}"),
                 ("easy", "medium", "--rules", "[" * 5000)):
        out = run_cli(*args, "--rounds", "1")
        assert out.returncode == 1, out
        assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr, out.stderr


def test_a_failing_bot_is_named_with_the_deal_play_and_seat_it_failed_at() -> None:
    """Its author can replay the position: the deal of the seed's series, A's side, the play and the seat."""
    command = f"{shlex.quote(sys.executable)} -c {shlex.quote(BAD_BOTS['answers a card it does not hold'])}"
    with pytest.raises(ArenaError) as caught:
        run_arena(command, "easy", rounds=1, seed=1, first=3)
    assert str(caught.value).startswith("deal 3 (A on side 0), play "), caught.value
    assert "(seat " in str(caught.value) and "played an illegal move" in str(caught.value)


def test_a_sums_answer_that_is_no_move_says_why() -> None:
    """'7h : 3c' is notation, but names a card that is not on the table: the reason is given, not only 'not a play'."""
    bot = "import sys\nfor line in sys.stdin: print('7h : 3c', flush=True)"
    from kseri.engine.rules import SUMS
    with pytest.raises(ArenaError) as caught:
        run_arena(f"{shlex.quote(sys.executable)} -c {shlex.quote(bot)}", "easy", rounds=1, seed=1, rules=SUMS)
    message = str(caught.value)
    assert "answered '7h : 3c', not a play (" in message and message.endswith(")"), message


def test_cli_timeout_and_rules_errors_say_rules_as_replay_does() -> None:
    silent = f"{shlex.quote(sys.executable)} -c {shlex.quote('import sys; sys.stdin.read()')}"
    out = run_cli(silent, "easy", "--rounds", "1", "--timeout", "1")
    assert out.returncode == 1 and out.stderr.strip().endswith("did not answer within 1 s"), out.stderr
    assert out.stderr.startswith("kseri arena: deal 0 (A on side 0), play "), out.stderr
    out = run_cli("easy", "medium", "--rules", '{"profile": "greek", "target": 0}', "--rounds", "1")
    assert out.returncode == 1 and out.stderr.startswith("kseri arena: rules: target must be"), out.stderr
    out = run_cli("easy", "medium", "--timeout", "0")
    assert out.returncode == 2 and "--timeout" in out.stderr, out.stderr
