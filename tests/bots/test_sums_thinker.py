"""The sums table's bots play whole rounds from one seat's observation alone."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kseri.bots.base import BotError
from kseri.bots.play import choose
from kseri.bots.sums.thinker import SumsThinker
from kseri.engine.rules import SUMS
from kseri.engine.sums.observation import SumsObservation, SumsObservationError
from kseri.engine.sums.round import SumsRound


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), level=st.sampled_from(["easy", "medium"]))  # hard: test_sums_levels
def test_a_whole_round_between_bots_is_legal_and_the_view_matches(seed: int, level: str) -> None:
    rng = random.Random(seed)
    state = SumsRound.deal(SUMS, seed % 2, rng)
    while not state.is_terminal():
        obs = SumsObservation.from_round(state, seat=state.to_move)
        assert obs.public_round().pile == state.pile
        assert SumsObservation.from_json(obs.to_json()) == obs
        move = choose(level, obs, rng)
        assert move in state.legal_moves()
        state.apply(move)
    assert sum(state.counts) == 52


def test_a_seat_not_to_move_is_refused() -> None:
    state = SumsRound.deal(SUMS, 0, random.Random(2))
    obs = SumsObservation.from_round(state, seat=0)  # seat 1 leads
    with pytest.raises(BotError, match="turn"):
        SumsThinker("medium", obs, random.Random(0))


def test_exact_values_cover_every_legal_move() -> None:
    state = SumsRound.deal(SUMS, 1, random.Random(5))
    obs = SumsObservation.from_round(state, seat=0)
    think = SumsThinker("hard", obs, random.Random(0), exact=True)
    think.run()
    values = think.values()
    assert values is not None and set(values) == set(state.legal_moves())


@pytest.mark.parametrize(("change", "message"), [
    ({"plays": ["ZZ"]}, "plays"),
    ({"hand": ["7H"]}, "should hold"),
    ({"seat": 5}, "not a seat"),
    ({"rules": "greek"}, "not the sums table"),
])
def test_bad_observations_get_one_line_errors(change: dict[str, object], message: str) -> None:
    state = SumsRound.deal(SUMS, 1, random.Random(5))
    data = {**SumsObservation.from_round(state, seat=0).to_json(), **change}
    with pytest.raises(SumsObservationError, match=message) as caught:
        SumsObservation.from_json(data)
    assert "\n" not in str(caught.value)
