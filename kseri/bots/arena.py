"""The arena: two bots on duplicate deals, with confidence intervals.

Each deal is played twice with the seats swapped, so both bots get the same
cards and the luck of the deal cancels; the unit of measurement is the deal's
mean point difference per round (A minus B). With more sides (three to six
seats each alone, six in three partnerships) each deal is played once per
side, A taking that side and B all the others, and A is measured against the
others' average. A bot is a level name or the command line of a ``kseri-bot/1``
process (or, from Python, any :class:`Player`: a benchmark's adapter to another program's bot).
Pile tables and the ``sums`` table alike (at the sums table a bot
answers a move in record notation).

>>> result = run_arena("medium", "easy", rounds=2, seed=1)
>>> result.deals, len(result.diffs)
(2, 2)
>>> from kseri.engine.rules import SUMS
>>> run_arena("medium", "easy", rounds=1, seed=1, rules=SUMS).deals
1
"""

from __future__ import annotations

import collections
import contextlib
import json
import math
import queue
import random
import shlex
import statistics
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from kseri.bots.base import BotError
from kseri.bots.names import LEVELS
from kseri.bots.tables import decision
from kseri.engine.errors import KseriError, RulesError, one_line
from kseri.engine.jsontext import parse_json
from kseri.engine.match import Match
from kseri.engine.rules import GREEK, Rules, rules_from_spec
from kseri.engine.table import TableObservation, TableRound
from kseri.engine.tables import table_for

__all__ = ["ArenaError", "ArenaResult", "Interval", "LevelPlayer", "Player", "ProcessPlayer", "format_result",
           "make_player", "run_arena", "run_arena_cli"]

_MAX_MATCH_ROUNDS = 200

MAX_ANSWER = 1_000
"""Characters of a protocol bot's answer line read at most (a card code takes 2 or 3)."""
QUOTE = 80
"""Characters of a bot's answer (or command) quoted in an error at most."""
ANSWER_TIMEOUT = 120.0
"""Seconds a protocol bot has for each answer by default (``arena --timeout``)."""
_TOO_LONG = "\x00too long"
"""What the reader thread puts for an answer line longer than :data:`MAX_ANSWER`."""


