"""Dragging a card of your hand onto the table plays it, as a click does.

A press on one of your playable cards becomes a drag once it has moved :data:`DRAG_START_PX`
(a tap wobbles a few pixels and stays a tap). The card follows the pointer. Released over the
middle of the table (``#pile-area``: the pile, the open table, the stock or the status beside
them) it is played as a click plays it, and waits there (``.dropped``) so that its flight starts
where it was let go. Released anywhere else, or after Escape, it goes back to its place and
nothing happens. The click the browser sends as a drag ends is swallowed, or it would lift or play
the card a second time. The keyboard and a plain click or tap are unchanged; with *tap to lift*
on, a drag plays at once (dropping is a choice).

The listeners only read the pointer and call the same :meth:`~kseri.web.play_ui.PlayControl.play`
as a click; what a play means stays there.
"""

from __future__ import annotations

import contextlib
import math
from dataclasses import dataclass
from typing import Any, Protocol

from pyscript import document

from kseri.web.dom import exists
from kseri.web.play_ui import PlayControl
from kseri.web.sound import SoundBoard

__all__ = ["DRAG_START_PX", "CardDrag", "is_drag"]

DRAG_START_PX = 10.0
"""How far a press must move before it is a drag (pixels)."""
CLICK_AFTER_DRAG_MS = 300.0
"""A click on the dragged card this soon after the drag ends is the drag's own click (the browser stamps it
with the time of the release, however late it is dispatched; the next tap is no quicker than that)."""


def is_drag(dx: float, dy: float) -> bool:
    """Whether a press that moved by ``(dx, dy)`` pixels is a drag.

    >>> is_drag(3, 4), is_drag(8, 8)
    (False, True)
    """
    return math.hypot(dx, dy) >= DRAG_START_PX


class DragHost(Protocol):
    """What a drag needs of the page."""

    keyboard_index: int | None
    play: PlayControl

    @property
    def sound(self) -> SoundBoard: ...


@dataclass
class _Press:
    card: Any
    code: str
    pointer: int
    x: float
    y: float
    dragging: bool = False
    cancelled: bool = False
    """Escape was pressed: the card is back, and the rest of the press (its release too) does nothing."""
    zone: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    """Where it may be dropped (left, top, right, bottom), measured as the drag starts: not on every move."""


class CardDrag:
    """One press of a hand card at a time, and whether it became a drag."""

    def __init__(self, host: DragHost) -> None:
        self.host = host
        self._press: _Press | None = None
        self._dropped: Any = None  # the card of the drag that ended last, until its click is swallowed
        self._ended_at = -math.inf  # event.timeStamp of that drag's end

    def on_down(self, event: Any) -> None:
        self._dropped = None  # a drag's own click comes before any next press: none came (a touch, a drop)
        if self._press is not None or int(event.button) != 0 or not bool(event.isPrimary):
            return
        target = event.target
        if not exists(target) or not hasattr(target, "closest"):
            return
        card = target.closest("#hand button[data-card]")
        if not exists(card) or card.disabled:
            return
        self._press = _Press(card, str(card.dataset.card), int(event.pointerId), float(event.clientX),
                             float(event.clientY))

    def on_move(self, event: Any) -> None:
        press = self._press
        if press is None or int(event.pointerId) != press.pointer:
            return
        if press.cancelled:
            return
        dx, dy = float(event.clientX) - press.x, float(event.clientY) - press.y
        if not press.dragging:
            if not is_drag(dx, dy):
                return
            if press.card.disabled:  # the turn ended under the finger (a take-back elsewhere, another tab)
                self._press = None
                return
            press.dragging = True
            rect = self._zone().getBoundingClientRect()
            press.zone = (float(rect.left), float(rect.top), float(rect.right), float(rect.bottom))
            with contextlib.suppress(Exception):  # (a pointer already gone: the moves still reach the document)
                press.card.setPointerCapture(press.pointer)  # the moves keep coming however fast it leaves the card
        event.preventDefault()  # no text selection while dragging
        # Set on every move: a redraw meanwhile (the hint arriving, a take-back) gives the card its drawn
        # class and style back, and the drag must not go on unseen.
        press.card.classList.add("dragging")
        press.card.style.setProperty("--drag-x", f"{dx:.0f}px")
        press.card.style.setProperty("--drag-y", f"{dy:.0f}px")
        self._zone().classList.toggle("drop-over", self._over_zone(press, event))

    def on_up(self, event: Any) -> None:
        press = self._press
        if press is None or int(event.pointerId) != press.pointer:
            return
        self._press = None
        if not press.dragging:
            return  # a tap or a click: the click that follows plays it
        self._dropped, self._ended_at = press.card, float(event.timeStamp)
        if press.cancelled:
            return  # put back by Escape already
        self._zone().classList.remove("drop-over")
        self.host.sound.unlock()  # a touch's release is a user gesture; a drag sends no click that would unlock
        if self._over_zone(press, event) and not press.card.disabled:
            self.host.keyboard_index = None
            self.host.play.play(press.code)
            if press.card.disabled and exists(press.card.parentNode):
                # played: the card stays where it was dropped and flies from there (the table's outline goes)
                press.card.classList.replace("dragging", "dropped")
                return
        self._put_back(press.card)

    def on_cancel(self, event: Any) -> None:
        press = self._press
        if press is None or int(event.pointerId) != press.pointer:
            return
        self._press = None
        self._zone().classList.remove("drop-over")
        if press.dragging:
            self._dropped, self._ended_at = press.card, float(event.timeStamp)
            self._put_back(press.card)

    def on_key(self, event: Any) -> None:
        """Escape during a drag puts the card back; the release then plays nothing (no other key sees it)."""
        press = self._press
        if press is None or not press.dragging or press.cancelled or str(event.key) != "Escape":
            return
        event.preventDefault()
        event.stopImmediatePropagation()  # not the table's Escape too (closing the ways, a dialog)
        press.cancelled = True
        self._zone().classList.remove("drop-over")
        self._put_back(press.card)

    def swallows(self, event: Any) -> bool:
        """Whether ``event`` (a click) is the one the browser sends on the dragged card as the drag ends: it
        does nothing more. Any other click, however soon, is the player's."""
        dropped, self._dropped = self._dropped, None
        if dropped is None or float(event.timeStamp) - self._ended_at > CLICK_AFTER_DRAG_MS:
            return False
        target = event.target
        return bool(exists(target) and hasattr(target, "closest") and target.closest("#hand button[data-card]")
                    == dropped)

    @staticmethod
    def _put_back(card: Any) -> None:
        card.classList.remove("dragging")
        card.style.removeProperty("--drag-x")
        card.style.removeProperty("--drag-y")

    @staticmethod
    def _zone() -> Any:
        return document.getElementById("pile-area")

    @staticmethod
    def _over_zone(press: _Press, event: Any) -> bool:
        left, top, right, bottom = press.zone
        x, y = float(event.clientX), float(event.clientY)
        return left <= x <= right and top <= y <= bottom
