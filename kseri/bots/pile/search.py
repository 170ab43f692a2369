"""Level ``hard``: search, anytime and sliceable.

Before the last packet the hidden cards are unknown, so the search samples
them (:class:`~kseri.bots.pile.belief.Sampler`): each sample is a full round
consistent with the seat's observation and with what the other player's plays
this packet suggest about its hand. Every distinct card in hand is tried on
the same samples (common random numbers) and played out by the counting
heuristic (:mod:`kseri.bots.pile.rollout`) to the end of the packet, where
:mod:`kseri.bots.pile.value` estimates the rest of the round (or to the round's
end, outside the Greek two-player game). Cards that clearly trail the leader
stop being tried, so the budget goes to the close calls. In the last packet of
a two-player round nothing is hidden and :mod:`kseri.bots.pile.endgame` plays
exactly, when it is small enough (:func:`~kseri.bots.pile.endgame.within_reach`, and
within a node budget); a bigger one (rules with big packets) is played out by
the heuristic, one line per card, since nothing is hidden.
(:attr:`SearchParams.solve_last` also solves the last packet inside every
sample of the packet before it; with three times the work it did not play
better than ``hard``, so no level uses it.)

How much to search is decided from the position alone (a budget of simulated
plays, :attr:`SearchParams.work`, and of nodes for the exact search), never
from the clock, so a seed gives the same card however the work is sliced.
:func:`search_values` is a generator that yields the work it has done every
:data:`~kseri.bots.pile.params.STEP_WORK` or so (a few milliseconds, whatever the
rules: inside a sample, a play-out and an exact solve too);
:class:`~kseri.bots.pile.thinker.Thinker` runs it in slices of bounded length, so a
page can think between frames. The parameters live in :mod:`kseri.bots.pile.params`.

>>> import random
>>> from kseri.engine.match import Match
>>> obs = Observation.from_round(Match.new(rng=random.Random(8), first_dealer=1).round, seat=0)
>>> work = list(search_values(obs, random.Random(1), SearchParams(), samples=8))
>>> len(work) > 1 and max(work) < 2 * STEP_WORK     # the work done between two yields
True
"""

from __future__ import annotations

import random
from collections.abc import Generator

from kseri.bots.pile.belief import Sampler, excluded_ranks
from kseri.bots.pile.counting import equivalence_classes
from kseri.bots.pile.endgame import SOLVE_NODES, EndgameBudgetError, Solver, is_solvable, solve, within_reach
from kseri.bots.pile.heuristic import HeuristicParams
from kseri.bots.pile.params import (
    CLONE_WORK,
    EVALUATE_SAMPLES,
    PLAYOUT_CHUNK,
    SAMPLE_SOLVE_CARDS,
    SAMPLE_SOLVE_NODES,
    SOLVE_COST,
    STEP_WORK,
    SearchParams,
)
from kseri.bots.pile.rollout import exposed_bottom, final_difference, playout, public_seen
from kseri.bots.pile.value import GREEK_PACKET_VALUE, running_value
from kseri.engine.cards import RANK_INDEX
from kseri.engine.pile.observation import Observation
from kseri.engine.pile.round import Round
from kseri.engine.rules import card_points_table

__all__ = ["Values", "paired_errors", "search_values"]

Values = dict[int, float]
"""``{card index: estimated final point difference}``, one entry per distinct card."""


