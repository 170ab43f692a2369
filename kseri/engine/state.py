"""What every round has, whatever the table: the protocol the engine reads, and the shared deal.

Two engines play a round: :class:`~kseri.engine.pile.round.Round` (one pile, the
Greek game and its relatives) and :class:`~kseri.engine.sums.round.SumsRound` (cards
side by side, captures by sum). Scoring, matches and records see either
through :class:`RoundState`, the part they have in common; both are built on
:class:`BaseRound`, which holds the code they share: the deal from a deck in
record order (``docs/formats.md`` §"Deck order"), the next packet when every
hand is empty, and the round's end, where the last capturer takes what is left
on the table (``docs/rules.md`` §"Packets and round end"). :func:`shuffle` is
``random.Random.shuffle`` made faster, for the deals, and :func:`sample` ``random.Random.sample``.

>>> import random
>>> from kseri.engine.pile.round import Round
>>> from kseri.engine.rules import GREEK, SUMS
>>> from kseri.engine.sums.round import SumsRound
>>> def tally(state: RoundState) -> int:
...     return sum(state.counts) + len(state.pile) + sum(map(len, state.hands)) + state.stock_count
>>> tally(Round.deal(GREEK, 0, random.Random(1))), tally(SumsRound.deal(SUMS, 0, random.Random(1)))
(52, 52)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import ClassVar, Protocol, runtime_checkable

from kseri.engine.rules import Rules, card_points_table
from kseri.engine.scoring import score_round

__all__ = ["BaseRound", "RoundState", "in_stock_at_deal", "most_returned", "sample", "shuffle"]


@runtime_checkable
class RoundState(Protocol):
    """A round as scoring, :class:`~kseri.engine.match.Match` and records read it, whatever its
    table (:class:`~kseri.engine.table.TableRound` adds the moves).

    Cards are engine indices (:mod:`kseri.engine.cards`); per-seat lists are
    indexed by seat, seats numbered in play order from 0. Every member is read
    only here: a round changes only by playing (:meth:`~kseri.engine.table.TableRound.apply`).
    """

    @property
    def rules(self) -> Rules: ...

    @property
    def dealer(self) -> int: ...

    @property
    def deck(self) -> tuple[int, ...]:
        """The pack in record order: the packets, the opening cards, the stock (52 cards, or
        104 with the double pack: every card index twice)."""

    @property
    def hands(self) -> Sequence[Sequence[int]]: ...

    @property
    def pile(self) -> Sequence[int]:
        """Every card on the table (at the sums table: item by item)."""

    @property
    def next_card(self) -> int:
        """Index in :attr:`deck` of the stock's next card (``len(deck)`` once the stock is empty)."""

    @property
    def to_move(self) -> int: ...

    @property
    def plays(self) -> Sequence[int] | Sequence[str]:
        """The plays so far: card indices at a pile table, play strings at the sums table."""

    @property
    def captured(self) -> Sequence[Sequence[int]]: ...

    @property
    def counts(self) -> Sequence[int]:
        """How many cards each seat has taken."""

    @property
    def kseris(self) -> Sequence[int]: ...

    @property
    def jack_kseris(self) -> Sequence[int]: ...

    @property
    def bonus(self) -> Sequence[int]:
        """Each seat's kseri points so far."""

    @property
    def jack_tables(self) -> Sequence[int]:
        """Piles of only jacks each seat took (the ``jack_table_points`` house rule)."""

    @property
    def kseri_cards(self) -> Sequence[Sequence[int]]:
        """The lone cards each seat took as kseris."""

    @property
    def last_capturer(self) -> int | None: ...

    @property
    def sweep_seat(self) -> int | None:
        """Who took the cards left at the round's end (None before the end or when nobody did)."""

    @property
    def players(self) -> int: ...

    @property
    def first_player(self) -> int: ...

    @property
    def opening(self) -> tuple[int, ...]: ...

    @property
    def stock_count(self) -> int: ...

    @property
    def exposed_card(self) -> int | None:
        """The exposed bottom card for the whole round (rule ``exposed_bottom``), else None."""

    @property
    def returned(self) -> tuple[int, ...]:
        """The opening cards every seat saw go back into the stock before the opening stood."""

    def held_back(self) -> list[int]:
        """Those of them every seat knows are in the stock now (the first packet only)."""

    @property
    def packet(self) -> int: ...

    def is_terminal(self) -> bool: ...

    def play_codes(self) -> list[str]:
        """The plays as a record writes them."""


MOST_REFUSED_OPENINGS = 64
"""Refused openings a reader takes in one round: one is refused in about seven deals, so 64 in a row
(a chance far below one in 10**50) never happen."""


