"""One round: a whole pack dealt in packets and played out.

The state keeps cards as engine indices (see :mod:`kseri.engine.cards`) in plain
lists so that search can copy and play it cheaply. The checked API
(:meth:`Round.apply`, :meth:`Round.legal_moves`) takes and returns
:class:`~kseri.engine.cards.Card` values and raises errors naming the card and the
position; :meth:`Round.apply_index` is the unchecked fast path.

>>> import random
>>> from kseri.engine.rules import GREEK
>>> r = Round.deal(GREEK, dealer=1, rng=random.Random(7))
>>> r.to_move, len(r.hands[0]), len(r.pile), r.stock_count
(0, 6, 4, 36)
"""

from __future__ import annotations

import random
from typing import Iterable, Sequence

from kseri.engine.cards import CODES, JACK, Card
from kseri.engine.errors import IllegalMoveError, RecordError
from kseri.engine.events import PlayEvent
from kseri.engine.rules import Rules, card_points_table

__all__ = ["Round", "opening_is_allowed"]

_JACK = JACK - 1  # rank index (card index >> 2) of a jack


def opening_is_allowed(rules: Rules, opening: Sequence[int]) -> bool:
    """Whether the rules let this opening pile (bottom first) stand."""
    if rules.opening_redeal == "top":
        top, below = opening[-1] >> 2, opening[-2] >> 2
        return top != _JACK and top != below
    if rules.opening_redeal == "jacks":
        return all(card >> 2 != _JACK for card in opening)
    return True


