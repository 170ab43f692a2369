"""The table interface: what every table of the engine offers, whatever its moves.

The engine plays two tables (``Rules.table``): the pile tables (one pile, a move is a
:class:`~kseri.engine.cards.Card`; :mod:`kseri.engine.pile`) and the open table (cards side by
side, a move is a :class:`~kseri.engine.sums.round.SumsMove`; :mod:`kseri.engine.sums`). In the
spirit of OpenSpiel, both offer the same three things, generic over the move type ``MoveT``:

- a round, :class:`TableRound`: ``legal_moves()``, ``apply(move)``, ``is_terminal()``,
  ``returns()``, ``clone()`` and the move notation of records (``parse_move(text)``; ``str(move)`` writes it);
- one seat's view of it, :class:`TableObservation` (the base of both tables' observations):
  ``legal_moves()``, ``sample_round(rng)`` (the hidden cards dealt at random: the determinization
  search averages over) and its ``kseri-bot/1`` JSON;
- the table itself, :class:`Table`: deals rounds, makes a seat's :meth:`Table.observation` of
  a round, reads an observation's JSON, resamples (:meth:`Table.resample`), reads and replays the
  plays of a record, plays a random move for simulations.

:func:`kseri.engine.tables.table_for` maps a rules profile to its :class:`Table`; everything
above the engine asks it (or its own registry keyed by :attr:`Table.name`), never the
table's name.

>>> import random
>>> from kseri.engine.rules import GREEK, SUMS
>>> from kseri.engine.tables import table_for
>>> for rules in (GREEK, SUMS):
...     table = table_for(rules)
...     state = table.deal(rules, dealer=1, rng=random.Random(4))
...     seen = table.observation(state, seat=state.to_move)
...     move = seen.legal_moves()[0]
...     again = table.resample(seen, random.Random(2))
...     same = again.parse_move(str(move)) == move
...     _ = state.apply(move), again.apply(str(move))
...     print(table.name, same, state.returns() == again.returns())
pile True True
sums True True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from kseri.engine.events import PlayEvent
from kseri.engine.rules import Rules
from kseri.engine.state import RoundState
from kseri.engine.turn_order import TurnOrder

if TYPE_CHECKING:
    from kseri.engine.match import Match

__all__ = ["BaseTable", "MoveT", "ObservationT", "RoundT", "Table", "TableObservation", "TableRound"]

MoveT = TypeVar("MoveT")
"""A table's move: a :class:`~kseri.engine.cards.Card` at the pile tables, a
:class:`~kseri.engine.sums.round.SumsMove` at the open table."""


class TableRound(RoundState, Protocol[MoveT]):
    """A round of one table (:class:`~kseri.engine.state.RoundState`, plus its moves)."""

    def legal_moves(self) -> list[MoveT]:
        """Every move the seat to move may make (none once the round is over)."""

    def apply(self, move: MoveT | str) -> PlayEvent:
        """Make one move (or its record notation), checked; :class:`~kseri.engine.errors.IllegalMoveError`
        says why not."""

    def parse_move(self, text: str) -> MoveT:
        """A move from its record notation (``str(move)`` writes it), read in this position."""

    def returns(self) -> tuple[int, ...]:
        """Each side's points for the round as it stands (its score once it is over)."""

    def clone(self) -> TableRound[MoveT]:
        """An independent copy: applying a move to it leaves this round as it was (search, and the
        bot thinking ahead of a move not made yet)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class TableObservation(TurnOrder, Generic[MoveT]):
    """What one seat may know of a round: never another seat's hand or the stock's order.

    The fields every table's observation has (each table's adds its ``plays``, and its own
    defaults); whose turn it is and how many cards are where follow from them
    (:class:`~kseri.engine.turn_order.TurnOrder`). Cards are engine indices."""

    rules: Rules
    seat: int
    dealer: int
    hand: tuple[int, ...]
    """The seat's own cards."""
    opening: tuple[int, ...]
    totals: tuple[int, ...] = (0, 0)
    """The match score, one total per side."""
    target: int = 151

    def legal_moves(self) -> list[MoveT]:
        """The seat's legal moves (they follow from what it sees)."""
        raise NotImplementedError

    def unseen(self) -> list[int]:
        """The cards the seat has not seen: the other hands and the stock."""
        raise NotImplementedError

    def public_round(self) -> TableRound[MoveT]:
        """A round in this position whose hidden cards are arbitrary (for public facts only)."""
        return self.sample_round(random.Random(0))

    def sample_round(self, rng: random.Random) -> TableRound[MoveT]:
        """A full round in this position, the unseen cards dealt at random."""
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        """The ``kseri-bot/1`` observation (``docs/formats.md`` §"Bot protocol")."""
        raise NotImplementedError


