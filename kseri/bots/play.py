"""Playing a level by name at any table: :func:`choose` in one call, or a :class:`LevelBot`.

>>> import random
>>> from kseri import Match, Observation
>>> obs = Observation.from_round(Match.new(rng=random.Random(3), first_dealer=1).round, seat=0)
>>> choose("medium", obs, random.Random(0)) == get_bot("medium").choose(obs, random.Random(0))
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from kseri.bots.base import Bot, check_level
from kseri.bots.tables import decision
from kseri.engine.table import MoveT, TableObservation

__all__ = ["LevelBot", "choose", "get_bot"]


def choose(level: str, observation: TableObservation[MoveT], rng: random.Random) -> MoveT:
    """The move the bot of ``level`` plays (one call; :func:`~kseri.bots.tables.decision` gives
    the decision to think in slices)."""
    move: MoveT = decision(level, observation, rng).run()
    return move


@dataclass(frozen=True, slots=True)
class LevelBot:
    """A :class:`~kseri.bots.base.Bot` playing one level at any table (``LevelBot("hard")``)."""

    name: str

    def __post_init__(self) -> None:
        check_level(self.name)  # raises BotError for an unknown level

    def choose(self, observation: TableObservation[Any], rng: random.Random) -> Any:
        return choose(self.name, observation, rng)


def get_bot(level: str) -> Bot:
    """The :class:`~kseri.bots.base.Bot` for a level name."""
    return LevelBot(level)
