"""The pile tables as a :class:`~kseri.engine.table.Table`: a move is a card.

>>> import random
>>> from kseri.engine.rules import GREEK
>>> state = PILE_TABLE.deal(GREEK, dealer=1, rng=random.Random(7))
>>> seen = PILE_TABLE.observation(state, seat=0)
>>> seen.legal_moves() == state.legal_moves(), PILE_TABLE.move_noun
(True, 'a card code')
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from kseri.engine.cards import CODES, Card, record_cards
from kseri.engine.errors import RecordError
from kseri.engine.pile.observation import Observation
from kseri.engine.pile.round import Round
from kseri.engine.rules import Rules
from kseri.engine.table import BaseTable, Table

if TYPE_CHECKING:
    from kseri.engine.match import Match

__all__ = ["PILE_TABLE", "PileTable"]


class PileTable(BaseTable, name="pile", move_noun="a card code", round_class=Round, observation_class=Observation):
    """One pile, a card takes it by matching the top card (:class:`~kseri.engine.pile.round.Round`)."""

    def random_play(self, state: Round, rng: random.Random) -> None:
        """One draw per play: ``hand[int(rng.random() * len(hand))]``, whatever the generator."""
        hand = state.hands[state.to_move]
        state.apply_index(hand[int(rng.random() * len(hand))])

    def read_plays(self, value: Any, where: str, rules: Rules) -> list[int]:
        return record_cards(value, where, "plays", rules.cards, entry="play")

    def replay(self, match: Match, play: int, where: str) -> None:
        state = match.round
        if state.is_terminal():
            raise RecordError(f"{CODES[play]} played after the round ended", where)
        if play not in state.hands[state.to_move]:
            held = " ".join(CODES[c] for c in state.hands[state.to_move])
            raise RecordError(f"{CODES[play]} is not in seat {state.to_move}'s hand [{held}]", where)
        match.play(Card.from_index(play))


PILE_TABLE: Table[Round, Observation] = PileTable()
"""The pile tables (``Rules.table == "pile"``)."""
