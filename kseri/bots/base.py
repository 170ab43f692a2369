"""What every bot shares: the interface, the error type and small card facts.

A bot sees one seat's :class:`~kseri.engine.pile.observation.Observation` (never a hidden
card) and an injected :class:`random.Random`, and returns the
:class:`~kseri.engine.cards.Card` it plays. Anything that satisfies :class:`Bot`
can sit at the table: the levels in :mod:`kseri.bots`, a protocol process in
the arena, the page's own bot.

>>> from kseri.bots.base import legal_cards, equivalence_classes
>>> from kseri.engine.cards import Card
>>> ten_d, ten_s, five_s, five_h = (Card.parse(c).index for c in ("10D", "10S", "5S", "5H"))
>>> [Card.from_index(c).code for c in equivalence_classes((ten_d, five_s, ten_s, five_h))]
['10D', '5S', '10S']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from kseri.engine.cards import Card, rank_index
from kseri.engine.errors import KseriError
from kseri.engine.pile.observation import Observation
from kseri.engine.rules import card_points_table

__all__ = ["Bot", "BotError", "check_turn", "equivalence_classes", "legal_cards"]


class BotError(KseriError):
    """A bot was asked something it cannot answer: an unknown level, not its turn, ..."""


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a card for a seat from that seat's observation alone."""

    @property
    def name(self) -> str:
        """What to call the bot (a level name, a command line, ...)."""
        ...

    def choose(self, observation: Observation, rng: random.Random) -> Card:
        """The card to play; must be one of ``observation.hand``."""
        ...


def check_turn(observation: Observation) -> None:
    """Raise :class:`BotError` unless the observed seat is the one to move and holds a card."""
    if observation.to_move != observation.seat:
        raise BotError(f"it is seat {observation.to_move}'s turn, not seat {observation.seat}'s")
    if not observation.hand:
        raise BotError(f"seat {observation.seat} holds no card")


def legal_cards(observation: Observation) -> list[Card]:
    """The cards the observed seat may play: its whole hand (Kseri has no follow rule)."""
    return [Card.from_index(c) for c in observation.hand]


def equivalence_classes(cards: Sequence[int], points: Sequence[int] | None = None) -> list[int]:
    """One representative per group of interchangeable cards, in first-seen order.

    Suits never matter in play; two cards of one rank are interchangeable unless
    they score differently (10♦ against another ten, 2♣ against another two).
    ``points`` is the rules' card-points table (Greek by default).
    """
    if points is None:
        from kseri.engine.rules import GREEK
        points = card_points_table(GREEK)
    seen: set[tuple[int, int]] = set()
    out = []
    for c in cards:
        key = (rank_index(c), points[c])
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out
