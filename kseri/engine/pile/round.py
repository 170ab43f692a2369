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
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, TypeVar

from kseri.engine.cards import CODES, JACK_INDEX, RANK_INDEX, Card, CardLike, card_index, deck_mismatch, rank_index
from kseri.engine.errors import IllegalMoveError, KseriError, PositionError, RecordError
from kseri.engine.events import PlayEvent, PlayKind
from kseri.engine.rules import Rules
from kseri.engine.state import BaseRound, in_stock_at_deal, most_returned, shuffle

if TYPE_CHECKING:
    from kseri.engine.sums.round import SumsMove

__all__ = ["Round", "opening_is_allowed", "replace_opening_jacks", "replace_with_next", "returned_problem"]


def opening_is_allowed(rules: Rules, opening: Sequence[int]) -> bool:
    """Whether the rules let this opening pile (bottom first) stand (``docs/rules.md`` §"Opening redeal")."""
    if rules.opening_redeal == "top":
        top, below = RANK_INDEX[opening[-1]], RANK_INDEX[opening[-2]]
        return top != JACK_INDEX and top != below
    if rules.opening_redeal == "jacks":
        return all(RANK_INDEX[card] != JACK_INDEX for card in opening)
    return True


_Item = TypeVar("_Item")


def returned_problem(rules: Rules, opening: Sequence[int], returned: Sequence[int]) -> str | None:
    """What is wrong with ``returned`` (the cards put back into the stock before ``opening`` stood,
    :attr:`~kseri.engine.state.BaseRound.returned`) under these rules, or None when a deal could have
    put them back so.

    >>> from kseri.engine.rules import FOURCARD, GREEK
    >>> from kseri.engine.cards import Card
    >>> cards = lambda text: [Card.parse(c).index for c in text.split()]
    >>> returned_problem(GREEK, cards("5H 2S 9C 3S"), cards("4C 9D QH JS"))
    >>> returned_problem(GREEK, cards("5H 2S 9C 3S"), cards("4C 9D QH 5S"))
    'returned: 4C 9D QH 5S is an opening the rules let stand, so it was never put back'
    >>> returned_problem(FOURCARD, cards("5H 2S 9C 3S"), cards("JS 4C"))
    "returned: 4C is not a jack (only the opening's jacks go back into the stock)"
    """
    if not returned:
        return None
    if rules.opening_redeal == "none":
        shown = " ".join(CODES[c] for c in returned[:8]) + (" …" if len(returned) > 8 else "")
        return f"returned: {shown}: these rules put no opening card back into the stock"
    if len(returned) > most_returned(rules):
        return f"returned: {len(returned)} cards, more than a deal puts back ({most_returned(rules)})"
    if rules.opening_redeal == "jacks":
        other = next((c for c in returned if RANK_INDEX[c] != JACK_INDEX), None)
        if other is not None:
            return f"returned: {CODES[other]} is not a jack (only the opening's jacks go back into the stock)"
        again = next((c for c in returned if returned.count(c) > rules.packs), None)
        if again is not None:
            return f"returned: {CODES[again]} is given more often than the pack holds it"
        return None
    size = rules.opening_size
    if len(returned) % size:
        cards = "1 card is" if len(returned) == 1 else f"{len(returned)} cards are"
        return f"returned: {cards} not whole openings of {size}"
    for at in range(0, len(returned), size):
        refused = returned[at:at + size]
        if opening_is_allowed(rules, refused):
            return (f"returned: {' '.join(CODES[c] for c in refused)} is an opening the rules let stand, "
                    "so it was never put back")
        if any(refused.count(c) > rules.packs for c in refused):
            return f"returned: {' '.join(CODES[c] for c in refused)} holds a card more often than the pack"
    return None


