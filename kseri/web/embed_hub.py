"""The shared runtime of a page with many scenes (``embed-runtime.html``): one Python for every
``embed.html`` frame on the page.

A page that embeds several scenes adds one hidden frame, ``<iframe name="kseri-runtime"
src="embed-runtime.html" hidden>``. Each ``embed.html`` frame of that page then starts no
runtime of its own: its loader (``static/embed/frame.js``) hands its window to this frame's
loader (``static/embed/runtime.js``), which starts Python on the first one (so a page whose
scenes are all still off screen, lazy frames not yet loaded, starts nothing) and queues the
rest. This module draws every queued frame, and each one handed over later, with
:func:`kseri.web.embed.bind`. The frames are on the site's origin like this one, so their
documents are ours to draw into, also inside a page on another origin.

Contract: ``body[data-ready=true]`` on this page once it serves frames.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from kseri.web.embed import SceneFrame, bind

__all__ = ["FRAME_EVENT", "Hub", "main"]

FRAME_EVENT = "kseri-frame"
"""Dispatched on this window by ``runtime.js`` when a frame joins the queue."""


class Hub:
    """Takes frames from the loader's queue (``window.kseriRuntime.waiting``) and binds each."""

    def __init__(self, queue: Any) -> None:
        self.queue = queue
        self.frames: list[SceneFrame] = []
        """Every frame bound so far (keeps their event handlers alive)."""

    def drain(self, *_event: Any) -> None:
        while int(self.queue.length):
            frame = self.queue.shift()
            try:
                frame.kseriWaiting = False
                self.frames.append(bind(frame.document, frame))
            except Exception as exc:  # a frame that went away (or is not ours): the others still draw
                window.console.warn(f"kseri: a scene frame could not be drawn: {exc!r}")


def main() -> None:
    """Serve the frames queued so far and every later one (run by ``static/embed_runtime_main.py``)."""
    hub = Hub(window.kseriRuntime.waiting)
    window.addEventListener(FRAME_EVENT, create_proxy(hub.drain))
    hub.drain()
    document.body.setAttribute("data-ready", "true")
