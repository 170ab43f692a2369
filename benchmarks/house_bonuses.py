"""Does valuing the house bonuses pay? Level ``medium`` with the heuristic's ``house_bonuses``
on against the same bot with it off, on duplicate deals with both house bonuses at 10.

Run: ``python benchmarks/house_bonuses.py [--deals N] [--seed S] [--profile greek|fourcard|pisti]``

Each deal is played twice with the seats swapped (the same cards for both bots), scored with the
engine's own scoring (house bonuses included). Printed: the mean points per round of the bot
that values the bonuses minus the one that does not, with a 95% interval over the deals, and for
scale the same with the bonuses off (where both bots play alike: the difference must be 0).
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kseri.bots.pile.heuristic import DEFAULT_HEURISTIC, HeuristicParams
from kseri.bots.pile.medium import choose_medium
from kseri.engine.pile.observation import Observation
from kseri.engine.pile.round import Round
from kseri.engine.rules import PROFILES, Rules
from kseri.engine.scoring import score_round

BLIND = dataclasses.replace(DEFAULT_HEURISTIC, house_bonuses=False)


def play(rules: Rules, deck: list[int], dealer: int, params: tuple[HeuristicParams, HeuristicParams],
         seeds: tuple[str, str]) -> tuple[int, ...]:
    state = Round.from_deck(rules, dealer, deck)
    rngs = [random.Random(seed) for seed in seeds]  # each bot keeps its own tie-breaks in both seatings
    while not state.is_terminal():
        seat = state.to_move
        seen = Observation.from_round(state, seat=seat)
        state.apply(choose_medium(seen, rngs[seat], params[seat]))
    return score_round(state).points


def duel(rules: Rules, deals: int, seed: int) -> list[float]:
    """Per deal: (valuing bot's points - blind bot's points), averaged over the two seatings."""
    diffs = []
    for i in range(deals):
        dealer = i % 2
        deck = list(Round.deal(rules, dealer, random.Random(f"house:{seed}:{i}")).deck)
        valuing, blind = f"house:{seed}:{i}:valuing", f"house:{seed}:{i}:blind"
        a = play(rules, deck, dealer, (DEFAULT_HEURISTIC, BLIND), (valuing, blind))
        b = play(rules, deck, dealer, (BLIND, DEFAULT_HEURISTIC), (blind, valuing))
        diffs.append(((a[0] - a[1]) + (b[1] - b[0])) / 2)
    return diffs


def report(label: str, diffs: list[float]) -> None:
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    print(f"{label}: {mean:+.2f} points per round (95% interval {mean - half:+.2f} .. {mean + half:+.2f}), "
          f"{len(diffs)} duplicate deals")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--profile", default="fourcard", choices=("greek", "fourcard", "pisti"))
    args = parser.parse_args()
    base = PROFILES[args.profile]
    house = dataclasses.replace(base, jack_table_points=10, final_capture_points=10)
    report(f"{args.profile}, both house bonuses 10", duel(house, args.deals, args.seed))
    report(f"{args.profile}, no house bonuses (control)", duel(base, max(40, args.deals // 10), args.seed))


if __name__ == "__main__":
    main()
