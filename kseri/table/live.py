"""The live score: what each side has taken so far in the round in play, and what a play gained.

The points come from :func:`kseri.engine.scoring.score_round` itself (run on the round as it
stands), so the table can never disagree with the round's summary about what a card is worth.
Two parts of that score are left out until the round is over, because only its end decides
them: the majority bonus (the other side may still take more cards; the table shows the card
count instead) and the house rule's points for the round's last capture.

>>> import random
>>> from kseri.engine.pile.round import Round
>>> from kseri.engine.rules import GREEK
>>> r = Round.deal(GREEK, dealer=0, rng=random.Random(3))
>>> live_score(r)
(LiveSide(points=0, cards=0, kseris=0), LiveSide(points=0, cards=0, kseris=0))
>>> while not r.is_terminal():
...     r.apply_index(r.hands[r.to_move][0])
>>> sum(side.cards for side in live_score(r))
52
"""

from __future__ import annotations

from dataclasses import dataclass

from kseri.engine.scoring import Breakdown, score_round
from kseri.engine.state import RoundState

__all__ = ["LiveSide", "gains", "live_points", "live_score"]


@dataclass(frozen=True, slots=True)
class LiveSide:
    """One side's round so far."""

    points: int
    """Card points, kseris (and jack tables) taken so far; no majority bonus yet."""
    cards: int
    """Cards taken so far: the count toward the majority."""
    kseris: int
    """Kseris made so far (jack kseris included)."""


def live_points(side: Breakdown) -> int:
    """A side's points without what only the round's end decides (majority, the last capture).

    >>> from kseri.engine.scoring import Breakdown
    >>> b = Breakdown(cards=30, aces=2, kings=1, queens=0, jacks=1, tens=1, other_ranks=0, ten_of_diamonds=1,
    ...               two_of_clubs=0, majority=3, kseris=1, jack_kseris=0, kseri=10, final_capture=2, total=21)
    >>> live_points(b)
    16
    """
    return side.total - side.majority - side.final_capture


def live_score(state: RoundState) -> tuple[LiveSide, ...]:
    """Each side's points, cards and kseris so far in ``state`` (one entry per side, as scored)."""
    return tuple(LiveSide(points=live_points(side), cards=side.cards, kseris=side.kseris + side.jack_kseris)
                 for side in score_round(state).sides)


def gains(before: tuple[LiveSide, ...], after: tuple[LiveSide, ...]) -> tuple[int, ...]:
    """The points each side gained from ``before`` to ``after`` (a play, and the sweep it ended with).

    >>> gains((LiveSide(3, 10, 0), LiveSide(1, 4, 0)), (LiveSide(15, 14, 1), LiveSide(1, 4, 0)))
    (12, 0)
    """
    return tuple(a.points - b.points for b, a in zip(before, after, strict=True))