def search_values(observation: Observation, rng: random.Random, params: SearchParams,
                  samples: int | None = None, exact: bool = False,
                  errors: Values | None = None) -> Generator[int, None, Values]:
    """Generator behind :class:`~kseri.bots.pile.thinker.Thinker`: yields the work done (about
    :data:`~kseri.bots.pile.params.STEP_WORK` units of :mod:`~kseri.bots.pile.params`' measure at a
    time, whatever the rules' packets) and finally returns ``{card index: estimated final
    point difference}`` for each distinct card.

    With ``exact`` every card is estimated on all samples; otherwise cards that
    are clearly worse than the leader (on the samples so far) stop being tried,
    and their share of the budget goes to the close contenders.

    ``errors``, if given, is filled with each distinct card's standard error of the leader's
    estimate minus its own (:func:`paired_errors`: on the samples they share, so the luck of a
    sample common to both cancels out); 0 where the values are exact (the last packet) and for
    the leader itself. The values returned are the same with or without it.
    """
    if errors is not None:
        errors.clear()
    hand = list(observation.hand)
    points = card_points_table(observation.rules)
    candidates = equivalence_classes(hand, points)
    team = observation.rules.team_of(observation.seat)
    if len(candidates) == 1 and not exact:
        if errors is not None:
            errors[candidates[0]] = 0.0
        return {candidates[0]: 0.0}
    if params.endgame and observation.rules.players == 2 and observation.stock == 0:
        root = observation.sample_round(rng)  # nothing is hidden: the one consistent deal
        if is_solvable(root):
            if errors is not None:
                errors.update(dict.fromkeys(candidates, 0.0))  # nothing is sampled: no sampling error
            if within_reach(root):
                try:
                    return (yield from _endgame_values(root, candidates, team, exact))
                except EndgameBudgetError:
                    pass  # too big to solve within the budget: the heuristic plays it out
            return (yield from _line_values(root, candidates, team, params.rollout))
    # An evaluation by default (the hint's, the review's) goes on past its samples while a card's
    # difference from the best is undecided (_undecided), up to max_factor times as many.
    settle = exact and samples is None
    if samples is None:
        samples = params.samples_for(observation, len(candidates))
        if exact:
            samples = min(samples, EVALUATE_SAMPLES)
    samples = max(1, samples)
    rollout = params.rollout
    stop = params.stop_for(observation)
    # The fitted value of the Greek game; elsewhere the play-outs reach the round's end (running_value
    # is then the exact final difference), except at the big tables, which stop at a packet's end.
    value = GREEK_PACKET_VALUE.value if GREEK_PACKET_VALUE.applies_to(observation.rules) else running_value
    sampler = Sampler(observation, rng, excluded_ranks(observation) if params.belief else None,
                      params.belief and params.read_plays, params=params.rollout)
    results: dict[int, list[float]] = {c: [] for c in candidates}
    pairs: dict[tuple[int, int], _Pairs] = {}  # kept between prunes (_prune)
    active = list(candidates)
    solving = params.solve_last and params.endgame and observation.rules.players == 2 and \
        stop == observation.rules.cards - observation.rules.opening_size - observation.per_packet and \
        2 * observation.rules.packet_size <= SAMPLE_SOLVE_CARDS
    left = stop - len(observation.plays) + (SOLVE_COST if solving else 0)
    sample_cost = params.sample_cost(observation)
    budget = samples * (len(candidates) * left + sample_cost)
    cap = samples if exact else params.max_factor * samples
    used = m = 0
    spent = 0
    rank_index = RANK_INDEX
    pending = sampler.evals  # work not yet reported (here: reading the other player's plays)
    # What every sample shows in public (the opening, the plays, an exposed bottom card) is the
    # same in each, so it is counted once; unless the rules expose a bottom card that the
    # observation leaves out (a protocol bot may be given one so): each sample then has its own.
    public_fixed = observation.bottom is not None or not observation.rules.exposed_bottom
    seen: list[int] | None = None
    bottom = -1
    while m < cap and (exact or (spent < budget and len(active) > 1)):
        world, pending = yield from draw_sliced(sampler, rng, pending)
        if seen is None or not public_fixed:
            seen = public_seen(world)
            bottom = exposed_bottom(world)
        last = active[-1]
        for c in active:
            state = world.clone() if c != last else world  # the sample is not needed after its last card
            state.apply_index(c)
            s = seen[:]
            s[rank_index[c]] += 1
            s[13] += 1
            plays = state.plays
            if stop - len(plays) <= PLAYOUT_CHUNK:
                # One piece (a Greek play-out to the packet's end): _playout_steps' one step,
                # the same play-out and work, without a generator for every play-out.
                if len(plays) < stop and not state.is_terminal():
                    before = len(plays)
                    widest = max(map(len, state.hands))
                    playout(state, s, rollout, stop, bottom)
                    pending += (len(plays) - before) * (widest + 1)
                    if pending >= STEP_WORK:
                        yield pending
                        pending = 0
            else:
                for work in _playout_steps(state, s, rollout, stop, bottom):
                    pending += work
                    if pending >= STEP_WORK:
                        yield pending
                        pending = 0
            if state.is_terminal():
                results[c].append(final_difference(state, team))
            elif solving and is_solvable(state):
                # One solve is one unit of work (not sliced: this option is for experiments).
                try:
                    solution = solve(state, max_nodes=SAMPLE_SOLVE_NODES)
                    results[c].append(solution.value * (1 if team == 0 else -1))
                    yield pending + solution.nodes
                except EndgameBudgetError:
                    results[c].append(value(state, team))
                    yield pending + SAMPLE_SOLVE_NODES
                pending = 0
            else:
                results[c].append(value(state, team))
            pending += CLONE_WORK
        used = used + len(active) * left + sample_cost
        spent = used + sampler.work
        m += 1
        if settle and m == cap and cap < params.max_factor * samples and _undecided(results):
            cap += samples
        if not exact and m >= params.prune_after and m % params.prune_every == 0:
            pending += len(active) * m // 4
            active = _prune(active, results, params.prune_z, pairs)
        if pending >= STEP_WORK:
            yield pending
            pending = 0
    means = {c: sum(r) / len(r) for c, r in results.items() if r}
    if not exact:
        best = max(means[c] for c in active)
        for c in candidates:
            if c not in active and means[c] >= best:
                means[c] = best - 0.01  # dropped as worse: never chosen over a contender
    if errors is not None:
        errors.update(paired_errors(results, leader=max(active, key=lambda c: means[c])))
    if pending:
        yield pending
    return {c: means[c] for c in candidates}


