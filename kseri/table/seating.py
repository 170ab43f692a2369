"""Who sits at a session's table: the people sharing the device ("pass and play": their seats and own
names, the one holding the device) and each bot's level, with whose turn it is and whom the device
must be passed to. :class:`SeatedMatch` is the base of :class:`~kseri.table.session.GameSession`,
which plays the match; who sits where travels in records and links as a
:class:`~kseri.table.seat_plan.SeatPlan`.

>>> from kseri.engine.match import Match
>>> from kseri.engine.rules import rules_from_spec
>>> table = SeatedMatch(Match(rules_from_spec({"profile": "fourcard", "players": 4}), first_dealer=0), level="easy")
>>> table.set_people((0, 2), ("Anna", ""))
>>> table.persons, table.name_of(2), table.name_of(1), table.viewer is None
((0, 2), 'Player 3', 'Eleni', True)
>>> table.set_seat_levels(("easy", "hard", "easy", "medium"))
>>> table.seat_plan.codes()
('person:Anna', 'hard', 'person', 'medium')
"""

from __future__ import annotations

from kseri.engine.errors import IllegalMoveError
from kseri.engine.match import Match
from kseri.engine.rules import Rules
from kseri.engine.text import isolated
from kseri.i18n import _
from kseri.table.notices import brief
from kseri.table.seat_plan import PERSON, SeatPlan, SeatPlanError, clean_name, distinct_names, entries_error
from kseri.table.seats import HUMAN, MIXED, Phase, SessionError, check_level, seat_name

__all__ = ["SeatedMatch"]


