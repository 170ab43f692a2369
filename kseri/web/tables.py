"""Each table's part of the page, by the engine's table id (:attr:`kseri.engine.rules.Rules.table`):
how a play is shown in time, and said in one sentence.

:mod:`kseri.web.turns` plays every table's turns alike and asks here how to animate a play.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping

from kseri.engine.events import PlayEvent
from kseri.table.pile.words import describe_event
from kseri.table.sums.words import describe_sums_event
from kseri.web.pile.play import show_pile_play
from kseri.web.play_host import PlayHost
from kseri.web.sums.play import show_table_play

__all__ = ["DESCRIBE_PLAY", "SHOW_PLAY", "DescribePlay", "ShowPlay"]

ShowPlay = Callable[[PlayHost, PlayEvent, int], Awaitable[None]]
"""Animate a play from the table as drawn before it, then draw the table after it (``gen``: the
match's generation, :class:`~kseri.web.state.UiState`)."""

SHOW_PLAY: Mapping[str, ShowPlay] = {"pile": show_pile_play, "sums": show_table_play}
"""Each table's animation of a play."""

DescribePlay = Callable[[PlayEvent, int, tuple[str, ...]], str]
"""A play in one sentence for the live region, from the play, the packet's size and the seats' names
(played out without its animation: a friend's plays that came with a deal, :mod:`kseri.web.duel`)."""

DESCRIBE_PLAY: Mapping[str, DescribePlay] = {
    "pile": describe_event,
    "sums": lambda event, packet_size, names: describe_sums_event(event, packet_size=packet_size, names=names),
}
"""Each table's sentence for a play."""
