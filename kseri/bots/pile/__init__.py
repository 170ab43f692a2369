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
