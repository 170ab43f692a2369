"""The fast policy both seats follow in the search's play-outs at the sums table.

Cheap on purpose (a decision plays thousands of moves out): take the best
capture there is (points, cards toward the majority, a xeri's bonus); else, when
owning a build and a build is the only other legal play, build; else lay loose
the card that gives least away (its points, and whether it lets the next player
clear the table). It never builds by choice: the search weighs builds at the root.

>>> import random
>>> from kseri.engine.rules import SUMS
>>> from kseri.engine.sums.round import SumsRound
>>> sim = SimRound.from_round(SumsRound.deal(SUMS, 1, random.Random(4)))
>>> plays = play_out(sim)
>>> sim.done, plays, sum(sim.counts)
(True, 48, 52)
"""

from __future__ import annotations

from kseri.bots.sums.sim import VALUE, SimRound, Turn

__all__ = ["CARD_WEIGHT", "choose_turn", "play_out", "play_turn"]

CARD_WEIGHT = 0.25
"""What one card toward the majority is worth, in points (4 points for most of the 52)."""

XERI_CHANCE = 0.4
"""The chance the play-out policy gives the next player of holding the one card that clears the table."""


def _gift(sim: SimRound, faces: int, total: int, items: int, points: int) -> float:
    """What a table of ``items`` items (``faces`` of them J, Q, K; number values adding up to
    ``total``; ``points`` in all) offers the next player: a xeri if one card clears it."""
    if items == 0:
        return 0.0
    if (faces == 0 and total <= 10) or (faces == 1 and items == 1):
        return XERI_CHANCE * (sim.xeri_points + points)
    return 0.0


def choose_turn(sim: SimRound) -> Turn:
    """The play-out policy's play for the seat to move: the best by what it takes now
    minus the xeri it leaves the next player a chance of."""
    seat = sim.to_move
    hand = sim.hands[seat]
    table = sim.table
    points = sim.card_points
    faces = 0
    total = 0
    table_points = 0
    for value, _, cards, _ in table:
        if value:
            total += value
        else:
            faces += 1
        for c in cards:
            table_points += points[c]
    items = len(table)
    owns = sim.owns_build(seat)
    best: Turn | None = None
    best_score = -1e9
    for card in hand:
        for indices in sim.captures(card):
            score = points[card] + CARD_WEIGHT
            taken_faces = 0
            taken_total = 0
            taken_points = 0
            for i in indices:
                value, _, cards, _ = table[i]
                if value:
                    taken_total += value
                else:
                    taken_faces += 1
                score += CARD_WEIGHT * len(cards)
                for c in cards:
                    taken_points += points[c]
            score += taken_points
            if len(indices) == items:
                score += sim.xeri_points
            else:
                score -= _gift(sim, faces - taken_faces, total - taken_total, items - len(indices),
                               table_points - taken_points)
            if score > best_score:
                best_score, best = score, ("capture", card, indices)
        if not owns:
            value = VALUE[card]
            score = -points[card] - _gift(sim, faces + (not value), total + value, items + 1,
                                          table_points + points[card])
            if score > best_score:
                best_score, best = score, ("drop", card, ())
    if best is not None and (best[0] == "capture" or not owns):
        return best
    for card in hand:
        onto = sim.builds(card)
        if onto:
            return ("build", card, (onto[0],))
    if best is not None:
        return best
    return ("drop", min(hand, key=points.__getitem__), ())


def play_turn(sim: SimRound) -> None:
    """The seat to move makes the play-out policy's play."""
    sim.take_turn(choose_turn(sim))


def play_out(sim: SimRound) -> int:
    """Play ``sim`` to the round's end with the policy; returns how many plays that took."""
    plays = 0
    while sim.hands[sim.to_move]:
        play_turn(sim)
        plays += 1
    return plays
