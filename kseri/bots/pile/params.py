"""How a search level spends its effort: :class:`SearchParams`, without the search.

:mod:`kseri.bots.pile.levels` names a level's parameters and :mod:`kseri.bots.pile.search`
spends them; both import this module, and neither imports the other.

>>> import random
>>> from kseri.engine.match import Match
>>> obs = Observation.from_round(Match.new(rng=random.Random(8), first_dealer=1).round, seat=0)
>>> SearchParams().stop_for(obs)    # play-outs stop at the end of the first packet
12
"""

from __future__ import annotations

from dataclasses import dataclass

from kseri.bots.pile.heuristic import DEFAULT_HEURISTIC, HeuristicParams
from kseri.bots.pile.value import GREEK_PACKET_VALUE, is_big_table
from kseri.engine.pile.observation import Observation

__all__ = ["BIG_TABLE_SAMPLE_COST", "CLONE_WORK", "EVALUATE_SAMPLES", "PLAYOUT_CHUNK", "SAMPLE_COST",
           "SAMPLE_SOLVE_CARDS", "SAMPLE_SOLVE_NODES", "SOLVE_COST", "STEP_WORK", "SearchParams",
           "packet_stop"]

EVALUATE_SAMPLES = 200
"""Default sampled deals for an evaluation of every card (``exact=True``): about 0.1 s
in CPython at the start of a packet."""

SAMPLE_COST = 4
"""Dealing one sample costs about as much as simulating this many plays (plus the
work of reading the other player's plays, :attr:`~kseri.bots.pile.belief.Sampler.work`)."""
BIG_TABLE_SAMPLE_COST = 12
"""Same, at the big tables (:func:`~kseri.bots.pile.value.is_big_table`): a sample deals some 70
hidden cards to up to five other hands and the stock."""
SOLVE_COST = 1200
"""Solving a last packet exactly costs about as much as this many simulated plays."""

# How finely the search is sliced. Work is counted in one measure, about a microsecond or
# two of CPython each: a card scored by the heuristic (a simulated play scores every card
# of the hand), a node of the exact search. None of this changes what the search computes.
STEP_WORK = 1_500
"""The search reports (yields) its work whenever about this much is done: a few milliseconds
in CPython. The largest piece it cannot split (one try at the other player's hand, one
piece of a play-out, the start of a decision) is of the same order, whatever the rules."""
PLAYOUT_CHUNK = 16
"""Plays of one play-out done in one piece (a Greek play-out to the packet's end is one)."""
CLONE_WORK = 10
"""Copying a sampled round, counted in that measure."""
SAMPLE_SOLVE_CARDS = 12
"""With :attr:`SearchParams.solve_last`: last packets of at most this many cards are solved
inside the samples (the Greek game's 12; bigger ones are valued as without the option)."""
SAMPLE_SOLVE_NODES = 20_000
"""With :attr:`SearchParams.solve_last`: the node budget of one solve inside a sample (a Greek
last packet needs at most about 12,000); one such solve is one unit of work, not sliced."""


@dataclass(frozen=True, slots=True)
class SearchParams:
    """How a search level spends its effort."""

    work: int = 80_000
    """Simulated plays per decision (samples x cards x plays left), which keeps
    the thinking time about even through the round."""
    big_table_work: int = 16_000
    """``work`` at the big tables (:func:`~kseri.bots.pile.value.is_big_table`: 5 or 6 seats, the
    double pack), where one simulated play costs more and the many hidden hands keep the cards
    close for longer, so the full budget would be spent more often: with 80 000 the median think
    at six seats was ~60 ms but the slowest 5% took over a second in CPython."""
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
    packet, as far as it plays like the heuristic (:class:`~kseri.bots.pile.belief.Sampler`)."""
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
        rules = observation.rules
        if self.solve_last and stop == rules.cards - rules.opening_size - observation.per_packet \
                and 2 * observation.rules.packet_size <= SAMPLE_SOLVE_CARDS:
            left += SOLVE_COST
        work = self.big_table_work if is_big_table(observation.rules) else self.work
        n = work // max(1, candidates * left + self.sample_cost(observation))
        return max(self.min_samples, min(self.max_samples, n))

    @staticmethod
    def sample_cost(observation: Observation) -> int:
        """What dealing one sample costs, in simulated plays."""
        return BIG_TABLE_SAMPLE_COST if is_big_table(observation.rules) else SAMPLE_COST

    def stop_for(self, observation: Observation) -> int:
        """How many cards of the round are played when a play-out stops."""
        rules = observation.rules
        total = rules.cards - rules.opening_size
        if not self.horizon or not (GREEK_PACKET_VALUE.applies_to(rules) or is_big_table(rules)):
            return total
        per = observation.per_packet
        stop = (len(observation.plays) // per + 1) * per
        if self.solve_last and stop == total - per:
            return stop  # the last packet is solved, however close its start
        return packet_stop(observation, self.horizon)


def packet_stop(observation: Observation, horizon: int) -> int:
    """Where a play-out valued at a packet's end stops: at the end of this packet, or of the next
    one when fewer than ``horizon`` plays are left in this one (never past the round's end): ``hard``'s
    stop in the Greek game, and ``expert``'s at any table with a fitted packet value.

    >>> import random
    >>> from kseri.engine.match import Match
    >>> from kseri.engine.rules import FOURCARD
    >>> obs = Observation.from_round(Match.new(FOURCARD, rng=random.Random(8), first_dealer=1).round, seat=0)
    >>> packet_stop(obs, 4), SearchParams().stop_for(obs)    # hard plays four-card to the round's end
    (8, 48)
    """
    rules = observation.rules
    per = observation.per_packet
    played = len(observation.plays)
    stop = (played // per + 1) * per
    if stop - played < horizon:
        stop += per
    return min(stop, rules.cards - rules.opening_size)
