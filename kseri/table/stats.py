"""The player's record against each bot level, kept by the page between visits."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

__all__ = ["Stats"]


@dataclass
class Stats:
    """Matches played and won against each level (kept by the page between visits)."""

    played: dict[str, int] = field(default_factory=dict)
    won: dict[str, int] = field(default_factory=dict)

    @classmethod
    def from_json(cls, text: str | None) -> Stats:
        """Lenient: anything unreadable is an empty record."""
        try:
            data = json.loads(text) if text else {}
            played = {str(k): int(v) for k, v in data.get("played", {}).items() if int(v) >= 0}
            won = {str(k): int(v) for k, v in data.get("won", {}).items() if int(v) >= 0}
        except (ValueError, TypeError, AttributeError, RecursionError):
            return cls()
        return cls(played=played, won=won)

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
            return f"No finished matches against {label} yet."
        return f"Your record against {label}: {won} won, {played - won} lost."
