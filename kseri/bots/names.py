"""The bot levels by name, weakest first: a leaf module, so the table can list and
check levels without importing the bots (which costs the page ~70 ms of start-up).

:mod:`kseri.bots.levels` says what each level runs; a test keeps the two in step.
"""

from __future__ import annotations

__all__ = ["DEFAULT_LEVEL", "LEVELS"]

LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
"""Level names, weakest first."""

DEFAULT_LEVEL = "medium"
"""The level a new table starts with."""
