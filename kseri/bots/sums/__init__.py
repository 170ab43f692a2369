"""The open table's bots (``docs/bots.md``), one module per job:

- :mod:`~kseri.bots.sums.sim`: a lean model of the round for the play-outs;
- :mod:`~kseri.bots.sums.rollout`: the play-outs' fast policy;
- :mod:`~kseri.bots.sums.heuristic`: ``medium``, one ply with the unseen cards counted;
- :mod:`~kseri.bots.sums.policy`: ``easy``, and each policy level's values;
- :mod:`~kseri.bots.sums.endgame`: the last packet, solved exactly;
- :mod:`~kseri.bots.sums.search`: ``hard``, sampled deals played out;
- :mod:`~kseri.bots.sums.thinker`: one decision in slices.
"""

# Imported in one go from the thinker, these made a task of 240-400 ms in the page on a busy machine.
SEARCH_MODULES = ("kseri.engine.sums.observation", "kseri.bots.sums.sim", "kseri.bots.sums.rollout",
                  "kseri.bots.sums.heuristic", "kseri.bots.sums.policy", "kseri.bots.sums.endgame",
                  "kseri.bots.sums.search", "kseri.bots.sums.thinker")
"""What this table's bots and hint import on first use, in an order that imports one new module
each (the page loads them one per task: :func:`kseri.bots.tables.search_modules`)."""
