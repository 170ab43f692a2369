"""The hint at the browser table: the values of the moves of the person to move, worked out in
slices of the page's event loop and kept for the position they belong to.

:class:`PositionHints` holds what a :class:`~kseri.table.session.GameSession` knows of hints: the
search under way, its rows once done (worded in the page's language, and worded again from the same
values when the language changes), whether the person asked to see them, and every hint worked out
in the match so far, which the review of a round shows instead of searching again. The session
says which position is current and what the person sees; this module never looks at the match.

Its search is :func:`kseri.table.estimates.evaluation`, seeded from the position alone (as the
review's), so the hint of a position is the same whenever and however often it is worked out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from kseri.engine.table import TableObservation, TableRound
from kseri.i18n import language
from kseri.table.estimates import evaluation, position_rng
from kseri.table.seats import SessionError
from kseri.table.strategy import HintRows, TableStrategy

if TYPE_CHECKING:
    from kseri.bots.thinking import Decision

__all__ = ["Position", "PositionHints"]

Position = tuple[int, int]
"""A position of the match: the round's index and the number of plays made in it."""


class PositionHints:
    """The hint of one position at a time, and the hints worked out in the match (by position)."""

    def __init__(self) -> None:
        self.key: Position | None = None
        """The position the search and the rows below belong to."""
        self.thinker: Decision[Any] | None = None
        self._rows: HintRows | None = None
        self._values: tuple[Any, Any] = ((), None)
        """The search's values and errors behind :attr:`_rows`, to word them again."""
        self._language = ""
        """The language :attr:`_rows` are worded in (the open table's ways are labelled in words)."""
        self.shown = False
        """Whether the hint of this position was asked for (worked out ahead, it waits until then)."""
        self.hinted: dict[tuple[int, tuple[str, ...]], HintRows] = {}
        """The hints worked out for the people at the table, by position (round index, the round's plays
        before it in record notation: the position says whose turn it was): each person's review shows
        these values there. Not saved: after a reload the review values those positions afresh, with
        the hint's own search and generator."""

    def forget(self) -> None:
        """The position moved on: what was worked out for it no longer applies (:attr:`hinted` stays)."""
        self.key = None
        self.thinker = None
        self._rows = None
        self.shown = False

    def step(self, key: Position, seen: Callable[[], TableObservation[Any]], state: TableRound[Any],
             strategy: TableStrategy[Any, Any], max_ms: float) -> bool:
        """Think for about ``max_ms`` about the moves at ``key`` (``seen`` gives the person's observation,
        ``state`` is the round there); True once :meth:`rows` has them.

        :class:`SessionError` (one line) if the search fails: a hint is not worth a stuck page."""
        if self._rows is not None and self.key == key:
            return True
        try:
            observation = seen()
            thinker = self.thinker
            if thinker is None or self.key != key:
                self._rows = None
                rng = position_rng(*key)  # as the review's (kseri.table.estimates): the same values
                thinker = self.thinker = evaluation(observation, rng)
                self.key = key
            if not thinker.step(max_ms):
                return False
            values = thinker.move_values() or []
            errors = thinker.move_errors()
        except Exception as exc:  # a failing search must not break the page: say so instead
            self.thinker = None
            self.key = None
            raise SessionError(f"the hint could not be worked out ({type(exc).__name__})") from None
        if not values:
            raise SessionError("the hint could not be worked out (no values)")
        try:
            self._rows = strategy.hint_rows(observation, state, values, errors)
            self._values, self._language = (values, errors), language()
        except ValueError:
            raise SessionError("the hint could not be worked out (a move was not valued)") from None
        # kept for the review of the seat to move, the one who saw the hint
        self.hinted[key[0], tuple(state.play_codes())] = self._rows
        return True

    def rows(self, key: Position, seen: Callable[[], TableObservation[Any]] | None, state: TableRound[Any],
             strategy: TableStrategy[Any, Any]) -> HintRows | None:
        """The hint worked out for ``key``, worded in the page's language now (None: not worked out
        there). The open table labels each way in words, so a language chosen since the search is
        worded again from the same values (no new search); ``seen`` gives the person's observation
        for that (None: nobody holds the device, the words stay)."""
        if self._rows is None or self.key != key:
            return None
        if self._language != language() and seen is not None:
            values, errors = self._values
            self._rows = strategy.hint_rows(seen(), state, values, errors)
            self._language = language()
        return self._rows

    def best_first(self, key: Position, moves: list[Any]) -> list[Any]:
        """``moves``, the ones the hint of ``key`` valued first, best first, where it is worked out
        (the order in which the bot thinks ahead about the person's possible moves)."""
        hint = self.thinker
        if hint is None or self.key != key or not hint.done:
            return moves
        valued = [move for move, _value in hint.move_values() or () if move in moves]
        return valued + [move for move in moves if move not in valued]

    def reviewed(self, round_index: int) -> dict[tuple[str, ...], HintRows]:
        """The hints worked out in round ``round_index``, by the plays before each (for its review)."""
        return {plays: rows for (r, plays), rows in self.hinted.items() if r == round_index}
