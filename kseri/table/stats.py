"""The player's record against each bot level, kept by the page between visits.

>>> stats = Stats.read('{"played": {"easy": 2}, "won": {"easy": 1}}')
>>> stats.line("easy", "Easy")
'Your record against Easy: 1 won, 1 lost.'
>>> Stats.read('{"played": {"easy": 1e999}}')
Traceback (most recent call last):
...
kseri.table.seats.SessionError: the statistics are unreadable (stats: a number out of range (1e999))
>>> Stats.from_json('{"played": {"easy": 1e999}}') == Stats()
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from kseri.engine.errors import KseriError
from kseri.engine.errors import one_line as _one_line
from kseri.engine.jsontext import parse_json
from kseri.i18n import _
from kseri.table.notices import brief
from kseri.table.seats import SessionError

__all__ = ["MAX_COUNT", "Stats"]

MAX_COUNT = 10**9
"""Most matches one counter may hold (anything more was not written by the page)."""


def _counts(data: dict[str, Any], key: str) -> dict[str, int]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise SessionError(f"the statistics are unreadable ({key} is not an object)")
    out: dict[str, int] = {}
    for level, count in value.items():
        if type(count) is not int or not 0 <= count <= MAX_COUNT:
            raise SessionError(f"the statistics are unreadable ({key} {brief(level)}: {brief(count)} "
                               f"is not a count of matches)")
        out[level] = count
    return out


@dataclass
class Stats:
    """Matches played and won against each level (kept by the page between visits)."""

    played: dict[str, int] = field(default_factory=dict)
    won: dict[str, int] = field(default_factory=dict)

    @classmethod
    def read(cls, text: str | None) -> Stats:
        """The statistics the page saved (empty for no text); :class:`SessionError` (one line)
        for anything else, so that the page can set it aside instead of losing it."""
        if not text:
            return cls()
        try:
            data = parse_json(text, what="stats")
        except KseriError as exc:
            raise SessionError(f"the statistics are unreadable ({_one_line(exc)})") from None
        if not isinstance(data, dict):
            raise SessionError(f"the statistics are unreadable (a JSON {type(data).__name__}, not an object)")
        return cls(played=_counts(data, "played"), won=_counts(data, "won"))

    @classmethod
    def from_json(cls, text: str | None) -> Stats:
        """Lenient :meth:`read`: anything unreadable is an empty record."""
        try:
            return cls.read(text)
        except SessionError:
            return cls()

    def to_json(self) -> str:
        return json.dumps({"played": self.played, "won": self.won}, separators=(",", ":"))

    def add(self, level: str, won: bool) -> None:
        self.played[level] = self.played.get(level, 0) + 1
        if won:
            self.won[level] = self.won.get(level, 0) + 1

    def line(self, level: str, label: str | None = None) -> str:
        """``Your record against Easy: 3 won, 1 lost.``"""
        label = label or level
        played, won = self.played.get(level, 0), self.won.get(level, 0)
        if not played:
            return _("No finished matches against {level} yet.").format(level=label)
        return _("Your record against {level}: {won} won, {lost} lost.").format(level=label, won=won, lost=played - won)
