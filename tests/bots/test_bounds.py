"""Issue #10: every bot decision is bounded, in total work and in the work of one slice.

No wall clock here (the machines are noisy): ``Thinker.step(max_ms=0)`` does exactly one
unit of work per call, and the thinker counts the work (:attr:`Thinker.work`, in the
search's measure: cards scored by the heuristic, nodes of the exact search) and the
largest single unit (:attr:`Thinker.largest_unit`), which is what one slice can overrun by.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from kseri import Observation, Round
from kseri.bots import Thinker
from kseri.bots.pile.endgame import (
    SOLVE_CARDS,
    SOLVE_CHUNK,
    SOLVE_NODES,
    EndgameBudgetError,
    Solver,
    solve,
    solve_moves,
    within_reach,
)
from kseri.bots.pile.params import STEP_WORK
from kseri.bots.pile.scale import SAFE_POINTS, bot_view, point_scale, unscale, with_fields
from kseri.bots.thinking import finish
from kseri.engine.errors import KseriError
from kseri.engine.rules import FOURCARD, GREEK, PISTI, Rules, rules_from_spec
from tests.bots.test_endgame import brute_force

LARGEST_UNIT = 3 * STEP_WORK
"""No unit of work may exceed this (a few milliseconds of CPython), whatever the rules."""


def big_rules(spec: dict[str, Any]) -> Rules:
    """``spec`` as the engine reads it, or (if it refuses it) as the bots could still be given it."""
    try:
        return rules_from_spec(spec)
    except KseriError:
        base = {"greek": GREEK, "fourcard": FOURCARD, "pisti": PISTI}[spec.get("profile", "greek")]
        return with_fields(base, **{k: v for k, v in spec.items() if k != "profile"})


GREEK_12 = big_rules({"profile": "greek", "packet_size": 12})
GREEK_24 = big_rules({"profile": "greek", "packet_size": 24, "opening_redeal": "none"})
THREE_16 = big_rules({"profile": "fourcard", "players": 3, "packet_size": 16, "opening_redeal": "none"})


def state_with(rules: Rules, seed: int, cards_left: int) -> Round:
    """A round played at random until at most ``cards_left`` cards are in the hands, stock empty."""
    rng = random.Random(seed)
    state = Round.deal(rules, dealer=seed % rules.players, rng=rng)
    while state.next_card < 52 or sum(len(h) for h in state.hands) > cards_left:
        hand = state.hands[state.to_move]
        state.apply_index(hand[rng.randrange(len(hand))])
    return state


def think(level: str, state: Round, seed: int = 0, **kwargs: Any) -> tuple[Thinker, int]:
    """Think one unit per step; (the thinker, the number of steps it took)."""
    obs = Observation.from_round(state, seat=state.to_move, totals=(0,) * state.rules.teams)
    thinker = Thinker(level, obs, random.Random(seed), **kwargs)
    steps = 1
    while not thinker.step(max_ms=0):
        steps += 1
    assert steps == thinker.units + 1  # max_ms=0: one unit of work per step
    assert thinker.choice().index in obs.hand
    return thinker, steps


# -- the exact search: sliced, budgeted --------------------------------------------------------

@pytest.mark.parametrize("rules", [GREEK, FOURCARD, GREEK_12], ids=lambda r: str(r.to_spec()))
@pytest.mark.parametrize("seed", range(4))
def test_slicing_the_solver_does_not_change_its_values(rules: Rules, seed: int) -> None:
    state = state_with(rules, seed, 10 + seed % 3)
    exact = dict(solve_moves(state))
    for chunk in (1, 7, 300, SOLVE_CHUNK):
        solver = Solver(state)
        assert {c: finish(solver.value_steps(c, chunk=chunk)) for c in solver.root_moves()} == exact
        # and with windows, as the search asks (a bound outside the window, the value inside)
        best = max(exact.values()) if state.to_move == 0 else min(exact.values())
        for c, v in exact.items():
            got = finish(solver.value_steps(c, best - 1, best + 1, chunk=chunk))
            assert got == v if best - 1 < v < best + 1 else (got <= best - 1) == (v <= best - 1)


def test_the_solver_keeps_to_its_node_budget() -> None:
    state = state_with(GREEK, 3, 12)
    full = solve(state)
    with pytest.raises(EndgameBudgetError):
        solve(state, max_nodes=100)
    with pytest.raises(EndgameBudgetError):
        solve_moves(state, max_nodes=100)
    solver = Solver(state, max_nodes=100)
    with pytest.raises(EndgameBudgetError):
        for c in solver.root_moves():
            finish(solver.value_steps(c))
    assert solver.nodes <= 100 + 1
    assert solve(state, max_nodes=2 * full.nodes).value == full.value
    assert issubclass(EndgameBudgetError, ValueError)


def test_what_is_within_reach() -> None:
    assert within_reach(state_with(GREEK, 1, 12))
    assert within_reach(state_with(GREEK_12, 1, SOLVE_CARDS))
    assert not within_reach(state_with(GREEK_12, 1, 24))
    assert not within_reach(Round.deal(GREEK, dealer=0, rng=random.Random(1)))  # cards hidden


# -- whole decisions with big packets ---------------------------------------------------------

@pytest.mark.parametrize("cards_left", [48, 30])
def test_one_packet_of_48_cards_is_played_out_not_solved(cards_left: int) -> None:
    """The freeze of issue #10 (460 s, then MemoryError): a last packet far too big to solve."""
    thinker, steps = think("hard", state_with(GREEK_24, 2, cards_left))
    assert thinker.largest_unit <= LARGEST_UNIT
    assert thinker.work <= 20_000 and steps <= 20  # one play-out per card, nothing more


