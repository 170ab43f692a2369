"""The pile tables' bots (``docs/bots.md``), each module importing only the ones above it
(and :mod:`kseri.engine`):

- :mod:`~kseri.bots.pile.scale` (point values too big for floats, scaled down);
- :mod:`~kseri.bots.pile.counting`, :mod:`~kseri.bots.pile.heuristic`, :mod:`~kseri.bots.pile.easy`,
  :mod:`~kseri.bots.pile.medium` (the policies), :mod:`~kseri.bots.pile.rollout`,
  :mod:`~kseri.bots.pile.value`, :mod:`~kseri.bots.pile.belief`, :mod:`~kseri.bots.pile.endgame`
  (what the search is made of);
- :mod:`~kseri.bots.pile.params` (:class:`~kseri.bots.pile.params.SearchParams`),
  :mod:`~kseri.bots.pile.levels` (what each level runs), :mod:`~kseri.bots.pile.search`
  (the sampling search);
- :mod:`~kseri.bots.pile.thinker` (one decision in slices), :mod:`~kseri.bots.pile.evaluation`
  (every card's value, for people).
"""

SEARCH_MODULES = ("kseri.bots.pile.counting", "kseri.bots.pile.easy", "kseri.bots.pile.heuristic",
                  "kseri.bots.pile.scale", "kseri.bots.pile.medium", "kseri.bots.pile.rollout",
                  "kseri.bots.pile.value", "kseri.bots.pile.params", "kseri.bots.pile.levels",
                  "kseri.bots.pile.belief", "kseri.bots.pile.endgame", "kseri.bots.pile.search",
                  "kseri.bots.pile.thinker", "kseri.bots.pile.evaluation", "kseri.bots.pile.tree")
"""What these tables' bots, hint and review import on first use, in an order that imports one new
module each (the page loads them one per task: :func:`kseri.bots.tables.search_modules`)."""
