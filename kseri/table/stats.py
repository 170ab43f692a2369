"""The player's statistics, per game (Greek, four-card, Pişti, the open table) and seating, and bot level, kept
by the page between visits. A game at another seating than two players counts on its own: its key is the
profile, the number of players, ``p`` for partnerships and ``x2`` for two packs (:func:`game_key`), so that
results are never mixed across tables or seatings (old statistics hold the two-player games under the
profile's name, as before).

Each game and level has its :class:`Record` (matches, wins, the current and best
winning streak, and the points and kseris of every round, to average per round);
:attr:`Stats.recent` keeps the last :data:`RECENT` results for a small chart.

>>> from kseri.table.summaries import MatchSummary
>>> won = MatchSummary(winner=0, totals=(160, 90), target=151, rounds=((80, 50), (80, 40)), kseris=(3, 1),
...                    cards=(60, 44))
>>> stats = Stats()
>>> stats.add("greek", "easy", won, day="2026-12-01")
True
>>> record = stats.record("greek", "easy")
>>> record.matches, record.wins, record.streak, record.best
(1, 1, 1, 1)
>>> record.points_per_round(), record.kseris_per_round()
((80.0, 45.0), (1.5, 0.5))
>>> stats.line("greek", "easy", "Easy")
'Your record against Easy: 1 won, 0 lost.'
>>> Stats.read(stats.to_json()) == stats
True

The first stored format counted matches per level only; it reads as the Greek game's:

>>> old = Stats.read('{"played": {"easy": 2}, "won": {"easy": 1}}')
>>> old.record("greek", "easy").matches, old.record("greek", "easy").wins
(2, 1)

Anything the page did not write is refused in one line (the page sets it aside):

>>> Stats.read('{"played": {"easy": 1e999}}')
Traceback (most recent call last):
...
kseri.table.seats.SessionError: the statistics are unreadable (stats: a number out of range (1e999))
>>> Stats.from_json('{"v": 2, "games": {"greek": {"easy": {"matches": -1}}}}') == Stats()
True
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from kseri.engine.errors import KseriError
from kseri.engine.errors import one_line as _one_line
from kseri.engine.jsontext import parse_json
from kseri.engine.match import Match
from kseri.engine.rules import Rules
from kseri.i18n import _
from kseri.table.newgame import TABLE_NAMES
from kseri.table.notices import brief
from kseri.table.seats import HUMAN, MIXED, SessionError, levels
from kseri.table.summaries import MatchSummary

__all__ = ["FORMAT", "FRIENDS", "MAX_COUNT", "MAX_POINTS", "RECENT", "Finished", "MatchResult", "Record", "Stats",
           "counts_result", "game_key", "game_parts", "same_match"]

FORMAT = 2
"""The stored format (``"v"``); the first one (``played``/``won`` per level) had no number."""
MAX_COUNT = 10**9
"""Most matches or rounds one counter may hold (anything more was not written by the page)."""
MAX_POINTS = 10**12
"""Most points (or kseris) one sum may hold; sums stop there rather than grow past what reads back."""
MAX_TEXT = 20_000
"""Longest stored text: three games, three levels and twenty results take about 3,000 characters."""
RECENT = 20
"""How many of the last results are kept (for the chart)."""

FRIENDS = "friends"
"""The "level" matches against friends on other devices count under, apart from the bots (:mod:`kseri.table.duel`)."""


def _levels() -> tuple[str, ...]:
    """The levels results are kept under: the bots', bots of mixed levels, then friends."""
    return (*levels(), MIXED, FRIENDS)


_RECORD_KEYS = frozenset({"matches", "wins", "streak", "best", "rounds", "points", "kseris"})
_RESULT_KEYS = frozenset({"game", "level", "won", "score", "day"})


def _unreadable(why: str) -> SessionError:
    return SessionError(f"the statistics are unreadable ({why})")


def _count(value: object, what: str, limit: int = MAX_COUNT) -> int:
    if type(value) is not int or not 0 <= value <= limit:
        raise _unreadable(f"{what}: {brief(value)} is not a count")
    return value


def _pair(value: object, what: str) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2:
        raise _unreadable(f"{what} is not a pair of numbers")
    return _count(value[0], what, MAX_POINTS), _count(value[1], what, MAX_POINTS)


def _object(value: object, what: str, keys: frozenset[str] | None = None) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _unreadable(f"{what} is not an object")
    if keys is not None and not set(value) <= keys:
        raise _unreadable(f"{what} has an unknown field {brief(min(set(value) - keys))}")
    return value


