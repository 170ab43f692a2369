"""The :class:`Pacer` that runs the table's pauses and animations (their lengths: :mod:`kseri.web.pace`).

Every pause and animation goes through the pacer, so a click or a key press
can finish the running animation and make the rest of the turn instant,
``prefers-reduced-motion: reduce`` removes every delay, and the player's
animation speed (:attr:`Pacer.scale`, from :mod:`kseri.web.settings`) stretches
or shortens them all alike.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from pyscript import window

from kseri.web.dom import exists, js_object
from kseri.web.pace import Keyframe

__all__ = ["Pacer"]


class Pacer:
    """Pauses and animations that a click can cut short and reduced motion removes."""

    def __init__(self) -> None:
        self.skipping = False
        self._waiters: set[asyncio.Future[None]] = set()
        self._animations: list[Any] = []  # JsProxy objects are not hashable
        self._media = window.matchMedia("(prefers-reduced-motion: reduce)")
        self.scale = 1.0
        """What every duration and pause is multiplied by (the player's animation speed)."""

    @property
    def reduced(self) -> bool:
        return bool(self._media.matches)

    @property
    def instant(self) -> bool:
        return self.skipping or self.reduced

    @property
    def busy(self) -> bool:
        return bool(self._waiters or self._animations)

    def begin(self) -> None:
        """A new sequence (a turn) starts: pauses count again."""
        self.skipping = False

    async def pause(self, ms: float) -> None:
        if ms <= 0 or self.instant:
            return
        loop = asyncio.get_event_loop()
        future: asyncio.Future[None] = loop.create_future()

        def wake() -> None:
            if not future.done():
                future.set_result(None)

        handle = loop.call_later(ms * self.scale / 1000.0, wake)
        self._waiters.add(future)
        try:
            await future
        finally:
            handle.cancel()
            self._waiters.discard(future)

    async def animate(self, element: Any, frames: list[Keyframe], duration: float, *, delay: float = 0,
                      easing: str = "cubic-bezier(.2,.75,.25,1)", fill: str = "both") -> None:
        if self.instant or not exists(element):
            return
        options = {"duration": duration * self.scale, "delay": delay * self.scale, "easing": easing, "fill": fill}
        animation = element.animate(js_object(frames), js_object(options))
        self._animations.append(animation)
        try:
            await animation.finished
        except Exception:  # cancelled when the element went away
            pass
        finally:
            if animation in self._animations:
                self._animations.remove(animation)

    def skip(self) -> None:
        """Finish what is running and make the rest of this sequence instant."""
        self.skipping = True
        for future in list(self._waiters):
            if not future.done():
                future.set_result(None)
        for animation in list(self._animations):
            with contextlib.suppress(Exception):  # an animation whose element went away
                animation.finish()

