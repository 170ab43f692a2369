"""The review at every table and seating (issue 23): four seats in partnerships, six seats (three
sides), the open table, and pass and play (each person their own plays).

Every play of the reviewed seat is reviewed, no loss is negative, and the review sees only what the
player saw: the same review when the other seats' hidden cards are dealt otherwise, consistently with
everything the player saw. The searches are bounded by samples (``samples=``) and their work is
measured in their own units, never by a clock."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kseri.bots.pile.params import STEP_WORK
from kseri.engine.match import Match
from kseri.engine.rules import Rules, rules_from_spec
from kseri.table.review import RoundReview
from kseri.table.seat_plan import SeatPlan
from kseri.table.seats import HUMAN, SessionError
from kseri.table.session import GameSession

SEATINGS = {
    "four in partnerships": {"profile": "greek", "players": 4},
    "six, three sides": {"profile": "fourcard", "players": 6, "packs": 2},
    "four alone": {"profile": "greek", "players": 4, "partnerships": False},
    "open table": {"profile": "sums"},
}
"""The seatings reviewed (the two-seat pile game has its own tests: test_review.py, test_hint_review.py)."""

SAMPLES = 6
"""Sampled deals per move: enough to tell a thrown-away capture, few enough for a quick test."""


def play_round(session: GameSession, rng: random.Random) -> GameSession:
    """Play the round out: the bots by their level, the people a random legal move (passing the device)."""
    while session.phase in ("human", "bot"):
        if session.phase == "bot":
            session.play_bot()
            continue
        if session.handover is not None:
            session.take_seat()
        session.play_human(str(rng.choice(session.round.legal_moves())))
    return session


def finished(spec: dict[str, Any], seed: int = 3, plan: str | None = None) -> GameSession:
    session = GameSession.new(rules=rules_from_spec(spec), seed=seed, level="easy")
    if plan is not None:
        session.apply_plan(SeatPlan.parse(plan, players=session.players))
    return play_round(session, random.Random(seed))


def seat_moves(match: Match, seat: int) -> list[tuple[int, str]]:
    """``(play index, move)`` of each play ``seat`` made in the last round, replayed from its deal."""
    state = match.rounds[-1]
    replay = match.table.from_deck(state.rules, state.dealer, state.deck, check=False)
    out = []
    for i, move in enumerate(state.play_codes()):
        if replay.to_move == seat:
            out.append((i, move))
        replay.apply(move)
    return out


@pytest.mark.parametrize("name", list(SEATINGS))
def test_every_play_is_reviewed_at_every_seating(name):
    session = finished(SEATINGS[name])
    assert session.can_review and session.reviewers == (HUMAN,)
    review = RoundReview(session.match, seed=0, samples=SAMPLES)
    plays = review.plays()
    mine = seat_moves(session.match, HUMAN)
    assert [(p.index, p.move) for p in plays] == mine and len(plays) > 0
    assert [p.number for p in plays] == list(range(1, len(plays) + 1))
    for p in plays:
        assert p.loss >= 0 and p.played in p.hand
        cards = [c.card for c in p.choices]
        assert len(cards) == len(set(cards)) and set(cards) <= set(p.hand)  # each card valued once
        assert set(cards) == set(p.hand) or p.table is not None  # (the open table: a build may bar some cards)
        assert p.choices[0].loss == 0 and all(c.loss >= 0 for c in p.choices)
        row = next(c for c in p.choices if c.card == p.played)
        assert p.row.loss == p.loss >= row.loss and p.row.card == p.played  # the way played: its best way or worse
    assert all(p.mistake == (p in review.mistakes()) for p in plays)
    assert review.work > 0 and 0 < review.largest_unit < 2 * STEP_WORK  # sliced: a unit is a few ms of work


def test_the_open_table_reviews_the_way_a_card_was_played():
    """At the open table a card may take, build or lie loose: the play is valued as the way it was made,
    against the best move, and the open table is shown as it lay."""
    session = finished(SEATINGS["open table"], seed=5)
    plays = RoundReview(session.match, seed=0, samples=SAMPLES).plays()
    assert all(p.table is not None for p in plays)
    assert all(p.way for p in plays)  # every row of the open table names its way ("Take 3♣ + 4♦", "Lay it loose")
    assert all(p.move.split(":")[0].split(">")[0] == p.played for p in plays)
    assert any(p.loss > 0 for p in plays)  # random moves: some cost points


def test_the_value_is_the_sides_as_the_hint_says_it():
    """At four seats in partnerships the review shows what the hint showed at each position (the hint's
    search values it for the side: seats 0 and 2 together), and values afresh as the hint values."""
    session = GameSession.new(rules=rules_from_spec(SEATINGS["four in partnerships"]), seed=8, level="easy")
    shown = {}
    while session.phase in ("human", "bot"):
        if session.phase == "bot":
            session.play_bot()
            continue
        shown[len(session.round.plays)] = session.hints()
        session.play_human(shown[len(session.round.plays)][0].card)
    plays = session.review().plays()
    assert [p.index for p in plays] == sorted(shown)
    assert all(p.choices == shown[p.index] and p.loss == 0 for p in plays)  # the hint's ★ played: no loss
    afresh = GameSession.restore(session.to_save()).review().plays()  # a reload forgets the hints
    assert all(p.choices == shown[p.index] for p in afresh if not p.forced)


def seat_slots(rules: Rules, dealer: int, seat: int) -> list[int]:
    """The deck's slots dealt to ``seat``, in dealing order (``docs/formats.md`` §"Deck order")."""
    n, k, o = rules.players, rules.packet_size, rules.opening_size
    order = (seat - dealer - 1) % n
    packets = (rules.cards - o) // (n * k)
    return [(0 if j == 0 else n * k + o + (j - 1) * n * k) + order * k + i for j in range(packets) for i in range(k)]