def most_returned(rules: Rules) -> int:
    """The most cards a deal puts back into the stock under these rules (the readers' bound on
    ``returned``): every jack of the pack, or :data:`MOST_REFUSED_OPENINGS` whole openings.

    >>> from kseri.engine.rules import FOURCARD, GREEK, SUMS
    >>> most_returned(GREEK), most_returned(FOURCARD), most_returned(SUMS)
    (256, 4, 0)
    """
    if rules.opening_redeal == "jacks":
        return 4 * rules.packs
    if rules.opening_redeal == "top":
        return MOST_REFUSED_OPENINGS * rules.opening_size
    return 0


def in_stock_at_deal(rules: Rules, opening: Sequence[int], returned: Sequence[int],
                     bottom: int | None = None) -> list[int]:
    """The cards every seat knows are in the stock when the first packet has been dealt: the ones put
    back (``returned``, :attr:`BaseRound.returned`) that did not come up again in ``opening``, the
    exposed ``bottom`` card left out (where it lies is known already). The hands were dealt before the
    opening, so none of them holds one until the next packet is dealt.

    A replaced jack stays in the stock (it goes into its middle), so each one counts. A refused
    opening is shuffled back with the stock, and a card of it may be dealt into the next opening and
    go back again: each card counts as many times as the most that one refused opening held, less
    what the opening that stood holds (a lower bound with the double pack, never too many).

    >>> from kseri.engine.cards import Card, CODES
    >>> cards = lambda text: [Card.parse(c).index for c in text.split()]
    >>> from kseri.engine.rules import GREEK
    >>> [CODES[c] for c in in_stock_at_deal(GREEK, cards("5H 2S 9C 4C"), cards("4C 9D QH JS 9D 2H 7S 7C"))]
    ['9D', 'QH', 'JS', '2H', '7S', '7C']
    """
    if rules.opening_redeal == "jacks":
        out = list(returned)
    else:
        out = _refused_in_stock(rules.opening_size, opening, returned)
    if bottom in out:
        out.remove(bottom)
    return out


def _refused_in_stock(size: int, opening: Sequence[int], returned: Sequence[int]) -> list[int]:
    """:func:`in_stock_at_deal` after refused openings of ``size`` cards, shuffled back one after another."""
    most: dict[int, int] = {}
    for at in range(0, len(returned), size):
        refused = returned[at:at + size]
        for c in refused:
            most[c] = max(most.get(c, 0), refused.count(c))
    out = []
    for c, times in most.items():
        out += [c] * max(0, times - list(opening).count(c))
    return out


