"""The ways a hand card can be played, as the page offers them: :class:`MoveWay`.

At a pile table a card is its one move; at the open table the same 7 may take 3 + 4, take a 7,
build 9 on a 2, or be laid down loose. The session lists a card's ways
(:meth:`kseri.table.session.GameSession.ways`, from its table's strategy): one way is played at
once, several are offered as buttons (each with its label and its record notation), none is
explained (:meth:`~kseri.table.session.GameSession.refusal`).

>>> MoveWay("7H:3C+4D", "capture", "Take 3♣ + 4♦", ("3C", "4D")).move
'7H:3C+4D'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["MoveWay", "WayKind"]

WayKind = Literal["card", "capture", "build", "raise", "drop"]
"""``card``: at a pile table the card is the move; the others are the open table's."""


@dataclass(frozen=True, slots=True)
class MoveWay:
    """One legal way to play a hand card: what it is, how the button reads, and what it touches."""

    move: str
    """The play in record notation (``10D`` at a pile table; ``7H:3C+4D``, ``5S>3H``, ``9D`` at the open table)."""
    kind: WayKind
    label: str
    """A few words in the current language: "Take 3♣ + 4♦", "Raise the build of 7 to 9" ("" for a
    pile table's card, which is never offered as a choice)."""
    cards: tuple[str, ...]
    """The table cards the way takes or builds on (to highlight them); none for laying it down."""
    value: int | None = None
    """The build's value after a build or a raise."""
