"""Fit the leaf value ``expert``'s play-outs stop at, at a table of two sides (two seats, or four in partnerships).

    python benchmarks/fit_packet_value.py --rounds 100000 --seed 7                 # Greek: the live terms
    python benchmarks/fit_packet_value.py --rules fourcard --base --rounds 40000   # a base fit as well
    python benchmarks/fit_packet_value.py --base --solve-last --rounds 100000      # last packet solved

Plays ``--rounds`` rounds of the medium heuristic against itself (one generator for the deals
and the choices) and keeps the positions at the ends of every packet but the last. With
``--base`` it first fits, per number of packets played, the coefficients of
:class:`~kseri.bots.pile.value.PacketValue` (``c0, c_pts, c_n, c_empty`` by least squares for
each ``a, b, g`` of a grid, the best kept); without it the base is
:data:`~kseri.bots.pile.value.GREEK_PACKET_VALUE` (the Greek game's). It then fits, per packet,
the final point difference the base leaves over (from the side of the seat that leads next) on
the features of :func:`~kseri.bots.pile.value.live_terms`, by ridge least squares (penalty
``--ridge``). Each fit is made on half the positions first, and the mean squared error on the
other half is printed before and after; then the coefficients fitted on all of them are printed,
ready for ``value.py``. Pure Python (no numpy): about three minutes for 100,000 Greek rounds in
CPython 3.11; with ``--solve-last`` (the last packet solved exactly, 4 ms a Greek round) about 20.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kseri.bots.pile.endgame import is_solvable
from kseri.bots.pile.endgame import solve as solve_exactly
from kseri.bots.pile.medium import choose_medium
from kseri.bots.pile.rollout import final_difference
from kseri.bots.pile.value import GREEK_PACKET_VALUE, PacketValue, live_terms
from kseri.engine.pile.observation import Observation
from kseri.engine.pile.round import Round
from kseri.engine.rules import Rules, rules_from_spec

FEATURES = 15
GRID_A = (0.03, 0.05, 0.07, 0.1, 0.14, 0.2)
GRID_B = (0.0, 0.4, 0.6, 0.8, 1.0)
GRID_G = (-9.0, -7.5, -6.0, -4.5, -3.0, -1.5, 0.0, 1.5)


def features(state: Round) -> list[float]:
    """The features whose weights :func:`live_terms` sums: read off it with unit weights."""
    out = []
    for i in range(FEATURES):
        unit = tuple(1.0 if j == i else 0.0 for j in range(FEATURES))
        out.append(live_terms(state, unit))
    return out


Position = tuple[Round, float]
"""A position at a packet's end and the round's final point difference (seat 0's side minus the other)."""


def positions(rules: Rules, rounds: int, seed: int, solve_last: bool = False) -> dict[int, list[Position]]:
    """Per packets played (1 to the last but one): the positions, each with the final difference;
    with ``solve_last`` (two seats), the last packet is solved exactly instead of played by the
    heuristic, as ``hard`` and ``expert`` play it (the final difference under perfect play there)."""
    rng = random.Random(seed)
    per = rules.players * rules.packet_size
    last = rules.cards - rules.opening_size
    out: dict[int, list[Position]] = {k: [] for k in range(1, last // per)}
    for g in range(rounds):
        state = Round.deal(rules, dealer=g % rules.players, rng=rng)
        here = []
        final: float | None = None
        while not state.is_terminal():
            p = len(state.plays)
            if p % per == 0 and 0 < p < last:
                here.append((p // per, state.clone()))
            if solve_last and is_solvable(state):
                final = float(solve_exactly(state).value)
                break
            seen = Observation.from_round(state, seat=state.to_move)
            state.apply_index(choose_medium(seen, rng).index)
        if final is None:
            final = final_difference(state, 0)
        for k, position in here:
            out[k].append((position, final))
    return out


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (``a`` is small and regular)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def ridge(rows: list[tuple[list[float], float]], penalty: float) -> list[float]:
    size = len(rows[0][0])
    xtx = [[penalty if i == j else 0.0 for j in range(size)] for i in range(size)]
    xty = [0.0] * size
    for x, y in rows:
        nz = [(i, v) for i, v in enumerate(x) if v]
        for i, vi in nz:
            xty[i] += vi * y
            for j, vj in nz:
                xtx[i][j] += vi * vj
    return solve(xtx, xty)


def mse(rows: list[tuple[list[float], float]], w: list[float] | None) -> float:
    return sum((y - (sum(a * b for a, b in zip(x, w, strict=True)) if w else 0.0)) ** 2 for x, y in rows) / len(rows)


Summary = tuple[float, int, int, float, int]
"""A position as the base fit sees it: (lead, pile points, pile cards, card difference, target),
the target being the final difference minus the points scored so far, seat 0's side."""


def summary(state: Round, final: float) -> Summary:
    lead = 1 if state.to_move % 2 == 0 else -1  # seat 0's side: the even seats
    points, bonus, counts = state.points, state.bonus, state.counts
    scored = sum(points[0::2]) + sum(bonus[0::2]) - sum(points[1::2]) - sum(bonus[1::2])
    return lead, state.pile_points, len(state.pile), sum(counts[0::2]) - sum(counts[1::2]), final - scored


def fit_base(rows: list[Summary], majority: float) -> tuple[tuple[float, ...], float]:
    """The base coefficients ``(c0, c_pts, c_n, c_empty, a, b, g)`` with the least squared error
    over ``rows``, and that error (a grid over ``a, b, g``; least squares for the rest)."""
    best: tuple[float, tuple[float, ...]] = (math.inf, ())
    for a, b, g in itertools.product(GRID_A, GRID_B, GRID_G):
        linear = []
        for lead, pts, n, diff, target in rows:
            left = target - majority * math.tanh(a * (diff + b * lead * n + g * lead))
            linear.append(([1.0, float(pts), float(n), 1.0 if n == 0 else 0.0], lead * left))
        c = ridge(linear, 1e-6)
        err = mse(linear, c)
        if err < best[0]:
            best = (err, (*c, a, b, g))
    return best[1], best[0]


def base_error(rows: list[Summary], coefficients: tuple[float, ...], majority: float) -> float:
    c0, c_pts, c_n, c_empty, a, b, g = coefficients
    total = 0.0
    for lead, pts, n, diff, target in rows:
        v = lead * (c0 + c_pts * pts + c_n * n + (c_empty if n == 0 else 0.0)) \
            + majority * math.tanh(a * (diff + b * lead * n + g * lead))
        total += (target - v) ** 2
    return total / len(rows)


def pile_rules(parser: argparse.ArgumentParser, text: str) -> Rules:
    """``--rules``: a profile name or a rules spec in JSON, at a pile table; else the parser's
    one-line error (not JSON, rules the engine refuses, the open table)."""
    try:
        rules = rules_from_spec(json.loads(text) if text.lstrip().startswith("{") else {"profile": text})
    except ValueError as error:
        parser.error(f"--rules {text!r}: {error}")
    if rules.table != "pile":
        parser.error(f"--rules {text!r}: a pile table (not the {rules.table} table)")
    return rules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="greek", help="a profile name or a rules spec in JSON")
    parser.add_argument("--base", action="store_true", help="fit the base coefficients too")
    parser.add_argument("--rounds", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--ridge", type=float, default=200.0)
    parser.add_argument("--solve-last", action="store_true",
                        help="two seats: solve the last packet exactly instead of letting the heuristic play it")
    args = parser.parse_args()
    rules = pile_rules(parser, args.rules)
    if rules.teams != 2 or rules.packs != 1:
        parser.error(f"--rules {args.rules!r}: the packet value is for two sides and one pack")
    if args.solve_last and rules.players != 2:
        parser.error("--solve-last: the last packet is solved at two seats only")
    data = positions(rules, args.rounds, args.seed, args.solve_last)
    base_fit: list[tuple[float, ...]] = []
    if args.base:
        for k, rows in data.items():
            summaries = [summary(state, final) for state, final in rows]
            random.Random(1).shuffle(summaries)
            half = len(summaries) // 2
            coefficients, _ = fit_base(summaries[:half], rules.majority_points)
            held = summaries[half:]
            print(f"base, after packet {k}: {len(rows)} positions; held-out squared error "
                  f"{sum(t * t for *_, t in held) / len(held):.1f} -> "
                  f"{base_error(held, coefficients, rules.majority_points):.1f}", flush=True)
            base_fit.append(tuple(round(v, 3) for v in fit_base(summaries, rules.majority_points)[0]))
        print("coefficients=(")
        for terms in base_fit:
            print(f"    {terms},")
        print(")", flush=True)
        base = PacketValue(coefficients=tuple(base_fit), packet_plays=rules.players * rules.packet_size,
                           players=rules.players)
    else:
        base = GREEK_PACKET_VALUE
    fitted = []
    for k, positions_k in data.items():
        rows = [(features(state), (final - base.value(state, 0)) * (1 if state.to_move % 2 == 0 else -1))
                for state, final in positions_k]
        random.Random(1).shuffle(rows)
        half = len(rows) // 2
        w = ridge(rows[:half], args.ridge)
        print(f"live, after packet {k}: {len(rows)} positions; held-out squared error "
              f"{mse(rows[half:], None):.1f} -> {mse(rows[half:], w):.1f}", flush=True)
        fitted.append(tuple(round(v, 2) for v in ridge(rows, args.ridge)))
    print("live=(")
    for terms in fitted:
        print(f"    {terms},")
    print(")")


if __name__ == "__main__":
    main()
