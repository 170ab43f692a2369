"""The browser table's fixed facts: who sits where, the bot levels, seeds, and its error.

Shared by :mod:`kseri.table.session`, :mod:`kseri.table.urlparams` and :mod:`kseri.table.views`.
The level names come from :mod:`kseri.bots.names`, a leaf module: the table lists and
checks levels without importing the bots themselves (the session imports them on the
bot's first turn).
"""

from __future__ import annotations

import random
from typing import Literal

from kseri.bots.names import BOT_NAMES, DEFAULT_LEVEL, LEVELS
from kseri.engine.errors import KseriError
from kseri.i18n import _

__all__ = ["BOT", "DEFAULT_LEVEL", "HUMAN", "MAX_SEED", "Phase", "SessionError", "levels", "new_seed", "seat_name"]

HUMAN, BOT = 0, 1
"""Seats at the browser table: the human plays seat 0, the bot seat 1 (with more seats, bots in 1 to 5)."""

MAX_SEED = 2**53 - 1
"""Seeds are kept below 2**53 so that they survive a trip through JavaScript numbers."""

Phase = Literal["human", "bot", "round_over", "match_over"]


class SessionError(KseriError):
    """A saved game or a URL parameter that cannot be used (one-line message)."""


def seat_name(seat: int) -> str:
    """A seat's name at the table, in the page's language: "You" for seat 0, else its bot's name.

    >>> seat_name(0), seat_name(1), seat_name(5)
    ('You', 'Eleni', 'Sofia')
    """
    if seat == HUMAN:
        return _("You")
    return _(BOT_NAMES[(seat - 1) % len(BOT_NAMES)])


def levels() -> tuple[str, ...]:
    """The bot levels, weakest first (:data:`kseri.bots.names.LEVELS`)."""
    return LEVELS


def new_seed() -> int:
    """A fresh seed from the operating system (the browser's crypto in the page)."""
    return random.SystemRandom().randrange(1, MAX_SEED)
