"""Level ``expert``: legal, deterministic, the same however sliced, and fair (it decides from the
seat's observation only: reshuffling the hidden cards consistently with it changes nothing)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from kseri.bots import LEVELS, Thinker
from kseri.bots.pile import tree
from kseri.bots.pile.tree import ExpertParams, expert_values
from kseri.bots.sums.thinker import SumsThinker
from kseri.bots.thinking import finish
from kseri.engine.pile.observation import Observation
from kseri.engine.pile.round import Round
from kseri.engine.rules import SUMS, rules_from_spec
from kseri.engine.sums.observation import SumsObservation
from kseri.engine.sums.round import SumsRound


def _position(spec: Any, seed: int, plays: int) -> Round:
    """A round of ``spec`` after ``plays`` plays of the medium bot (seeded)."""
    rules = rules_from_spec(spec)
    state = Round.deal(rules, seed % rules.players, random.Random(seed))
    for _ in range(plays):
        obs = Observation.from_round(state, seat=state.to_move)
        state.apply_index(Thinker("medium", obs, random.Random(seed)).run().index)
    return state


def _reshuffled(state: Round, seat: int, rng: random.Random) -> Round:
    """The same round with every card ``seat`` has not seen dealt again at random (the other hands
    and the stock, an exposed bottom card kept): what ``seat`` sees is the same."""
    obs = Observation.from_round(state, seat=seat)
    return obs.sample_round(rng)


def test_expert_is_the_strongest_level() -> None:
    assert LEVELS[-1] == "expert"


@pytest.mark.parametrize(("spec", "seed", "plays"), [
    ("greek", 1, 0), ("greek", 2, 15), ("fourcard", 3, 9), ("pisti", 4, 21),
    ({"profile": "pisti", "players": 4}, 5, 6), ({"profile": "fourcard", "players": 3}, 6, 10),
    ({"profile": "pisti", "players": 6}, 8, 30),  # packet 2: every seat's plays read, finished ones too
])
def test_expert_decides_from_the_observation_only(spec: Any, seed: int, plays: int) -> None:
    """Two rounds that differ only in the cards this seat has not seen: the same observation,
    so the same card (and values) from the same generator."""
    state = _position(spec, seed, plays)
    seat = state.to_move
    other = _reshuffled(state, seat, random.Random(seed + 100))
    assert [other.hands[s] for s in range(len(other.hands)) if s != seat] != \
        [state.hands[s] for s in range(len(state.hands)) if s != seat] or state.next_card == len(state.deck)
    one, two = (Observation.from_round(s, seat=seat) for s in (state, other))
    assert one == two
    first, second = Thinker("expert", one, random.Random(7)), Thinker("expert", two, random.Random(7))
    assert first.run() == second.run()
    assert first.values() == second.values()
    assert first.choice().index in one.hand


@pytest.mark.parametrize(("spec", "seed", "plays", "counts"), [
    ("greek", 2, 1, False), ("fourcard", 3, 1, False),
    ({"profile": "pisti", "players": 4}, 7, 1, True), ({"profile": "pisti", "players": 6}, 6, 3, True),
], ids=["greek", "fourcard", "pisti4", "pisti6"])
def test_greedy_later_cards_only_with_more_than_two_players(spec: Any, seed: int, plays: int,
                                                            counts: bool) -> None:
    """``explore_many`` is how this seat's later cards are chosen with more than two players, and
    changes nothing at two seats (where ``explore`` is)."""
    state = _position(spec, seed, plays)
    obs = Observation.from_round(state, seat=state.to_move)
    assert len(obs.hand) > 2
    small = ExpertParams(iterations=300, valued_iterations=300)
    values = [finish(expert_values(obs, random.Random(4), dataclasses.replace(small, explore_many=k)))
              for k in (0, 4)]
    assert (values[0] != values[1]) == counts


@pytest.mark.parametrize(("spec", "valued"), [("greek", True), ("fourcard", False), ("pisti", False)])
def test_the_budget_follows_where_the_packet_value_applies(spec: str, valued: bool) -> None:
    """``valued_iterations`` is the budget where the fitted packet value applies (the Greek game),
    ``iterations`` everywhere else: changing the other one changes nothing."""
    state = _position(spec, 2, 1)
    obs = Observation.from_round(state, seat=state.to_move)
    small = ExpertParams(iterations=300, valued_iterations=300)
    fewer_valued = ExpertParams(iterations=300, valued_iterations=5)
    fewer_other = ExpertParams(iterations=5, valued_iterations=300)
    used, other = (fewer_valued, fewer_other) if valued else (fewer_other, fewer_valued)
    values = finish(expert_values(obs, random.Random(4), small))
    assert finish(expert_values(obs, random.Random(4), other)) == values
    assert finish(expert_values(obs, random.Random(4), used)) != values


def test_the_pruning_counts_distinct_deals_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past ``deals`` rounds a decision replays its deals; the root's pruning is told how many are
    distinct."""
    told: list[tuple[int, int | None]] = []
    prune = tree._prune

    def recording(active: list[int], results: dict[int, list[float]], z: float,
                  pairs: Any = None, distinct: int | None = None) -> list[int]:
        told.append((len(results[active[0]]), distinct))
        return prune(active, results, z, pairs, distinct)

    monkeypatch.setattr(tree, "_prune", recording)
    state = _position("greek", 3, 1)
    obs = Observation.from_round(state, seat=state.to_move)
    params = ExpertParams(valued_iterations=600, deals=30, prune_z=50.0)  # no card dropped: runs past 30 deals
    finish(expert_values(obs, random.Random(5), params))
    assert told and all(distinct == min(m, 30) for m, distinct in told)
    assert any(m > 30 for m, _ in told)


