"""The bot levels by name, weakest first: a leaf module, so the table can list and
check levels without importing the bots (which costs the page ~70 ms of start-up).

:mod:`kseri.bots.pile.levels` says what each level runs; a test keeps the two in step.
"""

from __future__ import annotations

__all__ = ["BOT_NAMES", "DEFAULT_LEVEL", "LEVELS"]

LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
"""Level names, weakest first."""

DEFAULT_LEVEL = "medium"
"""The level a new table starts with."""


def N_(message: str) -> str:  # noqa: N802 - the catalog's marker (kseri.i18n.N_): the bots import no words
    """Mark ``message`` for the Greek catalog; the table translates it when it shows it."""
    return message


BOT_NAMES: tuple[str, ...] = (N_("Eleni"), N_("Nikos"), N_("Maria"), N_("Yannis"), N_("Sofia"))
"""The bots' names at the table, seat 1 first (English ``msgid``: the table shows them in its language)."""
