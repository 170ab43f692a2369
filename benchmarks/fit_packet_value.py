"""Fit the live top card's terms of ``expert``'s leaf value (:data:`kseri.bots.pile.value.GREEK_LIVE_VALUE`).

    python benchmarks/fit_packet_value.py --rounds 100000 --seed 7

Plays ``--rounds`` Greek rounds of the medium heuristic against itself (one generator for the
deals and the choices), keeps the positions at the ends of packets 1-3, and fits, per packet, the
final point difference left over by :data:`~kseri.bots.pile.value.GREEK_PACKET_VALUE` (from the
side of the seat that leads next) on the features of :func:`~kseri.bots.pile.value.live_terms`,
by ridge least squares (penalty ``--ridge``). It fits on half the positions first and prints the
mean squared error on the other half before and after, then prints the coefficients fitted on
all of them, ready for ``value.py``. Pure Python (no numpy): about three minutes for 100,000
rounds in CPython 3.11.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kseri.bots.pile.medium import choose_medium
from kseri.bots.pile.rollout import final_difference
from kseri.bots.pile.value import GREEK_PACKET_VALUE, live_terms
from kseri.engine.pile.observation import Observation
from kseri.engine.pile.round import Round
from kseri.engine.rules import GREEK

FEATURES = 15


def features(state: Round) -> list[float]:
    """The features whose weights :func:`live_terms` sums: read off it with unit weights."""
    out = []
    for i in range(FEATURES):
        unit = tuple(1.0 if j == i else 0.0 for j in range(FEATURES))
        out.append(live_terms(state, unit))
    return out


def positions(rounds: int, seed: int) -> dict[int, list[tuple[list[float], float]]]:
    """Per packets played (1-3): (features, what the first fit left over, for the next leader)."""
    rng = random.Random(seed)
    out: dict[int, list[tuple[list[float], float]]] = {1: [], 2: [], 3: []}
    for g in range(rounds):
        state = Round.deal(GREEK, dealer=g % 2, rng=rng)
        here = []
        while not state.is_terminal():
            p = len(state.plays)
            if p % 12 == 0 and 0 < p < 48:
                lead = 1 if state.to_move == 0 else -1
                here.append((p // 12, lead, features(state), GREEK_PACKET_VALUE.value(state, 0)))
            seen = Observation.from_round(state, seat=state.to_move)
            state.apply_index(choose_medium(seen, rng).index)
        final = final_difference(state, 0)
        for k, lead, x, v in here:
            out[k].append((x, (final - v) * lead))
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
    xtx = [[penalty if i == j else 0.0 for j in range(FEATURES)] for i in range(FEATURES)]
    xty = [0.0] * FEATURES
    for x, y in rows:
        nz = [(i, v) for i, v in enumerate(x) if v]
        for i, vi in nz:
            xty[i] += vi * y
            for j, vj in nz:
                xtx[i][j] += vi * vj
    return solve(xtx, xty)


def mse(rows: list[tuple[list[float], float]], w: list[float] | None) -> float:
    return sum((y - (sum(a * b for a, b in zip(x, w, strict=True)) if w else 0.0)) ** 2 for x, y in rows) / len(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--ridge", type=float, default=200.0)
    args = parser.parse_args()
    fitted = []
    for k, rows in positions(args.rounds, args.seed).items():
        random.Random(1).shuffle(rows)
        half = len(rows) // 2
        w = ridge(rows[:half], args.ridge)
        print(f"after packet {k}: {len(rows)} positions; held-out squared error "
              f"{mse(rows[half:], None):.1f} -> {mse(rows[half:], w):.1f}")
        fitted.append(tuple(round(v, 2) for v in ridge(rows, args.ridge)))
    print("live=(")
    for terms in fitted:
        print(f"    {terms},")
    print(")")


if __name__ == "__main__":
    main()