def test_expert_is_the_same_however_sliced() -> None:
    state = _position("greek", 8, 13)
    obs = Observation.from_round(state, seat=state.to_move)
    whole = Thinker("expert", obs, random.Random(3))
    card = whole.run()
    sliced = Thinker("expert", obs, random.Random(3))
    steps = 0
    while not sliced.step(max_ms=0.5):
        steps += 1
    assert steps > 3
    assert sliced.choice() == card and sliced.values() == whole.values()


def test_expert_values_yield_small_pieces_of_work() -> None:
    state = _position("greek", 9, 2)
    obs = Observation.from_round(state, seat=state.to_move)
    work = expert_values(obs, random.Random(1), ExpertParams(iterations=300, valued_iterations=300))
    pieces = []
    try:
        while True:
            pieces.append(next(work))
    except StopIteration as done:
        values = done.value
    assert len(pieces) > 5 and max(pieces) < 4000
    assert set(values) <= set(obs.hand)


def test_expert_plays_the_last_packet_exactly_like_hard() -> None:
    state = _position("greek", 10, 38)
    obs = Observation.from_round(state, seat=state.to_move)
    assert obs.stock == 0
    assert Thinker("expert", obs, random.Random(2)).run() == Thinker("hard", obs, random.Random(2)).run()


def _sums_position(seed: int, plays: int) -> SumsRound:
    state = SumsRound.deal(SUMS, seed % 2, random.Random(seed))
    for _ in range(plays):
        obs = SumsObservation.from_round(state, seat=state.to_move)
        state.apply_move(SumsThinker("medium", obs, random.Random(seed)).run())
    return state


@pytest.mark.parametrize(("seed", "plays"), [(1, 0), (2, 9), (3, 30)])
def test_sums_expert_decides_from_the_observation_only(seed: int, plays: int) -> None:
    state = _sums_position(seed, plays)
    seat = state.to_move
    obs = SumsObservation.from_round(state, seat=seat)
    other = obs.sample_round(random.Random(seed + 50))
    assert SumsObservation.from_round(other, seat=seat) == obs
    a, b = SumsThinker("expert", obs, random.Random(4)), SumsThinker("expert", obs, random.Random(4))
    move = a.run()
    assert move == b.run() and move in obs.legal_moves()
    sliced = SumsThinker("expert", SumsObservation.from_round(other, seat=seat), random.Random(4))
    while not sliced.step(max_ms=0.5):
        pass
    assert sliced.choice() == move


@pytest.mark.parametrize("spec", [{"profile": "greek", "packet_size": 12},
                                  {"profile": "fourcard", "players": 3, "packet_size": 16, "opening_redeal": "none"},
                                  {"profile": "fourcard", "players": 6, "packs": 2}, "greek"], ids=str)
def test_a_decision_is_sliced_finely_and_bounded(spec: Any) -> None:
    """No piece of the expert's work is longer than the other levels' (``tests/bots/test_bounds.py``)."""
    from tests.bots.test_bounds import LARGEST_UNIT, big_rules
    rules = big_rules(spec) if isinstance(spec, dict) else rules_from_spec(spec)
    state = Round.deal(rules, dealer=1, rng=random.Random(7))
    for _ in range(2):
        obs = Observation.from_round(state, seat=state.to_move, totals=(0,) * rules.teams)
        thinker = Thinker("expert", obs, random.Random(1))
        while not thinker.step(max_ms=0):
            pass
        assert thinker.largest_unit <= LARGEST_UNIT
        assert thinker.work <= 3_000_000
        state.apply_index(thinker.choice().index)
