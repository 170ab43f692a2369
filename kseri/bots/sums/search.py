"""The ``hard`` sums-table search: sample the hidden cards, play each candidate out, average.

A generator of work units (:func:`search_values`): each unit plays one candidate
move out to the round's end on one sampled deal and yields the plays that took,
so :class:`~kseri.bots.sums.thinker.SumsThinker` can stop between any two. Every
candidate is played out on the same sampled deals (the luck of a deal cancels
between candidates), by the fast policy of :mod:`kseri.bots.sums.rollout`.

The hidden cards (the other hands and the stock) are dealt at random from the
unseen ones, as :meth:`~kseri.engine.sums.observation.SumsObservation.sample_round`
deals them, with one constraint more: a build another seat owns is known to be
backed, so that seat is dealt a card of the build's value when one is unseen.

Candidates: the ``medium`` heuristic's best few (every legal move with
``exact``). The number of sampled deals follows a budget of simulated plays, so
a decision early in the round (long play-outs) samples fewer deals than a late
one; when nothing is hidden but the order of no stock (the last packet, every
hand known), one deal says it all.

>>> import random
>>> from kseri.engine.rules import SUMS
>>> from kseri.engine.sums.round import SumsRound, _demo_deck
>>> from kseri.engine.sums.observation import SumsObservation
>>> obs = SumsObservation.from_round(SumsRound.from_deck(SUMS, 1, _demo_deck()), seat=0)
>>> work = search_values(obs, random.Random(1), SumsSearchParams())
>>> from kseri.bots.thinking import finish
>>> values, move = finish(work)
>>> str(move)
'7H:3C+4D'
"""

from __future__ import annotations

import math
import random
from collections.abc import Generator
from dataclasses import dataclass

from kseri.bots.sums.endgame import solve_values
from kseri.bots.sums.heuristic import heuristic_values
from kseri.bots.sums.rollout import play_out
from kseri.bots.sums.sim import VALUE, SimRound
from kseri.engine.sums.observation import SumsObservation
from kseri.engine.sums.round import SumsMove

__all__ = ["SearchResult", "SumsSearchParams", "search_values"]


@dataclass(frozen=True, kw_only=True, slots=True)
class SumsSearchParams:
    """How hard the sums search works."""

    budget: int = 5_000
    """Simulated plays per decision (about 1 ms of CPython per 90)."""
    candidates: int = 4
    """Moves searched: the heuristic's best (all of them when values are asked for every move)."""
    obvious: float = 3.0
    """When the heuristic's best move leads the next by this many points, it is played unsearched
    (a xeri, mostly); values for every move are always searched."""
    min_samples: int = 12
    max_samples: int = 200
    endgame_cards: int = 8
    """The exact solve of the last packet starts when the hands hold this many cards at most."""
    endgame_nodes: int = 6_000
    """Positions that solve may visit (0: never solve); past them the play-outs decide."""
    trust: float = 1.5
    """Standard errors by which a move must beat the heuristic's choice on the same deals to be
    played instead (the play-outs' policy is cruder than the heuristic, and samples are few)."""


def _hidden_seats(base: SimRound, seat: int) -> list[int]:
    return [s for s in range(base.n) if s != seat]


def _deal_hidden(base: SimRound, seat: int, pool: list[int], rng: random.Random) -> SimRound:
    """A copy of ``base`` with the unseen ``pool`` dealt at random to the other hands and the stock."""
    sim = base.copy()
    cards = pool[:]
    rng.shuffle(cards)
    start = 0
    for other in _hidden_seats(base, seat):
        size = len(base.hands[other])
        sim.hands[other] = cards[start:start + size]
        start += size
    sim.stock = cards[start:]
    for value, _, _, owner in sim.table:
        if owner < 0 or owner == seat or value <= 0:
            continue
        hand = sim.hands[owner]
        if not hand or any(VALUE[c] == value for c in hand):
            continue
        backing = [i for i, c in enumerate(sim.stock) if VALUE[c] == value]
        if backing:  # the owner built holding a card of this value: swap one in
            i = backing[rng.randrange(len(backing))]
            j = rng.randrange(len(hand))
            hand[j], sim.stock[i] = sim.stock[i], hand[j]
    return sim


