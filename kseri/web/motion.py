"""The table's animations: cards flying to the pile, to a stack, in from the stock.

Each function moves elements already on the page, through a
:class:`~kseri.web.pacer.Pacer` (so a click can cut it short and reduced motion
removes it); :mod:`kseri.web.turns` decides when they run.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from html import escape
from typing import Any

from pyscript import document

from kseri.engine.events import PlayEvent
from kseri.i18n import _
from kseri.table.seats import HUMAN
from kseri.web.card_html import card_img
from kseri.web.dom import Rect, bounds, exists, from_rect, place, resting
from kseri.web.faces import show_when_decoded
from kseri.web.pace import DEAL, DEAL_STAGGER, GATHER, KSERI_SHOW, Keyframe
from kseri.web.pacer import Pacer

__all__ = ["deal_from_stock", "fly_from_stock", "fly_onto_pile", "flyer", "gather", "kseri_flash", "settle_from"]


async def settle_from(pacer: Pacer, element: Any, source: Rect, rotate: float, duration: float) -> None:
    """Slide ``element`` (drawn where it rests) in from the box ``source``."""
    target = bounds(element)
    if target is None:
        return
    rest = resting(element)
    start = f"{from_rect(source, target, rotate)} {rest}"
    await pacer.animate(element, [{"transform": start}, {"transform": rest or "none"}], duration, fill="backwards")


def flyer(fx: Any, code: str | None) -> Any:
    """A loose card (face up, or a back if ``code`` is None) in the effects layer ``fx``."""
    element = document.createElement("div")
    element.className = "card flyer"
    element.innerHTML = card_img(code)
    fx.appendChild(element)
    show_when_decoded(element)
    return element


async def fly_onto_pile(pacer: Pacer, card: Any, pile: Any, source: Rect | None, rotate: float,
                        duration: float) -> None:
    """Fly the loose ``card`` from ``source`` to land slightly offset on the pile's top card
    (no flight when there is nowhere to fly from or to)."""
    top = pile.querySelector("[data-card]") or pile.querySelector(".pile-empty")
    under = bounds(top) if exists(top) else bounds(pile)
    if under is None or source is None:
        return
    lx, ly, lw, lh = under
    landing = (lx + lw * 0.18, ly + lh * 0.05, lw, lh)
    place(card, landing)
    await pacer.animate(card, [{"transform": from_rect(source, landing, rotate)}, {"transform": "rotate(4deg)"}],
                        duration)


async def gather(pacer: Pacer, moving: list[Any], stack: Any) -> None:
    """Sweep the ``moving`` cards, one after the other, into the capture ``stack``."""
    target = bounds(stack)
    if target is None:
        return
    tx, ty, tw, th = target

    def frames(element: Any, rect: Rect) -> list[Keyframe]:
        dx = (tx + tw / 2) - (rect[0] + rect[2] / 2)
        dy = (ty + th / 2) - (rect[1] + rect[3] / 2)
        scale = (tw / rect[2]) if rect[2] else 1
        return [{"transform": resting(element) or "none", "opacity": 1},
                {"transform": f"translate({dx:.1f}px, {dy:.1f}px) scale({scale:.2f}) rotate(90deg)", "opacity": 0.2}]

    await _one_after_another(pacer, moving, frames, GATHER, 25, easing="cubic-bezier(.5,0,.75,0)")


async def kseri_flash(pacer: Pacer, flash: Any, pile: Any, event: PlayEvent, *, word: str,
                      who: str | None = None) -> None:
    """Show ``word`` (the table's cry, :func:`kseri.table.goal.kseri_cry`: "Kseri!", "Jack pişti!")
    with its bonus and who made it (``who``) over the pile."""
    box = bounds(pile)
    if box is not None:
        flash.style.left = f"{box[0] + box[2] / 2:.1f}px"
        flash.style.top = f"{box[1] + box[3] / 2:.1f}px"
    jack = event.kind == "jack_kseri"
    who = who or (_("You") if event.seat == HUMAN else _("Bot"))
    flash.innerHTML = (f'<span class="kseri-word">{escape(word)}</span>'
                       f'<span class="kseri-bonus">+{event.bonus} · {escape(who)}</span>')
    flash.hidden = False
    flash.classList.toggle("jack", jack)
    if pacer.instant:
        flash.hidden = True
        return
    await pacer.animate(flash, [
        {"transform": "scale(.4) rotate(-8deg)", "opacity": 0},
        {"transform": "scale(1.12) rotate(-4deg)", "opacity": 1, "offset": 0.25},
        {"transform": "scale(1) rotate(-4deg)", "opacity": 1, "offset": 0.8},
        {"transform": "scale(1.05) rotate(-4deg)", "opacity": 0}], KSERI_SHOW, easing="ease-out")
    flash.hidden = True


async def fly_from_stock(pacer: Pacer, stock: Any, cards: list[Any]) -> None:
    """Deal: the ``cards`` (drawn where they rest) slide in from ``stock``, one after the other."""
    origin = bounds(stock)
    if origin is None:
        return

    def frames(card: Any, rect: Rect) -> list[Keyframe]:
        rest = resting(card)
        return [{"transform": f"{from_rect(origin, rect, -12)} {rest}", "opacity": 0.6},
                {"transform": rest or "none", "opacity": 1}]

    await _one_after_another(pacer, cards, frames, DEAL, DEAL_STAGGER, fill="backwards")


async def _one_after_another(pacer: Pacer, elements: list[Any], frames: Callable[[Any, Rect], list[Keyframe]],
                             duration: float, stagger: float, **options: Any) -> None:
    """Animate each element (that is on screen) by ``frames(element, its box)``, each
    starting ``stagger`` ms after the one before; return when all are done."""
    jobs = []
    for i, element in enumerate(elements):
        rect = bounds(element)
        if rect is not None:
            jobs.append(pacer.animate(element, frames(element, rect), duration, delay=i * stagger, **options))
    await asyncio.gather(*jobs)


async def deal_from_stock(pacer: Pacer, el: Any, hand: list[Any], *, with_pile: bool) -> None:
    """A deal: your ``hand``'s buttons and every other hand's backs (with ``with_pile`` the pile and the
    table's cards too) slide in from the stock, in the page's elements ``el``."""
    stock = el["stock"].querySelector(".stock-top") or el["stock"]
    cards = [*hand, *el["bot-hand"].querySelectorAll(".back"), *el["seats"].querySelectorAll(".back")]
    if with_pile:
        cards += [*el["pile"].querySelectorAll(".pile-card"), *el["table"].querySelectorAll(".table-card")]
    await fly_from_stock(pacer, stock, cards)
