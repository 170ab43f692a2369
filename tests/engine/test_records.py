"""kseri-record/1 and `python -m kseri replay`: output and every bad-input class."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from kseri import Match, RecordError, dumps, loads, summary, to_record

from .test_properties import random_match


def run_replay(text: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kseri", "replay", "-"], input=text,
                          capture_output=True, text=True, timeout=60)


@pytest.fixture(scope="module")
def finished() -> dict:
    match = random_match(7)
    assert match.is_over
    return to_record(match)


def test_record_layout_matches_the_interface():
    match = Match.new(rng=random.Random(1), first_dealer=1)
    record = to_record(match)
    assert record["format"] == "kseri-record/1" and record["rules"] == "greek"
    assert record["first_dealer"] == 1
    deck = record["rounds"][0]["deck"]
    assert len(deck) == 52 and record["rounds"][0]["plays"] == []
    state = match.round
    assert deck[0:6] == [c.code for c in state.hand(0)]
    assert deck[6:12] == [c.code for c in state.hand(1)]
    assert deck[12:16] == [c.code for c in state.pile_cards()]


def test_replay_prints_the_summary(finished):
    result = run_replay(json.dumps(finished))
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert set(out) >= {"rounds", "totals", "target", "winner"}
    first = out["rounds"][0]
    assert set(first) >= {"dealer", "cards", "kseris", "points"}
    assert first["dealer"] == finished["first_dealer"]
    assert sum(first["cards"]) == 52
    assert out["winner"] in (0, 1)
    assert out["totals"] == [sum(r["points"][s] for r in out["rounds"]) for s in (0, 1)]


def test_unfinished_last_round_is_a_saved_game():
    match = Match.new(rng=random.Random(3), first_dealer=0)
    for _ in range(5):
        match.play(match.round.legal_moves()[0])
    out = json.loads(run_replay(dumps(match)).stdout)
    assert out == {"rounds": [], "totals": [0, 0], "target": 151, "winner": None}


def _bad(record: dict | str, match: str) -> None:
    text = record if isinstance(record, str) else json.dumps(record)
    with pytest.raises(RecordError, match=match):
        loads(text)
    result = run_replay(text)
    assert result.returncode != 0 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert lines[0].startswith("kseri replay: ")


def _copy(record: dict) -> dict:
    return json.loads(json.dumps(record))


def test_not_json():
    _bad("{nope", "not JSON")


def test_wrong_format(finished):
    record = _copy(finished)
    record["format"] = "kseri-record/2"
    _bad(record, "format")


def test_unknown_profile_and_option(finished):
    record = _copy(finished)
    record["rules"] = "texas"
    _bad(record, "unknown rules profile 'texas'")
    record["rules"] = {"profile": "greek", "wild_twos": True}
    _bad(record, "unknown rules option 'wild_twos'")
    record["rules"] = {"profile": "greek", "target": "lots"}
    _bad(record, "target")


def test_deck_not_a_permutation(finished):
    record = _copy(finished)
    record["rounds"][1]["deck"][5] = record["rounds"][1]["deck"][6]
    _bad(record, r"round 1: deck is not a permutation")
    record = _copy(finished)
    record["rounds"][0]["deck"][3] = "11X"
    _bad(record, r"round 0: deck card 3: not a card code: '11X'")
    record = _copy(finished)
    record["rounds"][0]["deck"] = record["rounds"][0]["deck"][:51]
    _bad(record, r"round 0: deck is not a permutation")


def test_forbidden_opening(finished):
    record = _copy(finished)
    deck = record["rounds"][0]["deck"]
    jack = next(i for i, code in enumerate(deck) if code.startswith("J") and i != 15)
    deck[15], deck[jack] = deck[jack], deck[15]
    _bad(record, r"round 0: the rules forbid this opening pile")


def test_card_not_in_the_movers_hand(finished):
    record = _copy(finished)
    plays = record["rounds"][0]["plays"]
    plays[3] = plays[2]
    _bad(record, r"round 0, play 3: .* is not in seat \d's hand")


def test_plays_after_the_round_ended(finished):
    record = _copy(finished)
    record["rounds"][0]["plays"].append("AS")
    _bad(record, r"round 0, play 48: AS played after the round ended")


def test_rounds_after_the_match_was_won(finished):
    record = _copy(finished)
    record["rounds"].append(record["rounds"][0])
    _bad(record, rf"round {len(finished['rounds'])}: the match was already won")


def test_unfinished_round_followed_by_more(finished):
    record = _copy(finished)
    record["rounds"][0]["plays"] = record["rounds"][0]["plays"][:10]
    _bad(record, r"round 0: round is unfinished but more rounds follow")


def test_structural_garbage():
    _bad("[]", "must be a JSON object")
    _bad(json.dumps({"format": "kseri-record/1", "first_dealer": 5, "rounds": []}), "first_dealer")
    _bad(json.dumps({"format": "kseri-record/1", "first_dealer": 0, "rounds": {}}), "rounds")
    _bad(json.dumps({"format": "kseri-record/1", "first_dealer": 0, "rounds": [7]}), "round 0")


def test_missing_file_is_one_line():
    result = subprocess.run([sys.executable, "-m", "kseri", "replay", "/no/such/file.json"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1 and result.stderr.count("\n") == 1
    assert "cannot read /no/such/file.json" in result.stderr


def test_simulate_summary():
    result = subprocess.run([sys.executable, "-m", "kseri", "simulate", "--games", "20", "--seed", "3"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["games"] == 20 and sum(out["wins"]) == 20
    assert 20 <= out["points_per_round"] <= 60
    assert {"rounds_per_match", "kseris_per_round", "first_player_edge"} <= set(out)


def test_summary_points_breakdown_adds_up(finished):
    match = loads(json.dumps(finished))
    for entry in summary(match)["rounds"]:
        for side in entry["breakdown"]:
            parts = sum(v for k, v in side.items() if k not in ("cards", "kseris", "jack_kseris", "total"))
            assert parts == side["total"]
