"""A round's score, by side and by category.

>>> import random
>>> from kseri.engine.rules import GREEK
>>> from kseri.engine.pile.round import Round
>>> r = Round.deal(GREEK, dealer=0, rng=random.Random(3))
>>> while not r.is_terminal():
...     r.apply_index(r.hands[r.to_move][0])
>>> s = score_round(r)
>>> sum(side.total - side.kseri for side in s.sides) in (22, 25)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kseri.engine.cards import ACE, JACK, KING, QUEEN, RANK_INDEX, TEN, Card

if TYPE_CHECKING:  # (the round's own returns() are its score: state imports this module)
    from kseri.engine.rules import Rules
    from kseri.engine.state import RoundState

__all__ = ["Breakdown", "RoundScore", "score_round", "sole_best", "target_outcome"]

_TEN_OF_DIAMONDS = Card.parse("10D").index
_TWO_OF_CLUBS = Card.parse("2C").index
_NAMED_RANKS = frozenset({ACE, TEN, JACK, QUEEN, KING})


@dataclass(frozen=True, kw_only=True, slots=True)
class Breakdown:
    """One side's round: ``cards`` is a count, ``kseris``/``jack_kseris`` are counts,
    every other field is points, and ``total`` is their sum."""

    cards: int
    aces: int
    kings: int
    queens: int
    jacks: int
    tens: int
    other_ranks: int
    ten_of_diamonds: int
    two_of_clubs: int
    majority: int
    kseris: int
    jack_kseris: int
    kseri: int
    jack_table: int = 0
    """House rule: points for taking piles made only of jacks."""
    final_capture: int = 0
    """House rule: points for the round's last capture."""
    total: int

    def to_json(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in self.__dataclass_fields__}


@dataclass(frozen=True, kw_only=True, slots=True)
class RoundScore:
    """The score of a finished round, one :class:`Breakdown` per side (seat, or partnership)."""

    dealer: int
    sides: tuple[Breakdown, ...]

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(side.total for side in self.sides)

    @property
    def cards(self) -> tuple[int, ...]:
        return tuple(side.cards for side in self.sides)

    @property
    def kseris(self) -> tuple[int, ...]:
        return tuple(side.kseris + side.jack_kseris for side in self.sides)


def score_round(state: RoundState) -> RoundScore:
    """Score a finished round at either table (partners pool everything; ``docs/rules.md``
    §"Greek scoring", §"Partnerships")."""
    rules = state.rules
    teams = rules.teams
    captured: list[list[int]] = [[] for _ in range(teams)]
    kseris = [0] * teams
    jack_kseris = [0] * teams
    bonus = [0] * teams
    jack_tables = [0] * teams
    for seat in range(rules.players):
        team = rules.team_of(seat)
        captured[team] += state.captured[seat]
        kseris[team] += state.kseris[seat]
        jack_kseris[team] += state.jack_kseris[seat]
        bonus[team] += state.bonus[seat]
        jack_tables[team] += state.jack_tables[seat]
    final_team = rules.team_of(state.last_capturer) if state.last_capturer is not None else None
    counts = [len(cards) for cards in captured]
    most = max(counts)
    sides = []
    for team, cards in enumerate(captured):
        by_rank = [0] * 13
        for c in cards:
            by_rank[RANK_INDEX[c]] += 1
        rank_points = [count * points for count, points in zip(by_rank, rules.rank_points, strict=True)]
        majority = rules.majority_points if counts[team] == most and counts.count(most) == 1 else 0
        parts = {
            "aces": rank_points[ACE - 1],
            "kings": rank_points[KING - 1],
            "queens": rank_points[QUEEN - 1],
            "jacks": rank_points[JACK - 1],
            "tens": rank_points[TEN - 1],
            "other_ranks": sum(p for r, p in enumerate(rank_points, 1) if r not in _NAMED_RANKS),
            # Each copy scores (the double pack has two of each card).
            "ten_of_diamonds": rules.ten_of_diamonds_points * cards.count(_TEN_OF_DIAMONDS),
            "two_of_clubs": rules.two_of_clubs_points * cards.count(_TWO_OF_CLUBS),
            "majority": majority,
            "kseri": bonus[team],
            "jack_table": jack_tables[team] * rules.jack_table_points,
            "final_capture": rules.final_capture_points if team == final_team else 0,
        }
        sides.append(Breakdown(cards=counts[team], kseris=kseris[team], jack_kseris=jack_kseris[team],
                               total=sum(parts.values()), **parts))
    return RoundScore(dealer=state.dealer, sides=tuple(sides))


def sole_best(values: Sequence[int]) -> int | None:
    """The index of the one highest value; None when it is shared."""
    listed = list(values)
    best = max(listed)
    return listed.index(best) if listed.count(best) == 1 else None


def target_outcome(totals: Sequence[int], target: int, rules: Rules) -> tuple[int | None, int]:
    """``(winner, target)`` after a round's end left ``totals`` against ``target`` (a match played to a
    target): one side past it wins; several raise it by ``target_raise`` (tie break ``raise``) or the
    sole highest total wins (``higher``; a shared one plays on).

    >>> from kseri.engine.rules import GREEK, PISTI
    >>> target_outcome([160, 40], 151, GREEK), target_outcome([160, 155], 151, GREEK)
    ((0, 151), (None, 251))
    >>> target_outcome([120, 120], 101, PISTI)
    (None, 101)
    """
    reached = [side for side, total in enumerate(totals) if total >= target]
    if len(reached) == 1:
        return reached[0], target
    if len(reached) > 1:
        if rules.tie_break == "raise":
            return None, target + rules.target_raise
        return sole_best(totals), target
    return None, target
