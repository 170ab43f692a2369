"""Which word a table uses for a kseri, without the table registry (pure Python).

:mod:`kseri.table.goal` says the word in the page's language; this module only names it, so
that a table's own modules (the pile tables' hints) may name it too without importing the
registry that imports them.

>>> word_key_for("pisti", xeri=False), word_key_for("greek", xeri=False), word_key_for("sums", xeri=True)
('pisti', 'kseri', 'xeri')
"""

from __future__ import annotations

from typing import Literal

__all__ = ["WordKey", "word_key_for"]

WordKey = Literal["kseri", "pisti", "xeri"]
"""Which word a table uses (:func:`kseri.table.goal.word_key`)."""


def word_key_for(profile: str, *, xeri: bool) -> WordKey:
    """The word from a profile's name and whether its table calls a kseri a xeri
    (:attr:`TableWords.xeri <kseri.table.strategy.TableWords.xeri>`, what a view holds):
    the open table says xeri, the Pişti table pişti, the others kseri."""
    if xeri:
        return "xeri"
    return "pisti" if profile == "pisti" else "kseri"
