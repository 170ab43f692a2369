"""One evaluation behind the hint and the review: how a sampled estimate's differences are told.

The hint and the review value your cards with the same search (the hard bot's, every card on
the same sampled deals: common random numbers), seeded by the position alone
(:func:`position_rng`), so a position is valued alike whether you asked for a hint there or the
review valued it afresh. A sampled value is an estimate: two cards whose difference is within
:data:`AS_GOOD_Z` standard errors of that difference are *as good as the best* (no points lost),
never a loss (:func:`loss_against_best`), so close calls do not flip between the hint and the
review, or between two runs with other samples.

>>> loss_against_best(2.0, 1.7, error=0.2)     # 0.3 behind, within 2 standard errors: as good
0.0
>>> loss_against_best(2.0, 1.0, error=0.2)     # 1.0 behind, 5 standard errors: a real loss
1.0
>>> loss_against_best(2.0, 1.0, error=0.0)     # exact values: every difference counts
1.0
"""

from __future__ import annotations

import random

__all__ = ["AS_GOOD_Z", "loss_against_best", "position_rng"]

AS_GOOD_Z = 2.0
"""A card within this many standard errors of the best card's value is as good as the best (about a
one-in-forty chance that a card really as good is called worse; the search drops cards from its
own choice at the same distance)."""


def loss_against_best(best: float, value: float, error: float) -> float:
    """Points a card of estimated ``value`` is expected to cost against the best card (``best``):
    ``best - value``, or 0 when that difference is within :data:`AS_GOOD_Z` times ``error`` (the
    standard error of the difference; 0 for exact values) and so may be the estimate's own noise.

    >>> loss_against_best(5.0, 5.0, error=0.0), loss_against_best(5.0, 6.0, error=0.0)
    (0.0, 0.0)
    """
    gap = best - value
    if gap <= AS_GOOD_Z * max(0.0, error) + 1e-9:
        return 0.0
    return gap


def position_rng(round_index: int, play_index: int) -> random.Random:
    """The generator of the search that values a position (round ``round_index`` of the match, before
    its play ``play_index``), for the hint and the review alike: from the position only, never the
    session's seed (a shared record does not carry it), so everyone who opens the same game sees the
    same values (string seeds are hashed the same in CPython and in Pyodide)."""
    return random.Random(f"kseri:0:review:{round_index}:{play_index}")
