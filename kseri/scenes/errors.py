"""The one error of rule scenes: :class:`SceneError`."""

from __future__ import annotations

from kseri.engine.errors import KseriError

__all__ = ["SceneError"]


class SceneError(KseriError):
    """A scene that cannot be read or shown; the one-line message names the part at fault."""

    def __init__(self, message: str) -> None:
        super().__init__(f"scene: {message}")