class Round:
    """The state of one round. Seats are numbered in play order from 0."""

    __slots__ = (
        "rules", "dealer", "deck", "hands", "pile", "pile_points", "next_card",
        "captured", "counts", "points", "kseris", "jack_kseris", "bonus", "jack_tables",
        "kseri_cards", "last_capturer", "last_kseri_seat", "to_move", "plays",
        "sweep_seat", "_card_points",
    )

    rules: Rules
    dealer: int
    deck: tuple[int, ...]
    hands: list[list[int]]
    pile: list[int]
    plays: list[int]

    # -- construction -------------------------------------------------------

    @classmethod
    def deal(cls, rules: Rules, dealer: int, rng: random.Random) -> Round:
        """Shuffle with ``rng`` and deal, resolving the opening pile as the rules say."""
        deck = list(range(52))
        rng.shuffle(deck)
        dealt = rules.players * rules.packet_size
        hands, opening, stock = deck[:dealt], deck[dealt:dealt + rules.opening_size], deck[dealt + rules.opening_size:]
        if rules.opening_redeal == "top":
            while not opening_is_allowed(rules, opening):
                stock += opening
                rng.shuffle(stock)
                opening, stock = stock[:rules.opening_size], stock[rules.opening_size:]
        elif rules.opening_redeal == "jacks":
            # Each jack goes into the middle of the stock; the stock's next card replaces it.
            for i in range(len(opening)):
                while opening[i] >> 2 == _JACK:
                    stock.insert(len(stock) // 2, opening[i])
                    opening[i] = stock.pop(0)
        if rules.exposed_bottom and stock[-1] >> 2 == _JACK:
            # The dealer moves the nearest non-jack to the bottom.
            i = max(j for j, card in enumerate(stock) if card >> 2 != _JACK)
            stock.append(stock.pop(i))
        return cls.from_deck(rules, dealer, hands + opening + stock)

    @classmethod
    def from_deck(cls, rules: Rules, dealer: int, deck: Sequence[int], *, check: bool = True) -> Round:
        """The round dealt from ``deck`` (card indices in the order of the record format)."""
        if check:
            if sorted(deck) != list(range(52)):
                raise RecordError("deck is not a permutation of the 52-card pack")
            if not 0 <= dealer < rules.players:
                raise RecordError(f"dealer {dealer} is not a seat")
        state = cls.__new__(cls)
        n, k = rules.players, rules.packet_size
        state.rules = rules
        state.dealer = dealer
        state.deck = tuple(deck)
        first = (dealer + 1) % n
        state.hands = [[] for _ in range(n)]
        for i in range(n):
            state.hands[(first + i) % n] = list(deck[i * k:(i + 1) * k])
        opening = list(deck[n * k:n * k + rules.opening_size])
        if check and not opening_is_allowed(rules, opening):
            raise RecordError("the rules forbid this opening pile: " + " ".join(CODES[c] for c in opening))
        if check and rules.exposed_bottom and deck[-1] >> 2 == _JACK:
            raise RecordError("the exposed bottom card may not be a jack")
        state._card_points = card_points_table(rules)
        state.pile = opening
        state.pile_points = sum(state._card_points[c] for c in opening)
        state.next_card = n * k + rules.opening_size
        state.captured = [[] for _ in range(n)]
        state.counts = [0] * n
        state.points = [0] * n
        state.kseris = [0] * n
        state.jack_kseris = [0] * n
        state.bonus = [0] * n
        state.jack_tables = [0] * n
        state.kseri_cards = [[] for _ in range(n)]
        state.last_capturer = None
        state.last_kseri_seat = None
        state.to_move = first
        state.plays = []
        state.sweep_seat = None
        return state

    def clone(self) -> Round:
        """An independent copy (for search)."""
        other = Round.__new__(Round)
        other.rules = self.rules
        other.dealer = self.dealer
        other.deck = self.deck
        other.hands = [h[:] for h in self.hands]
        other.pile = self.pile[:]
        other.pile_points = self.pile_points
        other.next_card = self.next_card
        other.captured = [c[:] for c in self.captured]
        other.counts = self.counts[:]
        other.points = self.points[:]
        other.kseris = self.kseris[:]
        other.jack_kseris = self.jack_kseris[:]
        other.bonus = self.bonus[:]
        other.jack_tables = self.jack_tables[:]
        other.kseri_cards = [c[:] for c in self.kseri_cards]
        other.last_capturer = self.last_capturer
        other.last_kseri_seat = self.last_kseri_seat
        other.to_move = self.to_move
        other.plays = self.plays[:]
        other.sweep_seat = self.sweep_seat
        other._card_points = self._card_points
        return other

    # -- queries ------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def first_player(self) -> int:
        """The seat after the dealer, who leads every packet."""
        return (self.dealer + 1) % self.rules.players

    @property
    def opening(self) -> tuple[int, ...]:
        """The opening pile's card indices, bottom first."""
        start = self.rules.players * self.rules.packet_size
        return self.deck[start:start + self.rules.opening_size]

    @property
    def stock_count(self) -> int:
        return 52 - self.next_card

    @property
    def packet(self) -> int:
        """Which packet is in play, from 1."""
        per_packet = self.rules.players * self.rules.packet_size
        return min(len(self.plays) // per_packet + 1, self.rules.packets)

    @property
    def bottom_card(self) -> Card | None:
        """The exposed bottom card, when the rules show it and it is still in the stock."""
        if self.rules.exposed_bottom and self.next_card < 52:
            return Card.from_index(self.deck[-1])
        return None

    def is_terminal(self) -> bool:
        return self.next_card == 52 and not any(self.hands)

    def play_codes(self) -> list[str]:
        """The plays so far as record strings (card codes)."""
        return [CODES[c] for c in self.plays]

    def legal_moves(self) -> list[Card]:
        """The cards the player to move may play: any card in hand (none once the round is over)."""
        if self.is_terminal():
            return []
        return [Card.from_index(c) for c in self.hands[self.to_move]]

    def hand(self, seat: int) -> list[Card]:
        return [Card.from_index(c) for c in self.hands[seat]]

    def pile_cards(self) -> list[Card]:
        return [Card.from_index(c) for c in self.pile]

    def position(self) -> str:
        """Where the round stands, for error messages: ``play 12 (seat 0 to move)``."""
        return f"play {len(self.plays)} (seat {self.to_move} to move)"

    # -- playing ------------------------------------------------------------

    def apply(self, card: Card | str) -> PlayEvent:
        """Play ``card`` for the player to move, checked; returns what happened."""
        if isinstance(card, str):
            card = Card.parse(card)
        if self.is_terminal():
            raise IllegalMoveError(f"cannot play {card}: the round is over (after play {len(self.plays)})")
        index = card.index
        hand = self.hands[self.to_move]
        if index not in hand:
            held = " ".join(CODES[c] for c in hand)
            raise IllegalMoveError(f"cannot play {card} at {self.position()}: not in hand [{held}]")
        seat = self.to_move
        pile_before = tuple(Card.from_index(c) for c in self.pile)
        captures = self.captures(index)
        kseris_before = self.kseris[seat] + self.jack_kseris[seat]
        bonus_before = self.bonus[seat]
        next_card_before = self.next_card
        self.apply_index(index)
        if not captures:
            kind = "drop"
        elif self.kseris[seat] + self.jack_kseris[seat] > kseris_before:
            kind = "jack_kseri" if card.rank == JACK else "kseri"
        else:
            kind = "capture"
        over = self.is_terminal()
        sweep: tuple[Card, ...] = ()
        if over and not captures and self.sweep_seat is not None:
            sweep = pile_before + (card,)
        return PlayEvent(
            seat=seat,
            card=card,
            kind=kind,
            captured=pile_before if captures else (),
            bonus=self.bonus[seat] - bonus_before,
            dealt=self.next_card != next_card_before,
            sweep=sweep,
            sweep_seat=self.sweep_seat if sweep else None,
            round_over=over,
        )

    def captures(self, card: int) -> bool:
        """Whether card index ``card`` would take the pile now."""
        pile = self.pile
        rank = card >> 2
        return bool(pile) and (rank == pile[-1] >> 2 or (rank == _JACK and self.rules.jacks_capture))

    def apply_index(self, card: int) -> None:
        """Play card index ``card`` for the player to move. Unchecked: the card must be in hand."""
        seat = self.to_move
        hand = self.hands[seat]
        hand.remove(card)
        self.plays.append(card)
        pile = self.pile
        rules = self.rules
        rank = card >> 2
        if pile and (rank == pile[-1] >> 2 or (rank == _JACK and rules.jacks_capture)):
            last_card = self.next_card == 52 and not any(self.hands)
            bonus = 0
            if len(pile) == 1 and rank == pile[0] >> 2:
                if rank == _JACK:
                    bonus = rules.jack_kseri_points or 0
                    is_kseri = rules.jack_kseri_points is not None
                else:
                    bonus = rules.kseri_points
                    is_kseri = True
                if is_kseri:
                    if rules.double_kseri_points is not None and self.last_kseri_seat == seat:
                        bonus = rules.double_kseri_points
                    if last_card and not rules.last_card_kseri:
                        bonus = 0
                    if rank == _JACK:
                        self.jack_kseris[seat] += 1
                    else:
                        self.kseris[seat] += 1
                    self.kseri_cards[seat].append(pile[0])
                    self.bonus[seat] += bonus
                    self.last_kseri_seat = seat
                else:
                    self.last_kseri_seat = None
            else:
                self.last_kseri_seat = None
            if rules.jack_table_points and all(c >> 2 == _JACK for c in pile):
                self.jack_tables[seat] += 1
            self.captured[seat].extend(pile)
            self.captured[seat].append(card)
            self.counts[seat] += len(pile) + 1
            self.points[seat] += self.pile_points + self._card_points[card]
            self.pile = []
            self.pile_points = 0
            self.last_capturer = seat
        else:
            pile.append(card)
            self.pile_points += self._card_points[card]
        self.to_move = (seat + 1) % rules.players
        if not any(self.hands):
            if self.next_card < 52:
                self._deal_packet()
            else:
                self._finish()

    def _deal_packet(self) -> None:
        n, k = self.rules.players, self.rules.packet_size
        first = (self.dealer + 1) % n
        start = self.next_card
        for i in range(n):
            self.hands[(first + i) % n] = list(self.deck[start + i * k:start + (i + 1) * k])
        self.next_card = start + n * k
        self.to_move = first

    def _finish(self) -> None:
        """The last capturer takes what is left on the pile (never a kseri)."""
        if self.last_capturer is not None and self.pile:
            seat = self.last_capturer
            self.captured[seat].extend(self.pile)
            self.counts[seat] += len(self.pile)
            self.points[seat] += self.pile_points
            self.pile = []
            self.pile_points = 0
            self.sweep_seat = seat

    def replay(self, plays: Iterable[Card | str]) -> list[PlayEvent]:
        """Apply several checked plays; returns their events."""
        return [self.apply(card) for card in plays]
