"""The rules engine: cards, rules, rounds, scoring, matches, records and observations.

Pure standard library; nothing here knows about bots, the browser table or the
page. Every other layer of :mod:`kseri` builds on this one. The rules it plays
are written out in ``docs/rules.md``; the record format in ``docs/formats.md``.

Each table's code lives together: :mod:`kseri.engine.pile` (the pile tables: a
:class:`~kseri.engine.pile.round.Round`, its moves cards) and :mod:`kseri.engine.sums` (the
open table: a :class:`~kseri.engine.sums.round.SumsRound`, its moves
:class:`~kseri.engine.sums.round.SumsMove`). Both implement the table interface of
:mod:`kseri.engine.table` (rounds, observations, move notation, resampling), and
:func:`kseri.engine.tables.table_for` maps a rules profile to its table; scoring, matches and
records read either round through :class:`~kseri.engine.state.RoundState`.
"""
