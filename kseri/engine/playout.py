"""The search fast path: random play-outs with no validation and no events.

>>> import random
>>> from kseri.engine.rules import GREEK
>>> rng = random.Random(4)
>>> state = random_round(GREEK, rng)
>>> state.is_terminal(), sum(state.counts)
(True, 52)
"""

from __future__ import annotations

import random

from kseri.engine.round import Round
from kseri.engine.rules import Rules

__all__ = ["random_playout", "random_round"]


def random_playout(state: Round, rng: random.Random) -> Round:
    """Play uniformly random cards until the round ends (in place); returns ``state``."""
    hands = state.hands
    uniform = rng.random
    apply = state.apply_index
    while state.next_card < 52 or any(hands):
        hand = hands[state.to_move]
        apply(hand[int(uniform() * len(hand))])
    return state


def random_round(rules: Rules, rng: random.Random, dealer: int = 0) -> Round:
    """Deal and play a whole round at random (the benchmark's unit of work)."""
    return random_playout(Round.deal(rules, dealer, rng), rng)
