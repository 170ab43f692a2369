"""How the bots value a move at the sums table: a first, greedy policy.

Every level values each legal move by what it wins at once (the points of the
cards taken and of the card played, a xeri's bonus, a little per card toward
the majority) minus what a card laid loose offers the opponent; ``easy`` adds
noise. This is the baseline the search levels are measured against.

>>> import random
>>> from kseri.engine.rules import SUMS
>>> from kseri.engine.sums import SumsRound, _demo_deck
>>> from kseri.engine.sums_observation import SumsObservation
>>> obs = SumsObservation.from_round(SumsRound.from_deck(SUMS, 1, _demo_deck()), seat=0)
>>> str(choose_move("medium", obs, random.Random(0)))
'7H:3C+4D'
"""

from __future__ import annotations

import random

from kseri.engine.rules import card_points_table
from kseri.engine.sums import SumsMove
from kseri.engine.sums_observation import SumsObservation

__all__ = ["SumsValues", "choose_move", "value_moves"]

SumsValues = dict[SumsMove, float]
"""Each legal move's value, in legal-move order."""

CARD_WEIGHT = 0.15
"""What one card toward the majority is worth, in points (4 points for most of 52 cards)."""


def value_moves(level: str, observation: SumsObservation, rng: random.Random) -> SumsValues:
    """Every legal move with its greedy value (``easy``: with noise from ``rng``)."""
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
        if level == "easy":
            value += rng.uniform(0.0, 2.0)
        values[move] = value
    return values


def choose_move(level: str, observation: SumsObservation, rng: random.Random) -> SumsMove:
    """The first best move by :func:`value_moves`."""
    values = value_moves(level, observation, rng)
    best = max(values.values())
    return next(m for m, v in values.items() if v >= best - 1e-9)
