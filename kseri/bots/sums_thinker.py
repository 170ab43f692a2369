"""One decision at the sums table, computed in slices: :class:`SumsThinker`.

The sums table's counterpart of :class:`~kseri.bots.thinker.Thinker`, with the
same shape (``step(max_ms)`` until True, then ``choice()``), so the page drives
both alike. A decision is a :class:`~kseri.engine.sums.SumsMove` (which card,
and which capture or build), written in the record's notation by ``str()``.

The levels' policies live in :mod:`kseri.bots.sums_policy`.

>>> import random
>>> from kseri.engine.rules import SUMS
>>> from kseri.engine.sums import SumsRound, _demo_deck
>>> from kseri.engine.sums_observation import SumsObservation
>>> state = SumsRound.from_deck(SUMS, 1, _demo_deck())
>>> obs = SumsObservation.from_round(state, seat=0)
>>> think = SumsThinker("medium", obs, random.Random(1))
>>> while not think.step(max_ms=5):
...     pass
>>> think.choice() in obs.legal_moves()
True
"""

from __future__ import annotations

import random

from kseri.bots.base import BotError
from kseri.bots.names import LEVELS
from kseri.bots.sums_policy import SumsValues, choose_move, value_moves
from kseri.engine.sums import SumsMove
from kseri.engine.sums_observation import SumsObservation

__all__ = ["SumsThinker", "choose_sums"]


class SumsThinker:
    """One sums-table decision, computed in slices: ``step()`` until it returns True, then ``choice()``.

    ``exact=True`` asks for a value for every legal move (hints, the review).
    The result depends only on the level, the observation and the state of ``rng``.
    """

    def __init__(self, level: str, observation: SumsObservation, rng: random.Random, *,
                 exact: bool = False) -> None:
        if not isinstance(observation, SumsObservation):
            raise BotError(f"a sums bot takes a SumsObservation, not {type(observation).__name__}")
        if level not in LEVELS:
            raise BotError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
        if observation.to_move != observation.seat:
            raise BotError(f"it is seat {observation.to_move}'s turn, not seat {observation.seat}'s")
        if not observation.hand:
            raise BotError(f"seat {observation.seat} holds no card")
        self.level = level
        self.observation = observation
        self._rng = rng
        self._exact = exact
        self._move: SumsMove | None = None
        self._values: SumsValues | None = None

    @property
    def done(self) -> bool:
        return self._move is not None

    def step(self, max_ms: float = 25.0) -> bool:
        """Think for about ``max_ms`` milliseconds at most; True once the choice is made."""
        if self._move is None:
            if self._exact:
                self._values = value_moves(self.level, self.observation, self._rng)
                best = max(self._values.values())
                self._move = next(m for m, v in self._values.items() if v >= best - 1e-9)
            else:
                self._move = choose_move(self.level, self.observation, self._rng)
        return True

    def run(self) -> SumsMove:
        """Think to the end in one go and return the move."""
        while not self.step(1e9):
            pass
        return self.choice()

    def choice(self) -> SumsMove:
        if self._move is None:
            raise BotError("the bot has not finished thinking: call step() until it returns True")
        return self._move

    def values(self) -> SumsValues | None:
        """With ``exact=True``, once done: every legal move's value (higher is better)."""
        return self._values


def choose_sums(level: str, observation: SumsObservation, rng: random.Random) -> SumsMove:
    """The move the bot of ``level`` plays at the sums table (one call)."""
    return SumsThinker(level, observation, rng).run()
