"""A match: rounds played until a side reaches the target (151 in the Greek game).

>>> import random
>>> m = Match.new(rng=random.Random(1))
>>> while not m.is_over:
...     if m.round.is_terminal():
...         _ = m.next_round()
...     _ = m.play(m.round.legal_moves()[0])  # a real player would choose
>>> m.winner in (0, 1) and max(m.totals) >= m.target
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from kseri.engine.errors import IllegalMoveError, TableError, quoted
from kseri.engine.events import PlayEvent
from kseri.engine.pile.round import Round
from kseri.engine.rules import GREEK, Rules
from kseri.engine.scoring import RoundScore, score_round, sole_best, target_outcome
from kseri.engine.table import TableRound
from kseri.engine.tables import table_for

__all__ = ["Match"]


class Match:
    """Rounds, running totals, target and winner. Sides are seats, or teams of two."""

    def __init__(self, rules: Rules = GREEK, *, first_dealer: int, rng: random.Random | None = None) -> None:
        if not (type(first_dealer) is int and 0 <= first_dealer < rules.players):
            raise IllegalMoveError(f"first dealer {quoted(first_dealer)} is not a seat (0 to {rules.players - 1})")
        self.rules = rules
        self.first_dealer = first_dealer
        self.rng = rng
        self.table = table_for(rules)
        """The table the match is played at (:mod:`kseri.engine.tables`)."""
        self.rounds: list[TableRound[Any]] = []
        self.scores: list[RoundScore] = []
        self.totals = [0] * rules.teams
        self.round_wins = [0] * rules.teams
        self.target = rules.target
        self.winner: int | None = None

    @classmethod
    def new(cls, rules: Rules = GREEK, *, rng: random.Random, first_dealer: int | None = None) -> Match:
        """A match with its first round dealt; the first dealer is drawn from ``rng`` unless given."""
        if first_dealer is None:
            first_dealer = rng.randrange(rules.players)
        match = cls(rules, first_dealer=first_dealer, rng=rng)
        match.next_round()
        return match

    # -- state ----------------------------------------------------------------

    @property
    def round(self) -> TableRound[Any]:
        """The round in play (or the one just finished).

        A match has no round before its first deal (:meth:`next_round`; a record of no rounds
        reads as such a match): then this raises :class:`~kseri.engine.errors.IllegalMoveError`,
        one line, never an :class:`IndexError`.
        """
        rounds = self.rounds
        if not rounds:
            raise IllegalMoveError("no round has been dealt yet in this match (deal one with next_round)")
        return rounds[-1]

    def pile_round(self, index: int = -1) -> Round:
        """Round ``index`` (by default the one in play) with the pile tables' whole API
        (:class:`~kseri.engine.pile.round.Round`); :class:`~kseri.engine.errors.TableError` at the
        sums table."""
        if not -len(self.rounds) <= index < len(self.rounds):
            raise IllegalMoveError(f"round {index} is not a round of this match (it has {len(self.rounds)})")
        state = self.rounds[index]
        if not isinstance(state, Round):
            raise TableError(f"the {self.rules.profile} table has no pile round (it lays cards side by side)")
        return state

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def dealer_of(self, round_index: int) -> int:
        """Round 0 is dealt by ``first_dealer``; the deal then passes to the next seat."""
        return (self.first_dealer + round_index) % self.rules.players

    @property
    def next_dealer(self) -> int:
        return self.dealer_of(len(self.rounds))

    # -- play -----------------------------------------------------------------

    def next_round(self, deck: list[int] | None = None, returned: Sequence[int] = ()) -> TableRound[Any]:
        """Deal the next round (from ``deck`` if given, with the opening cards ``returned`` to the stock
        before it stood, else shuffled with the match's rng)."""
        if self.is_over:
            raise IllegalMoveError(f"the match is over: side {self.winner} won")
        if self.rounds and not self.round.is_terminal():
            raise IllegalMoveError(f"round {len(self.rounds) - 1} is still being played")
        dealer = self.next_dealer
        state: TableRound[Any]
        if deck is None:
            if self.rng is None:
                raise IllegalMoveError("no deck given and no random generator to shuffle one")
            state = self.table.deal(self.rules, dealer, self.rng)
        else:
            state = self.table.from_deck(self.rules, dealer, deck, returned=returned)
        self.rounds.append(state)
        return state

    def play(self, card: Any) -> PlayEvent:
        """Play a move of the match's table for the seat to move, or its record notation
        (checked); scores the round when it ends.

        At the pile tables a move is a :class:`~kseri.engine.cards.Card`; at the sums table a
        :class:`~kseri.engine.sums.round.SumsMove` (a plain card lays it loose)."""
        if self.is_over:
            shown = quoted(card) if isinstance(card, str) and len(card) > 40 else card
            raise IllegalMoveError(f"cannot play {shown}: the match is over")
        event = self.round.apply(card)
        if event.round_over:
            self._score_round()
        return event

    def play_random(self, rng: random.Random) -> None:
        """A uniformly random legal move for the seat to move, unchecked and without an event
        (:meth:`Table.random_play <kseri.engine.table.Table.random_play>`: simulations); scores
        the round when it ends."""
        state = self.round
        self.table.random_play(state, rng)
        if state.is_terminal():
            self._score_round()

    def play_index(self, card: int) -> None:
        """Unchecked fast path of :meth:`play` for a card index known to be in the mover's hand.

        Only the pile tables have it: at the sums table a card does not say what it takes, so
        this raises :class:`~kseri.engine.errors.TableError` (use :meth:`play`)."""
        rounds = self.rounds
        state = rounds[-1] if rounds else self.round  # self.round: the one-line error
        if not isinstance(state, Round):
            raise TableError(f"play_index is the pile tables' fast path; at the {self.rules.profile} table "
                             f"play a move with play(), e.g. '7H:3C+4D'")
        state.apply_index(card)
        if state.is_terminal():
            self._score_round()

    def _score_round(self) -> None:
        score = score_round(self.round)
        self.scores.append(score)
        points = score.points
        for side, p in enumerate(points):
            self.totals[side] += p
        best = max(points)
        if points.count(best) == 1:
            self.round_wins[points.index(best)] += 1
        self.winner = self._decide()

    def _decide(self) -> int | None:
        rules = self.rules
        if rules.match_rounds is not None:
            if len(self.scores) < rules.match_rounds:
                return None
            return sole_best(self.round_wins)
        winner, self.target = target_outcome(self.totals, self.target, rules)
        return winner
