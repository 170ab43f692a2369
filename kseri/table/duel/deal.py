"""Which position of the deck goes where: the packets, the opening cards, the stock.

Positions are those of a ``kseri-record/1`` deck (``docs/formats.md`` §"Deck order"): the first
player's packet, the dealer's, the opening cards, then the stock packet by packet in the same
order. Both devices number the locked deck this way, so a position says the same on both.

Only two players (each on a device) and one pack are dealt this way (:func:`duel_refusal`).

>>> from kseri.engine.rules import GREEK
>>> list(hand_positions(GREEK, 0, first=True)), list(hand_positions(GREEK, 0, first=False))
([0, 1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11])
>>> list(opening_positions(GREEK)), list(hand_positions(GREEK, 1, first=True))
([12, 13, 14, 15], [16, 17, 18, 19, 20, 21])
>>> list(hand_positions(GREEK, 3, first=False)), reshuffle_range(GREEK)
([46, 47, 48, 49, 50, 51], range(12, 52))
"""

from __future__ import annotations

from kseri.engine.rules import Rules

__all__ = ["dealt_packets", "duel_refusal", "hand_positions", "opening_positions", "packet_start", "reshuffle_range"]


def duel_refusal(rules: Rules) -> str | None:
    """Why two devices cannot deal ``rules`` fairly with this protocol (None: they can).

    >>> from kseri.engine.rules import rules_from_spec
    >>> duel_refusal(rules_from_spec("sums")) is None, duel_refusal(rules_from_spec({"profile": "greek", "players": 4}))
    (True, 'a match between two devices seats two players')
    >>> duel_refusal(rules_from_spec({"profile": "greek", "exposed_bottom": True}))
    'the exposed bottom card is not dealt between two devices yet'
    """
    if rules.players != 2:
        return "a match between two devices seats two players"
    if rules.packs != 1:
        return "a match between two devices uses one pack"
    if rules.exposed_bottom:
        return "the exposed bottom card is not dealt between two devices yet"
    return None


def packet_start(rules: Rules, packet: int) -> int:
    """The position of packet ``packet``'s first card (packet 0 is dealt before the opening cards)."""
    per_packet = rules.players * rules.packet_size
    return 0 if packet == 0 else per_packet + rules.opening_size + (packet - 1) * per_packet


def hand_positions(rules: Rules, packet: int, *, first: bool) -> range:
    """The positions of the first player's (``first``) or the dealer's cards in packet ``packet``."""
    start = packet_start(rules, packet) + (0 if first else rules.packet_size)
    return range(start, start + rules.packet_size)


def opening_positions(rules: Rules) -> range:
    start = rules.players * rules.packet_size
    return range(start, start + rules.opening_size)


def reshuffle_range(rules: Rules) -> range:
    """What an opening redeal shuffles again: the opening cards and the stock (the hands stay)."""
    return range(rules.players * rules.packet_size, rules.cards)


def dealt_packets(rules: Rules, next_card: int) -> int:
    """How many packets have been dealt when the stock's next card is at ``next_card``."""
    return sum(1 for packet in range(rules.packets) if packet_start(rules, packet) < next_card)
