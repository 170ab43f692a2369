"""What the hint, the hard bot and the review load on first use (pure data): the page loads them early,
one module per slice (:func:`kseri.web.startup.warm_up`), so the first hint does not also pay for loading.

>>> SEARCH_MODULES[-1], len(set(SEARCH_MODULES)) == len(SEARCH_MODULES)
('kseri.bots.sums.thinker', True)
"""

from __future__ import annotations

__all__ = ["SEARCH_MODULES", "WARM_UP_DELAY"]

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
