"""What a scene is once played out: a :class:`Scene` of :class:`Step` positions.

Plain data (card codes, counts, captions) for the embedded board
(:mod:`kseri.web.embed`) to draw; :mod:`kseri.scenes.build` makes them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from kseri.engine.rules import Rules

__all__ = ["Scene", "SceneItem", "Step"]


@dataclass(frozen=True)
class SceneItem:
    """One item on the open (sums) table: a loose card (``owner`` None) or a build with its value
    and owner."""

    cards: tuple[str, ...]
    value: int | None
    owner: int | None = None


@dataclass(frozen=True)
class Step:
    """One position of a scene. Card lists hold codes; per-seat tuples are indexed by seat.

    Step 0 is the starting position (``played`` is None); step N follows play N. At the sums
    table ``table`` holds the items side by side, ``move`` the play and ``built`` a build's value.
    ``taken``, ``points`` and ``kseris`` count what each seat captured *in the
    scene* (for a record scene: in the round so far); ``points`` are card points
    plus kseri bonuses, without the award for most cards.
    """

    index: int
    caption: str
    pile: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    to_move: int | None
    played: str | None = None
    seat: int | None = None
    kind: str | None = None
    captured: tuple[str, ...] = ()
    bonus: int = 0
    gain: int = 0
    sweep: tuple[str, ...] = ()
    sweep_seat: int | None = None
    dealt: bool = False
    taken: tuple[int, ...] = ()
    points: tuple[int, ...] = ()
    kseris: tuple[tuple[str, ...], ...] = ()
    stock: int | None = None
    table: tuple[SceneItem, ...] = ()
    """At the sums table: the items side by side (``pile`` then lists their cards in order)."""
    move: str | None = None
    """At the sums table: the play in record notation (``7H:3C+4D``, ``5S>3H``, ``9D``)."""
    built: int | None = None
    """At the sums table, after a build or a raise: the build's new value."""

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data (lists, not tuples)."""
        return {key: _listify(value) for key, value in dataclasses.asdict(self).items()}


def _listify(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _listify(v) for key, v in value.items()}
    return [_listify(v) for v in value] if isinstance(value, (tuple, list)) else value


@dataclass(frozen=True)
class Scene:
    """A scene ready to show: its title, the seats' names and every step."""

    title: str
    names: tuple[str, ...]
    rules: Rules
    steps: tuple[Step, ...]

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data: title, names, the rules profile's name and every step."""
        return {"title": self.title, "names": list(self.names), "rules": self.rules.profile,
                "steps": [step.to_json() for step in self.steps]}
