"""The saved game (``kseri-save/1``): what the page keeps of a match against the bots, read and written.

A save is the match as a record (:mod:`kseri.engine.record`) plus what the record does not say: the
session's seed (later deals and the bots' choices follow from it), the bots' level (one for all, or
one per seat), the people sharing the device and their names, whether the finished match was counted
in the statistics, and the cards taken back. :class:`GameSave` is that, read and checked field by
field: a field this version cannot use is left at its default (the game goes on), while a save with
no playable match, a bad seed or another table's rules is refused in one line (:class:`SessionError`).

>>> import random
>>> from kseri.engine.match import Match
>>> save = GameSave(seed=7, level="hard", match=Match.new(rng=random.Random(7)), takebacks=2)
>>> again = GameSave.parse(save.to_text())
>>> (again.seed, again.level, again.takebacks, again.people)
(7, 'hard', 2, ())
>>> GameSave.parse('{"format": "kseri-save/1", "seed": -1}')
Traceback (most recent call last):
...
kseri.table.seats.SessionError: the saved game's seed -1 is not valid
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Self

from kseri.engine.errors import KseriError, headline, one_line
from kseri.engine.match import Match
from kseri.engine.record import from_record, to_record
from kseri.table.notices import brief
from kseri.table.saves import read_save
from kseri.table.seats import DEFAULT_LEVEL, MAX_SEED, SessionError, is_level
from kseri.table.tables import table_refusal

__all__ = ["MAX_TAKEBACKS_READ", "SAVE_FORMAT", "GameSave", "takeback_count"]

SAVE_FORMAT = "kseri-save/1"

MAX_TAKEBACKS_READ = 10**6
"""A count of take-backs above this in a save or a record is read as none (it was not written here)."""


def takeback_count(value: object) -> int:
    """The take-backs a save or a record counts (anything else: none).

    >>> takeback_count(3), takeback_count(-1), takeback_count("3"), takeback_count(True)
    (3, 0, 0, 0)
    """
    return value if type(value) is int and 0 <= value <= MAX_TAKEBACKS_READ else 0


@dataclass(frozen=True, kw_only=True, slots=True)
class GameSave:
    """A saved game against the bots, as read (or about to be written)."""

    seed: int
    level: str
    """The level every bot plays (the header's), unless :attr:`seat_levels` says otherwise."""
    match: Match
    seat_levels: tuple[str, ...] = ()
    """Each seat's bot level where they differ (seat 0's entry unused); empty: all play :attr:`level`."""
    people: tuple[int, ...] = ()
    """The seats of the people sharing the device, when more than one (empty: you alone, in seat 0)."""
    names: tuple[str, ...] = ()
    """Their own names, by seat ("" keeps the default)."""
    counted: bool = False
    """Whether the finished match was added to the statistics."""
    takebacks: int = 0

    @classmethod
    def parse(cls, text: str | None) -> Self:
        """The save in ``text``; :class:`SessionError` (one line) if it is not one this version can resume."""
        if not text:
            raise SessionError("there is no saved game")
        data = read_save(text, name="saved game", what="save", format=SAVE_FORMAT, fail=SessionError)
        seed = data.get("seed")
        if seed is None:
            raise SessionError("the saved game has no seed")
        if type(seed) is not int or not 0 <= seed <= MAX_SEED:
            raise SessionError(f"the saved game's seed {brief(seed)} is not valid")
        level = data.get("level")
        try:
            match = from_record(data.get("record"))
        except KseriError as exc:
            raise SessionError(f"the saved game's record is broken: {headline(one_line(exc))}") from None
        if table_refusal(match.rules):
            raise SessionError(f"the saved game is not at this table ({brief(match.rules.profile)})")
        if not match.rounds:
            raise SessionError("the saved game's record has no rounds")
        return cls(seed=seed, level=level if is_level(level) else DEFAULT_LEVEL,
                   match=match, seat_levels=_seat_levels(data.get("levels"), match.rules.players),
                   people=_people(data.get("people", 1)), names=_names(data.get("names", [])),
                   counted=data.get("counted", False) is True and match.is_over,
                   takebacks=takeback_count(data.get("takebacks")))

    def to_text(self) -> str:
        """The save's JSON (compact; only the fields that say something)."""
        data: dict[str, Any] = {"format": SAVE_FORMAT, "seed": self.seed, "level": self.level,
                                "record": to_record(self.match)}
        if self.counted:
            data["counted"] = True
        if self.takebacks:
            data["takebacks"] = self.takebacks
        if self.seat_levels:
            data["levels"] = list(self.seat_levels)
        if len(self.people) > 1:
            data["people"] = list(self.people)
            data["names"] = list(self.names)
        return json.dumps(data, separators=(",", ":"))


def _seat_levels(value: object, players: int) -> tuple[str, ...]:
    """A level for every seat, each one known; anything else: none (every bot plays the header's)."""
    if isinstance(value, list) and len(value) == players and all(is_level(x) for x in value):
        return tuple(value)
    return ()


def _people(value: object) -> tuple[int, ...]:
    """The people's seats as saved (an older save gave their number: they sat first); the session checks
    them against the table. Not a list of several: you alone."""
    seats = list(range(value)) if type(value) is int and 0 <= value <= 64 else value
    if isinstance(seats, list) and len(seats) > 1 and all(type(seat) is int for seat in seats):
        return tuple(seats)
    return ()


def _names(value: object) -> tuple[str, ...]:
    """The people's names as saved (anything not a string: the default)."""
    return tuple(n if isinstance(n, str) else "" for n in value) if isinstance(value, list) else ()
