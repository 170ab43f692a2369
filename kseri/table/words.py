"""Which word a table uses for a kseri, without the table registry (pure Python).

:mod:`kseri.table.goal` says the word in the page's language; this module only names it, so
that a table's own modules (the pile tables' hints) may name it too without importing the
registry that imports them.

>>> word_key_for("pisti", xeri=False), word_key_for("greek", xeri=False), word_key_for("sums", xeri=True)
('pisti', 'kseri', 'xeri')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Literal

from kseri.i18n import ngettext

__all__ = ["WordKey", "counted", "word_key_for"]

WordKey = Literal["kseri", "pisti", "xeri"]
"""Which word a table uses (:func:`kseri.table.goal.word_key`)."""


def word_key_for(profile: str, *, xeri: bool) -> WordKey:
    """The word from a profile's name and whether its table calls a kseri a xeri
    (:attr:`TableWords.xeri <kseri.table.strategy.TableWords.xeri>`): the open table says xeri,
    the Pişti table pişti, the others kseri."""
    if xeri:
        return "xeri"
    return "pisti" if profile == "pisti" else "kseri"


_COUNTS: Mapping[WordKey, Callable[[int], str]] = {"kseri": lambda n: ngettext("{n} kseri", "{n} kseris", n),
                                                   "pisti": lambda n: ngettext("{n} pişti", "{n} piştis", n),
                                                   "xeri": lambda n: ngettext("{n} xeri", "{n} xeris", n)}


def counted(word: WordKey, n: int) -> str:
    """``n`` kseris in the table's word, in the page's language.

    >>> from kseri.i18n import set_language
    >>> _ = set_language("en")
    >>> counted("pisti", 2), counted("xeri", 1), counted("kseri", 3)
    ('2 piştis', '1 xeri', '3 kseris')
    """
    return _COUNTS[word](n).format(n=n)
