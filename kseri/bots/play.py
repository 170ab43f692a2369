"""Playing a level by name: :func:`choose` in one call, or a :class:`LevelBot`.

>>> import random
>>> from kseri import Match, Observation
>>> obs = Observation.from_round(Match.new(rng=random.Random(3), first_dealer=1).round, seat=0)
>>> choose("medium", obs, random.Random(0)) == get_bot("medium").choose(obs, random.Random(0))
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from kseri.bots.base import Bot
from kseri.bots.pile.levels import level_spec
from kseri.bots.pile.thinker import Thinker
from kseri.engine.cards import Card
from kseri.engine.pile.observation import Observation

__all__ = ["LevelBot", "choose", "get_bot"]


def choose(level: str, observation: Observation, rng: random.Random) -> Card:
    """The card the bot of ``level`` plays (one call; see :class:`~kseri.bots.pile.thinker.Thinker`
    for slices)."""
    return Thinker(level, observation, rng).run()


@dataclass(frozen=True, slots=True)
class LevelBot:
    """A :class:`~kseri.bots.base.Bot` playing one level (``LevelBot("hard")``)."""

    name: str

    def __post_init__(self) -> None:
        level_spec(self.name)  # raises BotError for an unknown level

    def choose(self, observation: Observation, rng: random.Random) -> Card:
        return choose(self.name, observation, rng)


def get_bot(level: str) -> Bot:
    """The :class:`~kseri.bots.base.Bot` for a level name."""
    return LevelBot(level)
