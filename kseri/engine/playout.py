"""The search fast path: random play-outs with no validation and no events.

:func:`random_playout` is :meth:`Round.apply_index <kseri.engine.pile.round.Round.apply_index>`
played in a loop with uniformly random cards, written out in one function that keeps
the round's state in local variables and stores it back at the end: the same plays,
the same random draws and the same final state as calling ``apply_index`` for each
card (``tests/engine/test_speed_paths.py`` compares the two with a frozen copy of the
engine from before, ``benchmarks/baseline_round.py``), in about two thirds of the time.

>>> import random
>>> from kseri.engine.rules import GREEK
>>> rng = random.Random(4)
>>> state = random_round(GREEK, rng)
>>> state.is_terminal(), sum(state.counts)
(True, 52)
"""

from __future__ import annotations

import random

from kseri.engine.cards import JACK_INDEX
from kseri.engine.pile.round import Round, _OpenEndedRound
from kseri.engine.rules import Rules

__all__ = ["random_playout", "random_round"]

_INLINE = (Round, _OpenEndedRound)
"""The classes whose ``apply_index`` :func:`random_playout` writes out (others get it called)."""
_FOLLOWING = {n: (*range(1, n), 0) for n in range(2, 7)}
"""``_FOLLOWING[players][seat]``: the seat after ``seat``."""


def random_playout(state: Round, rng: random.Random) -> Round:
    """Play uniformly random cards until the round ends (in place); returns ``state``.

    Each play takes ``hand[int(rng.random() * len(hand))]`` from the hand of the seat to
    move: one draw per play, whatever the generator."""
    if state.__class__ not in _INLINE:
        return _apply_each(state, rng)
    hands = state.hands
    held = sum(map(len, hands))  # cards in all hands: the plays left in this packet
    next_card = state.next_card
    end = len(state.deck)  # 52, or 104 with the double pack
    if not held and next_card == end:
        return state
    rules = state.rules
    n = rules.players
    following = _FOLLOWING[n]
    jack = JACK_INDEX if rules.jacks_capture else -1  # the rank that takes any pile (-1: none does)
    values = state._card_points
    play = state.plays.append
    captured, counts, points = state.captured, state.counts, state.points
    pile, pile_points = state.pile, state.pile_points
    top = pile[-1] >> 2 if pile else -1  # the top card's rank (rank_index is card >> 2)
    seat = state.to_move
    last_capturer, last_kseri_seat = state.last_capturer, state.last_kseri_seat
    uniform = rng.random
    while True:
        for left in range(held - 1, -1, -1):  # left: cards in hands after this play
            hand = hands[seat]
            card = hand.pop(int(uniform() * len(hand)))
            play(card)
            rank = card >> 2
            if rank == top or (rank == jack and pile):
                # A capture: the rare branch, spelt as in Round.apply_index.
                if len(pile) == 1 and rank == top:
                    if rank == JACK_INDEX:
                        bonus = rules.jack_kseri_points or 0
                        is_kseri = rules.jack_kseri_points is not None
                    else:
                        bonus = rules.kseri_points
                        is_kseri = True
                    if is_kseri and not rules.last_card_kseri and not left and next_card == end \
                            and not state.open_ended:
                        is_kseri = False  # the round's last card: an ordinary capture (issue #12)
                    if is_kseri:
                        if rules.double_kseri_points is not None and last_kseri_seat == seat:
                            bonus = rules.double_kseri_points
                        if rank == JACK_INDEX:
                            state.jack_kseris[seat] += 1
                        else:
                            state.kseris[seat] += 1
                        state.kseri_cards[seat].append(pile[0])
                        state.bonus[seat] += bonus
                        last_kseri_seat = seat
                    else:
                        last_kseri_seat = None
                else:
                    last_kseri_seat = None
                if rules.jack_table_points and all(c >> 2 == JACK_INDEX for c in pile):
                    state.jack_tables[seat] += 1
                taken = captured[seat]
                taken += pile
                taken.append(card)
                counts[seat] += len(pile) + 1
                points[seat] += pile_points + values[card]
                pile = []
                pile_points = 0
                top = -1
                last_capturer = seat
            else:
                pile.append(card)
                pile_points += values[card]
                top = rank
            seat = following[seat]
        if next_card < end:  # the next packet, as BaseRound._hands_out deals it
            k = rules.packet_size
            seat = (state.dealer + 1) % n
            deck = state.deck
            for i in range(n):
                hands[(seat + i) % n] = list(deck[next_card:next_card + k])
                next_card += k
            held = n * k
            continue
        if not state.open_ended and last_capturer is not None and pile:  # Round._finish
            taken = captured[last_capturer]
            taken += pile
            counts[last_capturer] += len(pile)
            points[last_capturer] += pile_points
            state.sweep_seat = last_capturer
            pile = []
            pile_points = 0
        break
    state.pile, state.pile_points = pile, pile_points
    state.to_move, state.next_card = seat, next_card
    state.last_capturer, state.last_kseri_seat = last_capturer, last_kseri_seat
    return state


def _apply_each(state: Round, rng: random.Random) -> Round:
    """:func:`random_playout` through ``apply_index``, for a class that may play differently."""
    hands = state.hands
    uniform = rng.random
    apply = state.apply_index
    end = len(state.deck)
    while state.next_card < end or any(hands):
        hand = hands[state.to_move]
        apply(hand[int(uniform() * len(hand))])
    return state


def random_round(rules: Rules, rng: random.Random, dealer: int = 0) -> Round:
    """Deal and play a whole round at random (the benchmark's unit of work)."""
    return random_playout(Round.deal(rules, dealer, rng), rng)
