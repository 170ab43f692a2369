"""The browser table's fixed facts: who sits where, the bot levels, seeds, and its error.

Shared by :mod:`kseri.table.session`, :mod:`kseri.table.seating`, :mod:`kseri.table.bot_turns`,
:mod:`kseri.table.urlparams` and :mod:`kseri.table.views`.
The level names come from :mod:`kseri.bots.names`, a leaf module: the table lists and
checks levels without importing the bots themselves (the session's :mod:`~kseri.table.bot_turns`
imports them on the bot's first turn).
"""

from __future__ import annotations

import random
from typing import Literal, TypeGuard

from kseri.bots.base import BotError
from kseri.bots.base import check_level as check_bot_level
from kseri.bots.names import BOT_NAMES, DEFAULT_LEVEL, LEVELS
from kseri.engine.errors import KseriError
from kseri.i18n import _

__all__ = ["BOT", "DEFAULT_LEVEL", "HUMAN", "MAX_SEED", "MIXED", "Phase", "SessionError", "check_level",
           "derived_rng", "is_level", "levels", "new_seed", "seat_name"]

HUMAN, BOT = 0, 1
"""Seats at the browser table: the human plays seat 0, the bot seat 1 (with more seats, bots in 1 to 5)."""

MIXED = "mixed"
"""What a match against bots of different levels counts under in the statistics (not a level a bot plays)."""

MAX_SEED = 2**53 - 1
"""Seeds are kept below 2**53 so that they survive a trip through JavaScript numbers."""

Phase = Literal["human", "bot", "round_over", "match_over", "friend"]
"""Whose turn it is: yours, a bot's, between rounds, after the match; ``friend``: the game waits for a
friend playing on another device (:mod:`kseri.table.duel`)."""


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


def is_level(value: object) -> TypeGuard[str]:
    """Whether ``value`` names a bot level (a saved game's unknown level falls back to the default).

    >>> is_level("hard"), is_level("grandmaster"), is_level(3)
    (True, False, False)
    """
    return isinstance(value, str) and value in LEVELS


def check_level(value: object) -> str:
    """``value`` if it names a bot level, else :class:`SessionError` in one line naming the known ones.

    >>> check_level("grandmaster")
    Traceback (most recent call last):
    ...
    kseri.table.seats.SessionError: unknown bot level 'grandmaster' (known: easy, medium, hard, expert)
    """
    try:
        return check_bot_level(value)
    except BotError as exc:  # the same words, as the table's error
        raise SessionError(str(exc)) from None


def new_seed() -> int:
    """A fresh seed from the operating system (the browser's crypto in the page)."""
    return random.SystemRandom().randrange(1, MAX_SEED)


def derived_rng(seed: int, *parts: object) -> random.Random:
    """A generator for one purpose (``parts``: the deal of round *r*, the bot's decision at play *i* of
    round *r*, ...), derived from a session's ``seed``: a seed reproduces the deals and the bots' choices.

    String seeds are hashed with SHA-512 by :mod:`random`, the same in every
    CPython and in Pyodide, whatever ``PYTHONHASHSEED`` is.

    >>> derived_rng(7, "deal", 0).random() == derived_rng(7, "deal", 0).random() != derived_rng(7, "deal", 1).random()
    True
    """
    return random.Random(":".join(["kseri", str(seed), *map(str, parts)]))
