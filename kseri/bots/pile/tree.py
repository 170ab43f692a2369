"""Level ``expert`` at the pile tables: a search tree over this seat's own decisions.

``hard`` (:mod:`kseri.bots.pile.search`) tries each card on sampled deals and lets the counting
heuristic play everything after it, this seat's own later cards included: a one-step improvement
on the heuristic, which more play-outs do not make better. ``expert`` keeps hard's root (every
sampled deal is played once with each card still in the running, common random numbers, and a
card clearly worse than the leader is dropped) but searches what comes after it in a tree over
this seat's information sets (information-set Monte Carlo tree search, one observer):

- the deals are :class:`~kseri.bots.pile.belief.Sampler`'s, consistent with the observation and with
  what the other players' plays this packet suggest about their hands (``hard``'s reading; with more
  than two players, unlike ``hard``, no seat is dealt a rank it declined to take this packet,
  :attr:`ExpertParams.exclude_many`, and every other seat's plays are read as ``hard`` reads the
  other player's at two seats, :attr:`ExpertParams.read_many`);
- below the root card, at this seat's turns the tree picks a card by UCB1 over the cards in hand
  (grouped when they score alike); a node is what this seat has seen by then (the plays since the
  root), so the choice cannot depend on the sampled deal's hidden cards. With more than two
  players, where the others' plays in between make nearly every such node new, it plays the
  counting heuristic's card there instead, unless another has done clearly better at that node,
  and every fourth deal adds a pass that tries the least-tried card at one of them
  (:attr:`ExpertParams.explore_many`);
- at the other seats' turns the counting heuristic plays for them from their own view (their hand,
  the public cards). Not a tree choice: UCB over the other seats' cards would let them play as if
  they knew this seat's hand (the same in every deal), and that is the one thing they do not know
  in this game, where a kseri is made by holding the rank the other leads;
- one node is added per pass; from there the heuristic plays every seat to hard's stop (the end
  of the packet, valued by :mod:`kseri.bots.pile.value`, in the Greek game with the live top card's
  terms that ``hard`` lacks, :data:`~kseri.bots.pile.value.GREEK_LIVE_VALUE`, or the round's end) and
  the value goes back up.

So the more passes, the better this seat's later cards in the packet are played in the search
(keep a jack, the second card of a pair, which card to lead after a capture), and the root's
comparison of cards counts them. The tree ends with the packet (the next hand is a new
information set). The last packet of a two-player round, where nothing is hidden, is solved
exactly as ``hard`` solves it. (At two seats the greedy later cards, :attr:`ExpertParams.explore`
> 0, measured no better at the Greek table and worse at the four-card one.)

The work is counted in play-outs, never from the clock, and the generator yields about every
:data:`~kseri.bots.params.STEP_WORK` units of work, so a page thinks in slices and the card is
the same however the work is sliced.

>>> import random
>>> from kseri.engine.match import Match
>>> from kseri.engine.pile.observation import Observation
>>> obs = Observation.from_round(Match.new(rng=random.Random(8), first_dealer=1).round, seat=0)
>>> steps = expert_values(obs, random.Random(1), ExpertParams(iterations=64, valued_iterations=64))
>>> from kseri.bots.thinking import finish
>>> values = finish(steps)
>>> sorted(values) == sorted(set(values)) and all(c in obs.hand for c in values)
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Generator
from dataclasses import dataclass, field

from kseri.bots.pile.belief import Sampler, excluded_ranks
from kseri.bots.pile.counting import equivalence_classes
from kseri.bots.pile.heuristic import DEFAULT_HEURISTIC, HeuristicParams
from kseri.bots.pile.params import CLONE_WORK, STEP_WORK, SearchParams, packet_stop
from kseri.bots.pile.rollout import exposed_bottom, final_difference, playout, policy_card, public_seen
from kseri.bots.pile.search import Values, _Pairs, _prune, draw_sliced, search_values
from kseri.bots.pile.value import GREEK_LIVE_VALUE, PacketValue, running_value
from kseri.engine.cards import RANK_INDEX
from kseri.engine.pile.observation import Observation
from kseri.engine.pile.round import Round
from kseri.engine.rules import card_points_table

__all__ = ["EXPERT", "ExpertParams", "expert_values"]


@dataclass(frozen=True, slots=True)
class ExpertParams:
    """How ``expert`` spends its effort."""

    iterations: int = 4000
    """Play-outs per decision at most (with the paired root: sampled deals times the cards still in
    the running); the search ends sooner when one card is left in the running."""
    valued_iterations: int = 16_000
    """:attr:`iterations` where :attr:`packet_value` applies (today the two-player Greek game, whose
    play-outs end at the packet's end with that fitted value). There four times the budget measured
    stronger: +0.54 points a round (+0.00 .. +1.08) over 1,600 paired deals, for about twice the CPU
    (docs/bots.md); at the other pile tables more budget is not measured."""
    deals: int = 1000
    """Distinct sampled deals at most: iteration ``i`` plays deal ``i % deals`` again (dealing a
    deal that reads the other player's plays costs several play-outs). The root's pruning counts
    only the distinct deals in its standard errors: a replay mostly repeats its deal's result, so
    counted as a new sample it would shrink the standard error with no new information and drop
    cards too soon (docs/bots.md, "Replayed deals")."""
    exploration: float = 6.0
    """UCB1's constant, in points of round difference."""
    paired: bool = True
    """Play every sampled deal with each card still in the running at the root (common random
    numbers, and cards clearly worse than the leader dropped, as ``hard`` does), the tree deciding
    this seat's later cards; False: one tree from the root, UCB1 there too."""
    explore: int = 0
    """With the paired root, at two seats: 0 plays this seat's later cards by UCB1 (its values then
    mix in the exploring cards); ``k`` > 0 plays them greedily (the heuristic's card unless another
    has done better by :attr:`margin` after :attr:`min_visits` tries), and every ``k``-th deal adds
    an exploring pass per card that tries the least-tried card at one later decision."""
    explore_many: int = 4
    """:attr:`explore` with more than two players. There the other seats' plays between two of this
    seat's turns make nearly every node below the root new, and UCB1 at a new node tries the first
    untried card, not a good one: greedy later cards measured better at four seats (docs/bots.md)."""
    exclude_many: bool = True
    """With more than two players, deal no other seat a rank it declined to take this packet
    (``hard`` reads that at two seats only; :class:`~kseri.bots.pile.belief.Sampler`)."""
    read_many: bool = True
    """With more than two players, read every other seat's plays this packet as ``hard`` reads the
    other player's at two seats: deals are kept in proportion to how likely they make those plays,
    each seat playing the counting heuristic's card with the chance its finished packets show
    (:class:`~kseri.bots.pile.belief.Sampler`, ``read_many``). Measured no worse at four and six
    seats, at about 1.4 and 1.7 times the CPU (docs/bots.md)."""
    margin: float = 0.5
    min_visits: int = 6
    prune_share: int = 167
    """With the paired root, no card is dropped before ``iterations // prune_share`` deals (nor
    before ``hard``'s 24): with 4,000 play-outs as soon as ``hard``; with more (the Greek game's
    16,000: after 95), later, so that more time is spent where it changes the choice (``hard`` stops
    at the same point whatever its budget, which is why its strength does not grow with it)."""
    prune_z: float = 2.0
    """With the paired root: a card stops being tried when it trails the leader by this many
    standard errors (``hard``'s rule)."""
    packet_value: PacketValue = GREEK_LIVE_VALUE
    """The play-outs' value at a packet's end where it applies (:meth:`PacketValue.applies_to
    <kseri.bots.pile.value.PacketValue.applies_to>`: today's default is the Greek game's, ``hard``'s
    :data:`~kseri.bots.pile.value.GREEK_PACKET_VALUE` with the live top card's terms); there the
    play-outs stop at :func:`~kseri.bots.pile.params.packet_stop`, elsewhere where ``hard``'s do.
    Fits for the four-card tables measured no better than play-outs to the round's end
    (docs/bots.md), so none is used."""
    hard: SearchParams = field(default_factory=SearchParams)
    """``hard``'s parameters: the play-outs' stop, the reading of plays, the exact last packet."""
    rollout: HeuristicParams = DEFAULT_HEURISTIC


class _Node:
    """One information set of this seat: the plays since the root (public) lead here."""

    __slots__ = ("children", "n", "total")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        """This seat's moves (a card class's representative) or another seat's card: the node after it."""
        self.n = 0
        self.total = 0.0


def expert_values(observation: Observation, rng: random.Random,
                  params: ExpertParams) -> Generator[int, None, Values]:
    """Yield the work done every so often; return ``{card index: mean value}`` for each distinct
    card at the root (the expected final point difference, this seat's side minus the others; the
    chosen card is the most visited, and is given the highest value)."""
    seat = observation.seat
    rules = observation.rules
    points = card_points_table(rules)
    candidates = equivalence_classes(list(observation.hand), points)
    if len(candidates) == 1:
        return {candidates[0]: 0.0}
    hard = params.hard
    if hard.endgame and rules.players == 2 and observation.stock == 0:
        return (yield from search_values(observation, rng, hard))  # nothing hidden: hard's exact play
    team = rules.team_of(seat)
    packet_value = params.packet_value if params.packet_value.applies_to(rules) else None
    stop = hard.stop_for(observation) if packet_value is None else packet_stop(observation, hard.horizon)
    per = observation.per_packet
    tree_end = min(stop, (len(observation.plays) // per + 1) * per)
    iterations = params.iterations if packet_value is None else params.valued_iterations
    sampler = Sampler(observation, rng, excluded_ranks(observation) if hard.belief else None,
                      hard.belief and hard.read_plays, params=hard.rollout,
                      exclude_many=hard.belief and params.exclude_many,
                      read_many=hard.belief and hard.read_plays and params.read_many)
    rollout = params.rollout
    c_explore = params.exploration
    explore_every = params.explore if rules.players == 2 else params.explore_many
    greedy = explore_every > 0
    margin = params.margin
    min_visits = params.min_visits
    own_left = len(observation.hand) - 1  # this seat's decisions after this one in the packet
    ranks = RANK_INDEX
    root = _Node()

    reps: dict[tuple[int, ...], tuple[list[int], dict[tuple[int, int], int]]] = {}

    def moves_of(hand: list[int]) -> tuple[list[int], dict[tuple[int, int], int]]:
        """The hand's card classes (a representative each) and each class's representative by (rank, points)."""
        key = tuple(hand)
        found = reps.get(key)
        if found is None:
            moves = equivalence_classes(hand, points)
            found = reps[key] = (moves, {(ranks[c], points[c]): c for c in moves})
        return found

    def iterate(state: Round, first: int, explore: int = -1) -> tuple[float, int]:
        """One iteration on the deal ``state`` (played in place): down the tree (``first``, if
        not -1, is this seat's card at the root), the play-out; (value, work).

        With ``explore_every`` > 0 this seat's later cards are the greedy ones (the heuristic's
        card, unless another has done clearly better here), except at its ``explore``-th own
        decision below the root, where the card tried least so far is played (an exploring pass)."""
        seen = public_seen(state)
        bottom = exposed_bottom(state)
        node = root
        path: list[_Node] = []
        plays = state.plays
        expanded = False
        work = 0
        depth = -1
        while len(plays) < tree_end and not state.is_terminal():
            mover = state.to_move
            if mover == seat:
                if expanded:
                    break
                children = node.children
                if node is root and first >= 0:
                    card = first
                    child = children.get(card)
                    if child is None:
                        child = children[card] = _Node()
                elif greedy:
                    depth += 1
                    if node.n == 0 and depth != explore:
                        node.n = 1  # a new information set: the play-out's heuristic plays here
                        break
                    moves, rep = moves_of(state.hands[seat])
                    if depth == explore:
                        card = moves[0]
                        fewest = math.inf
                        for c in moves:
                            ch = children.get(c)
                            n = ch.n if ch is not None else 0
                            if n < fewest:
                                card, fewest = c, n
                    else:
                        pick = policy_card(state, seen, rollout)
                        work += len(state.hands[seat]) + 1
                        card = rep[ranks[pick], points[pick]]
                        ch = children.get(card)
                        bar = (ch.total / ch.n if ch is not None and ch.n else -math.inf) + margin
                        for c in moves:
                            ch = children.get(c)
                            if ch is not None and ch.n >= min_visits and ch.total / ch.n > bar:
                                card, bar = c, ch.total / ch.n
                    child = children.get(card)
                    if child is None:
                        child = children[card] = _Node()
                else:
                    moves = moves_of(state.hands[seat])[0]
                    fresh = next((c for c in moves if c not in children), None)
                    if fresh is not None:
                        card = fresh
                        child = children[card] = _Node()
                        expanded = True
                    else:
                        log_n = math.log(node.n) if node.n > 1 else 0.0
                        card = -1
                        best = -math.inf
                        for c in moves:
                            ch = children[c]
                            score = ch.total / ch.n + c_explore * math.sqrt(log_n / ch.n)
                            if score > best:
                                card, best = c, score
                        child = children[card]
                node.n += 1
                path.append(child)
            else:
                card = policy_card(state, seen, rollout)
                found = node.children.get(card)
                if found is None:
                    found = node.children[card] = _Node()
                child = found
                work += len(state.hands[mover]) + 1
            state.apply_index(card)
            if card != bottom:
                seen[ranks[card]] += 1
                seen[13] += 1
            node = child
            work += 2
        before = len(plays)
        if before < stop and not state.is_terminal():
            widest = max(map(len, state.hands))
            playout(state, seen, rollout, stop, bottom)
            work += (len(plays) - before) * (widest + 1)
        if state.is_terminal():
            v = final_difference(state, team)
        elif packet_value is None:
            v = running_value(state, team)
        else:
            # ``seen`` is public_seen(state) here, so the value need not count the round again;
            # not with an exposed bottom card, which a hand may now hold: it still counts it
            v = packet_value.value(state, team, seen if bottom < 0 else None)
        for ch in path:
            ch.n += 1
            ch.total += v
        return v, work

    pending = sampler.evals
    deals: list[Round] = []

    def deal(i: int) -> Generator[int, None, Round]:
        """Deal ``i``: a new sample while there are fewer than ``params.deals``, else a copy."""
        nonlocal pending
        if i >= params.deals:
            pending += CLONE_WORK
            return deals[i % params.deals].clone()
        state, pending = yield from draw_sliced(sampler, rng, pending)
        deals.append(state.clone())
        return state

    if not params.paired:
        for i in range(iterations):
            state = yield from deal(i)
            pending += iterate(state, -1)[1]
            if pending >= STEP_WORK:
                yield pending
                pending = 0
        stats = {c: root.children[c] for c in candidates if c in root.children}
        most = max(stats, key=lambda c: (stats[c].n, stats[c].total / stats[c].n))
        values = {c: stats[c].total / stats[c].n if c in stats else -math.inf for c in candidates}
        top = max(values.values())
        if values[most] < top:
            values[most] = top + 1e-6  # the most visited card is the choice
        yield from _release(root, pending)
        return values

    # Paired: every deal is played once with each card still in the running (common random
    # numbers, as hard does), this seat's later cards chosen by the tree below that card.
    results: dict[int, list[float]] = {c: [] for c in candidates}
    pairs: dict[tuple[int, int], _Pairs] = {}
    active = list(candidates)
    first_prune = max(hard.prune_after, iterations // params.prune_share)
    used = 0
    m = 0
    while used < iterations and len(active) > 1:
        world = yield from deal(m)
        last = active[-1]
        exploring = greedy and own_left > 0 and m % explore_every == 0
        for c in active:
            if exploring:
                # An exploring pass first (it only teaches the tree), then the greedy one (recorded).
                pending += iterate(world.clone(), c, (m // explore_every) % own_left)[1] + CLONE_WORK
            state = world.clone() if c != last else world
            v, work = iterate(state, c)
            results[c].append(v)
            pending += work + CLONE_WORK
            if pending >= STEP_WORK:
                yield pending
                pending = 0
        used += len(active) * (2 if exploring else 1)
        m += 1
        if m >= first_prune and m % hard.prune_every == 0:
            pending += len(active) * m // 4
            active = _prune(active, results, params.prune_z, pairs, min(m, params.deals))
    yield from _release(root, pending)
    means = {c: sum(r) / len(r) for c, r in results.items() if r}
    best = max(means[c] for c in active)
    for c in candidates:
        if c not in active and means[c] >= best:
            means[c] = best - 0.01  # dropped as worse: never chosen over a contender
    return {c: means[c] for c in candidates}


def _release(root: _Node, pending: int) -> Generator[int, None, None]:
    """Free the tree a piece at a time, yielding the work (``pending`` first, one unit a node): freed
    in one go when the search returns, the tree of a Greek decision with 16,000 play-outs took up to
    about 20 ms of CPython, all in the search's last slice."""
    stack = [root]
    while stack:
        node = stack.pop()
        stack.extend(node.children.values())
        node.children = {}
        pending += 1
        if pending >= STEP_WORK:
            yield pending
            pending = 0
    if pending:
        yield pending


EXPERT = ExpertParams()
"""The ``expert`` level's parameters."""
