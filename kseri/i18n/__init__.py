"""The page's words in English and in Greek: one catalog mechanism, standard :mod:`gettext`.

English is the source language (the ``msgid`` of every message); Greek comes
from ``kseri/i18n/locale/el/LC_MESSAGES/kseri.mo``, compiled from the
``kseri.po`` beside it by ``python3 -m devtools.msgfmt`` and shipped in
``kseri.zip``. The page picks one language at start-up (:func:`choose_language`)
and may switch at any time (:func:`set_language`); every text is looked up when
it is drawn, so a constant that holds a message keeps its English ``msgid``
(marked with :func:`N_`) and is translated where it is shown.

>>> set_language("el")
'el'
>>> _("Your turn"), card_name("10D"), card_name("JC")
('Σειρά σου', 'δεκάρι καρό', 'βαλές σπαθί')
>>> ngettext("Stock: {n} card", "Stock: {n} cards", 1).format(n=1), ngettext("{n} kseri", "{n} kseris", 3).format(n=3)
('Τράπουλα: 1 φύλλο', '3 ξερές')
>>> set_language("en")
'en'
>>> _("Your turn"), card_name("10D")
('Your turn', 'ten of diamonds')
>>> choose_language(param="", saved="", preferred=["de-DE", "el-GR", "en"])
'el'
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterable

__all__ = ["DEFAULT", "LANGUAGES", "N_", "_", "card_name", "card_symbol", "choose_language", "decimal", "items_joined",
           "language", "ngettext", "normalize", "pgettext", "rank_letter", "rank_name", "set_language"]

LANGUAGES = ("en", "el")
"""The page's languages; the first is the source language of the catalog."""
DEFAULT = "en"
DOMAIN = "kseri"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")
"""``locale/<lang>/LC_MESSAGES/kseri.mo``: gettext's own layout."""

_loaded: dict[str, gettext.NullTranslations] = {DEFAULT: gettext.NullTranslations()}
_state = {"lang": DEFAULT}


def _catalog(lang: str) -> gettext.NullTranslations:
    if lang not in _loaded:
        path = os.path.join(LOCALE_DIR, lang, "LC_MESSAGES", f"{DOMAIN}.mo")
        try:
            with open(path, "rb") as fp:
                _loaded[lang] = gettext.GNUTranslations(fp)
        except (OSError, ValueError):  # no catalog shipped (or a damaged one): the source language
            _loaded[lang] = gettext.NullTranslations()
    return _loaded[lang]


def normalize(value: object) -> str:
    """``"el-GR"`` -> ``"el"``; ``""`` for anything that is not one of :data:`LANGUAGES`."""
    if not isinstance(value, str):
        return ""
    base = value.strip().lower().replace("_", "-").split("-")[0]
    return base if base in LANGUAGES else ""


def choose_language(*, param: object = "", saved: object = "", preferred: Iterable[object] = ()) -> str:
    """The page's language: the URL's ``?lang=``, else the one the player chose (saved), else the
    browser's first preferred language that the page speaks, else English.

    >>> choose_language(param="EL", saved="en", preferred=["en-US"])
    'el'
    >>> choose_language(param="fr", saved="el", preferred=["en-US"])
    'el'
    >>> choose_language(preferred=["fr", "en-GB", "el"])
    'en'
    >>> choose_language()
    'en'
    """
    for value in (param, saved, *preferred):
        lang = normalize(value)
        if lang:
            return lang
    return DEFAULT


def set_language(lang: str) -> str:
    """Speak ``lang`` from now on (anything unknown: English); returns the language set."""
    lang = normalize(lang) or DEFAULT
    _catalog(lang)
    _state["lang"] = lang
    return lang


def language() -> str:
    """The language texts are given in now (``"en"`` or ``"el"``)."""
    return _state["lang"]


def _(message: str) -> str:
    """``message`` (an English ``msgid``) in the current language."""
    return _catalog(_state["lang"]).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n``, in the current language."""
    return _catalog(_state["lang"]).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language as said in ``context`` (a short form for a tight place)."""
    return _catalog(_state["lang"]).pgettext(context, message)


def decimal(value: float) -> str:
    """One decimal, with the language's decimal sign (Greek writes ``0,5``).

    >>> decimal(0.25), decimal(78.0)
    ('0.2', '78.0')
    """
    return f"{value:.1f}".replace(".", pgettext("decimal sign", "."))


def items_joined(items: Iterable[str]) -> str:
    """Items that hold commas of their own, in one line: ``"; "`` between them, the Greek ano teleia ``"· "``
    in Greek (where ``;`` is the question mark, and a screen reader asks each item as a question).

    >>> items_joined(["a build of 9 (five, four)", "three"])
    'a build of 9 (five, four); three'
    """
    return pgettext("between items that hold commas", "; ").join(items)


def N_(message: str) -> str:  # noqa: N802 - gettext's own name
    """Marks ``message`` for the catalog without translating it (a constant translated when shown)."""
    return message


_RANK_WORDS = (N_("ace"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"),
               N_("eight"), N_("nine"), N_("ten"), N_("jack"), N_("queen"), N_("king"))
_SUIT_WORDS = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
_RANK_CODES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def card_name(code: str) -> str:
    """A card's name in words (for screen readers) from its canonical code: ``ten of diamonds``,
    ``δεκάρι καρό``."""
    rank = _RANK_WORDS[_RANK_CODES.index(code[:-1])]
    return _("{rank} of {suit}").format(rank=_(rank), suit=_(_SUIT_WORDS[code[-1]]))


def rank_name(rank: int) -> str:
    """A rank (1 = ace ... 13 = king) in words, in the current language: ``jack``, ``βαλές``."""
    return _(_RANK_WORDS[rank - 1])


_SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def rank_letter(rank: str) -> str:
    """A rank as printed in text of the current language (``rank`` is the card code's: ``Q``, ``10``):
    Greek writes the initials of its own names, Α Ρ Ν Β for A K Q J (``docs/rules.md``, "Greek rank
    letters"); numbers stay numbers.

    >>> set_language("el")
    'el'
    >>> rank_letter("Q"), rank_letter("10"), card_symbol("KH")
    ('Ν', '10', 'Ρ♥')
    >>> set_language("en")
    'en'
    >>> rank_letter("Q"), card_symbol("10D")
    ('Q', '10♦')
    """
    if rank == "A":
        return pgettext("rank letter", "A")
    if rank == "K":
        return pgettext("rank letter", "K")
    if rank == "Q":
        return pgettext("rank letter", "Q")
    if rank == "J":
        return pgettext("rank letter", "J")
    return rank


def card_symbol(code: str) -> str:
    """A card's short printed form in the current language, from its canonical code: ``10♦``, ``Ρ♥``."""
    return rank_letter(code[:-1]) + _SUIT_SYMBOLS[code[-1]]
