"""How a level's plays depart from the counting heuristic, and what reading them tells about a hand.

    python benchmarks/fit_reading.py --level hard --rounds 240 --seed 1000
    python benchmarks/fit_reading.py --level hard --overlap 60 --seed 5000

Plays ``--rounds`` rounds of ``--level`` against itself at ``--rules`` (two seats) and lists, for
seat 1's plays where the choice mattered (the heuristic does not rate every card in hand alike), the
heuristic's scores of the hand it held then and the card it played. Then it fits two models of a
play by maximum likelihood and prints each one's log-likelihood (natural log, summed over the
plays), the share of plays on the heuristic's best card, and how far the other plays fall below it:

- *alike* (``hard``'s reading, :class:`~kseri.bots.pile.belief.Sampler`): the best card with
  chance ``q`` (split among ties), any card otherwise, all alike;
- *soft*: the best card with chance ``q'``, otherwise a softmax of the scores at temperature
  ``T`` (:func:`soft_chance`); and the share of that softmax falling on the best card, on average.

With ``--overlap N`` it measures instead how much reading the plays tells about the other hand:
over ``N`` rounds of ``--level`` against itself, at every turn of seat 0 with the stock not yet
empty, at least 6 plays into the packet and 2 cards or more in the other hand, 40 hands are sampled
for the other seat with no reading of its plays (declined ranks only) and with ``hard``'s reading.
It prints the mean share of the true hand they hold and the Brier score of the chance they give
each rank of being in that hand (the mean over the 13 ranks of ``(chance - held)**2``, lower is
better), the share of deals in which the reading's tries ran out (:attr:`Sampler.gave_up`), and the
differences with their 95% intervals (paired over the positions).

``expert``'s soft reading and its reading sampled by a Markov chain, which this script also
measured, were removed on 2026-12-06; ``git checkout 2c3ab17`` for the version that measures them.

Not a test: run it by hand (about 1.2 s a round of ``hard`` in CPython 3.11).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kseri.bots.pile.belief import Sampler, excluded_ranks, seat_decisions
from kseri.bots.pile.heuristic import DEFAULT_HEURISTIC, card_scores
from kseri.bots.play import choose
from kseri.engine.cards import RANK_INDEX
from kseri.engine.pile.observation import Observation
from kseri.engine.pile.round import Round
from kseri.engine.rules import Rules, card_points_table, rules_from_spec

Play = tuple[list[float], int]
"""The heuristic's scores of the cards held, and the index of the card played."""

TEMPERATURES = (0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0)


def plays(level: str, rules: Rules, rounds: int, seed: int) -> list[Play]:
    """Seat 1's plays where the choice mattered, over ``rounds`` rounds of ``level`` against itself."""
    points = card_points_table(rules)
    out: list[Play] = []
    for k in range(rounds):
        rng = random.Random(seed + k)
        state = Round.deal(rules, k % 2, rng)
        while not state.is_terminal():
            state.apply(choose(level, Observation.from_round(state, seat=state.to_move), rng))
        for d in seat_decisions(Observation.from_round(state, seat=0), 1, finished=True):
            held = [*d.later, d.card]
            scores = card_scores(held, list(d.pile), d.pile_points, list(d.seen), d.next_hand, d.stock_left,
                                 rules, points, DEFAULT_HEURISTIC)
            if max(scores) - min(scores) > 1e-9:
                out.append((scores, len(held) - 1))
    return out


def soft_chance(scores: list[float], q: float, temperature: float) -> float:
    """The soft model's chance that a seat holding cards the heuristic scores ``scores`` plays the
    last of them: ``q / ties`` for a best card, plus ``(1 - q)`` times a softmax of the scores at
    ``temperature``.

    >>> round(soft_chance([3.0, 1.0, 2.5], 0.3, 2.0), 3)     # the second best: likely
    0.254
    >>> round(soft_chance([3.0, 2.5, -4.0], 0.3, 2.0), 3)    # far below the best: hardly
    0.012
    >>> round(soft_chance([-4.0, 2.5, 3.0], 0.3, 2.0), 3)    # the best
    0.687
    """
    top = max(scores)
    limit = top - 1e-9
    exps = [math.exp((x - top) / temperature) for x in scores]
    soft = exps[-1] / sum(exps)
    if scores[-1] < limit:
        return (1.0 - q) * soft
    return q / sum(1 for x in scores if x >= limit) + (1.0 - q) * soft


def chance(scores: list[float], played: int, q: float, t: float | None) -> float:
    """The chance of the play under the alike model (``t`` None) or the soft one (:func:`soft_chance`)."""
    if t is not None:
        return soft_chance([*scores[:played], *scores[played + 1:], scores[played]], q, t)
    top = max(scores)
    ties = sum(1 for x in scores if x >= top - 1e-9)
    return (q / ties if scores[played] >= top - 1e-9 else 0.0) + (1.0 - q) / len(scores)


