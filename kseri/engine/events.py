"""What happened on one play, for a UI to animate and a log to show."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kseri.engine.cards import Card

__all__ = ["PlayEvent", "PlayKind"]

PlayKind = Literal["drop", "capture", "kseri", "jack_kseri", "build"]
"""What a play did; ``build`` happens only at the sums table (a card laid on a table card)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayEvent:
    """One card played and its consequences.

    ``captured`` lists the pile cards taken (bottom first), not the played card.
    ``bonus`` is the kseri bonus scored (0 when there is none, including a kseri
    the rules do not reward). ``dealt`` says a new packet was dealt after it;
    ``sweep`` holds the cards the last capturer took at the round's end.
    """

    seat: int
    card: Card
    kind: PlayKind
    captured: tuple[Card, ...] = ()
    bonus: int = 0
    dealt: bool = False
    sweep: tuple[Card, ...] = ()
    sweep_seat: int | None = None
    round_over: bool = False

    @property
    def is_capture(self) -> bool:
        return self.kind in ("capture", "kseri", "jack_kseri")
