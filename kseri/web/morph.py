"""Redraw an element from new markup by changing only what differs: :func:`morph_inner`.

Setting ``innerHTML`` throws every card away and makes new ones: each new
``<img>`` must be decoded again, and for a frame or two the browser may paint
the card's frame without its face (a flicker), focus is lost, and a card that
merely moved is a different element. Morphing keeps every element whose card is
still there (matched by its card code, wherever it moved to), updates its
attributes and text in place, and adds or removes only the cards that came or
went. An ``<img>`` whose ``src`` is unchanged is never touched, so a face once
decoded stays painted, and a card still waiting for its face
(:mod:`kseri.web.faces`) keeps waiting hidden.

Elements are matched by key (``data-card``, else ``data-code``) when they have
one, otherwise by position among the unkeyed siblings of the same tag.
"""

from __future__ import annotations

from typing import Any

from pyscript import document

from kseri.web.dom import exists
from kseri.web.faces import PENDING, show_when_decoded

__all__ = ["morph_inner"]

ELEMENT = 1
TEXT = 3


def morph_inner(element: Any, html: str) -> None:
    """Make ``element``'s content equal to ``html``, keeping the elements that can be kept."""
    # Parsed in a detached element of this document, not a <template>: a template's content
    # belongs to another document, whose images would load anew once moved onto the page
    # instead of being complete at once from the page's own decoded images.
    parsed = document.createElement("div")
    parsed.innerHTML = html
    _morph_children(element, parsed)


def _key(node: Any) -> str | None:
    if node.nodeType != ELEMENT:
        return None
    card = node.getAttribute("data-card")
    if exists(card):
        return str(card)
    code = node.getAttribute("data-code")
    return str(code) if exists(code) else None


def _morph_children(old_parent: Any, new_parent: Any) -> None:
    old_nodes = list(old_parent.childNodes)
    keyed: dict[str, Any] = {}
    unkeyed: list[Any] = []
    for node in old_nodes:
        key = _key(node)
        if key is not None and key not in keyed:
            keyed[key] = node
        else:
            unkeyed.append(node)
    kept: set[int] = set()
    position = old_parent.firstChild
    for new in list(new_parent.childNodes):
        match = _take_match(new, keyed, unkeyed)
        if match is None:
            old_parent.insertBefore(new, position)  # moves it out of the parsed markup
            show_when_decoded(new)
            continue
        kept.add(id(match))
        _morph_node(match, new)
        if match != position:  # proxies of one node compare equal (JavaScript's ===), not identical
            old_parent.insertBefore(match, position)
        else:
            position = position.nextSibling
    for node in old_nodes:
        if id(node) not in kept:
            node.remove()


def _take_match(new: Any, keyed: dict[str, Any], unkeyed: list[Any]) -> Any | None:
    key = _key(new)
    if key is not None:
        found = keyed.pop(key, None)
        if found is not None and found.tagName == new.tagName:
            return found
        return None
    for i, node in enumerate(unkeyed):
        if node.nodeType == new.nodeType and (node.nodeType != ELEMENT or node.tagName == new.tagName):
            if node.nodeType == ELEMENT and _key(node) is not None:
                continue
            return unkeyed.pop(i)
    return None


def _morph_node(old: Any, new: Any) -> None:
    if old.nodeType != ELEMENT:
        if old.nodeValue != new.nodeValue:
            old.nodeValue = new.nodeValue
        return
    wanted = {str(a.name): str(a.value) for a in new.attributes}
    current = {str(a.name): str(a.value) for a in old.attributes}
    if PENDING in current.get("class", "").split():
        # A card whose face is still decoding stays hidden through a redraw: the markup never
        # carries the mark, and dropping it here would paint the card as an empty frame.
        wanted["class"] = f'{wanted.get("class", "")} {PENDING}'.lstrip()
    for name in current.keys() - wanted.keys():
        old.removeAttribute(name)
    for name, value in wanted.items():
        if current.get(name) != value:
            old.setAttribute(name, value)
            if name == "src":
                show_when_decoded(old)  # a kept <img> showing another card: as a new one
    if new.hasChildNodes() or old.hasChildNodes():
        _morph_children(old, new)
