"""Level ``hard``: search, anytime and sliceable.

Before the last packet the hidden cards are unknown, so the search samples
them (:class:`~kseri.bots.belief.Sampler`): each sample is a full round
consistent with the seat's observation and with what the other player's plays
this packet suggest about its hand. Every distinct card in hand is tried on
the same samples (common random numbers) and played out by the counting
heuristic (:mod:`kseri.bots.rollout`) to the end of the packet, where
:mod:`kseri.bots.value` estimates the rest of the round (or to the round's
end, outside the Greek two-player game). Cards that clearly trail the leader
stop being tried, so the budget goes to the close calls. In the last packet of
a two-player round nothing is hidden and :mod:`kseri.bots.endgame` plays
exactly. (:attr:`SearchParams.solve_last` also solves the last packet inside
every sample of the packet before it; with three times the work it did not
play better than ``hard``, so no level uses it.)

How much to search is decided from the position alone (a budget of simulated
plays, :attr:`SearchParams.work`), never from the clock, so a seed gives the
same card however the work is sliced. :func:`search_values` is a generator that
yields after each unit of work; :class:`~kseri.bots.thinker.Thinker` runs it in
slices of bounded length, so a page can think between frames. The parameters
live in :mod:`kseri.bots.params`.

>>> import random
>>> from kseri.engine.match import Match
>>> obs = Observation.from_round(Match.new(rng=random.Random(8), first_dealer=1).round, seat=0)
>>> work = search_values(obs, random.Random(1), SearchParams(), samples=8)
>>> units = sum(1 for _ in work)        # each yield is one unit of work (here: one sample)
>>> units >= 8
True
"""

from __future__ import annotations

import random
from collections.abc import Generator

from kseri.bots.base import equivalence_classes
from kseri.bots.belief import Sampler, excluded_ranks
from kseri.bots.endgame import Solver, is_solvable, solve
from kseri.bots.params import EVALUATE_SAMPLES, SAMPLE_COST, SOLVE_COST, SearchParams
from kseri.bots.rollout import final_difference, playout, public_seen
from kseri.bots.value import GREEK_PACKET_VALUE
from kseri.engine.cards import RANK_INDEX
from kseri.engine.observation import Observation
from kseri.engine.round import Round
from kseri.engine.rules import card_points_table

__all__ = ["Values", "search_values"]

Values = dict[int, float]
"""``{card index: estimated final point difference}``, one entry per distinct card."""


def search_values(observation: Observation, rng: random.Random, params: SearchParams,
                  samples: int | None = None, exact: bool = False) -> Generator[None, None, Values]:
    """Generator behind :class:`~kseri.bots.thinker.Thinker`: yields after each unit of work and finally
    returns ``{card index: estimated final point difference}`` for each distinct card.

    With ``exact`` every card is estimated on all samples; otherwise cards that
    are clearly worse than the leader (on the samples so far) stop being tried,
    and their share of the budget goes to the close contenders.
    """
    hand = list(observation.hand)
    points = card_points_table(observation.rules)
    candidates = equivalence_classes(hand, points)
    team = observation.rules.team_of(observation.seat)
    if len(candidates) == 1 and not exact:
        return {candidates[0]: 0.0}
    if params.endgame and observation.rules.players == 2 and observation.stock == 0:
        root = observation.sample_round(rng)  # nothing is hidden: the one consistent deal
        if is_solvable(root):
            return (yield from _endgame_values(root, candidates, team, exact))
    if samples is None:
        samples = params.samples_for(observation, len(candidates))
        if exact:
            samples = min(samples, EVALUATE_SAMPLES)
    samples = max(1, samples)
    rollout = params.rollout
    stop = params.stop_for(observation)
    value = GREEK_PACKET_VALUE.value
    sampler = Sampler(observation, rng, excluded_ranks(observation) if params.belief else None,
                      params.belief and params.read_plays, params=params.rollout)
    results: dict[int, list[float]] = {c: [] for c in candidates}
    active = list(candidates)
    solving = params.solve_last and params.endgame and observation.rules.players == 2 and \
        stop == 52 - observation.rules.opening_size - observation.per_packet
    left = stop - len(observation.plays) + (SOLVE_COST if solving else 0)
    budget = samples * (len(candidates) * left + SAMPLE_COST)
    cap = samples if exact else params.max_factor * samples
    used = m = 0
    spent = 0
    rank_index = RANK_INDEX
    while m < cap and (exact or (spent < budget and len(active) > 1)):
        world = sampler.sample(rng)
        seen = public_seen(world)
        for c in active:
            state = world.clone()
            state.apply_index(c)
            s = seen[:]
            s[rank_index[c]] += 1
            s[13] += 1
            playout(state, s, rollout, stop)
            if state.is_terminal():
                results[c].append(final_difference(state, team))
            elif solving and is_solvable(state):
                results[c].append(solve(state).value * (1 if team == 0 else -1))
                yield  # a solve is a unit of work of its own
            else:
                results[c].append(value(state, team))
        used = used + len(active) * left + SAMPLE_COST
        spent = used + sampler.work
        m += 1
        if not exact and m >= params.prune_after and m % params.prune_every == 0:
            active = _prune(active, results, params.prune_z)
        yield
    means = {c: sum(r) / len(r) for c, r in results.items() if r}
    if not exact:
        best = max(means[c] for c in active)
        for c in candidates:
            if c not in active and means[c] >= best:
                means[c] = best - 0.01  # dropped as worse: never chosen over a contender
    return {c: means[c] for c in candidates}


def _prune(active: list[int], results: dict[int, list[float]], z: float) -> list[int]:
    """Keep the cards not clearly worse than the leader (paired differences on common samples)."""
    m = len(results[active[0]])
    means = {c: sum(results[c]) / m for c in active}
    leader = max(active, key=lambda c: means[c])
    lead = results[leader]
    keep = []
    for c in active:
        if c == leader:
            keep.append(c)
            continue
        diffs = [a - b for a, b in zip(lead, results[c], strict=True)]
        mean = sum(diffs) / m
        var = sum((d - mean) ** 2 for d in diffs) / (m - 1)
        if mean <= z * (var / m) ** 0.5:
            keep.append(c)
    return keep


def _endgame_values(root: Round, candidates: list[int], team: int, exact: bool) -> Generator[None, None, Values]:
    """Exact values in the last packet; without ``exact`` only the best card's value is
    exact (the others are reported below it)."""
    solver = Solver(root)
    sign = 1 if team == 0 else -1
    inf = 10 ** 6

    def mine(card: int, alpha: int = -inf, beta: int = inf) -> int:
        """The value for this seat's side, searched in the window alpha..beta (its side's terms)."""
        if sign > 0:
            return solver.value_after(card, alpha, beta)
        return -solver.value_after(card, -beta, -alpha)

    values: dict[int, float] = {}
    best: int | None = None
    for c in solver.root_moves():
        if exact or best is None:
            v = mine(c)
        elif mine(c, best, best + 1) > best:  # a null window: is it better at all?
            v = mine(c, best, inf)  # yes: its exact value
        else:
            values[c] = best - 0.5  # no better than the best: never chosen over it
            yield
            continue
        values[c] = float(v)
        if best is None or v > best:
            best = v
        yield
    return {c: values[c] for c in candidates}
