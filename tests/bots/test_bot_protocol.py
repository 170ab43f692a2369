"""``python -m kseri bot``: the kseri-bot/1 protocol through a real process."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from kseri import Observation, Round
from kseri.engine.rules import GREEK

ROOT = Path(__file__).resolve().parents[2]


def start(*args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", "kseri", "bot", *args], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env)


def ask(proc: subprocess.Popen[str], line: str) -> str:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(line + "\n")
    proc.stdin.flush()  # the bot must answer before end of input: it flushes every line
    return proc.stdout.readline().rstrip("\n")


def finish(proc: subprocess.Popen[str]) -> tuple[int, str]:
    assert proc.stdin is not None and proc.stderr is not None
    proc.stdin.close()
    code = proc.wait(timeout=30)
    return code, proc.stderr.read()


def opening_observation() -> dict[str, Any]:
    state = Round.deal(GREEK, dealer=1, rng=random.Random(21))
    return Observation.from_round(state, seat=0).to_json()


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_plays_a_whole_round(level: str) -> None:
    proc = start("--level", level, "--seed", "5")
    state = Round.deal(GREEK, dealer=0, rng=random.Random(8))
    answers = 0
    while not state.is_terminal():
        obs = Observation.from_round(state, seat=state.to_move, totals=(12, 30), target=151)
        reply = ask(proc, json.dumps(obs.to_json()))
        assert not reply.startswith("error"), reply
        state.apply(reply)  # raises if the card is not in the mover's hand
        answers += 1
    assert answers == 48
    code, err = finish(proc)
    assert code == 0 and err == ""


def test_malformed_lines_get_one_error_line_each_and_the_bot_reads_on() -> None:
    proc = start("--level", "medium", "--seed", "1")
    good = opening_observation()
    bad_card = dict(good, hand=[*good["hand"][:-1], "11X"])
    short_hand = dict(good, hand=good["hand"][:-1])
    not_my_turn = dict(good, seat=1)
    duplicate = dict(good, hand=[*good["hand"][:-1], good["opening"][0]])
    cases = [
        ("this is not json", "not JSON"),
        ("[1, 2, 3]", "JSON object"),
        (json.dumps(bad_card), "11X"),
        (json.dumps(short_hand), "should hold 6 cards"),
        (json.dumps(not_my_turn), "seat"),
        (json.dumps(duplicate), "twice"),
        (json.dumps(dict(good, rules="poker")), "poker"),
        (json.dumps({k: v for k, v in good.items() if k != "hand"}), "hand"),
        (json.dumps(dict(good, pile=["2C"])), "pile"),
        ("", "empty line"),
    ]
    for line, words in cases:
        reply = ask(proc, line)
        assert reply.startswith("error:"), (line, reply)
        assert words in reply, (line, reply)
        assert "\n" not in reply
    assert ask(proc, json.dumps(good)) in good["hand"]  # still alive and well
    code, err = finish(proc)
    assert code == 0 and "Traceback" not in err


def test_not_its_turn_is_answered() -> None:
    # A valid observation of seat 1 while seat 0 is to move (and seat 1 holds its 6 cards).
    state = Round.deal(GREEK, dealer=1, rng=random.Random(3))
    obs = Observation.from_round(state, seat=1).to_json()
    proc = start("--level", "hard", "--seed", "1")
    reply = ask(proc, json.dumps(obs))
    assert reply.startswith("error:") and "turn" in reply
    assert finish(proc)[0] == 0


def test_same_seed_same_answers_and_eof_exits_zero() -> None:
    line = json.dumps(opening_observation())
    replies = []
    for _ in range(2):
        proc = start("--level", "hard", "--seed", "42")
        replies.append(ask(proc, line))
        assert finish(proc)[0] == 0
    assert replies[0] == replies[1]
    proc = start("--level", "easy")
    assert finish(proc) == (0, "")


def test_many_lines_at_once() -> None:
    line = json.dumps(opening_observation())
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-m", "kseri", "bot", "--level", "medium", "--seed", "3"],
                         input=f"{line}\nnope\n{line}\n", capture_output=True, text=True, cwd=ROOT, env=env,
                         timeout=60)
    lines = out.stdout.splitlines()
    assert out.returncode == 0 and len(lines) == 3
    assert lines[0] == lines[2] and lines[1].startswith("error:")


def test_unknown_level_fails_at_start() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-m", "kseri", "bot", "--level", "godlike"], input="",
                         capture_output=True, text=True, cwd=ROOT, env=env, timeout=60)
    assert out.returncode != 0
    assert "godlike" in out.stderr and "Traceback" not in out.stderr


def test_invalid_bytes_are_an_error_line() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-m", "kseri", "bot", "--level", "easy"], input=b"\xff\xfe{\n",
                         capture_output=True, cwd=ROOT, env=env, timeout=60)
    assert out.returncode == 0
    assert out.stdout.decode().startswith("error:")


def test_a_level_in_any_case_and_a_byte_order_mark_are_read_as_replay_and_the_url_read_them() -> None:
    line = json.dumps(opening_observation())
    proc = start("--level", "Easy", "--seed", "5")
    plain = ask(proc, line)
    marked = ask(proc, "\ufeff" + line)  # the same line, as an editor that writes a byte order mark saves it
    code, err = finish(proc)
    assert not plain.startswith("error") and marked == plain and code == 0 and err == "", (plain, marked, err)


def test_the_bottom_card_and_the_stock_say_what_is_wrong_with_them() -> None:
    from kseri.engine.rules import rules_from_spec
    rules = rules_from_spec({"profile": "greek", "exposed_bottom": True})
    state = Round.deal(rules, dealer=1, rng=random.Random(21))
    data = Observation.from_round(state, seat=0).to_json()
    proc = start("--level", "easy")
    assert ask(proc, json.dumps({**data, "bottom": "JH"})).startswith(
        "error: bottom card JH: a jack is never the exposed bottom card")
    assert ask(proc, json.dumps({**data, "stock": float(data["stock"])})) == \
        f"error: stock must be a whole number, got {float(data['stock'])!r}"
    finish(proc)
