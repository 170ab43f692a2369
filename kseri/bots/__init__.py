"""Kseri bots: levels from casual to search, one interface, the protocol and an arena.

Levels (:data:`LEVELS`, weakest first):

- ``easy``: takes a pile when it holds the top card's rank (or a jack for a
  rich pile), otherwise plays a random card;
- ``medium``: counts cards; keeps jacks for piles worth them, leads ranks the
  opponent cannot (or is unlikely to) match, does not feed points to a pile the
  opponent may take (:mod:`kseri.bots.pile.heuristic`);
- ``hard``: reads the opponent's plays, samples the hidden cards and plays each
  card out (:mod:`kseri.bots.pile.search`); plays the last packet exactly
  (:mod:`kseri.bots.pile.endgame`) when it is small enough to solve within a budget.

A bot sees only one seat's observation (never a hidden card) and an injected
:class:`random.Random`, at either table (:mod:`kseri.engine.tables`):

>>> import random
>>> from kseri import Match, Observation
>>> from kseri.bots import choose, decision
>>> m = Match.new(rng=random.Random(3), first_dealer=1)
>>> obs = Observation.from_round(m.round, seat=0)
>>> card = choose("medium", obs, random.Random(0))
>>> card.index in obs.hand
True

For a page that must not freeze, think in slices (a slice overruns ``max_ms`` by a
few milliseconds at most, whatever the rules; see :class:`~kseri.bots.thinking.Decision`):

>>> think = decision("hard", obs, random.Random(0))
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

The modules of every table: :mod:`~kseri.bots.names` (the level names, a leaf),
:mod:`~kseri.bots.base` (the :class:`Bot` interface, :class:`BotError`, the turn's checks),
:mod:`~kseri.bots.thinking` (the :class:`~kseri.bots.thinking.Decision` protocol every level of
every table implements, and the one sliced-search driver), :mod:`~kseri.bots.tables` (each
table's decision by the engine's table id), :mod:`~kseri.bots.play` (:func:`choose`,
:class:`LevelBot`), :mod:`~kseri.bots.protocol` and :mod:`~kseri.bots.arena`. Each table's
levels live together: :mod:`kseri.bots.pile` and :mod:`kseri.bots.sums` (``docs/bots.md``).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from kseri.bots.names import DEFAULT_LEVEL, LEVELS

if TYPE_CHECKING:
    from kseri.bots.base import Bot, BotError, legal_moves
    from kseri.bots.pile.counting import expand_values
    from kseri.bots.pile.evaluation import evaluate
    from kseri.bots.pile.thinker import Thinker
    from kseri.bots.play import LevelBot, choose, get_bot
    from kseri.bots.tables import decision
    from kseri.bots.thinking import Decision

__all__ = ["DEFAULT_LEVEL", "LEVELS", "Bot", "BotError", "Decision", "LevelBot", "Thinker", "choose", "decision",
           "evaluate", "expand_values", "get_bot", "legal_moves"]

_LAZY = {
    "Bot": "kseri.bots.base",
    "BotError": "kseri.bots.base",
    "legal_moves": "kseri.bots.base",
    "Decision": "kseri.bots.thinking",
    "evaluate": "kseri.bots.pile.evaluation",
    "expand_values": "kseri.bots.pile.counting",
    "LevelBot": "kseri.bots.play",
    "choose": "kseri.bots.play",
    "get_bot": "kseri.bots.play",
    "Thinker": "kseri.bots.pile.thinker",
    "decision": "kseri.bots.tables",
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
