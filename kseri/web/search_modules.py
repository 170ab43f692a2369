"""What the hint, the hard bot and the review load on first use: the page loads them early, one
module per task (:func:`kseri.web.startup.warm_up`), so the first hint does not also pay for loading;
a bot's turn or a hint that comes before that warm-up has finished loads what is left the same way
(:func:`load_search_modules`) before its first slice.

>>> SEARCH_MODULES[-1], len(set(SEARCH_MODULES)) == len(SEARCH_MODULES)
('kseri.bots.sums.thinker', True)
>>> import asyncio
>>> asyncio.run(load_search_modules())  # in CPython, as in the page: each import a task of its own
>>> all(name in sys.modules for name in SEARCH_MODULES)
True
"""

from __future__ import annotations

import asyncio
import importlib
import sys

__all__ = ["SEARCH_MODULES", "WARM_UP_DELAY", "load_search_modules"]

SEARCH_MODULES = ("kseri.bots.base", "kseri.bots.thinking", "kseri.bots.tables", "kseri.bots.pile.counting",
                  "kseri.bots.pile.easy", "kseri.bots.pile.heuristic", "kseri.bots.pile.scale",
                  "kseri.bots.pile.medium", "kseri.bots.pile.rollout", "kseri.bots.pile.value",
                  "kseri.bots.pile.params", "kseri.bots.pile.levels", "kseri.bots.pile.belief",
                  "kseri.bots.pile.endgame", "kseri.bots.pile.search", "kseri.bots.pile.thinker",
                  "kseri.bots.pile.evaluation", "kseri.bots.pile.tree",
                  # The open table's search, one module per slice too: imported in one go from
                  # its thinker they made a task of 240-400 ms on a busy machine.
                  "kseri.engine.sums.observation", "kseri.bots.sums.sim", "kseri.bots.sums.rollout",
                  "kseri.bots.sums.heuristic", "kseri.bots.sums.policy", "kseri.bots.sums.endgame",
                  "kseri.bots.sums.search", "kseri.bots.sums.thinker")
"""What the hint and the hard bot load on first use: loaded early, one per slice."""
WARM_UP_DELAY = 1.5
"""Seconds after the table opens before the warm-up starts (the first paint and deal come first)."""


async def load_search_modules() -> None:
    """Import each of :data:`SEARCH_MODULES` not yet imported, yielding to the browser after each.

    A search's first slice would otherwise import them all in one go: the expert's first turn,
    when it leads a page's first round before the warm-up, made a task of 50-54 ms that way."""
    for name in SEARCH_MODULES:
        if name not in sys.modules:
            importlib.import_module(name)
            await asyncio.sleep(0)
