"""The celebration of a won match on the page: the burst of suits from the trophy of the match's end
(inside its dialog, which the browser draws above everything; none under ``prefers-reduced-motion``)
and the fanfare when sound is on (:mod:`kseri.web.celebrate` has the markup)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from pyscript import document, window

from kseri.web.celebrate import burst_html
from kseri.web.dom import exists
from kseri.web.sound import SoundBoard

__all__ = ["BURST_SECONDS", "celebrate"]

BURST_SECONDS = 2.4
"""How long the burst stays (its animation is 1.8 s at most, delays included)."""


async def celebrate(sound: SoundBoard) -> None:
    """A won match: the fanfare, and the suits burst from the trophy for a moment."""
    sound.play(("win",))
    reduced = False
    with contextlib.suppress(Exception):
        reduced = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
    fx: Any = document.getElementById("match-end")
    if reduced or not exists(fx):
        return
    fx.insertAdjacentHTML("beforeend", burst_html())
    document.body.dataset.celebrating = "true"
    # How many bursts were shown (kept: a busy page may show one for only a moment).
    shown = str(document.body.getAttribute("data-celebrations") or "0")
    document.body.setAttribute("data-celebrations", str(int(shown) + 1 if shown.isdigit() else 1))
    try:
        await asyncio.sleep(BURST_SECONDS)
    finally:
        for burst in fx.querySelectorAll(".burst"):
            burst.remove()
        if document.body.hasAttribute("data-celebrating"):
            document.body.removeAttribute("data-celebrating")
