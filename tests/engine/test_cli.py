"""``python -m kseri`` against hostile input (issue #10): one line on stderr, never a traceback.

The reproducers run the real command in a subprocess; the property tests call
:func:`kseri.cli.main` in-process with the input on a fake standard input.
"""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kseri.cli import main
from kseri.engine.match import Match
from kseri.engine.record import dumps
from kseri.engine.rules import PISTI

from .test_hostile import json_values, records

DEEP = 8000


def run(*args: str, stdin: bytes = b"", timeout: float = 60) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "kseri", *args], input=stdin, capture_output=True,
                          timeout=timeout, check=False)


def one_error_line(result: subprocess.CompletedProcess[bytes], status: int = 1) -> str:
    """The single stderr line of a failed command (and nothing on stdout)."""
    err = result.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err, err
    assert result.returncode == status, err
    assert result.stdout == b"", result.stdout[:200]
    lines = err.splitlines()
    assert len(lines) == 1 and err.endswith("\n"), err
    assert len(lines[0]) <= 400, lines[0][:500]
    return lines[0]


def greek_round_record() -> str:
    rng = random.Random(3)
    match = Match.new(rng=rng, first_dealer=0)
    while not match.round.is_terminal():
        match.play(rng.choice(match.round.legal_moves()))
    return dumps(match)


# --------------------------------------------------------------------------- replay: the reproducers

@pytest.mark.parametrize("stdin, message", [
    (b'{"format":"kseri-record/1","rules":"greek","first_dealer":' + b"1" * 5000 + b',"rounds":[]}',
     "kseri replay: record: a number with more than 30 digits"),
    (b"1" * 5000, "kseri replay: record: a number with more than 30 digits"),
    (b"[" * DEEP + b"]" * DEEP, "kseri replay: record: nested more than 64 levels deep"),
    (b'{"a":' * DEEP + b"1" + b"}" * DEEP, "kseri replay: record: nested more than 64 levels deep"),
    (b'{"format":"kseri-record/1","first_dealer":0,"rounds":[],"x":1e999}',
     "kseri replay: record: a number out of range (1e999)"),
    (b'{"format":"kseri-record/1","first_dealer":NaN,"rounds":[]}',
     "kseri replay: record: NaN is not a number JSON allows"),
    (b"", "kseri replay: record: not JSON (Expecting value at line 1 column 1)"),
    (b"\xff\xfe{}", "kseri replay: record: not UTF-8 text"),
    (b"[]", "kseri replay: a record must be a JSON object"),
    (b'{"format":"kseri-record/1","rules":{"profile":"greek","players":3,"packet_size":17,"opening_size":1},'
     b'"first_dealer":0,"rounds":[{"deck":[],"plays":[]}]}',
     "kseri replay: rules: opening_size 1 is too small for opening_redeal 'top' (it checks the top card and the "
     "one under it: at least 2)"),
    (b'{"format":"kseri-record/1","rules":{"profile":"fourcard","packet_size":24},"first_dealer":0,"rounds":[]}',
     "kseri replay: rules: packet_size 24 with opening_size 4 leaves a stock of 0 cards, too few for "
     "opening_redeal 'jacks' (at least 8 to replace opening jacks from)"),
    (b'{"format":"kseri-record/1","rules":{"profile":"greek","exposed_bottom":null},"first_dealer":0,"rounds":[]}',
     "kseri replay: rules: exposed_bottom must be true or false, got null"),
    (b'{"format":"kseri-record/1","rules":{"profile":"sums","opening_redeal":"top"},"first_dealer":0,"rounds":[]}',
     "kseri replay: rules: opening_redeal 'top' has no effect at the sums table (leave it out or give 'none')"),
    (b'{"format":"' + b"x" * 1_000_000 + b'"}',
     "kseri replay: format: expected 'kseri-record/1', got 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"),
    (b'{"format":"kseri-record/1","first_dealer":0,"rounds":[{"deck":["' + b"Q" * 1_000_000 + b'"]}]}',
     "kseri replay: round 0: deck card 0: not a card code: 'QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ… "
     "(expected e.g. 10D, JS, 2C, AH)"),
    (b" " * 8_000_001, "kseri replay: record: more than 8,000,000 bytes is too long"),
], ids=lambda value: value[:30].decode("ascii", "replace") if isinstance(value, bytes) else None)
def test_replay_of_hostile_input_is_one_line(stdin, message):
    assert one_error_line(run("replay", "-", stdin=stdin)) == message


def test_replay_of_a_record_with_no_rounds_is_an_empty_game():
    result = run("replay", "-", stdin=b'{"format":"kseri-record/1","rules":"pisti","first_dealer":1,"rounds":[]}')
    assert result.returncode == 0 and result.stderr == b""
    assert json.loads(result.stdout) == {"rounds": [], "totals": [0, 0], "target": 101, "winner": None}


def test_replay_reads_a_byte_order_mark_and_a_file(tmp_path):
    record = greek_round_record()
    result = run("replay", "-", stdin=b"\xef\xbb\xbf" + record.encode())
    assert result.returncode == 0, result.stderr
    path = tmp_path / "game.json"
    path.write_text(record, encoding="utf-8")
    assert run("replay", str(path)).stdout == result.stdout
    assert one_error_line(run("replay", str(tmp_path))) == f"kseri replay: cannot read {tmp_path}: Is a directory"


# --------------------------------------------------------------------------- simulate and the command line