def _quote(text: str, limit: int = QUOTE) -> str:
    """``repr(text)``, cut to about ``limit`` characters."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + "..."


class ArenaError(BotError):
    """A bot in the arena broke the rules, crashed or answered nonsense."""


class Player(Protocol):
    """A bot in the arena: a move for an observation of any table."""

    name: str

    def play(self, observation: TableObservation[Any], rng: random.Random) -> Any: ...

    def close(self) -> None: ...


class LevelPlayer:
    """A built-in level, called in this process."""

    def __init__(self, level: str) -> None:
        self.name = level

    def play(self, observation: TableObservation[Any], rng: random.Random) -> Any:
        return decision(self.name, observation, rng).run()

    def close(self) -> None:
        pass


class ProcessPlayer:
    """A ``kseri-bot/1`` process: one observation line out, one card line back.

    Whatever the process does, the arena stops with one :class:`ArenaError` line: an
    answer that is not a card (quoted at most :data:`QUOTE` characters), a line longer
    than :data:`MAX_ANSWER`, bytes that are not UTF-8, closed pipes, an exit (with the
    last line it wrote on stderr, which is captured, not shown), or no answer within
    ``timeout`` seconds.
    """

    def __init__(self, command: str, *, timeout: float = ANSWER_TIMEOUT) -> None:
        self.name = command
        self.timeout = timeout
        try:
            argv = shlex.split(command)
        except ValueError as exc:
            raise ArenaError(f"cannot read bot command {_quote(command)}: {exc}") from None
        if not argv:
            raise ArenaError("empty bot command")
        try:
            self._proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          stderr=subprocess.PIPE, text=True, encoding="utf-8",
                                          errors="replace", bufsize=1)
        except (OSError, ValueError) as exc:
            message = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise ArenaError(f"cannot start bot {_quote(command)}: {message}") from None
        self._answers: queue.Queue[str | None] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=20)
        self._readers = [threading.Thread(target=self._read_answers, daemon=True),
                         threading.Thread(target=self._read_stderr, daemon=True)]
        for reader in self._readers:
            reader.start()

    def _read_answers(self) -> None:
        """Every answer line in turn (a line too long as an error marker), then None at the end."""
        stdout = self._proc.stdout
        assert stdout is not None
        try:
            while True:
                line = stdout.readline(MAX_ANSWER + 1)
                if not line:
                    break
                if len(line) > MAX_ANSWER and not line.endswith("\n"):
                    while line and not line.endswith("\n"):  # skip the rest, never holding it
                        line = stdout.readline(1 << 16)
                    self._answers.put(_TOO_LONG)
                else:
                    self._answers.put(line)
        except (OSError, ValueError):
            pass
        self._answers.put(None)

    def _read_stderr(self) -> None:
        stderr = self._proc.stderr
        assert stderr is not None
        with contextlib.suppress(OSError, ValueError):
            while True:
                line = stderr.readline(1 << 12)
                if not line:
                    break
                if line.strip():
                    self._stderr.append(line.strip())

    def _gone(self, what: str) -> ArenaError:
        """The error for a bot that stopped talking: with its exit status and last words."""
        try:
            status: int | None = self._proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            status = None
        time.sleep(0.05)  # let the stderr reader catch the last words
        said = f"; its stderr ends: {_quote(self._stderr[-1])}" if self._stderr else ""
        state = f"exit status {status}" if status is not None else "still running"
        return ArenaError(f"bot {_quote(self.name)} {what} ({state}{said})")

    def _ask(self, data: dict[str, Any]) -> str:
        """Send one observation; the answer line (stripped), or an :class:`ArenaError`."""
        proc = self._proc
        assert proc.stdin is not None
        try:
            proc.stdin.write(json.dumps(data) + "\n")
            proc.stdin.flush()
        except (OSError, ValueError):
            raise self._gone("stopped reading") from None
        try:
            line = self._answers.get(timeout=self.timeout)
        except queue.Empty:
            raise ArenaError(f"bot {_quote(self.name)} did not answer within {self.timeout:g} s") from None
        if line is None:
            self._answers.put(None)  # the end stays the end
            raise self._gone("closed its output")
        if line is _TOO_LONG:
            raise ArenaError(f"bot {_quote(self.name)} answered a line longer than {MAX_ANSWER} characters")
        answer = line.strip()
        if answer.startswith("error:"):
            raise ArenaError(f"bot {_quote(self.name)} answered {_quote(answer)}")
        return answer

    def play(self, observation: TableObservation[Any], rng: random.Random) -> Any:
        answer = self._ask(observation.to_json())
        try:
            return observation.public_round().parse_move(answer)
        except KseriError as exc:
            noun = table_for(observation.rules).move_noun
            raise ArenaError(f"bot {_quote(self.name)} answered {_quote(answer)}, not {noun} "
                             f"({one_line(exc)})") from None

    def close(self) -> None:
        proc = self._proc
        if proc.stdin is not None and not proc.stdin.closed:
            with contextlib.suppress(OSError, ValueError):
                proc.stdin.close()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        for reader in self._readers:
            reader.join(timeout=2)  # they end at end of output (unless a child of the bot holds it)
        if any(reader.is_alive() for reader in self._readers):
            return  # closing a pipe a thread still reads would wait for it; the threads are daemons
        for stream in (proc.stdout, proc.stderr):
            if stream is not None:
                with contextlib.suppress(OSError, ValueError):
                    stream.close()


def make_player(spec: str, *, timeout: float = ANSWER_TIMEOUT) -> Player:
    """A level name gives a :class:`LevelPlayer`; anything else is a command line (a process that has
    ``timeout`` seconds for each answer)."""
    if spec in LEVELS:
        return LevelPlayer(spec)
    if " " not in spec.strip() and not spec.strip().startswith(("/", ".")):
        raise ArenaError(f"unknown bot {_quote(spec)}: not a level ({', '.join(LEVELS)}) nor a command line")
    return ProcessPlayer(spec, timeout=timeout)


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
    """Per deal: A's points minus B's (with more sides: minus their average), averaged over A's
    places."""
    think_ms: tuple[tuple[float, ...], tuple[float, ...]]
    match_scores: tuple[float, ...] = ()
    """Per duplicate set of matches (one per side A takes): the share A won (0, 0.5 or 1 with two sides)."""
    match_rounds: int = 0
    first: int = 0
    """The first deal of the seed's series played (deals ``first`` .. ``first + deals - 1``)."""

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
            "deals": self.deals, "rounds": self.rules.teams * self.deals, "first_deal": self.first,
            "points_per_round": self.points.to_json(), "diffs": list(self.diffs),
            "think": {"a": self.think(0), "b": self.think(1)},
        }
        rate = self.match_win_rate
        if rate is not None:
            data["matches"] = {"played": self.rules.teams * len(self.match_scores), "rounds": self.match_rounds,
                               "a_win_rate": rate.to_json()}
        return data


