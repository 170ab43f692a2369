"""A lean model of a sums round for the search's play-outs: :class:`SimRound`.

The engine's :class:`~kseri.engine.sums.round.SumsRound` checks, names and records every
play (each play becomes a record string); a play-out makes hundreds of thousands
of plays a decision, so it runs on this model instead: the table as tuples, the
hands and the stock as lists, each side's points and cards counted as they are
taken. It follows ``docs/rules.md`` §"Sums table" as the engine does (a test
plays both side by side).

A table item is ``(value, rank, cards, owner)``: ``value`` the number value
(0 for J, Q, K), ``rank`` the rank index of a loose card (-1 for a build),
``owner`` the seat owning a build (-1 for a loose card).

>>> from kseri.engine.cards import CODES, Card
>>> from kseri.engine.rules import SUMS
>>> from kseri.engine.sums.round import SumsRound, _demo_deck
>>> sim = SimRound.from_round(SumsRound.from_deck(SUMS, 1, _demo_deck()))
>>> [[CODES[sim.table[i][2][0]] for i in way] for way in sim.captures(Card.parse("7H").index)]
[['3C', '4D']]
"""

from __future__ import annotations

from kseri.engine.rules import card_points_table
from kseri.engine.sums.round import SumsMove, SumsRound

__all__ = ["RANK", "VALUE", "Item", "SimRound", "Turn"]