def _candidates(observation: SumsObservation, moves: list[SumsMove], params: SumsSearchParams,
                exact: bool) -> tuple[list[SumsMove], SumsMove]:
    """The moves worth searching, in legal-move order, and the heuristic's choice among them."""
    values = heuristic_values(observation)
    ranked = sorted(range(len(moves)), key=lambda i: -values[moves[i]])
    anchor = moves[ranked[0]]
    if exact:
        return moves, anchor
    if len(ranked) > 1 and values[moves[ranked[0]]] - values[moves[ranked[1]]] >= params.obvious:
        return [anchor], anchor
    keep = set(ranked[:params.candidates])
    return [m for i, m in enumerate(moves) if i in keep], anchor


def _trusted_choice(anchor: SumsMove, scores: dict[SumsMove, list[float]], z: float) -> SumsMove:
    """The heuristic's choice, unless another candidate beats it on the same deals by more than
    ``z`` standard errors (then the one that beats it most): sampling noise never overrules
    the heuristic, a clear difference does."""
    base = scores[anchor]
    n = len(base)
    best, best_gain = anchor, 0.0
    if n < 2:
        return anchor
    for move, values in scores.items():
        diffs = [v - b for v, b in zip(values, base, strict=True)]
        mean = sum(diffs) / n
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
        if mean > best_gain and mean > z * spread:
            best, best_gain = move, mean
    return best


SearchResult = tuple[dict[SumsMove, float], SumsMove]
"""Each legal move's value (legal-move order) and the move to play."""


def search_values(observation: SumsObservation, rng: random.Random, params: SumsSearchParams, *,
                  exact: bool = False) -> Generator[int, None, SearchResult]:
    """Yield the plays of each play-out; return each legal move's value in legal-move order
    (the expected final round difference: this seat's side minus the other, points already
    scored included; moves left out of the search are valued just below the worst searched),
    and the move to play."""
    state = observation.public_round()
    moves = state.legal_moves()
    if len(moves) == 1 and not exact:
        return {moves[0]: 0.0}, moves[0]
    candidates, anchor = _candidates(observation, moves, params, exact)
    if len(candidates) == 1 and not exact:
        return {m: 0.0 if m == anchor else -1.0 for m in moves}, anchor
    seat = observation.seat
    base = SimRound.from_round(state)
    team = base.team_of[seat]
    pool = observation.unseen()
    plays_left = len(base.stock) + sum(len(h) for h in base.hands)
    known = not base.stock and len(_hidden_seats(base, seat)) == 1
    if known and params.endgame_nodes and plays_left <= params.endgame_cards:
        deal = _deal_hidden(base, seat, pool, random.Random(0))  # nothing is random: the pool is one hand
        solved = yield from solve_values(deal, params.endgame_nodes, exact=exact)
        if solved is not None:
            by_move = {base.engine_move(*turn): value for turn, value in solved}
            best = max(by_move.values())
            return {m: by_move[m] for m in moves}, next(m for m in moves if by_move[m] >= best - 1e-9)
    if known:
        samples = 1  # every card is known: the play-out policy is deterministic
    else:
        samples = params.budget // max(1, len(candidates) * plays_left)
        samples = max(params.min_samples, min(params.max_samples, samples))
    sampler = random.Random(rng.getrandbits(64))
    scores: dict[SumsMove, list[float]] = {m: [] for m in candidates}
    for _ in range(samples):
        deal = _deal_hidden(base, seat, pool, sampler)
        for move in candidates:
            sim = deal.copy()
            sim.play(move)
            plays = 1 + play_out(sim)
            scores[move].append(sim.difference(team))
            yield plays
    values = {m: sum(v) / samples for m, v in scores.items()}
    floor = min(values.values()) - 1.0
    return {m: values.get(m, floor) for m in moves}, _trusted_choice(anchor, scores, params.trust)