@pytest.mark.parametrize("name", ["four in partnerships", "six, three sides", "open table"])
def test_the_review_sees_only_what_the_player_saw(name):
    """The deal dealt again, the other seats' hidden cards (and the stock) shuffled consistently with
    everything seat 0 saw up to its third play (its own cards where they were), the round then played on
    otherwise: the review of those three plays is the same."""
    session = finished(SEATINGS[name], seed=4)
    match = session.match
    third = seat_moves(match, HUMAN)[2][0]
    state = match.rounds[-1]
    replay = match.table.from_deck(state.rules, state.dealer, state.deck, check=False)
    for move in state.play_codes()[:third]:
        replay.apply(move)
    seen = match.table.observation(replay, HUMAN)
    dealt = len([i for i, _ in seat_moves(match, HUMAN) if i < third]) + len(seen.hand)  # seat 0's cards so far
    mine = seat_slots(state.rules, state.dealer, HUMAN)[:dealt]
    original = RoundReview(match, seed=0, samples=SAMPLES).plays()[:3]
    for shuffle in range(2):
        deck = list(seen.sample_round(random.Random(shuffle)).deck)
        assert sorted(deck[i] for i in mine) == sorted(state.deck[i] for i in mine)
        for i in mine:  # seat 0's cards in the order it was dealt them (the order it saw its hand in)
            deck[i] = state.deck[i]
        assert deck != list(state.deck)  # the hidden cards really differ
        other = Match(state.rules, first_dealer=state.dealer)
        other.next_round(deck)
        for move in state.play_codes()[:third + 1]:  # seat 0's third play too
            other.play(move)
        rng = random.Random(shuffle)
        while not other.round.is_terminal():
            other.play(str(rng.choice(other.round.legal_moves())))
        again = RoundReview(other, seed=0, samples=SAMPLES).plays()[:3]
        assert [(p.index, p.move, p.choices, p.loss) for p in again] == \
            [(p.index, p.move, p.choices, p.loss) for p in original]


def test_pass_and_play_reviews_each_persons_own_plays():
    """Two people and two bots at four seats: each person's review goes through their own plays only; a
    bot's seat has none."""
    session = finished(SEATINGS["four alone"], seed=6, plan="person|easy|person|easy")
    assert session.people == 2 and session.can_review and session.reviewers == (0, 2)
    for seat in session.reviewers:
        review = session.review(seat=seat)
        assert review.seat == seat
        plays = review.plays()
        assert [(p.index, p.move) for p in plays] == seat_moves(session.match, seat)
        assert all(p.loss >= 0 for p in plays)
    assert session.review().seat == 0  # the first person's, unless another is named
    with pytest.raises(SessionError):
        session.review(seat=1)


def test_pass_and_play_at_two_seats():
    """Two people sharing the device at two seats: each reviews their own plays, the other's never."""
    rules: Rules = rules_from_spec({"profile": "greek"})
    session = finished({"profile": "greek"}, seed=2, plan="person|person")
    first, second = (session.review(seat=seat).plays() for seat in (0, 1))
    assert {p.index for p in first}.isdisjoint({p.index for p in second})
    assert len(first) == len(second) == rules.cards // 2 - 2  # 52 cards, 4 of them the opening: 24 each


def test_the_review_is_the_same_however_it_is_sliced():
    session = finished(SEATINGS["six, three sides"], seed=7)
    whole = RoundReview(session.match, seed=0, samples=SAMPLES)
    sliced = RoundReview(session.match, seed=0, samples=SAMPLES)
    while not sliced.step(max_ms=0.5):
        done, total = sliced.progress()
        assert 0 <= done <= total
    assert sliced.plays() == whole.plays() and sliced.work == whole.work
