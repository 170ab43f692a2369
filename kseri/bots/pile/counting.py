"""Card counting: what a seat can deduce from everything it has seen.

A player who remembers every card knows, for each rank, how many copies are
still hidden (in the other hands or the stock) and therefore how likely the
next player is to hold one. :class:`Knowledge` is that memory, built from an
:class:`~kseri.engine.pile.observation.Observation` only.

>>> from kseri.engine.pile.observation import Observation
>>> from kseri.engine.cards import Card
>>> idx = lambda codes: tuple(Card.parse(c).index for c in codes.split())
>>> obs = Observation(seat=0, dealer=1, hand=idx("7H 7S JS 2C QD KD"),
...                   opening=idx("7C 9D QH 5S"), plays=())
>>> k = Knowledge.from_observation(obs)
>>> seven = rank_index(Card.parse("7C").index)
>>> k.hidden_of_rank(seven), k.hidden, k.next_hand
(1, 42, 6)
>>> round(k.p_next_holds(seven), 3)   # the last seven: 6 of the 42 hidden cards are in the next hand
0.143

Cards that play alike are one choice (:func:`equivalence_classes`):

>>> ten_d, ten_s, five_s, five_h = (Card.parse(c).index for c in ("10D", "10S", "5S", "5H"))
>>> [Card.from_index(c).code for c in equivalence_classes((ten_d, five_s, ten_s, five_h))]
['10D', '5S', '10S']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from kseri.engine.cards import JACK_INDEX, Card, rank_index
from kseri.engine.pile.observation import Observation
from kseri.engine.rules import GREEK, card_points_table

__all__ = ["Knowledge", "equivalence_classes", "expand_values", "p_holds_any"]


def equivalence_classes(cards: Sequence[int], points: Sequence[int] | None = None) -> list[int]:
    """One representative per group of interchangeable cards, in first-seen order.

    Suits never matter in play; two cards of one rank are interchangeable unless
    they score differently (10♦ against another ten, 2♣ against another two).
    ``points`` is the rules' card-points table (Greek by default).
    """
    if points is None:
        points = card_points_table(GREEK)
    seen: set[tuple[int, int]] = set()
    out = []
    for c in cards:
        key = (rank_index(c), points[c])
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


def expand_values(observation: Observation, values: dict[int, float]) -> list[tuple[Card, float]]:
    """Give each card in hand the value of its class (same rank and points); best first,
    ties in hand order."""
    points = card_points_table(observation.rules)
    by_class = {(rank_index(c), points[c]): v for c, v in values.items()}
    rows = [(Card.from_index(c), by_class[(rank_index(c), points[c])]) for c in observation.hand]
    order = sorted(range(len(rows)), key=lambda i: (-rows[i][1], i))
    return [rows[i] for i in order]


def p_holds_any(copies: int, hand: int, hidden: int) -> float:
    """Chance that a hand of ``hand`` cards, dealt from ``hidden`` unseen cards,
    holds at least one of ``copies`` given cards (hypergeometric).

    >>> p_holds_any(0, 6, 30), p_holds_any(1, 6, 6), round(p_holds_any(2, 6, 30), 4)
    (0.0, 1.0, 0.3655)
    """
    if copies <= 0 or hand <= 0 or hidden <= 0:
        return 0.0
    if hand >= hidden or copies > hidden - hand:
        return 1.0
    return 1.0 - comb(hidden - copies, hand) / comb(hidden, hand)


@dataclass(frozen=True, slots=True)
class Knowledge:
    """A seat's memory of the round. Ranks are rank indices
    (:func:`~kseri.engine.cards.rank_index`: 0 for an ace .. 12 for a king)."""

    seat: int
    hand: tuple[int, ...]
    seen: tuple[int, ...]
    """Copies of each rank seen in public (opening pile, plays, exposed bottom)."""
    held: tuple[int, ...]
    """Copies of each rank in this seat's hand."""
    hidden: int
    """Cards this seat has not seen (the other hands and the stock)."""
    next_hand: int
    """Cards held by the next seat to play (the one that can answer a drop)."""
    pile: tuple[int, ...]
    pile_points: int
    stock: int
    points: tuple[int, ...]
    """The rules' points for each card index."""
    copies: int = 4
    """Cards of each rank in the pack: 4, or 8 with the double pack."""

    @classmethod
    def from_observation(cls, obs: Observation) -> Knowledge:
        seen = [0] * 13
        for c in obs.opening:
            seen[rank_index(c)] += 1
        for c in obs.plays:
            seen[rank_index(c)] += 1
        if obs.bottom is not None and obs.stock:  # (dealt, it is in a hand: the dealer's, until played)
            seen[rank_index(obs.bottom)] += 1
        held = [0] * 13
        for c in obs.hand:
            held[rank_index(c)] += 1
        sizes = obs.hand_sizes()
        nxt = (obs.seat + 1) % obs.rules.players
        points = card_points_table(obs.rules)
        pile = tuple(_pile(obs))
        return cls(seat=obs.seat, hand=tuple(obs.hand), seen=tuple(seen), held=tuple(held),
                   hidden=len(obs.unseen()), next_hand=sizes[nxt], pile=pile,
                   pile_points=sum(points[c] for c in pile), stock=obs.stock, points=points,
                   copies=4 * obs.rules.packs)

    def hidden_of_rank(self, rank: int) -> int:
        """Copies of ``rank`` this seat has not seen."""
        return self.copies - self.seen[rank] - self.held[rank]

    def p_next_holds(self, rank: int) -> float:
        """Chance that the next seat holds at least one card of ``rank``."""
        return p_holds_any(self.hidden_of_rank(rank), self.next_hand, self.hidden)

    @property
    def p_next_has_jack(self) -> float:
        return self.p_next_holds(JACK_INDEX)


def _pile(obs: Observation) -> list[int]:
    """The pile now, rebuilt from the opening and the plays (public facts only)."""
    rules = obs.rules
    pile = list(obs.opening)
    for c in obs.plays:
        rank = rank_index(c)
        if pile and (rank == rank_index(pile[-1]) or (rank == JACK_INDEX and rules.jacks_capture)):
            pile = []
        else:
            pile.append(c)
    return pile
