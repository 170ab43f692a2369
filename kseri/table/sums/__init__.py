"""The open table's part of the browser table (``rules=sums``): its strategy for the session
(:mod:`~kseri.table.sums.strategy`), the ways a card can be played (:mod:`~kseri.table.sums.moves`),
the hint of every way (:mod:`~kseri.table.sums.hints`) and its words (:mod:`~kseri.table.sums.words`)."""
