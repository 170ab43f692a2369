"""The pile tables' part of the browser table: what a card does in words (:mod:`~kseri.table.pile.words`),
why a card is good or bad (:mod:`~kseri.table.pile.hints`) and the table's strategy for the session
(:mod:`~kseri.table.pile.strategy`)."""
