"""What one seat may know at the sums table, and sampling the hidden cards consistently with it.

The sums table's counterpart of :class:`~kseri.engine.pile.observation.Observation`: the
rules, the seat, the dealer, the seat's own hand, the opening cards and every play
so far as the record writes it (``7H``, ``7H:3C+4D``, ``5S>3H``), plus the match
score. Every public fact (the table's loose cards and builds, who owns a build,
the capture stacks) follows from these by replaying the plays; another seat's
hand and the stock's order are never in it.

>>> import random
>>> from kseri.engine.rules import SUMS
>>> from kseri.engine.sums.round import SumsRound, _demo_deck
>>> state = SumsRound.from_deck(SUMS, 1, _demo_deck())
>>> _ = state.apply("7H:3C+4D")
>>> obs = SumsObservation.from_round(state, seat=1)
>>> obs.to_move, len(obs.hand), obs.stock
(1, 6, 36)
>>> sampled = obs.sample_round(random.Random(1))
>>> sampled.hands[1] == state.hands[1] and sampled.pile == state.pile
True
>>> SumsObservation.from_json(obs.to_json()) == obs
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kseri.engine.cards import CODES, code_index, played_code
from kseri.engine.errors import KseriError, ObservationError, shown
from kseri.engine.rules import SUMS, Rules
from kseri.engine.sums.round import SumsMove, SumsRound, number_value
from kseri.engine.table import TableObservation
from kseri.engine.turn_order import read_rules, read_score, read_seats

__all__ = ["SumsObservation", "SumsObservationError"]

class SumsObservationError(ObservationError):
    """A sums observation that is malformed or that no real position could produce."""


def played_card(play: str) -> int:
    """The hand card a play string puts down (``7H:3C+4D`` → 7H)."""
    return code_index(played_code(play))


@dataclass(frozen=True, kw_only=True, slots=True)
class SumsObservation(TableObservation[SumsMove]):
    """One seat's view of a sums round in progress. Cards are engine indices; plays are strings."""

    rules: Rules = SUMS
    plays: tuple[str, ...]
    """The plays so far this round, as the record writes them (``7H``, ``7H:3C+4D``, ``5S>3H``)."""
    target: int = 37

    def played_cards(self) -> list[int]:
        return [played_card(p) for p in self.plays]

    def unseen(self) -> list[int]:
        """Cards this seat has not seen: the other hands and the stock."""
        seen = set(self.hand) | set(self.opening) | set(self.played_cards())
        return [c for c in range(52) if c not in seen]

    def public_round(self) -> SumsRound:
        return self.sample_round(random.Random(0))

    def legal_moves(self) -> list[SumsMove]:
        """This seat's legal plays (they depend only on public facts and the hand)."""
        return self.public_round().legal_moves()

    # -- construction ------------------------------------------------------------------

    @classmethod
    def from_round(cls, state: SumsRound, *, seat: int, totals: Sequence[int] = (0, 0),
                   target: int | None = None) -> SumsObservation:
        """What ``seat`` sees of the sums round ``state``."""
        if not isinstance(state, SumsRound):
            raise SumsObservationError(f"the {state.rules.profile} table is not the sums table")
        return cls(rules=state.rules, seat=seat, dealer=state.dealer, hand=tuple(state.hands[seat]),
                   opening=tuple(state.opening), plays=tuple(state.plays), totals=tuple(totals),
                   target=state.rules.target if target is None else target)

    def sample_round(self, rng: random.Random) -> SumsRound:
        """A full round in this position, the unseen cards dealt at random."""
        rules = self.rules
        pool = self.unseen()
        rng.shuffle(pool)
        deck = self.deal_order(self.played_cards(), self.seat, self.hand, self.opening, pool, SumsObservationError)
        deck += pool
        state = SumsRound.from_deck(rules, self.dealer, deck, check=False)
        for i, play in enumerate(self.plays):
            try:
                move = state.parse_move(play)
            except KseriError as exc:
                raise _play_error(i, play, exc) from None
            state.apply_move(move)
        return state

    # -- JSON (the kseri-bot/1 observation of this table) ---------------------------------

    def to_json(self) -> dict[str, Any]:
        state = self.public_round()
        return {
            "rules": self.rules.to_spec(),
            "seat": self.seat,
            "dealer": self.dealer,
            "hand": [CODES[c] for c in self.hand],
            "opening": [CODES[c] for c in self.opening],
            "plays": list(self.plays),
            "table": [str(item) for item in state.table],
            "stock": self.stock,
            "totals": list(self.totals),
            "target": self.target,
        }

    @classmethod
    def from_json(cls, data: Any) -> SumsObservation:
        """Read and check an observation; :class:`SumsObservationError` says what is wrong. The
        conveniences ``table`` and ``stock``, when given, must be what ``opening`` and ``plays`` say."""
        rules = read_rules(data, SUMS.profile, SumsObservationError)
        if rules.table != "sums":
            raise SumsObservationError(f"the {rules.profile} table is not the sums table")
        seat, dealer = read_seats(data, rules, SumsObservationError)
        if data.get("bottom") is not None:  # the pile tables' exposed card (null is none, as there): not dropped
            raise SumsObservationError("bottom: the sums table has no exposed bottom card")
        cards: dict[str, tuple[int, ...]] = {}
        for key in ("hand", "opening"):
            value = data[key]
            if not isinstance(value, list) or len(value) > 52:
                raise SumsObservationError(f"{key!r} must be a list of at most 52 card codes")
            try:
                cards[key] = tuple(code_index(code) for code in value)
            except KseriError as exc:
                raise SumsObservationError(f"{key}: {exc}") from None
        plays = data["plays"]
        if not (isinstance(plays, list) and len(plays) <= 52 and all(isinstance(p, str) and len(p) <= 80
                                                                       for p in plays)):
            raise SumsObservationError("'plays' must be a list of at most 52 play strings")
        totals, target = read_score(data, rules, SumsObservationError)
        obs = cls(rules=rules, seat=seat, dealer=dealer, hand=cards["hand"], opening=cards["opening"],
                  plays=tuple(plays), totals=totals, target=target)
        obs.check()
        if "stock" in data and type(data["stock"]) is not int:  # (36.0 == 36 in Python: as the pile tables say it)
            raise SumsObservationError(f"stock must be a whole number, got {shown(data['stock'])}")
        if "table" in data or "stock" in data:
            public = obs.to_json()
            for key in ("table", "stock"):
                if key in data and _canonical_items(data[key]) != public[key]:
                    raise SumsObservationError(f"{key} {shown(data[key])} does not follow from opening and plays "
                                               f"(it is {shown(public[key])})")
        return obs

    def check(self) -> None:
        """Raise :class:`SumsObservationError` unless a real position could look like this."""
        rules = self.rules
        for i, play in enumerate(self.plays):  # each play names its card, or the error names the play
            try:
                played_card(play)
            except KseriError as exc:
                raise SumsObservationError(f"plays: {_play_error(i, play, exc)}") from None
        played = self.played_cards()
        everything = [*self.hand, *self.opening, *played]
        if len(set(everything)) != len(everything):
            dup = next(c for c in everything if everything.count(c) > 1)
            raise SumsObservationError(f"card {CODES[dup]} appears twice")
        if len(self.opening) != rules.opening_size:
            raise SumsObservationError(f"opening must hold {rules.opening_size} cards, not {len(self.opening)}")
        if len(self.plays) >= 52 - rules.opening_size:
            raise SumsObservationError("the round is over: no card left to play")
        expected = self.hand_sizes()[self.seat]
        if len(self.hand) != expected:
            raise SumsObservationError(f"seat {self.seat} should hold {expected} cards after "
                                       f"{len(self.plays)} plays, not {len(self.hand)}")
        # Replaying checks every play against the position it was made in. Another seat's
        # build was legal only if that seat held a card of the new value, and its loose card
        # only if it owned no build or had no other move: hidden facts, so such plays are
        # checked for what is public (a build's base is there and the sum is at most 10).
        state = SumsRound.from_deck(rules, self.dealer, self._any_deck(), check=False)
        for i, play in enumerate(self.plays):
            try:
                move = state.parse_move(play)
                if move not in state.legal_moves() and not self._public_build(state, move):
                    state.apply(move)  # raises, saying why
                state.apply_move(move)
            except KseriError as exc:
                raise _play_error(i, play, exc) from None

    def _public_build(self, state: SumsRound, move: SumsMove) -> bool:
        """Whether ``move`` is another seat's build or loose card, legal as far as this seat can see."""
        if state.to_move == self.seat or move.card not in state.hands[state.to_move]:
            return False
        if move.kind == "drop":
            return True
        if move.kind != "build":
            return False
        base = next((item for item in state.table if item.cards[0] == move.onto), None)
        value = number_value(move.card)
        return (base is not None and base.value is not None and value is not None
                and base.value + value <= 10)

    def _any_deck(self) -> list[int]:
        """A deck that deals this seat's hand and every played card where it was played."""
        return list(self.sample_round(random.Random(0)).deck)


def _play_error(index: int, play: str, exc: KseriError) -> SumsObservationError:
    """``play`` (the ``index``-th, counted from 0 as the replay counts) refused for ``exc``."""
    head = f"play {index} {shown(play)}"
    return SumsObservationError(f"{head}: {str(exc).removeprefix(shown(play) + ': ')}")


def _canonical_items(value: Any) -> Any:
    """A ``table`` list with its card codes spelled canonically (``"3c"`` → ``"3C"``, ``"[3c+4D=7]"`` →
    ``"[3C+4D=7]"``), as the readers accept any spelling of a code; anything else as given (it then
    fails the comparison and is named in the error)."""
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        return value
    try:
        return [_canonical_item(item) for item in value]
    except KseriError:
        return value


def _canonical_item(item: str) -> str:
    if item.startswith("[") and item.endswith("]"):
        cards, equals, total = item[1:-1].partition("=")
        return "[" + "+".join(CODES[code_index(code)] for code in cards.split("+")) + equals + total + "]"
    return CODES[code_index(item)]
