"""One round's locked deck as one device holds it: the shuffle passes, its keys, the tables to read
cards with, what the friend opened, the cards this device knows, and how far its deal has come.

A round is dealt by one or more shuffle *passes*. In each, the first shuffler locks every card it is
given with a fresh key and shuffles them; the second locks each of those again with its own fresh
key and shuffles them. Pass 0 takes the plain pack and gives the deck; a redeal of the opening
(the Greek game's top jack or top pair) is another pass over the opening cards and the stock only
(``deal.reshuffle_range``), so the hands stay and the rejected cards go back where nobody knows.
At the four-card and Pişti tables a jack among the opening cards is replaced instead, in the same
deck: once both devices have seen it, each moves its locked value to the middle of the stock and
the stock's next value to its place (:meth:`DuelRound.replace_seen_jacks`), place by place as the
engine deals, and the new opening card is opened like the first.

A card at a position is locked by every pass that covered it (its *layers*). To show it to the other
device, a device takes its own locks off (:func:`open_value`); the other then finds the card in its
*table*: the pack locked with its own keys of as many layers (:attr:`DuelRound.tables`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kseri.engine.cards import CODES, JACK_INDEX, rank_index
from kseri.engine.pile.round import opening_is_allowed, replace_with_next  # the open table keeps any opening ("none")
from kseri.engine.rules import Rules
from kseri.table.duel.deal import hand_positions, opening_positions, reshuffle_range
from kseri.table.duel.group import CARD_ELEMENTS, P, Q, lock_all, norm

__all__ = ["DuelRound", "Opened", "ShufflePass", "open_value"]


def open_value(target: int, keys: list[int]) -> int:
    """``target`` with the locks of ``keys`` taken off (one full-size power: the keys' product inverted)."""
    product = 1
    for key in keys:
        product = product * key % Q
    return norm(pow(target, pow(product, -1, Q), P))


@dataclass
class ShufflePass:
    """One pass: what went in (None: the plain pack), the first shuffler's output, the second's."""

    source: list[int] | None
    middle: list[int] | None = None
    result: list[int] | None = None
    opened: bool = False
    """Whether the first shuffler has sent its opening cards for this pass (the deal goes on from there)."""


@dataclass
class Opened:
    """A value the friend opened for this device: a card of its hand or of the opening (its locks taken
    off), or the proof that goes with a card it played. Checked against its keys at the round's end."""

    position: int
    layers: int
    target: int
    """The locked card it opens (the deck's value at ``position`` then)."""
    value: int


@dataclass
class DuelRound:
    """One round's deal and play on this device (roles: 0 the inviter, 1 the friend)."""

    rules: Rules
    first: int
    """The role of the first shuffler of every pass."""
    dealer: int
    """The role of the round's dealer (the other plays first)."""
    my_keys: list[int] = field(default_factory=list)
    their_keys: list[int] | None = None
    passes: list[ShufflePass] = field(default_factory=list)
    deck: list[int] | None = None
    """The locked deck by position (the latest pass's result over the range it shuffled)."""
    tables: list[list[int]] = field(default_factory=list)
    """``tables[n]``: every card (by card index) locked with this device's keys of passes 0..n."""
    sent: set[tuple[int, int]] = field(default_factory=set)
    """``(position, layers)`` this device has opened for the friend."""
    received: list[Opened] = field(default_factory=list)
    known: dict[int, int] = field(default_factory=dict)
    """Position to card index: the cards this device may see (its hands, the opening, plays; all at the end)."""
    moves: list[str] = field(default_factory=list)
    positions: list[int] = field(default_factory=list)
    """The deck position of each play's card."""
    verified: bool = False
    """The friend's keys were checked: every card, both shuffles, every play."""
    fill: dict[int, int] = field(default_factory=dict)
    """Choices for unseen positions that make the friend's plays legal (:mod:`kseri.table.duel.hidden`):
    found again when needed, never saved."""
    returned: list[int] = field(default_factory=list)
    """The opening cards both devices saw go back into the stock, in order (a refused opening's cards, a
    replaced jack): the round's :attr:`~kseri.engine.state.BaseRound.returned`."""

    def copy(self) -> DuelRound:
        """An independent copy (values are ints: lists and dicts are copied one level down)."""
        return DuelRound(
            rules=self.rules, first=self.first, dealer=self.dealer, my_keys=list(self.my_keys),
            their_keys=None if self.their_keys is None else list(self.their_keys),
            passes=[ShufflePass(source=p.source, middle=p.middle, result=p.result, opened=p.opened)
                    for p in self.passes],
            deck=None if self.deck is None else list(self.deck), tables=list(self.tables), sent=set(self.sent),
            received=list(self.received), known=dict(self.known), moves=list(self.moves),
            positions=list(self.positions), verified=self.verified, fill=dict(self.fill),
            returned=list(self.returned))

    # -- positions ----------------------------------------------------------------

    def layers(self, position: int) -> int:
        """How many passes lock the card at ``position`` now."""
        span = reshuffle_range(self.rules)
        return len(self.passes) if position in span else 1

    def hand(self, role: int, packet: int) -> range:
        return hand_positions(self.rules, packet, first=role != self.dealer)

    def opening(self) -> range:
        return opening_positions(self.rules)

    def opening_cards(self) -> list[int] | None:
        """The opening cards if this device knows them all (bottom first)."""
        cards = [self.known.get(p) for p in self.opening()]
        return None if any(c is None for c in cards) else [c for c in cards if c is not None]

    # -- phases -------------------------------------------------------------------

    @property
    def phase(self) -> str:
        """``pack`` (the first shuffler locks the pack), ``lock`` (the second locks it: the deck, or a
        redeal's pass), ``open`` (the first shuffler opens the opening cards and the friend's hand, or
        asks a redeal), ``play``."""
        if not self.passes or self.passes[0].middle is None:
            return "pack"
        last = self.passes[-1]
        if last.result is None:
            return "lock"
        if not last.opened:
            return "open"
        return "play"

    def played_out(self) -> bool:
        """The round is played out and both keys are out (and the friend's checked)."""
        return self.verified and len(self.moves) == self.rules.cards - self.rules.opening_size

    def dealt(self) -> bool:
        """The round is playable here: its last pass is complete and this device knows a valid opening."""
        if self.verified:
            return True
        if self.phase not in ("open", "play"):
            return False
        cards = self.opening_cards()
        return cards is not None and opening_is_allowed(self.rules, cards)

    def settled(self) -> bool:
        """Both devices have seen the opening cards, and the rules keep them: play begins."""
        return self.dealt() and set(self.opening()) <= self.seen_by_both()

    def rejected(self) -> bool:
        """The rules deal the opening again from the stock (a top jack or a top pair at the Greek table; at the
        four-card and Pişti tables a jack is replaced instead: :meth:`replace_seen_jacks`)."""
        cards = self.opening_cards()
        return self.rules.opening_redeal == "top" and cards is not None and not opening_is_allowed(self.rules, cards)

    # -- the opening's jacks replaced (``opening_redeal = "jacks"``) ----------------------

    def seen_by_both(self) -> set[int]:
        """The positions whose card both devices have seen: each has taken its locks off for the other (under
        the position's locks now: a redeal's pass hides the cards it shuffled again)."""
        return ({p for p, layers in self.sent if layers == self.layers(p)}
                & {o.position for o in self.received if o.layers == self.layers(o.position)})

    def replace_seen_jacks(self) -> bool:
        """Replace the opening's first jack if both devices have seen it and every card before it: the jack
        goes into the middle of the stock and the stock's next card takes its place. Whether it moved
        (the card now in its place is then opened like the first ones). The places are settled strictly in
        order, a chain of jacks at one place before the next place, so the deck is the one
        :func:`~kseri.engine.pile.round.replace_opening_jacks` deals from the shuffled order. Both devices
        see the same cards at the same messages, so both move the same values.

        >>> from kseri.engine.cards import Card
        >>> from kseri.engine.rules import FOURCARD
        >>> r = DuelRound(rules=FOURCARD, first=0, dealer=1, deck=list(range(100, 152)), passes=[ShufflePass(None)])
        >>> jack = Card.parse("JS").index
        >>> r.known, r.sent = {9: jack}, {(9, 1)}  # at the opening's second place, seen by both
        >>> r.received.append(Opened(position=9, layers=1, target=109, value=0))
        >>> r.replace_seen_jacks()  # the first place is not seen yet: it may hold a jack, replaced first
        False
        >>> r.known[8], r.sent = Card.parse("5H").index, {(8, 1), (9, 1)}
        >>> r.received.append(Opened(position=8, layers=1, target=108, value=0))
        >>> r.replace_seen_jacks(), r.deck[9], r.deck[31], r.known[31] == jack, sorted(r.sent), r.deck[12], r.deck[30]
        (True, 112, 109, True, [(8, 1), (31, 1)], 113, 131)
        """
        if self.rules.opening_redeal != "jacks" or self.deck is None:
            return False
        seen = self.seen_by_both()
        for place in self.opening():
            card = self.known.get(place)
            if card is None or place not in seen:
                return False  # a place before any jack is still to be seen (it may be one)
            if rank_index(card) == JACK_INDEX:
                self.returned.append(card)
                self._replace(place)
                return True
        return False

    def put_back_opening(self) -> None:
        """The opening is refused (the Greek game's top jack or top pair): its cards, seen by both, go back
        into the stock, and every position a redeal's pass shuffles is unknown again."""
        self.returned += self.opening_cards() or []
        for position in reshuffle_range(self.rules):
            self.known.pop(position, None)

    def _replace(self, place: int) -> None:
        """Move the value at opening ``place`` into the middle of the stock, the stock's first to ``place``."""
        assert self.deck is not None
        places, stock = list(self.opening()), list(range(self.opening().stop, self.rules.cards))
        replace_with_next(places, places.index(place), stock)  # each item: the position whose value goes there
        news = range(self.opening().start, self.rules.cards)
        moves: dict[int, int] = {old: new for old, new in zip([*places, *stock], news, strict=True) if old != new}
        deck = list(self.deck)
        for old, new in moves.items():
            deck[new] = self.deck[old]
        self.deck = deck

        def at(position: int) -> int:
            return moves.get(position, position)

        self.known = {at(p): c for p, c in self.known.items()}
        self.sent = {(at(p), layers) for p, layers in self.sent}
        self.received = [Opened(position=at(o.position), layers=o.layers, target=o.target, value=o.value)
                         for o in self.received]
        self.positions = [at(p) for p in self.positions]
        self.fill.clear()

    def table(self, layers: int) -> list[int]:
        return self.tables[layers - 1]

    def card_for(self, value: int, layers: int) -> int | None:
        """The card whose element locked with this device's keys of ``layers`` passes is ``value``."""
        if layers > len(self.tables):
            return None
        try:
            return self.table(layers).index(value)
        except ValueError:
            return None

    def record_deck(self) -> list[str]:
        """The whole deck as card codes (every position known: after the round)."""
        return [CODES[self.known[p]] for p in range(self.rules.cards)]

    def record_entry(self) -> dict[str, list[str]]:
        """The round in a ``kseri-record/1`` (after it): its deck, its plays, the opening cards put back."""
        entry = {"deck": self.record_deck(), "plays": list(self.moves)}
        if self.returned:
            entry["returned"] = [CODES[c] for c in self.returned]
        return entry

    def lock_table(self, key: int) -> None:
        """Add the table of one more layer: the last table (or the plain pack) locked with ``key``."""
        base = self.tables[-1] if self.tables else list(CARD_ELEMENTS)
        self.tables.append(lock_all(base, key))
