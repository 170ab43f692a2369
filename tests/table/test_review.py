"""The review of a round (kseri.table.review): it finds a thrown-away capture, is the same however
it is sliced, and sees only what the player saw."""

from __future__ import annotations

import json
import random

from kseri.bots import choose
from kseri.engine.cards import Card
from kseri.engine.match import Match
from kseri.engine.pile.observation import Observation
from kseri.engine.pile.round import Round
from kseri.table.review import MISTAKES_SHOWN, RoundReview
from kseri.table.seats import HUMAN


def codes(*cs: str) -> list[int]:
    return [Card.parse(c).index for c in cs]


def dealt(hand: list[int], opening: list[int], rng: random.Random) -> list[int]:
    """A Greek deck (seat 1 deals, so you lead) with your first hand and the opening pile given."""
    rest = [c for c in range(52) if c not in hand and c not in opening]
    rng.shuffle(rest)
    return hand + rest[:6] + opening + rest[6:]


def finish(match: Match, first: Card | None = None) -> Match:
    """Play the round out: ``first`` for your first card, then both sides play the medium policy."""
    state = match.round
    rng = random.Random(7)
    if first is not None:
        match.play(first)
    while not state.is_terminal():
        seen = Observation.from_round(state, seat=state.to_move)
        match.play(choose("medium", seen, rng))
    return match


def a_round(first: str) -> Match:
    """You hold 9D with 9S on top of a pile worth 4 points, and play ``first``."""
    match = Match(first_dealer=1)
    match.next_round(dealt(codes("9D", "JC", "5S", "5H", "KD", "2C"), codes("AC", "10D", "KS", "9S"),
                           random.Random(3)))
    return finish(match, Card.parse(first))


def test_a_thrown_away_capture_is_the_biggest_mistake() -> None:
    review = RoundReview(a_round("5S"), seed=1, samples=24)
    first = review.plays()[0]
    assert first.played == "5S" and first.hand[0] == "9D" and first.pile[-1] == "9S"
    best = first.choices[0]
    assert best.best and best.card in ("9D", "JC")
    assert first.loss >= 2.0 and first.mistake
    mistakes = review.mistakes()
    assert first in mistakes and len(mistakes) <= MISTAKES_SHOWN
    assert all(m.loss >= 1.0 for m in mistakes)


def test_taking_the_pile_is_no_mistake() -> None:
    first = RoundReview(a_round("9D"), seed=1, samples=24).plays()[0]
    assert first.loss < 1.0 and not first.mistake and first.choices[0].card in ("9D", "JC")


def test_the_review_is_reproducible_and_independent_of_slicing() -> None:
    match = a_round("5S")
    whole = RoundReview(match, seed=5, samples=8).plays()
    sliced = RoundReview(match, seed=5, samples=8)
    steps = 0
    while not sliced.step(max_ms=0.2):
        steps += 1
        done, total = sliced.progress()
        assert 0 <= done <= total == 24
    assert steps > 24  # really sliced: more than one step per position
    assert sliced.plays() == whole


def test_the_review_sees_only_what_you_saw() -> None:
    """The same first position with other hidden cards (the bot's hand, the stock): the same review of it."""
    match = a_round("5S")
    start = Round.from_deck(match.rules, 1, match.pile_round(0).deck)
    seen = Observation.from_round(start, seat=HUMAN)
    reviews = []
    for resample in range(3):
        other = Match(first_dealer=1)
        other.next_round(list(seen.sample_round(random.Random(resample)).deck))
        assert other.round.hands[1] != start.hands[1]  # the hidden cards really differ
        reviews.append(RoundReview(finish(other, Card.parse("5S")), seed=1, samples=24).plays()[0])
    original = RoundReview(match, seed=1, samples=24).plays()[0]
    assert all(r.choices == original.choices and r.loss == original.loss for r in reviews)


def test_a_round_with_no_choice_is_valued_without_search() -> None:
    """The last card of a packet: one card in hand, worth what it is worth (no loss)."""
    plays = RoundReview(a_round("9D"), seed=1, samples=4).plays()
    lone = [p for p in plays if len(p.hand) == 1]
    assert lone and all(p.forced and p.loss == 0.0 and not p.mistake for p in lone)


def test_a_round_from_a_shared_link_is_reviewed_like_any_other() -> None:
    """A ``#r=`` link opens its finished round with the summary: the session reviews it, seeded by the position."""
    from kseri.engine.record import dumps
    from kseri.table import share
    from kseri.table.session import GameSession

    match = a_round("5S")
    record = share.decode_record(share.encode(match))
    session = GameSession.from_record_text(json.dumps(record), seed=11)
    assert session.phase == "round_over"
    review = session.review()
    assert review.progress() == (0, 24)
    plays = review.plays()
    assert plays == RoundReview(match, seed=0).plays()
    assert plays[0].mistake and plays[0].played == "5S"
    assert dumps(session.match) == dumps(match)


def test_a_shared_round_gets_the_same_review_in_every_session() -> None:
    """The session's own seed (new at each load of a link) does not change the review."""
    from kseri.table import share
    from kseri.table.session import GameSession

    record = json.dumps(share.decode_record(share.encode(a_round("9D"))))
    first, second = (GameSession.from_record_text(record, seed=seed).review().plays() for seed in (1, 2))
    assert first == second
