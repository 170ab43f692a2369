"""The sums search's parts: the sampled deals, the exact last packet, shards of the arena."""

from __future__ import annotations

import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kseri.bots.arena import run_arena
from kseri.bots.sums.endgame import legal_turns, solve_values
from kseri.bots.sums.search import _deal_hidden
from kseri.bots.sums.sim import VALUE, SimRound
from kseri.bots.thinking import finish
from kseri.engine.rules import SUMS
from kseri.engine.sums.observation import SumsObservation
from kseri.engine.sums.round import SumsRound


def _minimax(sim: SimRound, team: int) -> float:
    """Plain minimax, no pruning: the oracle for the solver."""
    if not sim.hands[sim.to_move]:
        return sim.difference(team)
    values = []
    for turn in legal_turns(sim):
        child = sim.copy()
        child.take_turn(turn)
        values.append(_minimax(child, team))
    return max(values) if sim.team_of[sim.to_move] == team else min(values)


def _last_packet(seed: int, cards: int) -> SumsRound:
    rng = random.Random(seed)
    state = SumsRound.deal(SUMS, seed % 2, rng)
    while state.next_card < 52 or sum(map(len, state.hands)) > cards:
        state.apply_move(rng.choice(state.legal_moves()))
    return state


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 100_000), cards=st.integers(1, 5))
def test_the_exact_solve_matches_plain_minimax(seed: int, cards: int) -> None:
    state = _last_packet(seed, cards)
    sim = SimRound.from_round(state)
    solved = finish(solve_values(sim, 100_000))
    assert solved is not None
    assert {sim.engine_move(*turn) for turn, _ in solved} == set(state.legal_moves())
    team = sim.team_of[sim.to_move]
    best = -math.inf
    for turn, value in solved:
        child = sim.copy()
        child.take_turn(turn)
        assert value == _minimax(child, team)
        best = max(best, value)
    quick = finish(solve_values(sim, 100_000, exact=False))
    assert quick is not None
    assert max(v for _, v in quick) == best


def test_the_solve_gives_up_past_its_budget() -> None:
    sim = SimRound.from_round(_last_packet(3, 12))
    assert finish(solve_values(sim, 50)) is None


def test_sampled_deals_keep_what_the_seat_sees_and_back_the_opponents_build() -> None:
    rng = random.Random(1)
    for seed in range(300):
        state = SumsRound.deal(SUMS, seed % 2, random.Random(seed))
        while not state.is_terminal():
            builds = [m for m in state.legal_moves() if m.kind == "build"]
            state.apply_move(builds[0] if builds else rng.choice(state.legal_moves()))
            owned = [item for item in state.table if item.owner is not None and item.owner != state.to_move]
            if owned and state.hands[state.to_move] and state.next_card < 52:
                obs = SumsObservation.from_round(state, seat=state.to_move)
                base = SimRound.from_round(obs.public_round())
                deal = _deal_hidden(base, obs.seat, obs.unseen(), rng)
                other = 1 - obs.seat
                assert deal.hands[obs.seat] == list(state.hands[obs.seat])
                assert deal.table == base.table
                assert sorted(deal.hands[other] + deal.stock) == sorted(obs.unseen())
                for item in owned:
                    backed = any(VALUE[c] == item.value for c in obs.unseen())
                    assert not backed or any(VALUE[c] == item.value for c in deal.hands[other])
                return
    raise AssertionError("no position with the opponent's build found")


def test_arena_shards_are_the_one_run() -> None:
    whole = run_arena("medium", "easy", rounds=4, seed=3, rules=SUMS)
    parts = [run_arena("medium", "easy", rounds=2, seed=3, rules=SUMS, first=first) for first in (0, 2)]
    assert parts[0].diffs + parts[1].diffs == whole.diffs
    assert parts[1].to_json()["first_deal"] == 2
