"""Whose turn it is and how many cards are where, from the rules, the dealer and the plays so far.

Both seat views (:class:`~kseri.engine.pile.observation.Observation` at the pile tables and
:class:`~kseri.engine.sums.observation.SumsObservation` at the sums table) know a round only
by its rules, its dealer and its plays; the order of play follows from those alone: the seat
after the dealer leads every packet and play goes round the table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kseri.engine.rules import Rules

__all__ = ["TurnOrder"]


class TurnOrder:
    """Mixin for a frozen view with ``rules``, ``dealer`` and ``plays`` fields."""

    __slots__ = ()
    rules: Rules
    dealer: int
    plays: Sequence[object]

    @property
    def per_packet(self) -> int:
        return self.rules.players * self.rules.packet_size

    @property
    def first_player(self) -> int:
        return (self.dealer + 1) % self.rules.players

    def seat_of_play(self, i: int) -> int:
        """Who made play ``i`` of the round."""
        return (self.first_player + i % self.per_packet) % self.rules.players

    @property
    def to_move(self) -> int:
        return self.seat_of_play(len(self.plays))

    @property
    def stock(self) -> int:
        """Cards still in the stock."""
        dealt_packets = min(len(self.plays) // self.per_packet + 1, self.rules.packets)
        return self.rules.cards - self.rules.opening_size - dealt_packets * self.per_packet

    def hand_sizes(self) -> list[int]:
        """How many cards each seat holds now."""
        p = len(self.plays)
        if p >= self.rules.cards - self.rules.opening_size:
            return [0] * self.rules.players
        done_in_packet = p % self.per_packet
        return [self.rules.packet_size - sum(1 for i in range(p - done_in_packet, p) if self.seat_of_play(i) == s)
                for s in range(self.rules.players)]

    def deal_order(self, played: Sequence[int], seat: int, hand: Sequence[int], opening: Sequence[int],
                   pool: list[int], problem: Callable[[str], Exception]) -> list[int]:
        """The deck in record order (``docs/formats.md`` §"Deck order") for this position: each
        card in ``played`` in the packet and seat that played it, ``hand`` in ``seat``'s current
        packet, ``opening`` after the first packet, and every other place filled from the end of
        ``pool`` (popped, so the caller's shuffle decides). ``problem(message)`` is raised when a
        seat would hold more cards than a packet has, or the pool runs out."""
        rules = self.rules
        n, k = rules.players, rules.packet_size
        current = min(len(self.plays) // self.per_packet, rules.packets - 1)
        by_packet_seat: dict[tuple[int, int], list[int]] = {}
        for i, card in enumerate(played):
            by_packet_seat.setdefault((i // self.per_packet, self.seat_of_play(i)), []).append(card)
        deck: list[int] = []
        for packet in range(rules.packets):
            for offset in range(n):
                at = (self.first_player + offset) % n
                cards = by_packet_seat.get((packet, at), [])
                if packet == current and at == seat:
                    cards = cards + list(hand)
                missing = k - len(cards)
                if missing < 0 or missing > len(pool):
                    raise problem(f"seat {at} cannot hold these cards in packet {packet + 1}")
                deck += cards
                deck += [pool.pop() for _ in range(missing)]
            if packet == 0:
                deck += opening
        return deck
