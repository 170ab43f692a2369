"""What showing a play needs from the page, at every table: :class:`PlayHost`.

Each table's animation of a play (:mod:`kseri.web.pile.play`, :mod:`kseri.web.sums.play`) reaches
the page only through this small protocol; :class:`kseri.web.turns.TurnsHost` extends it.
"""

from __future__ import annotations

from typing import Protocol

from kseri.table.session import GameSession
from kseri.web.board import Board
from kseri.web.pacer import Pacer
from kseri.web.sound import SoundBoard
from kseri.web.state import UiState

__all__ = ["PlayHost"]


class PlayHost(Protocol):
    """The page around a play being shown."""

    state: UiState
    """What the table is doing; the sequences move it along."""

    @property
    def session(self) -> GameSession: ...

    @property
    def board(self) -> Board: ...

    @property
    def pacer(self) -> Pacer: ...

    @property
    def sound(self) -> SoundBoard: ...

    def render(self) -> None:
        """Draw the whole table as the session and the state have it."""
