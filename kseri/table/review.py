"""A review of your round: each of your plays, valued by the hard bot as it stood then.

After a round the player can step through their own plays. For each one, the
position is rebuilt as *they* saw it (their :class:`~kseri.engine.pile.observation.Observation`
at that moment: their hand, the opening and the cards played, never the bot's hand or
the stock), and the hard bot's search values every card they could have played: the
hint's own evaluation (:class:`kseri.bots.Thinker` with ``exact=True``, every card on the
same sampled deals, the hint's number of them, and the hint's generator for the position,
:func:`~kseri.table.estimates.position_rng`). Where you were given a hint, the review takes
the hint's values as you saw them (``known``) instead of valuing the position again. A play's
*loss* is how many points worse than the best card the one played is expected to end the
round, or 0 when the difference is within the estimate's own uncertainty
(:func:`~kseri.table.estimates.loss_against_best`: "as good as the best"); the biggest losses
are the *mistakes*. So a play of the hint's ★ card is never a loss.

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
>>> len(plays), review.progress()
(24, (24, 24))
>>> all(p.loss >= 0 for p in plays) and all(p.played in p.hand for p in plays)
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kseri.engine.cards import CODES, Card, rank_index
from kseri.engine.errors import IllegalMoveError
from kseri.engine.match import Match
from kseri.engine.pile.observation import Observation
from kseri.engine.pile.round import Round
from kseri.engine.rules import card_points_table
from kseri.table.pile.strategy import PILE
from kseri.table.seats import HUMAN
from kseri.table.summaries import round_summary
from kseri.table.views import HintEntry

if TYPE_CHECKING:  # the bots load on first use (start-up time in the page)
    from kseri.bots import Thinker

__all__ = ["MISTAKES_SHOWN", "MISTAKE_LOSS", "ReviewedPlay", "RoundReview", "review_rng"]

MISTAKE_LOSS = 1.0
"""A play is a mistake only if it cost at least this many points against the best card."""

MISTAKES_SHOWN = 3
"""How many of the biggest mistakes are marked."""


@dataclass(frozen=True, slots=True)
class ReviewedPlay:
    """One of your plays and the bot's view of your choice there."""

    number: int
    """Which of your plays this was in the round (1 for the first)."""
    index: int
    """Its index among all the round's plays."""
    played: str
    """The card you played (its code)."""
    hand: tuple[str, ...]
    """Your hand just before the play."""
    pile: tuple[str, ...]
    """The pile just before the play, bottom first (the last is the top card)."""
    choices: tuple[HintEntry, ...]
    """Every card you held with its value, best first (as the hint shows them)."""
    loss: float
    """Points the card played is expected to have cost against the best one (0 or more)."""
    mistake: bool = False
    """One of the round's biggest mistakes (:data:`MISTAKES_SHOWN`, at least :data:`MISTAKE_LOSS`)."""

    @property
    def forced(self) -> bool:
        """Whether every card in hand was worth the same (nothing to choose; cards only within the
        estimate's uncertainty of the best are as good as it, not the same)."""
        return all(choice.best for choice in self.choices)


def review_rng(seed: int, round_index: int, play_index: int) -> random.Random:
    """The generator of one position's search: from the match seed and the position only
    (string seeds are hashed the same in CPython and in Pyodide); with ``seed=0``, the hint's
    (:func:`~kseri.table.estimates.position_rng`)."""
    return random.Random(f"kseri:{seed}:review:{round_index}:{play_index}")


def _positions(state: Round) -> Iterator[tuple[int, int, Round]]:
    """The round replayed from its deal: ``(play index, card played, round before it)`` for each
    of your plays."""
    replay = Round.from_deck(state.rules, state.dealer, state.deck, check=False)
    for i, card in enumerate(state.plays):
        if replay.to_move == HUMAN:
            yield i, card, replay.clone()
        replay.apply_index(card)


def _distinct(observation: Observation) -> int:
    """How many cards in hand differ in what they can do (same rank and points play alike)."""
    points = card_points_table(observation.rules)
    return len({(rank_index(c), points[c]) for c in observation.hand})


class RoundReview:
    """The review of one finished round, computed in slices: :meth:`step` until it returns True.

    ``samples`` is the number of sampled deals per card (None: the hint's,
    :data:`~kseri.bots.pile.params.EVALUATE_SAMPLES` at most; the last packet is solved exactly).
    ``known`` holds the hint's rows where you were given one, by the round's plays before that
    position: those positions are not valued again. The result depends only on the round,
    ``seed``, ``samples`` and ``known``; with ``seed=0`` a position is valued as the hint values it.
    """

    def __init__(self, match: Match, round_index: int = -1, *, seed: int, samples: int | None = None,
                 known: Mapping[tuple[object, ...], Sequence[HintEntry]] | None = None) -> None:
        if not match.scores:
            raise IllegalMoveError("no round has finished yet")
        n = len(match.scores)
        self.round_index = round_index % n
        state = match.pile_round(self.round_index)
        summary = round_summary(match, self.round_index)
        self._totals = summary.totals_before
        self._target = summary.target_before
        self._seed = seed
        self._samples = samples
        self._known = dict(known or {})
        self._todo = [(i, card, self._observation(position), position) for i, card, position in _positions(state)]
        self._plays: list[ReviewedPlay] = []
        self._thinker: Thinker | None = None
        self._final: tuple[ReviewedPlay, ...] | None = None

    def _observation(self, position: Round) -> Observation:
        return Observation.from_round(position, seat=HUMAN, totals=self._totals, target=self._target)

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
        i, card, seen, position = self._todo[len(self._plays)]
        hinted = self._known.get(tuple(position.plays))
        if hinted is not None and sorted(row.card for row in hinted) == sorted(CODES[c] for c in seen.hand):
            self._plays.append(self._reviewed(card, seen, position, tuple(hinted)))  # what the hint showed you
            return
        if _distinct(seen) == 1:  # one kind of card in hand: every card is worth the same
            rows = PILE.hint_rows(seen, position, [(Card.from_index(c), 0.0) for c in seen.hand])
            self._plays.append(self._reviewed(card, seen, position, rows.cards))
            return
        if self._thinker is None:
            from kseri.bots import Thinker
            self._thinker = Thinker("hard", seen, review_rng(self._seed, self.round_index, i),
                                    samples=self._samples, exact=True)
        if self._thinker.step(max_ms):
            values = self._thinker.move_values() or []
            errors = self._thinker.move_errors()
            self._thinker = None
            rows = PILE.hint_rows(seen, position, values, errors)  # as the hint makes them
            self._plays.append(self._reviewed(card, seen, position, rows.cards))

    def _reviewed(self, card_played: int, seen: Observation, position: Round,
                  choices: tuple[HintEntry, ...]) -> ReviewedPlay:
        played = CODES[card_played]
        loss = next(choice.loss for choice in choices if choice.card == played)
        return ReviewedPlay(number=len(self._plays) + 1, index=len(position.plays), played=played,
                            hand=tuple(CODES[c] for c in seen.hand), pile=tuple(CODES[c] for c in position.pile),
                            choices=choices, loss=loss)

    # -- results -------------------------------------------------------------------

    def plays(self) -> tuple[ReviewedPlay, ...]:
        """Every play of yours in order, once :meth:`step` has finished (it finishes it if not)."""
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
    return tuple(ReviewedPlay(number=p.number, index=p.index, played=p.played, hand=p.hand, pile=p.pile,
                              choices=p.choices, loss=p.loss, mistake=p.index in marked) for p in plays)
