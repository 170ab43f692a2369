"""Every card face decoded before the table shows one: :class:`CardImages`.

A card image that arrives or decodes after its element is on screen paints as an
empty card frame for a frame or more. The table's first drawing is made while the
loading screen still covers it, and the table opens once the faces it shows are
decoded (:meth:`CardImages.ready`). Then every other card image (52 faces and the
back, small SVGs) goes into a hidden rack, ``#card-rack``, where they load while the
player looks at the table. Held in the document, they stay among its available
images, and a new ``<img>`` of a card is then complete at once (nearly always:
:mod:`kseri.web.faces` hides the rare one that is not until it is, and so a card
whose image has not arrived yet).

The rack is not filled before Python starts: each SVG image costs the browser a few
milliseconds of main-thread work (a small document of its own), some 200 ms for the
53, which held the interpreter's start back on a first visit.

A look may show another image in a card's place (``static/cards/looks.css``: an ``<img>``'s
CSS ``content``, for big indices, another back, and the courts' Greek indices on a page in
Greek). Decoding the ``src`` does not load that one, so it is loaded too, read off the
computed style (this module need not know the looks' rules): for the first drawing in
:meth:`CardImages.ready`, and into the rack by :meth:`CardImages.load_all`, which the page
calls again when the language or a look changes.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from pyscript import document, window

from kseri.engine.cards import CODES
from kseri.web.card_html import card_src, swapped_src
from kseri.web.dom import exists

__all__ = ["RACK_ID", "CardImages"]

RACK_ID = "card-rack"
"""The hidden element holding one ``<img>`` per card image (``index.html`` has it, empty)."""


def _shown_instead(image: Any) -> str | None:
    """The image a look shows in ``image``'s place (its computed ``content``), or None."""
    return swapped_src(str(window.getComputedStyle(image).content))


class CardImages:
    """The page's card images: :meth:`ready` waits for those a drawing shows, :meth:`load_all`
    fills the rack with the others."""

    def __init__(self) -> None:
        rack = document.getElementById(RACK_ID)
        if not exists(rack):
            rack = document.createElement("div")
            rack.id = RACK_ID
            rack.hidden = True
            rack.setAttribute("aria-hidden", "true")
            document.body.appendChild(rack)
        self.rack: Any = rack
        self.loaded: Any = None
        """Once :meth:`load_all` ran: settles when the rack's images are decoded (or failed)."""

    async def ready(self, drawing: Any, timeout_s: float) -> None:
        """Wait until every image in the element ``drawing`` is decoded, or ``timeout_s`` seconds
        at most (a slow network must not hold the table back: the faces then show as they arrive)."""
        decodes = window.Array.new()
        for image in drawing.querySelectorAll("img"):
            decodes.push(image.decode())
            swapped = _shown_instead(image)
            if swapped is not None:  # a look shows this one instead (looks.css)
                stand_in = window.Image.new()
                stand_in.src = swapped
                decodes.push(stand_in.decode())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(window.Promise.allSettled(decodes), timeout_s)

    def load_all(self) -> None:
        """Put every card image the rack lacks into it (they load and decode in the background): the
        faces and the back, and the images the page's language and looks show in their place."""
        present = {str(img.getAttribute("src")) for img in self.rack.querySelectorAll("img")}
        decodes = window.Array.new()

        def add(src: str) -> None:
            image = document.createElement("img")
            image.alt = ""
            image.src = src
            self.rack.appendChild(image)
            decodes.push(image.decode())
            present.add(src)

        for code in (*CODES, None):
            if card_src(code) not in present:
                add(card_src(code))
        for image in list(self.rack.querySelectorAll("img")):
            swapped = _shown_instead(image)
            if swapped is not None and swapped not in present:
                add(swapped)
        self.loaded = window.Promise.allSettled(decodes)  # never an unhandled rejection
