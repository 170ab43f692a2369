"""The engine's fast path as it was before issue #15 (commit 8ead32a), frozen for comparison.

Benchmark scaffolding, not shipped: ``benchmarks/engine.py`` times it side by side
with today's engine, and ``tests/engine/test_speed_paths.py`` checks, round by round and
play by play, that today's engine ends in the same state.
The code below is a verbatim copy of that commit's ``BaseRound`` deal and round end
(``kseri/engine/state.py``), ``Round.deal``/``from_deck``/``clone``/``apply_index``
(``kseri/engine/round.py``, today ``kseri/engine/pile/round.py``) and ``random_playout``
(``kseri/engine/playout.py``: a random play-out written out in one loop, which the engine no
longer has, since no search used it), without the checked API; it imports only the rules and
the card tables, which the work did not change. Do not edit it to follow the engine.

Run alone: ``python benchmarks/baseline_round.py [--rounds N]`` (random rounds per second).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kseri.engine.cards import CODES, JACK_INDEX, RANK_INDEX, rank_index
from kseri.engine.errors import RecordError
from kseri.engine.rules import Rules, card_points_table

__all__ = ["BaselineRound", "random_playout", "random_round"]


def opening_is_allowed(rules: Rules, opening: Sequence[int]) -> bool:
    if rules.opening_redeal == "top":
        top, below = RANK_INDEX[opening[-1]], RANK_INDEX[opening[-2]]
        return top != JACK_INDEX and top != below
    if rules.opening_redeal == "jacks":
        return all(RANK_INDEX[card] != JACK_INDEX for card in opening)
    return True


class BaseRound:
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
    open_ended: ClassVar[bool] = False
    _card_points: tuple[int, ...]

    def _deal_first(self, rules: Rules, dealer: int, deck: Sequence[int]) -> list[int]:
        n, k = rules.players, rules.packet_size
        self.rules = rules
        self.dealer = dealer
        self.deck = deck = tuple(deck)
        self._card_points = card_points_table(rules)
        self.hands = [[] for _ in range(n)]
        self.next_card = 0
        self._hands_out()  # the first packet
        start = n * k
        self.next_card = start + rules.opening_size
        opening = list(deck[start:start + rules.opening_size])
        self.captured = [[] for _ in range(n)]
        self.counts = [0] * n
        self.kseris = [0] * n
        self.jack_kseris = [0] * n
        self.bonus = [0] * n
        self.jack_tables = [0] * n
        self.kseri_cards = [[] for _ in range(n)]
        self.last_capturer = None
        self.sweep_seat = None
        return opening

    def _hands_out(self) -> None:
        start = self.next_card
        if start < 52:
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
        raise NotImplementedError

    def _sweep(self, cards: Sequence[int]) -> int | None:
        seat = self.last_capturer
        if seat is None or not cards:
            return None
        self.captured[seat].extend(cards)
        self.counts[seat] += len(cards)
        self.sweep_seat = seat
        return seat

    def is_terminal(self) -> bool:
        return self.next_card == 52 and not any(self.hands)


class BaselineRound(BaseRound):
    """``Round`` at commit 8ead32a, its fast path only."""

    __slots__ = ("last_kseri_seat", "pile", "pile_points", "plays", "points")

    pile: list[int]
    pile_points: int
    points: list[int]
    last_kseri_seat: int | None
    plays: list[int]

    @classmethod
    def deal(cls, rules: Rules, dealer: int, rng: random.Random) -> BaselineRound:
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
                while rank_index(opening[i]) == JACK_INDEX:
                    stock.insert(len(stock) // 2, opening[i])
                    opening[i] = stock.pop(0)
        if rules.exposed_bottom and rank_index(stock[-1]) == JACK_INDEX:
            # The dealer moves the nearest non-jack to the bottom.
            i = max(j for j, card in enumerate(stock) if rank_index(card) != JACK_INDEX)
            stock.append(stock.pop(i))
        return cls.from_deck(rules, dealer, hands + opening + stock)

    @classmethod
    def from_deck(cls, rules: Rules, dealer: int, deck: Sequence[int], *, check: bool = True) -> BaselineRound:
        if check:
            if sorted(deck) != list(range(52)):
                raise RecordError("deck is not a permutation of the 52-card pack")
            if not 0 <= dealer < rules.players:
                raise RecordError(f"dealer {dealer} is not a seat")
            start = rules.players * rules.packet_size
            opening = deck[start:start + rules.opening_size]
            if not opening_is_allowed(rules, opening):
                raise RecordError("the rules forbid this opening pile: " + " ".join(CODES[c] for c in opening))
            if rules.exposed_bottom and rank_index(deck[-1]) == JACK_INDEX:
                raise RecordError("the exposed bottom card may not be a jack")
        state = cls.__new__(cls)
        pile = state._deal_first(rules, dealer, deck)
        state.pile = pile
        card_points = state._card_points
        state.pile_points = sum(card_points[c] for c in pile)
        state.points = [0] * rules.players
        state.last_kseri_seat = None
        state.plays = []
        return state

    def clone(self) -> BaselineRound:
        other = BaselineRound.__new__(BaselineRound)
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

    def apply_index(self, card: int) -> None:
        seat = self.to_move
        hand = self.hands[seat]
        hand.remove(card)
        self.plays.append(card)
        pile = self.pile
        rules = self.rules
        # ``card >> 2`` is rank_index(card), written inline: in this loop it measured about 2%
        # faster than RANK_INDEX[card] (python3 benchmarks/engine.py and a clone-and-play-out loop).
        rank = card >> 2
        if pile and (rank == pile[-1] >> 2 or (rank == JACK_INDEX and rules.jacks_capture)):
            last_card = self.next_card == 52 and not any(self.hands) and not self.open_ended
            bonus = 0
            if len(pile) == 1 and rank == pile[0] >> 2:
                if rank == JACK_INDEX:
                    bonus = rules.jack_kseri_points or 0
                    is_kseri = rules.jack_kseri_points is not None
                else:
                    bonus = rules.kseri_points
                    is_kseri = True
                if is_kseri and last_card and not rules.last_card_kseri:
                    is_kseri = False  # the round's last card: an ordinary capture (issue #12)
                if is_kseri:
                    if rules.double_kseri_points is not None and self.last_kseri_seat == seat:
                        bonus = rules.double_kseri_points
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
            self._hands_out()

    def _finish(self) -> None:
        seat = self._sweep(self.pile)
        if seat is not None:
            self.points[seat] += self.pile_points
            self.pile = []
            self.pile_points = 0


class OpenEndedBaselineRound(BaselineRound):
    """``_OpenEndedRound`` at commit 8ead32a: a position with its stock left out."""

    __slots__ = ()
    open_ended = True

    def clone(self) -> BaselineRound:
        other = super().clone()
        other.__class__ = OpenEndedBaselineRound
        return other


def random_playout(state: BaselineRound, rng: random.Random) -> BaselineRound:
    hands = state.hands
    uniform = rng.random
    apply = state.apply_index
    while state.next_card < 52 or any(hands):
        hand = hands[state.to_move]
        apply(hand[int(uniform() * len(hand))])
    return state


def random_round(rules: Rules, rng: random.Random, dealer: int = 0) -> BaselineRound:
    return random_playout(BaselineRound.deal(rules, dealer, rng), rng)


def main() -> None:
    import argparse
    import time

    from kseri.engine.rules import GREEK

    parser = argparse.ArgumentParser(description="The frozen pre-#15 fast path alone: random rounds per second.")
    parser.add_argument("--rounds", type=int, default=5000)
    args = parser.parse_args()
    rng = random.Random(0)
    start = time.process_time()
    for _ in range(args.rounds):
        random_round(GREEK, rng)
    print(f"baseline: {args.rounds / (time.process_time() - start):,.0f} random rounds/s (CPU time)")


if __name__ == "__main__":
    main()
