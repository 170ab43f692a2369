"""Level ``medium``: sound heuristics and card counting.

It remembers every card seen (:class:`~kseri.bots.pile.counting.Knowledge`) and
plays the best card by the counting heuristic of :mod:`kseri.bots.pile.heuristic`:
it takes piles and kseris, keeps jacks for piles worth taking, leads ranks the
next player is unlikely to hold (best: ranks whose other copies are all
seen), and does not feed valuable cards to a pile the opponent may take.
Ties are broken with the injected random generator.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from kseri.bots.base import check_turn
from kseri.bots.pile.counting import Knowledge, equivalence_classes
from kseri.bots.pile.heuristic import DEFAULT_HEURISTIC, HeuristicParams, card_scores
from kseri.bots.pile.scale import bot_view
from kseri.engine.cards import Card
from kseri.engine.pile.observation import Observation

__all__ = ["MediumBot", "choose_medium", "score_cards"]


def score_cards(k: Knowledge, observation: Observation,
                params: HeuristicParams = DEFAULT_HEURISTIC) -> list[tuple[float, int]]:
    """(score, card) for each distinct card in hand; higher is better."""
    hand = list(k.hand)
    seen = [*k.seen, sum(k.seen)]
    scores = card_scores(hand, list(k.pile), k.pile_points, seen, k.next_hand, k.stock > 0,
                         observation.rules, k.points, params)
    by_card = dict(zip(hand, scores, strict=True))
    return [(by_card[c], c) for c in equivalence_classes(hand, k.points)]


def choose_medium(observation: Observation, rng: random.Random,
                  params: HeuristicParams = DEFAULT_HEURISTIC) -> Card:
    """The card-counting heuristic player's card."""
    check_turn(observation)
    observation = bot_view(observation)[0]  # points too big for floats are scaled down
    k = Knowledge.from_observation(observation)
    scored = score_cards(k, observation, params)
    best = max(s for s, _ in scored)
    choices = [c for s, c in scored if s >= best - 1e-9]
    return Card.from_index(choices[0] if len(choices) == 1 else rng.choice(choices))


@dataclass(frozen=True, slots=True)
class MediumBot:
    """:class:`~kseri.bots.base.Bot` for level ``medium``."""

    name: str = "medium"
    params: HeuristicParams = DEFAULT_HEURISTIC

    def choose(self, observation: Observation, rng: random.Random) -> Card:
        return choose_medium(observation, rng, self.params)
