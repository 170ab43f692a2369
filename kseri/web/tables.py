"""Each table's part of the page, by the engine's table id (:attr:`kseri.engine.rules.Rules.table`):
how a play is shown in time.

:mod:`kseri.web.turns` plays every table's turns alike and asks here how to animate a play.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping

from kseri.engine.events import PlayEvent
from kseri.web.pile.play import show_pile_play
from kseri.web.play_host import PlayHost
from kseri.web.sums.play import show_table_play

__all__ = ["SHOW_PLAY", "ShowPlay"]

ShowPlay = Callable[[PlayHost, PlayEvent, int], Awaitable[None]]
"""Animate a play from the table as drawn before it, then draw the table after it (``gen``: the
match's generation, :class:`~kseri.web.state.UiState`)."""

SHOW_PLAY: Mapping[str, ShowPlay] = {"pile": show_pile_play, "sums": show_table_play}
"""Each table's animation of a play."""
