"""Errors raised by the core.

Every error is a :class:`ValueError`, so callers that only care about "bad
input" can catch one type, and each message names the offending input and,
where there is one, the position (round and play index) it was found at.

Input from outside (a record, a link, a protocol line) may be huge: a message
quotes such a value only through :func:`quoted`, which cuts it short, and
:func:`one_line` caps a whole message as a safety net.

>>> quoted("x" * 1_000_000)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
>>> quoted(10**5000)
'<an integer of about 5001 digits>'
>>> len(one_line(RulesError("y" * 1_000_000)))
300
"""

from __future__ import annotations

import math
import reprlib

__all__ = [
    "MESSAGE_LIMIT",
    "CardCodeError",
    "IllegalMoveError",
    "KseriError",
    "ObservationError",
    "PositionError",
    "RecordError",
    "RulesError",
    "TableError",
    "card_code_error",
    "headline",
    "one_line",
    "quoted",
    "shown",
]

MESSAGE_LIMIT = 300
"""Characters of one error line at most (:func:`one_line`)."""


class KseriError(ValueError):
    """Base class of every error the package raises on bad input."""


class CardCodeError(KseriError):
    """A string is not a card code (``"10D"``, ``"JS"``, ...)."""


class IllegalMoveError(KseriError):
    """A move the rules do not allow in the current position."""


class TableError(IllegalMoveError):
    """An operation the round's table does not have, e.g. the pile tables' card-index fast
    path (:meth:`~kseri.engine.match.Match.play_index`) at the sums table."""


class ObservationError(KseriError):
    """An observation (one seat's view, ``kseri-bot/1``) that is malformed or that no real
    position could produce."""


class PositionError(KseriError):
    """A position that cannot be set up (:meth:`~kseri.engine.pile.round.Round.from_position`):
    a card given twice, a seat that does not exist, a hand larger than a packet, ..."""


class RulesError(KseriError):
    """An unknown profile or option, or options that do not fit together."""


class RecordError(KseriError):
    """A game record that cannot be read or that contradicts the rules.

    ``where`` locates the problem, e.g. ``"round 2, play 17"``.
    """

    def __init__(self, message: str, where: str | None = None) -> None:
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)


def one_line(exc: BaseException, limit: int = MESSAGE_LIMIT) -> str:
    """An error's message as one line, without a final full stop (its type name if it has none),
    cut to ``limit`` characters (ending in ``…``) however long the message is.

    >>> one_line(RecordError("bad card", "round 1, play 3"))
    'round 1, play 3: bad card'
    """
    try:
        message = str(exc).strip()
    except Exception:  # a message that cannot be made (e.g. an integer too long for str())
        message = ""
    text = message.splitlines()[0].strip() if message else type(exc).__name__
    text = text.rstrip(".")
    return text if len(text) <= limit else text[:limit - 1] + "…"


class _Repr(reprlib.Repr):
    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:  # str() refuses integers over 4,300 digits, and takes long before
            digits = len(str(abs(x))) if x.bit_length() < 14_000 else f"about {math.floor(math.log10(abs(x))) + 1}"
            return f"<an integer of {digits} digits>"
        return super().repr_int(x, level)


def headline(text: str) -> str:
    """A one-line message without its final bracketed details, for a person who cannot act on them
    (the details stay in the console and in errors for developers).

    >>> headline("save: not JSON (Expecting value at line 1 column 2)")
    'save: not JSON'
    >>> headline("first_dealer: missing (the seat that dealt round 0 (the first), 0 to 1)")
    'first_dealer: missing'
    >>> headline("the key 'a (b' is given twice"), headline("no details")
    ("the key 'a (b' is given twice", 'no details')
    """
    if not text.endswith(")"):
        return text
    depth = 0
    for i in range(len(text) - 1, -1, -1):  # the "(" that opens the final group
        depth += {")": 1, "(": -1}.get(text[i], 0)
        if depth == 0:
            head = text[:i].rstrip() if i > 0 and text[i - 1] == " " else ""
            return head or text  # (a message that is all brackets, or glued to them, stays whole)
    return text


def _short_repr(limit: int) -> _Repr:
    """A fresh repr-maker for one message (no shared state to change between calls)."""
    short = _Repr()
    short.maxlevel = 3
    short.maxdict = short.maxlist = short.maxtuple = short.maxset = 6
    short.maxstring = short.maxother = short.maxlong = limit
    return short


def quoted(value: object, limit: int = 40) -> str:
    """``repr(value)`` for an error message, at most ``limit`` characters (ending in ``…`` when
    cut): safe for any value from outside, however long, deep or large.

    >>> quoted("10X"), quoted([1, 2]), quoted(None)
    ("'10X'", '[1, 2]', 'None')
    """
    try:
        if isinstance(value, str):
            text = repr(value[:limit + 1])
            if len(value) > limit:
                text = text[:-1]  # no closing quote: the string goes on
        else:
            text = _short_repr(limit).repr(value)
    except Exception:  # a repr that fails: name the type only
        text = f"<{type(value).__name__}>"
    text = " ".join(text.split()) if not isinstance(value, str) else text
    return text if len(text) <= limit else text[:limit - 1] + "…"


def card_code_error(code: object) -> CardCodeError:
    """The error for ``code``, which is not a card code, quoting it cut short (callers that
    parse outside input raise this instead of :meth:`~kseri.engine.cards.Card.parse`'s own).

    >>> str(card_code_error("Z" * 10_000))
    "not a card code: 'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ… (expected e.g. 10D, JS, 2C, AH)"
    """
    if not isinstance(code, str):
        return CardCodeError(f"card code must be a string, got {shown(code)}")
    return CardCodeError(f"not a card code: {quoted(code)} (expected e.g. 10D, JS, 2C, AH)")


def shown(value: object, limit: int = 40) -> str:
    """A JSON value for an error message: :func:`quoted`, but ``null``, ``true`` and ``false``
    as JSON writes them.

    >>> shown(None), shown(True), shown("greek")
    ('null', 'true', "'greek'")
    """
    if value is None or isinstance(value, bool):
        return "null" if value is None else str(value).lower()
    return quoted(value, limit)
