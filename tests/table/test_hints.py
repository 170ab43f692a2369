"""The hint's words (kseri.table.pile.hints): what a card takes matches the real round, reasons come from
the player's own view only, the best card is the hard bot's own choice, and the numbers are relative."""

from __future__ import annotations

import dataclasses
import random

import pytest

from kseri import i18n
from kseri.bots import Thinker
from kseri.engine.cards import Card
from kseri.engine.pile.observation import Observation
from kseri.engine.rules import PROFILES
from kseri.table.estimates import position_rng
from kseri.table.pile.hints import reason_for, reason_text
from kseri.table.seats import HUMAN
from kseri.table.session import GameSession


def positions(rules_name: str, seeds: range, plays: int = 9):
    """Your turns in a few seeded matches (easy bot, you play your last card)."""
    for seed in seeds:
        session = GameSession.new(rules=PROFILES[rules_name], seed=seed, level="easy")
        for _ in range(plays):
            while session.phase == "bot":
                session.play_bot()
            if session.phase != "human":
                break
            yield session
            session.play_human(session.view().hand[-1])


@pytest.mark.parametrize("rules_name", ["greek", "fourcard", "pisti"])
def test_what_a_card_takes_is_what_the_real_round_does(rules_name):
    for session in positions(rules_name, range(6)):
        seen = session.observation(HUMAN)
        state = session.match.round
        for code in session.view().hand:
            card = Card.parse(code)
            reason = reason_for(seen, card)
            event = state.clone().apply(card)
            assert (reason.kind in ("capture", "kseri")) == event.is_capture, (code, reason, event)
            if event.is_capture:
                taken = (*event.captured, card)
                assert reason.cards == len(taken)
                assert reason.points == sum(state.rules.card_points(c) for c in taken) + event.bonus
                assert (reason.kind == "kseri") == (event.bonus > 0)
            else:
                assert 0 <= reason.unseen <= 3
            assert reason_text(reason)


def test_a_reason_reads_only_what_the_player_sees():
    """Two rounds that differ only in cards the player cannot see give the same reasons."""
    for session in positions("greek", range(4), plays=4):
        seen = session.observation(HUMAN)
        other = seen.sample_round(random.Random(7))  # the hidden cards dealt differently
        again = Observation.from_round(other, seat=HUMAN)
        for code in session.view().hand:
            assert reason_for(seen, Card.parse(code)) == reason_for(again, Card.parse(code))


def test_the_best_card_is_the_hard_bots_choice_and_the_rest_are_relative():
    for session in positions("greek", range(3), plays=3):
        hints = session.hints()
        best = [h for h in hints if h.best]
        assert best and all(h.loss == 0 for h in best)
        assert all(h.loss >= 0 for h in hints)
        top = max(h.value for h in hints)
        # A card's loss is its distance from the best, or 0 where that is within the estimate's uncertainty.
        assert all(h.loss == 0 or abs(h.loss - round(top - h.value, 1)) <= 0.11 for h in hints)
        key = session._position()  # the hint's own seed: the same search the hint ran
        thinker = Thinker("hard", session.observation(HUMAN), position_rng(*key), exact=True)
        while not thinker.step(1000.0):
            pass
        assert thinker.choice().code in {h.card for h in best}
        assert all(h.reason is not None for h in hints)


def test_reasons_in_greek():
    i18n.set_language("el")
    try:
        for session in positions("greek", range(3), plays=6):
            seen = session.observation(HUMAN)
            for code in session.view().hand:
                text = reason_text(reason_for(seen, Card.parse(code)))
                assert not [w for w in text.split() if w.isascii() and w.isalpha() and len(w) > 1], text
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(("rules_name", "word", "other"), [("pisti", "pişti", "kseri"), ("greek", "kseri", "pişti")])
def test_a_reason_says_the_tables_own_word(rules_name, word, other):
    """The Pişti table never says kseri (issue 24): its hint said "a kseri" and "a kseri risk"."""
    i18n.set_language("en")
    seen = next(positions(rules_name, range(1))).observation(HUMAN)
    reason = reason_for(seen, Card.from_index(seen.hand[0]))
    texts = [reason_text(dataclasses.replace(reason, kind=kind, unseen=2)) for kind in ("kseri", "lone")]
    assert all(word in text and other not in text for text in texts), texts
