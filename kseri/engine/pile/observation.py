"""What one seat may know, and sampling the hidden cards consistently with it.

An :class:`Observation` is the ``kseri-bot/1`` observation: the rules, the
seat, the dealer, the seat's own hand, this round's opening pile and every
card played so far (everything else public follows from these), plus the
match score. It never holds another seat's hand or the stock's order, so a bot
that gets only an observation cannot cheat.

:meth:`Observation.sample_round` deals the unseen cards at random into the
other hands and the stock and returns a full :class:`~kseri.engine.pile.round.Round` in
the same position: the determinization that search bots average over.

>>> import random
>>> from kseri.engine.match import Match
>>> m = Match.new(rng=random.Random(5), first_dealer=1)
>>> obs = Observation.from_round(m.round, seat=0, totals=(0, 0), target=151)
>>> obs.to_move, len(obs.hand), obs.stock
(0, 6, 36)
>>> Observation.from_json(obs.to_json()) == obs
True
>>> sampled = obs.sample_round(random.Random(1))
>>> sampled.hands[0] == m.round.hands[0] and sampled.pile == m.round.pile
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kseri.engine.cards import CODES, JACK_INDEX, Card, code_index, rank_index
from kseri.engine.errors import KseriError, ObservationError, shown
from kseri.engine.pile.round import Round, opening_is_allowed, returned_problem
from kseri.engine.rules import GREEK, Rules
from kseri.engine.state import RoundState, in_stock_at_deal, most_returned
from kseri.engine.table import TableObservation
from kseri.engine.turn_order import read_rules, read_score, read_seats

__all__ = ["Observation"]


def _codes(cards: Sequence[int]) -> list[str]:
    return [CODES[c] for c in cards]


@dataclass(frozen=True, kw_only=True, slots=True)
class Observation(TableObservation[Card]):
    """One seat's view of a round in progress at a pile table. Cards are engine indices."""

    rules: Rules = GREEK
    plays: tuple[int, ...]
    """The cards played so far this round."""
    bottom: int | None = None
    """The exposed bottom card (``exposed_bottom``), shown for the whole round: in the stock, then
    (dealt last) in the dealer's final packet."""
    returned: tuple[int, ...] = ()
    """The opening cards every seat saw go back into the stock before the opening stood
    (:attr:`~kseri.engine.state.BaseRound.returned`)."""

    # -- derived public facts ---------------------------------------------------

    def held_back(self) -> list[int]:
        """The unseen cards known to be in the stock: while the first packet is played, those put back
        from the opening (:func:`~kseri.engine.state.in_stock_at_deal`); none once the next packet
        is dealt, since any of them may be in a hand then.

        >>> from kseri.engine.rules import GREEK
        >>> from kseri.engine.cards import Card, CODES
        >>> cards = lambda text: tuple(Card.parse(c).index for c in text.split())
        >>> obs = Observation(seat=0, dealer=1, hand=cards("2C 3C 4C 5C 6C 7C"), opening=cards("2D 3D 4D 5D"),
        ...                   plays=(), totals=(0, 0), target=151, returned=cards("8H 9H 10H JH"))
        >>> [CODES[c] for c in obs.held_back()]
        ['8H', '9H', '10H', 'JH']
        """
        if not self.returned or len(self.plays) >= self.per_packet:
            return []
        return in_stock_at_deal(self.rules, self.opening, self.returned, self.bottom)

    @property
    def hidden_bottom(self) -> int | None:
        """The exposed bottom card while it is still among the cards this seat cannot see: in the
        stock, or dealt to another seat, the dealer, who has not played it yet (None otherwise).

        >>> from kseri.engine.rules import rules_from_spec
        >>> rules = rules_from_spec({"profile": "greek", "exposed_bottom": True})
        >>> obs = Observation(rules=rules, seat=0, dealer=1, hand=(0,), opening=(13, 14, 15, 16),  # 10 plays
        ...                   plays=tuple(c for c in range(52) if c not in (0, 13, 14, 15, 16, 17)),  # into the
        ...                   totals=(0, 0), target=151, bottom=17)  # last packet; the dealer's last card: 17
        >>> obs.stock, obs.hidden_bottom   # dealt: the dealer holds it still
        (0, 17)
        """
        bottom = self.bottom
        if bottom is None or self.stock:
            return bottom
        if self.seat == self.dealer or self._dealer_played_bottom():
            return None  # in this seat's own hand, or played
        return bottom

    def _dealer_played_bottom(self) -> bool:
        """Whether the dealer played the exposed bottom card (dealt last: in the last packet's plays)."""
        start = (self.rules.packets - 1) * self.per_packet
        return any(self.plays[i] == self.bottom and self.seat_of_play(i) == self.dealer
                   for i in range(start, len(self.plays)))

    def unseen(self) -> list[int]:
        """Cards this seat has not seen: the other hands and the stock (an exposed bottom card
        excluded). With the double pack a card seen once may still be unseen once: its other copy."""
        copies = [self.rules.packs] * 52
        for cards in (self.hand, self.opening, self.plays):
            for c in cards:
                copies[c] -= 1
        bottom = self.hidden_bottom
        if bottom is not None:
            copies[bottom] -= 1
        return [c for c in range(52) for _ in range(copies[c])]

    def legal_moves(self) -> list[Card]:
        """This seat's legal plays: any card in hand (Kseri has no rule to follow suit)."""
        return [Card.from_index(c) for c in self.hand]

    def public_round(self) -> Round:
        return self.sample_round(random.Random(0))

    # -- construction --------------------------------------------------------------

    @classmethod
    def from_round(cls, state: RoundState, *, seat: int, totals: Sequence[int] | None = None,
                   target: int | None = None) -> Observation:
        """What ``seat`` sees of ``state`` (a pile table's round; :class:`ObservationError` otherwise).
        ``totals`` defaults to 0 for every side, ``target`` to the rules'."""
        if not isinstance(state, Round):
            raise ObservationError(f"the {state.rules.profile} table has no bot observation yet (pile profiles only)")
        bottom = state.exposed_card
        return cls(
            rules=state.rules,
            seat=seat,
            dealer=state.dealer,
            hand=tuple(state.hands[seat]),
            opening=tuple(state.opening),
            plays=tuple(state.plays),
            totals=tuple(totals) if totals is not None else (0,) * state.rules.teams,
            target=state.rules.target if target is None else target,
            bottom=bottom,
            returned=tuple(state.returned),
        )

    def sample_round(self, rng: random.Random) -> Round:
        """A full round in this position, the unseen cards dealt at random."""
        rules = self.rules
        pool = self.unseen()
        held = self.held_back()
        for card in held:
            pool.remove(card)
        rng.shuffle(pool)
        if held:  # the places of the stock get them, among the other cards there
            in_hands = len(pool) - (self.stock - (self.hidden_bottom is not None)) + len(held)
            stock = pool[:len(pool) - in_hands] + held
            rng.shuffle(stock)
            pool = stock + pool[len(pool) - in_hands:]
        bottom = self.hidden_bottom
        if bottom is not None:
            pool.insert(0, bottom)  # popped last, so it is the last card dealt (the dealer's)
        deck = self.deal_order(self.plays, self.seat, self.hand, self.opening, pool, ObservationError)
        if self.bottom is not None and deck[-1] != self.bottom:
            # Dealt already, and known where (this hand, or played): the dealer's last packet, the
            # deck's end, holds it; it moves last there, where the rule deals it (the rest keep their
            # order, and so does the hand they leave).
            last = deck[len(deck) - rules.packet_size:]
            if self.bottom not in last:  # (check() refuses such an observation; a hand-made one may not be)
                raise ObservationError(f"bottom card {CODES[self.bottom]} is not in the dealer's last packet")
            at = len(deck) - rules.packet_size + last.index(self.bottom)
            deck.append(deck.pop(at))
        state = Round.from_deck(rules, self.dealer, deck, check=False, returned=self.returned)
        for card in self.plays:
            state.apply_index(card)
        return state

    # -- the kseri-bot/1 JSON form -------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        state = self.public_round()
        data: dict[str, Any] = {
            "rules": self.rules.to_spec(),
            "seat": self.seat,
            "dealer": self.dealer,
            "hand": _codes(self.hand),
            "opening": _codes(self.opening),
            "plays": _codes(self.plays),
            "pile": _codes(state.pile),
            "stock": self.stock,
            "totals": list(self.totals),
            "target": self.target,
        }
        if self.bottom is not None:
            data["bottom"] = CODES[self.bottom]
        if self.returned:
            data["returned"] = _codes(self.returned)
        return data

    @classmethod
    def from_json(cls, data: Any) -> Observation:
        """Read and check an observation; :class:`ObservationError` says what is wrong."""
        rules = read_rules(data, GREEK.profile, ObservationError)
        seat, dealer = read_seats(data, rules, ObservationError)
        cards: dict[str, tuple[int, ...]] = {}
        for key in ("hand", "opening", "plays", "returned"):
            if key not in data:  # (read_seats has made sure the others are there)
                cards[key] = ()
                continue
            value = data[key]
            if not isinstance(value, list):
                raise ObservationError(f"{key!r} must be a list of card codes")
            most, bound = ((most_returned(rules), "a deal puts back at most") if key == "returned"
                           else (rules.cards, "the pack has"))
            if len(value) > most:
                raise ObservationError(f"{key!r} lists {len(value)} cards ({bound} {most})")
            try:
                cards[key] = tuple(code_index(code) for code in value)
            except KseriError as exc:
                raise ObservationError(f"{key}: {exc}") from None
        bottom = None
        if data.get("bottom") is not None:
            try:
                bottom = code_index(data["bottom"])
            except KseriError as exc:
                raise ObservationError(f"bottom: {exc}") from None
        totals, target = read_score(data, rules, ObservationError)
        obs = cls(rules=rules, seat=seat, dealer=dealer, hand=cards["hand"], opening=cards["opening"],
                  plays=cards["plays"], totals=totals, target=target, bottom=bottom, returned=cards["returned"])
        obs.check(data)
        return obs

    def check(self, data: dict[str, Any] | None = None) -> None:
        """Raise :class:`ObservationError` unless a real position could look like this."""
        rules = self.rules
        if rules.table != "pile":
            raise ObservationError(f"the {rules.profile} table has no bot observation yet (pile profiles only)")
        everything = list(self.hand) + list(self.opening) + list(self.plays)
        if self.hidden_bottom is not None:
            everything.append(self.hidden_bottom)
        too_many = next((c for c in everything if everything.count(c) > rules.packs), None)
        if too_many is not None:
            times = "twice" if rules.packs == 1 else f"more than {rules.packs} times"
            raise ObservationError(f"card {CODES[too_many]} appears {times}")
        if len(self.opening) != rules.opening_size:
            raise ObservationError(f"opening must hold {rules.opening_size} cards, not {len(self.opening)}")
        if not opening_is_allowed(rules, self.opening):
            raise ObservationError("the rules forbid this opening pile: " + " ".join(_codes(self.opening)))
        if len(self.plays) >= rules.cards - rules.opening_size:
            raise ObservationError("the round is over: no card left to play")
        problem = returned_problem(rules, self.opening, self.returned)
        if problem is not None:
            raise ObservationError(problem)
        # In the stock when the first packet was dealt: not in it (played, or in hand while it lasts).
        first_packet = len(self.plays) < self.per_packet
        elsewhere = [*self.opening, *self.plays[:self.per_packet], *(self.hand if first_packet else ())]
        known = in_stock_at_deal(rules, self.opening, self.returned, self.bottom if first_packet else None)
        for card in set(known):
            if known.count(card) + elsewhere.count(card) > rules.packs:
                raise ObservationError(f"returned: {CODES[card]} went back into the stock, so it cannot have "
                                       "been dealt or played in the first packet")
        expected = self.hand_sizes()[self.seat]
        if len(self.hand) != expected:
            raise ObservationError(f"seat {self.seat} should hold {expected} cards after "
                                   f"{len(self.plays)} plays, not {len(self.hand)}")
        if self.bottom is not None and not rules.exposed_bottom:
            raise ObservationError(f"bottom card {CODES[self.bottom]} is not allowed here")
        if self.bottom is not None and rank_index(self.bottom) == JACK_INDEX:
            raise ObservationError(f"bottom card {CODES[self.bottom]}: a jack is never the exposed bottom card "
                                   "(the dealer puts the next card that is not a jack there)")
        if (self.bottom is not None and self.stock == 0 and self.seat == self.dealer
                and self.bottom not in self.hand and not self._dealer_played_bottom()):
            raise ObservationError(f"bottom card {CODES[self.bottom]} was dealt to you, the dealer, "
                                   "but is neither in your hand nor played by you this packet")
        state = self.public_round()
        if data is not None:
            if "pile" in data and _canonical(data["pile"]) != _codes(state.pile):
                raise ObservationError(f"pile {shown(data['pile'])} does not follow from opening and plays")
            if "stock" in data and type(data["stock"]) is not int:
                raise ObservationError(f"stock must be a whole number, got {shown(data['stock'])}")
            if "stock" in data and data["stock"] != self.stock:
                raise ObservationError(f"stock {shown(data['stock'])} should be {self.stock}")


def _canonical(codes: Any) -> Any:
    """``codes`` as the canonical card codes if they are a list of card codes in any accepted
    spelling (``"ah"``, ``"Q♣"``), else as given (and then they cannot match a pile)."""
    if not isinstance(codes, list):
        return codes
    try:
        return [CODES[code_index(code)] for code in codes]
    except KseriError:
        return codes
