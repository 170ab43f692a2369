"""A review of a round: each play of one player, valued by the hard bot's search as it stood then.

After a round a player can step through their own plays, at every table and seating (you against
the bots, in partnerships, at the open table; with people sharing the device, each person their
own). For each play the position is rebuilt as *that player* saw it (their seat's observation at
that moment, :meth:`Table.observation <kseri.engine.table.Table.observation>`: their hand, the
table and the cards played, never another seat's hand or the stock), and the hard bot's search
values every move they could have made: the hint's own evaluation
(:func:`~kseri.table.estimates.evaluation`: the same search, samples and generator for the
position, :func:`~kseri.table.estimates.position_rng`), valuing the position for the player's
side (their partnership's; with three sides or more, their points against the others' average),
and the table's hint rows (:meth:`TableStrategy.hint_rows <kseri.table.strategy.TableStrategy.hint_rows>`).
Where the player was given a hint, the review takes the hint's values as they saw them (``known``)
instead of valuing the position again. A play's *loss* is how many points worse than the best
move the one made is expected to end the round, or 0 when the difference is within the estimate's
own uncertainty (:func:`~kseri.table.estimates.loss_against_best`: "as good as the best"); the
biggest losses are the *mistakes*. So a play of the hint's ★ is never a loss. At the open table a
card may be played several ways: the play is valued as the way it was made
(:meth:`TableStrategy.played_row <kseri.table.strategy.TableStrategy.played_row>`).

The work is done in slices (:meth:`RoundReview.step`), one position at a time, so the
page never stalls; its generators come from the match seed and the position only, so
a review is the same however it is sliced and whatever the hidden cards were.

>>> from kseri.table.session import GameSession
>>> s = GameSession.new(seed=3, level="easy")
>>> while s.phase in ("human", "bot"):
...     _ = s.play_human(s.view().hand[-1]) if s.phase == "human" else s.play_bot()
>>> review = RoundReview(s.match, seed=s.seed, samples=4)
>>> while not review.step(max_ms=20):
...     pass
>>> plays = review.plays()
>>> len(plays), review.progress(), review.seat
(24, (24, 24), 0)
>>> all(p.loss >= 0 for p in plays) and all(p.played in p.hand for p in plays)
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from kseri.engine.cards import CODES
from kseri.engine.errors import IllegalMoveError
from kseri.engine.match import Match
from kseri.engine.table import TableObservation, TableRound
from kseri.table.estimates import evaluation
from kseri.table.seats import HUMAN
from kseri.table.strategy import HintRows
from kseri.table.summaries import round_summary
from kseri.table.tables import strategy_for
from kseri.table.views import HintEntry, TableItemView

if TYPE_CHECKING:  # the bots load on first use (start-up time in the page)
    from kseri.bots.thinking import Decision

__all__ = ["MISTAKES_SHOWN", "MISTAKE_LOSS", "ReviewedPlay", "RoundReview", "review_rng"]

MISTAKE_LOSS = 1.0
"""A play is a mistake only if it cost at least this many points against the best move."""

MISTAKES_SHOWN = 3
"""How many of the biggest mistakes are marked."""


@dataclass(frozen=True, slots=True)
class ReviewedPlay:
    """One of the player's plays and the bot's view of their choice there."""

    number: int
    """Which of the player's plays this was in the round (1 for the first)."""
    index: int
    """Its index among all the round's plays."""
    played: str
    """The card played (its code)."""
    hand: tuple[str, ...]
    """The player's hand just before the play."""
    pile: tuple[str, ...]
    """The cards on the table just before the play, bottom first (on a pile, the last is the top card)."""
    choices: tuple[HintEntry, ...]
    """Every card held that could be played, with its value, best first (as the hint shows them: where
    a card has several ways, its best way's)."""
    loss: float
    """Points the play is expected to have cost against the best move (0 or more)."""
    mistake: bool = False
    """One of the round's biggest mistakes (:data:`MISTAKES_SHOWN`, at least :data:`MISTAKE_LOSS`)."""
    move: str = ""
    """The move made, in record notation (at a pile table, the card's code; "": :attr:`played`)."""
    table: tuple[TableItemView, ...] | None = None
    """The open table's items just before the play (None: a pile, :attr:`pile`)."""
    made: HintEntry | None = None
    """The move made, valued (the way it was made where a card has several); None: the card's row
    among :attr:`choices`."""

    @property
    def forced(self) -> bool:
        """Whether every move was worth the same (nothing to choose; moves only within the
        estimate's uncertainty of the best are as good as it, not the same)."""
        return all(choice.best for choice in self.choices) and self.row.best

    @property
    def row(self) -> HintEntry:
        """The move made, valued (:attr:`made`, else the card's row)."""
        return self.made if self.made is not None else next(c for c in self.choices if c.card == self.played)

    @property
    def way(self) -> str:
        """The way the card was played, where a card has several ("" at a pile table)."""
        return self.row.way

    @property
    def best(self) -> HintEntry:
        """The best move's row (its card, and where a card has several ways, the best way)."""
        return self.choices[0]


