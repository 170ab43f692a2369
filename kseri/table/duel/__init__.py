"""A friend's match between two devices: the cards dealt so that neither device can see or choose
what the other holds (:mod:`~kseri.table.duel.peer`, with :mod:`~kseri.table.duel.outgoing` and
:mod:`~kseri.table.duel.incoming` for the messages each way), the messages' text
(:mod:`~kseri.table.duel.codec`), the match rebuilt on the engine (:mod:`~kseri.table.duel.rebuild`),
saves (:mod:`~kseri.table.duel.saved`) and the session the page plays (:mod:`~kseri.table.duel.session`)."""
