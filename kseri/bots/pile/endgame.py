"""Exact play of the last packet, when every card is known.

With two players, once the stock is empty the unseen cards are exactly the
other player's hand: the rest of the round is a game of perfect information.
:func:`solve` searches it completely (minimax with alpha-beta pruning and a
transposition table) on the final point difference: card points, kseri and
jack-kseri bonuses, the last capturer's sweep and the majority of cards.

Values are always seat 0's round points minus seat 1's, counting the points
already scored this round, so they can be compared with a scored round.

The search is exponential in the cards left: a Greek last packet (12 cards)
takes at most about 12,000 nodes, but each further pair of cards multiplies the
work by about ten, so rules with big packets (``"packet_size": 12`` leaves 24
cards) cannot be solved at all. A :class:`Solver` therefore takes a node budget
(``max_nodes``) and raises :class:`EndgameBudgetError` when it runs out, and
:meth:`Solver.value_steps` runs one query in slices of ``chunk`` nodes (the
search stops and resumes from its transposition table, so the answer does not
depend on the slicing). The search level solves only positions of at most
:data:`SOLVE_CARDS` cards, within :data:`SOLVE_NODES` nodes
(:func:`within_reach`); anything bigger is played by the heuristic.

>>> import random
>>> from kseri.engine.pile.round import Round
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

from collections.abc import Callable, Generator
from dataclasses import dataclass

from kseri.bots.base import BotError
from kseri.engine.cards import JACK_INDEX, RANK_INDEX, rank_index
from kseri.engine.pile.round import Round

__all__ = ["SOLVE_CARDS", "SOLVE_CHUNK", "SOLVE_NODES", "EndgameBudgetError", "EndgameError", "Solution", "Solver",
           "is_solvable", "principal_line", "solve", "solve_moves", "within_reach"]

_INF = 10 ** 6
"""At least this much is "infinity" for the search window (more when the rules' points are big)."""
_EXACT, _LOWER, _UPPER = 0, 1, 2

SOLVE_CARDS = 20
"""Cards left in the two hands beyond which the search level does not even try to solve
(20 cards take some 100,000 to 2,000,000 nodes)."""
SOLVE_NODES = 150_000
"""The search level's node budget for one decision (the Greek last packet needs at most
about 12,000; about 0.25 s in CPython): beyond it, the heuristic plays."""
SOLVE_CHUNK = 2_000
"""Nodes per slice of :meth:`Solver.value_steps` (a few milliseconds)."""


class EndgameError(BotError):
    """The position is not a two-player position with an empty stock."""


class EndgameBudgetError(EndgameError):
    """The search ran out of its node budget (``max_nodes``) before it knew the answer."""


class _Pause(Exception):  # noqa: N818 - not an error: the end of a slice
    """The current slice of nodes is used up (caught inside :meth:`Solver.value_steps`)."""


@dataclass(frozen=True, slots=True)
class Solution:
    """The best card for the player to move and the exact value (seat 0 minus seat 1)."""

    card: int
    value: int
    nodes: int


def is_solvable(state: Round) -> bool:
    """Whether ``state`` is a two-player position with no hidden card left (stock empty)."""
    return state.rules.players == 2 and state.next_card >= 52 and not state.is_terminal()


def within_reach(state: Round, max_cards: int = SOLVE_CARDS) -> bool:
    """Whether ``state`` is solvable and small enough to try (at most ``max_cards`` cards in hand)."""
    return is_solvable(state) and len(state.hands[0]) + len(state.hands[1]) <= max_cards


def _infinity(state: Round) -> int:
    """More than the size of any final difference from ``state`` (and of any window around it)."""
    rules = state.rules
    pts = state._card_points
    bonus = max(abs(rules.kseri_points), abs(rules.jack_kseri_points or 0), abs(rules.double_kseri_points or 0))
    scored = sum(abs(p) for p in state.points) + sum(abs(b) for b in state.bonus)
    bound = sum(abs(p) for p in pts) + 26 * bonus + abs(rules.majority_points) + scored
    return max(_INF, 4 * bound + 1)


class Solver:
    """A reusable search over one last-packet position; its table is shared by every query.

    ``value_after(card)`` is the exact final difference (seat 0 minus seat 1) after
    the player to move plays ``card`` and both sides then play perfectly. With
    ``max_nodes``, a query that would take the solver past that many nodes in all
    raises :class:`EndgameBudgetError` (the solver stays usable: what it learnt is kept).
    """

    def __init__(self, state: Round, *, max_nodes: int | None = None) -> None:
        if not is_solvable(state):
            raise EndgameError("exact search needs two players and an empty stock")
        rules = state.rules
        self.state = state
        self.max_nodes = max_nodes
        self.infinity = _infinity(state)
        """Bigger than any value or window bound the search meets."""
        # The transposition table maps one int to one int (the position packed into bits, the
        # value times four plus its flag): no tuples, so the garbage collector has nothing to
        # walk through however big it grows (tuples made full collections take tens of ms).
        self._table: dict[int, int] = {}
        pts = state._card_points
        self._pts = pts
        # One small number per kind of card (same rank and points): the move generator keeps
        # one card of each kind, whatever the points are (negative or huge ones included).
        kinds: dict[tuple[int, int], int] = {}
        kind = [kinds.setdefault((rank_index(c), pts[c]), len(kinds)) for c in range(52)]
        nodes = 0
        stop = -1 if max_nodes is None else max_nodes
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
                key_bit = 1 << kind[c]
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
            nonlocal nodes
            nodes += 1
            if nodes == stop:
                raise _Pause
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
            # mask: 52 bits; top + 1 < 16; n, c0 <= 52 < 64; lastcap + 1, lk + 1 < 4; pp any int.
            key = mask | (top + 1) << 52 | n << 56 | c0 << 62 | (lastcap + 1) << 68 | (lk + 1) << 70 | pp << 72
            hit = table.get(key)
            if hit is not None:
                value = hit >> 2
                flag = hit & 3
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
            best = -inf if maximizing else inf
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
                                bonus = max(bonus, double)  # as the engine: a run never pays less
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
                table[key] = best << 2 | _UPPER
            elif best >= beta0:
                table[key] = best << 2 | _LOWER
            else:
                table[key] = best << 2 | _EXACT
            return best

        def count() -> int:
            return nodes

        def stop_at(n: int) -> None:
            nonlocal stop
            stop = n

        inf = self.infinity
        self._search: Callable[..., int] = search
        self._moves = moves
        self._count = count
        self._stop_at = stop_at
        mask = 0
        for c in cards0 + cards1:
            mask |= 1 << c
        top = rank_index(state.pile[-1]) if state.pile else -1
        lk = state.last_kseri_seat if (track_kseri and state.last_kseri_seat is not None) else -1
        lastcap = -1 if state.last_capturer is None else state.last_capturer
        self._root = (mask, state.to_move, top, len(state.pile), state.pile_points,
                      state.counts[0], state.counts[1], lastcap, lk)
        self._scored = (state.points[0] + state.bonus[0]) - (state.points[1] + state.bonus[1])

    @property
    def nodes(self) -> int:
        """Positions searched so far (a measure of the work done)."""
        return self._count()

    def root_moves(self) -> list[int]:
        """The distinct cards the player to move may play, best-looking first."""
        mask, seat, top, n = self._root[:4]
        return [c for _, c, _ in self._moves(mask, seat, top, n)]

    def value_after(self, card: int, alpha: int | None = None, beta: int | None = None) -> int:
        """Exact final difference after ``card`` (a bound outside ``alpha..beta``; the default
        window is infinite). :class:`EndgameBudgetError` past ``max_nodes``."""
        limit = self.max_nodes
        self._stop_at(-1 if limit is None else max(limit, self.nodes + 1))
        try:
            return self._value_after(card, alpha, beta)
        except _Pause:
            raise EndgameBudgetError(f"the last packet needs more than {limit:,} nodes to solve") from None

    def value_steps(self, card: int, alpha: int | None = None, beta: int | None = None,
                    chunk: int = SOLVE_CHUNK) -> Generator[int, None, int]:
        """:meth:`value_after` in slices: yields the nodes searched after every ``chunk`` of
        them, and returns the same value (which does not depend on ``chunk``).

        Stopped mid-search, the solver keeps every position it finished in its table, so
        the next slice walks back to where the last one stopped (through table hits) and
        goes on. A slice too short to get past that walk doubles the next one's length."""
        limit = self.max_nodes
        table = self._table
        chunk = max(1, chunk)
        while True:
            start = self.nodes
            end = start + chunk
            if limit is not None:
                if start >= limit:
                    raise EndgameBudgetError(f"the last packet needs more than {limit:,} nodes to solve")
                end = min(end, limit)
            known = len(table)
            self._stop_at(end + 1)
            try:
                return self._value_after(card, alpha, beta)
            except _Pause:
                if len(table) == known:
                    chunk *= 2  # no position finished: the walk back took the whole slice
                yield self.nodes - start

    def _value_after(self, card: int, alpha: int | None, beta: int | None) -> int:
        inf = self.infinity
        alpha = -inf if alpha is None else alpha
        beta = inf if beta is None else beta
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


def solve_moves(state: Round, *, max_nodes: int | None = None) -> list[tuple[int, int]]:
    """Every distinct card of the player to move with its exact value (seat 0 minus seat 1);
    :class:`EndgameBudgetError` past ``max_nodes``."""
    solver = Solver(state, max_nodes=max_nodes)
    return [(c, solver.value_after(c)) for c in solver.root_moves()]


def solve(state: Round, *, max_nodes: int | None = None) -> Solution:
    """The best card for the player to move (first best in the solver's move order);
    :class:`EndgameBudgetError` past ``max_nodes``."""
    solver = Solver(state, max_nodes=max_nodes)
    inf = solver.infinity
    maximizing = state.to_move == 0
    best_card, best = -1, -inf if maximizing else inf
    for c in solver.root_moves():
        if maximizing:
            v = solver.value_after(c, best, inf) if best_card >= 0 else solver.value_after(c)
            if v > best:
                best_card, best = c, v
        else:
            v = solver.value_after(c, -inf, best) if best_card >= 0 else solver.value_after(c)
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
