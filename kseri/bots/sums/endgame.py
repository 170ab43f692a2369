"""The sums table's last packet, solved exactly: every card is known once the stock is out.

In the last packet the cards this seat has not seen are exactly the other hand,
so there is nothing left to sample: :func:`solve_values` plays every line out
(minimax with alpha-beta pruning, captures tried first) and values each root
move by the final round difference under best play on both sides. A generator,
as the search is: it yields every :data:`NODES_PER_UNIT` positions, so a slice
stays short; past ``max_nodes`` it gives up (returns None) and the sampling
search decides instead.

>>> import random
>>> from kseri.engine.rules import SUMS
>>> from kseri.engine.sums.round import SumsRound
>>> state = SumsRound.deal(SUMS, 0, random.Random(2))
>>> while state.next_card < 52 or len(state.hands[state.to_move]) > 3:
...     state.apply_move(state.legal_moves()[0])
>>> work = solve_values(SimRound.from_round(state), 10_000)
>>> from kseri.bots.thinking import finish
>>> values = finish(work)
>>> values is not None and len(values) == len(state.legal_moves())
True
"""

from __future__ import annotations

import math
from collections.abc import Generator

from kseri.bots.sums.sim import SimRound, Turn

__all__ = ["NODES_PER_UNIT", "legal_turns", "solve_values"]

NODES_PER_UNIT = 200
"""Positions solved between two chances to stop (a few milliseconds)."""


class _OverBudgetError(Exception):
    """The solve needs more positions than it may visit."""


def legal_turns(sim: SimRound) -> list[Turn]:
    """Every legal play of the seat to move, captures first (the richest first), drops last."""
    seat = sim.to_move
    hand = sim.hands[seat]
    points = sim.card_points
    table = sim.table
    captures: list[tuple[float, Turn]] = []
    builds: list[Turn] = []
    for card in hand:
        for indices in sim.captures(card):
            gain = points[card] + sum(points[c] + 0.25 for i in indices for c in table[i][2])
            if len(indices) == len(table):
                gain += sim.xeri_points
            captures.append((gain, ("capture", card, indices)))
        builds += [("build", card, (i,)) for i in sim.builds(card)]
    captures.sort(key=lambda pair: -pair[0])
    turns = [turn for _, turn in captures] + builds
    if not (turns and sim.owns_build(seat)):
        turns += [("drop", card, ()) for card in hand]
    return turns


def _solve(sim: SimRound, team: int, alpha: float, beta: float, nodes: list[int],
           max_nodes: int) -> Generator[int, None, float]:
    nodes[0] += 1
    if nodes[0] > max_nodes:
        raise _OverBudgetError
    if nodes[0] % NODES_PER_UNIT == 0:
        yield NODES_PER_UNIT
    if not sim.hands[sim.to_move]:
        return sim.difference(team)
    maximizing = sim.team_of[sim.to_move] == team
    best = -math.inf if maximizing else math.inf
    for turn in legal_turns(sim):
        child = sim.copy()
        child.take_turn(turn)
        value = yield from _solve(child, team, alpha, beta, nodes, max_nodes)
        if maximizing:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


def solve_values(sim: SimRound, max_nodes: int, *,
                 exact: bool = True) -> Generator[int, None, list[tuple[Turn, float]] | None]:
    """Each legal play of the seat to move with its exact final round difference for that seat's
    side (in :func:`legal_turns` order), or None when that takes more than ``max_nodes`` positions.

    With ``exact`` every root play gets a full window, so each value is exact; without, a play
    is only searched for whether it beats the best so far (a worse one's value is an upper bound)."""
    team = sim.team_of[sim.to_move]
    nodes = [0]
    values: list[tuple[Turn, float]] = []
    try:
        for turn in legal_turns(sim):
            child = sim.copy()
            child.take_turn(turn)
            floor = -math.inf if exact or not values else max(v for _, v in values)
            value = yield from _solve(child, team, floor, math.inf, nodes, max_nodes)
            if value <= floor:
                value = floor - 0.001  # no better than the best so far: never chosen over it
            values.append((turn, value))
    except _OverBudgetError:
        return None
    return values
