"""What showing a play needs from the page, at every table: :class:`PlayHost`.

Each table's animation of a play (:mod:`kseri.web.pile.play`, :mod:`kseri.web.sums.play`) reaches
the page only through this small protocol (the page's table, :class:`kseri.web.hosts.TableHost`, with the
page's board, pacer and sounds); :class:`kseri.web.turns.TurnsHost` sees the same table through smaller protocols.
"""

from __future__ import annotations

from typing import Any, Protocol

from kseri.engine.events import PlayEvent
from kseri.web.board import Board
from kseri.web.dom import bounds, exists
from kseri.web.hosts import TableHost
from kseri.web.pacer import Pacer
from kseri.web.sound import SoundBoard

__all__ = ["PlayHost", "lift_played_card", "seat_stack"]


class PlayHost(TableHost[Board, Pacer, SoundBoard], Protocol):
    """The page around a play being shown: the table, drawn by the page's own board, pacer and sounds."""


def lift_played_card(host: PlayHost, event: PlayEvent) -> tuple[bool, Any]:
    """Take the played card out of the hand it came from (hidden while its flight shows): your
    hand's button, else the backs of its seat's panel or of the bot's hand. Returns whether the
    hand at the bottom played it, and where the card was (the stock's place if it is not drawn)."""
    el = host.board.el
    human = event.seat == host.session.viewer  # the hand at the bottom played it
    if human:
        source = el["hand"].querySelector(f'button[data-card="{event.card.code}"]')
    elif host.session.view().panels:
        backs = el["seats"].querySelectorAll(f'[data-seat="{event.seat}"] .back')
        source = backs.item(backs.length // 2) if backs.length else el["seats"]
    else:
        backs = el["bot-hand"].querySelectorAll(".back")
        source = backs.item(backs.length // 2) if backs.length else el["bot-hand"]
    rect = bounds(source) or bounds(el["stock"])
    if exists(source):
        source.style.visibility = "hidden"
    return human, rect


def seat_stack(host: PlayHost, seat: int | None, part: str, seat_part: str) -> Any:
    """A part of ``seat``'s capture stack: the bottom hand's, the bot's row's, or with panels (more seats,
    or people on this device or a friend's) that seat's panel."""
    el = host.board.el
    if seat == host.session.viewer:
        return el["you-stack"].querySelector(part)
    if host.session.view().panels:
        return el["seats"].querySelector(f'[data-seat="{seat}"] {seat_part}')
    return el["bot-stack"].querySelector(part)