def review_rng(seed: int, round_index: int, play_index: int) -> random.Random:
    """The generator of one position's search: from the match seed and the position only
    (string seeds are hashed the same in CPython and in Pyodide); with ``seed=0``, the hint's
    (:func:`~kseri.table.estimates.position_rng`)."""
    return random.Random(f"kseri:{seed}:review:{round_index}:{play_index}")


def _positions(match: Match, state: TableRound[Any], seat: int) -> Iterator[tuple[str, TableRound[Any]]]:
    """The round replayed from its deal: ``(move played, round before it)`` for each play of ``seat``
    (each position a round of its own, replayed to there)."""
    codes = state.play_codes()

    def replayed(plays: int) -> TableRound[Any]:
        replay: TableRound[Any] = match.table.from_deck(state.rules, state.dealer, state.deck, check=False,
                                                         returned=state.returned)
        for move in codes[:plays]:
            replay.apply(move)
        return replay

    walk = replayed(0)
    for i, move in enumerate(codes):
        if walk.to_move == seat:
            yield move, replayed(i)
        walk.apply(move)


class RoundReview:
    """The review of one finished round for the player in ``seat``, computed in slices: :meth:`step`
    until it returns True.

    ``samples`` is the number of sampled deals per move (None: the hint's,
    :func:`~kseri.table.estimates.evaluation`). ``known`` holds the hint's rows where the player was
    given one, by the round's plays before that position (record notation): those positions are not
    valued again. The result depends only on the round, ``seat``, ``seed``, ``samples`` and ``known``
    (never on another seat's hidden cards); with ``seed=0`` a position is valued as the hint values it.
    """

    def __init__(self, match: Match, round_index: int = -1, *, seed: int, seat: int = HUMAN,
                 samples: int | None = None, known: Mapping[tuple[str, ...], HintRows] | None = None) -> None:
        if not match.scores:
            raise IllegalMoveError("no round has finished yet")
        if not 0 <= seat < match.rules.players:
            raise IllegalMoveError(f"seat {seat} is not a seat of this table (0 to {match.rules.players - 1})")
        n = len(match.scores)
        self.round_index = round_index % n
        self.seat = seat
        self._match = match
        self._strategy = strategy_for(match.rules)
        state = match.rounds[self.round_index]
        summary = round_summary(match, self.round_index)
        self._totals = summary.totals_before
        self._target = summary.target_before
        self._seed = seed
        self._samples = samples
        self._known = dict(known or {})
        self._todo = [(move, self._observation(position), position)
                      for move, position in _positions(match, state, seat)]
        self._plays: list[ReviewedPlay] = []
        self._thinker: Decision[Any] | None = None
        self.work = 0
        """The searches' work so far (their own measure, no clock: :attr:`Decision.work
        <kseri.bots.thinking.Decision.work>`)."""
        self.largest_unit = 0
        """The most work done between two chances to stop: what a slice may overrun by."""
        self._final: tuple[ReviewedPlay, ...] | None = None

    def _observation(self, position: TableRound[Any]) -> TableObservation[Any]:
        seen: TableObservation[Any] = self._match.table.observation(position, self.seat, totals=self._totals,
                                                                     target=self._target)
        return seen

    # -- progress ------------------------------------------------------------------

    @property
    def done(self) -> bool:
        return self._final is not None

    def progress(self) -> tuple[int, int]:
        """``(positions valued, positions in all)``."""
        return len(self._plays), len(self._todo)

    def step(self, max_ms: float = 25.0) -> bool:
        """Work for about ``max_ms`` milliseconds (one unit of the search at least); True once done."""
        deadline = time.perf_counter() + max_ms / 1000.0
        while self._final is None:
            if len(self._plays) == len(self._todo):
                self._final = _mark_mistakes(self._plays)
                break
            left_ms = max(0.0, (deadline - time.perf_counter()) * 1000.0)
            self._advance(left_ms)
            if time.perf_counter() >= deadline:
                break
        return self._final is not None

    def _advance(self, max_ms: float) -> None:
        """Work on the next position: value it at once if there is no choice, else search a slice."""
        move, seen, position = self._todo[len(self._plays)]
        strategy = self._strategy
        hinted = self._known.get(tuple(position.play_codes()))
        if hinted is not None and sorted(row.card for row in hinted.cards) == sorted(CODES[c] for c in seen.hand):
            self._plays.append(self._reviewed(move, seen, position, hinted))  # what the hint showed
            return
        if strategy.no_choice(seen):  # every move is worth the same
            self._plays.append(self._reviewed(move, seen, position, strategy.hint_rows(
                seen, position, [(m, 0.0) for m in seen.legal_moves()])))
            return
        if self._thinker is None:
            rng = review_rng(self._seed, self.round_index, len(position.plays))
            self._thinker = evaluation(seen, rng, samples=self._samples)
        thinker = self._thinker
        if thinker.step(max_ms):
            values = thinker.move_values() or []
            errors = thinker.move_errors()
            self._thinker = None
            self.work += thinker.work
            self.largest_unit = max(self.largest_unit, thinker.largest_unit)
            rows = strategy.hint_rows(seen, position, values, errors)  # as the hint makes them
            self._plays.append(self._reviewed(move, seen, position, rows))

    def _reviewed(self, move: str, seen: TableObservation[Any], position: TableRound[Any],
                  rows: HintRows) -> ReviewedPlay:
        made = self._strategy.played_row(rows, move)
        return ReviewedPlay(number=len(self._plays) + 1, index=len(position.plays), played=made.card,
                            hand=tuple(CODES[c] for c in seen.hand), pile=tuple(CODES[c] for c in position.pile),
                            choices=rows.cards, loss=made.loss, move=move,
                            table=self._strategy.open_table(position), made=made)

    # -- results -------------------------------------------------------------------

    def plays(self) -> tuple[ReviewedPlay, ...]:
        """Every play of the player in order, once :meth:`step` has finished (it finishes it if not)."""
        while not self.step(1000.0):
            pass
        assert self._final is not None
        return self._final

    def mistakes(self) -> tuple[ReviewedPlay, ...]:
        """The biggest mistakes, costliest first."""
        return tuple(sorted((p for p in self.plays() if p.mistake), key=lambda p: (-p.loss, p.index)))


def _mark_mistakes(plays: list[ReviewedPlay]) -> tuple[ReviewedPlay, ...]:
    """Mark the :data:`MISTAKES_SHOWN` costliest plays that lost at least :data:`MISTAKE_LOSS`
    (the earlier play first on a tie)."""
    costly = sorted((p for p in plays if p.loss >= MISTAKE_LOSS), key=lambda p: (-p.loss, p.index))
    marked = {p.index for p in costly[:MISTAKES_SHOWN]}
    return tuple(replace(p, mistake=p.index in marked) for p in plays)
