"""The search's model of a sums round plays exactly as the engine does."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kseri.bots.sums.rollout import choose_turn, play_out
from kseri.bots.sums.sim import SimRound
from kseri.engine.rules import SUMS, rules_from_spec
from kseri.engine.scoring import score_round
from kseri.engine.sums.round import SumsRound


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 1_000_000), last_card_kseri=st.booleans())
def test_model_follows_the_engine_move_for_move(seed: int, last_card_kseri: bool) -> None:
    rules = rules_from_spec({"profile": "sums", "last_card_kseri": last_card_kseri})
    rng = random.Random(seed)
    state = SumsRound.deal(rules, seed % 2, rng)
    sim = SimRound.from_round(state)
    while not state.is_terminal():
        move = rng.choice(state.legal_moves())
        state.apply_move(move)
        sim.play(move)
        assert [list(h) for h in sim.hands] == [list(h) for h in state.hands]
        assert [item[2] for item in sim.table] == [item.cards for item in state.table]
        assert [item[3] for item in sim.table] == [-1 if item.owner is None else item.owner for item in state.table]
    assert sim.done and sim.counts == state.counts
    points = score_round(state).points
    assert sim.team_points() == list(points)
    assert sim.difference(0) == points[0] - points[1]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 1_000_000))
def test_the_play_out_policy_makes_only_legal_moves(seed: int) -> None:
    rng = random.Random(seed)
    state = SumsRound.deal(SUMS, seed % 2, rng)
    while not state.is_terminal():
        sim = SimRound.from_round(state)
        move = sim.engine_move(*choose_turn(sim))
        assert move in state.legal_moves()
        state.apply_move(move)


def test_a_play_out_ends_the_round_and_counts_every_card() -> None:
    sim = SimRound.from_round(SumsRound.deal(SUMS, 0, random.Random(9)))
    copy = sim.copy()
    assert play_out(sim) == 48 and sim.done and sum(sim.counts) == 52
    assert not copy.done and sum(copy.counts) == 0  # the copy is untouched
