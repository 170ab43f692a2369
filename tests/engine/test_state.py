"""Both tables are one kind of round: the RoundState protocol, the shared deal and end, the match."""

from __future__ import annotations

import dataclasses
import random

import pytest

from kseri import GREEK, Card, IllegalMoveError, KseriError, Match, Observation, RoundState, TableError
from kseri.engine.errors import ObservationError, one_line
from kseri.engine.pile.round import Round
from kseri.engine.rules import SUMS
from kseri.engine.sums.round import SumsMove, SumsRound

# The sums profile's deal as a pile table: same packets, opening and stock, no opening redeal.
PILE_LIKE_SUMS = dataclasses.replace(GREEK, opening_redeal="none")


def test_both_tables_satisfy_the_round_protocol():
    assert isinstance(Round.deal(GREEK, 0, random.Random(1)), RoundState)
    assert isinstance(SumsRound.deal(SUMS, 0, random.Random(1)), RoundState)


@pytest.mark.parametrize("dealer", [0, 1])
def test_both_tables_deal_the_same_deck_the_same_way(dealer):
    deck = list(range(52))
    random.Random(dealer).shuffle(deck)
    pile, sums = Round.from_deck(PILE_LIKE_SUMS, dealer, deck), SumsRound.from_deck(SUMS, dealer, deck)
    assert pile.hands == sums.hands and pile.pile == sums.pile and pile.opening == sums.opening
    assert (pile.to_move, pile.first_player, pile.next_card, pile.stock_count, pile.packet) == \
           (sums.to_move, sums.first_player, sums.next_card, sums.stock_count, sums.packet) == \
           ((dealer + 1) % 2, (dealer + 1) % 2, 16, 36, 1)
    # Every later packet comes from the same place in the deck, the seat after the dealer first.
    for packet in range(2, 5):
        for state in (pile, sums):
            while len(state.plays) < (packet - 1) * 12:
                card = state.hands[state.to_move][0]
                if isinstance(state, Round):
                    state.apply_index(card)
                else:
                    state.apply_move(SumsMove(card, "drop"))
        assert pile.hands == sums.hands and pile.to_move == sums.to_move == (dealer + 1) % 2
        assert pile.next_card == sums.next_card and pile.packet == sums.packet == packet


def test_both_tables_end_the_round_alike_the_last_capturer_takes_the_rest():
    rng = random.Random(11)
    for _ in range(20):
        pile, sums = Round.deal(GREEK, 0, rng), SumsRound.deal(SUMS, 1, rng)
        while not pile.is_terminal():
            pile.apply_index(rng.choice(pile.hands[pile.to_move]))
        while not sums.is_terminal():
            sums.apply(rng.choice(sums.legal_moves()))
        for state in (pile, sums):
            assert state.pile == [] or state.last_capturer is None
            assert sum(state.counts) + len(state.pile) == 52
            assert state.sweep_seat in (None, state.last_capturer)


def test_match_play_index_at_the_sums_table_is_a_one_line_table_error():
    match = Match.new(SUMS, rng=random.Random(3))
    card = match.round.hands[match.round.to_move][0]
    with pytest.raises(TableError, match="play_index is the pile tables' fast path") as info:
        match.play_index(card)
    assert isinstance(info.value, KseriError) and isinstance(info.value, IllegalMoveError)
    assert "\n" not in str(info.value) and one_line(info.value) == str(info.value)
    assert match.round.plays == []  # nothing was played
    with pytest.raises(TableError, match="sums table has no pile round"):
        match.pile_round()


def test_match_play_index_still_plays_and_scores_at_a_pile_table():
    rng = random.Random(4)
    match = Match.new(GREEK, rng=rng)
    state = match.pile_round()
    assert state is match.round and match.pile_round(0) is state
    while not state.is_terminal():
        match.play_index(state.hands[state.to_move][0])
    assert len(match.scores) == 1 and sum(match.totals) in range(22, 200)


def test_a_plain_card_at_the_sums_table_lays_it_loose_and_a_sums_move_at_the_pile_is_refused():
    sums = SumsRound.deal(SUMS, 1, random.Random(5))
    card = Card.from_index(sums.hands[0][0])  # nobody owns a build yet, so a loose card is legal
    event = sums.apply(card)
    assert event.kind == "drop" and sums.plays == [card.code] and sums.table[-1].cards == (card.index,)
    pile = Round.deal(GREEK, 1, random.Random(5))
    with pytest.raises(IllegalMoveError, match="a play is one card"):
        pile.apply(SumsMove(pile.hands[0][0], "drop"))


def test_a_build_is_not_a_capture():
    state = SumsRound.from_deck(SUMS, 1, _deck("5S 8S 2S 3S QS KS", "AH 8H 3H 4H 6H 7H", "3C JD QD KD"))
    event = state.apply("5S>3C")
    assert event.kind == "build" and not event.is_capture and event.captured == ()


def test_observation_of_a_sums_round_is_refused_with_an_observation_error():
    match = Match.new(SUMS, rng=random.Random(6))
    with pytest.raises(ObservationError, match="sums table has no bot observation"):
        Observation.from_round(match.round, seat=0)


def _deck(first: str, second: str, opening: str) -> list[int]:
    named = [Card.parse(code).index for part in (first, second, opening) for code in part.split()]
    return named + [c for c in range(52) if c not in named]
