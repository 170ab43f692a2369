"""Who sits in each seat, in a notation that links and records carry.

One entry per seat, seat 0 first: a bot's level (``easy`` .. ``expert``), ``person`` for
a person at this device, or ``person:Name`` for one with a name of their own. Seat 0 is always a
person: whoever opened the page. In a URL the entries are ``|``-separated
(``seats=person:Anna|hard|person:Bob|easy``); a record lists them (``"seats": [...]``).

>>> plan = SeatPlan.parse("person:Anna|hard|person:Bob|easy", players=4)
>>> plan
SeatPlan(seats=('person', 'hard', 'person', 'easy'), names=('Anna', '', 'Bob', ''))
>>> plan.persons, plan.text()
((0, 2), 'person:Anna|hard|person:Bob|easy')
>>> SeatPlan.parse(plan.codes(), players=4) == plan
True
>>> SeatPlan.parse("person|genius", players=2)
Traceback (most recent call last):
...
kseri.table.seat_plan.SeatPlanError: seats: seat 1 is 'genius', not a level (easy, medium, hard, expert) or 'person'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kseri.engine.text import plain_name
from kseri.i18n import _, ngettext
from kseri.table.notices import brief
from kseri.table.seats import SessionError, levels

__all__ = ["NAME_LIMIT", "PERSON", "SeatPlan", "SeatPlanError", "clean_name", "distinct_names", "entries_error"]

PERSON = "person"
"""A seat's entry for a person at this device."""

NAME_LIMIT = 20
"""The longest name a person may give themselves (characters)."""

MAX_TEXT = 400
"""The longest ``seats=`` text read (six seats with twenty-character names fit in 200)."""


class SeatPlanError(SessionError):
    """A seat plan that cannot be used; the message names the seat, in the page's language (it is
    shown to players who followed a link)."""


def entries_error(entries: int, players: int) -> str:
    """Why a plan of ``entries`` entries does not seat a table of ``players``.

    >>> entries_error(1, 2)
    'seats: 1 entry for 2 seats'
    """
    return ngettext("seats: {n} entry for {players} seats", "seats: {n} entries for {players} seats",
                    entries).format(n=entries, players=players)


def clean_name(name: str) -> str:
    """A person's name as the table keeps it: one line of valid text (a lone surrogate becomes U+FFFD),
    no ``|`` (the plan's separator), no bidirectional controls (the page shows it isolated from the
    sentence around it: :func:`kseri.engine.text.isolated`), at most :data:`NAME_LIMIT` characters.

    >>> clean_name("  Anna \\n the great  "), clean_name("A|B"), len(clean_name("x" * 99))
    ('Anna the great', 'A B', 20)
    >>> clean_name("x" * 19 + " y")  # cut where a space was: cleaning it again changes nothing
    'xxxxxxxxxxxxxxxxxxx'
    >>> clean_name("\\ud800Bob"), clean_name("\\u202eAnna")
    ('�Bob', 'Anna')
    """
    return " ".join(plain_name(str(name)).replace("|", " ").split())[:NAME_LIMIT].rstrip()  # no trailing space


def distinct_names(names: tuple[str, ...], defaults: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The people's names told apart: a name given before (in any case: the score prints them in capitals),
    or another seat's default (``defaults``, by seat: "Player N" where ``names`` has ""), is numbered, so that
    "pass the device to Anna" names one person.

    >>> distinct_names(("Anna", "", "anna", "Anna"))
    ('Anna', '', 'anna 2', 'Anna 3')
    >>> distinct_names(("x" * 20, "x" * 20))[1]
    'xxxxxxxxxxxxxxxxxx 2'
    >>> distinct_names(("Player 2", ""), ("Player 1", "Player 2"))
    ('Player 2 2', '')
    """
    taken: set[str] = {default.casefold() for name, default in zip(names, defaults, strict=False) if not name}
    out: list[str] = []
    for name in names:
        own, number = name, 1
        while own and own.casefold() in taken:
            number += 1
            suffix = f" {number}"
            own = name[:NAME_LIMIT - len(suffix)].rstrip() + suffix
        taken.add(own.casefold())
        out.append(own)
    return tuple(out)


@dataclass(frozen=True, kw_only=True, slots=True)
class SeatPlan:
    """Each seat's occupant: :data:`PERSON` or a bot level, and each person's own name ("" for none)."""

    seats: tuple[str, ...]
    names: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        count = len(self.seats)
        if not 2 <= count <= 6:
            raise SeatPlanError(ngettext("seats: {n} seat (a table has 2 to 6)",
                                         "seats: {n} seats (a table has 2 to 6)", count).format(n=count))
        if self.seats[0] != PERSON:
            raise SeatPlanError(_("seats: seat 0 is {entry}, but it is always a person (you)").format(
                entry=brief(self.seats[0])))
        for seat, entry in enumerate(self.seats):
            if entry != PERSON and entry not in levels():
                raise SeatPlanError(_("seats: seat {seat} is {entry}, not a level ({levels}) or {person}").format(
                    seat=seat, entry=brief(entry), levels=", ".join(levels()), person=repr(PERSON)))
        names = tuple(clean_name(n) if s == PERSON else "" for n, s in zip(self.names, self.seats, strict=False))
        object.__setattr__(self, "names", names + ("",) * (len(self.seats) - len(names)))

    @classmethod
    def parse(cls, entries: str | Sequence[object], *, players: int) -> SeatPlan:
        """Read a plan (``|``-separated text, or a record's list) for a table of ``players`` seats;
        :class:`SeatPlanError` (one line) names what does not hold."""
        if isinstance(entries, str):
            if len(entries) > MAX_TEXT:
                raise SeatPlanError(_("seats: {n} characters (at most {limit})").format(n=len(entries), limit=MAX_TEXT))
            entries = entries.split("|")
        elif not isinstance(entries, (list, tuple)):
            raise SeatPlanError(_("seats: expected a list of entries, got {kind}").format(kind=type(entries).__name__))
        if len(entries) != players:
            raise SeatPlanError(entries_error(len(entries), players))
        seats, names = [], []
        for seat, entry in enumerate(entries):
            if not isinstance(entry, str):
                raise SeatPlanError(_("seats: seat {seat} is {entry}, not text").format(seat=seat, entry=brief(entry)))
            kind, _colon, name = entry.strip().partition(":")
            kind = kind.strip().lower()
            if name and kind != PERSON:
                raise SeatPlanError(_("seats: seat {seat} is {entry}: only a person has a name").format(
                    seat=seat, entry=brief(entry)))
            seats.append(kind)
            names.append(name)
        return cls(seats=tuple(seats), names=tuple(names))

    @classmethod
    def default(cls, players: int, level: str) -> SeatPlan:
        """You against bots of ``level``."""
        return cls(seats=(PERSON,) + (level,) * (players - 1))

    @property
    def persons(self) -> tuple[int, ...]:
        """The seats of the people at this device (always seat 0 first)."""
        return tuple(seat for seat, entry in enumerate(self.seats) if entry == PERSON)

    def levels(self, default: str) -> tuple[str, ...]:
        """Each seat's bot level, ``default`` where a person sits."""
        return tuple(default if entry == PERSON else entry for entry in self.seats)

    def codes(self) -> tuple[str, ...]:
        """The entries, as a record lists them."""
        return tuple(f"{PERSON}:{name}" if name else entry for entry, name in zip(self.seats, self.names, strict=True))

    def text(self) -> str:
        """The entries as a URL's ``seats=`` carries them."""
        return "|".join(self.codes())