def draw_sliced(sampler: Sampler, rng: random.Random, pending: int) -> Generator[int, None, tuple[Round, int]]:
    """One sample from ``sampler``, drawn in pieces (each try at the other player's hand is one):
    yields the work not yet reported whenever it reaches :data:`STEP_WORK`, and returns the sample
    with the work still unreported, its clone's included."""
    evals = sampler.evals
    draw = sampler.draw(rng)
    while True:
        try:
            next(draw)
        except StopIteration as drawn:
            world: Round = drawn.value
            break
        pending += sampler.evals - evals
        evals = sampler.evals
        if pending >= STEP_WORK:
            yield pending
            pending = 0
    return world, pending + sampler.evals - evals + CLONE_WORK


UNDECIDED = (1.0, 3.0)
"""An evaluation's card is undecided while its difference from the best lies between these many of its
standard errors: it may be as good as the best (within ``EVALUATE_Z``, 2, of them) or a loss, and
more samples will tell (:func:`_undecided`)."""

EVALUATE_Z = 2.0
"""How many standard errors apart a card must be from the best to be worse than it, for the people
the evaluation is shown to (``kseri.table.estimates.AS_GOOD_Z`` says the same)."""


def _undecided(results: dict[int, list[float]]) -> bool:
    """Whether some card's mean is behind the best by between :data:`UNDECIDED` standard errors of
    the difference (a difference of under a tenth of a point is decided: as good as the best)."""
    means = {c: sum(r) / len(r) for c, r in results.items() if r}
    if len(means) < 2:
        return False
    best = max(means.values())
    low, high = UNDECIDED
    for c, error in paired_errors(results).items():
        gap = best - means[c]
        if gap >= 0.1 and low * error < gap < high * error:
            return True
    return False


