"""One evaluation behind the hint and the review (issue 24): a round played by the hint's ★ is never
reviewed as a loss; differences within the estimate's own uncertainty are "as good as the best".

The searches' work is bounded by samples (the hint's own number, at most
:data:`~kseri.bots.pile.params.EVALUATE_SAMPLES`) and nodes, never by a clock."""

from __future__ import annotations

import random

import pytest

from kseri.bots import Thinker
from kseri.bots.pile.params import SearchParams
from kseri.bots.pile.search import paired_errors, search_values
from kseri.engine.cards import Card
from kseri.engine.match import Match
from kseri.engine.pile.observation import Observation
from kseri.engine.rules import PROFILES
from kseri.table.estimates import AS_GOOD_Z, loss_against_best, position_rng
from kseri.table.pile.strategy import PILE
from kseri.table.review import RoundReview, review_rng
from kseri.table.seats import HUMAN
from kseri.table.session import GameSession
from kseri.table.strategy import HintRows
from kseri.table.views import HintEntry


def play_by_the_hint(seed: int, rules: str = "greek") -> tuple[GameSession, dict[int, tuple[HintEntry, ...]]]:
    """A whole round against hard, you playing the hint's ★ card every turn; the hints shown, by play index."""
    session = GameSession.new(rules=PROFILES[rules], seed=seed, level="hard")
    shown: dict[int, tuple[HintEntry, ...]] = {}
    while session.phase in ("human", "bot"):
        if session.phase == "bot":
            session.play_bot()
            continue
        hints = session.hints()
        star = hints[0]
        assert star.best and star.loss == 0
        shown[len(session.round.plays)] = hints
        session.play_human(star.card)
    assert session.phase in ("round_over", "match_over")
    return session, shown


# --------------------------------------------------------------------------- a round played by the hint


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_round_played_by_the_hints_star_has_no_loss_in_its_review(seed):
    session, shown = play_by_the_hint(seed)
    plays = session.review().plays()
    assert len(plays) == 24 and len(shown) == 24  # the Greek game: 24 plays of yours
    assert not any(p.loss for p in plays), [(p.number, p.played, p.loss) for p in plays if p.loss]
    assert not any(p.mistake for p in plays)
    for play in plays:  # the values the hint showed you, exactly
        assert play.choices == shown[play.index]


def test_a_round_played_by_the_hint_reviewed_afresh_after_a_reload():
    """A reload forgets the hints (they are not saved): the review values the positions again, with the
    hint's own search, samples and generator, so it reports the same values and no loss either."""
    session, shown = play_by_the_hint(4)
    again = GameSession.restore(session.to_save())
    assert again.review()._known == {}  # nothing remembered: every position valued afresh
    plays = again.review().plays()
    assert not any(p.loss or p.mistake for p in plays)
    for play in plays:
        if not play.forced:  # (a lone card is not searched by the review: it is worth what it is worth)
            assert play.choices == shown[play.index]


def test_the_review_takes_the_hints_values_where_you_had_a_hint():
    """Where a hint was given, the review shows its values, even if a fresh search would say otherwise."""
    session, _shown = play_by_the_hint(5)
    review = session.review()
    plays = review.plays()
    first = plays[0]
    rows = tuple(HintEntry(card=code, value=0.0 if code == first.played else -5.0, best=code == first.played,
                           loss=0.0 if code == first.played else 5.0) for code in first.hand)
    known = {plays: hints for (_, plays), hints in session.hinting.hinted.items()}
    known[tuple(session.match.pile_round(0).play_codes()[:first.index])] = HintRows(rows)
    again = RoundReview(session.match, 0, seed=0, known=known).plays()
    assert again[0].choices == rows and again[0].loss == 0.0
    assert again[1:] == plays[1:]


def test_each_persons_hints_are_their_own_reviews():
    """Pass and play: each person's hints are remembered at their own positions, and each person's
    review shows their own hints' values there, never the other's."""
    from kseri.table.seat_plan import SeatPlan

    session = GameSession.new(seed=2, level="easy")
    session.apply_plan(SeatPlan.parse("person|person", players=2))
    shown: dict[int, dict[int, tuple[HintEntry, ...]]] = {0: {}, 1: {}}
    while session.phase == "human":
        if session.handover is not None:
            session.take_seat()
        assert session.viewer == session.to_move
        shown[session.viewer][len(session.round.plays)] = session.hints()
        session.play_human(session.hints()[0].card)
    assert session.phase == "round_over" and session.reviewers == (0, 1)
    for seat in (0, 1):
        plays = session.review(seat=seat).plays()
        assert [p.index for p in plays] == sorted(shown[seat]) and len(plays) == 24
        assert all(p.choices == shown[seat][p.index] and p.loss == 0 for p in plays)


# --------------------------------------------------------------------------- within the uncertainty


def test_a_difference_within_the_uncertainty_is_no_loss():
    assert loss_against_best(3.0, 3.0 - AS_GOOD_Z * 0.25, error=0.25) == 0.0  # right at the edge: as good
    assert loss_against_best(3.0, 2.4, error=0.25) == pytest.approx(0.6)  # 2.4 standard errors: a loss
    assert loss_against_best(3.0, 0.0, error=2.0) == 0.0  # a noisy estimate tells nothing apart
    assert loss_against_best(3.0, 2.9, error=0.0) == pytest.approx(0.1)  # exact values: every point counts
    assert loss_against_best(3.0, 3.5, error=0.0) == 0.0  # never negative