@pytest.mark.parametrize("cards_left", [24, 20, 16, 12])
@pytest.mark.parametrize("seed", range(2))
def test_a_big_last_packet_keeps_to_the_budget(cards_left: int, seed: int) -> None:
    thinker, steps = think("hard", state_with(GREEK_12, seed, cards_left))
    assert thinker.largest_unit <= LARGEST_UNIT
    assert thinker.work <= SOLVE_NODES + 20_000  # the budget, then at most one play-out per card
    assert steps <= SOLVE_NODES // SOLVE_CHUNK + 40


@pytest.mark.parametrize("rules", [GREEK_12, THREE_16, GREEK_24, GREEK], ids=lambda r: str(r.to_spec()))
def test_a_big_first_packet_is_sliced_finely(rules: Rules) -> None:
    state = Round.deal(rules, dealer=1, rng=random.Random(7))
    for _ in range(3):
        thinker, _ = think("hard", state)
        assert thinker.largest_unit <= LARGEST_UNIT
        assert thinker.work <= 2_000_000
        state.apply_index(thinker.choice().index)


def test_evaluation_of_a_big_last_packet_is_bounded_and_slice_free() -> None:
    state = state_with(GREEK_12, 4, 22)
    sliced, _ = think("hard", state, exact=True)
    obs = Observation.from_round(state, seat=state.to_move)
    whole = Thinker("hard", obs, random.Random(0), exact=True)
    whole.run()
    assert sliced.values() == whole.values() and sliced.choice() == whole.choice()
    assert sliced.largest_unit <= LARGEST_UNIT


# -- point values of any size -------------------------------------------------------------------

def test_sane_rules_are_seen_as_they_are() -> None:
    for rules in (GREEK, FOURCARD, PISTI, GREEK_12, big_rules({"profile": "greek", "kseri_points": 1000,
                                                               "rank_points": [100] * 13})):
        obs = Observation.from_round(Round.deal(rules, dealer=0, rng=random.Random(1)), seat=1)
        assert bot_view(obs) == (obs, 1) and bot_view(obs)[0] is obs


ABSURD = [
    with_fields(GREEK, rank_points=(10 ** 400,) * 13, kseri_points=10 ** 400, majority_points=3),
    with_fields(GREEK, rank_points=(-5, 0, 0, 0, 0, 0, 0, 0, 0, -1, 7, 1, 1), kseri_points=-10,
                jack_kseri_points=-20, majority_points=-3),
    with_fields(FOURCARD, double_kseri_points=10 ** 30, ten_of_diamonds_points=-(10 ** 20)),
    with_fields(GREEK, rank_points=(1e300, 0.5, -2.5, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1), kseri_points=float("inf")),
]


@pytest.mark.parametrize("rules", ABSURD, ids=["10**400", "negative", "mixed", "floats"])
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_absurd_point_values_still_give_a_card(rules: Rules, level: str) -> None:
    for seed, left in ((1, 52), (2, 30), (3, 12), (4, 5)):
        rng = random.Random(seed)
        state = Round.deal(rules, dealer=seed % 2, rng=rng)
        while sum(len(h) for h in state.hands) + 52 - state.next_card > left:
            hand = state.hands[state.to_move]
            state.apply_index(hand[rng.randrange(len(hand))])
        thinker, _ = think(level, state, seed, samples=4 if level == "hard" and left > 12 else None)
        values = thinker.values()
        if values is not None:
            assert all(isinstance(v, float) and abs(v) < float("inf") for v in values.values())
        assert thinker.largest_unit <= LARGEST_UNIT


def test_scaling_keeps_signs_and_small_values() -> None:
    rules = ABSURD[2]
    assert point_scale(rules) == -(-(10 ** 30) // SAFE_POINTS)
    view = bot_view(Observation.from_round(Round.deal(rules, dealer=0, rng=random.Random(1)), seat=1))[0].rules
    assert view.double_kseri_points == SAFE_POINTS
    assert view.ten_of_diamonds_points == -(10 ** 20) // point_scale(rules)
    assert view.kseri_points == 1 and view.rank_points[1] == 0  # 10 stays worth something; 0 stays 0
    assert unscale(2.0, 10 ** 400) == 1.7976931348623157e308 and unscale(-2.0, 10) == -20.0


@pytest.mark.parametrize("rules", [
    with_fields(GREEK, rank_points=(4, 0, 5, 0, 0, 0, 0, 0, 9, 1, 1, 1, 1)),  # accepted: 0 .. 100 each
    with_fields(GREEK, rank_points=(-5, 0, 0, 0, 0, 0, 0, 0, 0, -1, 7, 1, 1), kseri_points=-10,
                jack_kseri_points=-20, majority_points=-3),
    with_fields(GREEK, rank_points=(10 ** 40,) * 13, kseri_points=10 ** 50, majority_points=10 ** 45),
], ids=["points 4 and more", "negative", "huge"])
@pytest.mark.parametrize("seed", range(25))
def test_the_solver_is_exact_whatever_the_points(rules: Rules, seed: int) -> None:
    """Cards of one rank with different points are different moves, whatever the points
    (the solver once mixed up an ace worth 4 with a two worth 0: a wrong value in 7% of
    8-card positions)."""
    state = state_with(rules, seed, 8)
    assert solve(state).value == brute_force(state)
