"""The pile tables (the Greek game, four-card, pişti; 2 to 6 seats, one or two packs): one pile,
a card takes it by matching the top card's rank (or with a jack).

- :mod:`~kseri.engine.pile.round`: :class:`~kseri.engine.pile.round.Round`, the round;
- :mod:`~kseri.engine.pile.observation`: :class:`~kseri.engine.pile.observation.Observation`,
  one seat's view and the resampling of the hidden cards.
"""
