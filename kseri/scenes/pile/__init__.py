"""The pile tables' scenes: :mod:`~kseri.scenes.pile.build` plays a spec or a recorded round out
through :class:`~kseri.engine.pile.round.Round` (captions: :mod:`kseri.scenes.captions`)."""