RoundT = TypeVar("RoundT", bound=TableRound[Any])
"""A table's round class (:class:`~kseri.engine.pile.round.Round`, :class:`~kseri.engine.sums.round.SumsRound`)."""
ObservationT = TypeVar("ObservationT", bound=TableObservation[Any])
"""A table's observation class."""


class Table(Protocol[RoundT, ObservationT]):
    """One table of the engine: everything the layers above need to play it without knowing it."""

    @property
    def name(self) -> str:
        """The table's id, :attr:`kseri.engine.rules.Rules.table` (``pile``, ``sums``): the key of
        every per-table registry above the engine."""

    @property
    def move_noun(self) -> str:
        """What a move is called in an error message ("a card code", "a play")."""

    def deal(self, rules: Rules, dealer: int, rng: random.Random) -> RoundT:
        """A round shuffled with ``rng`` and dealt."""

    def from_deck(self, rules: Rules, dealer: int, deck: Sequence[int], *, check: bool = True,
                  returned: Sequence[int] = ()) -> RoundT:
        """The round dealt from ``deck`` (record order), ``returned`` the opening cards seen going back
        into the stock (:attr:`~kseri.engine.state.BaseRound.returned`); ``check=False`` trusts it."""

    def observation(self, state: RoundT, seat: int, *, totals: Sequence[int] | None = None,
                    target: int | None = None) -> ObservationT:
        """What ``seat`` sees of ``state`` (``totals``: the match score, 0 for every side by default;
        ``target``: the match target, the rules' by default)."""

    def observation_from_json(self, data: Any) -> ObservationT:
        """An observation read and checked from its ``kseri-bot/1`` JSON (a one-line
        :class:`~kseri.engine.errors.KseriError` says what is wrong)."""

    def resample(self, observation: ObservationT, rng: random.Random) -> RoundT:
        """A full round consistent with ``observation``, its hidden cards dealt with ``rng``."""

    def random_play(self, state: RoundT, rng: random.Random) -> None:
        """Make a uniformly random legal move, unchecked and without an event (simulations)."""

    def read_plays(self, value: Any, where: str, rules: Rules) -> list[Any]:
        """A record round's ``plays`` read and checked for shape (:class:`~kseri.engine.errors.RecordError`)."""

    def replay(self, match: Match, play: Any, where: str) -> None:
        """Play one of :meth:`read_plays`' plays in ``match`` (a :class:`~kseri.engine.errors.RecordError`
        says why it cannot be played there)."""


class BaseTable:
    """What every :class:`Table` does alike, from its round and observation classes: a table
    subclasses it with what differs, naming them (``class PileTable(BaseTable, name="pile",
    move_noun="a card code", round_class=Round, observation_class=Observation)``)."""

    name: str
    move_noun: str
    round_class: Any
    """The table's round (``deal``, ``from_deck``)."""
    observation_class: Any
    """The table's observation (``from_round``, ``from_json``, ``sample_round``)."""

    def __init_subclass__(cls, *, name: str, move_noun: str, round_class: Any, observation_class: Any) -> None:
        super().__init_subclass__()
        cls.name, cls.move_noun = name, move_noun
        cls.round_class, cls.observation_class = round_class, observation_class

    def deal(self, rules: Rules, dealer: int, rng: random.Random) -> Any:
        return self.round_class.deal(rules, dealer, rng)

    def from_deck(self, rules: Rules, dealer: int, deck: Sequence[int], *, check: bool = True,
                  returned: Sequence[int] = ()) -> Any:
        return self.round_class.from_deck(rules, dealer, deck, check=check, returned=returned)

    def observation(self, state: Any, seat: int, *, totals: Sequence[int] | None = None,
                    target: int | None = None) -> Any:
        rules = state.rules
        return self.observation_class.from_round(state, seat=seat,
                                                 totals=(0,) * rules.teams if totals is None else tuple(totals),
                                                 target=rules.target if target is None else target)

    def observation_from_json(self, data: Any) -> Any:
        return self.observation_class.from_json(data)

    def resample(self, observation: Any, rng: random.Random) -> Any:
        return observation.sample_round(rng)
