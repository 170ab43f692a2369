"""``python -m kseri simulate``: whole matches between random players, summarised."""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from typing import Any

from kseri.engine.errors import KseriError, quoted
from kseri.engine.match import Match
from kseri.engine.rules import Rules

__all__ = ["MAX_GAMES", "simulate"]

MAX_GAMES = 1_000_000
"""The most matches one call plays."""


def simulate(rules: Rules, *, games: int, seed: int, each: Callable[[Match], object] | None = None) -> dict[str, Any]:
    """Play ``games`` matches (1 .. :data:`MAX_GAMES`) with uniformly random play; return summary
    statistics. ``first_player_edge`` is the points of the side that leads the round minus the
    average of the other sides'. ``each`` is given every match once it is over (to write its record).

    >>> from kseri.engine.rules import rules_from_spec
    >>> simulate(rules_from_spec("pisti"), games=2, seed=1)["games"]
    2
    >>> simulate(rules_from_spec("greek"), games=0, seed=1)
    Traceback (most recent call last):
    ...
    kseri.engine.errors.KseriError: games must be a whole number from 1 to 1000000, got 0
    """
    if not (type(games) is int and 1 <= games <= MAX_GAMES):
        raise KseriError(f"games must be a whole number from 1 to {MAX_GAMES}, got {quoted(games)}")
    rng = random.Random(seed)
    rounds_per_match: list[int] = []
    kseris_per_round: list[int] = []
    points_per_round: list[int] = []
    first_player_edge: list[float] = []
    winners = [0] * rules.teams
    for _ in range(games):
        match = Match.new(rules, rng=rng)
        while not match.is_over:
            if match.round.is_terminal():
                match.next_round()
            match.play_random(rng)
        if each is not None:
            each(match)
        rounds_per_match.append(len(match.scores))
        if match.winner is not None:  # always, once the match is over
            winners[match.winner] += 1
        for score in match.scores:
            kseris_per_round.append(sum(score.kseris))
            points_per_round.append(sum(score.points))
            first = rules.team_of((score.dealer + 1) % rules.players)
            others = [p for side, p in enumerate(score.points) if side != first]
            first_player_edge.append(score.points[first] - sum(others) / len(others))
    return {
        "games": games,
        "seed": seed,
        "rounds": len(points_per_round),
        "rounds_per_match": round(statistics.mean(rounds_per_match), 3),
        "kseris_per_round": round(statistics.mean(kseris_per_round), 3),
        "points_per_round": round(statistics.mean(points_per_round), 3),
        "first_player_edge": round(statistics.mean(first_player_edge), 3),
        "wins": winners,
    }
