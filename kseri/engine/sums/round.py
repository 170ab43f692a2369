"""The ``sums`` table (``docs/rules.md`` §"Sums table"): cards side by side, captures that add up, builds.

A different table from the Greek pile: the four opening cards lie side by
side, a played card may take one card of its rank or a set of number cards and
builds whose values add up to its value, and a player may *build* (lay a
number card on a table number card and announce the sum) when holding a card
of that sum. Capturing is optional. A capture that empties the table is a
xeri (+10).

Values: ace 1, two to ten their face value; J, Q, K have no number value and
take only the same rank. A build is taken only whole, by a card of its value.
Its owner (who built or last raised it) may not lay a loose card while it is on
the table, unless no other move is possible.

Plays are written as strings in records (``kseri-record/1``): a plain card
code lays the card loose (``7H``); ``7H:3C+4D`` plays 7H and takes the table
cards named (every card of each item taken); ``5S>3H`` builds 5S onto the
item holding 3H.

>>> import random
>>> from kseri.engine.rules import SUMS
>>> state = SumsRound.from_deck(SUMS, 1, _demo_deck())
>>> [str(m) for m in state.legal_moves() if m.card == Card.parse("7H").index]
['7H:3C+4D', '7H>3C', '7H']
>>> event = state.apply("7H:3C+4D")
>>> event.kind, [c.code for c in event.captured]
('capture', ['3C', '4D'])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from kseri.engine.cards import CODES, Card, CardLike, card_index, code_index, deck_mismatch, rank_index
from kseri.engine.errors import (
    IllegalMoveError,
    KseriError,
    PositionError,
    RecordError,
    quoted,
)
from kseri.engine.events import PlayEvent, PlayKind
from kseri.engine.rules import Rules
from kseri.engine.state import BaseRound

__all__ = ["SumsMove", "SumsRound", "TableItem", "number_value"]


def number_value(card: int) -> int | None:
    """Ace 1, two..ten their value; ``None`` for J, Q, K (they never add up)."""
    rank = rank_index(card)
    return rank + 1 if rank <= 9 else None


@dataclass(frozen=True, slots=True)
class TableItem:
    """A loose card (``owner`` None, one card) or a build (an owner and several cards)."""

    cards: tuple[int, ...]
    value: int | None
    owner: int | None = None

    @property
    def is_build(self) -> bool:
        return self.owner is not None

    def __str__(self) -> str:
        text = "+".join(CODES[c] for c in self.cards)
        return f"[{text}={self.value}]" if self.is_build else text


@dataclass(frozen=True, slots=True)
class SumsMove:
    """Play ``card``: lay it loose, take ``take`` (table items' cards), or build onto ``onto``."""

    card: int
    kind: Literal["drop", "capture", "build"]
    take: tuple[int, ...] = ()
    onto: int | None = None

    def __str__(self) -> str:
        if self.kind == "capture":
            return CODES[self.card] + ":" + "+".join(CODES[c] for c in self.take)
        if self.kind == "build" and self.onto is not None:
            return f"{CODES[self.card]}>{CODES[self.onto]}"
        return CODES[self.card]


def _subsets_summing(items: Sequence[tuple[int, int]], target: int) -> list[tuple[int, ...]]:
    """Index sets of (index, value) items whose values add up to ``target`` (values ≥ 1)."""
    found: list[tuple[int, ...]] = []

    def extend(start: int, remaining: int, chosen: tuple[int, ...]) -> None:
        if remaining == 0:
            found.append(chosen)
            return
        for j in range(start, len(items)):
            index, value = items[j]
            if value <= remaining:
                extend(j + 1, remaining - value, (*chosen, index))

    extend(0, target, ())
    return found


class SumsRound(BaseRound):
    """One round at the sums table. The deal, the next packet and the round's end are
    :class:`~kseri.engine.state.BaseRound`'s, shared with the pile tables; both satisfy
    :class:`~kseri.engine.state.RoundState`, so scoring and matches treat them alike."""

    table: list[TableItem]
    """The cards on the table, loose cards and builds, in the order they came."""
    plays: list[str]

    def __init__(self, rules: Rules, dealer: int, deck: Sequence[int]) -> None:
        opening = self._deal_first(rules, dealer, deck)
        self.table = [TableItem((c,), number_value(c)) for c in opening]
        self.plays = []

    def clone(self) -> SumsRound:
        """An independent copy (the table's items are frozen, so a new list of them is enough)."""
        other = object.__new__(type(self))
        self._copy_shared(other)
        other.table = self.table[:]
        other.plays = self.plays[:]
        return other

    @classmethod
    def deal(cls, rules: Rules, dealer: int, rng: random.Random) -> SumsRound:
        deck = list(range(52))
        rng.shuffle(deck)
        return cls(rules, dealer, deck)

    @classmethod
    def from_deck(cls, rules: Rules, dealer: int, deck: Sequence[int], *, check: bool = True,
                  returned: Sequence[int] = ()) -> SumsRound:
        if returned:  # the open table's opening always stands
            raise RecordError("returned: the open table puts no opening card back into the stock")
        if check and sorted(deck) != list(range(52)):
            raise RecordError(f"deck is not a permutation of the 52-card pack: {deck_mismatch(deck)}")
        if check and not 0 <= dealer < rules.players:
            raise RecordError(f"dealer {dealer} is not a seat")
        return cls(rules, dealer, deck)

    @classmethod
    def from_position(cls, rules: Rules, *, hands: Sequence[Sequence[CardLike]], to_move: int,
                      table: Sequence[tuple[Sequence[CardLike], int | None]] = (), open_ended: bool = False,
                      last_capturer: int | None = None) -> SumsRound:
        """A sums round at a position in the middle of play, set up directly (rule scenes, tests).

        ``table`` lists the items side by side: ``(cards, owner)``, a loose card with owner
        None, or a build (two or more number cards adding up to at most 10) with the seat that
        owns it. The stock is empty: when the hands run out the round ends and the last
        capturer (``last_capturer``) takes what is left; with ``open_ended`` the stock is left
        out instead and play simply stops there (nothing is swept, no card is the round's last).
        Nobody has captured anything yet. A problem raises
        :class:`~kseri.engine.errors.PositionError` naming it.

        >>> from kseri.engine.rules import SUMS
        >>> state = SumsRound.from_position(SUMS, hands=[["8D", "2S"], ["10C"]], to_move=1,
        ...                                 table=[(["5S", "3H", "2D"], 0), (["KS"], None)])
        >>> [str(m) for m in state.legal_moves()]
        ['10C:5S+3H+2D', '10C']
        >>> SumsRound.from_position(SUMS, hands=[["8D"], []], to_move=0, table=[(["5S", "KH"], 0)])
        Traceback (most recent call last):
        ...
        kseri.engine.errors.PositionError: table item 1: a build holds number cards only (KH has no value)
        """
        n = rules.players
        if rules.table != "sums" or rules.packs != 1:
            raise PositionError(f"this position is for the sums table, not the {rules.profile!r} table")
        if len(hands) != n:
            raise PositionError(f"hands: {n} players need {n} hands, got {len(hands)}")
        for name, seat in (("to_move", to_move), ("last_capturer", last_capturer)):
            if not (type(seat) is int and 0 <= seat < n) and (seat is not None or name == "to_move"):
                raise PositionError(f"{name}: {seat!r} is not a seat (0..{n - 1})")
        where: dict[int, str] = {}

        def cards(place: str, given: Sequence[CardLike]) -> tuple[int, ...]:
            try:
                found = tuple(card_index(c) for c in given)
            except KseriError as exc:
                raise PositionError(f"{place}: {exc}") from None
            for c in found:
                if c in where:
                    both = place if where[c] == place else f"{where[c]} and {place}"
                    raise PositionError(f"{CODES[c]} is given twice ({both})")
                where[c] = place
            return found

        held = [list(cards(f"seat {seat}'s hand", hand)) for seat, hand in enumerate(hands)]
        for seat, hand in enumerate(held):
            if len(hand) > rules.packet_size:
                raise PositionError(f"seat {seat} holds {len(hand)} cards, more than a packet ({rules.packet_size})")
        items: list[TableItem] = []
        for i, (given, owner) in enumerate(table, 1):
            found = cards(f"table item {i}", given)
            if owner is None:
                if len(found) != 1:
                    raise PositionError(f"table item {i}: a loose item is one card (a build needs its owner)")
                items.append(TableItem(found, number_value(found[0])))
                continue
            if not (type(owner) is int and 0 <= owner < n):
                raise PositionError(f"table item {i}: owner {owner!r} is not a seat (0..{n - 1})")
            if len(found) < 2:
                raise PositionError(f"table item {i}: a build holds two cards or more")
            faces = [CODES[c] for c in found if number_value(c) is None]
            if faces:
                raise PositionError(f"table item {i}: a build holds number cards only ({faces[0]} has no value)")
            value = sum(number_value(c) or 0 for c in found)
            if value > 10:
                raise PositionError(f"table item {i}: a build adds up to 10 at most, not {value}")
            items.append(TableItem(found, value, owner))
        placed = [c for hand in held for c in hand] + [c for item in items for c in item.cards]
        deck = placed + [c for c in range(52) if c not in where]
        state = cls.from_deck(rules, (to_move - 1) % n, deck, check=False)
        state.hands[:] = held
        state.table = items
        state.next_card = len(deck)
        state.to_move = to_move
        state.last_capturer = last_capturer
        if open_ended:
            state.__class__ = _OpenEndedSumsRound
        return state

    # -- queries ------------------------------------------------------------

    @property
    def pile(self) -> list[int]:
        """Every card on the table, item by item (for counting and display)."""
        return [c for item in self.table for c in item.cards]

    def play_codes(self) -> list[str]:
        return list(self.plays)

    def legal_moves(self) -> list[SumsMove]:
        """Every legal play of the seat to move, drops last."""
        if self.is_terminal():
            return []
        seat = self.to_move
        hand = self.hands[seat]
        moves: list[SumsMove] = []
        numbers = [(i, item.value) for i, item in enumerate(self.table) if item.value is not None]
        for card in hand:
            value = number_value(card)
            if value is None:
                for item in self.table:
                    if not item.is_build and rank_index(item.cards[0]) == rank_index(card):
                        moves.append(SumsMove(card, "capture", item.cards))
                continue
            for chosen in _subsets_summing(numbers, value):
                taken = tuple(c for i in chosen for c in self.table[i].cards)
                moves.append(SumsMove(card, "capture", taken))
            held = {number_value(c) for c in hand if c != card}
            for i, item_value in numbers:
                total = item_value + value
                if total <= 10 and total in held:
                    moves.append(SumsMove(card, "build", onto=self.table[i].cards[0]))
        owns_build = any(item.owner == seat for item in self.table)
        if not (owns_build and moves):
            moves += [SumsMove(card, "drop") for card in hand]
        return moves

    def parse_move(self, text: str) -> SumsMove:
        """Read a play string in this position (``7H``, ``7H:3C+4D``, ``5S>3H``)."""
        if not isinstance(text, str):
            raise IllegalMoveError(f"a play must be a string, got {quoted(text)}")
        if ":" in text:
            head, _, rest = text.partition(":")
            card = code_index(head)
            named: set[int] = set()
            for code in rest.split("+"):
                index = code_index(code)
                if index in named:  # "7H:3C+3C" is no capture the notation writes: refused, not tidied
                    raise IllegalMoveError(f"{quoted(text)}: {CODES[index]} is named twice")
                named.add(index)
            items = [item for item in self.table if named & set(item.cards)]
            taken = tuple(c for item in items for c in item.cards)
            if set(taken) != named:
                raise IllegalMoveError(f"{quoted(text)}: a capture must name every card of each item it takes")
            return SumsMove(card, "capture", taken)
        if ">" in text:
            head, _, onto = text.partition(">")
            card = code_index(head)
            onto_card = code_index(onto)
            item = next((item for item in self.table if onto_card in item.cards), None)
            if item is None:
                raise IllegalMoveError(f"{quoted(text)}: {CODES[onto_card]} is not on the table")
            return SumsMove(card, "build", onto=item.cards[0])
        return SumsMove(code_index(text), "drop")

    # -- playing ------------------------------------------------------------

    def apply(self, move: SumsMove | Card | str) -> PlayEvent:
        """Make a play (checked); the error names the play, the position and why.

        A plain :class:`~kseri.engine.cards.Card` lays that card loose, as its code does."""
        if self.is_terminal():
            raise IllegalMoveError(f"cannot play {_brief(move)}: the round is over (after play {len(self.plays)})")
        if isinstance(move, str):
            move = self.parse_move(move)
        elif isinstance(move, Card):
            move = SumsMove(move.index, "drop")
        seat = self.to_move
        if move.card not in self.hands[seat]:
            held = " ".join(CODES[c] for c in self.hands[seat])
            raise IllegalMoveError(f"{CODES[move.card]} is not in seat {seat}'s hand [{held}]")
        if move not in self.legal_moves():
            table = " ".join(str(item) for item in self.table) or "empty"
            raise IllegalMoveError(f"{move} is not a legal play here (table: {table})")
        bonus_before = self.bonus[seat]
        next_before = self.next_card
        kseris_before = self.kseris[seat]
        last_table = self.pile
        self.apply_move(move)
        over = self.is_terminal()
        kind: PlayKind = move.kind
        if move.kind == "capture":
            kind = "kseri" if self.kseris[seat] > kseris_before else "capture"
        sweep: tuple[Card, ...] = ()
        if over and self.sweep_seat is not None:
            # What the last capturer took after the last card: the table as that card left it.
            left = [c for c in last_table if c not in move.take] if move.kind == "capture" else [*last_table, move.card]
            sweep = tuple(Card.from_index(c) for c in left)
        return PlayEvent(
            seat=seat,
            card=Card.from_index(move.card),
            kind=kind,
            captured=tuple(Card.from_index(c) for c in move.take),
            bonus=self.bonus[seat] - bonus_before,
            dealt=self.next_card != next_before,
            sweep=sweep,
            sweep_seat=self.sweep_seat if sweep else None,
            round_over=over,
        )

    def apply_move(self, move: SumsMove) -> None:
        """Make a play known to be legal (the fast path)."""
        seat = self.to_move
        rules = self.rules
        self.hands[seat].remove(move.card)
        self.plays.append(str(move))
        if move.kind == "capture":
            taken = set(move.take)
            self.table = [item for item in self.table if not taken & set(item.cards)]
            self.captured[seat].extend(move.take)
            self.captured[seat].append(move.card)
            self.counts[seat] += len(move.take) + 1
            self.last_capturer = seat
            last_card = self.next_card == 52 and not any(self.hands) and not self.open_ended
            if not self.table and (rules.last_card_kseri or not last_card):
                # A xeri; with last_card_kseri off, clearing the table with the round's last
                # card is an ordinary capture (docs/rules.md §"Last card kseri").
                self.kseris[seat] += 1
                self.kseri_cards[seat].append(move.card)
                self.bonus[seat] += rules.kseri_points
        elif move.kind == "build":
            i = next(i for i, item in enumerate(self.table) if item.cards[0] == move.onto)
            item = self.table[i]
            self.table[i] = TableItem((*item.cards, move.card),
                                      (item.value or 0) + (number_value(move.card) or 0), seat)
        else:
            self.table.append(TableItem((move.card,), number_value(move.card)))
        self.to_move = (seat + 1) % rules.players
        if not any(self.hands):
            self._hands_out()

    def _finish(self) -> None:
        """The last capturer takes the table (never a xeri)."""
        if self._sweep(self.pile) is not None:
            self.table = []


class _OpenEndedSumsRound(SumsRound):
    """A position with its stock left out (:meth:`SumsRound.from_position`, ``open_ended``)."""

    open_ended = True


def _brief(move: object) -> str:
    """A play as a message shows it, cut short (a play string from outside may be huge)."""
    text = str(move) if isinstance(move, str | SumsMove | Card) else quoted(move)
    return text if len(text) <= 40 else text[:39] + "…"



def _demo_deck() -> list[int]:
    named = [Card.parse(c).index for c in
             ["7H", "8S", "2S", "9D", "QS", "10H", "AH", "6H", "5D", "2D", "QH", "KH", "3C", "4D", "JC", "10S"]]
    return named + [c for c in range(52) if c not in named]
