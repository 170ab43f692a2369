"""The open table's scenes (``rules=sums``): :mod:`~kseri.scenes.sums.build` plays a spec or a
recorded round out through :class:`~kseri.engine.sums.round.SumsRound`; :mod:`~kseri.scenes.sums.captions`
writes what each move did."""
