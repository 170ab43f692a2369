"""``kseri-bot/1`` at the sums table: a SumsObservation line in, a move in record notation out."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest

from kseri.bots.protocol import answer, serve
from kseri.engine.cards import CODES
from kseri.engine.rules import SUMS
from kseri.engine.sums.observation import SumsObservation
from kseri.engine.sums.round import SumsRound
from tests.bots.botproc import BotProcess


def observation(seed: int = 21, plays: int = 0) -> dict[str, Any]:
    rng = random.Random(seed)
    state = SumsRound.deal(SUMS, 1, rng)
    for _ in range(plays):
        state.apply(rng.choice(state.legal_moves()))
    return SumsObservation.from_round(state, seat=state.to_move, totals=(12, 20)).to_json()


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_whole_round_through_the_protocol(level: str) -> None:
    state = SumsRound.deal(SUMS, 0, random.Random(8))
    rng = random.Random(1)
    out = io.StringIO()
    lines = []
    while not state.is_terminal():
        line = json.dumps(SumsObservation.from_round(state, seat=state.to_move).to_json())
        reply = answer(line, level if level != "hard" or state.next_card == 52 else "medium", rng)
        assert not reply.startswith("error"), reply
        state.apply(reply)  # the record notation of a legal move
        lines.append(line)
    assert sum(state.counts) == 52
    serve(io.StringIO("\n".join(lines[-3:]) + "\n"), out, level=level, seed=3)
    assert len(out.getvalue().splitlines()) == 3


def test_the_answer_is_record_notation_and_seeded() -> None:
    line = json.dumps(observation(4, 9))
    obs = SumsObservation.from_json(json.loads(line))
    replies = set()
    for _ in range(2):
        out = io.StringIO()
        serve(io.StringIO(line + "\n"), out, level="hard", seed=42)
        replies.add(out.getvalue().strip())
    assert len(replies) == 1
    reply = replies.pop()
    assert obs.public_round().parse_move(reply) in obs.legal_moves()
    assert str(obs.public_round().parse_move(reply)) == reply


def test_malformed_sums_lines_get_one_error_line_each() -> None:
    good = observation(5, 7)
    hidden = [CODES[c] for c in SumsObservation.from_json(good).unseen()]
    cases = [
        (dict(good, hand=[*good["hand"][:-1], "11X"]), "11X"),
        (dict(good, hand=good["hand"][:-1]), "should hold"),
        (dict(good, seat=1 - good["seat"]), "seat"),
        (dict(good, plays=["ZZ"]), "plays"),
        (dict(good, plays=[*good["plays"][:-1], f"{hidden[0]}:{hidden[1]}"]), "capture must name"),
        (dict(good, table=["2C"]), "table"),
        (dict(good, stock=3), "stock"),
        (dict(good, totals=[1]), "totals"),
        ({k: v for k, v in good.items() if k != "opening"}, "opening"),
        (dict(good, rules={"profile": "sums", "players": 9}), "players"),
        (dict(good, bottom="3D"), "bottom: the sums table has no exposed bottom card"),
    ]
    for data, words in cases:
        reply = answer(json.dumps(data), "medium", random.Random(0))
        assert reply.startswith("error:") and "\n" not in reply, (data, reply)
        assert words in reply, (words, reply)
    assert not answer(json.dumps(good), "medium", random.Random(0)).startswith("error")


def test_the_bot_process_answers_a_sums_line_and_reads_on() -> None:
    bot = BotProcess("--level", "medium", "--seed", "1")
    good = observation(6, 3)
    try:
        first = bot.ask(json.dumps(good))
        assert bot.ask("not json").startswith("error:")
        assert bot.ask(json.dumps(dict(good, hand=[]))).startswith("error:")
        assert bot.ask(json.dumps(good)) == first
    finally:
        assert bot.finish()[0] == 0
    obs = SumsObservation.from_json(good)
    assert obs.public_round().parse_move(first) in obs.legal_moves()


def test_a_play_that_is_no_card_is_named_by_its_index() -> None:
    good = observation(5, 7)
    plays = [*good["plays"][:3], "!!", *good["plays"][4:]]
    reply = answer(json.dumps(dict(good, plays=plays)), "medium", random.Random(0))
    assert reply.startswith("error: plays: play 3 '!!': not a card code"), reply
