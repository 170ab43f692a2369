"""The sums table (``docs/rules.md`` §"Sums table")."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kseri import Card, IllegalMoveError, Match, RecordError, dumps, loads, score_round, summary
from kseri.engine.rules import SUMS
from kseri.engine.sums.round import SumsRound, TableItem
from tests.scenario import deck


def table(first: str, second: str, opening: str, stock: str = "") -> SumsRound:
    return SumsRound.from_deck(SUMS, 1, deck(first, second, opening, stock))


def codes(state: SumsRound) -> list[str]:
    return [str(item) for item in state.table]


def moves_of(state: SumsRound, card: str) -> set[str]:
    return {str(m) for m in state.legal_moves() if str(m).split(":")[0].split(">")[0] == card}


def test_setup_two_players_six_each_four_side_by_side_target_37():
    state = table("AS 2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H 6H", "7C 8C JC JD")  # jacks may lie there
    assert [len(h) for h in state.hands] == [6, 6] and codes(state) == ["7C", "8C", "JC", "JD"]
    assert state.stock_count == 36 and state.to_move == 0 and SUMS.target == 37


def test_capture_by_rank_or_by_sum_and_capturing_is_optional():
    state = table("7H 8S 2S 9D QS KS", "AH 2H 3H 4H 5H 6H", "3C 4D 7C 10S")
    assert moves_of(state, "7H") == {"7H", "7H:7C", "7H:3C+4D"}
    event = state.apply("7H:3C+4D")
    assert event.kind == "capture" and codes(state) == ["7C", "10S"]
    assert state.counts[0] == 3


def test_faces_take_only_their_rank_and_never_combine():
    state = table("QS KS 2S 3S 4S 5S", "AH 2H 3H 4H 5H 6H", "QH 2C 10C KD")
    assert moves_of(state, "QS") == {"QS", "QS:QH"}
    assert moves_of(state, "KS") == {"KS", "KS:KD"}


def test_a_card_that_takes_nothing_stays_loose():
    state = table("9S 2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H 6H", "QH 2C 10C KD")
    state.apply("9S")
    assert codes(state)[-1] == "9S"


def test_build_needs_a_card_of_the_sum_and_is_taken_only_whole():
    state = table("5S 8S 2S 3S QS KS", "AH 8H 3H 4H 6H 7H", "3C JD QD KD")
    assert "5S>3C" in moves_of(state, "5S")  # 3 + 5 = 8 and an 8 is held
    assert "3S>3C" not in moves_of(state, "3S")  # 3 + 3 = 6: no 6 held
    state.apply("5S>3C")
    assert codes(state)[0] == "[3C+5S=8]"
    # the opponent cannot take part of it: only the whole, by an 8
    assert moves_of(state, "8H") >= {"8H:3C+5S"}
    assert not any(m.startswith("3H:") for m in moves_of(state, "3H"))
    with pytest.raises(IllegalMoveError, match="every card"):
        state.apply("8H:3C")


def test_opponent_may_raise_a_build_holding_the_new_value():
    state = table("5S 8S 2S 3S QS KS", "AH 9H 4H 6H 7H 10H", "3C JD QD KD")
    state.apply("5S>3C")
    assert "AH>3C" in moves_of(state, "AH")  # 8 + 1 = 9, and 9H is held
    state.apply("AH>3C")
    assert codes(state)[0] == "[3C+5S+AH=9]" and state.table[0].owner == 1
    assert "2S>3C" not in moves_of(state, "2S")  # 11 is over ten


def test_builder_may_capture_first_but_not_lay_a_loose_card():
    state = table("5S 8S 2S QS KS 4S", "AH 9H 4H 6H 7H 10H", "3C JD QD KD")
    state.apply("5S>3C")
    state.apply("9H")
    moves = {str(m) for m in state.legal_moves()}
    assert "QS:QD" in moves and "8S:3C+5S" in moves
    assert not any(":" not in m and ">" not in m for m in moves)  # no loose card
    with pytest.raises(IllegalMoveError, match="not a legal play"):
        state.apply("2S")


def test_xeri_is_a_capture_that_empties_the_table():
    state = table("7H 2S 3S QS KS 4S", "AH 9H 4H 6H 8H 10H", "3C 4D")
    state.table = state.table[:2]
    event = state.apply("7H:3C+4D")
    assert event.kind == "kseri" and event.bonus == 10 and state.kseris[0] == 1


@pytest.mark.parametrize("option, kind, bonus, count", [(True, "kseri", 10, 1), (False, "capture", 0, 0)])
def test_a_xeri_with_the_last_card_follows_last_card_kseri(option, kind, bonus, count):
    """With ``last_card_kseri`` off, clearing the table with the round's last card is an ordinary
    capture: no bonus, not counted, not announced (issue #12)."""
    rules = dataclasses.replace(SUMS, last_card_kseri=option)
    state = SumsRound.from_deck(rules, 1, deck("AS 2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H 6H", "7C 8C JC JD"))
    state.hands = [[], [Card.parse("7H").index]]
    state.next_card, state.to_move = 52, 1
    state.table = [TableItem((Card.parse("3C").index,), 3), TableItem((Card.parse("4D").index,), 4)]
    event = state.apply("7H:3C+4D")
    assert event.round_over and (event.kind, event.bonus) == (kind, bonus)
    assert state.kseris == [0, count] and sum(score_round(state).kseris) == count


def test_last_capturer_takes_what_is_left_not_a_xeri():
    rng = random.Random(4)
    state = SumsRound.deal(SUMS, 0, rng)
    while not state.is_terminal():
        event = state.apply(rng.choice(state.legal_moves()))
    assert state.table == [] or state.last_capturer is None
    if event.sweep:
        assert event.sweep_seat == state.last_capturer and event.kind != "kseri"


def test_scoring_most_cards_4_aces_2c_10d_11_without_xeri():
    rng = random.Random(9)
    for _ in range(30):
        state = SumsRound.deal(SUMS, 0, rng)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_moves()))
        score = score_round(state)
        base = sum(side.total - side.kseri for side in score.sides)
        assert base == (7 if score.cards == (26, 26) else 11) or state.last_capturer is None


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_sums_cards_accounted_and_records_round_trip(seed):
    rng = random.Random(seed)
    match = Match.new(SUMS, rng=rng)
    for _ in range(120):
        if match.is_over:
            break
        if match.round.is_terminal():
            match.next_round()
        state = match.round
        cards = state.pile + list(state.deck[state.next_card:])
        for seat in range(2):
            cards += state.hands[seat] + state.captured[seat]
        assert sorted(cards) == list(range(52))
        match.play(rng.choice(state.legal_moves()))
    again = loads(dumps(match))
    assert summary(again) == summary(match) and dumps(again) == dumps(match)


