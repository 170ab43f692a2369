"""What the page draws, as plain data: the table, each side, hints, and play descriptions.

:meth:`kseri.table.session.GameSession.view` builds a :class:`TableView`; the DOM
layer (:mod:`kseri.web.render`) turns it into markup.
"""

from __future__ import annotations

from dataclasses import dataclass

from kseri.engine.cards import Card  # noqa: F401 - used by the doctest of describe_event
from kseri.engine.events import PlayEvent
from kseri.engine.rules import GREEK
from kseri.table.seats import BOT, HUMAN, Phase

__all__ = ["HintEntry", "SideView", "TableView", "describe_event"]


@dataclass(frozen=True)
class SideView:
    """One player as the table shows them."""

    seat: int
    hand_count: int
    captured: int
    """Cards in the capture stack (a count: captured cards are face down)."""
    kseri_cards: tuple[str, ...]
    """The cards taken as kseris, shown sideways under the stack."""
    kseris: int
    jack_kseris: int
    total: int
    is_dealer: bool
    last_capturer: bool


@dataclass(frozen=True)
class TableView:
    """Everything the page draws, as plain data (card codes, counts, numbers)."""

    phase: Phase
    hand: tuple[str, ...]
    """The human's cards, codes in hand order."""
    pile: tuple[str, ...]
    """The pile, bottom first (its top is the last)."""
    stock: int
    to_move: int
    dealer: int
    packet: int
    packets: int
    round_number: int
    """From 1."""
    plays_in_round: int
    sides: tuple[SideView, SideView]
    target: int
    base_target: int
    level: str
    rules_name: str
    winner: int | None

    @property
    def human(self) -> SideView:
        return self.sides[HUMAN]

    @property
    def bot(self) -> SideView:
        return self.sides[BOT]

    @property
    def totals(self) -> tuple[int, int]:
        return (self.sides[0].total, self.sides[1].total)

    @property
    def target_raised(self) -> bool:
        return self.target != self.base_target


@dataclass(frozen=True)
class HintEntry:
    """A card in your hand and what the bot's search thinks it is worth:
    the expected final point difference of the round (you minus the bot)."""

    card: str
    value: float
    best: bool



# --------------------------------------------------------------------------- describing plays

_KIND_WORDS = {"kseri": "Kseri", "jack_kseri": "Jack kseri"}


def describe_event(event: PlayEvent, packet_size: int = GREEK.packet_size) -> str:
    """One sentence for the live region: what was played and what it did.

    >>> from kseri.engine.events import PlayEvent
    >>> describe_event(PlayEvent(seat=1, card=Card.parse("7H"), kind="drop"))
    'Bot plays the seven of hearts.'
    """
    who = "You" if event.seat == HUMAN else "Bot"
    verb = "play" if event.seat == HUMAN else "plays"
    text = f"{who} {verb} the {event.card.name}"
    if event.kind == "drop":
        text += "."
    elif event.kind in _KIND_WORDS:
        bonus = f", +{event.bonus}" if event.bonus else ""
        text += f": {_KIND_WORDS[event.kind]}{bonus}!"
    else:
        taken = len(event.captured) + 1
        text += f" and {'take' if event.seat == HUMAN else 'takes'} {taken} cards."
    if event.sweep:
        taker = "You take" if event.sweep_seat == HUMAN else "Bot takes"
        text += f" {taker} the last {len(event.sweep)} cards on the table."
    if event.round_over:
        text += " The round is over."
    elif event.dealt:
        text += f" {packet_size} new cards each."
    return text

