"""The ``medium`` sums-table policy: one ply, the unseen cards counted.

Each legal move is valued as what it wins at once (points, cards toward the
majority, a xeri) minus what the next player can expect to take from the table
it leaves, plus part of what this seat's own remaining hand could take there
next turn (which is what a build is for). The next player's best reply is
weighed by the chance that they hold a card of each rank, counted from the
unseen cards (the other hands and the stock): a build this seat owns is at risk
only if an unseen card has its value, a lone card only if one has its rank.

>>> import random
>>> from kseri.engine.rules import SUMS
>>> from kseri.engine.sums.round import SumsRound, _demo_deck
>>> from kseri.engine.sums.observation import SumsObservation
>>> obs = SumsObservation.from_round(SumsRound.from_deck(SUMS, 1, _demo_deck()), seat=0)
>>> values = heuristic_values(obs)
>>> str(max(values, key=values.__getitem__))
'7H:3C+4D'
"""

from __future__ import annotations

from kseri.bots.sums.rollout import CARD_WEIGHT
from kseri.bots.sums.sim import RANK, SimRound
from kseri.engine.sums.observation import SumsObservation
from kseri.engine.sums.round import SumsMove

__all__ = ["FOLLOW_UP", "heuristic_values", "reply_gains"]

FOLLOW_UP = 0.5
"""How much of this seat's own best next capture counts now (the next player moves first)."""


def capture_gain(sim: SimRound, card: int) -> float:
    """The most a card like ``card`` takes from ``sim``'s table (points, cards, a xeri), or 0."""
    table = sim.table
    points = sim.card_points
    best = 0.0
    for indices in sim.captures(card):
        score = points[card] + CARD_WEIGHT
        for i in indices:
            for c in table[i][2]:
                score += points[c] + CARD_WEIGHT
        if len(indices) == len(table):
            score += sim.xeri_points
        best = max(best, score)
    return best


def reply_gains(sim: SimRound) -> list[float]:
    """For each rank (0 ace .. 12 king): what a card of that rank could take from the table.

    A card's own points vary within a rank (10♦, 2♣); the rank's first card stands for
    it, and the card points it adds are the smallest of the rank, so a reply is not overrated."""
    return [capture_gain(sim, 4 * rank) for rank in range(13)]


def _none_held(unseen: int, hidden: int, hand: int) -> float:
    """The chance that ``hand`` cards drawn from ``unseen`` miss all ``hidden`` given ones."""
    chance = 1.0
    for i in range(hand):
        if unseen - i <= 0:
            break
        chance *= max(0, unseen - hidden - i) / (unseen - i)
    return chance


def expected_best(gains: list[float], unseen_by_rank: list[int], unseen: int, hand: int) -> float:
    """The expected most a player holding ``hand`` of the ``unseen`` cards takes, by rank."""
    order = sorted((g, r) for r, g in enumerate(gains) if g > 0 and unseen_by_rank[r])
    order.reverse()
    expected = 0.0
    hidden = 0
    missed_before = 1.0
    for gain, rank in order:
        hidden += unseen_by_rank[rank]
        missed = _none_held(unseen, hidden, hand)
        expected += gain * (missed_before - missed)
        missed_before = missed
    return expected


def heuristic_values(observation: SumsObservation) -> dict[SumsMove, float]:
    """Every legal move with its ``medium`` value (points, higher better), in legal-move order."""
    state = observation.public_round()
    moves = state.legal_moves()
    seat = observation.seat
    base = SimRound.from_round(state)
    unseen_cards = observation.unseen()
    unseen_by_rank = [0] * 13
    for c in unseen_cards:
        unseen_by_rank[RANK[c]] += 1
    unseen = len(unseen_cards)
    team = base.team_of[seat]
    before = _side_score(base, team)
    values: dict[SumsMove, float] = {}
    for move in moves:
        sim = base.copy()
        sim.play(move)
        value = _side_score(sim, team) - before
        if not sim.done and sim.hands[sim.to_move]:
            nxt = sim.to_move
            hand = len(sim.hands[nxt])
            reply = expected_best(reply_gains(sim), unseen_by_rank, unseen, min(hand, unseen))
            value -= reply if base.team_of[nxt] != team else -reply
            mine = [c for c in observation.hand if c != move.card]  # not a next packet's sampled cards
            if mine:
                value += FOLLOW_UP * max(capture_gain(sim, c) for c in mine)
        values[move] = value
    return values


def _side_score(sim: SimRound, team: int) -> float:
    """``team``'s points and cards minus the others' (cards at :data:`CARD_WEIGHT` each)."""
    score = 0.0
    for seat in range(sim.n):
        own = sim.points[seat] + CARD_WEIGHT * sim.counts[seat]
        score += own if sim.team_of[seat] == team else -own
    return score
