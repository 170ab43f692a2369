"""The search's pruning keeps running sums between prunes (speed, issue #15): it must keep exactly
the cards the plain computation keeps, prune after prune, near the threshold too."""

from __future__ import annotations

import random

import pytest

from kseri.bots.pile.search import _Pairs, _prune, paired_errors


def _both(active: list[int], results: dict[int, list[float]], z: float,
          pairs: dict[tuple[int, int], _Pairs], distinct: int | None = None) -> list[int]:
    plain = _prune(active, results, z, distinct=distinct)
    fast = _prune(active, results, z, pairs, distinct)
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
        deals = rng.choice([None, 50, 100])  # expert's replayed deals: the error counts distinct ones
        for m in range(1, 400):
            noise = rng.gauss(0, 6)  # common random numbers: shared by every card
            for c in active:
                if kind == "points":
                    results[c].append(float(round(noise + edge[c] + rng.gauss(0, 3))))
                else:
                    results[c].append(noise + edge[c] + rng.gauss(0, 3) + 0.1 * trial)
            if m >= 24 and m % 8 == 0:
                active = _both(active, results, z, pairs, None if deals is None else min(m, deals))
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


def test_replayed_deals_do_not_narrow_the_error() -> None:
    """``expert`` replays its deals past ``ExpertParams.deals``; a replay repeats its deal's result
    (here exactly), so the pruning must decide as on the distinct deals alone, not as if every
    replay were a new deal (which drops cards that trail by one standard error, not two)."""
    rng = random.Random(26)
    z = 2.0
    differs = 0
    for _ in range(200):
        deals = rng.randrange(24, 200)
        copies = rng.randrange(2, 8)
        base = [rng.gauss(0, 6) for _ in range(deals)]
        lead = rng.uniform(0.2, 1.5)
        results = {0: [b + lead + rng.gauss(0, 3) for b in base], 1: base[:]}
        mean = (sum(results[0]) - sum(results[1])) / deals
        error = paired_errors(results, leader=0)[1]  # over the distinct deals
        if mean <= 0 or abs(mean / error - z) < 0.05:  # card 0 leads; not on the line:
            continue  # (m - 1) against (n - 1) in the variance may tip a card within a hair of it
        replayed = {c: r * copies for c, r in results.items()}
        once = _prune([0, 1], results, z)
        assert once == ([0] if mean > z * error else [0, 1])
        assert _both([0, 1], replayed, z, {}, deals) == once
        differs += _prune([0, 1], replayed, z) != once
    assert differs > 20  # counted as new deals, the replays drop cards the deals alone keep
