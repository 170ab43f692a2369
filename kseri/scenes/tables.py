"""Each table's scene builder, by the engine's table id (:attr:`kseri.engine.rules.Rules.table`).

:mod:`kseri.scenes.build` plays any scene through these: a spec written in the scene notation, or
a window of a recorded round.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from kseri.scenes.notation import SceneSpec
from kseri.scenes.pile.build import build_pile, pile_window
from kseri.scenes.steps import Scene
from kseri.scenes.sums.build import build_sums, sums_window

__all__ = ["SCENE_TABLES", "SceneTable"]


@dataclass(frozen=True, slots=True)
class SceneTable:
    """How one table's scenes are played out."""

    build: Callable[[SceneSpec], Scene]
    """A parsed spec played out through the engine (:class:`~kseri.scenes.errors.SceneError` if a play
    is impossible)."""
    window: Callable[..., Scene]
    """``window(played, start, stop, names, *, title, captions)``: a window of a recorded round."""


SCENE_TABLES: Mapping[str, SceneTable] = {
    "pile": SceneTable(build_pile, pile_window),
    "sums": SceneTable(build_sums, sums_window),
}
"""Every table's scenes."""

