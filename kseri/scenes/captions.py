"""The automatic captions of a scene's steps: what a play did, in words.

Written from the engine's own events (:class:`~kseri.engine.events.PlayEvent`), so a
caption always says what the rules really did. Used by :mod:`kseri.scenes.build`.

>>> describe_table([Card.parse("10D").index])
'A lone 10♦ lies on the table.'
"""

from __future__ import annotations

from collections.abc import Sequence

from kseri.engine.cards import Card, rank_index
from kseri.engine.events import PlayEvent
from kseri.engine.rules import Rules, card_points_table

__all__ = ["describe_table", "play_caption", "possessive", "pretty"]

_SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def pretty(card: Card | str | int) -> str:
    """A card for people: ``10♦``, ``J♠``."""
    if isinstance(card, int):
        card = Card.from_index(card)
    elif isinstance(card, str):
        card = Card.parse(card)
    return card.code[:-1] + _SUIT_SYMBOL[card.suit]


def possessive(name: str) -> str:
    """``South's``, ``Thomas'``."""
    return name + ("'" if name.endswith("s") else "'s")


def describe_table(pile: Sequence[int]) -> str:
    """The table in one sentence (``pile``: card indices, bottom first)."""
    if not pile:
        return "The table is empty."
    if len(pile) == 1:
        return f"A lone {pretty(pile[0])} lies on the table."
    return f"{len(pile)} cards lie on the table, {pretty(pile[-1])} on top."


def _worth(cards: Sequence[int], table: Sequence[int]) -> tuple[int, str]:
    """Points of ``cards`` and, when few cards carry them, which ones (``10♦ 2, 10♠ 1``)."""
    scoring = [(pretty(c), table[c]) for c in cards if table[c]]
    total = sum(p for _, p in scoring)
    detail = ", ".join(f"{name} {p}" for name, p in scoring) if 0 < len(scoring) <= 3 and len(cards) > 1 else ""
    return total, detail


def _cards_phrase(cards: Sequence[int], table: Sequence[int], lead: str = "and ") -> str:
    total, detail = _worth(cards, table)
    if not total:
        return f"{lead}the cards are worth nothing"
    return f"{lead}+{total} for the cards" + (f" ({detail})" if detail else "")


def _all(pile: Sequence[int]) -> str:
    return "both cards" if len(pile) == 2 else f"all {len(pile)} cards"


def play_caption(event: PlayEvent, pile_before: Sequence[int], names: Sequence[str], rules: Rules) -> str:
    """The automatic caption of one play: ``event`` as the engine reported it, ``pile_before``
    the pile's card indices before it."""
    table = card_points_table(rules)
    who, card = names[event.seat], pretty(event.card)
    played = event.card.index
    top = pretty(pile_before[-1]) if pile_before else ""
    if event.kind == "drop":
        if not pile_before:
            text = f"{who} plays {card} on the empty table"
            text += (": with nothing to take, a jack captures nothing and just starts a new pile."
                     if event.card.is_jack else ", starting a new pile.")
        elif event.card.is_jack and not rules.jacks_capture:
            text = f"{who} plays {card}: in these rules a jack takes only a jack, so it stays on top."
        else:
            text = f"{who} plays {card}: it does not match the {top} on top, so it becomes the new top card."
    else:
        taken = [*pile_before, played]
        lone = len(pile_before) == 1
        if event.kind in ("kseri", "jack_kseri"):
            label = "jack kseri" if event.kind == "jack_kseri" else "kseri"
            if (event.kind == "kseri" and rules.double_kseri_points not in (None, rules.kseri_points)
                    and event.bonus == rules.double_kseri_points):
                label = "double kseri"
            if event.bonus:
                text = f"{possessive(who)} {card} takes the lone {top}: {label}! +{event.bonus}, "
                text += _cards_phrase(taken, table)
                worth = _worth(taken, table)[0]
                text += f": {event.bonus + worth} points." if worth else "."
            else:
                text = (f"{possessive(who)} {card} takes the lone {top}: a {label}, but these rules give "
                        f"no bonus for it here; " + _cards_phrase(taken, table, "") + ".")
        elif lone and rank_index(pile_before[0]) == rank_index(played):
            text = (f"{possessive(who)} {card} takes the lone {top}. These rules give no kseri for a jack "
                    f"on a jack, so this is an ordinary capture: " + _cards_phrase(taken, table, "") + ".")
        elif lone and event.card.is_jack:
            text = (f"{possessive(who)} {card} takes the lone {top}. Only a card of the same rank makes a "
                    f"kseri, so this is an ordinary capture: " + _cards_phrase(taken, table, "") + ".")
        elif event.card.is_jack and rank_index(pile_before[-1]) != rank_index(played):
            text = (f"{possessive(who)} {card} takes {_all(pile_before)} of the pile (a jack takes "
                    f"it whatever lies on top): " + _cards_phrase(taken, table, "") + ".")
        elif lone:
            text = f"{possessive(who)} {card} takes the lone {top}: " + _cards_phrase(taken, table, "") + "."
        else:
            text = (f"{possessive(who)} {card} matches the {top} on top and takes "
                    f"{_all(pile_before)} of the pile: " + _cards_phrase(taken, table, "") + ".")
    if event.sweep and event.sweep_seat is not None:
        left = "the card" if len(event.sweep) == 1 else f"the {len(event.sweep)} cards"
        text += (f" Round over: {names[event.sweep_seat]} captured last and takes {left} left, "
                 + _cards_phrase([c.index for c in event.sweep], table, "") + " (never a kseri).")
    elif event.round_over:
        text += " Round over."
    if event.dealt:
        text += f" Both hands are empty: the dealer gives {rules.packet_size} more cards to each."
    return text
