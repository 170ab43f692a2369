"""What every bot shares, at every table: the interface, the error type and the turn's checks.

A bot sees one seat's observation (:class:`~kseri.engine.table.TableObservation`: never a
hidden card) and an injected :class:`random.Random`, and returns the move it plays (a
:class:`~kseri.engine.cards.Card` at the pile tables, a :class:`~kseri.engine.sums.round.SumsMove`
at the open table). Anything that satisfies :class:`Bot` can sit at the table: the levels in
:mod:`kseri.bots`, a protocol process in the arena, the page's own bot.

>>> from kseri.engine.pile.observation import Observation
>>> seen = Observation(seat=0, dealer=1, hand=(0, 5), opening=(1, 2, 3, 4), plays=())
>>> [card.code for card in legal_moves(seen)]
['AS', '2H']
>>> check_level("grandmaster")
Traceback (most recent call last):
...
kseri.bots.base.BotError: unknown bot level 'grandmaster' (known: easy, medium, hard)
"""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

from kseri.bots.names import LEVELS
from kseri.engine.errors import KseriError
from kseri.engine.table import MoveT, TableObservation

__all__ = ["Bot", "BotError", "check_level", "check_turn", "legal_moves"]


class BotError(KseriError):
    """A bot was asked something it cannot answer: an unknown level, not its turn, ..."""


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a move for a seat from that seat's observation alone."""

    @property
    def name(self) -> str:
        """What to call the bot (a level name, a command line, ...)."""
        ...

    def choose(self, observation: Any, rng: random.Random) -> Any:
        """The move to play; must be one of ``observation.legal_moves()``."""
        ...


def check_level(name: object) -> str:
    """``name`` if it is a level (:data:`~kseri.bots.names.LEVELS`), else :class:`BotError`."""
    if not isinstance(name, str) or name not in LEVELS:
        raise BotError(f"unknown bot level {name!r} (known: {', '.join(LEVELS)})")
    return name


def check_turn(observation: TableObservation[Any]) -> None:
    """Raise :class:`BotError` unless the observed seat is the one to move and holds a card."""
    if observation.to_move != observation.seat:
        raise BotError(f"it is seat {observation.to_move}'s turn, not seat {observation.seat}'s")
    if not observation.hand:
        raise BotError(f"seat {observation.seat} holds no card")


def legal_moves(observation: TableObservation[MoveT]) -> list[MoveT]:
    """The moves the observed seat may make (at the pile tables: its whole hand, Kseri has no
    follow rule)."""
    return observation.legal_moves()
