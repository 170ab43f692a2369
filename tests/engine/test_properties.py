"""Invariants over random seeded games (hypothesis)."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kseri import FOURCARD, GREEK, Match, Observation, dumps, loads, score_round, summary
from kseri.engine.pile.round import Round
from kseri.engine.rules import PISTI, SUMS
from kseri.engine.tables import table_for

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def accounted(state: Round) -> list[int]:
    cards = list(state.pile) + list(state.deck[state.next_card:])
    for seat in range(state.players):
        cards += state.hands[seat] + state.captured[seat]
    return cards


def random_match(seed: int, rules=GREEK, max_rounds: int = 60) -> Match:
    rng = random.Random(seed)
    match = Match.new(rules, rng=rng)
    while not match.is_over and len(match.scores) < max_rounds:
        if match.round.is_terminal():
            match.next_round()
        match.play(rng.choice(match.round.legal_moves()))
    return match


@settings(max_examples=60, deadline=None)
@given(seeds, st.sampled_from([GREEK, FOURCARD]))
def test_52_cards_accounted_for_at_every_step(seed, rules):
    rng = random.Random(seed)
    state = Round.deal(rules, rng.randrange(2), rng)
    while True:
        cards = accounted(state)
        assert sorted(cards) == list(range(52))
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_moves()))
    assert state.pile == [] or state.last_capturer is None
    assert sum(state.counts) == 52 - len(state.pile)


@settings(max_examples=100, deadline=None)
@given(seeds)
def test_base_points_are_25_or_22_on_a_tie(seed):
    rng = random.Random(seed)
    state = Round.deal(GREEK, 0, rng)
    while not state.is_terminal():
        state.apply_index(rng.choice(state.hands[state.to_move]))
    score = score_round(state)
    base = sum(side.total - side.kseri for side in score.sides)
    assert base == (22 if score.cards == (26, 26) else 25)
    assert [side.total for side in score.sides] == [
        state.points[s] + state.bonus[s] + score.sides[s].majority for s in range(2)]
    assert sum(score.kseris) == len(state.kseri_cards[0]) + len(state.kseri_cards[1])


@settings(max_examples=25, deadline=None)
@given(seeds)
def test_records_round_trip(seed):
    match = random_match(seed, max_rounds=4)
    again = loads(dumps(match))
    assert summary(again) == summary(match)
    assert [r.plays for r in again.rounds] == [r.plays for r in match.rounds]
    assert dumps(again) == dumps(match)


@settings(max_examples=20, deadline=None)
@given(seeds)
def test_same_seed_same_game(seed):
    assert dumps(random_match(seed, max_rounds=3)) == dumps(random_match(seed, max_rounds=3))


@settings(max_examples=60, deadline=None)
@given(seeds, st.integers(min_value=0, max_value=47), st.sampled_from([GREEK, FOURCARD]))
def test_sampled_rounds_agree_with_the_observation(seed, plays, rules):
    rng = random.Random(seed)
    state = Round.deal(rules, rng.randrange(2), rng)
    for _ in range(min(plays, 51 - rules.opening_size)):
        state.apply_index(rng.choice(state.hands[state.to_move]))
    if state.is_terminal():
        return
    seat = state.to_move
    obs = Observation.from_round(state, seat=seat)
    assert Observation.from_json(obs.to_json()) == obs
    sampled = obs.sample_round(random.Random(seed + 1))
    assert sampled.hands[seat] == state.hands[seat]
    assert sampled.pile == state.pile and sampled.counts == state.counts
    assert [len(h) for h in sampled.hands] == [len(h) for h in state.hands]
    assert sampled.stock_count == state.stock_count
    assert sorted(accounted(sampled)) == list(range(52))


def _snapshot(state: object) -> dict[str, object]:
    """Every attribute of a round (slots and dict), lists copied, for comparing before and after."""
    names = {name for cls in type(state).__mro__ for name in getattr(cls, "__slots__", ())}
    names |= set(getattr(state, "__dict__", {}))
    return {name: repr(getattr(state, name)) for name in sorted(names) if hasattr(state, name)}


@settings(max_examples=40, deadline=None)
@given(seeds, st.integers(min_value=0, max_value=47),
       st.sampled_from([GREEK, FOURCARD, dataclasses.replace(PISTI, players=4), SUMS]))
def test_a_clone_plays_on_without_touching_the_round_it_came_from(seed, plays, rules):
    """``clone()`` is in the table interface: the bot thinks ahead on a clone of the round in play."""
    rng = random.Random(seed)
    table = table_for(rules)
    state = table.deal(rules, rng.randrange(rules.players), rng)
    for _ in range(plays):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_moves()))
    before = _snapshot(state)
    other = state.clone()
    assert _snapshot(other) == before
    moves = []
    while not other.is_terminal():
        moves.append(rng.choice(other.legal_moves()))
        other.apply(moves[-1])
    assert _snapshot(state) == before
    for move in moves:
        state.apply(move)
    assert state.returns() == other.returns()
    assert _snapshot(state) == _snapshot(other)