def test_the_hints_rows_call_a_card_within_the_uncertainty_as_good_as_the_best():
    session = GameSession.new(seed=3, level="easy")
    seen = session.observation(HUMAN)
    hand = [Card.from_index(c) for c in seen.hand]
    values = [(card, 4.0 - i) for i, card in enumerate(hand)]  # 4, 3, 2, ... one point apart
    errors = [(card, 0.0 if i == 0 else 0.6) for i, card in enumerate(hand)]  # 1 point < 2 x 0.6
    rows = PILE.hint_rows(seen, session.round, values, errors).cards
    assert rows[0].best and rows[0].loss == 0
    assert not rows[1].best and rows[1].loss == 0  # as good as the best: shown with a ★ (render.shown_best)
    assert [r.loss for r in rows[2:]] == [float(i) for i in range(2, len(hand))]  # 2 points and more: losses
    exact = PILE.hint_rows(seen, session.round, values).cards  # no errors said: every difference counts
    assert [r.loss for r in exact] == [float(i) for i in range(len(hand))]


def test_paired_errors_cancel_the_luck_the_samples_share():
    """Two cards on the same deals: a deal's luck moves both, their difference alone counts."""
    lucky = [10.0, -8.0, 3.0, 0.0, 6.0, -2.0]
    results = {1: lucky, 2: [v - 1.0 for v in lucky], 3: [v - 1.0 + (0.5 if i % 2 else -0.5) for i, v in
                                                           enumerate(lucky)]}
    errors = paired_errors(results)
    assert errors[1] == 0.0 and errors[2] == 0.0  # always one point behind: no doubt at all
    assert errors[3] == pytest.approx(0.5 / len(lucky) ** 0.5 * (len(lucky) / (len(lucky) - 1)) ** 0.5)
    assert paired_errors({1: [1.0], 2: [0.0]}) == {1: 0.0, 2: 0.0}  # one sample: no estimate of the error


def test_the_search_says_its_errors_without_changing_its_values():
    match = Match.new(rng=random.Random(8), first_dealer=1)
    seen = Observation.from_round(match.round, seat=0)
    errors: dict[int, float] = {}
    with_errors = list(search_values(seen, random.Random(1), SearchParams(), samples=40, exact=True, errors=errors))
    without = list(search_values(seen, random.Random(1), SearchParams(), samples=40, exact=True))
    assert with_errors == without  # the same work, and (below) the same values
    think = Thinker("hard", seen, random.Random(1), samples=40, exact=True)
    plain = Thinker("hard", seen, random.Random(1), samples=40, exact=True)
    think.run(), plain.run()
    assert think.values() == plain.values() and set(errors) == set(think.values() or {})
    rows = think.move_errors()
    assert rows is not None and [card for card, _ in rows] == [card for card, _ in think.move_values() or []]
    assert rows[0][1] == 0.0 and all(0.0 <= e < 5.0 for _, e in rows)
    assert any(e > 0 for _, e in rows[1:])  # sampled: some doubt between the cards


def test_the_last_packet_is_exact_and_has_no_error():
    session = GameSession.new(seed=6, level="easy")
    while len(session.round.plays) < 36 or session.phase != "human":  # the last packet, your turn
        session.play_bot() if session.phase == "bot" else session.play_human(session.view().hand[-1])
    think = Thinker("hard", session.observation(HUMAN), random.Random(0), exact=True)
    think.run()
    assert all(e == 0.0 for _, e in think.move_errors() or [(None, 1.0)])


def test_the_hint_and_the_review_use_one_generator_for_a_position():
    assert position_rng(2, 13).random() == review_rng(0, 2, 13).random()


def test_an_undecided_card_gets_more_samples_and_a_decided_one_does_not():
    from kseri.bots.pile.search import EVALUATE_Z, UNDECIDED, _undecided

    assert EVALUATE_Z == AS_GOOD_Z and UNDECIDED[0] < AS_GOOD_Z < UNDECIDED[1]
    base = [float(v) for v in range(-10, 10)]
    same = {1: base, 2: list(base)}
    far = {1: base, 2: [v - 5.0 for v in base]}  # 5 points behind on every deal: decided
    noisy = {1: base, 2: [v - 1.4 + (3.0 if i % 2 else -3.0) for i, v in enumerate(base)]}  # 1.4 ± 0.7: undecided
    assert not _undecided(same) and not _undecided(far) and _undecided(noisy)


def test_the_evaluation_settles_a_close_call_with_more_samples():
    """The second turn of seed 16's round (lone cards on an empty table, values ±10 points a deal): the
    hint's evaluation goes on past its samples there; asked for a number of samples, it takes that many."""
    session = GameSession.new(seed=16, level="hard")
    session.play_human(session.hints()[0].card)
    while session.phase == "bot":
        session.play_bot()
    seen = session.observation(HUMAN)
    assert isinstance(seen, Observation)
    base = SearchParams().samples_for(seen, len(set(seen.hand)))
    settled = Thinker("hard", seen, position_rng(0, 2), exact=True)
    fixed = Thinker("hard", seen, position_rng(0, 2), samples=min(base, 200), exact=True)
    settled.run(), fixed.run()
    assert settled.work > 1.5 * fixed.work  # more samples: at least one more round of them
    assert settled.work <= 3.2 * fixed.work  # at most max_factor (3) times as many
