"""Thinking in slices: the :class:`Decision` protocol every level of every table implements,
and the one driver that runs a search in slices.

(The module is not called ``decision``: a submodule of that name would shadow the function
:func:`kseri.bots.decision` once imported.)

A page must not freeze while a bot thinks, so a decision is made in slices:
``step(max_ms)`` until it returns True, then ``choice()``. A level that plays a policy
answers in its first step; a search level is a generator that yields the work it has done
every few milliseconds and returns its result, and :class:`SlicedSearch` runs it until a
slice's time is up. The move depends only on the level, the observation and the state of the
injected generator, never on how the work is sliced; :attr:`Decision.work`,
:attr:`Decision.units` and :attr:`Decision.largest_unit` measure it without a clock.

>>> def search():
...     for work in (3, 5, 2):
...         yield work
...     return "done"
>>> driver = SlicedSearch(search())
>>> while not driver.step(max_ms=0):
...     pass
>>> driver.result, driver.units, driver.work, driver.largest_unit
('done', 3, 10, 5)
>>> finish(search())        # the same search in one go, where nothing needs to wait
'done'
"""

from __future__ import annotations

import time
from collections.abc import Generator
from typing import Generic, Protocol, TypeVar

from kseri.bots.base import BotError
from kseri.engine.table import MoveT, TableObservation

__all__ = ["Decision", "SlicedDecision", "SlicedSearch", "finish"]

ResultT = TypeVar("ResultT")


def finish(steps: Generator[object, None, ResultT]) -> ResultT:
    """Run a generator that works in pieces (a search, a sampler's draw) to its end in one go, and
    return what it returns."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: ResultT = done.value
            return result


class Decision(Protocol[MoveT]):
    """One decision of a bot (every level of every table): think in slices, then the move."""

    @property
    def level(self) -> str:
        """The level deciding (:data:`~kseri.bots.names.LEVELS`)."""

    @property
    def observation(self) -> TableObservation[MoveT]:
        """What the bot sees: one seat's view, never a hidden card."""

    @property
    def done(self) -> bool:
        """Whether the move is chosen."""

    @property
    def units(self) -> int:
        """Units of work done so far: the search's pieces between two chances to stop."""

    @property
    def work(self) -> int:
        """Work done so far, in the search's own measure."""

    @property
    def largest_unit(self) -> int:
        """The most work done in one unit: what one slice may overrun by."""

    def step(self, max_ms: float = 25.0) -> bool:
        """Think for about ``max_ms`` milliseconds at most (one unit of work at least); True once
        the move is chosen."""

    def run(self) -> MoveT:
        """Think to the end in one go and return the move."""

    def choice(self) -> MoveT:
        """The chosen move; :class:`~kseri.bots.base.BotError` if :meth:`step` has not finished."""

    def move_values(self) -> list[tuple[MoveT, float]] | None:
        """Once done, with values asked for every move (``exact``): each legal move with its
        value (higher is better; for a search, the expected final round difference of this
        seat's side), best first, ties in the order of :meth:`legal_moves
        <kseri.engine.table.TableObservation.legal_moves>`. None for a level that does not value
        moves."""

    def move_errors(self) -> list[tuple[MoveT, float]] | None:
        """Once done, with :meth:`move_values`: each move (in its order) with the standard error of the
        best move's value minus its own, as far as the search can tell from its samples (0 where the
        values are exact); None where the search does not say."""


class SlicedSearch(Generic[ResultT]):
    """Runs a search generator (it yields the work done between two chances to stop, and
    returns its result) in slices of about ``max_ms`` milliseconds."""

    def __init__(self, search: Generator[int, None, ResultT]) -> None:
        self._search = search
        self._result: tuple[ResultT] | None = None
        self.units = 0
        """Units of work done so far (one per yield)."""
        self.work = 0
        """The work the search reported so far."""
        self.largest_unit = 0
        """The most work reported by one yield."""

    @property
    def done(self) -> bool:
        return self._result is not None

    @property
    def result(self) -> ResultT:
        """What the search returned (:class:`~kseri.bots.base.BotError` before it has)."""
        if self._result is None:
            raise BotError("the search has not finished: call step() until it returns True")
        return self._result[0]

    def step(self, max_ms: float) -> bool:
        """Run the search for about ``max_ms`` milliseconds (one unit at least); True once it returned."""
        if self._result is not None:
            return True
        deadline = time.perf_counter() + max_ms / 1000.0
        search = self._search
        while True:
            try:
                done = next(search)
            except StopIteration as stop:
                self._result = (stop.value,)
                return True
            self.units += 1
            self.work += done
            if done > self.largest_unit:
                self.largest_unit = done
            if time.perf_counter() >= deadline:
                return False


class SlicedDecision(Generic[MoveT, ResultT]):
    """A :class:`Decision` made by a policy in one step, or by a search run in slices.

    A table's thinker says how: :meth:`_answer_now` (a policy level answers at once; True when
    it did), :meth:`_search` (the search generator of a search level) and :meth:`_finish` (the
    move, and the values, from the search's result)."""

    def __init__(self, level: str, observation: TableObservation[MoveT]) -> None:
        self.level = level
        self.observation = observation
        self._move: MoveT | None = None
        self._driver: SlicedSearch[ResultT] | None = None

    def _answer_now(self) -> bool:
        """Decide without a search if the level has none (set :attr:`_move`); False: it searches."""
        raise NotImplementedError

    def _search(self) -> Generator[int, None, ResultT]:
        raise NotImplementedError

    def _finish(self, result: ResultT) -> None:
        """Take the move (and the values) from the search's ``result``."""
        raise NotImplementedError

    @property
    def done(self) -> bool:
        return self._move is not None

    @property
    def units(self) -> int:
        return self._driver.units if self._driver is not None else 0

    @property
    def work(self) -> int:
        return self._driver.work if self._driver is not None else 0

    @property
    def largest_unit(self) -> int:
        return self._driver.largest_unit if self._driver is not None else 0

    def step(self, max_ms: float = 25.0) -> bool:
        """Think for about ``max_ms`` milliseconds at most (one unit of work at least);
        True once the choice is made."""
        if self._move is not None:
            return True
        if self._driver is None:
            if self._answer_now():
                return True
            self._driver = SlicedSearch(self._search())
        if not self._driver.step(max_ms):
            return False
        self._finish(self._driver.result)
        return True

    def run(self) -> MoveT:
        """Think to the end in one go and return the move."""
        while not self.step(1e9):
            pass
        return self.choice()

    def choice(self) -> MoveT:
        """The chosen move; :class:`~kseri.bots.base.BotError` if :meth:`step` has not finished."""
        if self._move is None:
            raise BotError("the bot has not finished thinking: call step() until it returns True")
        return self._move

    def move_values(self) -> list[tuple[MoveT, float]] | None:
        raise NotImplementedError

    def move_errors(self) -> list[tuple[MoveT, float]] | None:
        return None  # a table's thinker that samples may say (the pile tables' does)

