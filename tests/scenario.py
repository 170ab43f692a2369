"""Build rounds with chosen cards, for rule tests."""

from __future__ import annotations

from kseri.engine.cards import Card
from kseri.engine.pile.round import Round
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
