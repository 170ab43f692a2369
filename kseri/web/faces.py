"""A new card shows with its face or not at all: :func:`show_when_decoded`.

Every card image is loaded and decoded before the table opens
(:mod:`kseri.web.card_images`), and a new ``<img>`` of it is then usually
complete at once. Not always: now and then (measured in Chromium: about one
play in six) the browser answers it a task later, and the frame painted in
between would show the card's frame without its face. Such a card stays hidden
(``.face-pending``, ``visibility: hidden``) until its image is decoded, at most a
frame or two: the player sees the card arrive a frame later, never an empty card.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_once_callable

from kseri.web.dom import exists

__all__ = ["PENDING", "show_when_decoded"]

PENDING = "face-pending"
"""The class that hides a card until its face can be painted (``static/style.css``)."""


def show_when_decoded(node: Any) -> None:
    """Hide each card in the new element ``node`` whose image is not yet complete, until it is."""
    if node.nodeType != 1:
        return
    images = [node] if node.tagName == "IMG" else list(node.querySelectorAll("img"))
    for image in images:
        if image.complete and image.naturalWidth:
            continue
        card = image.closest(".card")
        holder = card if exists(card) else image
        holder.classList.add(PENDING)
        # The promise settles once the image is decoded, or failed (then the frame shows: a
        # card that never loads must not stay invisible).
        image.decode().finally_(create_once_callable(lambda *_, holder=holder: holder.classList.remove(PENDING)))
