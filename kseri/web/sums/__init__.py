"""The open table's part of the page (``rules=sums``): its HTML (:mod:`~kseri.web.sums.render`:
the cards side by side, the choice between a card's ways) and a play shown in time
(:mod:`~kseri.web.sums.play`)."""