def _play_round(state: TableRound[Any], players: Sequence[Player], player_at: Sequence[int],
                rngs: Sequence[random.Random], times: Sequence[list[float]], totals: Sequence[int], target: int,
                apply: Callable[[Any], object], where: str) -> None:
    """Play ``state`` to its end with ``apply`` (checked); ``player_at[seat]`` is 0 where bot A
    sits, 1 where bot B does. A bot's failure names ``where`` (the deal and A's side), the play and the seat,
    so that its author can replay the position."""
    table = table_for(state.rules)
    number = 0
    while not state.is_terminal():
        seat = state.to_move
        side = player_at[seat]
        at = f"{where}, play {number} (seat {seat})"
        start = time.perf_counter()
        try:
            move = players[side].play(table.observation(state, seat, totals=totals, target=target), rngs[side])
        except ArenaError as exc:
            raise ArenaError(f"{at}: {exc}") from None
        times[side].append((time.perf_counter() - start) * 1000.0)
        try:
            apply(move)
        except KseriError as exc:
            raise ArenaError(f"{at}: bot {_quote(players[side].name)} played an illegal move: {exc}") from None
        number += 1


def _seating(rules: Rules, side_a: int) -> tuple[int, ...]:
    """Per seat, 0 where bot A sits (every seat of side ``side_a``), 1 for bot B (every other side)."""
    return tuple(0 if rules.team_of(seat) == side_a else 1 for seat in range(rules.players))


def _edge(points: Sequence[int], side: int) -> float:
    """``side``'s points minus the average of the other sides' (with two sides: minus the other's)."""
    others = [p for s, p in enumerate(points) if s != side]
    return points[side] - sum(others) / len(others)


def run_arena(a: str | Player, b: str | Player, *, rounds: int, seed: int, rules: Rules = GREEK, matches: int = 0,
               first: int = 0, timeout: float = ANSWER_TIMEOUT) -> ArenaResult:
    """``rounds`` duplicate deals and ``matches`` duplicate sets of whole matches.

    Each deal (and each match's deals) is played once per side, bot A taking that side (both
    seats of a partnership) and bot B every other side, so A meets the same cards from every
    place at the table: with two sides, the seats swapped. A deal's result is A's points minus
    the others' average, averaged over A's places. ``first`` skips to that deal of the seed's
    series, so a long measurement can run in shards (deals 0-199 and 200-399 are deals 0-399). A bot given
    as a command line has ``timeout`` seconds for each answer."""
    table = table_for(rules)
    if rounds < 1:
        raise ArenaError(f"--rounds must be at least 1, not {rounds}")
    sides = rules.teams
    players: list[Player] = []
    times: list[list[float]] = [[], []]
    diffs: list[float] = []
    match_scores: list[float] = []
    match_rounds = 0
    try:
        for spec in (a, b):
            # inside: a bot already started is closed on failure
            players.append(make_player(spec, timeout=timeout) if isinstance(spec, str) else spec)
        for i in range(first, first + rounds):
            dealer = i % rules.players
            dealt = table.deal(rules, dealer, random.Random(f"kseri-arena:{seed}:deal:{i}"))
            diff = 0.0
            for swap in range(sides):  # bot A takes side ``swap``
                rngs = [random.Random(f"kseri-arena:{seed}:bot:{i}:{swap}:{side}") for side in (0, 1)]
                state = table.from_deck(rules, dealer, dealt.deck, returned=dealt.returned)
                _play_round(state, players, _seating(rules, swap), rngs, times, (0,) * sides, rules.target,
                            state.apply, f"deal {i} (A on side {swap})")
                diff += _edge(state.returns(), swap)
            diffs.append(diff / sides)
        for j in range(matches):
            won = 0.0
            for swap in range(sides):
                match = Match(rules, first_dealer=j % rules.players)
                k = 0
                while not match.is_over and k < _MAX_MATCH_ROUNDS:
                    dealer = match.next_dealer
                    dealt = table.deal(rules, dealer, random.Random(f"kseri-arena:{seed}:match:{j}:{k}"))
                    match.next_round(list(dealt.deck), dealt.returned)
                    state = match.round
                    rngs = [random.Random(f"kseri-arena:{seed}:mbot:{j}:{k}:{swap}:{side}") for side in (0, 1)]
                    totals = tuple(match.totals)
                    _play_round(state, players, _seating(rules, swap), rngs, times, totals, match.target,
                                match.play, f"match {j} (A on side {swap}), round {k}")
                    k += 1
                match_rounds += k
                if match.winner == swap:
                    won += 1 / sides
            match_scores.append(won)
    finally:
        for p in players:
            p.close()
    return ArenaResult(a=players[0].name, b=players[1].name, rules=rules, seed=seed, deals=rounds, diffs=tuple(diffs),
                       think_ms=(tuple(times[0]), tuple(times[1])), match_scores=tuple(match_scores),
                       match_rounds=match_rounds, first=first)