def test_sums_record_errors_name_the_play():
    rng = random.Random(1)
    match = Match.new(SUMS, rng=rng, first_dealer=1)
    for _ in range(3):
        match.play(match.round.legal_moves()[-1])
    record = json.loads(dumps(match))
    assert record["rules"] == "sums"
    record["rounds"][0]["plays"][1] = "ZZ"
    with pytest.raises(RecordError, match="round 0, play 1: not a card code: 'ZZ'"):
        loads(json.dumps(record))


def test_a_position_set_up_directly_plays_by_the_rules():
    from kseri.engine.errors import PositionError

    state = SumsRound.from_position(SUMS, hands=[["9D", "QH"], ["8S"]], to_move=0,
                                    table=[(["AD"], None), (["6H", "2C"], 1), (["QS"], None)], last_capturer=1)
    assert [str(item) for item in state.table] == ["AD", "[6H+2C=8]", "QS"]
    assert "9D:AD+6H+2C" in [str(m) for m in state.legal_moves()]
    state.apply("9D:AD+6H+2C")
    state.apply("8S")
    event = state.apply("QH:QS")  # the last card: the round ends and the capturer sweeps the 8♠
    assert event.round_over and [c.code for c in event.sweep] == ["8S"] and event.sweep_seat == 0
    assert state.counts == [7, 0] and state.table == []
    for kwargs, message in (
        ({"hands": [["9D"], ["9D"]]}, "9D is given twice"),
        ({"hands": [["AS", "2S", "3S", "4S", "5S", "6S", "7S"], []]}, "more than a packet"),
        ({"hands": [[], []], "table": [(["9S", "4D"], 0)]}, "adds up to 10 at most"),
        ({"hands": [[], []], "table": [(["9S", "AD"], 2)]}, "owner 2 is not a seat"),
        ({"hands": [[]]}, "2 players need 2 hands"),
    ):
        with pytest.raises(PositionError, match=message):
            SumsRound.from_position(SUMS, to_move=0, **kwargs)


def test_an_open_ended_position_stops_without_a_sweep():
    state = SumsRound.from_position(SUMS, hands=[["9H"], ["KD"]], to_move=0,
                                    table=[(["9S"], None), (["4C"], None)], open_ended=True)
    state.apply("9H:9S")
    event = state.apply("KD")
    assert state.is_terminal() and event.sweep == () and [str(i) for i in state.table] == ["4C", "KD"]