RANK: tuple[int, ...] = tuple(i // 4 for i in range(52))
"""Rank index of each card (0 ace .. 12 king)."""
VALUE: tuple[int, ...] = tuple(i // 4 + 1 if i // 4 <= 9 else 0 for i in range(52))
"""Number value of each card; 0 for J, Q, K (they take only their rank)."""

Item = tuple[int, int, tuple[int, ...], int]
"""A table item: (value, rank or -1 for a build, cards, owner or -1 for a loose card)."""

Turn = tuple[str, int, tuple[int, ...]]
"""A play in the model: (``capture``, card, item indices), (``build``, card, (index,)) or (``drop``, card, ())."""


class SimRound:
    """A sums round reduced to what play-outs need; :meth:`copy` is cheap."""

    __slots__ = (
        "card_points",
        "counts",
        "first",
        "hands",
        "last",
        "last_card_xeri",
        "majority",
        "n",
        "packet",
        "points",
        "stock",
        "table",
        "team_of",
        "teams",
        "to_move",
        "xeri_points",
    )

    card_points: tuple[int, ...]
    counts: list[int]
    hands: list[list[int]]
    last: int
    last_card_xeri: bool
    n: int
    points: list[int]
    stock: list[int]
    table: list[Item]
    team_of: tuple[int, ...]
    to_move: int
    first: int
    xeri_points: int
    majority: int
    teams: int
    packet: int

    @classmethod
    def from_round(cls, state: SumsRound) -> SimRound:
        """The model of ``state`` (its hidden cards as ``state`` has them)."""
        rules = state.rules
        sim = cls.__new__(cls)
        sim.card_points = card_points_table(rules)
        sim.n = rules.players
        sim.packet = rules.packet_size
        sim.teams = rules.teams
        sim.team_of = tuple(rules.team_of(s) for s in range(rules.players))
        sim.counts = list(state.counts)
        points = sim.card_points
        sim.points = [sum(points[c] for c in state.captured[s]) + state.bonus[s] for s in range(sim.n)]
        sim.hands = [list(h) for h in state.hands]
        sim.stock = list(state.deck[state.next_card:])
        sim.table = [(item.value or 0, RANK[item.cards[0]] if item.owner is None else -1, item.cards,
                      -1 if item.owner is None else item.owner) for item in state.table]
        sim.to_move = state.to_move
        sim.first = state.first_player
        sim.last = -1 if state.last_capturer is None else state.last_capturer
        sim.last_card_xeri = rules.last_card_kseri
        sim.xeri_points = rules.kseri_points
        sim.majority = rules.majority_points
        return sim

    def copy(self) -> SimRound:
        sim = SimRound.__new__(SimRound)
        sim.card_points = self.card_points
        sim.n = self.n
        sim.packet = self.packet
        sim.teams = self.teams
        sim.team_of = self.team_of
        sim.counts = self.counts[:]
        sim.points = self.points[:]
        sim.hands = [h[:] for h in self.hands]
        sim.stock = self.stock[:]
        sim.table = self.table[:]
        sim.to_move = self.to_move
        sim.first = self.first
        sim.last = self.last
        sim.last_card_xeri = self.last_card_xeri
        sim.xeri_points = self.xeri_points
        sim.majority = self.majority
        return sim

    @property
    def done(self) -> bool:
        return not self.stock and not any(self.hands)

    # -- moves -----------------------------------------------------------------------

    def captures(self, card: int) -> list[tuple[int, ...]]:
        """Every way ``card`` captures: tuples of table item indices."""
        table = self.table
        value = VALUE[card]
        if value == 0:
            rank = RANK[card]
            return [(i,) for i, item in enumerate(table) if item[1] == rank]
        numbers = [(i, item[0]) for i, item in enumerate(table) if item[0]]
        found: list[tuple[int, ...]] = []
        stack: list[tuple[int, int, tuple[int, ...]]] = [(0, value, ())]
        while stack:
            start, remaining, chosen = stack.pop()
            for j in range(start, len(numbers)):
                index, v = numbers[j]
                if v == remaining:
                    found.append((*chosen, index))
                elif v < remaining:
                    stack.append((j + 1, remaining - v, (*chosen, index)))
        return found

    def builds(self, card: int) -> list[int]:
        """Table item indices ``card`` may build onto (the mover holds a card of the sum)."""
        value = VALUE[card]
        if value == 0:
            return []
        hand = self.hands[self.to_move]
        held = {VALUE[c] for c in hand if c != card}
        return [i for i, item in enumerate(self.table) if item[0] and item[0] + value <= 10
                and item[0] + value in held]

    def owns_build(self, seat: int) -> bool:
        return any(item[3] == seat for item in self.table)

    def capture(self, card: int, indices: tuple[int, ...]) -> None:
        seat = self.to_move
        self.hands[seat].remove(card)
        table = self.table
        points = self.card_points
        gained = points[card]
        taken = 1
        for i in indices:
            for c in table[i][2]:
                gained += points[c]
                taken += 1
        if len(indices) == len(table):
            self.table = []
            if self.last_card_xeri or self.stock or any(self.hands):
                gained += self.xeri_points
        else:
            drop = set(indices)
            self.table = [item for i, item in enumerate(table) if i not in drop]
        self.points[seat] += gained
        self.counts[seat] += taken
        self.last = seat
        self._next()

    def build(self, card: int, index: int) -> None:
        seat = self.to_move
        self.hands[seat].remove(card)
        value, _, cards, _ = self.table[index]
        self.table[index] = (value + VALUE[card], -1, (*cards, card), seat)
        self._next()

    def drop(self, card: int) -> None:
        self.hands[self.to_move].remove(card)
        self.table.append((VALUE[card], RANK[card], (card,), -1))
        self._next()

    def take_turn(self, turn: Turn) -> None:
        """Make a play of the model (known to be legal here)."""
        kind, card, indices = turn
        if kind == "capture":
            self.capture(card, indices)
        elif kind == "build":
            self.build(card, indices[0])
        else:
            self.drop(card)

    def play(self, move: SumsMove) -> None:
        """Make an engine move (known to be legal here)."""
        if move.kind == "capture":
            taken = set(move.take)
            self.capture(move.card, tuple(i for i, item in enumerate(self.table) if taken & set(item[2])))
        elif move.kind == "build":
            self.build(move.card, next(i for i, item in enumerate(self.table) if item[2][0] == move.onto))
        else:
            self.drop(move.card)

    def _next(self) -> None:
        n = self.n
        self.to_move = (self.to_move + 1) % n
        hands = self.hands
        if any(hands):
            return
        stock = self.stock
        if stock:
            k = min(self.packet, len(stock) // n)
            for i in range(n):
                seat = (self.first + i) % n
                hands[seat] = stock[i * k:(i + 1) * k]
            del stock[:n * k]
            self.to_move = self.first
        elif self.table and self.last >= 0:
            seat = self.last
            for item in self.table:
                for c in item[2]:
                    self.points[seat] += self.card_points[c]
                    self.counts[seat] += 1
            self.table = []

    def engine_move(self, kind: str, card: int, indices: tuple[int, ...]) -> SumsMove:
        """The engine's move for a play of the model in this position."""
        if kind == "capture":
            return SumsMove(card, "capture", tuple(c for i in indices for c in self.table[i][2]))
        if kind == "build":
            return SumsMove(card, "build", onto=self.table[indices[0]][2][0])
        return SumsMove(card, "drop")

    # -- the result --------------------------------------------------------------------

    def team_points(self) -> list[int]:
        """Each team's points so far, with the majority award for the cards taken so far."""
        teams = [0] * self.teams
        cards = [0] * self.teams
        for seat in range(self.n):
            team = self.team_of[seat]
            teams[team] += self.points[seat]
            cards[team] += self.counts[seat]
        most = max(cards)
        if cards.count(most) == 1:
            teams[cards.index(most)] += self.majority
        return teams

    def difference(self, team: int) -> float:
        """``team``'s points minus the best other team's (the majority award included)."""
        points = self.team_points()
        return points[team] - max(p for t, p in enumerate(points) if t != team)
