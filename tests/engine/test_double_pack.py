"""The double 104-card pack and five or six seats (docs/rules.md §"Double pack", §"Five and six
players"): each decision, then invariants over random seeded games (hypothesis)."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kseri import FOURCARD, GREEK, Match, Observation, dumps, loads, score_round, summary
from kseri.engine.cards import Card
from kseri.engine.errors import ObservationError, PositionError, RecordError, RulesError
from kseri.engine.pile.round import Round
from kseri.engine.rules import PISTI, Rules, double_pack_opening, rules_from_spec
from kseri.engine.simulate import simulate
from tests.scenario import random_playout

seeds = st.integers(min_value=0, max_value=2**32 - 1)

DOUBLE = {n: rules_from_spec({"profile": "fourcard", "packs": 2, "players": n}) for n in (4, 5, 6)}
"""The four-card game on the double pack at each seating it allows."""
BIG_TABLES = [*DOUBLE.values(), rules_from_spec({"profile": "pisti", "packs": 2, "players": 6}),
              rules_from_spec({"profile": "greek", "packs": 2, "players": 4}),
              rules_from_spec({"profile": "fourcard", "players": 6}),
              rules_from_spec({"profile": "fourcard", "packs": 2, "players": 6, "partnerships": False}),
              rules_from_spec({"profile": "fourcard", "packs": 2, "players": 4, "exposed_bottom": True})]
"""Every new kind of table: the double pack, six seats on one pack, no partnerships, a shown bottom."""

DOUBLE_PACK = sorted(list(range(52)) * 2)


def idx(codes: str) -> list[int]:
    return [Card.parse(c).index for c in codes.split()]


def accounted(state: Round) -> list[int]:
    cards = list(state.pile) + list(state.deck[state.next_card:])
    for seat in range(state.players):
        cards += state.hands[seat] + state.captured[seat]
    return cards


# -- the rules: fields, validation, the opening that deals every card ---------------------------------


def test_existing_profiles_are_unchanged():
    for rules in (GREEK, FOURCARD, PISTI):
        assert (rules.packs, rules.cards, rules.partnerships) == (1, 52, True)
        assert rules.to_spec() == rules.profile  # the new fields print only when changed
    assert rules_from_spec({"profile": "greek", "players": 4}).to_spec() == {"profile": "greek", "players": 4}
    four = rules_from_spec({"profile": "fourcard", "players": 4})
    assert (four.teams, [four.team_of(s) for s in range(4)]) == (2, [0, 1, 0, 1])
    three = rules_from_spec({"profile": "fourcard", "players": 3})
    assert (three.teams, [three.team_of(s) for s in range(3)]) == (3, [0, 1, 2])


@pytest.mark.parametrize(("players", "opening", "packets", "teams"), [(4, 8, 6, 2), (5, 4, 5, 5), (6, 8, 4, 3)])
def test_double_pack_packets_and_opening(players, opening, packets, teams):
    rules = DOUBLE[players]
    assert (rules.cards, rules.packet_size, rules.opening_size, rules.packets, rules.teams) == \
        (104, 4, opening, packets, teams)
    # Every card is dealt, in whole equal packets.
    assert rules.opening_size + rules.packets * players * rules.packet_size == 104
    spec = {"profile": "fourcard", "players": players, "packs": 2}
    assert rules.to_spec() == (spec if opening == 4 else {**spec, "opening_size": opening})  # only changed fields
    assert rules_from_spec(rules.to_spec()) == rules


def test_greek_double_pack_deals_only_four_players():
    rules = rules_from_spec({"profile": "greek", "packs": 2, "players": 4})
    assert (rules.opening_size, rules.packets) == (8, 4)
    for players in (5, 6):
        with pytest.raises(RulesError, match=r"^packet_size 6 with opening_size 4 leaves no valid deal "
                                             r"\(the 104 - 4 = 100 cards"):
            rules_from_spec({"profile": "greek", "packs": 2, "players": players})
    assert double_pack_opening(GREEK, 5, None) is None


def test_an_explicit_opening_is_kept_and_checked():
    rules = rules_from_spec({"profile": "fourcard", "packs": 2, "players": 5, "opening_size": 24})
    assert (rules.opening_size, rules.packets) == (24, 4)
    with pytest.raises(RulesError, match=r"^packet_size 4 with opening_size 4 leaves no valid deal \(the 104 - 4"):
        rules_from_spec({"profile": "fourcard", "packs": 2, "players": 6, "opening_size": 4})
    with pytest.raises(RulesError, match="no valid deal"):
        Rules(profile="fourcard", packet_size=4, packs=2, players=4)  # built directly: no automatic opening


@pytest.mark.parametrize(("spec", "message"), [
    ({"packs": 2}, r"^packs 2 \(the double pack\) is for 4 to 6 players, got players 2$"),
    ({"packs": 2, "players": 3}, r"^packs 2 \(the double pack\) is for 4 to 6 players, got players 3$"),
    ({"packs": 3, "players": 4}, r"^packs must be 1 or 2, got 3$"),
    ({"packs": True, "players": 4}, r"^packs must be 1 or 2, got true$"),
    ({"packs": 2.0, "players": 4}, r"^packs must be 1 or 2, got 2.0$"),
    ({"players": 7}, r"^players must be an integer from 2 to 6, got 7$"),
    ({"players": 1}, r"^players must be an integer from 2 to 6, got 1$"),
    ({"partnerships": 0, "players": 4}, r"^partnerships must be true or false, got 0$"),
    ({"players": 5}, r"^packet_size 4 with opening_size 4 leaves no valid deal \(the 52 - 4 = 48"),
])
def test_bad_seatings_are_refused_in_one_line(spec, message):
    with pytest.raises(RulesError, match=message) as caught:
        rules_from_spec({"profile": "fourcard", **spec})
    assert isinstance(caught.value, ValueError) and "\n" not in str(caught.value)


def test_the_sums_table_keeps_one_pack():
    with pytest.raises(RulesError, match=r"^packs 2: the sums table plays with one pack$"):
        rules_from_spec({"profile": "sums", "packs": 2, "players": 4, "packet_size": 4, "opening_size": 8})


def test_double_pack_opening_thresholds_grow_with_the_jacks():
    # Eight jacks: 'jacks' needs a stock of 16, 'top' 9 cards outside the hands, the bottom 9.
    with pytest.raises(RulesError, match=r"at least 16 to replace opening jacks from"):
        rules_from_spec({"profile": "fourcard", "packs": 2, "players": 4, "packet_size": 23, "opening_size": 12})
    with pytest.raises(RulesError, match=r"leaves 8 cards outside the hands, too few for opening_redeal 'top' "
                                         r"\(at least 9,"):
        rules_from_spec({"profile": "greek", "packs": 2, "players": 4, "packet_size": 24, "opening_size": 8})
    with pytest.raises(RulesError, match=r"exposed_bottom needs a stock of at least 9 cards"):
        rules_from_spec({"profile": "greek", "packs": 2, "players": 4, "packet_size": 24, "opening_size": 8,
                         "opening_redeal": "none", "exposed_bottom": True})


# -- partnerships -----------------------------------------------------------------------------------


def test_six_players_are_three_partnerships_facing_each_other():
    rules = DOUBLE[6]
    assert [rules.team_of(seat) for seat in range(6)] == [0, 1, 2, 0, 1, 2]
    for seat in range(6):
        assert rules.team_of((seat + 1) % 6) != rules.team_of(seat)  # the next seat is an opponent


def test_five_players_and_no_partnerships_play_each_alone():
    assert [DOUBLE[5].team_of(s) for s in range(5)] == [0, 1, 2, 3, 4]
    alone = dataclasses.replace(DOUBLE[6], partnerships=False)
    assert (alone.teams, [alone.team_of(s) for s in range(6)]) == (6, list(range(6)))
    four_alone = rules_from_spec({"profile": "fourcard", "players": 4, "partnerships": False})
    assert four_alone.teams == 4


def test_partners_pool_their_cards_at_six_seats():
    rules = DOUBLE[6]
    state = Round.from_position(rules, hands=[["7H"], ["8S"], ["9S"], ["7D"], ["8C"], ["9C"]], to_move=0,
                                pile=["7H"], stock=None)
    state.apply("7H")  # seat 0 takes the other 7H: a kseri for side 0
    assert (state.kseris[0], state.bonus[0]) == (1, 10)
    for card in ("8S", "9S", "7D", "8C", "9C"):
        state.apply(card)
    state.captured[3].extend(idx("AS AS"))  # seat 3, partner of seat 0
    score = score_round(state)
    assert len(score.sides) == 3
    assert score.sides[0].cards == 4 and score.sides[0].aces == 2 and score.sides[0].kseri == 10


# -- identical cards ---------------------------------------------------------------------------------


def test_a_card_on_its_own_copy_is_a_kseri():
    state = Round.from_position(DOUBLE[4], hands=[["7H", "3C"], ["JC"], ["3S"], ["4S"]], to_move=0,
                                pile=["7H"], stock=None)
    event = state.apply("7H")
    assert event.kind == "kseri" and [c.code for c in event.captured] == ["7H"]
    assert state.hands[0] == idx("3C") and state.captured[0] == idx("7H 7H") and state.bonus[0] == 10


def test_a_jack_on_its_own_copy_is_a_jack_kseri_where_the_profile_has_them():
    pisti = rules_from_spec({"profile": "pisti", "packs": 2, "players": 4})
    state = Round.from_position(pisti, hands=[["JC"], ["3S"], ["4S"], ["5S"]], to_move=0, pile=["JC"], stock=None)
    assert state.apply("JC").kind == "jack_kseri" and state.bonus[0] == 20
    state = Round.from_position(DOUBLE[4], hands=[["JC"], ["3S"], ["4S"], ["5S"]], to_move=0, pile=["JC"],
                                stock=None)
    assert state.apply("JC").kind == "capture" and state.bonus[0] == 0  # fourcard: no jack kseri


def test_every_copy_scores():
    state = Round.from_position(DOUBLE[4], hands=[[], [], [], []], to_move=0,
                                captured=[idx("10D 10D 2C 2C AS AS JH JH"), idx("3S"), [], []])
    side = score_round(state).sides[0]
    assert (side.ten_of_diamonds, side.two_of_clubs, side.aces, side.jacks, side.majority) == (4, 4, 2, 2, 3)
    assert side.total == 15


def test_positions_take_each_card_at_most_twice():
    Round.from_position(DOUBLE[4], hands=[["7H"], ["7H"], [], []], to_move=0)
    with pytest.raises(PositionError, match=r"^7H is given 3 times \(the pack has 2\) \(seat 1's hand and the pile\)$"):
        Round.from_position(DOUBLE[4], hands=[["7H"], ["7H"], [], []], pile=["7H"], to_move=0)
    with pytest.raises(PositionError, match=r"^7H is given twice"):
        Round.from_position(GREEK, hands=[["7H"], ["7H"]], to_move=0)


def test_a_deck_must_hold_every_card_twice():
    rules = DOUBLE[5]
    deck = list(Round.deal(rules, 0, random.Random(1)).deck)
    assert sorted(deck) == DOUBLE_PACK
    Round.from_deck(rules, 0, deck)
    bad = deck[:]
    bad[-1] = next(c for c in range(52) if c != deck[-1] and Card.from_index(c).rank != 11)
    extra, lost = Card.from_index(bad[-1]).code, Card.from_index(deck[-1]).code
    with pytest.raises(RecordError, match=rf"^deck is not the 104-card double pack \(every card twice\): "
                                          rf"{extra} three times, {lost} only once$"):
        Round.from_deck(rules, 0, bad)
    with pytest.raises(RecordError, match="double pack"):
        Round.from_deck(rules, 0, deck[:52])  # one pack is not enough


# -- the deal, the dealer's rotation and seeded runs ----------------------------------------------------


@pytest.mark.parametrize("players", [4, 5, 6])
def test_the_deal_gives_every_seat_a_packet_and_the_opening_has_no_jack(players):
    rules = DOUBLE[players]
    for seed in range(20):
        state = Round.deal(rules, seed % players, random.Random(seed))
        assert [len(h) for h in state.hands] == [4] * players
        assert len(state.pile) == rules.opening_size and all(Card.from_index(c).rank != 11 for c in state.pile)
        assert state.stock_count == 104 - rules.opening_size - 4 * players
        assert state.to_move == (seed % players + 1) % players


def test_the_deal_passes_to_the_next_seat_each_round():
    match = Match.new(DOUBLE[5], rng=random.Random(4), first_dealer=3)
    assert [match.dealer_of(r) for r in range(7)] == [3, 4, 0, 1, 2, 3, 4]


def test_seeded_deals_and_simulations_are_reproducible():
    for rules in BIG_TABLES:
        assert Round.deal(rules, 1, random.Random(9)).deck == Round.deal(rules, 1, random.Random(9)).deck
    a = simulate(DOUBLE[6], games=3, seed=5)
    assert a == simulate(DOUBLE[6], games=3, seed=5)
    assert len(a["wins"]) == 3 and sum(a["wins"]) == 3
    assert len(simulate(DOUBLE[5], games=2, seed=1)["wins"]) == 5


def test_the_fast_shuffle_matches_random_shuffle_for_104_cards():
    from kseri.engine.state import shuffle
    mine, theirs = list(range(52)) * 2, list(range(52)) * 2
    a, b = random.Random(12), random.Random(12)
    shuffle(mine, a)
    b.shuffle(theirs)
    assert mine == theirs and a.random() == b.random()


# -- observations of the double pack -----------------------------------------------------------------


def test_unseen_cards_count_the_other_copy():
    rules = DOUBLE[4]
    state = Round.deal(rules, 0, random.Random(3))
    obs = Observation.from_round(state, seat=1)
    unseen = Counter(obs.unseen())
    shown = Counter([*obs.hand, *obs.opening])
    assert sum(unseen.values()) == 104 - 4 - 8
    for card in range(52):
        assert unseen[card] + shown[card] == 2
    assert obs.stock == 104 - 8 - 16
    assert Observation.from_json(json.loads(json.dumps(obs.to_json()))) == obs


def test_observations_refuse_a_third_copy():
    rules = DOUBLE[4]
    state = Round.deal(rules, 0, random.Random(3))
    data = Observation.from_round(state, seat=1).to_json()
    data["hand"] = [data["opening"][0]] * 2 + data["hand"][2:]
    with pytest.raises(ObservationError, match=r"appears more than 2 times"):
        Observation.from_json(data)


# -- invariants over random games (hypothesis) --------------------------------------------------------


def base_points(rules: Rules) -> int:
    """What the cards and the majority are worth in one round (docs/rules.md §"Double pack")."""
    cards = rules.packs * (4 * sum(rules.rank_points) + rules.ten_of_diamonds_points + rules.two_of_clubs_points)
    return cards + rules.majority_points


@settings(max_examples=40, deadline=None)
@given(seeds, st.sampled_from(BIG_TABLES))
def test_every_card_is_accounted_for_at_every_step(seed, rules):
    rng = random.Random(seed)
    state = Round.deal(rules, rng.randrange(rules.players), rng)
    pack = sorted(list(range(52)) * rules.packs)
    while True:
        assert sorted(accounted(state)) == pack
        assert sum(map(len, state.hands)) + len(state.pile) + sum(state.counts) + state.stock_count == rules.cards
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_moves()))
    assert sum(state.counts) == rules.cards - len(state.pile)


@settings(max_examples=40, deadline=None)
@given(seeds, st.sampled_from(BIG_TABLES))
def test_base_points_per_round_are_as_documented(seed, rules):
    assert base_points(DOUBLE[4]) == 27 and base_points(BIG_TABLES[3]) == 29 and base_points(BIG_TABLES[4]) == 47
    rng = random.Random(seed)
    state = random_playout(Round.deal(rules, 0, rng), rng)
    score = score_round(state)
    base = sum(side.total - side.kseri for side in score.sides)
    cards = list(score.cards)
    shared = cards.count(max(cards)) > 1
    assert base == base_points(rules) - (rules.majority_points if shared else 0)
    assert sum(cards) == rules.cards and len(score.sides) == rules.teams


@settings(max_examples=15, deadline=None)
@given(seeds, st.sampled_from(BIG_TABLES))
def test_records_round_trip(seed, rules):
    rng = random.Random(seed)
    match = Match.new(rules, rng=rng)
    while len(match.scores) < 2 and not match.is_over:
        if match.round.is_terminal():
            match.next_round()
        hand = match.round.hands[match.round.to_move]
        match.play_index(hand[int(rng.random() * len(hand))])
    if not match.is_over:
        match.next_round()
        match.play(match.round.legal_moves()[0])  # the last round unfinished: a saved game
    text = dumps(match)
    again = loads(text)
    assert dumps(again) == text
    assert summary(again) == summary(match)
    assert [r.deck for r in again.rounds] == [r.deck for r in match.rounds]
    assert all(len(entry["deck"]) == rules.cards for entry in json.loads(text)["rounds"])


@settings(max_examples=15, deadline=None)
@given(seeds, st.sampled_from(BIG_TABLES))
def test_sampled_rounds_keep_the_seen_cards_and_deal_the_right_multiset(seed, rules):
    rng = random.Random(seed)
    state = Round.deal(rules, rng.randrange(rules.players), rng)
    for _ in range(rng.randrange(rules.cards - rules.opening_size)):
        state.apply_index(rng.choice(state.hands[state.to_move]))
    if state.is_terminal():
        return
    seat = state.to_move
    obs = Observation.from_round(state, seat=seat)
    sampled = obs.sample_round(rng)
    assert sampled.hands[seat] == state.hands[seat] and sampled.pile == state.pile
    assert [len(h) for h in sampled.hands] == [len(h) for h in state.hands]
    assert sorted(sampled.deck) == sorted(list(range(52)) * rules.packs)
    assert sorted(accounted(sampled)) == sorted(accounted(state))
