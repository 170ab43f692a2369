"""The exact last-packet search against plain brute force."""

from __future__ import annotations

import random

import pytest

from kseri.bots.pile.endgame import EndgameError, Solver, principal_line, solve, solve_moves
from kseri.engine.cards import rank_index
from kseri.engine.pile.round import Round
from kseri.engine.rules import FOURCARD, GREEK, Rules, card_points_table, rules_from_spec
from kseri.engine.scoring import score_round


def brute_force(state: Round) -> int:
    """Seat 0's final round points minus seat 1's under perfect play, by full minimax."""
    if state.is_terminal():
        points = score_round(state).points
        return points[0] - points[1]
    values = []
    for card in set(state.hands[state.to_move]):
        child = state.clone()
        child.apply_index(card)
        values.append(brute_force(child))
    return max(values) if state.to_move == 0 else min(values)


def position(rules: Rules, seed: int, cards_left: int) -> Round:
    """A round played at random until ``cards_left`` cards remain in the two hands."""
    rng = random.Random(seed)
    state = Round.deal(rules, dealer=seed % 2, rng=rng)
    while state.next_card < 52 or len(state.hands[0]) + len(state.hands[1]) > cards_left:
        hand = state.hands[state.to_move]
        state.apply_index(hand[rng.randrange(len(hand))])
    return state


RULES = [
    GREEK,
    FOURCARD,
    rules_from_spec({"profile": "greek", "last_card_kseri": False, "jack_kseri_points": 25}),
    rules_from_spec({"profile": "greek", "jacks_capture": False}),
    rules_from_spec({"profile": "fourcard", "jack_kseri_points": 25}),  # a jack kseri worth more than a double
]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: str(r.to_spec()))
@pytest.mark.parametrize("seed", range(12))
def test_solver_agrees_with_brute_force(rules: Rules, seed: int) -> None:
    cards_left = 5 + seed % 4  # 5..8 cards: brute force stays quick
    state = position(rules, seed, cards_left)
    expected = brute_force(state)
    assert solve(state).value == expected
    by_card = dict(solve_moves(state))
    points = card_points_table(rules)
    for card in set(state.hands[state.to_move]):
        child = state.clone()
        child.apply_index(card)
        classes = [c for c in by_card if rank_index(c) == rank_index(card) and points[c] == points[card]]
        assert by_card[classes[0]] == brute_force(child)


def test_principal_line_scores_the_value() -> None:
    for seed in range(5):
        state = position(GREEK, 100 + seed, 12)
        best = solve(state)
        final = state.clone()
        for card in principal_line(state):
            final.apply_index(card)
        points = score_round(final).points
        assert points[0] - points[1] == best.value


@pytest.mark.parametrize("rules", RULES, ids=lambda r: str(r.to_spec()))
def test_short_endings(rules: Rules) -> None:
    """The last few cards, where a kseri on the very last card and the final sweep decide."""
    for seed in range(40):
        state = position(rules, 1000 + seed, 1 + seed % 4)
        assert solve(state).value == brute_force(state)


def test_full_packet_is_fast_and_consistent() -> None:
    state = position(GREEK, 3, 12)
    solver = Solver(state)
    values = [solver.value_after(c) for c in solver.root_moves()]
    best = solve(state)
    assert (max(values) if state.to_move == 0 else min(values)) == best.value


def test_refuses_hidden_positions() -> None:
    state = Round.deal(GREEK, dealer=0, rng=random.Random(1))
    with pytest.raises(EndgameError):
        solve(state)
    assert issubclass(EndgameError, ValueError)
