"""``docs/rules.md`` §"Options" and its house rules (§"House bonuses"), §"Fourcard profile" and §"Pisti profile"."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kseri import FOURCARD, GREEK, Match, Observation, Round, dumps, loads, rules_from_spec, score_round
from kseri.engine.pile.round import opening_is_allowed
from tests.scenario import deck, gained, play


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


def test_a_jack_kseri_worth_more_than_a_double_keeps_its_value_after_your_own_kseri():
    """Four-card with the jack kseri of 25: the run's 20 never lowers a kseri's own value (rules.md, "Double
    kseri"; tests/bots/test_endgame.py holds the solver to the same rule)."""
    rules = dataclasses.replace(FOURCARD, jack_kseri_points=25)
    state = Round.from_position(rules, hands=[["5H", "JC"], ["JD", "9S"]], pile=["5S"], to_move=0, stock=None)
    assert play(state, "5H").bonus == 10
    play(state, "JD")  # lays a jack on the empty table: no capture, the run goes on
    assert play(state, "JC").bonus == 25
    state = Round.from_position(rules, hands=[["JH", "JC"], ["JD", "9S"]], pile=["JS"], to_move=0, stock=None)
    assert play(state, "JH").bonus == 25
    play(state, "JD")
    assert play(state, "JC").bonus == 25


def _round_from(totals: list[int]) -> Match:
    """Seed 6's first four-card round (each seat plays its first card) played from ``totals``."""
    match = Match.new(FOURCARD, rng=random.Random(6), first_dealer=0)
    match.totals = list(totals)
    while not match.round.is_terminal():
        match.play(match.round.legal_moves()[0])
    return match


def test_fourcard_higher_total_wins_when_both_pass():
    points = _round_from([0, 0]).scores[-1].points
    assert points[0] != points[1]  # the round itself is not a tie
    # Both sides pass 101 in the round: the higher total wins, whichever side that is.
    for before in ([120, 110], [110, 120 + points[0]]):
        match = _round_from(before)
        totals = [t + p for t, p in zip(before, points, strict=True)]
        assert match.totals == totals and min(totals) >= FOURCARD.target and totals[0] != totals[1]
        assert match.winner == totals.index(max(totals)) and match.target == FOURCARD.target
    # Equal totals past the target: nobody wins yet, and the target stays (the tie-break is "higher").
    level = _round_from([150 - points[0], 150 - points[1]])
    assert level.totals == [150, 150] and level.winner is None and level.target == FOURCARD.target


# --------------------------------------------------------------------------- house rules of seed 003

def test_house_rule_jack_table_bonus_for_a_pile_of_only_jacks():
    rules = dataclasses.replace(FOURCARD, jack_table_points=10)
    state = Round.from_deck(rules, 1, deck("KS JC 5S 4S", "AH JH 5H 4H", "7C 8C 9C KD"))
    play(state, "KS", "JH")          # seat 0 takes the pile; seat 1 lays a jack on the empty table
    event = play(state, "JC")         # a jack takes the lone jack: no kseri here, but a table of jacks
    assert event.kind == "capture" and event.bonus == 0
    assert state.jack_tables == [1, 0]
    while not state.is_terminal():
        state.apply(state.legal_moves()[0])
    side = score_round(state).sides[0]
    assert side.jack_table == 10 * state.jack_tables[0] and side.jack_table >= 10
    counts = ("cards", "kseris", "jack_kseris", "total")
    assert side.total == sum(v for k, v in side.to_json().items() if k not in counts)


def test_house_rule_jack_table_stacks_with_a_jack_kseri():
    rules = dataclasses.replace(GREEK, jack_table_points=10)
    state = Round.from_deck(rules, 1, deck("KS JC 5S 4S 6S 7S", "AH JH 5H 4H 6H 7H", "7C 8C 9C KD"))
    play(state, "KS", "JH")
    assert play(state, "JC").kind == "jack_kseri" and state.jack_tables == [1, 0]
    assert state.bonus[0] == 20
    # A capture of a pile holding any other card is not a jack table.
    plain = Round.from_deck(rules, 1, deck("KS JC 5S 4S 6S 7S", "AH JH 5H 4H 6H 7H", "7C 8C JD 9C"))
    play(plain, "JC")
    assert plain.jack_tables == [0, 0]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_house_rule_final_capture_bonus_goes_to_the_last_capturer(seed):
    rules = dataclasses.replace(FOURCARD, final_capture_points=10)
    rng = random.Random(seed)
    state = Round.deal(rules, rng.randrange(2), rng)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_moves()))
    score = score_round(state)
    expected = [10 if state.last_capturer == seat else 0 for seat in range(2)]
    assert [side.final_capture for side in score.sides] == expected
    plain = score_round(_replayed(dataclasses.replace(rules, final_capture_points=0), state))
    assert [a.total - b.total for a, b in zip(score.sides, plain.sides, strict=True)] == expected