def log_likelihood(data: list[Play], q: float, t: float | None) -> float:
    return sum(math.log(max(chance(s, p, q, t), 1e-300)) for s, p in data)


def best_share(data: list[Play], t: float) -> float:
    """The softmax's mean share on the best card(s)."""
    shares = []
    for scores, _ in data:
        top = max(scores)
        exps = [math.exp((x - top) / t) for x in scores]
        shares.append(sum(e for e, x in zip(exps, scores, strict=True) if x >= top - 1e-9) / sum(exps))
    return statistics.fmean(shares)


def overlap(level: str, rules: Rules, rounds: int, seed: int) -> None:
    """Print the share of the other player's true hand that sampled hands hold, per reading."""
    readings = {"declined ranks only": False, "hard's reading": True}
    shares: dict[str, list[float]] = {name: [] for name in readings}
    briers: dict[str, list[float]] = {name: [] for name in readings}
    gave_up: dict[str, list[float]] = {name: [] for name in readings}
    for k in range(rounds):
        rng = random.Random(seed + k)
        state = Round.deal(rules, k % 2, rng)
        while not state.is_terminal():
            obs = Observation.from_round(state, seat=state.to_move)
            true = set(state.hands[1])
            if (obs.seat == 0 and state.next_card < len(state.deck) and len(obs.plays) % obs.per_packet >= 6
                    and len(true) >= 2):
                excluded = excluded_ranks(obs)
                true_ranks = {RANK_INDEX[c] for c in true}
                for name, read_plays in readings.items():
                    sampler = Sampler(obs, random.Random(k), excluded, read_plays)
                    hands = [sampler.sample(random.Random(j)).hands[1] for j in range(40)]
                    gave_up[name].append(sampler.gave_up / len(hands))
                    shares[name].append(statistics.fmean(len(true & set(hand)) / len(true) for hand in hands))
                    chances = [sum(1 for hand in hands if any(RANK_INDEX[c] == r for c in hand)) / len(hands)
                               for r in range(13)]
                    briers[name].append(statistics.fmean((p - (r in true_ranks)) ** 2 for r, p in enumerate(chances)))
            state.apply(choose(level, obs, rng))
    names = list(readings)
    print(f"{len(shares[names[0]])} positions; share of the other hand held by the sampled hands,"
          " Brier score of its ranks, share of deals where the tries ran out:")
    for name in names:
        print(f"  {name}: {statistics.fmean(shares[name]):.4f}, {statistics.fmean(briers[name]):.4f},"
              f" {statistics.fmean(gave_up[name]):.3f}")
    a, b = names[1], names[0]
    for what, values in (("share", shares), ("Brier", briers)):
        diffs = [x - y for x, y in zip(values[a], values[b], strict=True)]
        mean = statistics.fmean(diffs)
        half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
        print(f"  {what}, {a} - {b}: {mean:+.4f} ({mean - half:+.4f} .. {mean + half:+.4f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--rules", default="greek")
    parser.add_argument("--rounds", type=int, default=240)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--overlap", type=int, default=0, help="measure the readings over this many rounds instead")
    args = parser.parse_args()
    if args.overlap:
        overlap(args.level, rules_from_spec(args.rules), args.overlap, args.seed)
        return
    data = plays(args.level, rules_from_spec(args.rules), args.rounds, args.seed)
    agree = sum(1 for s, p in data if s[p] >= max(s) - 1e-9)
    print(f"{len(data)} plays where the choice mattered; on the heuristic's best card: {agree / len(data):.3f}")
    gaps = sorted(max(s) - s[p] for s, p in data if s[p] < max(s) - 1e-9)
    if gaps:
        print("the others, points below the best: quartiles",
              " / ".join(f"{gaps[int(len(gaps) * f)]:.2f}" for f in (0.25, 0.5, 0.75)))
    ll, q = max((log_likelihood(data, k / 100, None), k / 100) for k in range(1, 100))
    print(f"alike: log-likelihood {ll:.1f} at q = {q:.2f}")
    for t in TEMPERATURES:
        ll_t, q_t = max((log_likelihood(data, k / 50, t), k / 50) for k in range(50))
        print(f"soft T = {t:.1f}: log-likelihood {ll_t:.1f} at q' = {q_t:.2f}; softmax share on the best"
              f" {best_share(data, t):.3f}; {(ll_t - ll) / len(data):+.3f} nats a play against alike")


if __name__ == "__main__":
    main()