def _known(name: object, known: tuple[str, ...], what: str) -> str:
    if name not in known:
        raise _unreadable(f"unknown {what} {brief(name)}")
    assert isinstance(name, str)
    return name


class Finished(Protocol):
    """A finished match at the table, as far as counting its result goes
    (:class:`~kseri.table.session.GameSession`)."""

    @property
    def people(self) -> int:
        """How many people play at this device."""

    @property
    def result_counted(self) -> bool:
        """Whether the result was added to the statistics already."""


def counts_result(match: Finished) -> bool:
    """Whether a finished match's result is yet to be counted: once, and only your matches against the
    bots (people sharing the device have no one record).

    >>> from types import SimpleNamespace as Match
    >>> counts_result(Match(people=1, result_counted=False)), counts_result(Match(people=1, result_counted=True))
    (True, False)
    >>> counts_result(Match(people=2, result_counted=False))
    False
    """
    return not match.result_counted and match.people == 1


def same_match(one: Match, other: Match) -> bool:
    """Whether two matches are one match gone on in two places (another tab): the same rules and the same
    first deal, from the same dealer.

    >>> import random
    >>> from kseri.engine.match import Match
    >>> a, b, c = (Match.new(rng=random.Random(seed), first_dealer=0) for seed in (1, 1, 2))
    >>> same_match(a, b), same_match(a, c)
    (True, False)
    """
    if one.rules != other.rules or not one.rounds or not other.rounds:
        return False
    first, second = one.rounds[0], other.rounds[0]
    return first.dealer == second.dealer and list(first.deck) == list(second.deck)


def game_key(rules: Rules) -> str:
    """The key a game's results are kept under: its profile, with its seating when not two players.

    >>> from kseri.engine.rules import rules_from_spec
    >>> [game_key(rules_from_spec(spec)) for spec in ("greek", {"profile": "pisti", "players": 4},
    ...  {"profile": "fourcard", "players": 5, "packs": 2}, {"profile": "pisti", "players": 6, "partnerships": False})]
    ['greek', 'pisti:4p', 'fourcard:5x2', 'pisti:6']
    """
    if rules.players == 2 and rules.packs == 1:
        return rules.profile
    return f"{rules.profile}:{rules.players}{'p' if rules.partnered else ''}{'x2' if rules.packs == 2 else ''}"


_SEATING = re.compile(r"([2-6])(p?)((?:x2)?)")


def game_parts(key: str) -> tuple[str, int, bool, int] | None:
    """``(profile, players, partnered, packs)`` of a :func:`game_key` (None: not one).

    >>> game_parts("pisti:4p"), game_parts("greek"), game_parts("chess"), game_parts("greek:9")
    (('pisti', 4, True, 1), ('greek', 2, False, 1), None, None)
    """
    profile, _sep, seating = key.partition(":")
    if profile not in TABLE_NAMES:
        return None
    if not _sep:
        return (profile, 2, False, 1)
    found = _SEATING.fullmatch(seating)
    if found is None:
        return None
    return (profile, int(found.group(1)), bool(found.group(2)), 2 if found.group(3) else 1)


def _known_game(name: object, what: str) -> str:
    if not isinstance(name, str) or len(name) > 20 or game_parts(name) is None:
        raise _unreadable(f"unknown {what} {brief(name)}")
    return name


def _add(total: int, more: int, limit: int = MAX_POINTS) -> int:
    return min(total + more, limit)


