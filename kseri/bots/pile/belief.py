"""What the other player's plays reveal, and sampling hidden cards accordingly.

Players nearly always take the pile when they hold the top card's rank. So a
player who dropped a card on a pile topped by a seven held no seven at that
moment, and since a hand only shrinks within a packet, holds none now either.
:func:`excluded_ranks` collects these certainties for the current packet
(dropping any that the player's own later plays contradict: that player does
not follow the rule).

Every other play says something too: a player who counts cards leads the
rank it thinks safest and spends a jack only on a pile worth it.
:func:`other_decisions` lists the other player's plays this packet with what
it could see then, and :class:`Sampler` prefers hands with which the counting
heuristic (:mod:`kseri.bots.pile.heuristic`) would have made the same plays,
without ruling any hand out. This is how ``hard`` reads its opponent.

>>> from kseri.engine.cards import Card
>>> from kseri.engine.pile.observation import Observation
>>> idx = lambda codes: tuple(Card.parse(c).index for c in codes.split())
>>> obs = Observation(seat=1, dealer=1, hand=idx("7H 8S 9S 2C QD KD"),
...                   opening=idx("3C 9D QH 5S"), plays=idx("4H"))
>>> sorted(excluded_ranks(obs)[0])      # seat 0 dropped 4H on 5S: it holds no five
[4]
>>> import random
>>> world = sample_world(obs, random.Random(1), excluded_ranks(obs))
>>> any(rank_index(c) == 4 for c in world.hands[0])
False
"""

from __future__ import annotations

import random
from collections.abc import Generator
from dataclasses import dataclass

from kseri.bots.pile.heuristic import DEFAULT_HEURISTIC, HeuristicParams, card_scores
from kseri.bots.thinking import finish
from kseri.engine.cards import JACK_INDEX, RANK_INDEX, rank_index
from kseri.engine.pile.observation import Observation
from kseri.engine.pile.round import Round
from kseri.engine.rules import card_points_table
from kseri.engine.state import sample, shuffle

__all__ = ["Decision", "Sampler", "excluded_ranks", "mismatches", "other_decisions", "play_fit", "sample_world",
           "seat_decisions"]


