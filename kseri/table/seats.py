"""The browser table's fixed facts: who sits where, the bot levels, seeds, and its error.

Shared by :mod:`kseri.table.session`, :mod:`kseri.table.urlparams` and :mod:`kseri.table.views`.
"""

from __future__ import annotations

import random
from typing import Literal

from kseri.engine.errors import KseriError

__all__ = ["HUMAN", "BOT", "DEFAULT_LEVEL", "MAX_SEED", "Phase", "SessionError", "LEVEL_NAMES", "levels", "new_seed"]

HUMAN, BOT = 0, 1
"""Seats at the browser table: the human plays seat 0, the bot seat 1."""

DEFAULT_LEVEL = "medium"
MAX_SEED = 2**53 - 1
"""Seeds are kept below 2**53 so that they survive a trip through JavaScript numbers."""

Phase = Literal["human", "bot", "round_over", "match_over"]


class SessionError(KseriError):
    """A saved game or a URL parameter that cannot be used (one-line message)."""


LEVEL_NAMES: tuple[str, ...] = ("easy", "medium", "hard")
"""The bot levels, weakest first: :data:`kseri.bots.LEVELS`, repeated here because
importing the bots costs the page ~70 ms of start-up under WebAssembly, and the
table needs only their names until the bot's first turn (a test keeps the two equal)."""


def levels() -> tuple[str, ...]:
    """The bot levels, weakest first."""
    return LEVEL_NAMES


def new_seed() -> int:
    """A fresh seed from the operating system (the browser's crypto in the page)."""
    return random.SystemRandom().randrange(1, MAX_SEED)