def paired_errors(results: dict[int, list[float]], leader: int | None = None) -> Values:
    """Each card's standard error of the leader's mean minus its own, from their paired results
    (the same sampled deals, in the same order: common random numbers), on the samples both
    were tried on; 0 for the leader, and where fewer than two samples leave no estimate.
    The leader is the card of the best mean unless given (a search that stopped trying some
    cards names the best of those it kept).

    >>> paired_errors({1: [3.0, 1.0, 2.0], 2: [2.0, 0.0, 2.0], 3: [3.0, 1.0, 2.0]})
    {1: 0.0, 2: 0.333..., 3: 0.0}
    """
    if leader is None:
        means = {c: sum(r) / len(r) for c, r in results.items() if r}
        if not means:
            return dict.fromkeys(results, 0.0)
        leader = max(means, key=lambda c: means[c])  # the first of the best, as the values rank them
    lead = results[leader]
    out: Values = {}
    for c, mine in results.items():
        n = min(len(lead), len(mine))
        if c == leader or n < 2:
            out[c] = 0.0
            continue
        diffs = [a - b for a, b in zip(lead[:n], mine[:n], strict=True)]
        mean = sum(diffs) / n
        var = sum([(d - mean) ** 2 for d in diffs]) / (n - 1)
        out[c] = (var / n) ** 0.5
    return out


def _playout_steps(state: Round, seen: list[int], params: HeuristicParams, stop: int,
                   bottom: int) -> Generator[int, None, None]:
    """:func:`~kseri.bots.pile.rollout.playout` to ``stop`` in pieces of at most
    :data:`~kseri.bots.pile.params.PLAYOUT_CHUNK` plays, yielding the work of each (the same
    play-out: the heuristic depends only on the position)."""
    hands = state.hands
    plays = state.plays
    end = len(state.deck)
    while (state.next_card < end or any(hands)) and len(plays) < stop:
        before = len(plays)
        widest = max(len(h) for h in hands)
        playout(state, seen, params, min(stop, before + PLAYOUT_CHUNK), bottom)
        yield (len(plays) - before) * (widest + 1)


def _line_values(root: Round, candidates: list[int], team: int,
                 params: HeuristicParams) -> Generator[int, None, Values]:
    """In a last packet too big to solve: each card's value when the heuristic plays both
    sides to the end after it (nothing is hidden, so one play-out per card says it all)."""
    seen = public_seen(root)
    bottom = exposed_bottom(root)
    values: Values = {}
    pending = 0
    for c in candidates:
        state = root.clone()
        state.apply_index(c)
        s = seen[:]
        s[RANK_INDEX[c]] += 1
        s[13] += 1
        for work in _playout_steps(state, s, params, len(state.deck), bottom):
            pending += work
            if pending >= STEP_WORK:
                yield pending
                pending = 0
        values[c] = final_difference(state, team)
        pending += CLONE_WORK
    yield pending
    return values


class _Pairs:
    """What :func:`_prune` keeps between calls: for each (leader, card) pair, the paired
    differences of their results so far and the running sum of their squares.

    The results only grow (one value per sample, appended), so a difference once computed
    never changes, and the sum of squares lets most prunes decide without another pass over
    every sample (see :func:`_prune`). Without it, each prune went over all ``m`` samples of
    every card in Python, every :attr:`~kseri.bots.pile.params.SearchParams.prune_every` samples:
    work growing with the square of the samples, most of it in the slowest decisions."""

    __slots__ = ("diffs", "squares")

    def __init__(self) -> None:
        self.diffs: list[float] = []
        self.squares = 0.0

    def update(self, lead: list[float], other: list[float]) -> list[float]:
        """The differences ``lead - other`` for every sample so far."""
        done = len(self.diffs)
        new = [a - b for a, b in zip(lead[done:], other[done:], strict=True)]
        self.diffs += new
        squares = self.squares
        for d in new:
            squares += d * d
        self.squares = squares
        return self.diffs


_MARGIN = 1e-9
"""How far (relative to the sums involved) the sum of squares must put a card from the prune's
threshold for :func:`_prune` to decide without the exact pass. The rounding errors of both ways
of computing are below ``4 * m * 2**-53`` of those sums (about ``1e-12`` for the 3,000 samples
the search may reach), so a decision taken outside this margin is the exact pass's own."""