def replace_opening_jacks(opening: list[int], stock: list[int]) -> list[int]:
    """Replace each jack of ``opening`` in place, in the order of its places: the jack goes into the middle of
    ``stock`` and the stock's next card takes its place, again if that one is a jack too
    (``opening_redeal = "jacks"``; two devices dealing a friend's match move their locked cards the same way).
    The jacks that went into the stock, in order.

    >>> from kseri.engine.cards import CODES, Card
    >>> opening, stock = [Card.parse(c).index for c in "5H JS 9C JD".split()], [Card.parse(c).index for c in
    ...                                                                         "JC 2S 3S 4S 6S 7S".split()]
    >>> [CODES[c] for c in replace_opening_jacks(opening, stock)]
    ['JS', 'JC', 'JD']
    >>> [CODES[c] for c in opening], [CODES[c] for c in stock]
    (['5H', '2S', '9C', '3S'], ['JS', 'JC', 'JD', '4S', '6S', '7S'])
    """
    replaced = []
    for i in range(len(opening)):
        while rank_index(opening[i]) == JACK_INDEX:
            replaced.append(opening[i])
            replace_with_next(opening, i, stock)
    return replaced


def replace_with_next(opening: list[_Item], i: int, stock: list[_Item]) -> None:
    """One replacement: ``opening[i]`` goes into the middle of ``stock``, whose first item takes its place (the
    items may be cards, or the places of cards no one can read: two devices move their locked deck so).

    >>> opening, stock = ["a", "b"], [1, 2, 3, 4]
    >>> replace_with_next(opening, 1, stock)
    >>> opening, stock
    (['a', 1], [2, 'b', 3, 4])
    """
    stock.insert(len(stock) // 2, opening[i])
    opening[i] = stock.pop(0)


class Round(BaseRound):
    """The state of one round at a pile table. Seats are numbered in play order from 0.

    The deal, the next packet and the round's end are :class:`~kseri.engine.state.BaseRound`'s,
    shared with the sums table; this class adds the pile and its captures.
    """

    __slots__ = ("last_kseri_seat", "pile", "pile_points", "plays", "points")

    pile: list[int]
    pile_points: int
    """Card points of the cards on the pile."""
    points: list[int]
    """Card points each seat has taken (kseri bonuses are in :attr:`bonus`)."""
    last_kseri_seat: int | None
    """Who made the last capture, if it was a kseri (for the double kseri)."""
    plays: list[int]

    # -- construction -------------------------------------------------------

    @classmethod
    def deal(cls, rules: Rules, dealer: int, rng: random.Random) -> Round:
        """Shuffle with ``rng`` and deal, resolving the opening pile as the rules say."""
        deck = list(range(52)) * rules.packs  # the double pack: every card index twice
        shuffle(deck, rng)
        dealt = rules.players * rules.packet_size
        hands, opening, stock = deck[:dealt], deck[dealt:dealt + rules.opening_size], deck[dealt + rules.opening_size:]
        returned: list[int] = []
        if rules.opening_redeal == "top":
            while not opening_is_allowed(rules, opening):
                returned += opening
                stock += opening
                shuffle(stock, rng)
                opening, stock = stock[:rules.opening_size], stock[rules.opening_size:]
        elif rules.opening_redeal == "jacks":
            returned = replace_opening_jacks(opening, stock)
        if rules.exposed_bottom and rank_index(stock[-1]) == JACK_INDEX:
            # The dealer moves the nearest non-jack to the bottom.
            i = max(j for j, card in enumerate(stock) if rank_index(card) != JACK_INDEX)
            stock.append(stock.pop(i))
        if not 0 <= dealer < rules.players:  # the one check from_deck makes that a deal can fail
            raise RecordError(f"dealer {dealer} is not a seat")
        return cls.from_deck(rules, dealer, hands + opening + stock, check=False, returned=returned)

    @classmethod
    def from_deck(cls, rules: Rules, dealer: int, deck: Sequence[int], *, check: bool = True,
                  returned: Sequence[int] = ()) -> Round:
        """The round dealt from ``deck`` (card indices in the order of the record format,
        ``docs/formats.md`` §"Deck order"), ``returned`` the opening cards seen going back into the
        stock (:attr:`~kseri.engine.state.BaseRound.returned`). ``check=False`` skips the checks (for
        search)."""
        if check:
            if sorted(deck) != sorted(list(range(52)) * rules.packs):
                raise RecordError(("deck is not a permutation of the 52-card pack" if rules.packs == 1 else
                                   f"deck is not the {rules.cards}-card double pack (every card twice)")
                                  + f": {deck_mismatch(deck, rules.packs)}")
            if not 0 <= dealer < rules.players:
                raise RecordError(f"dealer {dealer} is not a seat")
            start = rules.players * rules.packet_size
            opening = deck[start:start + rules.opening_size]
            if not opening_is_allowed(rules, opening):
                raise RecordError("the rules forbid this opening pile: " + " ".join(CODES[c] for c in opening))
            if rules.exposed_bottom and rank_index(deck[-1]) == JACK_INDEX:
                raise RecordError("the exposed bottom card may not be a jack")
            problem = returned_problem(rules, opening, returned)
            if problem is None:
                stock = list(deck[start + rules.opening_size:])
                for card in in_stock_at_deal(rules, opening, returned):
                    if card not in stock:
                        problem = f"returned: {CODES[card]} went back into the stock but is not in it"
                        break
                    stock.remove(card)
            if problem is not None:
                raise RecordError(problem)
        state = cls.__new__(cls)
        pile = state._deal_first(rules, dealer, deck)
        state.returned = tuple(returned)
        state.pile = pile
        state.pile_points = sum(map(state._card_points.__getitem__, pile))
        state.points = [0] * rules.players
        state.last_kseri_seat = None
        state.plays = []
        return state

    @classmethod
    def from_position(cls, rules: Rules, *, hands: Sequence[Iterable[CardLike]], to_move: int,
                      pile: Iterable[CardLike] = (), dealer: int | None = None,
                      stock: Sequence[CardLike] | None = (), captured: Sequence[Iterable[CardLike]] | None = None,
                      last_capturer: int | None = None) -> Round:
        """A round at a position in the middle of play, set up directly (rule scenes, puzzles, tests).

        Cards are :class:`~kseri.engine.cards.Card` values, codes or indices, each at most once
        (at most twice with the double pack, ``rules.packs``: its two copies of every card).

        - ``hands``: one hand per seat, seat 0 first; each holds at most a packet
          (``rules.packet_size``), and sizes may differ.
        - ``to_move``: the seat to play. ``dealer``: by default the seat before
          ``to_move`` (so that ``to_move`` leads the next packet).
        - ``pile``: the cards on the table, bottom first (the last is the top card).
        - ``stock``: the cards still to deal, the next one first, a whole number of
          packets. ``()``, the default: the stock is empty, so when the hands run out the
          round ends and the last capturer takes what is left. ``None``: the stock is
          left out of the position; when the hands run out, play stops there
          (:meth:`is_terminal` is then true, but the last play's event does not say
          ``round_over``), nothing is dealt or swept and no card is the round's last
          (``docs/rules.md`` §"Last card kseri" never applies). With ``rules.exposed_bottom`` the
          stock must be given: its last card is the one shown all round.
        - ``captured``: the cards each seat has taken (counted and scored; no kseris);
          ``last_capturer``: who took the last of them, the seat that takes what is
          left at the end.

        Cards placed nowhere are out of play. The position has no history: :attr:`plays`
        is empty, :attr:`deck` holds the cards outside the stock first in no particular
        order (so :attr:`opening` means nothing), and it cannot be written as a record.
        A problem raises :class:`~kseri.engine.errors.PositionError` naming it.

        >>> from kseri.engine.rules import GREEK
        >>> state = Round.from_position(GREEK, hands=[["10S", "3H"], ["4C"]], pile=["10D"], to_move=0, stock=None)
        >>> state.apply("10S").kind, state.pile, state.to_move
        ('kseri', [], 1)
        >>> _ = state.apply("4C"); _ = state.apply("3H")
        >>> state.is_terminal(), state.sweep_seat, [len(h) for h in state.hands], state.pile_cards()
        (True, None, [0, 0], [Card(rank=4, suit='C'), Card(rank=3, suit='H')])
        >>> Round.from_position(GREEK, hands=[["10S"], ["JD", "10s"]], to_move=0)
        Traceback (most recent call last):
        ...
        kseri.engine.errors.PositionError: 10S is given twice (seat 0's hand and seat 1's hand)
        """
        n = rules.players
        if rules.table != "pile":
            raise PositionError(f"positions are for the pile tables, not the {rules.profile!r} table")
        if len(hands) != n:
            raise PositionError(f"hands: {n} players need {n} hands, got {len(hands)}")
        if captured is not None and len(captured) != n:
            raise PositionError(f"captured: {n} players need {n} lists, got {len(captured)}")
        for name, seat in (("to_move", to_move), ("dealer", dealer), ("last_capturer", last_capturer)):
            if not (type(seat) is int and 0 <= seat < n) and (seat is not None or name == "to_move"):
                raise PositionError(f"{name}: {seat!r} is not a seat (0..{n - 1})")
        places: list[tuple[str, list[int]]] = []

        def cards(where: str, given: Iterable[CardLike]) -> list[int]:
            try:
                found = [card_index(c) for c in given]
            except KseriError as exc:
                raise PositionError(f"{where}: {exc}") from None
            places.append((where, found))
            return found

        held = [cards(f"seat {seat}'s hand", hand) for seat, hand in enumerate(hands)]
        table = cards("the pile", pile)
        taken = [cards(f"seat {seat}'s captured cards", c) for seat, c in enumerate(captured or [()] * n)]
        rest = cards("the stock", stock or ())
        seen: dict[int, list[str]] = {}  # where each copy of a card is given
        for where, found in places:
            for c in found:
                copies = seen.setdefault(c, [])
                if len(copies) == rules.packs:
                    both = where if copies[-1] == where else f"{copies[-1]} and {where}"
                    times = "twice" if rules.packs == 1 else f"{rules.packs + 1} times (the pack has {rules.packs})"
                    raise PositionError(f"{CODES[c]} is given {times} ({both})")
                copies.append(where)
        for seat, hand in enumerate(held):
            if len(hand) > rules.packet_size:
                raise PositionError(f"seat {seat} holds {len(hand)} cards, more than a packet "
                                    f"({rules.packet_size})")
        per_packet = n * rules.packet_size
        if len(rest) % per_packet:
            raise PositionError(f"the stock holds {len(rest)} cards, not whole packets of {per_packet}")
        if rest and not any(held):
            raise PositionError("every hand is empty but the stock is not: deal its next packet into the hands")
        if rules.exposed_bottom and not rest:
            # the card shown all round is the stock's last: with no stock given, nothing says which it was
            raise PositionError("exposed_bottom needs a stock in the position (the bottom card is its last card)")
        if rest and rules.exposed_bottom and rank_index(rest[-1]) == JACK_INDEX:
            raise PositionError("the exposed bottom card may not be a jack")
        placed = [c for found in (*held, table, *taken) for c in found]
        out = [c for c in range(52) for _ in range(rules.packs - len(seen.get(c, ())))]
        deck = placed + out + rest  # the stock last, so that deck[next_card:] is the stock
        state = cls.from_deck(rules, (to_move - 1) % n if dealer is None else dealer, deck, check=False)
        state.hands[:] = held
        state.next_card = rules.cards - len(rest)
        state.to_move = to_move
        state.pile = table
        points = state._card_points
        state.pile_points = sum(points[c] for c in table)
        state.captured = taken
        state.counts = [len(own) for own in taken]
        state.points = [sum(points[c] for c in own) for own in taken]
        state.last_capturer = last_capturer
        if stock is None:
            state.__class__ = _OpenEndedRound
        return state

    def clone(self) -> Round:
        """An independent copy (for search)."""
        other = Round.__new__(Round)
        self._copy_shared(other)
        other.pile = self.pile[:]
        other.pile_points = self.pile_points
        other.points = self.points[:]
        other.last_kseri_seat = self.last_kseri_seat
        other.plays = self.plays[:]
        return other

    # -- queries ------------------------------------------------------------

    @property
    def bottom_card(self) -> Card | None:
        """The exposed bottom card, when the rules show it and it is still in the stock."""
        if self.rules.exposed_bottom and self.next_card < len(self.deck):
            return Card.from_index(self.deck[-1])
        return None

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

    def parse_move(self, text: str) -> Card:
        """A move from its record notation: the card's code (``10D``)."""
        return Card.parse(text)

    def position(self) -> str:
        """Where the round stands, for error messages: ``play 12 (seat 0 to move)``."""
        return f"play {len(self.plays)} (seat {self.to_move} to move)"

    # -- playing ------------------------------------------------------------

    def apply(self, card: Card | SumsMove | str) -> PlayEvent:
        """Play ``card`` (a :class:`~kseri.engine.cards.Card` or its code) for the player to
        move, checked; returns what happened. (A sums-table move is refused.)"""
        if isinstance(card, str):
            card = Card.parse(card)
        elif not isinstance(card, Card):
            raise IllegalMoveError(f"cannot play {card}: at the {self.rules.profile} table a play is one card")
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
        kind: PlayKind
        if not captures:
            kind = "drop"
        elif self.kseris[seat] + self.jack_kseris[seat] > kseris_before:
            kind = "jack_kseri" if card.is_jack else "kseri"
        else:
            kind = "capture"
        over = self.is_terminal()
        sweep: tuple[Card, ...] = ()
        if over and not captures and self.sweep_seat is not None:
            sweep = (*pile_before, card)
        return PlayEvent(
            seat=seat,
            card=card,
            kind=kind,
            captured=pile_before if captures else (),
            bonus=self.bonus[seat] - bonus_before,
            dealt=self.next_card != next_card_before,
            sweep=sweep,
            sweep_seat=self.sweep_seat if sweep else None,
            round_over=over and not self.open_ended,  # an open-ended position stops, the round goes on
        )

    def captures(self, card: int) -> bool:
        """Whether card index ``card`` would take the pile now."""
        pile = self.pile
        rank = RANK_INDEX[card]
        return bool(pile) and (rank == RANK_INDEX[pile[-1]] or (rank == JACK_INDEX and self.rules.jacks_capture))

    def apply_index(self, card: int) -> None:
        """Play card index ``card`` for the player to move. Unchecked: the card must be in hand.

        The search's hot path: keep it lean (``python3 benchmarks/engine.py`` measures it).
        """
        seat = self.to_move
        hands = self.hands
        hand = hands[seat]
        hand.remove(card)
        self.plays.append(card)
        pile = self.pile
        # ``card >> 2`` is rank_index(card), written inline: in this loop it measured about 2%
        # faster than RANK_INDEX[card] (python3 benchmarks/engine.py and a clone-and-play-out loop).
        rank = card >> 2
        if pile and (rank == pile[-1] >> 2 or (rank == JACK_INDEX and self.rules.jacks_capture)):
            rules = self.rules
            if len(pile) == 1 and rank == pile[0] >> 2:
                if rank == JACK_INDEX:
                    bonus = rules.jack_kseri_points or 0
                    is_kseri = rules.jack_kseri_points is not None
                else:
                    bonus = rules.kseri_points
                    is_kseri = True
                if (is_kseri and not rules.last_card_kseri and self.next_card == len(self.deck) and not any(hands)
                        and not self.open_ended):
                    is_kseri = False  # the round's last card: an ordinary capture (issue #12)
                if is_kseri:
                    if rules.double_kseri_points is not None and self.last_kseri_seat == seat:
                        bonus = max(bonus, rules.double_kseri_points)  # a run never pays less (a jack kseri 25)
                    if rank == JACK_INDEX:
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
            if rules.jack_table_points and all(c >> 2 == JACK_INDEX for c in pile):
                self.jack_tables[seat] += 1
            taken = self.captured[seat]
            taken += pile
            taken.append(card)
            self.counts[seat] += len(pile) + 1
            self.points[seat] += self.pile_points + self._card_points[card]
            self.pile = []
            self.pile_points = 0
            self.last_capturer = seat
        else:
            pile.append(card)
            self.pile_points += self._card_points[card]
        self.to_move = (seat + 1) % len(hands)
        if not hand and not any(hands):
            self._hands_out()

    def _finish(self) -> None:
        """The last capturer takes what is left on the pile (never a kseri)."""
        seat = self._sweep(self.pile)
        if seat is not None:
            self.points[seat] += self.pile_points
            self.pile = []
            self.pile_points = 0

    def replay(self, plays: Iterable[Card | str]) -> list[PlayEvent]:
        """Apply several checked plays; returns their events."""
        return [self.apply(card) for card in plays]


class _OpenEndedRound(Round):
    """A position with its stock left out (:meth:`Round.from_position`, ``stock=None``)."""

    __slots__ = ()
    open_ended = True

    def clone(self) -> Round:
        other = super().clone()
        other.__class__ = _OpenEndedRound
        return other
