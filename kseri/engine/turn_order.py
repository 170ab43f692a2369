"""Whose turn it is and how many cards are where, from the rules, the dealer and the plays so far;
and the parts of an observation's JSON that both tables read alike.

Both seat views (:class:`~kseri.engine.pile.observation.Observation` at the pile tables and
:class:`~kseri.engine.sums.observation.SumsObservation` at the sums table) know a round only
by its rules, its dealer and its plays; the order of play follows from those alone: the seat
after the dealer leads every packet and play goes round the table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kseri.engine.errors import KseriError, shown
from kseri.engine.rules import Rules, rules_from_spec
from kseri.engine.scoring import target_outcome

__all__ = ["MAX_TOTAL", "TurnOrder", "read_rules", "read_score", "read_seats", "score_problem"]

MAX_TOTAL = 1_000_000_000
"""Largest match total and target an observation may give (far above any real match)."""


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


# -- reading an observation's JSON (docs/formats.md §"Bot protocol") ---------------------------------


def read_rules(data: Any, default: str, error: type[KseriError]) -> Rules:
    """An observation's ``rules`` (``default``: the profile when it gives none); ``error`` says
    what is wrong, in one line."""
    if not isinstance(data, dict):
        raise error("observation must be a JSON object")
    try:
        return rules_from_spec(data.get("rules", default))
    except KseriError as exc:
        raise error(f"rules: {exc}") from None


def read_seats(data: dict[str, Any], rules: Rules, error: type[KseriError]) -> tuple[int, int]:
    """An observation's ``seat`` and ``dealer``, once every key it must have is there."""
    for key in ("seat", "dealer", "hand", "opening", "plays"):
        if key not in data:
            raise error(f"observation lacks {key!r}")
    seat, dealer = data["seat"], data["dealer"]
    for key, value in (("seat", seat), ("dealer", dealer)):
        if type(value) is not int or not 0 <= value < rules.players:
            raise error(f"{key} {shown(value)} is not a seat")
    return seat, dealer


def read_score(data: dict[str, Any], rules: Rules, error: type[KseriError]) -> tuple[tuple[int, ...], int]:
    """An observation's match ``totals`` (one per side; 0 each by default) and ``target`` (the
    rules' by default).

    They must be a match still being played (:func:`score_problem`).

    >>> from kseri.engine.rules import GREEK
    >>> read_score({"totals": [3, 150]}, GREEK, KseriError)
    ((3, 150), 151)
    >>> read_score({"totals": [3]}, GREEK, KseriError)
    Traceback (most recent call last):
    ...
    kseri.engine.errors.KseriError: totals [3] must be 2 integers from 0 to 1000000000
    >>> read_score({"totals": [3, 151]}, GREEK, KseriError)
    Traceback (most recent call last):
    ...
    kseri.engine.errors.KseriError: totals [3, 151] with target 151: the match is over
    """
    totals = data.get("totals", [0] * rules.teams)
    target = data.get("target", rules.target)
    if not (isinstance(totals, list) and len(totals) == rules.teams
            and all(type(t) is int and 0 <= t <= MAX_TOTAL for t in totals)):
        raise error(f"totals {shown(totals)} must be {rules.teams} integers from 0 to {MAX_TOTAL}")
    if not (type(target) is int and 1 <= target <= MAX_TOTAL):
        raise error(f"target {shown(target)} must be an integer from 1 to {MAX_TOTAL}")
    problem = score_problem(totals, target, rules)
    if problem:
        raise error(problem)
    return tuple(totals), target


def score_problem(totals: Sequence[int], target: int, rules: Rules) -> str | None:
    """Why ``totals`` and ``target`` are no match still being played under ``rules``
    (:meth:`~kseri.engine.match.Match.winner` decided, or a target these rules never set), or None.

    A match of a fixed number of rounds is decided by rounds won, so there any totals may go on.

    >>> from kseri.engine.rules import GREEK
    >>> score_problem([260, 255], 251, GREEK) is None  # both passed 151 in one round, then 251 too
    True
    >>> score_problem([100, 20], 251, GREEK)
    'target 251 with totals [100, 20]: the target is raised only when two sides pass it'
    >>> score_problem([0, 0], 152, GREEK)
    'target 152: these rules play to 151, raised by 100 when two sides pass it in one round'
    """
    if rules.match_rounds is not None:
        return None
    shown_totals = "[" + ", ".join(str(total) for total in totals) + "]"
    raises, rest = divmod(target - rules.target, rules.target_raise)
    if rules.tie_break == "higher" and target != rules.target:
        return f"target {target}: these rules play to {rules.target} and never raise it"
    if raises < 0 or rest:
        return (f"target {target}: these rules play to {rules.target}, raised by {rules.target_raise} when two "
                "sides pass it in one round")
    winner, after = target_outcome(totals, target, rules)  # as the round that led here would have ended
    if winner is not None:
        return f"totals {shown_totals} with target {target}: the match is over"
    if after != target and not raises:  # after a raise, both may still be past the new target: play goes on
        return f"totals {shown_totals} with target {target}: two sides past the target would have raised it"
    if raises and sum(total >= target - rules.target_raise for total in totals) < 2:
        return f"target {target} with totals {shown_totals}: the target is raised only when two sides pass it"
    return None