def format_result(result: ArenaResult) -> str:
    """The human-readable report."""
    p = result.points
    sides = result.rules.teams
    played = "each deal played twice, seats swapped" if sides == 2 else \
        f"each deal played {sides} times, A taking each side in turn against B on all the others"
    lines = [
        f"arena: {result.a} (A) vs {result.b} (B), rules {json.dumps(result.rules.to_spec())}, seed {result.seed}",
        f"{result.deals} duplicate deals = {sides * result.deals} rounds ({played})",
        f"points per round, A minus {'B' if sides == 2 else 'the average B side'}: {p.mean:+.2f}  "
        + (f"(95% CI {p.low:+.2f} .. {p.high:+.2f})" if p.known else "(95% CI: needs 2 deals or more)"),
    ]
    for side, name in ((0, "A"), (1, "B")):
        t = result.think(side)
        lines.append(f"think time {name} ({[result.a, result.b][side]}): median {t['median_ms']:.2f} ms, "
                     f"p95 {t['p95_ms']:.2f} ms over {t['moves']} moves")
    rate = result.match_win_rate
    if rate is not None:
        ci = f"95% CI {rate.low:.1%} .. {rate.high:.1%}" if rate.known else "95% CI: needs 2 pairs or more"
        sets = "duplicate pairs, seats swapped" if sides == 2 else f"duplicate sets of {sides}, A on each side"
        lines.append(f"matches: A won {rate.mean:.1%} of {sides * rate.n} ({ci}; {sets}), "
                     f"{result.match_rounds} rounds")
    return "\n".join(lines)


def run_arena_cli(args: Any) -> int:
    """``python -m kseri arena A B --rounds N --seed S [--first-deal K] [--matches] [--rules R] [--timeout T]
    [--json]``."""
    spec = args.rules
    if isinstance(spec, str) and spec.lstrip().startswith(("{", "[", '"')):
        spec = parse_json(spec, what="--rules")
    try:
        rules = rules_from_spec(spec)
    except RulesError as exc:  # as replay and simulate say it
        raise RulesError(f"rules: {exc}") from None
    matches = max(1, args.rounds // 16) if getattr(args, "matches", False) else 0
    result = run_arena(args.a, args.b, rounds=args.rounds, seed=args.seed, rules=rules, matches=matches,
                       first=getattr(args, "first_deal", 0), timeout=getattr(args, "timeout", ANSWER_TIMEOUT))
    if getattr(args, "json", False):
        print(json.dumps(result.to_json()))
    else:
        print(format_result(result))
    return 0
