"""The parts of the page every controller sees the same way (pure Python): :class:`GameHost` (the game at
hand and what the table is doing) and :class:`TableHost` (that, and the board, pacer and sounds that show it).

The page's protocols extend these instead of declaring the same members again:
:class:`~kseri.web.turns.TurnsHost` sees the table through the small protocols the turns test with fakes
(:class:`~kseri.web.turns.TurnsBoard`, …), :class:`~kseri.web.play_host.PlayHost` through the page's own
board, pacer and sound board; :class:`~kseri.web.page_host.PageHost` is both, and more.

>>> [name for name in vars(GameHost) if not name.startswith("_")]
['session', 'state']
>>> [name for name in vars(TableHost) if not name.startswith("_")]
['board', 'pacer', 'sound', 'render']
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from kseri.table.session import GameSession
from kseri.web.state import UiState

__all__ = ["GameHost", "TableHost"]

BoardT = TypeVar("BoardT", covariant=True)
PacerT = TypeVar("PacerT", covariant=True)
SoundT = TypeVar("SoundT", covariant=True)


class GameHost(Protocol):
    """The game at hand and what the table is doing."""

    @property
    def session(self) -> GameSession: ...

    @property
    def state(self) -> UiState:
        """What the table is doing (read only: it changes through the page's :class:`~kseri.web.state.StateOwner`)."""


class TableHost(GameHost, Protocol[BoardT, PacerT, SoundT]):
    """The game shown: the board that draws it, the pacer of its pauses and animations, its sounds (of
    the kinds the user of the protocol needs)."""

    @property
    def board(self) -> BoardT: ...

    @property
    def pacer(self) -> PacerT: ...

    @property
    def sound(self) -> SoundT: ...

    def render(self) -> None:
        """Draw the whole table as the session and the state have it (with the hint shown, if any)."""
