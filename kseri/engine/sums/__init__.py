"""The open table (``rules=sums``, ``docs/rules.md`` §"Sums table"): cards side by side,
captures by rank or by sum, builds.

- :mod:`~kseri.engine.sums.round`: :class:`~kseri.engine.sums.round.SumsRound`, the round, and its
  moves (:class:`~kseri.engine.sums.round.SumsMove`, written ``7H:3C+4D``, ``5S>3H``, ``9D``);
- :mod:`~kseri.engine.sums.observation`: :class:`~kseri.engine.sums.observation.SumsObservation`,
  one seat's view and the resampling of the hidden cards.
"""
