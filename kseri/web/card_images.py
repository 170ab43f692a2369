"""Every card face decoded before the table shows one: :class:`CardImages`.

A card image that arrives or decodes after its element is on screen paints as an
empty card frame for a frame or more. ``index.html`` holds every card image (52
faces and the back, small SVGs) in a hidden rack, ``#card-rack``, so they load
while Python starts, at no cost to the start-up; the table waits for them to be
decoded before its first drawing. Held in the document, they stay among its
available images, and a new ``<img>`` of a card is then complete at once (nearly
always: :mod:`kseri.web.faces` hides the rare one that is not until it is).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from pyscript import document, window

from kseri.engine.cards import CODES
from kseri.web.card_html import card_src
from kseri.web.dom import exists

__all__ = ["RACK_ID", "CardImages"]

RACK_ID = "card-rack"
"""The hidden element of ``index.html`` holding one ``<img>`` per card image."""


class CardImages:
    """The card images of the page's rack (made here when a page has none); :meth:`ready`
    waits until they are decoded."""

    def __init__(self) -> None:
        rack = document.getElementById(RACK_ID)
        if not exists(rack):
            rack = document.createElement("div")
            rack.id = RACK_ID
            rack.hidden = True
            rack.setAttribute("aria-hidden", "true")
            document.body.appendChild(rack)
        self.rack: Any = rack
        present = {str(img.getAttribute("src")) for img in rack.querySelectorAll("img")}
        for code in (*CODES, None):
            if card_src(code) not in present:  # a page whose rack lacks a card still gets it
                image = document.createElement("img")
                image.alt = ""
                image.src = card_src(code)
                rack.appendChild(image)
        decodes = window.Array.new()
        for image in rack.querySelectorAll("img"):
            decodes.push(image.decode())
        self._all = window.Promise.allSettled(decodes)

    async def ready(self, timeout_s: float) -> None:
        """Wait until every image is decoded, or ``timeout_s`` seconds at most (a slow network
        must not hold the table back: the faces then show as they arrive)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._all, timeout_s)