def _replayed(rules, state):
    again = Round.from_deck(rules, state.dealer, list(state.deck))
    for card in state.plays:
        again.apply_index(card)
    return again


def test_house_rules_round_trip_in_records_and_show_in_the_summary():
    from kseri.table.summaries import round_summary
    rules = rules_from_spec({"profile": "fourcard", "jack_table_points": 10, "final_capture_points": 10})
    match = Match.new(rules, rng=random.Random(4), first_dealer=0)
    while not match.round.is_terminal():
        match.play(match.round.legal_moves()[0])
    again = loads(dumps(match))
    assert again.rules == rules and again.scores == match.scores
    keys = [row.key for row in round_summary(match).rows]
    assert "jack_table" in keys and "final_capture" in keys
    assert "jack_table" not in [row.key for row in round_summary(_greek_match()).rows]


def _greek_match():
    match = Match.new(GREEK, rng=random.Random(4), first_dealer=0)
    while not match.round.is_terminal():
        match.play(match.round.legal_moves()[0])
    return match


def test_pisti_profile_scoring():
    from kseri import Card
    from kseri.engine.rules import PISTI, card_points_table
    assert rules_from_spec("pisti") is PISTI or rules_from_spec("pisti") == PISTI
    table = card_points_table(PISTI)
    points = {code: table[Card.parse(code).index] for code in ("10D", "2C", "AS", "JH", "KS", "QD", "10S", "5C")}
    assert points == {"10D": 3, "2C": 2, "AS": 1, "JH": 1, "KS": 0, "QD": 0, "10S": 0, "5C": 0}
    assert sum(table) + PISTI.majority_points == 4 + 4 + 3 + 2 + 3  # aces, jacks, 10♦, 2♣, most cards
    kseri_rules = (PISTI.packet_size, PISTI.kseri_points, PISTI.jack_kseri_points, PISTI.double_kseri_points)
    assert kseri_rules == (4, 10, 20, None)
    # A jack on a lone jack is a jack pişti, 20.
    state = Round.from_deck(PISTI, 1, deck("KS JC 5S 4S", "AH JH 5H 4H", "7C 8C 9C KD"))
    play(state, "KS", "JH")
    event = play(state, "JC")
    assert event.kind == "jack_kseri" and event.bonus == 20


def test_the_jack_table_bonus_belongs_to_the_pile_game():
    from kseri import RulesError
    with pytest.raises(RulesError, match="jack_table_points"):
        rules_from_spec({"profile": "sums", "jack_table_points": 10})


# --------------------------------------------------------------------------- three players (seed 003)

THREE = rules_from_spec({"profile": "fourcard", "players": 3})


def test_three_players_each_alone_with_four_card_packets():
    assert (THREE.teams, THREE.packets, [THREE.team_of(s) for s in range(3)]) == (3, 4, [0, 1, 2])
    with pytest.raises(Exception, match="whole packets"):
        rules_from_spec({"profile": "greek", "players": 3})  # 6-card packets do not fit three players
    match = Match.new(THREE, rng=random.Random(5), first_dealer=2)
    assert [len(h) for h in match.round.hands] == [4, 4, 4] and match.round.to_move == 0
    assert [match.dealer_of(i) for i in range(4)] == [2, 0, 1, 2]
    rng = random.Random(5)
    while len(match.scores) < 2:
        if match.round.is_terminal():
            match.next_round()
        match.play(rng.choice(match.round.legal_moves()))
    assert len(match.totals) == 3
    again = loads(dumps(match))
    assert again.scores == match.scores and again.totals == match.totals


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_three_players_account_for_every_card_and_point(seed):
    rng = random.Random(seed)
    state = Round.deal(THREE, rng.randrange(3), rng)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_moves()))
    score = score_round(state)
    assert sum(score.cards) == 52
    card_points = 4 + 4 + 2 + 2  # aces, jacks, 10♦, 2♣
    most = max(score.cards)
    majority = THREE.majority_points if score.cards.count(most) == 1 else 0
    assert sum(side.total - side.kseri for side in score.sides) == card_points + majority
    assert [side.majority > 0 for side in score.sides] == [c == most and majority > 0 for c in score.cards]
