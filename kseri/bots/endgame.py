"""Exact play of the last packet, when every card is known.

With two players, once the stock is empty the unseen cards are exactly the
other player's hand: the rest of the round is a game of perfect information.
:func:`solve` searches it completely (minimax with alpha-beta pruning and a
transposition table) on the final point difference: card points, kseri and
jack-kseri bonuses, the last capturer's sweep and the majority of cards.

Values are always seat 0's round points minus seat 1's, counting the points
already scored this round, so they can be compared with a scored round.

>>> import random
>>> from kseri.engine.round import Round
>>> from kseri.engine.rules import GREEK
>>> from kseri.engine.scoring import score_round
>>> state = Round.deal(GREEK, dealer=1, rng=random.Random(11))
>>> while state.next_card < 52 or len(state.hands[0]) < 6:   # play to the last packet
...     state.apply_index(state.hands[state.to_move][0])
>>> best = solve(state)
>>> line = principal_line(state)
>>> final = state.clone()
>>> for card in line:
...     final.apply_index(card)
>>> diff = score_round(final).points
>>> diff[0] - diff[1] == best.value
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kseri.bots.base import BotError
from kseri.engine.cards import JACK_INDEX, RANK_INDEX, rank_index
from kseri.engine.round import Round

__all__ = ["EndgameError", "Solution", "Solver", "is_solvable", "principal_line", "solve", "solve_moves"]

_INF = 10 ** 6
_EXACT, _LOWER, _UPPER = 0, 1, 2


class EndgameError(BotError):
    """The position is not a two-player position with an empty stock."""


@dataclass(frozen=True, slots=True)
class Solution:
    """The best card for the player to move and the exact value (seat 0 minus seat 1)."""

    card: int
    value: int
    nodes: int


def is_solvable(state: Round) -> bool:
    """Whether ``state`` is a two-player position with no hidden card left (stock empty)."""
    return state.rules.players == 2 and state.next_card >= 52 and not state.is_terminal()


class Solver:
    """A reusable search over one last-packet position; its table is shared by every query.

    ``value_after(card)`` is the exact final difference (seat 0 minus seat 1) after
    the player to move plays ``card`` and both sides then play perfectly.
    """

    def __init__(self, state: Round) -> None:
        if not is_solvable(state):
            raise EndgameError("exact search needs two players and an empty stock")
        rules = state.rules
        self.state = state
        self.nodes = 0
        self._table: dict[tuple[int, ...], tuple[int, int]] = {}
        pts = state._card_points
        self._pts = pts
        jacks_capture = rules.jacks_capture
        kseri_points = rules.kseri_points
        jack_kseri = rules.jack_kseri_points
        double = rules.double_kseri_points
        last_card_kseri = rules.last_card_kseri
        majority = rules.majority_points
        first = state.to_move if len(state.hands[0]) == len(state.hands[1]) else 1 - state.to_move
        self._first = first
        cards0 = list(state.hands[0])
        cards1 = list(state.hands[1])
        hands = (cards0, cards1)
        track_kseri = double is not None
        self._track_kseri = track_kseri
        table = self._table
        ranks = RANK_INDEX  # rank index of each card index (the search's hot loop reads it often)

        def moves(mask: int, seat: int, top: int, n: int) -> list[tuple[int, int, int]]:
            """(order key, card, capture gain or -1) for distinct cards, best-looking first."""
            out = []
            seen_keys = 0
            for c in hands[seat]:
                if not (mask >> c) & 1:
                    continue
                r = ranks[c]
                key_bit = 1 << (r * 4 + pts[c])
                if seen_keys & key_bit:
                    continue
                seen_keys |= key_bit
                if n and (r == top or (r == JACK_INDEX and jacks_capture)):
                    out.append((-100 - (n == 1 and r == top) * 50 - n, c, 1))
                else:
                    out.append((pts[c] * 4 + (r == JACK_INDEX) * 20, c, 0))
            out.sort()
            return out

        def search(mask: int, seat: int, top: int, n: int, pp: int, c0: int, c1: int,
                   lastcap: int, lk: int, alpha: int, beta: int) -> int:
            """Future difference (seat 0 minus seat 1) of card points, bonuses and majority."""
            self.nodes += 1
            if not mask:
                if lastcap == 0:
                    c0 += n
                    gain = pp
                elif lastcap == 1:
                    c1 += n
                    gain = -pp
                else:
                    gain = 0
                if c0 > c1:
                    return gain + majority
                if c1 > c0:
                    return gain - majority
                return gain
            key = (mask, top, n, pp, c0, lastcap, lk)
            hit = table.get(key)
            if hit is not None:
                value, flag = hit
                if flag == _EXACT:
                    return value
                if flag == _LOWER:
                    if value >= beta:
                        return value
                    if value > alpha:
                        alpha = value
                elif value <= alpha:
                    return value
                elif value < beta:
                    beta = value
            alpha0, beta0 = alpha, beta
            other = 1 - seat
            maximizing = seat == 0
            best = -_INF if maximizing else _INF
            for _, c, captures in moves(mask, seat, top, n):
                m2 = mask & ~(1 << c)
                if captures:
                    r = ranks[c]
                    gain = pp + pts[c]
                    lk2 = -1
                    if n == 1 and r == top:
                        if r == JACK_INDEX:
                            bonus = jack_kseri or 0
                            is_kseri = jack_kseri is not None
                        else:
                            bonus = kseri_points
                            is_kseri = True
                        if is_kseri:
                            if double is not None and lk == seat:
                                bonus = double
                            if not m2 and not last_card_kseri:
                                bonus = 0
                            gain += bonus
                            lk2 = seat if track_kseri else -1
                    if seat == 0:
                        v = gain + search(m2, other, -1, 0, 0, c0 + n + 1, c1, 0, lk2, alpha - gain, beta - gain)
                    else:
                        v = -gain + search(m2, other, -1, 0, 0, c0, c1 + n + 1, 1, lk2, alpha + gain, beta + gain)
                else:
                    v = search(m2, other, ranks[c], n + 1, pp + pts[c], c0, c1, lastcap, lk, alpha, beta)
                if maximizing:
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                else:
                    if v < best:
                        best = v
                        if v < beta:
                            beta = v
                if alpha >= beta:
                    break
            if best <= alpha0:
                table[key] = (best, _UPPER)
            elif best >= beta0:
                table[key] = (best, _LOWER)
            else:
                table[key] = (best, _EXACT)
            return best

        self._search: Callable[..., int] = search
        self._moves = moves
        mask = 0
        for c in cards0 + cards1:
            mask |= 1 << c
        top = rank_index(state.pile[-1]) if state.pile else -1
        lk = state.last_kseri_seat if (track_kseri and state.last_kseri_seat is not None) else -1
        lastcap = -1 if state.last_capturer is None else state.last_capturer
        self._root = (mask, state.to_move, top, len(state.pile), state.pile_points,
                      state.counts[0], state.counts[1], lastcap, lk)
        self._scored = (state.points[0] + state.bonus[0]) - (state.points[1] + state.bonus[1])

    def root_moves(self) -> list[int]:
        """The distinct cards the player to move may play, best-looking first."""
        mask, seat, top, n = self._root[:4]
        return [c for _, c, _ in self._moves(mask, seat, top, n)]

    def value_after(self, card: int, alpha: int = -_INF, beta: int = _INF) -> int:
        """Exact final difference after ``card`` (a bound outside ``alpha..beta``)."""
        mask, seat = self._root[:2]
        probe = self.state.clone()
        before = (probe.points[0] + probe.bonus[0]) - (probe.points[1] + probe.bonus[1])
        probe.apply_index(card)
        if probe.is_terminal():
            from kseri.engine.scoring import score_round
            p = score_round(probe).points
            return p[0] - p[1]
        gained = (probe.points[0] + probe.bonus[0]) - (probe.points[1] + probe.bonus[1]) - before
        top2 = rank_index(probe.pile[-1]) if probe.pile else -1
        lk2 = probe.last_kseri_seat if self._track_kseri and probe.last_kseri_seat is not None else -1
        lastcap2 = -1 if probe.last_capturer is None else probe.last_capturer
        base = self._scored + gained
        future = self._search(mask & ~(1 << card), 1 - seat, top2, len(probe.pile), probe.pile_points,
                              probe.counts[0], probe.counts[1], lastcap2, lk2, alpha - base, beta - base)
        return base + future


def solve_moves(state: Round) -> list[tuple[int, int]]:
    """Every distinct card of the player to move with its exact value (seat 0 minus seat 1)."""
    solver = Solver(state)
    return [(c, solver.value_after(c)) for c in solver.root_moves()]


def solve(state: Round) -> Solution:
    """The best card for the player to move (first best in the solver's move order)."""
    solver = Solver(state)
    maximizing = state.to_move == 0
    best_card, best = -1, -_INF if maximizing else _INF
    for c in solver.root_moves():
        if maximizing:
            v = solver.value_after(c, best, _INF) if best_card >= 0 else solver.value_after(c)
            if v > best:
                best_card, best = c, v
        else:
            v = solver.value_after(c, -_INF, best) if best_card >= 0 else solver.value_after(c)
            if v < best:
                best_card, best = c, v
    return Solution(card=best_card, value=best, nodes=solver.nodes)


def principal_line(state: Round) -> list[int]:
    """The cards both sides play under perfect play from ``state`` to the round's end."""
    line = []
    probe = state.clone()
    while not probe.is_terminal():
        card = solve(probe).card
        line.append(card)
        probe.apply_index(card)
    return line
