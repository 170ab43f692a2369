"""Kseri bots: levels from casual to search, one interface, the protocol and an arena.

Levels (:data:`LEVELS`, weakest first):

- ``easy``: takes a pile when it holds the top card's rank (or a jack for a
  rich pile), otherwise plays a random card;
- ``medium``: counts cards; keeps jacks for piles worth them, leads ranks the
  opponent cannot (or is unlikely to) match, does not feed points to a pile the
  opponent may take (:mod:`kseri.bots.heuristic`);
- ``hard``: reads the opponent's plays, samples the hidden cards and plays each
  card out (:mod:`kseri.bots.search`); plays the last packet exactly
  (:mod:`kseri.bots.endgame`).

A bot sees only one seat's :class:`~kseri.engine.observation.Observation` and an
injected :class:`random.Random`:

>>> import random
>>> from kseri import Match, Observation
>>> m = Match.new(rng=random.Random(3), first_dealer=1)
>>> obs = Observation.from_round(m.round, seat=0)
>>> card = choose("medium", obs, random.Random(0))
>>> card.index in obs.hand
True

For a page that must not freeze, think in slices:

>>> think = Thinker("hard", obs, random.Random(0), samples=4)
>>> while not think.step(max_ms=20):
...     pass            # let the page breathe here
>>> think.choice().index in obs.hand
True

:func:`evaluate` gives every card in hand its expected round point difference
(a hint, or post-round analysis); :mod:`kseri.bots.protocol` serves
``kseri-bot/1`` and :mod:`kseri.bots.arena` measures bots on duplicate deals.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from kseri.engine.cards import Card
from kseri.engine.observation import Observation
from kseri.bots.base import Bot, BotError, legal_cards
from kseri.bots.evaluate import evaluate
from kseri.bots.levels import LEVELS, level_spec
from kseri.bots.search import Thinker

__all__ = ["LEVELS", "Bot", "BotError", "LevelBot", "Thinker", "choose", "evaluate", "get_bot",
           "legal_cards"]


def choose(level: str, observation: Observation, rng: random.Random) -> Card:
    """The card the bot of ``level`` plays (one call; see :class:`Thinker` for slices)."""
    return Thinker(level, observation, rng).run()


@dataclass(frozen=True, slots=True)
class LevelBot:
    """A :class:`Bot` playing one level (``LevelBot("hard")``)."""

    name: str

    def __post_init__(self) -> None:
        level_spec(self.name)  # raises BotError for an unknown level

    def choose(self, observation: Observation, rng: random.Random) -> Card:
        return choose(self.name, observation, rng)


def get_bot(level: str) -> Bot:
    """The :class:`Bot` for a level name."""
    return LevelBot(level)