class SeatedMatch:
    """A match and who sits at its table: the people, the one holding the device, each bot's level.

    A change of seats or levels calls :meth:`_forget_thinking` or :meth:`_forget_bots`, which the
    session overrides: what it thought out for the old seating no longer applies."""

    def __init__(self, match: Match, *, level: str) -> None:
        self.match = match
        self._level = check_level(level)
        self._seat_levels: tuple[str, ...] = ()
        """Each seat's bot level when they differ (seat 0 unused); empty: every bot plays :attr:`level`."""
        self._persons: tuple[int, ...] = (HUMAN,)
        """The seats of the people sharing this device ("pass and play"); bots sit in the others."""
        self._names: tuple[str, ...] = ()
        """The people's own names, by seat ("" keeps the default; empty with one person)."""
        self.viewer: int | None = HUMAN
        """The person holding the device: whose hand is drawn. None after a reload with several people
        (nobody's hand shows until the next person takes the device)."""

    def _forget_bots(self) -> None:
        """The bots' levels changed (the session forgets the decisions they were making)."""

    def _forget_thinking(self) -> None:
        """The seats of the people, or the one holding the device, changed (the session forgets what it
        thought out for the person to move)."""

    @property
    def rules(self) -> Rules:
        return self.match.rules

    @property
    def players(self) -> int:
        """Seats at the table: you in seat 0, bots in the others."""
        return self.match.rules.players

    @property
    def phase(self) -> Phase:
        """Whose turn it is: a person's (``human``) or a bot's, or between rounds, or after the match."""
        if self.match.is_over:
            return "match_over"
        state = self.match.round  # either table's round: only what both have is asked here
        if state.is_terminal():
            return "round_over"
        return "human" if self.is_person(state.to_move) else "bot"

    @property
    def to_move(self) -> int:
        """The seat whose turn it is (the last mover's next, once the round is over)."""
        return self.match.round.to_move

    # -- who sits where, and the bots' levels -------------------------------------------

    @property
    def seat_plan(self) -> SeatPlan:
        """Who sits where: the people (with their own names) and each bot's level."""
        return SeatPlan(seats=tuple(PERSON if self.is_person(seat) else self.level_of(seat)
                                    for seat in range(self.players)), names=self._names)

    def apply_plan(self, plan: SeatPlan) -> None:
        """Seat the people and bots of ``plan`` (:class:`SessionError` if it is not for this table)."""
        if len(plan.seats) != self.players:
            raise SeatPlanError(entries_error(len(plan.seats), self.players))
        bots = [entry for entry in plan.seats if entry != PERSON]
        if bots and self._level not in bots:  # the header shows a level some bot plays: the commonest
            self.level = max(bots, key=bots.count)
        self.set_seat_levels(plan.levels(self._level))
        self.set_people(plan.persons, plan.names)

    @property
    def level(self) -> str:
        return self._level

    @level.setter
    def level(self, value: str) -> None:
        """A new level takes effect from the bot's next decision."""
        self._level = check_level(value)
        self._seat_levels = ()  # the header's level: every bot plays it
        self._forget_bots()

    def level_of(self, seat: int) -> str:
        """The level of the bot in ``seat``."""
        return self._seat_levels[seat] if self._seat_levels else self._level

    @property
    def bots_level(self) -> str:
        """The level the bots at this table play: theirs if they share one, :data:`~kseri.table.seats.MIXED`
        if not (what the statistics count a match under; the table's :attr:`level` may be neither)."""
        found = {self.level_of(seat) for seat in range(self.players) if not self.is_person(seat)}
        return found.pop() if len(found) == 1 else MIXED if found else self._level

    @property
    def seat_levels(self) -> tuple[str, ...]:
        """Each seat's bot level (seat 0's is the table's :attr:`level`, unused)."""
        return tuple(self.level_of(seat) for seat in range(self.players))

    def set_seat_levels(self, seat_levels: tuple[str, ...]) -> None:
        """Give each bot its own level (``seat_levels[seat]``; seat 0's entry is ignored); a level for
        every seat, else :class:`SessionError`."""
        if len(seat_levels) != self.players:
            raise SessionError(f"{len(seat_levels)} levels for {self.players} seats")
        checked = tuple(check_level(level) for level in seat_levels)
        self._seat_levels = () if len(set(checked[1:])) <= 1 and checked[1:2] == (self._level,) else \
            (self._level, *checked[1:])
        self._forget_bots()

    # -- people at the table ("pass and play") -----------------------------------------

    @property
    def your_side(self) -> int:
        """The side the summaries call "you": seat 0's; -1 (nobody) with people sharing the device."""
        return HUMAN if self.people == 1 else -1

    @property
    def people(self) -> int:
        """How many people share the device; 1: you against the bots."""
        return len(self._persons)

    @property
    def persons(self) -> tuple[int, ...]:
        """The people's seats, seat 0 (whoever opened the page) first."""
        return self._persons

    @property
    def own_names(self) -> tuple[str, ...]:
        """The names the people gave themselves, by seat ("": the default "Player N"; empty with one person)."""
        return self._names

    @property
    def reviewers(self) -> tuple[int, ...]:
        """The seats whose plays a finished round's review goes through
        (:meth:`GameSession.review <kseri.table.session.GameSession.review>`): the people's (you against the
        bots: seat 0 alone). With people sharing the device each reviews their own plays, after the
        round: every card has been played by then, so a person's past hands tell nobody anything that
        still matters."""
        return self._persons

    def is_person(self, seat: int) -> bool:
        return seat in self._persons

    def set_people(self, people: int | tuple[int, ...], names: tuple[str, ...] = ()) -> None:
        """Seat people in the seats ``people`` (a number ``n``: seats 0 .. n - 1; seat 0 is always one),
        bots in the others, with their ``names`` by seat ("" or missing: "Player N"); names are cut to
        :data:`~kseri.table.seat_plan.NAME_LIMIT` characters of one line."""
        seats = tuple(range(people)) if type(people) is int else people
        if not isinstance(seats, tuple) or not seats or seats[0] != HUMAN or list(seats) != sorted(set(seats)) \
                or any(type(s) is not int for s in seats) or seats[-1] >= self.players:
            raise SessionError(f"people sit in seats 0 to {self.players - 1}, seat 0 first, got {brief(people)}")
        self._persons = seats
        given = tuple(clean_name(names[seat]) if seat < len(names) and seat in seats else ""
                      for seat in range(self.players))
        defaults = tuple(_("Player {n}").format(n=seat + 1) if seat in seats else "" for seat in range(self.players))
        self._names = distinct_names(given, defaults) if len(seats) > 1 else ()
        self.viewer = HUMAN if len(seats) == 1 else None
        self._forget_thinking()

    @property
    def handover(self) -> int | None:
        """The person the device must be passed to before their hand can show (None: nobody)."""
        if self.phase != "human":
            return None
        seat = self.match.round.to_move
        return seat if seat != self.viewer else None

    def take_seat(self) -> None:
        """The person whose turn it is has the device: their hand may show."""
        if self.handover is None:
            raise IllegalMoveError("there is nobody to pass the device to")
        self.viewer = self.match.round.to_move
        self._forget_thinking()

    def name_of(self, seat: int) -> str:
        """A seat's name as the table shows it: a person's own (or "Player N"), "You", or its bot's. A
        person's own name comes in a directional isolate (:func:`~kseri.engine.text.isolated`): it goes
        into sentences, whose words it must not reorder."""
        if self.people > 1 and self.is_person(seat):
            return isolated(self._names[seat]) if seat < len(self._names) and self._names[seat] else \
                _("Player {n}").format(n=seat + 1)
        return seat_name(seat)

    def _line_names(self) -> tuple[str, ...]:
        """Each seat's name for the lines that say who played ("" where "You" or "Bot" says it)."""
        if self.people == 1 and self.players == 2:
            return ()
        return tuple("" if self.people == 1 and seat == HUMAN else self.name_of(seat) for seat in range(self.players))