class BaseRound:
    """The deal and the round's end, shared by both tables.

    Subclasses create their state with :meth:`_deal_first` and call
    :meth:`_hands_out` when a play leaves every hand empty (it deals the next packet,
    or ends the round); their :meth:`_finish` calls :meth:`_sweep` with the cards left
    on the table.
    """

    __slots__ = (
        "_card_points",
        "bonus",
        "captured",
        "counts",
        "dealer",
        "deck",
        "hands",
        "jack_kseris",
        "jack_tables",
        "kseri_cards",
        "kseris",
        "last_capturer",
        "next_card",
        "returned",
        "rules",
        "sweep_seat",
        "to_move",
    )

    rules: Rules
    dealer: int
    deck: tuple[int, ...]
    hands: list[list[int]]
    next_card: int
    to_move: int
    captured: list[list[int]]
    counts: list[int]
    kseris: list[int]
    jack_kseris: list[int]
    bonus: list[int]
    jack_tables: list[int]
    kseri_cards: list[list[int]]
    last_capturer: int | None
    sweep_seat: int | None
    returned: tuple[int, ...]
    """The opening cards that every seat saw go back into the stock before the opening stood, in the
    order they went (``opening_redeal``: a refused opening's cards, or a replaced jack); empty for a
    round dealt from a record that does not say (``docs/formats.md`` §"Cards put back")."""
    open_ended: ClassVar[bool] = False
    """True for a position with its stock left out (:meth:`~kseri.engine.pile.round.Round.from_position`,
    ``stock=None``): when the hands run out, play stops there; nothing is swept and no card is the
    round's last. A class attribute, so that :meth:`~kseri.engine.pile.round.Round.clone` has nothing
    more to copy."""
    _card_points: tuple[int, ...]

    # -- the deal -----------------------------------------------------------------

    def _deal_first(self, rules: Rules, dealer: int, deck: Sequence[int]) -> list[int]:
        """Start the round dealt from ``deck`` (record order): the first packet in the hands,
        every tally at zero, the seat after the dealer to move. Returns the opening cards."""
        n, k = rules.players, rules.packet_size
        self.rules = rules
        self.dealer = dealer
        self.deck = deck = tuple(deck)
        self._card_points = card_points_table(rules)
        first = (dealer + 1) % n
        hands: list[list[int]] = [[]] * n  # each place filled below with the first packet, as _hands_out deals
        for i in range(n):
            hands[(first + i) % n] = list(deck[i * k:(i + 1) * k])
        self.hands = hands
        self.to_move = first
        start = n * k
        self.next_card = start + rules.opening_size
        self.captured = [[] for _ in range(n)]
        self.counts = [0] * n
        self.kseris = [0] * n
        self.jack_kseris = [0] * n
        self.bonus = [0] * n
        self.jack_tables = [0] * n
        self.kseri_cards = [[] for _ in range(n)]
        self.last_capturer = None
        self.sweep_seat = None
        self.returned = ()
        return list(deck[start:start + rules.opening_size])

    def _copy_shared(self, other: BaseRound) -> None:
        """Fill ``other``, a new empty round, with what both tables keep: the deal and every tally, each
        list copied (for each table's ``clone()``; assignments, not a loop: the searches clone often)."""
        other.rules = self.rules
        other.dealer = self.dealer
        other.deck = self.deck
        other.hands = [h[:] for h in self.hands]
        other.next_card = self.next_card
        other.captured = [c[:] for c in self.captured]
        other.counts = self.counts[:]
        other.kseris = self.kseris[:]
        other.jack_kseris = self.jack_kseris[:]
        other.bonus = self.bonus[:]
        other.jack_tables = self.jack_tables[:]
        other.kseri_cards = [c[:] for c in self.kseri_cards]
        other.last_capturer = self.last_capturer
        other.sweep_seat = self.sweep_seat
        other.returned = self.returned
        other.to_move = self.to_move
        other._card_points = self._card_points

    def _hands_out(self) -> None:
        """Every hand is empty: deal the stock's next packet (the seat after the dealer first,
        and that seat leads), or end the round when the stock is out."""
        start = self.next_card
        if start < len(self.deck):
            rules = self.rules
            n, k = rules.players, rules.packet_size
            first = (self.dealer + 1) % n
            deck, hands = self.deck, self.hands  # filled in place: a play-out may hold on to the list
            for i in range(n):
                hands[(first + i) % n] = list(deck[start + i * k:start + (i + 1) * k])
            self.next_card = start + n * k
            self.to_move = first
        elif not self.open_ended:
            self._finish()

    def _finish(self) -> None:
        """The round's end; a table calls :meth:`_sweep` with what is left on it."""
        raise NotImplementedError

    def _sweep(self, cards: Sequence[int]) -> int | None:
        """The last capturer takes ``cards``, the table's leftovers (never a kseri); returns
        that seat, or None when nobody captured or nothing is left."""
        seat = self.last_capturer
        if seat is None or not cards:
            return None
        self.captured[seat].extend(cards)
        self.counts[seat] += len(cards)
        self.sweep_seat = seat
        return seat

    # -- queries shared by both tables ----------------------------------------------

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def first_player(self) -> int:
        """The seat after the dealer, who leads every packet."""
        return (self.dealer + 1) % self.rules.players

    @property
    def opening(self) -> tuple[int, ...]:
        """The opening cards, bottom first."""
        start = self.rules.players * self.rules.packet_size
        return self.deck[start:start + self.rules.opening_size]

    @property
    def stock_count(self) -> int:
        return len(self.deck) - self.next_card

    @property
    def exposed_card(self) -> int | None:
        """The exposed bottom card (rule ``exposed_bottom``), shown to every seat for the whole round:
        the deck's last, so it is dealt last, to the dealer (None without the rule)."""
        return self.deck[-1] if self.rules.exposed_bottom else None

    def held_back(self) -> list[int]:
        """The cards every seat knows are in the stock now: those put back from the opening
        (:func:`in_stock_at_deal`), while the first packet is played; none after the next deal."""
        if not self.returned or self.packet != 1:
            return []
        return in_stock_at_deal(self.rules, self.opening, self.returned, self.exposed_card)

    @property
    def packet(self) -> int:
        """Which packet is in play, from 1."""
        rules = self.rules
        per_packet = rules.players * rules.packet_size
        dealt = (self.next_card - rules.opening_size) // per_packet
        return max(1, min(dealt, rules.packets))

    def is_terminal(self) -> bool:
        """Whether the round is over: the stock and every hand are empty."""
        return self.next_card == len(self.deck) and not any(self.hands)

    def returns(self) -> tuple[int, ...]:
        """Each side's points for the round as it stands (:func:`~kseri.engine.scoring.score_round`;
        its score once it is over)."""
        return score_round(self).points  # type: ignore[arg-type]  # a BaseRound subclass is a RoundState


