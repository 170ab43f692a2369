"""The search's pruning keeps running sums between prunes (speed, issue #15): it must keep exactly
the cards the plain computation keeps, prune after prune, near the threshold too."""

from __future__ import annotations

import random

import pytest

from kseri.bots.pile.search import _Pairs, _prune


def _both(active: list[int], results: dict[int, list[float]], z: float,
          pairs: dict[tuple[int, int], _Pairs]) -> list[int]:
    plain = _prune(active, results, z)
    fast = _prune(active, results, z, pairs)
    assert fast == plain
    return fast


@pytest.mark.parametrize("kind", ["points", "floats", "close"])
def test_prune_with_running_sums_keeps_the_same_cards(kind: str) -> None:
    rng = random.Random(kind)
    for trial in range(40):
        cards = list(range(rng.randrange(2, 7)))
        edge = {c: rng.gauss(0, 1.5 if kind == "close" else 4) for c in cards}
        results: dict[int, list[float]] = {c: [] for c in cards}
        active = cards[:]
        pairs: dict[tuple[int, int], _Pairs] = {}
        z = rng.choice([2.0, 2.0, 1.0, 2.5, 0.0])
        for m in range(1, 400):
            noise = rng.gauss(0, 6)  # common random numbers: shared by every card
            for c in active:
                if kind == "points":
                    results[c].append(float(round(noise + edge[c] + rng.gauss(0, 3))))
                else:
                    results[c].append(noise + edge[c] + rng.gauss(0, 3) + 0.1 * trial)
            if m >= 24 and m % 8 == 0:
                active = _both(active, results, z, pairs)
                if len(active) == 1:
                    break


def test_prune_on_the_threshold() -> None:
    """Differences whose mean sits a hair either side of z standard errors."""
    rng = random.Random(7)
    z = 2.0
    kept = 0  # how often the trailing card survives: the cases must fall on both sides of the line
    for _ in range(300):
        m = rng.randrange(24, 600)
        d = [rng.gauss(0, 5) for _ in range(m)]
        mean = sum(d) / m
        sd = (sum((x - mean) ** 2 for x in d) / (m - 1)) ** 0.5
        shift = z * sd / m ** 0.5 - mean + rng.choice([0.0, 1e-15, -1e-15, 1e-12, -1e-12, 1e-9, -1e-9, 1e-6])
        base = [rng.gauss(10, 5) for _ in range(m)]
        results = {0: [b + x + shift for b, x in zip(base, d, strict=True)], 1: base}
        kept += 1 in _both([0, 1], results, z, {})
        pairs: dict[tuple[int, int], _Pairs] = {}
        _prune([0, 1], {c: r[:m // 2] for c, r in results.items()}, z, pairs)  # running sums from an earlier prune
        assert _prune([0, 1], results, z, pairs) == _prune([0, 1], results, z)
    assert 50 < kept < 250, kept
