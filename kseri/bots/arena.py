"""The arena: two bots on duplicate deals, with confidence intervals.

Each deal is played twice with the seats swapped, so both bots get the same
cards and the luck of the deal cancels; the unit of measurement is the deal's
mean point difference per round (A minus B). A bot is a level name or the
command line of a ``kseri-bot/1`` process.

>>> result = run_arena("medium", "easy", rounds=2, seed=1)
>>> result.deals, len(result.diffs)
(2, 2)
"""

from __future__ import annotations

import contextlib
import json
import math
import random
import shlex
import statistics
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from kseri.bots.base import BotError
from kseri.bots.names import LEVELS
from kseri.bots.thinker import Thinker
from kseri.engine.cards import Card
from kseri.engine.errors import KseriError
from kseri.engine.match import Match
from kseri.engine.observation import Observation
from kseri.engine.round import Round
from kseri.engine.rules import GREEK, Rules, rules_from_spec
from kseri.engine.scoring import score_round

__all__ = ["ArenaError", "ArenaResult", "Interval", "LevelPlayer", "Player", "ProcessPlayer", "format_result",
           "make_player", "run_arena", "run_arena_cli"]

_MAX_MATCH_ROUNDS = 200


class ArenaError(BotError):
    """A bot in the arena broke the rules, crashed or answered nonsense."""


class Player(Protocol):
    name: str

    def play(self, observation: Observation, rng: random.Random) -> Card: ...

    def close(self) -> None: ...


class LevelPlayer:
    """A built-in level, called in this process."""

    def __init__(self, level: str) -> None:
        self.name = level

    def play(self, observation: Observation, rng: random.Random) -> Card:
        return Thinker(self.name, observation, rng).run()

    def close(self) -> None:
        pass


class ProcessPlayer:
    """A ``kseri-bot/1`` process: one observation line out, one card line back."""

    def __init__(self, command: str) -> None:
        self.name = command
        try:
            self._proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          text=True, bufsize=1)
        except OSError as exc:
            raise ArenaError(f"cannot start bot {command!r}: {exc.strerror or exc}") from None

    def play(self, observation: Observation, rng: random.Random) -> Card:
        proc = self._proc
        assert proc.stdin is not None and proc.stdout is not None
        try:
            proc.stdin.write(json.dumps(observation.to_json()) + "\n")
            proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise ArenaError(f"bot {self.name!r} stopped reading (exit status {proc.poll()})") from None
        line = proc.stdout.readline()
        if not line:
            raise ArenaError(f"bot {self.name!r} closed its output (exit status {proc.wait()})")
        answer = line.strip()
        if answer.startswith("error:"):
            raise ArenaError(f"bot {self.name!r} answered {answer!r}")
        try:
            return Card.parse(answer)
        except KseriError:
            raise ArenaError(f"bot {self.name!r} answered {answer!r}, not a card code") from None

    def close(self) -> None:
        proc = self._proc
        if proc.stdin is not None and not proc.stdin.closed:
            with contextlib.suppress(OSError):
                proc.stdin.close()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()


def make_player(spec: str) -> Player:
    """A level name gives a :class:`LevelPlayer`; anything else is a command line."""
    if spec in LEVELS:
        return LevelPlayer(spec)
    if " " not in spec.strip() and not spec.strip().startswith(("/", ".")):
        raise ArenaError(f"unknown bot {spec!r}: not a level ({', '.join(LEVELS)}) nor a command line")
    return ProcessPlayer(spec)


@dataclass(frozen=True, slots=True)
class Interval:
    """A mean with its 95% confidence interval (normal approximation)."""

    mean: float
    low: float
    high: float
    n: int

    @classmethod
    def of(cls, values: Sequence[float]) -> Interval:
        n = len(values)
        mean = statistics.fmean(values) if n else 0.0
        half = 1.96 * statistics.stdev(values) / math.sqrt(n) if n > 1 else math.inf
        return cls(mean, mean - half, mean + half, n)

    @property
    def known(self) -> bool:
        """Whether there is an interval at all (it needs two values)."""
        return math.isfinite(self.low) and math.isfinite(self.high)

    def to_json(self) -> dict[str, Any]:
        return {"mean": round(self.mean, 3), "low": round(self.low, 3) if self.known else None,
                "high": round(self.high, 3) if self.known else None, "n": self.n}


def _quantile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass(frozen=True, slots=True)
class ArenaResult:
    a: str
    b: str
    rules: Rules
    seed: int
    deals: int
    diffs: tuple[float, ...]
    """Per deal: A's points minus B's, averaged over the two seatings."""
    think_ms: tuple[tuple[float, ...], tuple[float, ...]]
    match_scores: tuple[float, ...] = ()
    """Per duplicate pair of matches: A's wins out of the two (0, 0.5 or 1)."""
    match_rounds: int = 0

    @property
    def points(self) -> Interval:
        return Interval.of(self.diffs)

    @property
    def match_win_rate(self) -> Interval | None:
        return Interval.of(self.match_scores) if self.match_scores else None

    def think(self, side: int) -> dict[str, float]:
        times = self.think_ms[side]
        return {"median_ms": round(_quantile(times, 0.5), 3), "p95_ms": round(_quantile(times, 0.95), 3),
                "moves": len(times)}

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "a": self.a, "b": self.b, "rules": self.rules.to_spec(), "seed": self.seed,
            "deals": self.deals, "rounds": 2 * self.deals,
            "points_per_round": self.points.to_json(),
            "think": {"a": self.think(0), "b": self.think(1)},
        }
        rate = self.match_win_rate
        if rate is not None:
            data["matches"] = {"played": 2 * len(self.match_scores), "rounds": self.match_rounds,
                               "a_win_rate": rate.to_json()}
        return data


