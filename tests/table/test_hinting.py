"""The hint of the position in play (``kseri.table.hinting.PositionHints``): worked out in slices,
kept for its position only, worded again in a new language from the same values, and kept for the
review after the position moves on. Work is bounded by the hint's own samples, never by a clock."""

from __future__ import annotations

import pytest

from kseri.engine.rules import PROFILES
from kseri.i18n import language, set_language
from kseri.table.hinting import PositionHints
from kseri.table.session import GameSession


def human_turn(rules: str, seed: int = 3) -> GameSession:
    session = GameSession.new(rules=PROFILES[rules], seed=seed, level="easy")
    while session.phase == "bot":
        session.play_bot()
    assert session.phase == "human"
    return session


def work_out(hints: PositionHints, session: GameSession, key: tuple[int, int]) -> int:
    """Step the hint at ``key`` in small slices until it is done; how many steps it took."""
    seen = session.observation(0)
    steps = 1
    while not hints.step(key, lambda: seen, session.round, session.strategy, 2.0):
        steps += 1
        assert steps < 10_000
    return steps


@pytest.mark.parametrize("rules", ["greek", "sums"])
def test_the_hint_belongs_to_its_position_and_the_review_keeps_it(rules):
    session = human_turn(rules)
    hints = PositionHints()
    key = (0, len(session.round.plays))
    assert hints.rows(key, None, session.round, session.strategy) is None  # nothing worked out yet
    assert work_out(hints, session, key) > 1  # sliced, not in one go
    rows = hints.rows(key, None, session.round, session.strategy)
    assert rows is not None and rows.cards
    assert hints.step(key, lambda: session.observation(0), session.round, session.strategy, 2.0)  # kept: done at once
    assert hints.rows((0, key[1] + 1), None, session.round, session.strategy) is None  # another position
    legal = session.round.legal_moves()
    ordered = hints.best_first(key, list(reversed(legal)))
    assert sorted(map(str, ordered)) == sorted(map(str, legal))
    assert str(ordered[0]) == str(hints.thinker.move_values()[0][0])  # the hint's best first
    hints.forget()
    assert hints.rows(key, None, session.round, session.strategy) is None
    assert hints.best_first(key, legal) == legal  # nothing to order by any more
    assert hints.reviewed(0) == {tuple(session.round.play_codes()): rows}  # the review still has it
    assert hints.reviewed(1) == {}


def test_a_new_language_words_the_hint_again_from_the_same_values():
    session = human_turn("sums")
    hints = PositionHints()
    key = (0, len(session.round.plays))
    before = language()
    try:
        set_language("en")
        work_out(hints, session, key)
        english = hints.rows(key, None, session.round, session.strategy)
        set_language("el")
        unchanged = hints.rows(key, None, session.round, session.strategy)  # nobody to word it for: as it was
        greek = hints.rows(key, lambda: session.observation(0), session.round, session.strategy)
    finally:
        set_language(before)
    assert english is not None and unchanged is english and greek is not None
    assert [row.value for row in greek.cards] == [row.value for row in english.cards]
    assert greek != english  # the open table labels its ways in words


def test_a_hint_taken_off_the_cards_shows_again_at_once():
    """Hint pressed again (or Escape) hides it; the values are kept, so asking again needs no search."""
    session = human_turn("greek")
    shown = session.show_hint()
    assert session.shown_hints() == shown
    session.hide_hint()
    assert session.shown_hints() is None
    assert session.hint_step(0.0)  # still worked out: done without a slice of search
    assert session.show_hint() == shown
