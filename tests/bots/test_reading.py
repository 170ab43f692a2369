"""Two ways to read the other player's plays that ``expert`` can use: the soft model of its plays
(``ExpertParams.soft_reading``) and sampling the reading's hands by a Markov chain
(``ExpertParams.chain``)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kseri import Observation
from kseri.bots.pile.belief import SOFT_BEST_SHARE, Sampler, excluded_ranks, other_decisions, soft_chance
from kseri.bots.pile.tree import ExpertParams, expert_values
from kseri.bots.thinking import finish
from kseri.engine.cards import RANK_INDEX
from tests.bots.test_bots import medium_position as seat_after_medium
from tests.bots.test_bots import position

scores = st.lists(st.floats(-30.0, 30.0, allow_nan=False).map(lambda x: round(x, 2)), min_size=1, max_size=8)


@settings(max_examples=300, deadline=None)
@given(scores=scores, q=st.floats(0.0, 1.0), temperature=st.sampled_from([0.5, 1.0, 2.0, 4.0]),
       share=st.floats(0.3, 0.9))
def test_the_chances_of_the_cards_held_make_one(scores: list[float], q: float, temperature: float,
                                                share: float) -> None:
    """Whichever card was played, its chance is in [0, 1] (so it is also the sampler's weight),
    and the chances of all the cards held add up to 1: the model is a distribution over the plays."""
    chances = [soft_chance([*scores[:i], *scores[i + 1:], scores[i]], q, temperature, share)
               for i in range(len(scores))]
    assert all(0.0 <= c <= 1.0 + 1e-12 for c in chances)
    assert abs(sum(chances) - 1.0) < 1e-9


def test_a_near_best_card_is_read_as_likelier_than_a_poor_one() -> None:
    near, poor, best = (soft_chance(s, 0.7, 2.0, SOFT_BEST_SHARE[2.0])
                        for s in ([3.0, 1.0, 2.5], [3.0, 2.5, -4.0], [-4.0, 2.5, 3.0]))
    assert best > near > 10 * poor


@pytest.mark.parametrize("options", [{"soft": 2.0}, {"chain": 3}, {"chain": 8, "soft": 2.0}])
def test_samples_are_consistent_and_reproducible(options: dict[str, Any]) -> None:
    for seed in range(12):
        obs = position("greek" if seed % 2 else "pisti", seed, 3 + seed * 3)
        made = []
        for _ in range(2):
            sampler = Sampler(obs, random.Random(seed), excluded_ranks(obs), True,
                              exclude_many=True, read_many=True, **options)
            worlds = [sampler.sample(random.Random(k)) for k in range(3)]
            for world in worlds:
                assert Observation.from_round(world, seat=obs.seat, totals=obs.totals, target=obs.target) == obs
            made.append([world.hands for world in worlds])
        assert made[0] == made[1]


def test_expert_with_the_soft_reading_picks_a_card_in_hand() -> None:
    params = ExpertParams(iterations=96, valued_iterations=96, soft_reading=2.0)
    for seed, plays in ((3, 5), (8, 15)):
        obs = position("greek", seed, plays)
        values = finish(expert_values(obs, random.Random(1), params))
        assert values and set(values) <= set(obs.hand)


def medium_position(seed: int, plays: int) -> Observation:
    """Greek game, both seats ``medium``: plays that the reading explains sharply."""
    return seat_after_medium({"profile": "greek"}, seed, plays)


def rank_chances(sampler: Sampler, seat: int, draws: int) -> list[float]:
    """How often each rank is in ``seat``'s hand, over ``draws`` deals of ``sampler``."""
    counts = [0] * 13
    for j in range(draws):
        world = sampler.sample(random.Random(j))
        for rank in {RANK_INDEX[c] for c in world.hands[seat]}:
            counts[rank] += 1
    return [n / draws for n in counts]


@pytest.mark.parametrize(("seed", "plays"), [(2, 9), (5, 10), (11, 21)])
def test_the_chain_samples_the_readings_own_law(seed: int, plays: int) -> None:
    """The chain's deals give each rank about the chance that rejection sampling with tries enough
    never to give up gives it (the reading's own law)."""
    obs = medium_position(seed, plays)
    assert len(other_decisions(obs)) >= 3
    excluded = excluded_ranks(obs)
    other = 1 - obs.seat
    exact = rank_chances(Sampler(obs, random.Random(1), excluded, True, attempts=100_000), other, 500)
    chain = rank_chances(Sampler(obs, random.Random(1), excluded, True, chain=8), other, 500)
    assert max(abs(a - b) for a, b in zip(chain, exact, strict=True)) < 0.1


def test_expert_reading_by_the_chain_decides_from_the_observation_only() -> None:
    params = ExpertParams(iterations=120, valued_iterations=120, chain=4)
    for seed, plays in ((3, 5), (6, 9)):
        obs = medium_position(seed, plays)
        again = Observation.from_round(obs.sample_round(random.Random(seed)), seat=obs.seat,
                                       totals=obs.totals, target=obs.target)
        assert again == obs
        values = finish(expert_values(obs, random.Random(1), params))
        assert values == finish(expert_values(again, random.Random(1), params))
        assert set(values) <= set(obs.hand)


def test_rejection_with_hards_24_tries_strays_from_that_law_where_the_chain_does_not() -> None:
    """Mid-packet ``hard``'s 24 tries often all fail, and the likeliest hand tried is kept: the
    chances of ranks then stray from the reading's law (which the chain keeps)."""
    obs = medium_position(11, 21)
    excluded = excluded_ranks(obs)
    other = 1 - obs.seat
    exact = rank_chances(Sampler(obs, random.Random(1), excluded, True, attempts=100_000), other, 500)

    def stray(sampler: Sampler) -> float:
        return max(abs(a - b) for a, b in zip(rank_chances(sampler, other, 500), exact, strict=True))

    tries, chain = (Sampler(obs, random.Random(1), excluded, True, **options) for options in ({}, {"chain": 8}))
    assert stray(tries) > 0.15 and tries.gave_up > 100  # of its 500 deals
    assert stray(chain) < 0.1 and chain.gave_up == 0
