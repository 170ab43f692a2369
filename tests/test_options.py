"""The options of RULES.md §2 and the fourcard profile that the engine already supports."""

from __future__ import annotations

import dataclasses
import random

from kseri import FOURCARD, GREEK, Match, Observation, Round, loads, dumps, rules_from_spec, score_round
from kseri.round import opening_is_allowed

from .scenario import deck, gained, play


def _finish_randomly(state: Round, rng: random.Random) -> Round:
    while not state.is_terminal():
        state.apply_index(rng.choice(state.hands[state.to_move]))
    return state


def test_four_players_partnerships_pool_and_rotate():
    rules = dataclasses.replace(GREEK, players=4)
    assert rules.packets == 2
    rng = random.Random(5)
    state = Round.deal(rules, dealer=3, rng=rng)
    assert state.to_move == 0 and [len(h) for h in state.hands] == [6, 6, 6, 6]
    _finish_randomly(state, rng)
    score = score_round(state)
    assert len(score.sides) == 2 and sum(score.cards) == 52
    assert score.cards[0] == state.counts[0] + state.counts[2]
    match = Match.new(rules, rng=random.Random(1), first_dealer=2)
    assert [match.dealer_of(i) for i in range(5)] == [2, 3, 0, 1, 2]


def test_no_opening_redeal_lets_a_jack_on_top_stand():
    rules = dataclasses.replace(GREEK, opening_redeal="none")
    state = Round.from_deck(rules, 1, deck("AS 2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H 6H", "7C 8C 9C JD"))
    assert len(state.pile) == 4


def test_jack_kseri_25():
    rules = rules_from_spec({"profile": "greek", "jack_kseri_points": 25})
    state = Round.from_deck(rules, 1, deck("KS JC 3S 4S 5S 6S", "AH JH 3H 4H 5H 6H", "7C 8C 9C KD"))
    play(state, "KS", "JH")
    assert play(state, "JC").bonus == 25


def test_exposed_bottom_card_is_never_a_jack_and_is_dealt_last():
    rules = dataclasses.replace(GREEK, exposed_bottom=True)
    rng = random.Random(8)
    for _ in range(300):
        state = Round.deal(rules, 0, rng)
        bottom = state.bottom_card
        assert bottom is not None and not bottom.is_jack and state.deck[-1] == bottom.index
    obs = Observation.from_round(state, seat=1)
    assert obs.to_json()["bottom"] == bottom.code
    assert obs.sample_round(random.Random(1)).deck[-1] == bottom.index


def test_match_by_rounds_counts_round_wins():
    rules = dataclasses.replace(GREEK, match_rounds=3)
    rng = random.Random(2)
    match = Match.new(rules, rng=rng)
    while not match.is_over:
        if match.round.is_terminal():
            match.next_round()
        match.play(rng.choice(match.round.legal_moves()))
    assert len(match.scores) >= 3
    assert match.round_wins[match.winner] == max(match.round_wins)
    assert match.round_wins.count(max(match.round_wins)) == 1
    assert loads(dumps(match)).winner == match.winner


def test_fourcard_profile_deal_and_jacks_replaced():
    rng = random.Random(3)
    for _ in range(300):
        state = Round.deal(FOURCARD, 0, rng)
        assert [len(h) for h in state.hands] == [4, 4] and state.stock_count == 40
        assert opening_is_allowed(FOURCARD, state.pile)
        assert all(c >> 2 != 10 for c in state.pile)
    assert FOURCARD.packets == 6


def test_fourcard_no_jack_kseri_and_double_kseri_20():
    state = Round.from_deck(FOURCARD, 1, deck("KS JC 5S 4S", "AH JH 5H 4H", "7C 8C 9C KD"))
    play(state, "KS", "JH")
    event = play(state, "JC")
    assert event.kind == "capture" and event.bonus == 0
    # seat 1 leads 5H on the empty table; seat 0 kseris with 5S (+10) ...
    state = Round.from_deck(FOURCARD, 1, deck("KS 5S 4S 6S", "5H 4H 6H 9H", "7C 8C 9C KD"))
    play(state, "KS", "5H")
    assert play(state, "5S").bonus == 10
    play(state, "4H")
    # ... and kseris again with no capture between: a double kseri, 20
    assert play(state, "4S").bonus == 20
    assert gained(state, 0) >= 30


def test_fourcard_higher_total_wins_when_both_pass():
    match = Match.new(FOURCARD, rng=random.Random(6), first_dealer=0)
    match.totals = [120, 110]
    while not match.round.is_terminal():
        match.play(match.round.legal_moves()[0])
    if min(match.scores[-1].points) >= 0 and min(match.totals) >= 101 and match.totals[0] != match.totals[1]:
        assert match.winner == match.totals.index(max(match.totals))
