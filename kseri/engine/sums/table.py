"""The open table as a :class:`~kseri.engine.table.Table`: a move is a card and what it takes or
builds (:class:`~kseri.engine.sums.round.SumsMove`), written ``7H:3C+4D``, ``5S>3H``, ``9D``.

>>> from kseri.engine.rules import SUMS
>>> from kseri.engine.sums.round import _demo_deck
>>> state = SUMS_TABLE.from_deck(SUMS, 1, _demo_deck())
>>> seen = SUMS_TABLE.observation(state, seat=0)
>>> [str(move) for move in seen.legal_moves()][:2], SUMS_TABLE.move_noun
(['7H:3C+4D', '7H>3C'], 'a play')
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from kseri.engine.errors import KseriError, RecordError, quoted, shown
from kseri.engine.rules import Rules
from kseri.engine.sums.observation import SumsObservation
from kseri.engine.sums.round import SumsRound
from kseri.engine.table import BaseTable, Table

if TYPE_CHECKING:
    from kseri.engine.match import Match

__all__ = ["SUMS_TABLE", "SumsTable"]


class SumsTable(BaseTable, name="sums", move_noun="a play", round_class=SumsRound,
                observation_class=SumsObservation):
    """Cards side by side, captures by rank or by sum, builds (:class:`~kseri.engine.sums.round.SumsRound`)."""

    def random_play(self, state: SumsRound, rng: random.Random) -> None:
        """One ``rng.choice`` among the legal moves."""
        state.apply_move(rng.choice(state.legal_moves()))

    def read_plays(self, value: Any, where: str, rules: Rules) -> list[str]:
        if not isinstance(value, list):
            raise RecordError("plays must be a list of play strings", where)
        wrong = next((i for i, play in enumerate(value) if not isinstance(play, str)), None)
        if wrong is not None:
            raise RecordError(f"a play must be a string, got {shown(value[wrong])}", f"{where}, play {wrong}")
        if len(value) > rules.cards:
            raise RecordError(f"plays lists {len(value)} plays (a round has at most {rules.cards})", where)
        return value

    def replay(self, match: Match, play: str, where: str) -> None:
        if match.round.is_terminal():
            raise RecordError(f"{quoted(play)} played after the round ended", where)
        try:
            match.play(play)
        except KseriError as exc:
            raise RecordError(str(exc), where) from None


SUMS_TABLE: Table[SumsRound, SumsObservation] = SumsTable()
"""The open table (``Rules.table == "sums"``)."""
