"""Small helpers for values and elements coming from the browser.

``jsnull`` checks, Python dicts to JavaScript objects, and element geometry
(bounding boxes and the transforms that move one box over another).
"""

from __future__ import annotations

from typing import Any

from js import Object
from pyodide.ffi import jsnull, to_js
from pyscript import window

__all__ = ["Rect", "bounds", "exists", "form_values", "from_rect", "js_object", "place", "preferred_languages",
           "resting"]

Rect = tuple[float, float, float, float]
"""``(left, top, width, height)`` in viewport pixels."""


def exists(value: Any) -> bool:
    """Whether a value from JavaScript is an object (``null`` arrives as ``jsnull``, not None)."""
    return value is not None and value is not jsnull


def form_values(container: Any) -> dict[str, str | bool]:
    """The inputs inside ``container`` by name: a checkbox's state, the checked radio's value, a field's text
    (a select's value)."""
    values: dict[str, str | bool] = {}
    for field in container.querySelectorAll("input, select"):
        kind, name = str(field.type), str(field.name)
        if kind == "checkbox":
            values[name] = bool(field.checked)
        elif kind == "radio":
            if field.checked:
                values[name] = str(field.value)
        else:
            values[name] = str(field.value)
    return values


def preferred_languages() -> list[Any]:
    """The browser's preferred languages (``navigator.languages``, else ``navigator.language``), as given."""
    navigator = window.navigator
    languages: Any = getattr(navigator, "languages", None)
    found = list(languages) if exists(languages) else []
    single = getattr(navigator, "language", None)
    return found or ([single] if exists(single) else [])


def js_object(value: Any) -> Any:
    """A Python value as JavaScript, dicts as plain objects (for ``element.animate``)."""
    return to_js(value, dict_converter=Object.fromEntries)


def bounds(element: Any) -> Rect | None:
    """Where an element is drawn, or None if there is no element."""
    if not exists(element):
        return None
    r = element.getBoundingClientRect()
    return (r.left, r.top, r.width, r.height)


def resting(element: Any) -> str:
    """The transform an element has at rest (its CSS fan or tilt), for an animation to end on."""
    value = str(window.getComputedStyle(element).transform or "none")
    return value if value != "none" else ""


def from_rect(source: Rect, target: Rect, rotate: float = 0.0) -> str:
    """The transform that puts an element laid out at ``target`` over ``source``."""
    sx, sy, sw, sh = source
    tx, ty, tw, th = target
    scale = sw / tw if tw else 1.0
    dx = (sx + sw / 2) - (tx + tw / 2)
    dy = (sy + sh / 2) - (ty + th / 2)
    return f"translate({dx:.1f}px, {dy:.1f}px) scale({scale:.3f}) rotate({rotate:.1f}deg)"


def place(element: Any, rect: Rect) -> None:
    """Lay a (fixed-position) element out over ``rect``."""
    x, y, w, h = rect
    style = element.style
    style.left = f"{x:.1f}px"
    style.top = f"{y:.1f}px"
    style.width = f"{w:.1f}px"
    style.height = f"{h:.1f}px"
