"""One decision at the sums table, computed in slices: :class:`SumsThinker`.

The sums table's counterpart of :class:`~kseri.bots.thinker.Thinker`, with the
same shape (``step(max_ms)`` until True, then ``choice()``), so the page drives
both alike. A decision is a :class:`~kseri.engine.sums.SumsMove` (which card,
and which capture or build), written in the record's notation by ``str()``.

``easy`` and ``medium`` answer in one step (:mod:`kseri.bots.sums_policy`);
``hard`` runs :func:`~kseri.bots.sums_search.search_values` a play-out at a time,
returning from :meth:`SumsThinker.step` once ``max_ms`` have passed. The move
depends only on the level, the observation and the state of the injected
generator, never on how the work is sliced.

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
import time
from collections.abc import Generator

from kseri.bots.base import BotError
from kseri.bots.names import LEVELS
from kseri.bots.sums_policy import SumsValues, choose_move, value_moves
from kseri.bots.sums_search import SearchResult, SumsSearchParams, search_values
from kseri.engine.sums import SumsMove
from kseri.engine.sums_observation import SumsObservation

__all__ = ["EXACT_SEARCH", "EXPERT_SEARCH", "SEARCH", "SumsThinker", "choose_sums"]

SEARCH = SumsSearchParams()
"""``hard``'s search when it chooses a move."""
EXACT_SEARCH = SumsSearchParams(budget=12_000, endgame_nodes=12_000)
"""``hard``'s search when it values every legal move (hints, the review)."""
EXPERT_SEARCH = SumsSearchParams(budget=20_000, candidates=6, endgame_cards=10, endgame_nodes=40_000)
"""``expert``'s search (``docs/bots.md``)."""


class SumsThinker:
    """One sums-table decision, computed in slices: ``step()`` until it returns True, then ``choice()``.

    ``exact=True`` asks for a value for every legal move (hints, the review): for
    ``hard`` the expected final round difference (this seat's side minus the other,
    points already scored included); for the policy levels their policy's value.
    ``search`` overrides ``hard``'s :class:`~kseri.bots.sums_search.SumsSearchParams`.
    The result depends only on the level, the observation and the state of ``rng``.
    """

    def __init__(self, level: str, observation: SumsObservation, rng: random.Random, *,
                 exact: bool = False, search: SumsSearchParams | None = None) -> None:
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
        self._search = search if search is not None else EXACT_SEARCH if exact else \
            EXPERT_SEARCH if level == "expert" else SEARCH
        self._move: SumsMove | None = None
        self._values: SumsValues | None = None
        self._work: Generator[int, None, SearchResult] | None = None
        self.units = 0
        """Play-outs done so far (the search's units of work)."""
        self.work = 0
        """Simulated plays so far."""

    @property
    def done(self) -> bool:
        return self._move is not None

    def step(self, max_ms: float = 25.0) -> bool:
        """Think for about ``max_ms`` milliseconds at most (one unit of work at least);
        True once the choice is made."""
        if self._move is not None:
            return True
        if self.level not in ("hard", "expert"):
            if self._exact:
                self._finish(value_moves(self.level, self.observation, self._rng))
            else:
                self._move = choose_move(self.level, self.observation, self._rng)
            return True
        if self._work is None:
            self._work = search_values(self.observation, self._rng, self._search, exact=self._exact)
        deadline = time.perf_counter() + max_ms / 1000.0
        while True:
            try:
                plays = next(self._work)
            except StopIteration as stop:
                values, move = stop.value
                self._finish(values, move)
                return True
            self.units += 1
            self.work += plays
            if time.perf_counter() >= deadline:
                return False

    def _finish(self, values: SumsValues, move: SumsMove | None = None) -> None:
        best = max(values.values())
        # The first best in legal-move order: deterministic, whatever the slicing.
        self._move = move if move is not None else next(m for m, v in values.items() if v >= best - 1e-9)
        self._values = values

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
        """With ``exact=True``, once done: every legal move's value (higher is better).

        ``hard`` plays the heuristic's move unless the play-outs beat it clearly (sampling noise
        never overrules it), so its :meth:`choice` need not be the move valued highest here;
        in the last packet, solved exactly, it is. Without ``exact``, ``hard``'s values cover only
        the moves it searched (the others just below); the policy levels then give None."""
        return self._values


def choose_sums(level: str, observation: SumsObservation, rng: random.Random) -> SumsMove:
    """The move the bot of ``level`` plays at the sums table (one call)."""
    return SumsThinker(level, observation, rng).run()
