"""What a table brings to the browser table: :class:`TableStrategy`, one per engine table.

:class:`~kseri.table.session.GameSession` plays every table the same way (seeds, turns, the
bot thinking in slices, hints, saves, records, summaries) and asks its table's strategy for
the rest: how a hand card is played (its ways, or why not), what lies on the table, a simple
move when the bot's own thinking fails, the hint's rows, how a play is reviewed,
and the table's own words. :mod:`kseri.table.tables` finds the strategy of a game's rules;
each lives with its table (:mod:`kseri.table.pile.strategy`, :mod:`kseri.table.sums.strategy`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from kseri.engine.rules import Rules
from kseri.engine.scoring import Breakdown
from kseri.engine.table import TableObservation, TableRound
from kseri.table.moves import MoveWay
from kseri.table.views import HintEntry, LastPlay, TableItemView
from kseri.table.words import WordKey

__all__ = ["HintRows", "TableStrategy", "TableWords"]

RoundT = TypeVar("RoundT", bound=TableRound[Any], contravariant=True)
"""The table's round class (:class:`kseri.engine.table.Table`'s)."""
ObservationT = TypeVar("ObservationT", bound=TableObservation[Any], contravariant=True)
"""The table's observation class."""


@dataclass(frozen=True, kw_only=True, slots=True)
class TableWords:
    """A table's own words for what scores (English ``msgid``s: the page translates them)."""

    xeri: bool
    """Whether a kseri is called a xeri here (a capture that empties the open table)."""
    kseri_rule: str
    """What makes a kseri, for "how the points are counted"."""
    intro: str
    """The first-visit tip's rule in one sentence (markup: ``<b>`` only; ``{word}``: the table's word
    for a kseri, ``{points}``: its bonus)."""
    intro_jacks_take_jacks: str = ""
    """:attr:`intro` where a jack takes only a jack (the house rule, ``jacks_capture`` off); empty where
    :attr:`intro` says nothing of jacks."""


@dataclass(frozen=True, slots=True)
class HintRows:
    """The hint worked out: each card in hand (best first) and, where a card can be played several
    ways, every legal move by its record notation (the values on the choice buttons)."""

    cards: tuple[HintEntry, ...]
    ways: Mapping[str, HintEntry] = field(default_factory=dict)
    """By move: what the choice button of that way shows (:func:`~kseri.table.sums.hints.way_hints`)."""


class TableStrategy(Protocol[RoundT, ObservationT]):
    """One table's part of the browser table (see the module's text), for its round class ``RoundT``
    and observation class ``ObservationT`` (:class:`kseri.engine.table.Table`'s)."""

    name: str
    """The engine's table id (:attr:`kseri.engine.table.Table.name`)."""
    words: TableWords
    """The table's own words for what scores."""
    hand_matters: bool
    """Whether a play can depend on the cards kept in hand (a build needs its value in hand): a friend's
    play on another device is then checked against a filling of the cards this device cannot see
    (:mod:`kseri.table.duel.hidden`)."""
    laid_out: bool
    """Whether the table's cards lie side by side (:meth:`open_table`), drawn empty before a deal, or on a pile."""

    def seating_refusal(self, rules: Rules) -> str | None:
        """Why the browser table cannot seat ``rules``' players at this table, beyond what the engine
        deals (None: it can)."""

    def plays_house_rule(self, key: str) -> bool:
        """Whether the new-game screen's house rule ``key`` (:data:`kseri.table.newgame.HOUSE_OPTIONS`) can be
        chosen at this table."""

    def kseri_note(self, side: Breakdown, word: WordKey) -> str:
        """A side's kseris in words, for the round's summary ("2 kseris, 1 jack kseri"), in the
        table's ``word`` for one (:func:`kseri.table.goal.word_key`: "2 piştis" at the Pişti table)."""

    def take_line(self, play: LastPlay) -> str:
        """What ``play`` took and scored, in one short line on the table, in the page's language ("" when
        there is nothing to say: a plain drop)."""

    def open_table(self, state: RoundT) -> tuple[TableItemView, ...] | None:
        """The cards side by side on an open table (None: a pile)."""

    def ways(self, state: RoundT, code: str) -> tuple[MoveWay, ...]:
        """The ways the seat to move may play its card ``code`` (a pile table's card is its one way)."""

    def refusal(self, state: RoundT, code: str) -> str | None:
        """Why the seat to move cannot play its card ``code``, in the page's language (None: it can)."""

    def person_move(self, state: RoundT, given: Any) -> Any:
        """A person's move (the move, its record notation, or a card) as the engine's move, checked:
        :class:`~kseri.engine.errors.IllegalMoveError` (one line, in the page's language when the
        rules forbid it)."""

    def last_play(self, state: RoundT, move: Any, play: LastPlay) -> LastPlay:
        """The latest play (``move``, just played in ``state``) as the table shows it (the open
        table's lines speak of sums and builds)."""

    def fallback(self, state: RoundT, observation: ObservationT, rng: random.Random) -> Any:
        """A simple move for the bot to move in ``state`` (seeing ``observation``) when its own thinking
        failed (the session checks it, and plays the first legal move should this fail too)."""

    def hidden_hand_key(self, state: RoundT, move: str) -> Callable[[int], bool] | None:
        """For a friend's play ``move`` on another device (:mod:`kseri.table.duel.hidden`), refused on a
        deck whose unseen cards were filled in: which unseen cards (by index) to try first in the friend's
        hidden hand to make it legal; None where no play depends on the cards kept in hand (the refusal
        stands)."""

    def hint_rows(self, observation: ObservationT, state: RoundT, values: Sequence[tuple[Any, float]],
                  errors: Sequence[tuple[Any, float]] | None = None) -> HintRows:
        """The hint's rows from every legal move's value (best first), for the person at ``observation``'s
        seat; :class:`ValueError` when a move is missing. ``errors`` (where the search says them:
        :meth:`~kseri.bots.thinking.Decision.move_errors`) are each move's standard error against the
        best: a move within :data:`~kseri.table.estimates.AS_GOOD_Z` of them is as good as the best
        (:func:`~kseri.table.estimates.loss_against_best`)."""

    def no_choice(self, observation: ObservationT) -> bool:
        """Whether every legal move of ``observation``'s seat is worth the same (nothing to choose: the
        review values such a position without a search)."""

    def played_row(self, rows: HintRows, move: str) -> HintEntry:
        """The row of the move played (``move``, its record notation) among the hint's ``rows``, for the
        review: the card's own row where a card is its one move; where a card has several ways, the way
        it was played, valued as the hint valued that way (:class:`ValueError` if it is not there)."""