def _play_round(state: Round, players: Sequence[Player], seat_of: Sequence[int], rngs: Sequence[random.Random],
                times: Sequence[list[float]], totals: Sequence[int], target: int,
                apply: Callable[[Card], object]) -> None:
    """Play ``state`` to its end with ``apply`` (checked); ``seat_of[side]`` is where side 0/1 sits."""
    side_at = {seat: side for side, seat in enumerate(seat_of)}
    while not state.is_terminal():
        seat = state.to_move
        side = side_at[seat % 2]
        obs = Observation.from_round(state, seat=seat, totals=totals, target=target)
        start = time.perf_counter()
        card = players[side].play(obs, rngs[side])
        times[side].append((time.perf_counter() - start) * 1000.0)
        try:
            apply(card)
        except KseriError as exc:
            raise ArenaError(f"bot {players[side].name!r} played an illegal card: {exc}") from None


def run_arena(a: str, b: str, *, rounds: int, seed: int, rules: Rules = GREEK, matches: int = 0) -> ArenaResult:
    """``rounds`` duplicate deals (each played twice, seats swapped), and ``matches``
    duplicate pairs of whole matches."""
    if rules.players != 2:
        raise ArenaError("the arena seats two bots: use a two-player rules profile")
    if getattr(rules, "table", "pile") != "pile":
        raise ArenaError(f"the bots play one-pile tables only (greek, fourcard, pisti), not {rules.profile!r}")
    if rounds < 1:
        raise ArenaError(f"--rounds must be at least 1, not {rounds}")
    players = [make_player(a), make_player(b)]
    times: list[list[float]] = [[], []]
    diffs: list[float] = []
    match_scores: list[float] = []
    match_rounds = 0
    try:
        for i in range(rounds):
            dealer = i % 2
            deck = Round.deal(rules, dealer, random.Random(f"kseri-arena:{seed}:deal:{i}")).deck
            diff = 0
            for swap in (0, 1):
                seat_of = (swap, 1 - swap)  # side A sits at seat 0 first, then at seat 1
                rngs = [random.Random(f"kseri-arena:{seed}:bot:{i}:{swap}:{side}") for side in (0, 1)]
                state = Round.from_deck(rules, dealer, deck)
                _play_round(state, players, seat_of, rngs, times, (0, 0), rules.target, state.apply)
                points = score_round(state).points
                diff += points[seat_of[0]] - points[seat_of[1]]
            diffs.append(diff / 2)
        for j in range(matches):
            won = 0.0
            for swap in (0, 1):
                seat_of = (swap, 1 - swap)
                match = Match(rules, first_dealer=j % 2)
                k = 0
                while not match.is_over and k < _MAX_MATCH_ROUNDS:
                    dealer = match.next_dealer
                    deck = Round.deal(rules, dealer, random.Random(f"kseri-arena:{seed}:match:{j}:{k}")).deck
                    match.next_round(list(deck))
                    state = match.pile_round()  # the bots play pile tables only (checked above)
                    rngs = [random.Random(f"kseri-arena:{seed}:mbot:{j}:{k}:{swap}:{side}") for side in (0, 1)]
                    totals = tuple(match.totals)
                    _play_round(state, players, seat_of, rngs, times, totals, match.target, match.play)
                    k += 1
                match_rounds += k
                if match.winner == seat_of[0]:
                    won += 0.5
            match_scores.append(won)
    finally:
        for p in players:
            p.close()
    return ArenaResult(a=a, b=b, rules=rules, seed=seed, deals=rounds, diffs=tuple(diffs),
                       think_ms=(tuple(times[0]), tuple(times[1])), match_scores=tuple(match_scores),
                       match_rounds=match_rounds)


def format_result(result: ArenaResult) -> str:
    """The human-readable report."""
    p = result.points
    lines = [
        f"arena: {result.a} (A) vs {result.b} (B), rules {json.dumps(result.rules.to_spec())}, seed {result.seed}",
        f"{result.deals} duplicate deals = {2 * result.deals} rounds (each deal played twice, seats swapped)",
        f"points per round, A minus B: {p.mean:+.2f}  "
        + (f"(95% CI {p.low:+.2f} .. {p.high:+.2f})" if p.known else "(95% CI: needs 2 deals or more)"),
    ]
    for side, name in ((0, "A"), (1, "B")):
        t = result.think(side)
        lines.append(f"think time {name} ({[result.a, result.b][side]}): median {t['median_ms']:.2f} ms, "
                     f"p95 {t['p95_ms']:.2f} ms over {t['moves']} moves")
    rate = result.match_win_rate
    if rate is not None:
        ci = f"95% CI {rate.low:.1%} .. {rate.high:.1%}" if rate.known else "95% CI: needs 2 pairs or more"
        lines.append(f"matches: A won {rate.mean:.1%} of {2 * rate.n} ({ci}; duplicate pairs, seats swapped), "
                     f"{result.match_rounds} rounds")
    return "\n".join(lines)


def run_arena_cli(args: Any) -> int:
    """``python -m kseri arena A B --rounds N --seed S [--matches] [--rules R] [--json]``."""
    spec = args.rules
    rules = rules_from_spec(json.loads(spec) if isinstance(spec, str) and spec.startswith("{") else spec)
    matches = max(1, args.rounds // 16) if getattr(args, "matches", False) else 0
    result = run_arena(args.a, args.b, rounds=args.rounds, seed=args.seed, rules=rules, matches=matches)
    if getattr(args, "json", False):
        print(json.dumps(result.to_json()))
    else:
        print(format_result(result))
    return 0
