"""The open table's bots (``docs/bots.md``), one module per job:

- :mod:`~kseri.bots.sums.sim`: a lean model of the round for the play-outs;
- :mod:`~kseri.bots.sums.rollout`: the play-outs' fast policy;
- :mod:`~kseri.bots.sums.heuristic`: ``medium``, one ply with the unseen cards counted;
- :mod:`~kseri.bots.sums.policy`: ``easy``, and each policy level's values;
- :mod:`~kseri.bots.sums.endgame`: the last packet, solved exactly;
- :mod:`~kseri.bots.sums.search`: ``hard``, sampled deals played out;
- :mod:`~kseri.bots.sums.thinker`: one decision in slices.
"""