def shuffle(cards: list[int], rng: random.Random) -> None:
    """``rng.shuffle(cards)``, about twice as fast for a plain :class:`random.Random`: the same
    order, and the same draws from ``rng``.

    :meth:`random.Random.shuffle` draws the position of each swap with ``_randbelow``, a
    Python method around ``getrandbits`` (rejection sampling on the bit length of the
    range); :func:`_shuffle_by_bits` is that algorithm written out in one loop. Any other
    generator (a subclass may draw differently) gets ``rng.shuffle`` itself, and so does
    every generator on an interpreter whose ``shuffle`` turns out to differ (checked once, at
    import).

    >>> cards, same = list(range(52)), list(range(52))
    >>> shuffle(cards, random.Random(3)); random.Random(3).shuffle(same)
    >>> cards == same
    True
    """
    if type(rng) is random.Random and _SAME_AS_SHUFFLE and len(cards) <= _MAX_CARDS:
        _shuffle_by_bits(cards, rng)
    else:
        rng.shuffle(cards)


_MAX_CARDS = 104
"""The most cards :func:`_shuffle_by_bits` shuffles: the double pack."""

_SHUFFLE_STEPS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(_MAX_CARDS - 1, 0, -1))
"""For :func:`_shuffle_by_bits`: each position from the last down, the size of the range its
card is drawn from, and that size's bit length."""


def _shuffle_by_bits(cards: list[int], rng: random.Random) -> None:
    """``random.Random.shuffle`` with its ``_randbelow`` (``_randbelow_with_getrandbits``)
    written in (at most :data:`_MAX_CARDS` cards)."""
    getrandbits = rng.getrandbits
    for i, size, bits in _SHUFFLE_STEPS[_MAX_CARDS - len(cards):]:
        j = getrandbits(bits)
        while j >= size:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


def _same_as_shuffle() -> bool:
    """Whether :func:`_shuffle_by_bits` matches this interpreter's ``random.Random.shuffle``."""
    for length in (104, 52, 5):
        mine, theirs = list(range(length)), list(range(length))
        a, b = random.Random(length), random.Random(length)
        _shuffle_by_bits(mine, a)
        b.shuffle(theirs)
        if mine != theirs or a.random() != b.random():
            return False
    return True


_SAME_AS_SHUFFLE = _same_as_shuffle()


def sample(population: list[int], k: int, rng: random.Random) -> list[int]:
    """``rng.sample(population, k)``, faster for a plain :class:`random.Random`: the same
    cards in the same order, and the same draws from ``rng`` (the search deals the other
    player's hand this way thousands of times a decision).

    :meth:`random.Random.sample` picks from a copy of the population when it is small, else
    remembers the picked positions in a set, drawing each with ``_randbelow``; both are
    written out here with ``getrandbits``. As for :func:`shuffle`, any other generator, and
    every generator on an interpreter whose ``sample`` turns out to differ (checked once, at
    import), gets ``rng.sample`` itself.

    >>> sample(list(range(30)), 5, random.Random(4)) == random.Random(4).sample(range(30), 5)
    True
    """
    if type(rng) is random.Random and _SAME_AS_SAMPLE and 0 <= k <= len(population):
        return _sample_by_bits(population, k, rng)
    return rng.sample(population, k)


def _sample_by_bits(population: list[int], k: int, rng: random.Random) -> list[int]:
    """``random.Random.sample`` with its ``_randbelow`` written in."""
    n = len(population)
    getrandbits = rng.getrandbits
    setsize = 21  # random.Random.sample's choice between its two ways, as it makes it
    if k > 5:
        setsize += 4 ** math.ceil(math.log(k * 3, 4))
    result = []
    if n <= setsize:
        pool = population[:]
        for i in range(k):
            size = n - i
            bits = size.bit_length()
            j = getrandbits(bits)
            while j >= size:
                j = getrandbits(bits)
            result.append(pool[j])
            pool[j] = pool[size - 1]
    else:
        bits = n.bit_length()
        selected: set[int] = set()
        for _ in range(k):
            j = getrandbits(bits)
            while j >= n or j in selected:
                j = getrandbits(bits)
            selected.add(j)
            result.append(population[j])
    return result


def _same_as_sample() -> bool:
    """Whether :func:`sample` matches this interpreter's ``random.Random.sample``."""
    for n, k in ((5, 3), (21, 5), (22, 5), (40, 6), (90, 6), (90, 7), (104, 30)):
        a, b = random.Random(n * k), random.Random(n * k)
        for _ in range(3):
            if _sample_by_bits(list(range(n)), k, a) != b.sample(list(range(n)), k):
                return False
        if a.random() != b.random():
            return False
    return True


_SAME_AS_SAMPLE = _same_as_sample()
