"""Kseri bots: levels from casual to search, one interface, the protocol and an arena.

Levels (:data:`LEVELS`, weakest first):

- ``easy``: takes a pile when it holds the top card's rank (or a jack for a
  rich pile), otherwise plays a random card;
- ``medium``: counts cards; keeps jacks for piles worth them, leads ranks the
  opponent cannot (or is unlikely to) match, does not feed points to a pile the
  opponent may take (:mod:`kseri.bots.heuristic`);
- ``hard``: reads the opponent's plays, samples the hidden cards and plays each
  card out (:mod:`kseri.bots.search`); plays the last packet exactly
  (:mod:`kseri.bots.endgame`) when it is small enough to solve within a budget;
- ``expert``: as ``hard``, but its own later cards in the packet are searched
  too, in a tree over what it will have seen then (:mod:`kseri.bots.expert.tree`).

A bot sees only one seat's :class:`~kseri.engine.observation.Observation` and an
injected :class:`random.Random`:

>>> import random
>>> from kseri import Match, Observation
>>> from kseri.bots import Thinker, choose
>>> m = Match.new(rng=random.Random(3), first_dealer=1)
>>> obs = Observation.from_round(m.round, seat=0)
>>> card = choose("medium", obs, random.Random(0))
>>> card.index in obs.hand
True

For a page that must not freeze, think in slices (a slice overruns ``max_ms`` by a
few milliseconds at most, whatever the rules; see :class:`Thinker`):

>>> think = Thinker("hard", obs, random.Random(0), samples=4)
>>> while not think.step(max_ms=20):
...     pass            # let the page breathe here
>>> think.choice().index in obs.hand
True

:func:`evaluate` gives every card in hand its expected round point difference
(a hint, or post-round analysis); :mod:`kseri.bots.protocol` serves
``kseri-bot/1`` and :mod:`kseri.bots.arena` measures bots on duplicate deals.

Importing this package is cheap: it loads only :mod:`kseri.bots.names`. Every
other name here is imported from its module on first use (``from kseri.bots
import Thinker`` loads the search), so the table can read the level names at
start-up and load the bots on the bot's first turn.

Modules, each importing only the ones above it (and :mod:`kseri.engine`):

- :mod:`~kseri.bots.names` (the level names, a leaf), :mod:`~kseri.bots.base`
  (the :class:`Bot` interface, :class:`BotError`), :mod:`~kseri.bots.scale`
  (point values too big for floats, scaled down);
- :mod:`~kseri.bots.counting`, :mod:`~kseri.bots.heuristic`, :mod:`~kseri.bots.easy`,
  :mod:`~kseri.bots.medium` (the policies), :mod:`~kseri.bots.rollout`,
  :mod:`~kseri.bots.value`, :mod:`~kseri.bots.belief`, :mod:`~kseri.bots.endgame`
  (what the search is made of);
- :mod:`~kseri.bots.params` (:class:`~kseri.bots.params.SearchParams`),
  :mod:`~kseri.bots.levels` (what each level runs), :mod:`~kseri.bots.search`
  (the sampling search);
- :mod:`~kseri.bots.thinker` (one decision in slices), :mod:`~kseri.bots.play`
  (:func:`choose`, :class:`LevelBot`), :mod:`~kseri.bots.evaluation` (:func:`evaluate`);
- :mod:`~kseri.bots.protocol` and :mod:`~kseri.bots.arena`.

The sums table (``docs/bots.md``): :mod:`~kseri.bots.sums_sim` (a lean model of the round),
:mod:`~kseri.bots.sums_rollout` (the play-outs' policy), :mod:`~kseri.bots.sums_heuristic`
(``medium``), :mod:`~kseri.bots.sums_policy` (``easy``, and each policy level's values),
:mod:`~kseri.bots.sums_endgame` (the last packet, exact), :mod:`~kseri.bots.sums_search`
(``hard``), :mod:`~kseri.bots.sums_thinker` (one decision in slices).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from kseri.bots.names import DEFAULT_LEVEL, LEVELS

if TYPE_CHECKING:
    from kseri.bots.base import Bot, BotError, legal_cards
    from kseri.bots.evaluation import evaluate, expand_values
    from kseri.bots.play import LevelBot, choose, get_bot
    from kseri.bots.thinker import Thinker

__all__ = ["DEFAULT_LEVEL", "LEVELS", "Bot", "BotError", "LevelBot", "Thinker", "choose", "evaluate",
           "expand_values", "get_bot", "legal_cards"]

_LAZY = {
    "Bot": "kseri.bots.base",
    "BotError": "kseri.bots.base",
    "legal_cards": "kseri.bots.base",
    "evaluate": "kseri.bots.evaluation",
    "expand_values": "kseri.bots.evaluation",
    "LevelBot": "kseri.bots.play",
    "choose": "kseri.bots.play",
    "get_bot": "kseri.bots.play",
    "Thinker": "kseri.bots.thinker",
}
"""Where each lazily imported name lives."""


def __getattr__(name: str) -> object:
    """Import a public name from its module on first use (then it is an ordinary global)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
