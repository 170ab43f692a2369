"""The sums table's levels: legal at every step, reproducible, independent of slicing."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kseri.bots.sums.search import SumsSearchParams
from kseri.bots.sums.thinker import SumsThinker
from kseri.engine.rules import SUMS
from kseri.engine.sums.observation import SumsObservation
from kseri.engine.sums.round import SumsRound

QUICK = SumsSearchParams(budget=300, min_samples=2, max_samples=4)
"""A small search: the same code as ``hard``'s, at a fraction of the cost."""


def play_round(levels: tuple[str, str], seed: int, search: SumsSearchParams | None = QUICK) -> SumsRound:
    """A whole round between two levels, every move checked against the engine's legal moves."""
    rng = random.Random(seed)
    state = SumsRound.deal(SUMS, seed % 2, rng)
    while not state.is_terminal():
        obs = SumsObservation.from_round(state, seat=state.to_move)
        move = SumsThinker(levels[state.to_move], obs, rng, search=search).run()
        assert move in state.legal_moves()
        state.apply(move)
    return state


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 100_000), levels=st.tuples(*[st.sampled_from(["easy", "medium", "hard"])] * 2))
def test_every_level_plays_legally_through_whole_rounds(seed: int, levels: tuple[str, str]) -> None:
    state = play_round(levels, seed)
    assert sum(state.counts) == 52


def test_the_default_hard_search_plays_a_whole_round_legally() -> None:
    state = play_round(("hard", "medium"), 5, search=None)
    assert sum(state.counts) == 52


def test_a_round_is_reproducible_from_its_seed() -> None:
    first = play_round(("hard", "medium"), 11)
    again = play_round(("hard", "medium"), 11)
    assert first.plays == again.plays


def test_the_default_hard_search_plays_a_legal_move_late_in_a_round() -> None:
    state = SumsRound.deal(SUMS, 0, random.Random(3))
    rng = random.Random(4)
    while state.next_card < 52:  # on to the last packet: the default search is quick there
        state.apply(SumsThinker("medium", SumsObservation.from_round(state, seat=state.to_move), rng).run())
    obs = SumsObservation.from_round(state, seat=state.to_move)
    assert SumsThinker("hard", obs, random.Random(1)).run() in state.legal_moves()


def _position(seed: int, plays: int) -> SumsObservation:
    rng = random.Random(seed)
    state = SumsRound.deal(SUMS, seed % 2, rng)
    for _ in range(plays):
        state.apply(rng.choice(state.legal_moves()))
    return SumsObservation.from_round(state, seat=state.to_move)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 100_000), plays=st.integers(0, 40), slice_ms=st.sampled_from([0.0, 0.5, 3.0]))
def test_the_move_and_values_do_not_depend_on_slicing(seed: int, plays: int, slice_ms: float) -> None:
    obs = _position(seed, plays)
    whole = SumsThinker("hard", obs, random.Random(seed), exact=True, search=QUICK)
    whole.run()
    sliced = SumsThinker("hard", obs, random.Random(seed), exact=True, search=QUICK)
    steps = 0
    while not sliced.step(max_ms=slice_ms):
        steps += 1
    assert sliced.choice() == whole.choice()
    assert sliced.values() == whole.values()
    assert sliced.units == whole.units
    if slice_ms == 0.0 and whole.units > 1:
        assert steps == whole.units  # one unit of work a slice, then a last call that finds the end


def test_exact_values_rank_the_obvious_capture_first() -> None:
    from kseri.engine.sums.round import _demo_deck

    obs = SumsObservation.from_round(SumsRound.from_deck(SUMS, 1, _demo_deck()), seat=0)
    for level in ("medium", "hard"):
        think = SumsThinker(level, obs, random.Random(0), exact=True)
        think.run()
        values = think.values()
        assert values is not None and set(values) == set(obs.legal_moves())
        assert str(think.choice()) == "7H:3C+4D"


def test_easy_is_noisy_and_medium_is_not() -> None:
    obs = _position(5, 10)
    easy = {str(SumsThinker("easy", obs, random.Random(s)).run()) for s in range(30)}
    medium = {str(SumsThinker("medium", obs, random.Random(s)).run()) for s in range(30)}
    assert len(medium) == 1
    assert len(easy) >= 1
