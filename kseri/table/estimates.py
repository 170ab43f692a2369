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
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the bots load on first use (start-up time in the page)
    from kseri.bots.thinking import Decision
    from kseri.engine.table import TableObservation

__all__ = ["AS_GOOD_Z", "evaluation", "loss_against_best", "position_rng"]

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


def evaluation(observation: TableObservation[Any], rng: random.Random, *,
               samples: int | None = None) -> Decision[Any]:
    """The search that values every move of ``observation``'s seat, for the hint and the review alike:
    the hard bot's, at the observation's table, valuing the position for the seat's side (its
    partnership's, or with three sides or more its own against the others' average), as the bots
    value positions there. Every move on the same sampled deals at two seats (``exact``, the last
    packet solved exactly); at three seats or more the search drops the clearly worse cards as the
    bot's own search does (their values then rest on fewer samples). ``samples`` fixes the sampled
    deals per move (None: the search's own number)."""
    from kseri.bots.tables import decision
    return decision("hard", observation, rng, exact=observation.rules.players == 2, samples=samples)
