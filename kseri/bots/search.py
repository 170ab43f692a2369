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
same card however the work is sliced; :meth:`Thinker.step` only bounds how
long one slice may run, so a page can think between frames.

>>> import random
>>> from kseri.engine.match import Match
>>> from kseri.engine.observation import Observation
>>> m = Match.new(rng=random.Random(8), first_dealer=1)
>>> obs = Observation.from_round(m.round, seat=0)
>>> think = Thinker("hard", obs, random.Random(1), samples=8)
>>> while not think.step(max_ms=5):
...     pass
>>> think.choice() == Thinker("hard", obs, random.Random(1), samples=8).run()
True
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Iterator

from kseri.engine.cards import Card
from kseri.engine.observation import Observation
from kseri.engine.round import Round
from kseri.bots.base import BotError, check_turn, equivalence_classes
from kseri.bots.endgame import Solver, is_solvable, solve
from kseri.bots.belief import Sampler, excluded_ranks
from kseri.bots.value import GREEK_PACKET_VALUE
from kseri.bots.heuristic import DEFAULT_HEURISTIC, HeuristicParams
from kseri.bots.rollout import final_difference, playout, public_seen

__all__ = ["EVALUATE_SAMPLES", "SearchParams", "Thinker", "search_values"]

EVALUATE_SAMPLES = 200
"""Default sampled deals for an evaluation of every card (``exact=True``): about 0.1 s
in CPython at the start of a packet."""

_SAMPLE_COST = 4
"""Dealing one sample costs about as much as simulating this many plays (plus the
work of reading the other player's plays, :attr:`Sampler.work`)."""
_SOLVE_COST = 1200
"""Solving a last packet exactly costs about as much as this many simulated plays."""


