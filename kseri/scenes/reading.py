"""The values of the scene notation read one by one (pure Python): card lists, the open table's items and
moves, seats and texts, each refused with :class:`~kseri.scenes.errors.SceneError` in one line that names
the part at fault. :mod:`kseri.scenes.notation` reads a whole scene with them, and each table's own part
of the notation (:mod:`kseri.scenes.pile.notation`, :mod:`kseri.scenes.sums.notation`) its position and plays.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from kseri.engine.cards import Card
from kseri.engine.errors import KseriError
from kseri.scenes.errors import SceneError

__all__ = ["MAX_VALUE", "TableNotation", "card_code", "cards", "check_text", "item_text", "listed", "moves", "seat",
           "table_item"]

MAX_VALUE = 300
"""Longest title, name or caption."""


@dataclass(frozen=True, slots=True)
class TableNotation:
    """One table's part of the scene notation: the key its position is written under, and how the
    position and the plays are read and written."""

    key: str
    """The position's key (``pile`` at a pile table, ``table`` at the open table)."""
    not_here: str
    """Why the other tables' position key is refused here (one line, naming the key to use)."""
    read_position: Callable[[str, int], Mapping[str, Any]]
    """``(value, players)`` → the spec's fields for the position (``pile``, and ``table`` at the open table)."""
    read_plays: Callable[[str, str], tuple[str, ...]]
    """``(value, what)`` → the plays, each written canonically."""
    write_position: Callable[[Any], str]
    """A spec's position as the key's value."""


def check_text(value: str, what: str) -> str:
    """A title, name or caption, stripped; :class:`SceneError` if too long or with control characters."""
    value = value.strip()
    if len(value) > MAX_VALUE:
        raise SceneError(f"{what}: longer than {MAX_VALUE} characters")
    if any(ord(ch) < 32 for ch in value):
        raise SceneError(f"{what}: control characters are not allowed")
    return value


def listed(value: str, what: str, noun: str, read: Callable[[str, str], str]) -> tuple[str, ...]:
    """The comma-separated ``value`` (``what`` names it in an error), each item read by ``read``."""
    items = []
    for item in (part.strip() for part in value.split(",")):
        if not item:
            if value.strip():
                raise SceneError(f"{what}: empty {noun} in the list (two commas?)")
            continue
        items.append(read(item, what))
    return tuple(items)


def _one_card(item: str, what: str) -> str:
    try:
        return Card.parse(item).code
    except KseriError:
        raise SceneError(f"{what}: {item!r} is not a card code (e.g. 10D, JS, 2C, AH)") from None


def cards(value: str, what: str) -> tuple[str, ...]:
    """A comma-separated list of card codes (a pile, a hand, a pile table's plays)."""
    return listed(value, what, "card", _one_card)


def card_code(item: str, what: str) -> str:
    """One card code of an item or a move, written canonically (a space in it is likely a URL's '+')."""
    try:
        return Card.parse(item.strip()).code
    except KseriError:
        spaced = " (in a URL a '+' reads as a space: write it %2B)" if " " in item.strip() else ""
        raise SceneError(f"{what}: {item.strip()[:20]!r} is not a card code (e.g. 10D, JS, 2C, AH){spaced}") from None


def table_item(text: str, what: str = "table", players: int = 2) -> tuple[tuple[str, ...], int | None]:
    """One item of ``table=``: ``(cards, owner)``; a loose card has owner None.

    >>> table_item("5c+4h@1"), table_item("KS")
    ((('5C', '4H'), 1), (('KS',), None))
    """
    held, at, owner = text.partition("@")
    codes = tuple(card_code(part, what) for part in held.split("+"))
    if not at:
        if len(codes) != 1:
            raise SceneError(f"{what}: {text.strip()[:40]!r}: a build needs its owner's seat after @ (5C+4H@1)")
        return codes, None
    if len(codes) < 2:
        raise SceneError(f"{what}: {text.strip()[:40]!r}: a build holds two cards or more")
    return codes, seat(owner, what, players)


def item_text(codes: tuple[str, ...], owner: int | None) -> str:
    """One item of ``table=`` written canonically (``5C+4H@1``, ``KS``)."""
    return "+".join(codes) + ("" if owner is None else f"@{owner}")


def _one_move(text: str, what: str) -> str:
    """A move in the record notation, its card codes written canonically."""
    text = text.strip()
    for sep in (":", ">"):
        if sep in text:
            head, _, rest = text.partition(sep)
            named = [card_code(part, what) for part in rest.split("+")] if sep == ":" else [card_code(rest, what)]
            return card_code(head, what) + sep + "+".join(named)
    return card_code(text, what)


def moves(value: str, what: str) -> tuple[str, ...]:
    """A comma-separated list of the open table's moves in the record notation."""
    return listed(value, what, "move", _one_move)


def seat(value: str, what: str, players: int) -> int:
    """A seat's number, 0 .. ``players`` - 1."""
    if not value.strip().isdigit() or not 0 <= int(value) < players:
        raise SceneError(f"{what}: {value!r} is not a seat (0..{players - 1})")
    return int(value)
