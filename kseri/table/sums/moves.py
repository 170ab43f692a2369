"""The ways one hand card can be played at the sums table, as the page offers them.

At the open table a card does not say what it does: the same 7 may take 3 + 4,
take a 7, build 9 on a 2, or be laid down loose. :func:`ways_for` lists the legal
ways of one card, each with a short label in the current language and its record
notation (the ``data-move`` of its button); :func:`refusal_for` says in one line
why a card has no legal way at all (you own a build and that card can neither take
nor build). Pure Python over :class:`~kseri.engine.sums.round.SumsRound`.

>>> from kseri.engine.rules import SUMS
>>> from kseri.engine.sums.round import SumsRound, _demo_deck
>>> state = SumsRound.from_deck(SUMS, 1, _demo_deck())
>>> [(w.move, w.label) for w in ways_for(state, "7H")]
[('7H:3C+4D', 'Take 3♣ + 4♦'), ('7H>3C', 'Build 10 on 3♣'), ('7H', 'Lay it on the table')]
"""

from __future__ import annotations

from kseri.engine.cards import CODES, Card
from kseri.engine.sums.round import SumsMove, SumsRound, TableItem, number_value
from kseri.i18n import _
from kseri.table.moves import MoveWay
from kseri.table.views import card_text

__all__ = ["item_text", "refusal_for", "ways_for"]

def _short(index: int) -> str:
    return card_text(CODES[index])


def item_text(item: TableItem) -> str:
    """A table item as a label names it: ``3♣``, or ``build of 9``."""
    if item.is_build:
        return _("build of {value}").format(value=item.value)
    return _short(item.cards[0])


def _way(state: SumsRound, move: SumsMove) -> MoveWay:
    if move.kind == "capture":
        taken = set(move.take)
        items = [item for item in state.table if taken & set(item.cards)]
        return MoveWay(str(move), "capture", _("Take {items}").format(items=" + ".join(map(item_text, items))),
                       tuple(CODES[c] for c in move.take))
    if move.kind == "build":
        item = next(item for item in state.table if item.cards[0] == move.onto)
        value = (item.value or 0) + (number_value(move.card) or 0)
        cards = tuple(CODES[c] for c in item.cards)
        if item.is_build:
            return MoveWay(str(move), "raise", _("Raise the build of {old} to {value}").format(
                old=item.value, value=value), cards, value)
        return MoveWay(str(move), "build", _("Build {value} on {card}").format(value=value, card=_short(item.cards[0])),
                       cards, value)
    return MoveWay(str(move), "drop", _("Lay it on the table"), ())


def ways_for(state: SumsRound, code: str) -> tuple[MoveWay, ...]:
    """Every legal way to play the hand card ``code`` now (none if it is not the mover's, or none is legal):
    captures first, then builds and raises, laying it down last (the engine's order)."""
    card = Card.parse(code).index
    if state.is_terminal() or card not in state.hands[state.to_move]:
        return ()
    return tuple(_way(state, move) for move in state.legal_moves() if move.card == card)


def refusal_for(state: SumsRound, code: str) -> str | None:
    """Why the hand card ``code`` cannot be played now, in one line (None when it can).

    The one rule that forbids a card you hold: while you own a build, you may not lay a
    loose card (unless no other play is left at all)."""
    if ways_for(state, code):
        return None
    seat = state.to_move
    owned = [item.value for item in state.table if item.owner == seat]
    if owned:
        return _("You own a build of {value}: take it, or play another way first.").format(value=owned[0])
    return _("This card cannot be played now.")
