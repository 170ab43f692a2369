"""The rules engine: cards, rules, rounds, scoring, matches, records and observations.

Pure standard library; nothing here knows about bots, the browser table or the
page. Every other layer of :mod:`kseri` builds on this one. The rules it plays
are written out in ``docs/rules.md``; the record format in ``docs/formats.md``.

A round is a :class:`~kseri.engine.pile.round.Round` at the pile tables and a
:class:`~kseri.engine.sums.round.SumsRound` at the sums table; scoring, matches and
records read either through :class:`~kseri.engine.state.RoundState`.
"""
