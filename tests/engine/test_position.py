"""Round.from_position: a mid-round position set up directly, checked."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kseri import FOURCARD, GREEK, Card, PositionError, Round
from kseri.engine.rules import SUMS, card_points_table


def idxs(codes: str) -> list[int]:
    return [Card.parse(c).index for c in codes.split()]


def test_a_position_holds_what_it_was_given():
    state = Round.from_position(GREEK, hands=[["10S", "3H"], idxs("4C")], pile=[Card.parse("5D"), "10D"],
                                to_move=1, captured=[["AS", "KD"], []], last_capturer=0)
    assert state.hands == [idxs("10S 3H"), idxs("4C")] and state.pile == idxs("5D 10D")
    assert state.to_move == 1 and state.dealer == 0 and state.first_player == 1
    assert state.counts == [2, 0] and state.points == [2, 0] and state.last_capturer == 0
    assert state.pile_points == card_points_table(GREEK)[Card.parse("10D").index] == 2
    assert state.stock_count == 0 and state.plays == [] and not state.is_terminal()
    assert sorted(state.deck) == list(range(52)) and state.packet == GREEK.packets
    assert state.kseris == [0, 0] and state.bonus == [0, 0] and state.sweep_seat is None


def test_hands_may_differ_in_size_and_the_dealer_defaults_to_the_seat_before_the_mover():
    state = Round.from_position(GREEK, hands=[[], ["KS", "KD", "2H"]], to_move=1)
    assert state.dealer == 0 and [len(h) for h in state.hands] == [0, 3]
    assert Round.from_position(GREEK, hands=[["KS"], []], to_move=0, dealer=0).dealer == 0


def test_with_an_empty_stock_the_round_ends_and_the_last_capturer_takes_the_rest():
    state = Round.from_position(GREEK, hands=[["10S", "3H"], ["4C"]], pile=["10D"], to_move=0)
    state.apply("10S")
    state.apply("4C")
    event = state.apply("3H")
    assert state.is_terminal() and event.round_over and event.sweep_seat == 0
    assert [c.code for c in event.sweep] == ["4C", "3H"] and state.counts == [4, 0] and state.pile == []


def test_with_the_stock_left_out_play_stops_when_the_hands_run_out():
    state = Round.from_position(GREEK, hands=[["10S", "3H"], ["4C", "5D"]], pile=["10D"], to_move=0, stock=None)
    assert state.open_ended and state.stock_count == 0
    for code in ("10S", "4C", "3H"):
        state.apply(code)
    event = state.apply("5D")  # the last card of the position, with seat 0 the last capturer
    assert state.is_terminal() and state.legal_moves() == [] and state.last_capturer == 0
    assert event.sweep == () and state.sweep_seat is None and state.pile == idxs("4C 3H 5D")
    assert not event.round_over  # the position stops; the round it was cut from goes on
    assert state.counts == [2, 0] and state.hands == [[], []]


def test_a_kseri_with_the_positions_last_card_keeps_its_bonus_when_the_stock_is_left_out():
    rules = dataclasses.replace(GREEK, last_card_kseri=False)
    open_ended = Round.from_position(rules, hands=[["10S"], []], pile=["10D"], to_move=0, stock=None)
    assert open_ended.apply("10S").bonus == 10 and open_ended.sweep_seat is None
    round_end = Round.from_position(rules, hands=[["10S"], []], pile=["10D"], to_move=0)
    assert round_end.apply("10S").bonus == 0  # the very last card of the round


def test_a_given_stock_is_dealt_in_packets_the_seat_after_the_dealer_first():
    rules = FOURCARD  # 4-card packets: a packet is 8 cards
    stock = idxs("AS 2S 3S 4S 5S 6S 7S 8S")
    state = Round.from_position(rules, hands=[["KH"], ["KD"]], pile=["9C"], to_move=1, dealer=1, stock=stock)
    assert state.stock_count == 8 and state.deck[-8:] == tuple(stock)
    state.apply("KD")
    event = state.apply("KH")
    assert event.kind == "capture" and event.dealt and state.stock_count == 0
    assert state.hands == [idxs("AS 2S 3S 4S"), idxs("5S 6S 7S 8S")] and state.to_move == 0


@pytest.mark.parametrize("kwargs, message", [
    ({"hands": [["10S"], ["10s"]]}, r"^10S is given twice \(seat 0's hand and seat 1's hand\)$"),
    ({"hands": [["10S"], []], "pile": ["10S"]}, r"^10S is given twice \(seat 0's hand and the pile\)$"),
    ({"hands": [["10S", "10S"], []]}, r"^10S is given twice \(seat 0's hand\)$"),
    ({"hands": [["2C"], []], "captured": [[], ["2C"]]}, r"2C is given twice \(seat 0's hand and seat 1's captured"),
    ({"hands": [["2C"], []], "stock": idxs("2C") + list(range(11))}, r"2C is given twice"),
    ({"hands": [["10S"]]}, r"^hands: 2 players need 2 hands, got 1$"),
    ({"hands": [["10S"], [], []]}, r"^hands: 2 players need 2 hands, got 3$"),
    ({"hands": [["XX"], []]}, r"^seat 0's hand: not a card code: 'XX'"),
    ({"hands": [[52], []]}, r"^seat 0's hand: not a card index: 52 \(0..51\)$"),
    ({"hands": [[True], []]}, r"not a card index: True"),
    ({"hands": [["AS"], []], "to_move": 2}, r"^to_move: 2 is not a seat \(0..1\)$"),
    ({"hands": [["AS"], []], "dealer": -1}, r"^dealer: -1 is not a seat"),
    ({"hands": [["AS"], []], "last_capturer": 5}, r"^last_capturer: 5 is not a seat"),
    ({"hands": [["AS"], []], "captured": [[]]}, r"^captured: 2 players need 2 lists, got 1$"),
    ({"hands": [idxs("AS 2S 3S 4S 5S 6S 7S"), []]}, r"^seat 0 holds 7 cards, more than a packet \(6\)$"),
    ({"hands": [["AS"], []], "stock": idxs("2S 3S")}, r"^the stock holds 2 cards, not whole packets of 12$"),
    ({"hands": [[], []], "stock": list(range(12))}, r"^every hand is empty but the stock is not"),
])
def test_every_mistake_is_one_line_naming_it(kwargs, message):
    kwargs = {"to_move": 0, **kwargs}
    with pytest.raises(PositionError, match=message) as info:
        Round.from_position(GREEK, **kwargs)
    assert "\n" not in str(info.value)


def test_the_exposed_bottom_card_and_the_sums_table_are_checked():
    rules = dataclasses.replace(GREEK, exposed_bottom=True)
    stock = [c for c in range(52) if c not in idxs("AS JS")][:11] + idxs("JS")
    with pytest.raises(PositionError, match="exposed bottom card may not be a jack"):
        Round.from_position(rules, hands=[["AS"], []], to_move=0, stock=stock)
    for empty in ((), None):  # the card shown all round is the stock's last: no stock, no such card
        with pytest.raises(PositionError, match="exposed_bottom needs a stock in the position"):
            Round.from_position(rules, hands=[["AS"], []], to_move=0, stock=empty)
    shown = Round.from_position(rules, hands=[["AS"], []], to_move=0, stock=stock[:-1] + idxs("QH"))
    assert shown.exposed_card == idxs("QH")[0]
    with pytest.raises(PositionError, match="positions are for the pile tables, not the 'sums' table"):
        Round.from_position(SUMS, hands=[["AS"], []], to_move=0)


def _cut(rules, seed):
    """A random round cut at a random play."""
    rng = random.Random(seed)
    state = Round.deal(rules, rng.randrange(rules.players), rng)
    for _ in range(rng.randrange(52 - rules.opening_size)):
        state.apply_index(rng.choice(state.hands[state.to_move]))
    return state, rng


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([GREEK, FOURCARD]))
def test_a_position_cut_from_a_real_round_plays_on_exactly_like_it(seed, rules):
    rules = dataclasses.replace(rules, double_kseri_points=None)  # the position does not know the last kseri
    real, rng = _cut(rules, seed)
    copy = Round.from_position(rules, hands=real.hands, pile=real.pile, to_move=real.to_move, dealer=real.dealer,
                               stock=real.deck[real.next_card:], captured=real.captured,
                               last_capturer=real.last_capturer)
    assert (copy.counts, copy.points, copy.stock_count, copy.pile_points) == \
           (real.counts, real.points, real.stock_count, real.pile_points)
    bonus_before = real.bonus[:]
    while not real.is_terminal():
        card = rng.choice(real.hands[real.to_move])
        assert card in copy.hands[copy.to_move]
        assert real.apply(Card.from_index(card)) == copy.apply(Card.from_index(card))
    assert copy.is_terminal() and (copy.counts, copy.points) == (real.counts, real.points)
    assert copy.bonus == [b - before for b, before in zip(real.bonus, bonus_before, strict=True)]
    assert sorted(map(sorted, copy.captured)) == sorted(map(sorted, real.captured))


def test_the_seat_to_move_is_required_to_be_a_seat():
    with pytest.raises(PositionError, match=r"^to_move: None is not a seat \(0..1\)$"):
        Round.from_position(GREEK, hands=[["AS"], []], to_move=None)


def test_a_clone_of_a_position_with_the_stock_left_out_stops_the_same_way():
    state = Round.from_position(GREEK, hands=[["10S"], ["4C"]], pile=["10D"], to_move=0, stock=None)
    copy = state.clone()
    assert isinstance(copy, Round) and copy.open_ended and not Round.deal(GREEK, 0, random.Random(1)).open_ended
    copy.apply("10S")
    copy.apply("4C")
    assert copy.is_terminal() and copy.pile == idxs("4C") and copy.sweep_seat is None
    assert state.hands == [idxs("10S"), idxs("4C")]  # the original is untouched