def excluded_ranks(obs: Observation) -> dict[int, frozenset[int]]:
    """For each other seat, the ranks it cannot hold now (it declined to take them this packet)."""
    rules = obs.rules
    per = obs.per_packet
    start = (len(obs.plays) // per) * per
    pile = list(obs.opening)
    declined: dict[int, set[int]] = {}
    played: dict[int, set[int]] = {}
    for i, c in enumerate(obs.plays):
        seat = obs.seat_of_play(i)
        rank = rank_index(c)
        takes = bool(pile) and (rank == rank_index(pile[-1]) or (rank == JACK_INDEX and rules.jacks_capture))
        if i >= start and seat != obs.seat:
            played.setdefault(seat, set()).add(rank)
            if pile and not takes:
                declined.setdefault(seat, set()).add(rank_index(pile[-1]))
        pile = [] if takes else [*pile, c]
    out = {}
    for seat, ranks in declined.items():
        if ranks & played.get(seat, set()):
            continue  # it held a rank it declined: this player does not always take
        out[seat] = frozenset(ranks)
    return out


@dataclass(frozen=True, slots=True)
class Decision:
    """One play of the other player, with what it saw then."""

    card: int
    later: tuple[int, ...]
    """Its plays after this one in the same packet (so still in its hand then)."""
    pile: tuple[int, ...]
    pile_points: int
    seen: tuple[int, ...]
    """Public copies per rank before the play (total in slot 13)."""
    next_hand: int
    stock_left: bool
    current: bool
    """In the packet being played (its hand then is partly unknown), or in a finished
    one (its whole hand then is known: ``later`` plus ``card``)."""


def other_decisions(obs: Observation, *, finished: bool = False) -> list[Decision]:
    """The other player's plays in the current packet (two players); with ``finished``,
    also those of the packets already played this round."""
    if obs.rules.players != 2:
        return []
    return seat_decisions(obs, 1 - obs.seat, finished=finished)


def seat_decisions(obs: Observation, seat: int, *, finished: bool = False) -> list[Decision]:
    """Seat ``seat``'s plays in the current packet, each with what that seat saw then (the
    public cards, and the hand size of the seat after it); with ``finished``, also those of
    the packets already played this round. At two seats, for the other seat, this is
    :func:`other_decisions`."""
    rules = obs.rules
    points = card_points_table(rules)
    per = obs.per_packet
    start = (len(obs.plays) // per) * per
    seen = [0] * 14
    for c in obs.opening:
        seen[rank_index(c)] += 1
    if obs.bottom is not None and obs.stock:  # (dealt, it is in a hand: the dealer's, until played)
        seen[rank_index(obs.bottom)] += 1
    pile = list(obs.opening)
    out = []
    for packet_start in range(0, len(obs.plays), per):
        current = packet_start == start
        plays = range(packet_start, min(packet_start + per, len(obs.plays)))
        theirs = [i for i in plays if obs.seat_of_play(i) == seat]
        left = [rules.packet_size] * rules.players  # cards each seat still holds of this packet
        stock_left = packet_start // per < rules.packets - 1
        for i in plays:
            c = obs.plays[i]
            seen[13] = sum(seen[:13])
            who = obs.seat_of_play(i)
            left[who] -= 1
            if who == seat and (current or finished):
                out.append(Decision(card=c, later=tuple(obs.plays[j] for j in theirs if j > i),
                                    pile=tuple(pile), pile_points=sum(points[x] for x in pile),
                                    seen=tuple(seen), next_hand=left[obs.seat_of_play(i + 1)],
                                    stock_left=stock_left, current=current))
            rank = rank_index(c)
            if pile and (rank == rank_index(pile[-1]) or (rank == JACK_INDEX and rules.jacks_capture)):
                pile = []
            else:
                pile.append(c)
            seen[rank] += 1
    return out


def _judge(held: list[int], d: Decision, obs: Observation, params: HeuristicParams) -> tuple[bool, int, bool]:
    """(the heuristic would also play ``d.card`` from ``held``, how many cards tie for its
    best, whether the choice mattered at all)."""
    scores = card_scores(held, list(d.pile), d.pile_points, list(d.seen), d.next_hand, d.stock_left,
                         obs.rules, card_points_table(obs.rules), params)
    best = max(scores)
    ties = sum(1 for x in scores if x >= best - 1e-9)
    return scores[held.index(d.card)] >= best - 1e-9, ties, min(scores) < best - 1e-9


def mismatches(hand: list[int], decisions: list[Decision], obs: Observation,
               params: HeuristicParams = DEFAULT_HEURISTIC) -> int:
    """How many of the other player's current-packet plays the heuristic would not have
    made, had the other player held ``hand`` (besides the cards it played since)."""
    return sum(1 for d in decisions if d.current and
               not _judge([*hand, *d.later, d.card], d, obs, params)[0])


def play_fit(obs: Observation, params: HeuristicParams = DEFAULT_HEURISTIC, seat: int | None = None) -> tuple[int, int]:
    """How closely the other player (or ``seat``) has followed the heuristic this round, in the
    packets already played, where its hands are known in hindsight: (plays the heuristic would
    also have made, plays where the choice mattered)."""
    decisions = other_decisions(obs, finished=True) if seat is None else seat_decisions(obs, seat, finished=True)
    return _agreement(decisions, obs, params)


def _agreement(decisions: list[Decision], obs: Observation, params: HeuristicParams) -> tuple[int, int]:
    """:func:`play_fit` of a seat's ``decisions`` listed with ``finished`` (the current packet's
    are skipped)."""
    agree = total = 0
    for d in decisions:
        if d.current:
            continue
        same, _, mattered = _judge([*d.later, d.card], d, obs, params)
        if mattered:
            total += 1
            agree += same
    return agree, total


class Sampler:
    """Deals the hidden cards of one observation again and again, cheaply.

    The public position is rebuilt once; each :meth:`sample` copies it and
    deals the unseen cards at random into the other hands and the stock.
    With two players it can also read the other player's plays:

    - ``excluded`` ranks (see :func:`excluded_ranks`) are never dealt to it,
      when that is possible at all (with more players, only with ``exclude_many``:
      every other hand avoids its own excluded ranks, by dealing again up to
      ``attempts`` times, then hand by hand, the most constrained first);
    - with ``read_plays``, the other player is modelled as playing the
      heuristic's card with probability ``q`` and any card otherwise, ``q``
      estimated from its plays in the finished packets of this round (where
      its hands are known) with ``prior`` = (agreeing, disagreeing) pseudo-plays.
      Hands are then kept in proportion to how likely they make the other
      player's plays this packet (rejection sampling, at most ``attempts`` tries,
      then the most plausible hand tried). A player who plays like the
      heuristic is read sharply; a player who does not, hardly at all. With more
      players, only with ``read_many``: every other seat is read so, each with its own
      ``q``, and a deal is kept in proportion to how likely it makes all their plays
      (and only if it respects every seat's excluded ranks, with ``exclude_many``).
    """

    def __init__(self, obs: Observation, rng: random.Random, excluded: dict[int, frozenset[int]] | None = None,
                 read_plays: bool = False, *, prior: tuple[float, float] = (2.0, 1.0), attempts: int = 24,
                 params: HeuristicParams = DEFAULT_HEURISTIC, exclude_many: bool = False,
                 read_many: bool = False) -> None:
        base = obs.sample_round(rng)
        self._obs = obs
        self._base = base
        self._params = params
        n = obs.rules.players
        self._others = [seat for seat in range(n) if seat != obs.seat]
        self._sizes = [len(base.hands[seat]) for seat in self._others]
        start = base.next_card
        size = len(base.deck)
        end = size - 1 if obs.bottom is not None and start < size else size  # an exposed bottom card stays put
        self._prefix = base.deck[:start]
        self._suffix = base.deck[end:]
        self._pool = [c for seat in self._others for c in base.hands[seat]] + list(base.deck[start:end])
        self._held = obs.held_back()
        """Cards known to be in the stock (put back from the opening, first packet only): never dealt
        to a hand here, shuffled into the stock's places after each deal."""
        for card in self._held:
            self._pool.remove(card)
        self._allowed = self._pool
        self._two = n == 2
        if excluded and self._two:
            ranks = excluded.get(self._others[0], frozenset())
            allowed = [c for c in self._pool if rank_index(c) not in ranks]
            if ranks and len(allowed) >= self._sizes[0]:
                self._allowed = allowed
        self._dealt_bottom = obs.hidden_bottom if not obs.stock and not self._two else None
        """An exposed bottom card the dealer (another seat) holds: the deals below may give it to
        anyone, so it is moved back to the dealer (at two seats the other hand is every unseen card)."""
        self._attempts = attempts
        self._excluded_many: list[frozenset[int]] = []
        """With more than two players and ``exclude_many``: each other seat's excluded ranks (in
        the order of ``_others``), when some seat has any."""
        if excluded and exclude_many and not self._two and any(excluded.get(s) for s in self._others):
            self._excluded_many = [excluded.get(seat, frozenset()) for seat in self._others]
        # Each seat read is listed once, finished packets included: the current packet's plays
        # are the ones to read, the finished ones tell how closely the seat follows the heuristic.
        history = other_decisions(obs, finished=True) if self._two and read_plays else []
        self._decisions = [d for d in history if d.current]
        self._scores: list[dict[int, float]] = [{} for _ in self._decisions]
        """Per decision, the heuristic's score of a card by what it depends on (see :meth:`_fits`)."""
        self.q = 0.0
        """The estimated chance that the other player plays the heuristic's card."""
        if self._decisions:
            agree, total = _agreement(history, obs, params)
            self.q = (agree + prior[0]) / (total + prior[0] + prior[1])
        self._many_decisions: list[list[Decision]] = []
        """With more than two players and ``read_many``: each other seat's plays this packet (in
        the order of ``_others``), when some seat has played."""
        self._many_scores: list[list[dict[int, float]]] = []
        self._many_q: list[float] = []
        if read_plays and read_many and not self._two:
            histories = [seat_decisions(obs, seat, finished=True) for seat in self._others]
            decisions = [[d for d in history if d.current] for history in histories]
            if any(decisions):
                self._many_decisions = decisions
                self._many_scores = [[{} for _ in seat] for seat in decisions]
                for history in histories:
                    agree, total = _agreement(history, obs, params)
                    self._many_q.append((agree + prior[0]) / (total + prior[0] + prior[1]))
        self.gave_up = 0
        """Deals so far in which reading the plays ran out of ``attempts`` and kept the likeliest
        deal tried (not a sample of the reading's own law)."""
        self.work = 0
        """Work done reading plays so far, in heuristic evaluations (about one simulated play each)."""
        self.evals = len(obs.plays) * obs.rules.packet_size if self._decisions or self._many_decisions else 0
        """Cards scored by the heuristic so far (at most this many reading the finished packets)."""

    def sample(self, rng: random.Random) -> Round:
        """One full round consistent with the observation (see :meth:`draw`)."""
        return finish(self.draw(rng))

    def draw(self, rng: random.Random) -> Generator[None, None, Round]:
        """:meth:`sample` in pieces: yields after each try at the other player's hand (whose
        cost :attr:`evals` counts), and returns the same round from the same ``rng``."""
        world = self._base.clone()
        if self._two:
            h = self._sizes[0]
            hand = yield from self._draw_hand(rng, h)
            rest = self._pool[:]
            for c in hand:
                rest.remove(c)  # one copy each (the pool order kept)
            shuffle(rest, rng)  # rng.shuffle's order and draws, faster
            world.hands[self._others[0]] = hand
        elif self._many_decisions:
            hands, rest = yield from self._deal_reading(rng)
            for seat, hand in zip(self._others, hands, strict=True):
                world.hands[seat] = hand
        elif self._excluded_many:
            hands, rest = yield from self._deal_excluding(rng)
            for seat, hand in zip(self._others, hands, strict=True):
                world.hands[seat] = hand
        else:
            pool = self._pool[:]
            shuffle(pool, rng)
            i = 0
            for seat, size in zip(self._others, self._sizes, strict=True):
                world.hands[seat] = pool[i:i + size]
                i += size
            rest = pool[i:]
        if self._held:
            rest = [*rest, *self._held]
            shuffle(rest, rng)
        world.deck = self._prefix + tuple(rest) + self._suffix
        if self._dealt_bottom is not None:
            _give_back(world.hands, self._others, self._obs.dealer, self._dealt_bottom, rng)
        return world

    def _deal_excluding(self, rng: random.Random) -> Generator[None, None, tuple[list[list[int]], list[int]]]:
        """The other hands (in the order of ``_others``) and the rest of the pool (shuffled), no hand
        holding a rank it declined this packet: a uniform deal among those that respect every
        seat's exclusions (rejection), or after ``attempts`` tries, one dealt hand by hand, the
        most constrained first, each from the cards it may hold (when there are enough)."""
        excluded = self._excluded_many
        for _ in range(self._attempts):
            dealt = self._deal_once(rng, excluded)
            if dealt is not None:
                return dealt
            yield
        return self._deal_hand_by_hand(rng)

    def _deal_once(self, rng: random.Random,
                   excluded: list[frozenset[int]]) -> tuple[list[list[int]], list[int]] | None:
        """The pool shuffled and dealt into the other hands (and the rest), or None if a hand got a
        rank of its ``excluded``."""
        pool = self._pool[:]
        shuffle(pool, rng)
        self.work += 1
        self.evals += len(pool) // 4  # a shuffle costs about as much as scoring this many cards
        ranks = RANK_INDEX
        hands = []
        i = 0
        for size, out in zip(self._sizes, excluded, strict=True):
            hand = pool[i:i + size]
            i += size
            if out and any(ranks[c] in out for c in hand):
                return None
            hands.append(hand)
        return hands, pool[i:]

    def _deal_hand_by_hand(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """:meth:`_deal_excluding`'s last resort: each hand dealt from the cards it may hold (when
        there are enough), the most constrained first."""
        excluded = self._excluded_many or [frozenset()] * len(self._sizes)
        sizes = self._sizes
        ranks = RANK_INDEX
        rest = self._pool[:]
        dealt: list[list[int]] = [[] for _ in sizes]
        for k in sorted(range(len(sizes)), key=lambda k: -len(excluded[k])):
            allowed = [c for c in rest if ranks[c] not in excluded[k]]
            hand = sample(allowed if len(allowed) >= sizes[k] else rest, sizes[k], rng)
            for c in hand:
                rest.remove(c)
            dealt[k] = hand
        shuffle(rest, rng)
        self.work += 1
        self.evals += len(self._pool)
        return dealt, rest

    def _deal_reading(self, rng: random.Random) -> Generator[None, None, tuple[list[list[int]], list[int]]]:
        """The other hands (in the order of ``_others``) and the rest of the pool (shuffled), kept
        in proportion to how likely they make every other seat's plays this packet (each seat
        playing the heuristic's card with its own chance ``q``, any card otherwise), among deals
        that respect the excluded ranks: rejection, at most ``attempts`` tries, then the most
        plausible deal tried (or, if none respected them, one dealt hand by hand)."""
        excluded = self._excluded_many or [frozenset()] * len(self._sizes)
        best: tuple[list[list[int]], list[int]] | None = None
        best_weight = -1.0
        for _ in range(self._attempts):
            dealt = self._deal_once(rng, excluded)
            if dealt is not None:
                hands = dealt[0]
                # Keep the deal with probability prod(weight of each play / its largest possible
                # weight), as the two-seat reading does, over every seat's plays.
                u = rng.random()
                weight = 1.0
                for hand, decisions, scores_of, q in zip(hands, self._many_decisions, self._many_scores,
                                                         self._many_q, strict=True):
                    weight = self._weight(hand, decisions, scores_of, q, u, weight)
                    if weight < u:
                        break
                if weight >= u:
                    return dealt
                if weight > best_weight:
                    best, best_weight = dealt, weight
            yield
        self.gave_up += 1
        if best is not None:
            return best
        return self._deal_hand_by_hand(rng)

    def _draw_hand(self, rng: random.Random, h: int) -> Generator[None, None, list[int]]:
        allowed = self._allowed
        decisions = self._decisions
        if not decisions:
            return sample(allowed, h, rng)  # rng.sample's cards and draws, faster
        q = self.q
        best: list[int] = []
        best_weight = -1.0
        for _ in range(self._attempts):
            hand = sample(allowed, h, rng)
            # Keep the hand with probability prod(weight of each play / its largest possible
            # weight): draw u first and stop as soon as the product falls below it.
            u = rng.random()
            weight = self._weight(hand, decisions, self._scores, q, u)
            self.work += 1
            self.evals += 1
            if weight >= u:
                return hand
            if weight > best_weight:
                best, best_weight = hand, weight
            yield
        self.gave_up += 1
        return best

    def _weight(self, hand: list[int], decisions: list[Decision], scores_of: list[dict[int, float]], q: float,
                u: float, weight: float = 1.0) -> float:
        """``weight`` times, for each of ``decisions`` made by a seat holding ``hand`` then, the
        chance of that play (the heuristic's card with chance ``q``, any card otherwise) over its
        largest possible chance; it stops as soon as the product falls below ``u``."""
        for d, scores in zip(decisions, scores_of, strict=True):
            held = [*hand, *d.later, d.card]
            self.work += 1
            self.evals += len(held)
            same, ties = self._fits(held, d, scores)
            other = (1.0 - q) / len(held)
            weight *= ((q / ties if same else 0.0) + other) / (q + other)
            if weight < u:
                break
        return weight

    def _fits(self, held: list[int], d: Decision, scores: dict[int, float]) -> tuple[bool, int]:
        """:func:`_judge`'s first two answers (whether the heuristic plays ``d.card`` from
        ``held``, how many cards tie for its best), from scores kept across samples
        (:meth:`_scores_held`)."""
        got = self._scores_held(held, d, scores)
        limit = max(got) - 1e-9
        ties = 0
        for score in got:
            if score >= limit:
                ties += 1
        # held ends with d.card; an earlier copy of it (the double pack) has the same score.
        return got[-1] >= limit, ties

    def _scores_held(self, held: list[int], d: Decision, scores: dict[int, float]) -> list[float]:
        """The heuristic's scores of ``held`` at decision ``d``, from scores kept across samples.

        For one decision (its pile, what was seen, the hand's size: all fixed while sampling), a
        card's score depends only on the card, how many cards of its rank and how many jacks
        are held (:func:`~kseri.bots.pile.heuristic.card_scores`). Thousands of sampled hands share
        those, so each score is computed once, by ``card_scores`` itself on the first hand that
        needs it: the same floats as scoring every hand afresh, at a fraction of the cost.
        """
        ranks = RANK_INDEX
        counts = [0] * 13
        for x in held:
            counts[ranks[x]] += 1
        jacks = counts[JACK_INDEX]
        keys = [x << 8 | counts[ranks[x]] << 4 | jacks for x in held]  # counts and jacks < 16
        try:
            return [scores[k] for k in keys]
        except KeyError:
            obs = self._obs
            got = card_scores(held, list(d.pile), d.pile_points, list(d.seen), d.next_hand, d.stock_left,
                              obs.rules, card_points_table(obs.rules), self._params)
            scores.update(zip(keys, got, strict=True))
            return [scores[k] for k in keys]


def _give_back(hands: list[list[int]], others: list[int], seat: int, card: int, rng: random.Random) -> None:
    """Make ``seat`` hold ``card``: the one of ``others`` (the seats sampled, never the observer, whose
    hand is known, copy of ``card`` or not) who holds it swaps it for one of ``seat``'s cards, at random."""
    if card in hands[seat]:
        return
    holder = next((hands[s] for s in others if s != seat and card in hands[s]), None)
    if holder is None:
        return
    i = rng.randrange(len(hands[seat]))
    holder[holder.index(card)], hands[seat][i] = hands[seat][i], card


def sample_world(obs: Observation, rng: random.Random, excluded: dict[int, frozenset[int]]) -> Round:
    """One full round consistent with ``obs`` and, when possible, with ``excluded``."""
    return Sampler(obs, rng, excluded).sample(rng)