@dataclass(frozen=True)
class Record:
    """The matches against one level at one game.

    ``rounds``, ``points`` and ``kseris`` (yours, the bot's) count the rounds of the
    matches recorded with them (matches carried over from the first format have none).
    """

    matches: int = 0
    wins: int = 0
    streak: int = 0
    """Matches won in a row, up to the last one (0 after a loss)."""
    best: int = 0
    """The longest such run so far."""
    rounds: int = 0
    points: tuple[int, int] = (0, 0)
    kseris: tuple[int, int] = (0, 0)

    @property
    def losses(self) -> int:
        return self.matches - self.wins

    def points_per_round(self) -> tuple[float, float] | None:
        """Average points per round, yours and the bot's (None before any round).

        >>> Record(rounds=4, points=(300, 200)).points_per_round()
        (75.0, 50.0)
        """
        return (self.points[0] / self.rounds, self.points[1] / self.rounds) if self.rounds else None

    def kseris_per_round(self) -> tuple[float, float] | None:
        return (self.kseris[0] / self.rounds, self.kseris[1] / self.rounds) if self.rounds else None

    def after(self, won: bool, rounds: int, points: tuple[int, int], kseris: tuple[int, int]) -> Record:
        """This record with one more match (counters stop at their bounds instead of overflowing them).

        >>> Record().after(True, 2, (151, 80), (1, 0)).after(False, 1, (40, 160), (0, 2))
        Record(matches=2, wins=1, streak=0, best=1, rounds=3, points=(191, 240), kseris=(1, 2))
        """
        matches = _add(self.matches, 1, MAX_COUNT)
        if matches == self.matches:  # a billion matches: the record stays as it is
            return self
        wins = self.wins + won
        streak = self.streak + 1 if won else 0
        return Record(matches=matches, wins=wins, streak=streak, best=max(self.best, streak),
                      rounds=_add(self.rounds, rounds, MAX_COUNT),
                      points=(_add(self.points[0], points[0]), _add(self.points[1], points[1])),
                      kseris=(_add(self.kseris[0], kseris[0]), _add(self.kseris[1], kseris[1])))

    def to_data(self) -> dict[str, Any]:
        return {"matches": self.matches, "wins": self.wins, "streak": self.streak, "best": self.best,
                "rounds": self.rounds, "points": list(self.points), "kseris": list(self.kseris)}

    @classmethod
    def from_data(cls, value: object, what: str) -> Record:
        data = _object(value, what, _RECORD_KEYS)
        record = cls(**{key: _count(data.get(key, 0), f"{what} {key}") for key in
                        ("matches", "wins", "streak", "best", "rounds")},
                     points=_pair(data.get("points", [0, 0]), f"{what} points"),
                     kseris=_pair(data.get("kseris", [0, 0]), f"{what} kseris"))
        if not record.streak <= record.best <= record.wins <= record.matches:
            raise _unreadable(f"{what}: the wins and streaks do not add up")
        return record


@dataclass(frozen=True)
class MatchResult:
    """One finished match, for the chart: the game, the level, the final score and the day (ISO)."""

    game: str
    level: str
    won: bool
    score: tuple[int, int]
    day: str

    @property
    def margin(self) -> int:
        """Your points minus the bot's."""
        return self.score[0] - self.score[1]

    def to_data(self) -> dict[str, Any]:
        return {"game": self.game, "level": self.level, "won": self.won, "score": list(self.score), "day": self.day}

    @classmethod
    def from_data(cls, value: object, what: str) -> MatchResult:
        data = _object(value, what, _RESULT_KEYS)
        won, day = data.get("won"), data.get("day")
        if not isinstance(won, bool):
            raise _unreadable(f"{what}: won is not true or false")
        return cls(game=_known_game(data.get("game"), "game"),
                   level=_known(data.get("level"), _levels(), "level"),
                   won=won, score=_pair(data.get("score"), f"{what} score"), day=_day(day, what))


def _day(value: object, what: str) -> str:
    """An ISO day (``2026-12-01``), as :meth:`datetime.date.isoformat` writes it."""
    try:
        if isinstance(value, str) and len(value) == 10 and datetime.date.fromisoformat(value).isoformat() == value:
            return value
    except ValueError:
        pass
    raise _unreadable(f"{what}: {brief(value)} is not a day")