@dataclass(frozen=True, slots=True)
class SearchParams:
    """How a search level spends its effort."""

    work: int = 80_000
    """Simulated plays per decision (samples x cards x plays left), which keeps
    the thinking time about even through the round."""
    min_samples: int = 24
    max_samples: int = 1000
    endgame: bool = True
    """Play the last packet exactly (two players)."""
    horizon: int = 4
    """Stop play-outs at the end of the current packet (at least this many plays
    ahead, else at the end of the next one) and value the position there; 0 plays
    every sample to the round's end."""
    belief: bool = True
    """Deal hidden cards consistently with what the other players' plays reveal."""
    read_plays: bool = True
    """Also weigh hidden hands by how well they explain the other player's plays this
    packet, as far as it plays like the heuristic (:class:`~kseri.bots.belief.Sampler`)."""
    max_factor: int = 3
    """Up to this many times the samples when the budget goes to fewer cards."""
    prune_after: int = 24
    prune_every: int = 8
    prune_z: float = 2.0
    """A card stops being tried when it trails the leader by this many standard errors."""
    solve_last: bool = False
    """In the packet before the last, stop play-outs at its end and solve the last
    packet of each sample exactly (the way it will really be played), instead of
    valuing the position. About a thousand times dearer than a simulated play."""
    rollout: HeuristicParams = DEFAULT_HEURISTIC

    def samples_for(self, observation: Observation, candidates: int) -> int:
        """Samples that spend ``work`` on every card (used when no card may be dropped)."""
        stop = self.stop_for(observation)
        left = stop - len(observation.plays)
        if self.solve_last and stop == 52 - observation.rules.opening_size - observation.per_packet:
            left += _SOLVE_COST
        n = self.work // max(1, candidates * left + _SAMPLE_COST)
        return max(self.min_samples, min(self.max_samples, n))

    def stop_for(self, observation: Observation) -> int:
        """How many cards of the round are played when a play-out stops."""
        rules = observation.rules
        total = 52 - rules.opening_size
        if not self.horizon or not GREEK_PACKET_VALUE.applies_to(rules):
            return total
        per = observation.per_packet
        p = len(observation.plays)
        stop = (p // per + 1) * per
        if self.solve_last and stop == total - per:
            return stop  # the last packet is solved, however close its start
        if stop - p < self.horizon:
            stop += per
        return min(stop, total)


def search_values(observation: Observation, rng: random.Random, params: SearchParams,
                  samples: int | None = None, exact: bool = False) -> Iterator[None]:
    """Generator behind :class:`Thinker`: yields after each unit of work and finally
    returns ``{card index: estimated final point difference}`` for each distinct card.

    With ``exact`` every card is estimated on all samples; otherwise cards that
    are clearly worse than the leader (on the samples so far) stop being tried,
    and their share of the budget goes to the close contenders.
    """
    hand = list(observation.hand)
    points = _points(observation)
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
    left = stop - len(observation.plays) + (_SOLVE_COST if solving else 0)
    budget = samples * (len(candidates) * left + _SAMPLE_COST)
    cap = samples if exact else params.max_factor * samples
    used = m = 0
    spent = 0
    while m < cap and (exact or (spent < budget and len(active) > 1)):
        world = sampler.sample(rng)
        seen = public_seen(world)
        for c in active:
            state = world.clone()
            state.apply_index(c)
            s = seen[:]
            s[c >> 2] += 1
            s[13] += 1
            playout(state, s, rollout, stop)
            if state.is_terminal():
                results[c].append(final_difference(state, team))
            elif solving and is_solvable(state):
                results[c].append(solve(state).value * (1 if team == 0 else -1))
                yield  # a solve is a unit of work of its own
            else:
                results[c].append(value(state, team))
        used = used + len(active) * left + _SAMPLE_COST
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
        diffs = [a - b for a, b in zip(lead, results[c])]
        mean = sum(diffs) / m
        var = sum((d - mean) ** 2 for d in diffs) / (m - 1)
        if mean <= z * (var / m) ** 0.5:
            keep.append(c)
    return keep


def _endgame_values(root: Round, candidates: list[int], team: int, exact: bool) -> Iterator[None]:
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


def _points(observation: Observation) -> tuple[int, ...]:
    from kseri.engine.rules import card_points_table
    return card_points_table(observation.rules)


class Thinker:
    """One decision, computed in slices: ``step()`` until it returns True, then ``choice()``.

    ``level`` is a level name (see :data:`kseri.bots.LEVELS`). ``samples``
    overrides a search level's number of sampled deals per card (default: from
    its work budget; when clearly worse cards are dropped, the close ones may
    get up to :attr:`SearchParams.max_factor` times as many). ``exact=True``
    asks for a value for every card (not just the best one), as
    :func:`kseri.bots.evaluate` needs; it then defaults to at most
    :data:`EVALUATE_SAMPLES` samples.

    The result depends only on the level, the observation, ``samples``,
    ``exact`` and the state of ``rng``, never on how the work is sliced.
    """

    def __init__(self, level: str, observation: Observation, rng: random.Random, *,
                 samples: int | None = None, exact: bool = False) -> None:
        from kseri.bots.levels import level_spec

        if not isinstance(observation, Observation):
            raise BotError(f"a bot takes an Observation (one seat's view), not {type(observation).__name__}")
        if getattr(observation.rules, "table", "pile") != "pile":
            raise BotError(f"the bots play one-pile tables only, not {observation.rules.profile!r}")
        check_turn(observation)
        self.level = level
        self.observation = observation
        self._spec = level_spec(level)
        self._rng = rng
        self._samples = samples
        self._exact = exact
        self._work: Iterator[None] | None = None
        self._values: dict[int, float] | None = None
        self._card: Card | None = None
        self.units = 0
        """Units of work done so far (one sample, one exact solve, or one endgame root move)."""

    @property
    def done(self) -> bool:
        return self._card is not None

    def step(self, max_ms: float = 25.0) -> bool:
        """Think for about ``max_ms`` milliseconds at most (one unit of work at least);
        True once the choice is made."""
        if self._card is not None:
            return True
        spec = self._spec
        if spec.search is None:
            self._card = spec.policy(self.observation, self._rng)
            return True
        if self._work is None:
            self._work = search_values(self.observation, self._rng, spec.search, self._samples, self._exact)
        deadline = time.perf_counter() + max_ms / 1000.0
        work = self._work
        while True:
            try:
                next(work)
            except StopIteration as stop:
                self._finish(stop.value)
                return True
            self.units += 1
            if time.perf_counter() >= deadline:
                return False

    def _finish(self, values: dict[int, float]) -> None:
        self._values = values
        best = max(values.values())
        # First best in hand order: deterministic, whatever the slicing.
        self._card = Card.from_index(next(c for c in values if values[c] >= best - 1e-9))

    def run(self) -> Card:
        """Think to the end in one go and return the card."""
        while not self.step(1e9):
            pass
        return self.choice()

    def choice(self) -> Card:
        """The chosen card; :class:`BotError` if :meth:`step` has not finished."""
        if self._card is None:
            raise BotError("the bot has not finished thinking: call step() until it returns True")
        return self._card

    def values(self) -> dict[int, float] | None:
        """For search levels, once done: ``{card index: expected final point difference}``
        (this seat's side minus the other, points already scored included), one entry per
        distinct card (same rank and points). With ``exact=True`` every entry is a full
        estimate; otherwise cards dropped as clearly worse are only reported below the
        chosen one. ``None`` for levels that do not search."""
        return self._values
