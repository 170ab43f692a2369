"""What a position between packets is worth: the search's leaf evaluation.

Playing every sample to the round's end adds the noise of packets nobody has
seen yet to every estimate. Search can instead stop at the end of a packet
and value the position there: the points already scored, plus what the
pile on the table and the card counts are expected to bring.

The expectation was fitted (least squares, 30 000 rounds of the medium
heuristic against itself, Greek rules) per number of packets played ``k``,
from the point of view of the seat that leads the next packet (``L = +1``
for it, ``-1`` for the other):

    future points ≈ L * (c0 + c_pts * pile points + c_n * pile cards + c_empty * [pile empty])
    majority      ≈ 3 * tanh(a * (card difference + b * L * pile cards + g * L))

The leader tends to take the pile it finds, but leading onto an empty table
hands the other player the first chance of a kseri, and the dealer, who plays
the round's last card, usually collects the final sweep and the majority.

>>> import random
>>> from kseri.engine.pile.round import Round
>>> from kseri.engine.rules import GREEK
>>> state = Round.deal(GREEK, dealer=0, rng=random.Random(2))
>>> while len(state.plays) < 12:
...     state.apply_index(state.hands[state.to_move][0])
>>> v0, v1 = GREEK_PACKET_VALUE.value(state, 0), GREEK_PACKET_VALUE.value(state, 1)
>>> abs(v0 + v1) < 1e-9
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from kseri.bots.pile.rollout import final_difference, public_seen
from kseri.engine.cards import JACK_INDEX, RANK_INDEX
from kseri.engine.pile.round import Round
from kseri.engine.rules import Rules

__all__ = ["GREEK_LIVE_VALUE", "GREEK_PACKET_VALUE", "PacketValue", "is_big_table", "live_terms", "running_value"]


def is_big_table(rules: Rules) -> bool:
    """Five or six seats, or the double pack: a play-out to the round's end is long (up to 96
    plays), so search stops at a packet's end and values the position with :func:`running_value`.

    >>> from kseri.engine.rules import GREEK, rules_from_spec
    >>> is_big_table(GREEK), is_big_table(rules_from_spec({"profile": "fourcard", "packs": 2, "players": 4}))
    (False, True)
    """
    return rules.players >= 5 or rules.packs > 1


def running_value(state: Round, team: int) -> float:
    """What a position of a big table (:func:`is_big_table`) is worth to ``team`` at a packet's
    end: its points and kseri bonuses so far minus the other sides' average, with the majority
    award shared in proportion to the cards each side has taken (the exact final difference once
    the round is over). No fitted model: the packets still to come are dealt to every seat alike.

    >>> import random
    >>> from kseri.engine.rules import rules_from_spec
    >>> state = Round.deal(rules_from_spec({"profile": "fourcard", "packs": 2, "players": 6}), 0, random.Random(2))
    >>> while len(state.plays) < 24:
    ...     state.apply_index(state.hands[state.to_move][0])
    >>> round(sum(running_value(state, team) for team in range(3)), 9)   # three sides: differences cancel
    0.0
    """
    if state.is_terminal():
        return float(final_difference(state, team))
    rules = state.rules
    sides = rules.teams
    totals = [0.0] * sides
    counts = [0] * sides
    for seat in range(rules.players):
        side = rules.team_of(seat)
        totals[side] += state.points[seat] + state.bonus[seat]
        counts[side] += state.counts[seat]
    taken = sum(counts)
    if taken:
        for side in range(sides):
            totals[side] += rules.majority_points * counts[side] / taken
    others = [t for side, t in enumerate(totals) if side != team]
    return totals[team] - sum(others) / len(others)


@dataclass(frozen=True, slots=True)
class PacketValue:
    """Fitted coefficients, one tuple per number of packets played (1, 2, 3):
    ``(c0, c_pts, c_n, c_empty, a, b, g)``; with ``live``, a second fit on top of the first."""

    coefficients: tuple[tuple[float, ...], ...]
    packet_plays: int = 12
    players: int = 2
    """Seats the fit is for: two, or four in two partnerships (seats 0 and 2 against 1 and 3)."""
    live: tuple[tuple[float, ...], ...] = ()
    """Per number of packets played, 15 more terms for the leader (:func:`live_terms`): what the
    first fit misses is mostly whether the leader can still take the pile, which turns on how
    many copies of its top card's rank nobody has seen (a single card of a live rank is a kseri
    waiting for the leader; a dead rank only a jack takes)."""

    def applies_to(self, rules: Rules) -> bool:
        """Whether the fit is for ``rules``: its seats in two sides, its packets, a 4-card opening,
        kseri 10, 3 for the majority, jacks that capture (:data:`GREEK_PACKET_VALUE` is for the
        two-player Greek game's 6-card packets)."""
        return (rules.players == self.players and rules.teams == 2 and rules.packs == 1
                and rules.packet_size * rules.players == self.packet_plays and rules.opening_size == 4
                and rules.kseri_points == 10 and rules.majority_points == 3 and rules.jacks_capture)

    def value(self, state: Round, team: int, seen: list[int] | None = None) -> float:
        """Expected final point difference, ``team`` minus the other, at a packet's end
        (or the exact one when the round is over); ``seen`` as in :func:`live_terms`."""
        if state.is_terminal():
            return float(final_difference(state, team))
        k = len(state.plays) // self.packet_plays
        c0, c_pts, c_n, c_empty, a, b, g = self.coefficients[min(max(k, 1), len(self.coefficients)) - 1]
        # Two sides: seat 0 and its partner (the even seats) against the odd seats.
        lead = 1 if state.to_move % 2 == 0 else -1
        n = len(state.pile)
        points, bonus, counts = state.points, state.bonus, state.counts
        scored = sum(points[0::2]) + sum(bonus[0::2]) - sum(points[1::2]) - sum(bonus[1::2])
        cards = sum(counts[0::2]) - sum(counts[1::2])
        v = (scored + lead * (c0 + c_pts * state.pile_points + c_n * n + (c_empty if n == 0 else 0.0))
             + 3.0 * math.tanh(a * (cards + b * lead * n + g * lead)))
        if self.live:
            v += lead * live_terms(state, self.live[min(max(k, 1), len(self.live)) - 1], seen)
        return v if team == 0 else -v


def live_terms(state: Round, terms: tuple[float, ...], seen: list[int] | None = None) -> float:
    """The second fit's value for the seat that leads next: ``terms[0]`` on an empty table; else,
    for ``live`` = the unseen copies of the top card's rank (0-3, from the opening, the plays
    and an exposed bottom card), ``terms[1 + 3 live]`` plus ``terms[2 + 3 live]`` for a single
    card plus ``terms[3 + 3 live]`` per point in the pile, and per unseen jack above two
    ``terms[13] + terms[14]`` per point in the pile.

    ``seen`` is :func:`~kseri.bots.pile.rollout.public_seen` of ``state`` when the caller has
    kept those counts up to date (a play-out has); otherwise they are counted here."""
    pile = state.pile
    n = len(pile)
    if n == 0:
        return terms[0]
    if seen is None:
        seen = public_seen(state)
    seen_top = seen[RANK_INDEX[pile[-1]]]
    seen_jacks = seen[JACK_INDEX]
    live = min(3, max(0, 4 - seen_top))
    i = 1 + 3 * live
    points = state.pile_points
    return (terms[i] + (terms[i + 1] if n == 1 else 0.0) + terms[i + 2] * points
            + (2 - seen_jacks) * (terms[13] + terms[14] * points))  # unseen jacks above two


GREEK_PACKET_VALUE = PacketValue(coefficients=(
    (-3.976, 0.451, -0.153, -5.169, 0.05, 0.6, -6.0),
    (-4.224, 0.469, -0.170, -3.491, 0.06, 0.8, -7.0),
    (-3.769, 0.559, -0.260, -3.254, 0.10, 0.8, -7.5),
))

GREEK_LIVE_VALUE = PacketValue(coefficients=GREEK_PACKET_VALUE.coefficients, live=(
    (0.74, -1.07, 0.06, -0.47, -1.32, 1.18, -0.58, -1.77, 2.74, -0.04, -1.87, 4.64, 0.33, 0.86, 0.08),
    (-0.02, -2.01, 0.12, -0.48, -1.41, 1.46, 0.02, -1.48, 3.99, 0.31, -0.4, 6.49, 0.75, 0.73, 0.18),
    (0.3, -2.9, 0.54, 0.25, -1.06, 5.2, 0.74, -0.18, 8.23, 1.12, -0.02, 7.3, 0.75, 0.74, 0.34),
))
"""``expert``'s leaf value: :data:`GREEK_PACKET_VALUE` and the terms of :func:`live_terms`, fitted
(ridge least squares, penalty 200) to what the first fit left over in 100,000 rounds of the
medium heuristic against itself, Greek rules; on the half of the positions held out, the squared
error fell by 2.2, 4.6 and 7.2 points² after packets 1, 2 and 3 (of 386, 255 and 131)
(``benchmarks/fit_packet_value.py``)."""