@dataclass
class Stats:
    """Every game's records per level, and the last :data:`RECENT` results (oldest first)."""

    games: dict[str, dict[str, Record]] = field(default_factory=dict)
    recent: list[MatchResult] = field(default_factory=list)

    # -- reading and writing -------------------------------------------------------

    @classmethod
    def read(cls, text: str | None) -> Stats:
        """The statistics the page saved (empty for no text); :class:`SessionError` (one line)
        for anything else, so that the page can set it aside instead of losing it."""
        if not text:
            return cls()
        try:
            data = parse_json(text, what="stats", max_text=MAX_TEXT, max_depth=8)
        except KseriError as exc:
            raise _unreadable(_one_line(exc)) from None
        if not isinstance(data, dict):
            raise _unreadable(f"a JSON {type(data).__name__}, not an object")
        if "v" not in data:
            return cls._first_format(data)
        if data["v"] != FORMAT or not set(data) <= {"v", "games", "recent"}:
            raise _unreadable(f"format {brief(data['v'])} with fields {brief(sorted(data))}")
        return cls(games=cls._games(data.get("games", {})), recent=cls._recent(data.get("recent", [])))

    @staticmethod
    def _games(value: object) -> dict[str, dict[str, Record]]:
        games: dict[str, dict[str, Record]] = {}
        for game, per_level in _object(value, "games").items():
            _known_game(game, "game")
            records = {_known(level, _levels(), "level"): Record.from_data(record, f"{game} {level}")
                       for level, record in _object(per_level, game).items()}
            if records:  # an empty game is no game (as to_json writes it)
                games[game] = records
        return games

    @staticmethod
    def _recent(value: object) -> list[MatchResult]:
        if not isinstance(value, list) or len(value) > RECENT:
            raise _unreadable(f"recent is not a list of at most {RECENT} results")
        return [MatchResult.from_data(item, f"result {i + 1}") for i, item in enumerate(value)]

    @classmethod
    def _first_format(cls, data: Mapping[str, Any]) -> Stats:
        """``{"played": {level: n}, "won": {level: n}}``: the page played only the Greek game then."""
        if not set(data) <= {"played", "won"}:
            raise _unreadable(f"unknown fields {brief(sorted(data))}")
        played, won = (cls._first_counts(data.get(key, {}), key) for key in ("played", "won"))
        greek = {}
        for level in (name for name in levels() if name in played or name in won):
            if won.get(level, 0) > played.get(level, 0):
                raise _unreadable(f"more matches won than played against {level}")
            greek[level] = Record(matches=played.get(level, 0), wins=won.get(level, 0))
        return cls(games={"greek": greek} if greek else {})

    @staticmethod
    def _first_counts(value: object, key: str) -> dict[str, int]:
        return {_known(level, levels(), "level"): _count(count, f"{key} {level}")
                for level, count in _object(value, key).items()}

    @classmethod
    def from_json(cls, text: str | None) -> Stats:
        """Lenient :meth:`read`: anything unreadable is an empty record."""
        try:
            return cls.read(text)
        except SessionError:
            return cls()

    def to_json(self) -> str:
        games = {game: {level: record.to_data() for level, record in per_level.items()}
                 for game, per_level in self.games.items() if per_level}
        return json.dumps({"v": FORMAT, "games": games, "recent": [r.to_data() for r in self.recent]},
                          separators=(",", ":"))

    # -- counting -----------------------------------------------------------------

    def record(self, game: str, level: str) -> Record:
        return self.games.get(game, {}).get(level, Record())

    def add(self, game: str, level: str, summary: MatchSummary, *, day: str) -> bool:
        """Count a finished match (:func:`game_key` names the game and its seating); False (nothing counted)
        for a game or level the page does not seat. With more than two sides, "the bot's" points and
        kseris are the other sides' average, and the score's second number the best of the others."""
        if game_parts(game) is None or level not in _levels():
            return False
        won = summary.winner == HUMAN  # (your side: seat 0's, side 0)
        others = max(1, len(summary.totals) - 1)
        points = (sum(r[0] for r in summary.rounds), round(sum(sum(r[1:]) for r in summary.rounds) / others))
        kseris = (summary.kseris[0], round(sum(summary.kseris[1:]) / others))
        record = self.record(game, level).after(won, len(summary.rounds), points, kseris)
        self.games.setdefault(game, {})[level] = record
        score = (min(summary.totals[0], MAX_POINTS), min(max(summary.totals[1:], default=0), MAX_POINTS))
        self.recent = [*self.recent, MatchResult(game, level, won, score, _day(day, "the day"))][-RECENT:]
        return True

    def clear(self) -> None:
        """Forget everything (the player asked to reset the statistics)."""
        self.games = {}
        self.recent = []

    @property
    def empty(self) -> bool:
        return not any(self.games.values()) and not self.recent

    def line(self, game: str, level: str, label: str | None = None, *, apart: bool = False) -> str:
        """``Your record against Easy: 3 won, 1 lost.`` (at this game); ``apart``: these are the matches
        with take-backs, which are not the record (:mod:`kseri.table.takeback`).

        >>> from kseri.table.summaries import MatchSummary
        >>> stats = Stats()
        >>> won = MatchSummary(0, (151, 90), 151, ((151, 90),), (1, 0), (25, 0))
        >>> _ = stats.add("greek", "easy", won, day="2026-12-01")
        >>> stats.line("greek", "easy", "Easy", apart=True)
        'With take-backs (counted apart from your record) against Easy: 1 won, 0 lost.'
        """
        label = label or level
        record = self.record(game, level)
        if not record.matches:
            return _("No finished matches against {level} yet.").format(level=label)
        if apart:
            return _("With take-backs (counted apart from your record) against {level}: {won} won, "
                     "{lost} lost.").format(level=label, won=record.wins, lost=record.losses)
        return _("Your record against {level}: {won} won, {lost} lost.").format(
            level=label, won=record.wins, lost=record.losses)
