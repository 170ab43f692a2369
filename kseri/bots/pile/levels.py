"""The levels, by name: what each one runs.

The names themselves, weakest first, are :data:`kseri.bots.names.LEVELS` (a leaf
module the table reads without importing the bots); :data:`SPECS` lists the same
names in the same order (a test keeps them in step).

>>> [spec.name for spec in SPECS]
['easy', 'medium', 'hard']
>>> level_spec("hard").search is not None
True
>>> level_spec("grandmaster")
Traceback (most recent call last):
...
kseri.bots.base.BotError: unknown bot level 'grandmaster' (known: easy, medium, hard)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from kseri.bots.base import BotError
from kseri.bots.names import LEVELS
from kseri.bots.pile.easy import choose_easy
from kseri.bots.pile.medium import choose_medium
from kseri.bots.pile.params import SearchParams
from kseri.engine.cards import Card
from kseri.engine.pile.observation import Observation

__all__ = ["LEVELS", "SPECS", "LevelSpec", "level_spec"]


@dataclass(frozen=True, slots=True)
class LevelSpec:
    """A level: a direct policy, or a search (which then ignores ``policy``)."""

    name: str
    description: str
    policy: Callable[[Observation, random.Random], Card]
    search: SearchParams | None = None


# No ``expert``: hard with three times the work and exact last packets inside the
# search of the packet before (``SearchParams(work=240_000, max_samples=3000,
# solve_last=True, prune_z=2.5)``) measured -0.64 points per round against hard
# (95% CI -2.10 .. +0.82, 150 duplicate deals) at 3-5 times the thinking time.
SPECS: tuple[LevelSpec, ...] = (
    LevelSpec("easy", "casual: takes what it sees, otherwise plays loosely", choose_easy),
    LevelSpec("medium", "counts cards, keeps jacks for big piles, leads safe ranks", choose_medium),
    LevelSpec("hard", "reads the opponent's plays, samples the hidden cards and plays them out; "
              "exact last packet", choose_medium, SearchParams()),
)
"""What each level of :data:`LEVELS` runs, in the same order."""


def level_spec(name: str) -> LevelSpec:
    """The level called ``name``; :class:`BotError` if there is none."""
    for spec in SPECS:
        if spec.name == name:
            return spec
    raise BotError(f"unknown bot level {name!r} (known: {', '.join(LEVELS)})")