@pytest.mark.parametrize("rules, message", [
    ('{"profile":"fourcard","packet_size":24}', "rules: packet_size 24 with opening_size 4 leaves a stock of 0"),
    ('{"profile":"greek","packet_size":25,"opening_size":2}', "rules: packet_size 25 leaves 2 cards outside"),
    ('{"profile":"greek","rank_points":[1e999]}', "rules: a number out of range (1e999)"),
    ('{"profile":"greek","rank_points":[' + "1" * 400 + "]}", "rules: a number with more than 30 digits"),
    ('{"profile":"greek","rank_points":[-1,0,0,0,0,0,0,0,0,0,0,0,0]}', "rules: rank_points: the entry for A must"),
    ("{" * DEEP, "rules: nested more than 64 levels deep"),
    ('{"profile":"greek",', "rules: not JSON"),
    ("poker", "rules: unknown rules profile 'poker' (known: greek, fourcard, pisti, sums)"),
])
def test_simulate_with_rules_that_never_deal_returns_at_once(rules, message):
    # run()'s timeout bounds it: a rules object that never deals must not loop (no clock asserted here)
    line = one_error_line(run("simulate", "--seed", "1", "--rules", rules, timeout=30))
    assert line.startswith("kseri simulate: " + message), line


def test_simulate_odd_but_valid_rules():
    result = run("simulate", "--games", "3", "--seed", "36", "--rules",
                 '{"profile":"greek","packet_size":23,"opening_size":6,"target":20}')
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["games"] == 3
    three = run("simulate", "--games", "2", "--rules", '{"profile":"fourcard","players":3,"target":30}')
    assert three.returncode == 0, three.stderr
    assert len(json.loads(three.stdout)["wins"]) == 3


@pytest.mark.parametrize("args", [
    ("simulate", "--games", "0"), ("simulate", "--games", "1" * 5000), ("simulate", "--seed", "x"),
    ("replay",), ("nonsense",), ("arena", "easy", "easy", "--rounds", "-1"),
])
def test_a_bad_command_line_is_argparse_one_line(args):
    line = one_error_line(run(*args), status=2)
    assert line.startswith("python -m kseri"), line


# --------------------------------------------------------------------------- in-process: any input, no traceback

def replay_in_process(data: bytes, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    status = main(["replay", "-"])
    out, err = capsys.readouterr()
    if status == 0:
        assert err == "" and set(json.loads(out)) == {"rounds", "totals", "target", "winner"}
    else:
        assert status == 1, err  # a known problem, not an internal error
        assert out == "" and len(err.splitlines()) == 1 and err.startswith("kseri replay: "), err


PROPERTY = settings(max_examples=200, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@PROPERTY
@given(records)
def test_replay_of_any_record_shaped_json_is_a_summary_or_one_line(monkeypatch, capsys, record):
    replay_in_process(json.dumps(record).encode(), monkeypatch, capsys)


@PROPERTY
@given(json_values | st.binary(max_size=80) | st.text(max_size=80))
def test_replay_of_any_text_is_a_summary_or_one_line(monkeypatch, capsys, value: Any):
    data = value if isinstance(value, bytes) else (value if isinstance(value, str) else json.dumps(value)).encode()
    replay_in_process(data, monkeypatch, capsys)


def test_an_unexpected_exception_is_one_line_with_status_2(monkeypatch, capsys):
    import kseri.engine.record as record

    def broken(text: object) -> None:
        raise AssertionError("a bug\nwith a second line")

    monkeypatch.setattr(record, "loads", broken)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"{}"), encoding="utf-8"))
    assert main(["replay", "-"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == "kseri replay: internal error: AssertionError: a bug\n"


def test_simulate_in_process_uses_the_rules_text(capsys):
    assert main(["simulate", "--games", "1", "--rules", json.dumps(PISTI.to_spec())]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 1


def test_replay_of_a_file_names_it_and_a_bad_deck_names_the_cards(tmp_path):
    """A tool checking many files learns which one failed; a deck with a card twice says which, and which is
    missing."""
    data = json.loads(greek_round_record())
    deck = data["rounds"][0]["deck"]
    lost = deck[1]
    deck[1] = deck[0]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    message = one_error_line(run("replay", "-", stdin=path.read_bytes()))
    assert message.startswith("kseri replay: round 0: deck is not a permutation of the 52-card pack: "), message
    assert f"{deck[0]} twice" in message and f"{lost} missing" in message
    assert one_error_line(run("replay", str(path))) == message.replace("kseri replay: ", f"kseri replay: {path}: ")
    del data["first_dealer"]
    assert one_error_line(run("replay", "-", stdin=json.dumps(data).encode())) == \
        "kseri replay: first_dealer: missing (the seat that dealt round 0, 0 to 1)"


def test_simulate_writes_records_that_replay_gives_the_same_scores(tmp_path):
    """Sample records for a third party's tool: one a line, each one replay reads, with the match's own result."""
    path = tmp_path / "pisti.jsonl"
    result = run("simulate", "--games", "3", "--seed", "4", "--rules", '{"profile": "pisti", "players": 4}',
                 "--records", str(path))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["games"] == 3
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3
    for line in lines:
        replayed = run("replay", "-", stdin=line.encode())
        assert replayed.returncode == 0, replayed.stderr
        assert json.loads(replayed.stdout)["winner"] is not None  # every match was played to its end
    assert one_error_line(run("simulate", "--games", "1", "--records", str(tmp_path / "no" / "x.jsonl"))) == \
        f"kseri simulate: cannot write {tmp_path / 'no' / 'x.jsonl'}: No such file or directory"
