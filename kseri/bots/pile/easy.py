"""Level ``easy``: a casual player.

It takes what it sees: a card of the top card's rank takes the pile, and a jack
takes a pile that looks worth it. Otherwise it plays a random card, keeping its
jacks when it can. It remembers nothing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from kseri.bots.base import check_turn
from kseri.bots.pile.counting import Knowledge
from kseri.engine.cards import JACK_INDEX, Card, rank_index
from kseri.engine.pile.observation import Observation

__all__ = ["EasyBot", "choose_easy"]


def choose_easy(observation: Observation, rng: random.Random) -> Card:
    """The casual player's card."""
    check_turn(observation)
    hand = list(observation.hand)
    k = Knowledge.from_observation(observation)
    pile = k.pile
    if pile:
        top = rank_index(pile[-1])
        matches = [c for c in hand if rank_index(c) == top]
        if matches:
            return Card.from_index(rng.choice(matches))
        jacks = [c for c in hand if rank_index(c) == JACK_INDEX]
        if jacks and observation.rules.jacks_capture and (len(pile) >= 4 or k.pile_points >= 2):
            return Card.from_index(rng.choice(jacks))
    others = [c for c in hand if rank_index(c) != JACK_INDEX] or hand
    return Card.from_index(rng.choice(others))


@dataclass(frozen=True, slots=True)
class EasyBot:
    """:class:`~kseri.bots.base.Bot` for level ``easy``."""

    name: str = "easy"

    def choose(self, observation: Observation, rng: random.Random) -> Card:
        return choose_easy(observation, rng)
