"""What a key press means at the table: pure Python, tested under CPython.

The page's ``keydown`` handler only gathers the facts (:class:`KeyContext`)
and carries out the :class:`KeyCommand` this module returns.

>>> table = KeyContext(hand_size=6, focus="body")
>>> command_for("3", table)
KeyCommand(kind='play', index=2)
>>> command_for("ArrowLeft", KeyContext(hand_size=6, focus="hand", focused_index=0))
KeyCommand(kind='focus', index=5)
>>> command_for("Enter", table) is None
True
>>> command_for("z", KeyContext(hand_size=6, focus="body", modifiers=True, undo_chord=True))
KeyCommand(kind='undo', index=None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["HURRY_KEYS_CONSUMED", "Focus", "KeyCommand", "KeyContext", "command_for"]

Focus = Literal["body", "hand", "form", "other"]
"""Where the keyboard focus is: nowhere in particular (the page or the table), on a card
of your hand, in a form field (a ``select``, ``input`` or ``textarea``), or elsewhere
(another button)."""

HURRY_KEYS_CONSUMED = frozenset({" ", "Enter", "Escape"})
"""Keys that only hurry an animation along: their usual effect is suppressed meanwhile."""


@dataclass(frozen=True, kw_only=True, slots=True)
class KeyContext:
    """The facts a key press is judged by."""

    hand_size: int
    """Cards in your hand (buttons, in order)."""
    focus: Focus
    focused_index: int | None = None
    """Hand position of the focused card, when ``focus == "hand"``."""
    playable: tuple[bool, ...] | None = None
    """Which hand positions can be played now (``None``: all of them)."""
    modifiers: bool = False
    """Ctrl, Alt or Meta held: the browser's shortcut, not ours."""
    animating: bool = False
    """A play is being animated: any key (but Tab/Shift) hurries it instead."""
    dialog_open: bool = False
    """A dialog is open: it handles its own keys."""
    undo_chord: bool = False
    """Ctrl (or ⌘) alone is held, as in Ctrl+Z: the take-back's chord."""
    in_open_log: bool = False
    """The focus is in the play log, which is open."""
    hint_shown: bool = False
    """The hint shows on your cards."""
    menu_open: bool = False
    """A popover (the header's More menu) is open: Escape is its own."""


@dataclass(frozen=True, slots=True)
class KeyCommand:
    """``play`` the card at ``index``, ``focus`` it, ``hurry`` the animation, show a
    ``hint`` or the ``rules``, take your last card back (``undo``), close the play log it is in
    (``close-log``) or take the hint off your cards (``hide-hint``)."""

    kind: Literal["play", "focus", "hurry", "hint", "rules", "undo", "close-log", "hide-hint"]
    index: int | None = None


_ARROWS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End")


def command_for(key: str, ctx: KeyContext) -> KeyCommand | None:
    """The command for ``key`` (a ``KeyboardEvent.key``) in ``ctx``; ``None``: not ours.

    Ctrl+Z (⌘Z) and Backspace take your last card back, outside forms and dialogs:

    >>> command_for("Backspace", KeyContext(hand_size=3, focus="hand")).kind
    'undo'
    >>> command_for("Backspace", KeyContext(hand_size=3, focus="form")) is None
    True
    >>> command_for("z", KeyContext(hand_size=3, focus="form", modifiers=True, undo_chord=True)) is None
    True

    Escape closes the play log the focus is in, else takes the hint off your cards, unless a menu is
    open over them (Escape is its own) or a card is flying (it hurries it):

    >>> [command_for("Escape", KeyContext(hand_size=3, focus="other", **facts)) for facts in (
    ...     {"in_open_log": True, "hint_shown": True}, {"hint_shown": True}, {"hint_shown": True, "menu_open": True},
    ...     {"hint_shown": True, "animating": True}, {})]  # doctest: +NORMALIZE_WHITESPACE
    [KeyCommand(kind='close-log', index=None), KeyCommand(kind='hide-hint', index=None), None,
     KeyCommand(kind='hurry', index=None), None]
    """
    if key in ("z", "Z") and ctx.undo_chord and not ctx.dialog_open and ctx.focus != "form" and not ctx.animating:
        return KeyCommand("undo")
    if ctx.modifiers:
        return None
    if ctx.animating and key not in ("Tab", "Shift"):
        return KeyCommand("hurry")
    if ctx.dialog_open or ctx.focus == "form":
        return None
    if key == "Escape":  # the nearest thing open closes: the log the focus is in, else the hint (not under a menu)
        if ctx.in_open_log:
            return KeyCommand("close-log")
        return KeyCommand("hide-hint") if ctx.hint_shown and not ctx.menu_open else None
    n = ctx.hand_size
    if len(key) == 1 and "1" <= key <= "9":
        index = int(key) - 1
        if index < n and (ctx.playable is None or ctx.playable[index]):
            return KeyCommand("play", index)
        return None
    if key in _ARROWS:
        # Arrows move along your hand from the hand or the bare page; elsewhere
        # (the level picker, the dialogs' buttons) they keep their usual meaning.
        if not n or ctx.focus not in ("hand", "body"):
            return None
        current = ctx.focused_index if ctx.focus == "hand" and ctx.focused_index is not None else -1
        if key == "End":
            return KeyCommand("focus", n - 1)
        if key == "Home" or current < 0:
            return KeyCommand("focus", 0)
        step = -1 if key in ("ArrowLeft", "ArrowUp") else 1
        return KeyCommand("focus", (current + step) % n)
    if key in ("h", "H"):
        return KeyCommand("hint")
    if key == "?":
        return KeyCommand("rules")
    if key == "Backspace":
        return KeyCommand("undo")
    return None
