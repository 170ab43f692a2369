"""How the policy levels value a move at the sums table.

``easy`` values each legal move by what it wins at once (the points of the
cards taken and of the card played, a xeri's bonus, a little per card toward
the majority) minus the points of a card laid loose, plus noise: a casual
player who sees captures but not what the table then offers. ``medium`` counts
the unseen cards and looks one reply ahead (:mod:`kseri.bots.sums.heuristic`).
``hard`` searches (:mod:`kseri.bots.sums.search`); asked here, it values as ``medium``.

>>> import random
>>> from kseri.engine.rules import SUMS
>>> from kseri.engine.sums.round import SumsRound, _demo_deck
>>> from kseri.engine.sums.observation import SumsObservation
>>> obs = SumsObservation.from_round(SumsRound.from_deck(SUMS, 1, _demo_deck()), seat=0)
>>> str(choose_move("medium", obs, random.Random(0)))
'7H:3C+4D'
"""

from __future__ import annotations

import random

from kseri.bots.sums.heuristic import heuristic_values
from kseri.engine.rules import card_points_table
from kseri.engine.sums.observation import SumsObservation
from kseri.engine.sums.round import SumsMove

__all__ = ["SumsValues", "choose_move", "value_moves"]

SumsValues = dict[SumsMove, float]
"""Each legal move's value, in legal-move order."""

CARD_WEIGHT = 0.15
"""What one card toward the majority is worth, in points (4 points for most of 52 cards)."""

EASY_NOISE = 2.0
"""``easy``'s noise, in points: it often misses a small capture for a random loose card."""


def value_moves(level: str, observation: SumsObservation, rng: random.Random) -> SumsValues:
    """Every legal move with its value by the level's policy (``easy``: with noise from ``rng``)."""
    if level != "easy":
        return heuristic_values(observation)
    state = observation.public_round()
    points = card_points_table(observation.rules)
    table_cards = len(state.pile)
    values: SumsValues = {}
    for move in state.legal_moves():
        if move.kind == "capture":
            taken = len(move.take) + 1
            value = sum(points[c] for c in move.take) + points[move.card] + CARD_WEIGHT * taken
            if len(move.take) == table_cards:
                value += observation.rules.kseri_points
        elif move.kind == "build":
            value = 0.2 + CARD_WEIGHT
        else:
            value = -points[move.card] - 0.05 * (table_cards == 0)
        value += rng.uniform(0.0, EASY_NOISE)
        values[move] = value
    return values


def choose_move(level: str, observation: SumsObservation, rng: random.Random) -> SumsMove:
    """The first best move by :func:`value_moves`."""
    values = value_moves(level, observation, rng)
    best = max(values.values())
    return next(m for m, v in values.items() if v >= best - 1e-9)