def _prune(active: list[int], results: dict[int, list[float]], z: float,
           pairs: dict[tuple[int, int], _Pairs] | None = None, distinct: int | None = None) -> list[int]:
    """Keep the cards not clearly worse than the leader (paired differences on common samples).

    A card is kept when the mean of its differences from the leader is at most ``z`` standard
    errors: ``mean <= z * (var / n) ** 0.5`` with ``var = sum((d - mean) ** 2) / (m - 1)`` over
    the ``m`` samples and ``n`` the distinct deals among them (``distinct``, default ``m``), in
    these floats. A sample that replays a deal (``expert``'s, past
    :attr:`~kseri.bots.pile.tree.ExpertParams.deals`) mostly repeats its result: counted as new,
    it would shrink the standard error with no new information. With ``pairs`` (kept by the
    caller between prunes) the sum of squared deviations is first had from running sums,
    ``sum(d * d) - 2 * mean * sum(d) + m * mean**2``; only when that lands within a hair
    (:data:`_MARGIN`) of the threshold is the exact pass made. Either way the same cards are kept.

    >>> results = {1: [3.0, 0.0] * 6, 2: [0.0] * 12}   # card 1 leads by 1.5 on 12 samples
    >>> _prune([1, 2], results, 2.0)                  # ... if they were 12 deals
    [1]
    >>> _prune([1, 2], results, 2.0, distinct=2)      # two deals, each replayed six times
    [1, 2]
    """
    m = len(results[active[0]])
    n = m if distinct is None else max(1, min(m, distinct))
    means = {c: sum(results[c]) / m for c in active}
    leader = max(active, key=lambda c: means[c])
    lead = results[leader]
    keep = []
    for c in active:
        if c == leader:
            keep.append(c)
            continue
        pair = None
        if pairs is None:
            diffs = [a - b for a, b in zip(lead, results[c], strict=True)]
        else:
            pair = pairs.get((leader, c))
            if pair is None:
                pair = pairs[leader, c] = _Pairs()
            diffs = pair.update(lead, results[c])
        total = sum(diffs)
        mean = total / m
        if pair is not None and z > 0:
            if mean <= 0:
                keep.append(c)  # z times a standard error is never negative
                continue
            # mean <= z * sqrt(var / n)  <=>  (m - 1) * var >= n * (m - 1) * (mean / z) ** 2
            deviations = pair.squares - 2 * mean * total + m * mean * mean
            threshold = n * (m - 1) * (mean / z) ** 2
            margin = _MARGIN * (pair.squares + abs(2 * mean * total) + m * mean * mean + threshold)
            if deviations > threshold + margin:
                keep.append(c)
                continue
            if deviations < threshold - margin:
                continue
        var = sum([(d - mean) ** 2 for d in diffs]) / (m - 1)  # a list sums faster than a generator, same floats
        if mean <= z * (var / n) ** 0.5:
            keep.append(c)
    return keep


def _endgame_values(root: Round, candidates: list[int], team: int, exact: bool) -> Generator[int, None, Values]:
    """Exact values in the last packet; without ``exact`` only the best card's value is
    exact (the others are reported below it). Sliced by :meth:`Solver.value_steps`;
    :class:`~kseri.bots.pile.endgame.EndgameBudgetError` past :data:`~kseri.bots.pile.endgame.SOLVE_NODES`."""
    solver = Solver(root, max_nodes=SOLVE_NODES)
    sign = 1 if team == 0 else -1
    inf = solver.infinity

    mark = solver.nodes  # nodes already reported

    def report() -> int:
        nonlocal mark
        done, mark = solver.nodes - mark + 1, solver.nodes
        return done

    def mine(card: int, alpha: int = -inf, beta: int = inf) -> Generator[int, None, int]:
        """The value for this seat's side, searched in the window alpha..beta (its side's terms)."""
        steps = solver.value_steps(card, alpha, beta) if sign > 0 else solver.value_steps(card, -beta, -alpha)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                value: int = done.value
                break
            yield report()
        yield report()
        return value * sign

    values: dict[int, float] = {}
    best: int | None = None
    for c in solver.root_moves():
        if exact or best is None:
            v = yield from mine(c)
        elif (yield from mine(c, best, best + 1)) > best:  # a null window: is it better at all?
            v = yield from mine(c, best, inf)  # yes: its exact value
        else:
            values[c] = best - 0.5  # no better than the best: never chosen over it
            continue
        values[c] = float(v)
        if best is None or v > best:
            best = v
    return {c: values[c] for c in candidates}
