"""Fast play-outs for search: the medium heuristic on raw engine state.

Search plays thousands of rounds forward from sampled positions. Each seat in
a play-out chooses with the counting heuristic of level ``medium``
(:mod:`kseri.bots.heuristic`), on raw card indices and using only what that
seat could know: its own hand, the public cards and hand sizes. So a
play-out is a plausible continuation, not one where everybody peeks.

>>> import random
>>> from kseri.engine.round import Round
>>> from kseri.engine.rules import GREEK
>>> state = Round.deal(GREEK, dealer=0, rng=random.Random(3))
>>> seen = public_seen(state)
>>> playout(state, seen, DEFAULT_HEURISTIC)
>>> state.is_terminal(), sum(state.counts)
(True, 52)
"""

from __future__ import annotations

from kseri.bots.heuristic import DEFAULT_HEURISTIC, HeuristicParams, card_scores
from kseri.engine.cards import RANK_INDEX
from kseri.engine.round import Round

__all__ = ["exposed_bottom", "final_difference", "playout", "policy_card", "public_seen"]


def public_seen(state: Round) -> list[int]:
    """Copies of each rank everybody has seen: the opening pile, the plays, an exposed bottom card."""
    ranks = RANK_INDEX
    seen = [0] * 14
    for c in state.opening:
        seen[ranks[c]] += 1
    for c in state.plays:
        seen[ranks[c]] += 1
    bottom = state.bottom_card
    if bottom is not None:
        seen[ranks[bottom.index]] += 1
    seen[13] = sum(seen[:13])  # running total in the last slot
    return seen


def exposed_bottom(state: Round) -> int:
    """The exposed bottom card's index while it is in the stock (public), else -1."""
    return state.deck[-1] if state.rules.exposed_bottom and state.next_card < len(state.deck) else -1


def final_difference(state: Round, team: int) -> float:
    """Round points of ``team`` minus the other side's, for a finished round."""
    rules = state.rules
    if rules.teams != 2:
        return _difference_to_the_others(state, team)
    mine = other = 0
    c_mine = c_other = 0
    for seat in range(rules.players):
        if rules.team_of(seat) == team:
            mine += state.points[seat] + state.bonus[seat]
            c_mine += state.counts[seat]
        else:
            other += state.points[seat] + state.bonus[seat]
            c_other += state.counts[seat]
    if c_mine > c_other:
        mine += rules.majority_points
    elif c_other > c_mine:
        other += rules.majority_points
    return mine - other


def _difference_to_the_others(state: Round, team: int) -> float:
    """With three sides or more: round points of ``team`` minus the others' average."""
    rules = state.rules
    totals = [0] * rules.teams
    counts = [0] * rules.teams
    for seat in range(rules.players):
        side = rules.team_of(seat)
        totals[side] += state.points[seat] + state.bonus[seat]
        counts[side] += state.counts[seat]
    most = max(counts)
    if counts.count(most) == 1:
        totals[counts.index(most)] += rules.majority_points
    others = [t for side, t in enumerate(totals) if side != team]
    return totals[team] - sum(others) / len(others)


def policy_card(state: Round, seen: list[int], params: HeuristicParams) -> int:
    """The heuristic's card for the seat to move (a card index from its hand): the
    first best-scoring one."""
    hand = state.hands[state.to_move]
    if len(hand) == 1:
        return hand[0]
    rules = state.rules
    scores = card_scores(hand, state.pile, state.pile_points, seen,
                         len(state.hands[(state.to_move + 1) % rules.players]), state.next_card < len(state.deck),
                         rules, state._card_points, params)
    best = max(scores)
    return hand[scores.index(best)]


def playout(state: Round, seen: list[int], params: HeuristicParams = DEFAULT_HEURISTIC, stop: int = 104,
            bottom: int | None = None) -> None:
    """Play the heuristic for every seat until the round ends, or until ``stop`` cards
    have been played (``state`` and ``seen`` in place).

    ``bottom`` is the exposed bottom card that ``seen`` already counts (-1: none; by
    default the one :func:`public_seen` of ``state`` would count): it is not counted again
    when it is played."""
    apply = state.apply_index
    hands = state.hands
    plays = state.plays
    ranks = RANK_INDEX
    if bottom is None:
        bottom = exposed_bottom(state)
    end = len(state.deck)
    while (state.next_card < end or any(hands)) and len(plays) < stop:
        c = policy_card(state, seen, params)
        apply(c)
        if c != bottom:
            seen[ranks[c]] += 1
            seen[13] += 1
