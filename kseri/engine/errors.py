"""Errors raised by the core.

Every error is a :class:`ValueError`, so callers that only care about "bad
input" can catch one type, and each message names the offending input and,
where there is one, the position (round and play index) it was found at.
"""

from __future__ import annotations

__all__ = [
    "CardCodeError", "IllegalMoveError", "KseriError", "PositionError", "RecordError", "RulesError", "TableError",
    "one_line",
]


class KseriError(ValueError):
    """Base class of every error the package raises on bad input."""


class CardCodeError(KseriError):
    """A string is not a card code (``"10D"``, ``"JS"``, ...)."""


class IllegalMoveError(KseriError):
    """A move the rules do not allow in the current position."""


class TableError(IllegalMoveError):
    """An operation the round's table does not have, e.g. the pile tables' card-index fast
    path (:meth:`~kseri.engine.match.Match.play_index`) at the sums table."""


class PositionError(KseriError):
    """A position that cannot be set up (:meth:`~kseri.engine.round.Round.from_position`):
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


def one_line(exc: BaseException) -> str:
    """An error's message as one line, without a final full stop (its type name if it has none).

    >>> one_line(RecordError("bad card", "round 1, play 3"))
    'round 1, play 3: bad card'
    """
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text.rstrip(".")
