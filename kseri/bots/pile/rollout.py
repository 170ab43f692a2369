"""Fast play-outs for search: the medium heuristic on raw engine state.

Search plays thousands of rounds forward from sampled positions. Each seat in
a play-out chooses with the counting heuristic of level ``medium``
(:mod:`kseri.bots.pile.heuristic`), on raw card indices and using only what that
seat could know: its own hand, the public cards and hand sizes. So a
play-out is a plausible continuation, not one where everybody peeks.

>>> import random
>>> from kseri.engine.pile.round import Round
>>> from kseri.engine.rules import GREEK
>>> state = Round.deal(GREEK, dealer=0, rng=random.Random(3))
>>> seen = public_seen(state)
>>> playout(state, seen, DEFAULT_HEURISTIC)
>>> state.is_terminal(), sum(state.counts)
(True, 52)
"""

from __future__ import annotations

from kseri.bots.pile.heuristic import CHANCE_ROWS, DEFAULT_HEURISTIC, HeuristicParams, card_scores, holding_chances
from kseri.engine.cards import JACK_INDEX, RANK_INDEX
from kseri.engine.pile.round import Round

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
    when it is played.

    Each play is :func:`policy_card`'s card, but written out here: this loop is most of what
    the hard bot's search costs, and calling :func:`policy_card` and
    :func:`~kseri.bots.pile.heuristic.card_scores` for every play read the rules' and weights'
    constants again each time. The scores are the same expressions in the same order (so the
    same floats and the same card: the first best one); ``tests/bots/test_rollout.py``
    compares the two on many positions, and ``tests/bots/test_hard_moves.py`` the bot's moves."""
    apply = state.apply_index
    hands = state.hands
    plays = state.plays
    ranks = RANK_INDEX
    if bottom is None:
        bottom = exposed_bottom(state)
    end = len(state.deck)
    # card_scores' constants, read once per play-out.
    rules = state.rules
    players = rules.players
    pts = state._card_points
    cards = rules.cards
    copies = 4 * rules.packs
    jacks_capture = rules.jacks_capture
    kseri_points = rules.kseri_points
    jack_kseri_points = rules.jack_kseri_points or 0
    jack_table_points = rules.jack_table_points if params.house_bonuses else 0
    final_capture_points = rules.final_capture_points if params.house_bonuses else 0
    w = params.card_weight
    drop_cost = params.drop_cost
    jack_worth = params.jack_worth
    jack_keep_early = params.jack_keep
    jack_keep_late = params.jack_keep_late
    jack = JACK_INDEX
    chance_rows = CHANCE_ROWS
    while (state.next_card < end or any(hands)) and len(plays) < stop:
        seat = state.to_move
        hand = hands[seat]
        if len(hand) == 1:
            c = hand[0]
        else:
            # card_scores(hand, ...) and its first best card, as policy_card asks for it.
            pile = state.pile
            pile_points = state.pile_points
            n = len(pile)
            top = ranks[pile[-1]] if n else -1
            held = [0] * 13
            for x in hand:
                held[ranks[x]] += 1
            next_hand = len(hands[(seat + 1) % players])
            stock_left = state.next_card < end
            hidden = cards - seen[13] - len(hand)
            chances = chance_rows.get((hidden, next_hand, copies)) or holding_chances(hidden, next_hand, copies)
            jack_keep = jack_keep_early if stock_left else jack_keep_late
            p_jack = -1.0
            jack_pile = 0
            if jack_table_points and n and all(ranks[x] == jack for x in pile):
                jack_pile = jack_table_points
            last_capture = 0.0
            if final_capture_points and not stock_left:
                last_capture = final_capture_points / (len(hand) + next_hand)
            taken = w * (n + 1)  # the worth of the pile's cards and this one, towards the majority
            c = -1
            best = 0.0
            for x in hand:
                r = ranks[x]
                p = pts[x]
                if n and (r == top or (r == jack and jacks_capture)):
                    score = pile_points + p + taken + jack_pile + last_capture
                    if n == 1 and r == top:
                        score += jack_kseri_points if r == jack else kseri_points
                    elif r == jack:
                        score -= jack_keep
                else:
                    u = copies - seen[r] - held[r]
                    p_rank = chances[u] if u > 0 else 0.0
                    at_risk = pile_points + p + taken
                    loss = p_rank * at_risk
                    if n == 0:
                        loss += p_rank * (jack_kseri_points if r == jack else kseri_points)
                    if r != jack:
                        if jacks_capture:
                            if p_jack < 0:
                                uj = copies - seen[jack] - held[jack]
                                p_jack = chances[uj] if uj > 0 else 0.0
                            loss += (1.0 - p_rank) * p_jack * (1.0 if at_risk >= jack_worth else 0.3) * at_risk
                        score = -loss - drop_cost * p
                    else:
                        score = -loss - drop_cost * p - jack_keep
                if c < 0 or score > best:  # the first of the best, as max() and index() find it
                    c, best = x, score
        apply(c)
        if c != bottom:
            seen[ranks[c]] += 1
            seen[13] += 1
