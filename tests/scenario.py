"""Build rounds with chosen cards, and play them out at random, for rule tests."""

from __future__ import annotations

import random

from kseri.engine.cards import Card
from kseri.engine.pile.round import Round
from kseri.engine.pile.table import PILE_TABLE
from kseri.engine.rules import GREEK, Rules


def deck(first: str, second: str, opening: str, stock: str = "") -> list[int]:
    """A full deck: the first player's 6, the second's 6, the opening (bottom first),
    then the given stock cards in order and every other card after them."""
    named = [Card.parse(code).index for part in (first, second, opening, stock) for code in part.split()]
    assert len(set(named)) == len(named), "a card is named twice"
    rest = [c for c in range(52) if c not in named]
    hands_and_opening = named[: 6 + 6 + 4]
    stock_cards = named[16:] + rest
    return hands_and_opening + stock_cards


def round_from(first: str, second: str, opening: str, stock: str = "", *,
               rules: Rules = GREEK, dealer: int = 1) -> Round:
    """A round dealt by ``dealer`` (default 1, so seat 0 plays first)."""
    return Round.from_deck(rules, dealer, deck(first, second, opening, stock))


def play(state: Round, *codes: str):
    """Play codes in turn; returns the last event."""
    event = None
    for code in codes:
        event = state.apply(code)
    return event


def gained(state: Round, seat: int) -> int:
    """Card points plus kseri bonus so far (no majority)."""
    return state.points[seat] + state.bonus[seat]


def random_playout(state: Round, rng: random.Random) -> Round:
    """Play ``state`` on with uniformly random cards until the round ends (a position without its
    stock: until the hands run out); returns ``state``. One draw per play,
    ``hand[int(rng.random() * len(hand))]`` (:meth:`kseri.engine.pile.table.PileTable.random_play`):
    the draws of the engine's old fast path, frozen in ``benchmarks/baseline_round.py``."""
    while not state.is_terminal():
        PILE_TABLE.random_play(state, rng)
    return state


def random_round(rules: Rules, rng: random.Random, dealer: int = 0) -> Round:
    """Deal and play a whole round at random."""
    return random_playout(Round.deal(rules, dealer, rng), rng)
